"""Each browser is its own learner, in a real Chromium (marker ``browser``).

Two browser contexts are two browsers: each gets its own learner cookie, sees only its
own progress, erases only its own; a reload or a new tab keeps the learner; no URL
parameter switches to another learner; a carry code brings progress across on purpose.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.app.conftest import until
from tests.app.learners import profile_of
from tute_tutor.store import open_store
from tute_tutor.ui.profile import COOKIE
from tute_tutor.words.catalog import t

pytestmark = pytest.mark.browser
NO_HISTORY = t("progress.no_history", "es")


@pytest.fixture
def browsers(chromium: Any) -> Iterator[Callable[[], Any]]:
    """``new()`` opens a page in a browser context of its own (a browser of its own)."""
    contexts: list[Any] = []

    def new() -> Any:
        context = chromium.new_context(viewport={"width": 1280, "height": 900},
                                       locale="es-ES")
        contexts.append(context)
        return context.new_page()

    yield new
    for context in contexts:
        context.close()


def _learner_cookie(page: Any) -> str:
    """The learner token the app wrote into this browser (waits for it)."""
    found = until(page, lambda: [str(c["value"]) for c in page.context.cookies()
                                 if c["name"] == COOKIE], "the app never wrote the learner cookie")
    return found[0]


def _open_progress(page: Any, url: str, wait: Callable[[Any], None], query: str = "") -> None:
    page.goto(f"{url}/progress{query}")
    wait(page)
    page.get_by_role("heading", name=t("progress.title", "es")).wait_for()
    wait(page)


def _answers_shown(page: Any) -> str | None:
    """The 'answers' figure on the progress page, or None when it says there is none."""
    if page.get_by_text(NO_HISTORY).count():
        return None
    metric = page.locator("[data-testid='stMetric']").filter(
        has_text=t("progress.answers", "es")).locator("[data-testid='stMetricValue']")
    return str(metric.first.inner_text()).strip()


def _shows_answers(page: Any, expected: str) -> bool:
    """Wait for the page to show ``expected`` answers (fails if it never does).

    Right after a rerun the elements of the run before may still be on the page."""
    until(page, lambda: _answers_shown(page) == expected,
          f"the page never showed {expected} answers")
    return True


def _seed(db: str, token: str, answers: int) -> None:
    store = open_store(db)
    for n in range(answers):
        store.record_answer(profile_of(token), kind="legal", rule="montar", correct=n % 2 == 0)
    store.close()


def test_two_browsers_are_two_learners_and_neither_sees_or_erases_the_other(
    browsers: Callable[[], Any],
    app_url: str,
    app_db: str,
    wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    db = app_db
    ana, luis = browsers(), browsers()
    _open_progress(ana, app_url, wait_for_app)
    _open_progress(luis, app_url, wait_for_app)
    ana_token, luis_token = _learner_cookie(ana), _learner_cookie(luis)
    assert ana_token != luis_token
    _seed(db, ana_token, 3)
    _seed(db, luis_token, 5)

    # A reload is the same learner (the session is new, the cookie is not).
    _open_progress(ana, app_url, wait_for_app)
    _open_progress(luis, app_url, wait_for_app)
    assert _shows_answers(ana, "3") and _shows_answers(luis, "5")
    screenshot(ana, "learners-ana-progress")

    # A new tab of the same browser is the same learner too.
    tab = ana.context.new_page()
    _open_progress(tab, app_url, wait_for_app)
    assert _learner_cookie(tab) == ana_token and _answers_shown(tab) == "3"
    tab.close()

    # No URL parameter opens someone else's progress.
    for query in ("?profile=default", f"?learner={ana_token}", f"?token={ana_token}",
                  f"?{COOKIE}={ana_token}", f"?carry={ana_token}"):
        _open_progress(luis, app_url, wait_for_app, query)
        assert _answers_shown(luis) == "5", query
        assert "profile=" not in luis.url

    # Luis erases his progress; Ana's stays.
    _open_progress(luis, app_url, wait_for_app)
    luis.get_by_role("button", name=t("progress.reset", "es")).click()
    luis.get_by_role("button", name=t("progress.reset_confirm", "es")).click()
    luis.get_by_text(t("progress.reset_done", "es")).wait_for()
    wait_for_app(luis)
    assert _answers_shown(luis) is None
    _open_progress(ana, app_url, wait_for_app)
    assert _answers_shown(ana) == "3"
    assert _learner_cookie(ana) == ana_token and _learner_cookie(luis) == luis_token


def test_a_carry_link_brings_progress_to_another_browser_only_when_accepted(
    browsers: Callable[[], Any],
    app_url: str,
    app_db: str,
    wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    laptop, phone = browsers(), browsers()
    _open_progress(laptop, app_url, wait_for_app)
    _seed(app_db, _learner_cookie(laptop), 4)
    _open_progress(laptop, app_url, wait_for_app)
    laptop.get_by_role("button", name=t("profile.carry_make", "es")).click()
    code_box = laptop.locator("[data-testid='stCode']")
    code_box.nth(1).wait_for()
    link = str(code_box.nth(1).inner_text()).strip()
    assert "/progress?carry=" in link
    screenshot(laptop, "learners-carry-code")

    _open_progress(phone, app_url, wait_for_app)
    assert _answers_shown(phone) is None
    phone.goto(link)
    wait_for_app(phone)
    phone.get_by_role("button", name=t("profile.carry_link_no", "es")).click()
    wait_for_app(phone)
    assert _answers_shown(phone) is None, "nothing changes until the learner accepts"
    phone.goto(link)
    wait_for_app(phone)
    phone.get_by_role("button", name=t("profile.carry_link_yes", "es")).click()
    phone.get_by_text(t("profile.carry_done", "es")).wait_for()
    wait_for_app(phone)
    assert _shows_answers(phone, "4")
    _open_progress(phone, app_url, wait_for_app)  # and after a reload
    assert _answers_shown(phone) == "4"
