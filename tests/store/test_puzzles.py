"""Puzzle ratings in the store (SQLite and PostgreSQL): both ratings move after an answer,
a profile's rating is its own, two learners at once both count, the daily streak, and a
profile's puzzle history goes when it is erased."""

from __future__ import annotations

import threading
from datetime import date, timedelta

from tests.conftest import WAIT_S
from tute_tutor.coach.puzzles import Rating, rate
from tute_tutor.store import open_store
from tute_tutor.store.puzzles import (
    attempts,
    daily_solved,
    daily_status,
    learner_rating,
    puzzle_ratings,
    record_answer,
)

PUZZLE = "clasico/3/3"
TODAY = date(2026, 12, 2)


def test_a_right_answer_raises_the_learner_and_lowers_the_puzzle(db_url: str) -> None:
    store = open_store(db_url)
    change = record_answer(store, "Ana", PUZZLE, card="1o", solved=True)
    assert change.learner_before == Rating() and change.puzzle_before == Rating()
    assert (change.learner_after, change.puzzle_after) == rate(Rating(), Rating(), True)
    assert change.learner_after.rating > 1500 > change.puzzle_after.rating
    assert learner_rating(store, "Ana") == change.learner_after
    assert puzzle_ratings(store, [PUZZLE, "clasico/3/7"]) == {
        PUZZLE: change.puzzle_after, "clasico/3/7": Rating()}


def test_a_wrong_answer_lowers_the_learner_from_where_it_stood(db_url: str) -> None:
    store = open_store(db_url)
    first = record_answer(store, "Ana", PUZZLE, card="1o", solved=True)
    second = record_answer(store, "Ana", "clasico/3/7", card="11e", solved=False)
    assert second.learner_before == first.learner_after
    assert second.learner_after.rating < first.learner_after.rating
    assert second.puzzle_after.rating > 1500
    assert [(a["puzzle"], a["card"], a["solved"]) for a in attempts(store, "Ana")] == [
        (PUZZLE, "1o", True), ("clasico/3/7", "11e", False)]


def test_each_profile_has_its_own_rating_and_shares_the_puzzles(db_url: str) -> None:
    store = open_store(db_url)
    ana = record_answer(store, "Ana", PUZZLE, card="1o", solved=True)
    luis = record_answer(store, "Luis", PUZZLE, card="7o", solved=False)
    assert luis.learner_before == Rating()
    assert luis.puzzle_before == ana.puzzle_after
    assert learner_rating(store, "Ana") == ana.learner_after
    assert learner_rating(store, "Bea") == Rating()


def test_answers_to_one_puzzle_at_once_all_count(db_url: str) -> None:
    """Four learners on four connections (like replicas) answer the same puzzle (each
    waits for the others' locks as long as any test waits: a busy machine is slow)."""
    open_store(db_url)
    errors: list[BaseException] = []

    def answer(name: str) -> None:
        try:
            record_answer(open_store(db_url, timeout=WAIT_S), name, PUZZLE, card="1o",
                          solved=False)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=answer, args=(f"P{i}",)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    from sqlalchemy import text

    store = open_store(db_url)
    with store.engine.connect() as connection:
        plays = connection.execute(text("SELECT plays FROM puzzle_ratings")).scalar_one()
    assert plays == 4


def test_the_streak_counts_days_in_a_row_with_the_daily_puzzle_solved(db_url: str) -> None:
    store = open_store(db_url)
    for back, solved in ((3, True), (2, True), (1, True)):
        record_answer(store, "Ana", f"clasico/{back}/0", card="1o", solved=solved,
                      daily=TODAY - timedelta(days=back))
    assert daily_status(store, "Ana", TODAY) == {"answered": False, "solved": False,
                                                  "streak": 3}
    record_answer(store, "Ana", "clasico/0/0", card="1o", solved=True, daily=TODAY)
    assert daily_status(store, "Ana", TODAY) == {"answered": True, "solved": True,
                                                  "streak": 4}
    assert daily_solved(store, "Ana") == {TODAY - timedelta(days=d) for d in range(4)}


def test_a_missed_or_failed_day_breaks_the_streak(db_url: str) -> None:
    store = open_store(db_url)
    record_answer(store, "Ana", "a", card="1o", solved=True, daily=TODAY - timedelta(days=3))
    record_answer(store, "Ana", "b", card="1o", solved=False, daily=TODAY - timedelta(days=1))
    assert daily_status(store, "Ana", TODAY)["streak"] == 0
    record_answer(store, "Ana", "c", card="1o", solved=True, daily=TODAY)
    assert daily_status(store, "Ana", TODAY)["streak"] == 1


def test_erasing_a_profile_erases_its_puzzle_rating_and_answers(db_url: str) -> None:
    store = open_store(db_url)
    record_answer(store, "Ana", PUZZLE, card="1o", solved=True)
    store.reset("Ana")
    assert learner_rating(store, "Ana") == Rating() and attempts(store, "Ana") == []
    record_answer(store, "Luis", PUZZLE, card="1o", solved=True)
    store.delete_profile("Luis")
    assert "Luis" not in store.profiles() and attempts(store, "Luis") == []
