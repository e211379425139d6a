"""Real-browser journeys along the lesson path's own tools (marker ``browser``): the
placement test in Spanish, a mixed review and the quiz's spaced repetition in English.

A newcomer takes the placement test and answers every question right but one; the
answers come from the engine, never from the test: the test is drawn again by
:func:`tute_tutor.teach.placement.placement_test` from the seed the page drew (it names
the test's box, ``placement_seed_N``). Every lesson it earned is then done on the path,
the one answered wrong is not. A learner with two lessons done (seeded through the store,
as the progress test seeds its learner) answers a mixed review sitting right, item by
item as the engine grades it, sees the score and finds the sitting in the saved review
history; the path's link to the quiz's spaced repetition, which counts the rules due,
opens the quiz.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.app.conftest import until
from tests.app.learners import profile_of
from tute_tutor.quiz.question import Answering
from tute_tutor.quiz.srs import replay_history
from tute_tutor.store import drills, open_store
from tute_tutor.teach.lessons import LESSONS_DIR, Block, Lesson, load_lessons
from tute_tutor.teach.placement import PlacementQuestion, lessons_earned, placement_test
from tute_tutor.teach.review import SITTING, due_count, read_history
from tute_tutor.ui.lessons import PLACEMENT_SEED, REVIEW_STATE_KEY
from tute_tutor.ui.profile import COOKIE
from tute_tutor.words.catalog import t, t_count
from tute_tutor.words.explain import join_names

pytestmark = pytest.mark.browser

LESSONS, _ = load_lessons(LESSONS_DIR)
BY_ID = {lesson.id: lesson for lesson in LESSONS}
IDS = tuple(BY_ID)
WRONG = "puntos"
"""The lesson whose placement question the newcomer answers wrong."""
STUDIED = ("asistir-montar", "fallar")
"""The lessons done before the review: between them every kind of review item (blocks
asking for one, all and the best card; choice and legal-card questions)."""
ITEM = re.compile(r"^st-key-(review\d+_([a-z0-9-]+)_([qb])(\d+))_")
"""A review item's widget key in a class name: ``review1_fallar_b2_hand...``."""


def _click(page: Any, target: Any, wait_for_app: Callable[[Any], None]) -> None:
    target.click()
    wait_for_app(page)


def _check(page: Any, box: Any, lang: str, wait_for_app: Callable[[Any], None]) -> None:
    _click(page, box.get_by_role("button", name=t("lessons_page.check", lang), exact=True),
           wait_for_app)


def _choose(page: Any, box: Any, label: str, wait_for_app: Callable[[Any], None]) -> None:
    """Click the radio option or check box called ``label`` in ``box``."""
    option = box.locator("label").filter(has_text=re.compile(f"^{re.escape(label)}$"))
    _click(page, option.first, wait_for_app)


def _mark(page: Any, box: Any, codes: list[str], wait_for_app: Callable[[Any], None]) -> None:
    """Mark the drawn cards ``codes`` in ``box``, each shown pressed before the next."""
    for code in codes:
        box.locator(f"button.tt-pick[data-card='{code}']").click()
        box.locator(f"button.tt-pick[data-card='{code}'][aria-pressed='true']").wait_for()
        wait_for_app(page)


# --------------------------------------------------------------------------- placement
def _answer_placement(page: Any, index: int, item: PlacementQuestion, chosen: list[str],
                      wait_for_app: Callable[[Any], None]) -> None:
    question = item.question
    box = page.locator(f".st-key-placement_q{index}")
    box.scroll_into_view_if_needed()
    answering = question.display.answering
    if answering is Answering.CLICK_CARD:
        _click(page, box.locator(f"button.tt-pick[data-card='{chosen[0]}']"), wait_for_app)
        return
    if answering is Answering.MARK_CARDS:
        _mark(page, box, chosen, wait_for_app)
    else:
        _choose(page, box, question.label_of(chosen[0]), wait_for_app)
    _check(page, box, "es", wait_for_app)


