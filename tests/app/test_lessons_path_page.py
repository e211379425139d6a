"""The lessons page's path tools under AppTest: the placement test marks the lessons it
earns, a mixed review draws from the lessons done and saves its answers, and the quiz's
spaced repetition is linked with the number of rules due."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.apptest import open_app
from tests.app.learners import profile_of
from tute_tutor.engine.cards import Card
from tute_tutor.quiz.question import Answering
from tute_tutor.quiz.srs import replay_history
from tute_tutor.store import ENV_VAR, Store, open_store
from tute_tutor.store.db import new_token
from tute_tutor.teach.lessons import LESSONS_DIR, load_lessons
from tute_tutor.teach.placement import PlacementQuestion, placement_test
from tute_tutor.teach.review import due_count, read_history
from tute_tutor.ui.cards import fallback_key, mark_key
from tute_tutor.ui.lessons import (
    PLACEMENT_ANSWERS,
    PLACEMENT_SEED,
    REVIEW_STATE_KEY,
    SITTING_PARAM,
)
from tute_tutor.words.catalog import t, t_count

LESSONS, _ = load_lessons(LESSONS_DIR)
IDS = tuple(lesson.id for lesson in LESSONS)
TITLES = {lesson.id: lesson.title for lesson in LESSONS}
SEED = 11


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv(ENV_VAR, str(path))
    return open_store(str(path))


def open_sitting(token: str, sitting: str, lang: str = "es") -> AppTest:
    state = {PLACEMENT_SEED: SEED, PLACEMENT_ANSWERS: {}} if sitting == "placement" else {}
    return open_app("lessons", token=token, state=state, params={"lang": lang},
                    page_params={SITTING_PARAM: sitting})


def answer(at: AppTest, index: int, item: PlacementQuestion, chosen: list[str]) -> None:
    """Answer question ``index`` of the test with the option values ``chosen``."""
    question, key = item.question, f"placement_q{index}"
    answering = question.display.answering
    if answering is Answering.CLICK_CARD:
        at.button(key=fallback_key(f"{key}_click", Card.parse(chosen[0]))).click().run()
        return
    if answering is Answering.MARK_CARDS:
        for code in chosen:
            at.button(key=mark_key(f"{key}_cards", Card.parse(code))).click().run()
    else:
        at.radio(key=f"{key}_choice").set_value(question.options.index(chosen[0])).run()
    at.button(key=f"{key}_check").click().run()


def test_the_list_offers_the_placement_test_a_review_and_the_quiz(store: Store) -> None:
    at = open_app("lessons", token=new_token(), params={"lang": "en"})
    assert not at.exception
    assert at.button(key="placement_start").label == t("lessons_page.path.placement_start",
                                                       "en")
    assert at.button(key="review_start").disabled  # no lesson done yet
    links = [link for link in at.get("page_link")
             if str(getattr(link, "label", "")) == t("lessons_page.path.quiz_open", "en")]
    assert len(links) == 1
    at.button(key="placement_start").click().run()
    assert at.title[0].value == t("lessons_page.placement.title", "en")
    assert at.query_params[SITTING_PARAM] == "placement"


def test_a_right_answer_marks_its_lesson_and_a_wrong_one_nothing(store: Store) -> None:
    token = new_token()
    me = profile_of(token)
    test = placement_test(SEED, "es", IDS)
    at = open_sitting(token, "placement")
    assert not at.exception
    assert at.title[0].value == t("lessons_page.placement.title", "es")
    first, second = test[0], test[1]
    assert (first.skill.lesson, second.skill.lesson) == ("baraja", "puntos")
    answer(at, 0, first, list(first.question.answer))
    assert store.lessons_done(me) == {"baraja"}
    wrong = next(o for o in second.question.options if o not in second.question.answer)
    answer(at, 1, second, [wrong])
    assert store.lessons_done(me) == {"baraja"}
    assert not at.exception
    assert any(TITLES["baraja"]["es"] in s.value for s in at.success)
    errors = [e.value for e in at.error]
    assert any(second.question.label_of(second.question.answer[0]) in e for e in errors)


def test_a_lesson_of_two_questions_needs_both_right(store: Store) -> None:
    token = new_token()
    me = profile_of(token)
    test = placement_test(SEED, "en", IDS)
    pair = [i for i, item in enumerate(test) if item.skill.lesson == "asistir-montar"]
    assert len(pair) == 2
    at = open_sitting(token, "placement", "en")
    answer(at, pair[0], test[pair[0]], list(test[pair[0]].question.answer))
    assert store.lessons_done(me) == set()
    answer(at, pair[1], test[pair[1]], list(test[pair[1]].question.answer))
    assert store.lessons_done(me) == {"asistir-montar"}
    assert not at.exception


def test_a_review_draws_from_the_lessons_done_and_saves_the_first_answer(store: Store) -> None:
    token = new_token()
    me = profile_of(token)
    for lesson_id in ("puntos", "cantes"):
        store.record_lesson(me, lesson_id)
    at = open_sitting(token, "review")
    assert not at.exception
    assert at.title[0].value == t("lessons_page.review.title", "es")
    sources = [c.value for c in at.caption if "«" in str(c.value)]
    assert sources and all(TITLES["puntos"]["es"] in s or TITLES["cantes"]["es"] in s
                           for s in sources)
    assert any(TITLES["puntos"]["es"] in s for s in sources)
    assert any(TITLES["cantes"]["es"] in s for s in sources)
    radio_key = next(str(r.key) for r in at.radio if r.key and r.key.startswith("review"))
    radio = at.radio(key=radio_key)
    widget = radio_key.removesuffix("_choice")
    radio.set_value(0).run()
    at.button(key=f"{widget}_check").click().run()
    assert not at.exception
    history = read_history(store.load_state(me, REVIEW_STATE_KEY))
    assert len(history) == 1
    (key, results), = history.items()
    assert key.split("/")[0] in {"puntos", "cantes"} and len(results) == 1
    # A changed answer is not saved again: the first answer is what counts.
    at.radio(key=radio_key).set_value(1).run()
    assert len(read_history(store.load_state(me, REVIEW_STATE_KEY))[key]) == 1


def test_the_quiz_link_says_how_many_rules_are_due(store: Store) -> None:
    token = new_token()
    me = profile_of(token)
    now = datetime.now(UTC)
    store.record_answer(me, kind="legal", rule="montar", correct=True,
                        at=now - timedelta(days=60))
    store.record_answer(me, kind="legal", rule="pisar", correct=False,
                        at=now - timedelta(hours=1))
    store.record_answer(me, kind="legal", rule="fallar", correct=True, at=now)
    due = due_count(replay_history(store.answers(me)), now.replace(tzinfo=None))
    assert due == 2
    at = open_app("lessons", token=token, params={"lang": "en"})
    captions = [str(c.value) for c in at.caption]
    assert t_count("lessons_page.path.quiz_due", due, "en") in captions


def test_a_lesson_the_placement_test_earns_is_done_with_its_drill_star(store: Store) -> None:
    from tute_tutor.store.drills import best_stars, sittings
    from tute_tutor.ui.lessons import lesson_status

    token = new_token()
    me = profile_of(token)
    test = placement_test(SEED, "es", IDS)
    at = open_sitting(token, "placement")
    first = test[0]
    answer(at, 0, first, list(first.question.answer))
    assert not at.exception
    assert best_stars(store, me) == {"baraja": 1}  # baraja has a drill: one star
    assert [(s["skill"], s["right"], s["asked"], s["source"]) for s in sittings(store, me)] \
        == [("baraja", 1, 1, "placement")]
    at.run()  # the page runs again: nothing is saved twice
    assert len(sittings(store, me)) == 1
    status = lesson_status(LESSONS, {"baraja"})
    assert status["baraja"] == "done"
    path = open_app("lessons", token=token, params={"lang": "es"})
    text = "\n".join(str(m.value) for m in path.markdown)
    assert t("lessons_page.status.done", "es") in text
