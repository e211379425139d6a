"""Accessibility in a real browser (marker ``browser``): axe-core on every page, and a
screenshot of every page in both languages on the same tour.

axe-core is the accessibility engine browsers' developer tools use; ``.ci/run`` installs it
from npm into ``.ci/node``. Every page, in Spanish and in English, on a laptop and on a
phone, must have no WCAG 2.1 A or AA violation.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.app.conftest import REPO
from tute_tutor.words.catalog import t

pytestmark = pytest.mark.browser

AXE = REPO / ".ci" / "node" / "node_modules" / "axe-core" / "axe.min.js"
PAGES = ("home", "lessons", "quiz", "practice", "teacher", "try_it", "progress", "rules")
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
RUN_AXE = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: "tag", values: tags}});
  return result.violations.map((rule) => ({
    id: rule.id,
    nodes: rule.nodes.map((node) => node.html.slice(0, 160) + " " +
                          node.failureSummary.split("\\n").slice(1, 2).join(" ")),
  }));
}"""


def _axe_script() -> str:
    if not AXE.exists():
        pytest.fail(f"axe-core is missing at {AXE}: run `npm install --prefix .ci/node "
                    "axe-core` (bash .ci/run does)")
    return AXE.read_text(encoding="utf-8")


def violations(page: Any) -> list[str]:
    """Every WCAG 2.1 A/AA violation axe-core finds on the page, one line each."""
    page.add_script_tag(content=_axe_script())
    found = page.evaluate(RUN_AXE, WCAG_AA)
    return [f"{rule['id']}: {node}" for rule in found for node in rule["nodes"]]


def _open(page: Any, url: str, wait_until_drawn: Callable[[Any], None]) -> None:
    page.goto(url)
    wait_until_drawn(page)  # late parts (charts, components) draw after the run


@pytest.mark.parametrize("lang", ["es", "en"])
def test_no_page_has_an_accessibility_violation(
    page: Any,
    app_url: str,
    lang: str,
    wait_until_drawn: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    # the same tour keeps a picture of every page, and each page must open whole: its
    # name in the menu, no exception shown
    found = {}
    for name in PAGES:
        path = "" if name == "home" else name
        _open(page, f"{app_url}/{path}?lang={lang}", wait_until_drawn)
        nav = page.locator("[data-testid='stSidebarNav']")
        nav.get_by_text(t(f"nav.{name}", lang), exact=True).wait_for()
        assert page.locator("[data-testid='stException']").count() == 0, name
        assert screenshot(page, f"page-{name}-{lang}").stat().st_size > 10_000, name
        problems = violations(page)
        if problems:
            screenshot(page, f"axe-{name}-{lang}")
            found[name] = problems
    assert found == {}


def test_an_open_lesson_and_a_quiz_answer_on_a_phone_have_no_violation(
    chromium: Any,
    app_url: str,
    wait_until_drawn: Callable[[Any], None],
) -> None:
    context = chromium.new_context(viewport={"width": 390, "height": 844}, locale="es-ES")
    page = context.new_page()
    try:
        from tute_tutor.teach.lessons import LESSONS_DIR, load_lessons

        lessons, _ = load_lessons(LESSONS_DIR)
        _open(page, f"{app_url}/lessons?lesson={lessons[1].id}", wait_until_drawn)
        assert violations(page) == []
        _open(page, f"{app_url}/quiz?kinds=trick_winner", wait_until_drawn)
        page.locator("button.tt-pick").first.click()
        wait_until_drawn(page)
        assert violations(page) == []
    finally:
        context.close()