def test_a_newcomer_placed_by_the_test_finds_its_lessons_done_on_the_path(
        page: Any, app_url: str, wait_for_app: Callable[[Any], None],
        screenshot: Callable[[Any, str], Path]) -> None:
    lang = "es"
    page.goto(f"{app_url}/lessons?lang={lang}")
    wait_for_app(page)
    _click(page, page.get_by_role("button", name=t("lessons_page.path.placement_start", lang)),
           wait_for_app)
    page.get_by_role("heading", name=t("lessons_page.placement.title", lang)).wait_for()
    named = page.locator(f"[class*='st-key-{PLACEMENT_SEED}_']").first
    named.wait_for()
    seed = int(re.findall(rf"st-key-{PLACEMENT_SEED}_(\d+)",
                          named.get_attribute("class") or "")[0])
    test = placement_test(seed, lang, IDS)  # drawn again, by the page's own seed
    answers: dict[int, list[str]] = {}
    for index, item in enumerate(test):
        question = item.question
        if item.skill.lesson == WRONG:
            chosen = [next(o for o in question.options if o not in question.answer)]
            verdict = t("lessons_page.placement.wrong", lang, right=", ".join(
                question.label_of(value) for value in question.answer))
        else:
            chosen = list(question.answer)
            verdict = t("lessons_page.placement.right", lang)
        _answer_placement(page, index, item, chosen, wait_for_app)
        answers[index] = chosen
        page.locator(f".st-key-placement_q{index}").get_by_text(verdict, exact=True).wait_for()
    earned = lessons_earned(test, answers)
    assert earned and WRONG not in earned
    assert set(earned) | {WRONG} == {item.skill.lesson for item in test}
    page.get_by_text(t("lessons_page.placement.marked", lang, lessons=", ".join(
        BY_ID[lesson].title[lang] for lesson in earned))).wait_for()
    page.get_by_text(t_count("lessons_page.placement.answered", len(test), lang,
                             answered=len(test), total=len(test))).wait_for()
    wait_for_app(page)
    screenshot(page, "path-placement-done")
    _click(page, page.get_by_role("button", name=t("lessons_page.back", lang)), wait_for_app)
    page.get_by_role("heading", name=t("lessons_page.title", lang)).wait_for()
    for lesson in earned:
        page.locator(f".st-key-lesson_path_{lesson}").get_by_text(
            t("lessons_page.status.done", lang)).wait_for()
    # The lesson answered wrong is the first one left: up next, not done.
    wrong = page.locator(f".st-key-lesson_path_{WRONG}")
    wrong.get_by_text(t("lessons_page.status.next", lang)).wait_for()
    assert not wrong.get_by_text(t("lessons_page.status.done", lang)).count()
    page.get_by_text(t_count("lessons_page.done_count", len(LESSONS), lang,
                             done=len(earned), total=len(LESSONS))).wait_for()
    screenshot(page, "path-after-placement")


# --------------------------------------------------------------------------- review
def _seed(db: str, token: str, now: datetime) -> int:
    """The lessons of :data:`STUDIED` done (questions and a drill star) and two quiz
    rules answered, one of them due now; the number of rules due."""
    store = open_store(db)
    me = profile_of(token)
    for lesson in STUDIED:
        store.record_lesson(me, lesson, at=now)
        drills.record_sitting(store, me, lesson, right=6, asked=6, stars=3, at=now)
    store.record_answer(me, kind="legal", rule="montar", correct=False,
                        at=now - timedelta(hours=1))
    store.record_answer(me, kind="legal", rule="fallar", correct=True, at=now)
    due = due_count(replay_history(store.answers(me)), now.replace(tzinfo=None))
    store.close()
    return due


def _review_keys(page: Any) -> list[tuple[str, Lesson, str, int]]:
    """The sitting's items in page order: widget key, lesson, kind letter, index."""
    classes = page.evaluate("""() => [...document.querySelectorAll("[class*='st-key-review']")]
        .flatMap((e) => [...e.classList])""")
    seen: dict[str, tuple[str, Lesson, str, int]] = {}
    for name in classes:
        found = ITEM.match(name)
        if found and found[1] not in seen:
            seen[found[1]] = (found[1], BY_ID[found[2]], found[3], int(found[4]))
    return list(seen.values())


