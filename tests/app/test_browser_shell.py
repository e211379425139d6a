"""Real-browser tests of the app shell (marker ``browser``): Chromium against streamlit run.

Open the app, switch the language, open a lesson and pick a drawn card by clicking it,
and save a screenshot of every page under test-artifacts/screenshots/.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tute_tutor.teach.lessons import LESSONS_DIR, load_lessons
from tute_tutor.words.catalog import t
from tute_tutor.words.explain import explain

pytestmark = pytest.mark.browser

PAGES = ("home", "lessons", "quiz", "practice", "teacher", "try_it", "progress", "rules")


def _nav_text(page: Any) -> str:
    nav = page.locator("[data-testid='stSidebarNav']")
    nav.wait_for()
    return str(nav.inner_text())


def test_app_opens_in_spanish_and_switches_to_english(
    page: Any,
    app_url: str,
    wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    page.goto(app_url)
    wait_for_app(page)
    page.get_by_text(t("home.title", "es")).wait_for()
    assert t("nav.lessons", "es") in _nav_text(page)
    page.locator("[data-testid='stSidebar']").get_by_text("English", exact=True).click()
    page.get_by_text(t("home.title", "en")).wait_for()
    wait_for_app(page)
    assert t("nav.lessons", "en") in _nav_text(page)
    assert "lang=en" in page.url
    screenshot(page, "shell-switched-to-english")
    # The language stays when another page opens from the menu.
    page.locator("[data-testid='stSidebarNav']").get_by_text(t("nav.rules", "en")).click()
    page.get_by_role("heading", name=t("rules.title", "en")).wait_for()
    assert "lang=en" in page.url


def test_a_deep_link_opened_first_on_a_fresh_server_gets_the_whole_app(
    page: Any,
    fresh_app_url: str,
    wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    # Streamlit runs a page file on its own until the entry point has run once; the
    # shell reruns through streamlit_app.py so the sidebar and the names are there.
    lessons, _ = load_lessons(LESSONS_DIR)
    lesson = lessons[0]
    page.goto(f"{fresh_app_url}/lessons?lang=en&lesson={lesson.id}")
    page.get_by_role("heading", name=lesson.title["en"]).wait_for()
    wait_for_app(page)
    sidebar = page.locator("[data-testid='stSidebar']")
    sidebar.get_by_text(t("settings.title", "en"), exact=True).wait_for()
    assert t("nav.lessons", "en") in _nav_text(page)
    assert "streamlit app" not in _nav_text(page)
    screenshot(page, "deep-link-fresh-server")


def _lesson_with_a_refused_card() -> tuple[Any, Any, int]:
    """A lesson, a scenario block of it that refuses a card, and the block's position
    among the lesson's scenario blocks (the n-th drawn hand on the page)."""
    lessons, _ = load_lessons(LESSONS_DIR)
    for lesson in lessons:
        scenarios = [block for block in lesson.blocks if block.scenario is not None]
        for position, block in enumerate(scenarios):
            scenario = block.scenario
            if scenario.trick and block.ask == "one" and \
                    len(scenario.analyse().legal) < len(scenario.hand):
                return lesson, block, position
    raise AssertionError("no lesson scenario refuses a card")


def test_open_a_lesson_and_pick_a_card_by_clicking_it(
    page: Any,
    app_url: str,
    wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    lesson, block, position = _lesson_with_a_refused_card()
    scenario = block.scenario
    analysis = scenario.analyse()
    refused = next(card for card in scenario.hand if not analysis.is_legal(card))
    page.goto(f"{app_url}/lessons?lang=es")
    wait_for_app(page)
    page.locator(f".st-key-lesson_open_{lesson.id} button").click()
    page.get_by_role("heading", name=lesson.title["es"]).wait_for()
    wait_for_app(page)
    assert f"lesson={lesson.id}" in page.url
    # Each scenario block draws one clickable hand, in the order of the lesson.
    card = page.locator(".tt-hand").nth(position).locator(f"button[data-card='{refused}']")
    card.scroll_into_view_if_needed()
    explanation = explain(analysis, "es")
    assert page.get_by_text(explanation).count() == 0  # the answer waits for the pick
    card.click()
    page.get_by_text(explanation).first.wait_for()
    wait_for_app(page)
    page.get_by_text(refused.name_with_article("es"), exact=False).first.wait_for()
    page.get_by_text(explanation).first.scroll_into_view_if_needed()
    screenshot(page, "lesson-card-picked")


def test_a_worse_legal_card_is_refused_in_a_best_scenario(
    page: Any,
    app_url: str,
    wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    lessons, _ = load_lessons(LESSONS_DIR)
    lesson, block, position = next(
        (lesson, block, position) for lesson in lessons
        for position, block in enumerate(b for b in lesson.blocks if b.scenario is not None)
        if block.ask == "best")
    best = block.expected()
    worse = next(card for card in block.scenario.analyse().legal if card not in best)
    page.goto(f"{app_url}/lessons?lang=es&lesson={lesson.id}")
    wait_for_app(page)
    assert page.get_by_text(block.explanation["es"]).count() == 0  # waits for the pick
    card = page.locator(".tt-hand").nth(position).locator(f"button[data-card='{worse}']")
    card.scroll_into_view_if_needed()
    card.click()
    page.get_by_text(block.explanation["es"]).first.wait_for()
    wait_for_app(page)
    assert page.get_by_text("No es la mejor carta aquí", exact=False).count() >= 1
    page.get_by_text(block.judgement("es")[0], exact=False).first.wait_for()
    page.get_by_text(block.explanation["es"]).first.scroll_into_view_if_needed()
    screenshot(page, "lesson-best-card-worse-pick")
