"""Live classes in the database (tute_tutor/store/classes.py) on SQLite and PostgreSQL:
one answer per participant per question by the unique key, under concurrent writers
(threads, each with its own store like replicas), and the close by the database's clock."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select, text

from tests.conftest import WAIT_S
from tute_tutor.live import classroom as cl
from tute_tutor.store import StoreError, open_store
from tute_tutor.store.classes import Classes
from tute_tutor.store.tables import ClassAnswerRow, ClassParticipantRow

SPEC: dict[str, Any] = {"kind": "obligation", "scenario": {
    "ruleset": "clasico", "trump": "o", "hand": ["1c", "3c", "5e"], "trick": ["7c"]}}
OPTIONS = ("asistir", "montar", "libre")
QUESTION = {"kind": "obligation", "rule": "montar", "options": OPTIONS,
            "answer": ("montar",), "multi": False}


def classes_at(db_url: str) -> Classes:
    """A store of its own on the database: a writer waits for another's lock as long as
    any test waits (the races are the test, not how fast the machine is)."""
    return Classes(open_store(db_url, timeout=WAIT_S))


def opened(db_url: str, **settings: Any) -> tuple[Classes, str]:
    classes = classes_at(db_url)
    code = classes.open(cl.Settings(**settings), [SPEC] * 3)
    return classes, code


def together(count: int, work: Callable[[int], Any]) -> tuple[list[Any], list[BaseException]]:
    """Run ``work(i)`` in ``count`` threads released at the same moment."""
    start = threading.Barrier(count)
    results: list[Any] = [None] * count
    errors: list[BaseException] = []

    def run(i: int) -> None:
        start.wait()
        try:
            results[i] = work(i)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results, errors


def rows(classes: Classes, table: Any) -> int:
    with classes.store.engine.connect() as connection:
        return int(connection.scalar(select(func.count()).select_from(table)) or 0)


def test_one_participant_tapping_from_eight_writers_lands_one_answer(db_url: str) -> None:
    classes, code = opened(db_url)
    classes.join(code, "Ana", "phone")
    classes.send_next(code, QUESTION)
    stores = [classes_at(db_url) for _ in range(8)]
    results, errors = together(8, lambda i: stores[i].answer(code, "phone",
                                                             [OPTIONS[i % 3]]))
    assert all(isinstance(e, cl.ClassError) and e.reason == "already" for e in errors)
    taken = [r for r in results if r is not None and r.taken]
    assert len(taken) == 1
    assert rows(classes, ClassAnswerRow) == 1
    state, _now = classes.load(code)
    assert next(iter(state.answers.values())).choice == taken[0].answer.choice


def test_changes_allowed_concurrent_changes_still_leave_one_answer(db_url: str) -> None:
    classes, code = opened(db_url, allow_change=True)
    classes.join(code, "Ana", "phone")
    classes.send_next(code, QUESTION)
    stores = [classes_at(db_url) for _ in range(6)]
    results, errors = together(6, lambda i: stores[i].answer(code, "phone",
                                                             [OPTIONS[i % 3]]))
    assert errors == []
    assert rows(classes, ClassAnswerRow) == 1
    state, _now = classes.load(code)
    assert next(iter(state.answers.values())).choice in {r.answer.choice for r in results}
    classes.answer(code, "phone", ["libre"])
    assert classes.load(code)[0].answers[(0, 1)].choice == ("libre",)


def test_a_sqlite_change_holds_the_write_lock_from_its_first_read(tmp_path: Path) -> None:
    """What a class change reads cannot move before it writes: another writer waits (here
    it gives up quickly), and goes through once the change is saved. Without the lock a
    burst of joins on a busy machine lost the race for the next number over and over."""
    url = f"sqlite:///{tmp_path / 'class.sqlite3'}"
    changing = open_store(url, timeout=WAIT_S)
    other = open_store(url, timeout=0.05)
    with changing.transaction(write=True) as session:
        session.execute(text("SELECT 1"))
        with pytest.raises(StoreError) as caught:
            other.record_answer("Ana", kind="obligation", rule="montar", correct=True)
        assert caught.value.reason == "locked"
    other.record_answer("Ana", kind="obligation", rule="montar", correct=True)
    assert len(other.answers("Ana")) == 1
    changing.close()
    other.close()


def test_forty_students_answering_at_once_are_each_stored_once_and_counted(
        db_url: str) -> None:
    classes, code = opened(db_url)
    joined, errors = together(8, lambda w: [
        classes_at(db_url).join(code, f"S{w}-{i}", f"t{w}-{i}") for i in range(5)])
    assert errors == []
    assert sorted(s.participant.id for batch in joined for s in batch) == list(range(1, 41))
    classes.send_next(code, QUESTION)

    def taps(w: int) -> int:
        mine = classes_at(db_url)
        for i in range(5):
            for _ in range(2):  # a double tap
                try:
                    mine.answer(code, f"t{w}-{i}", [OPTIONS[(w + i) % 3]])
                except cl.ClassError as error:
                    assert error.reason == "already"
        return 5

    _done, errors = together(8, taps)
    assert errors == []
    assert rows(classes, ClassAnswerRow) == 40
    poll = classes.poll(code)
    assert (poll.joined, poll.answered, poll.question) == (40, 40, 0)
    classes.reveal(code)
    shown = cl.distribution(classes.load(code)[0])
    assert shown is not None and sum(shown.values()) == 40


def test_two_phones_taking_one_nickname_at_once_one_gets_it(db_url: str) -> None:
    classes, code = opened(db_url)
    stores = [classes_at(db_url) for _ in range(6)]
    results, errors = together(6, lambda i: stores[i].join(code, "Ana", f"phone{i}"))
    assert len([r for r in results if r is not None]) == 1
    assert len(errors) == 5
    assert all(isinstance(e, cl.ClassError) and e.reason == "nickname_taken" for e in errors)
    assert rows(classes, ClassParticipantRow) == 1


def test_an_answer_after_the_close_is_refused_by_the_database_clock(db_url: str) -> None:
    classes, code = opened(db_url, timer=30)
    classes.join(code, "Ana", "a")
    classes.join(code, "Luis", "b")
    classes.send_next(code, QUESTION)
    classes.answer(code, "a", ["montar"])  # in time: the timer has 30 s to go
    # the timer runs out now, by the database's clock (however long the answer took)
    deadline = classes.load(code)[1]
    with classes.store.engine.begin() as connection:
        connection.execute(text("UPDATE class_questions SET deadline = :d"), {"d": deadline})
    with pytest.raises(cl.ClassError) as error:
        classes.answer(code, "b", ["montar"])
    assert error.value.reason == "closed"
    assert classes.poll(code).answered == 1
    classes.close(code)
    state = classes.load(code)[0]
    assert state.current is not None and state.current.closed_at is not None
    assert state.current.closed_at <= deadline + 1e-6


def test_closing_counts_each_answer_once_in_the_students_own_progress(db_url: str) -> None:
    classes, code = opened(db_url)
    store = classes.store
    learner = store.learner_for_token("browser-token-of-ana")
    assert learner is not None
    profile = store.profile(learner, "Ana")
    classes.join(code, "Ana", "a", profile_id=classes.profile_id(profile))
    classes.join(code, "Anon", "b")
    classes.send_next(code, QUESTION)
    classes.answer(code, "a", ["libre"])
    classes.answer(code, "b", ["montar"])
    classes.close(code)
    classes.reveal(code)
    classes.send_next(code, QUESTION)
    classes.answer(code, "a", ["montar"])
    classes.end(code)
    got = [(a.kind, a.rule, a.correct) for a in store.answers(profile)]
    assert got == [("obligation", "montar", False), ("obligation", "montar", True)]


def test_a_removed_student_frees_the_nickname_and_is_refused(db_url: str) -> None:
    classes, code = opened(db_url)
    seat = classes.join(code, "Ana", "a")
    classes.remove(code, seat.participant.id)
    with pytest.raises(cl.ClassError) as error:
        classes.join(code, "x", "a")
    assert error.value.reason == "removed"
    assert classes.join(code, "ana", "c").participant.nickname == "ana"
    assert classes.poll(code).joined == 1


def test_unknown_and_bad_codes_are_class_errors(db_url: str) -> None:
    classes, _code = opened(db_url)
    for code, why in [("ZZZZZZ", "unknown_code"), ("0O1", "bad_code")]:
        with pytest.raises(cl.ClassError) as error:
            classes.poll(code)
        assert error.value.reason == why


def test_a_send_pressed_again_after_its_question_went_out_sends_nothing(db_url: str) -> None:
    # A browser may carry one press of Send twice in a busy moment (the projector's
    # controls rerun every second): the press says how many questions it saw sent.
    classes, code = opened(db_url)
    assert classes.send_next(code, QUESTION, sent=0) == 0
    results, errors = together(4, lambda _i: classes.send_next(code, QUESTION, sent=1))
    assert errors == [] and results == [1, 1, 1, 1]
    assert classes.send_next(code, QUESTION, sent=0) == 1  # late: the class stays on 2
    assert [q.index for q in classes.load(code)[0].questions] == [0, 1]
    assert classes.send_next(code, QUESTION) == 2  # without ``sent``: always the next