def _answer_review_item(page: Any, widget: str, lesson: Lesson, kind: str, index: int,
                        lang: str, wait_for_app: Callable[[Any], None]) -> None:
    """Answer one item right, as the engine grades it."""
    if kind == "q":
        question = lesson.questions[index]
        box = page.locator(f".st-key-{widget}_box")
        box.scroll_into_view_if_needed()
        if question.kind == "legal":
            assert question.scenario is not None
            _mark(page, box, [str(question.scenario.hand[i]) for i in question.answer],
                  wait_for_app)
        else:
            for right in question.answer:
                _choose(page, box, question.options[lang][right], wait_for_app)
        _check(page, box, lang, wait_for_app)
        box.get_by_text(t("lessons_page.correct", lang), exact=True).wait_for()
        return
    block = lesson.blocks[index]
    expected = [str(card) for card in block.expected()]
    # the block's bordered box: the innermost one holding its hand and its fallback buttons
    box = page.locator("[data-testid='stVerticalBlock']").filter(
        has=page.locator(f"[class*='st-key-{widget}_']")).filter(
        has=page.locator("button.tt-pick")).last
    box.scroll_into_view_if_needed()
    if block.ask == "all":
        _mark(page, box, expected, wait_for_app)
        _check(page, box, lang, wait_for_app)
    else:
        _click(page, box.locator(f"button.tt-pick[data-card='{expected[0]}']"), wait_for_app)
    # answered, the block draws its verdict with "try again" in place of its hand
    page.locator(f".st-key-{widget}_again").wait_for()
    verdict = {"all": "lessons_page.right_all", "best": "lessons_page.right_best",
               "one": "lessons_page.picked_legal"}[block.ask]
    said = t(verdict, lang, cards=_names(block, lang),
             card=block.expected()[0].name_with_article(lang))
    # Streamlit draws the leading mark as the box's icon, out of its text
    page.get_by_text(said.removeprefix("✔").strip()).first.wait_for()


def _names(block: Block, lang: str) -> str:
    return str(join_names(block.expected(), lang))


def _learner_cookie(page: Any) -> str:
    found = until(page, lambda: [str(c["value"]) for c in page.context.cookies()
                                 if c["name"] == COOKIE], "the app never wrote the learner cookie")
    return found[0]


def test_a_mixed_review_is_recorded_and_the_path_leads_to_the_quizs_review(
        page: Any, app_url: str, app_db: str, wait_for_app: Callable[[Any], None],
        screenshot: Callable[[Any, str], Path]) -> None:
    lang = "en"
    page.goto(f"{app_url}/lessons?lang={lang}")  # the first run gives the browser its learner
    wait_for_app(page)
    token = _learner_cookie(page)
    now = datetime.now(UTC)
    due = _seed(app_db, token, now)
    assert due >= 1
    page.reload()
    wait_for_app(page)
    for studied in STUDIED:
        page.locator(f".st-key-lesson_path_{studied}").get_by_text(
            t("lessons_page.status.done", lang)).wait_for()
    tools = page.locator(".st-key-lesson_path_tools")
    tools.get_by_text(t_count("lessons_page.path.quiz_due", due, lang)).wait_for()
    _click(page, tools.get_by_role("button", name=t("lessons_page.path.review_start", lang)),
           wait_for_app)
    page.get_by_role("heading", name=t("lessons_page.review.title", lang)).wait_for()
    def drawn() -> list[tuple[str, Lesson, str, int]]:
        found = _review_keys(page)
        return found if len(found) == SITTING else []

    items = until(page, drawn, f"the review never drew its {SITTING} items")
    assert {lesson.id for _, lesson, _, _ in items} == set(STUDIED)  # mixed
    for widget, lesson, kind, index in items:
        _answer_review_item(page, widget, lesson, kind, index, lang, wait_for_app)
    page.get_by_text(t_count("lessons_page.review.score", SITTING, lang, right=SITTING,
                             answered=SITTING, total=SITTING)).wait_for()
    page.get_by_role("button", name=t("lessons_page.review.again", lang)).wait_for()
    wait_for_app(page)
    screenshot(page, "path-review-done")
    store = open_store(app_db)
    try:
        history = read_history(store.load_state(profile_of(token), REVIEW_STATE_KEY))
    finally:
        store.close()
    keys = {f"{lesson.id}/{kind}{index}" for _, lesson, kind, index in items}
    assert set(history) == keys
    assert all([right for right, _ in history[key]] == [True] for key in keys)
    # The path's spaced repetition opens the quiz, which asks its next question.
    _click(page, page.get_by_role("button", name=t("lessons_page.back", lang)), wait_for_app)
    _click(page, tools.get_by_role("link", name=t("lessons_page.path.quiz_open", lang)),
           wait_for_app)
    page.get_by_role("heading", name=t("quiz.page.title", lang)).wait_for()
    until(page, lambda: page.url.split("?")[0].endswith("/quiz"), "the link did not open /quiz")
    page.get_by_role("heading", name=re.compile(r"^1\. ")).wait_for()
    screenshot(page, "path-quiz-from-path")
