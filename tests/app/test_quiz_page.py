"""The quiz page under AppTest: answering updates the streak, the mastery and the store."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.apptest import open_app
from tests.app.learners import session_profile
from tests.app.marking import mark
from tute_tutor.engine.variants import find_rules
from tute_tutor.quiz.generator import generate_question
from tute_tutor.quiz.question import Answering, QuizQuestion
from tute_tutor.store import DEFAULT_PROFILE, ENV_VAR, open_store
from tute_tutor.ui.cards import fallback_key
from tute_tutor.ui.profile import TOKEN_KEY
from tute_tutor.ui.quiz import cards_key, check_key, option_key


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv(ENV_VAR, str(path))
    return path


def open_quiz(kinds: list[str], ruleset: str = "clasico") -> AppTest:
    return open_app("quiz", state={"quiz_kinds": kinds},
                    params={} if ruleset == "clasico" else {"rules": ruleset})


def current_question(at: AppTest) -> tuple[dict[str, Any], QuizQuestion]:
    entry = at.session_state["quiz_current"]
    return entry, question_for(entry)


def question_for(entry: dict[str, Any]) -> QuizQuestion:
    return generate_question(entry["kind"], entry["seed"],
                             find_rules(entry["ruleset"], entry["overrides"]),
                             difficulty=entry["difficulty"],
                             rule=entry["rule"])


def give(at: AppTest, entry: dict[str, Any], values: list[str]) -> None:
    """Answer the current question with ``values`` the way a learner would."""
    number = entry["number"]
    answering = question_for(entry).display.answering
    if answering is Answering.MARK_CARDS:
        mark(at, values, key=cards_key(number))
        at.button(key=check_key(number)).click().run()
    elif answering is Answering.CLICK_CARD:
        from tute_tutor.engine.cards import Card

        at.button(key=fallback_key(cards_key(number), Card.parse(values[0]))).click().run()
    else:
        at.button(key=option_key(number, values[0])).click().run()
    assert not at.exception, [e.value for e in at.exception]


def wrong_values(question: QuizQuestion) -> list[str]:
    if question.multi:
        return list(question.options)[:1] if set(question.options[:1]) != set(question.answer) \
            else list(question.options)
    return [next(v for v in question.options if v not in question.answer)]


@pytest.mark.parametrize("kind", ["obligation", "trick_winner", "legal", "cante"])
def test_a_right_answer_raises_streak_and_mastery_and_is_stored(db: Path, kind: str) -> None:
    at = open_quiz([kind])
    entry, question = current_question(at)
    assert entry["kind"] == kind
    give(at, entry, list(question.answer))
    assert at.session_state["quiz_streak"] == 1
    assert at.session_state["quiz_result"]["correct"] is True
    states = at.session_state["quiz_srs"]["states"]
    assert states[question.rule].box == 2
    assert at.success, "the page says the answer is right"
    assert any(question.explanation in m.value for m in at.markdown)
    stored = open_store(str(db)).answers(session_profile(at))
    assert [(a.kind, a.rule, a.correct) for a in stored] == [(kind, question.rule, True)]
    assert stored[0].detail["seed"] == entry["seed"]


def test_a_wrong_answer_breaks_the_streak_and_sends_the_rule_to_box_one(db: Path) -> None:
    at = open_quiz(["obligation"])
    entry, question = current_question(at)
    give(at, entry, list(question.answer))
    at.button(key="quiz_next").click().run()
    entry2, question2 = current_question(at)
    assert entry2["number"] == 2
    give(at, entry2, wrong_values(question2))
    assert at.session_state["quiz_streak"] == 0
    assert at.session_state["quiz_best"] == 1
    assert at.session_state["quiz_srs"]["states"][question2.rule].box == 1
    assert at.error, "the page says the answer is wrong"
    stored = open_store(str(db)).answers(session_profile(at))
    assert [a.correct for a in stored] == [True, False]


def test_streak_counts_several_right_answers_in_a_row(db: Path) -> None:
    at = open_quiz(["trick_points", "hand_winner"])
    for expected in (1, 2, 3):
        entry, question = current_question(at)
        give(at, entry, list(question.answer))
        assert at.session_state["quiz_streak"] == expected
        at.button(key="quiz_next").click().run()
    assert len(open_store(str(db)).answers(session_profile(at))) == 3


def test_a_missed_rule_comes_back_after_one_other_question(db: Path) -> None:
    at = open_quiz(["obligation"])
    entry, question = current_question(at)
    give(at, entry, wrong_values(question))
    missed = question.rule
    at.button(key="quiz_next").click().run()
    second = at.session_state["quiz_current"]["rule"]
    assert second != missed
    entry2, question2 = current_question(at)
    give(at, entry2, list(question2.answer))
    at.button(key="quiz_next").click().run()
    assert at.session_state["quiz_current"]["rule"] == missed


def test_swap_questions_appear_with_the_two_player_rules(db: Path) -> None:
    at = open_quiz(["swap"], ruleset="a-dos")
    entry, question = current_question(at)
    assert entry["kind"] == "swap" and entry["ruleset"] == "a-dos"
    give(at, entry, list(question.answer))
    assert at.session_state["quiz_streak"] == 1


def test_a_damaged_database_is_reported_and_left_alone(db: Path) -> None:
    garbage = b"not a database at all\n" * 100
    db.write_bytes(garbage)
    at = open_quiz(["obligation"])
    entry, question = current_question(at)
    give(at, entry, list(question.answer))
    assert at.session_state["quiz_streak"] == 1
    assert at.session_state["quiz_pending"], "the answer waits to be saved"
    assert at.warning, "the page says the answer is not saved yet"
    assert db.read_bytes() == garbage


def test_the_page_speaks_english_too(db: Path) -> None:
    at = open_app("quiz", params={"lang": "en"}, state={"quiz_kinds": ["obligation"]})
    assert at.title[0].value == "Quiz"


def test_profiles_picked_in_the_sidebar_keep_their_own_answers(db: Path) -> None:
    at = open_app(state={"quiz_kinds": ["obligation"]})
    at.text_input(key="profile_new_name").set_value("Ana").run()
    assert at.session_state["profile"] == "Ana"
    assert "profile" not in at.query_params  # a URL never names a profile
    at.switch_page("pages/quiz.py")
    at.run()
    entry, question = current_question(at)
    give(at, entry, list(question.answer))
    store = open_store(str(db))
    assert [a.rule for a in store.answers(session_profile(at, "Ana"))] == [question.rule]
    assert store.answers(session_profile(at)) == []
    assert "Ana" in store.profiles(store.learner_for_token(at.session_state[TOKEN_KEY]))
    assert store.profiles() == []  # nothing lands outside this browser's learner


def test_a_bad_profile_name_is_refused_in_one_line(db: Path) -> None:
    at = open_app()
    at.text_input(key="profile_new_name").set_value("Ana\x01").run()
    assert not at.exception
    assert at.session_state["profile"] == DEFAULT_PROFILE
    assert at.session_state["profile_new_name"] == ""
    store = open_store(str(db))
    assert "Ana\x01" not in store.profiles(store.learner_for_token(at.session_state[TOKEN_KEY]))


def test_an_answer_given_while_the_database_is_locked_is_saved_with_the_next(db: Path) -> None:
    import sqlite3

    at = open_quiz(["obligation"])  # the page creates the database on first use
    entry, question = current_question(at)
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        give(at, entry, list(question.answer))
        assert len(at.session_state["quiz_pending"]) == 1
        assert at.warning
    finally:
        other.execute("ROLLBACK")
        other.close()
    at.button(key="quiz_next").click().run()
    entry2, question2 = current_question(at)
    give(at, entry2, wrong_values(question2))
    assert at.session_state["quiz_pending"] == []
    stored = open_store(str(db)).answers(session_profile(at))
    assert [(a.rule, a.correct) for a in stored] == [(question.rule, True),
                                                     (question2.rule, False)]


def test_the_rule_is_not_named_before_the_answer(db: Path) -> None:
    from tute_tutor.quiz.generator import rule_label

    at = open_quiz(["obligation"])
    entry, question = current_question(at)
    name = rule_label(question.rule, "es")
    shown = [m.label for m in at.metric] + [m.value for m in at.markdown]
    assert not any(name in text for text in shown), "the rule's name gives the answer away"
    give(at, entry, list(question.answer))
    assert any(name in m.label for m in at.metric)
