"""Real-browser tests of the lesson path (marker ``browser``), on a laptop and a phone.

A lesson's closing questions count only once every one is answered right (clicked in
Chromium as a learner would); a lesson with a drill then waits for a star in it (the path
keeps it up next, with a link to its drill: tests/app/test_browser_drills.py earns one),
and "next lesson" opens the next lesson at its top.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.app.conftest import VIEWPORTS, app_drawn, until
from tute_tutor.coach.drills import SKILLS
from tute_tutor.teach.lessons import LESSONS_DIR, LessonQuestion, load_lessons
from tute_tutor.words.catalog import t, t_count

pytestmark = pytest.mark.browser

LESSONS, _ = load_lessons(LESSONS_DIR)
SCROLLED = """() => Math.max(window.scrollY, ...[...document.querySelectorAll(
  "[data-testid='stMain'], [data-testid='stAppViewContainer']")].map((e) => e.scrollTop))"""


def _answer(page: Any, box: Any, question: LessonQuestion, *, right: bool,
            wait_for_app: Callable[[Any], None]) -> None:
    """Click an answer to ``question`` in its box, then "Check"."""
    if question.kind == "legal":
        assert question.scenario is not None
        legal = {str(c) for c in question.scenario.analyse().legal}
        for card in question.scenario.hand:
            if (str(card) in legal) == right:
                box.locator(f"button.tt-pick[data-card='{card}']").click()
                wait_for_app(page)
    else:
        options = question.options["es"]
        wanted = list(question.answer) if right else [
            next(i for i in range(len(options)) if i not in question.answer)]
        for index in wanted:
            box.get_by_text(options[index], exact=True).click()
            wait_for_app(page)
    box.get_by_role("button", name=t("lessons_page.check", "es")).click()
    wait_for_app(page)


def test_a_lessons_questions_count_when_all_are_right_and_its_drill_waits_for_a_star(
    sized_page: Any,
    app_url: str,
    wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    page = sized_page  # a browser of its own: a learner who has done no lesson yet
    lesson = LESSONS[0]
    page.goto(f"{app_url}/lessons")
    wait_for_app(page)
    first = page.locator(f".st-key-lesson_path_{lesson.id}")
    first.get_by_text(t("lessons_page.status.next", "es")).wait_for()
    first.get_by_role("button", name=t("lessons_page.start", "es")).click()
    page.get_by_role("heading", name=lesson.title["es"]).wait_for()
    wait_for_app(page)
    assert not page.get_by_role("button", name="Marcar").count()  # no "mark as done"
    wrong_one = next(i for i, q in enumerate(lesson.questions) if q.kind == "choice")
    for index, question in enumerate(lesson.questions):
        box = page.locator(f".st-key-lesson_{lesson.id}_q{index}_box")
        _answer(page, box, question, right=index != wrong_one, wait_for_app=wait_for_app)
        verdict = (t("lessons_page.correct", "es") if index != wrong_one
                   else t("lessons_page.wrong_try_again", "es"))
        box.get_by_text(verdict).wait_for()
    # Every verdict is still on the page after the later answers.
    for index in range(len(lesson.questions)):
        box = page.locator(f".st-key-lesson_{lesson.id}_q{index}_box")
        verdict = (t("lessons_page.correct", "es") if index != wrong_one
                   else t("lessons_page.wrong_try_again", "es"))
        assert box.get_by_text(verdict).is_visible()
    assert not page.get_by_text(t("lessons_page.earned", "es")).count()
    asked = len(lesson.questions)
    page.get_by_text(t_count("lessons_page.right_so_far", asked, "es", right=asked - 1,
                             total=asked)).wait_for()
    # The wrong one changed to the right answer: its verdict follows, the lesson is earned.
    box = page.locator(f".st-key-lesson_{lesson.id}_q{wrong_one}_box")
    question = lesson.questions[wrong_one]
    box.get_by_text(question.options["es"][question.answer[0]], exact=True).click()
    box.get_by_text(t("lessons_page.correct", "es")).wait_for()
    # The first lesson has a drill: its questions are right, a star in the drill is left.
    assert lesson.id in SKILLS
    page.get_by_text(t("lessons_page.drill_needed", "es")).wait_for()
    assert not page.get_by_text(t("lessons_page.earned", "es")).count()
    wait_for_app(page)
    screenshot(page, f"lesson-earned-{page.viewport_name}")
    page.get_by_role("button", name=t("lessons_page.back", "es")).click()
    wait_for_app(page)
    path_box = page.locator(f".st-key-lesson_path_{lesson.id}")
    path_box.get_by_text(t("lessons_page.status.next", "es")).wait_for()
    path_box.get_by_role("link", name=t("lessons_page.drill_link", "es", stars="☆☆☆",
                                         count=0)).wait_for()
    screenshot(page, f"lesson-path-{page.viewport_name}")


def test_next_lesson_opens_at_its_top(
    sized_page: Any,
    app_url: str,
    wait_for_app: Callable[[Any], None],
) -> None:
    page = sized_page
    page.goto(f"{app_url}/lessons?lesson={LESSONS[0].id}")
    page.get_by_role("heading", name=LESSONS[0].title["es"]).wait_for()
    wait_for_app(page)
    following = page.get_by_role("button", name=t("lessons_page.next_lesson", "es",
                                                  title=LESSONS[1].title["es"]))
    following.scroll_into_view_if_needed()
    assert page.evaluate(SCROLLED) > 500  # the button sits at the bottom of a long page
    following.click()
    page.get_by_role("heading", name=LESSONS[1].title["es"]).wait_for()
    wait_for_app(page)
    until(page, lambda: page.evaluate(SCROLLED) < 50, "the next lesson did not open at its top")
    assert page.get_by_role("heading", name=LESSONS[1].title["es"]).is_visible()


def test_on_a_phone_a_lesson_question_and_its_verdict_each_fit_one_screen(
    chromium: Any,
    app_url: str,
    wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    lesson, index = next((lesson, i) for lesson in LESSONS
                         for i, q in enumerate(lesson.questions) if q.kind == "legal")
    question = lesson.questions[index]
    assert question.scenario is not None
    phone = VIEWPORTS["phone"]
    context = chromium.new_context(viewport=phone, locale="es-ES", is_mobile=True,
                                   has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"{app_url}/lessons?lesson={lesson.id}&lang=es")
        wait_for_app(page)
        box = page.locator(f".st-key-lesson_{lesson.id}_q{index}_box")
        box.locator("button.tt-pick").first.wait_for()
        box.scroll_into_view_if_needed()
        app_drawn(page)  # the drawn cards take their phone size
        header = 60  # Streamlit's bar at the top of the screen
        asked = box.bounding_box()
        # the prompt, the table, the hand and "check" together: one screen
        assert asked is not None and asked["height"] <= phone["height"] - header, asked
        legal = {str(c) for c in question.scenario.analyse().legal}
        for card in question.scenario.hand:
            if str(card) in legal:
                box.locator(f"button.tt-pick[data-card='{card}']").tap()
                wait_for_app(page)
        box.get_by_role("button", name=t("lessons_page.check", "es")).tap()
        verdict = box.get_by_text(t("lessons_page.correct", "es"))
        verdict.wait_for()
        wait_for_app(page)
        why = box.get_by_text(question.explanation["es"])
        why.first.scroll_into_view_if_needed()
        top, bottom = verdict.bounding_box(), why.first.bounding_box()
        # the verdict and the explanation together: one screen
        assert top is not None and bottom is not None
        assert bottom["y"] + bottom["height"] - top["y"] <= phone["height"] - header, \
            (top, bottom)
        screenshot(page, "lesson-question-phone-answered")
    finally:
        context.close()
