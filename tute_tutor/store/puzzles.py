"""Puzzle ratings and answers in the database (migration 0006).

Three tables: ``puzzle_ratings`` (one Glicko-2 rating per puzzle id, shared by every
learner on the server), ``puzzle_learners`` (one rating per profile) and
``puzzle_attempts`` (every answer: the card, right or wrong, the ratings before and
after, and the day when it was that day's daily puzzle). :func:`record_answer` reads both
ratings, rates the answer (:func:`tute_tutor.coach.puzzles.rate`) and writes the new ones
in one transaction; the rows are locked while it does (``SELECT ... FOR UPDATE`` on
PostgreSQL, SQLite writes one transaction at a time), so two learners answering the same
puzzle at once both count. A profile's rows go with its history (erase, delete).

>>> from tute_tutor.store import open_store
>>> store = open_store("sqlite://")
>>> change = record_answer(store, "ana", "clasico/3/3", card="1o", solved=True)
>>> change.learner_before.shown, change.learner_after.shown > 1500
(1500, True)
>>> learner_rating(store, "ana") == change.learner_after
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    select,
)
from sqlalchemy.orm import Session

from tute_tutor.coach.puzzles import Rating, rate, streak
from tute_tutor.store.database import StoreError
from tute_tutor.store.db import Store
from tute_tutor.store.tables import (
    MAX_PUZZLE_ID,
    PuzzleAttemptRow,
    PuzzleLearnerRow,
    PuzzleRatingRow,
    insert_or_skip,
    naive_utc,
)


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one answer did to the two ratings."""

    learner_before: Rating
    learner_after: Rating
    puzzle_before: Rating
    puzzle_after: Rating


def _rating_of(row: Any) -> Rating:
    return Rating(float(row.rating), float(row.rd), float(row.vol))


def _values(rating: Rating) -> dict[str, float]:
    return {"rating": rating.rating, "rd": rating.rd, "vol": rating.vol}


def _check_id(puzzle_id: object) -> str:
    if not isinstance(puzzle_id, str) or not 0 < len(puzzle_id) <= MAX_PUZZLE_ID:
        raise StoreError(f"a puzzle id is text of 1 to {MAX_PUZZLE_ID} characters",
                         reason="bad_puzzle_id")
    return puzzle_id


def learner_rating(store: Store, profile: str) -> Rating:
    """The profile's puzzle rating (a new one before its first answer)."""

    def run(session: Session) -> Rating:
        pid = store.profile_id_in(session, profile, create=False)
        if pid is None:
            return Rating()
        row = session.scalar(select(PuzzleLearnerRow).where(PuzzleLearnerRow.profile_id == pid))
        return Rating() if row is None else _rating_of(row)

    return store.run(run)


def puzzle_ratings(store: Store, puzzle_ids: list[str]) -> dict[str, Rating]:
    """The rating of each of ``puzzle_ids`` (new ones for puzzles nobody answered)."""

    def run(session: Session) -> dict[str, Rating]:
        rows = session.scalars(select(PuzzleRatingRow)
                               .where(PuzzleRatingRow.puzzle_id.in_(puzzle_ids))).all()
        found = {row.puzzle_id: _rating_of(row) for row in rows}
        return {pid: found.get(pid, Rating()) for pid in puzzle_ids}

    return store.run(run)


def record_answer(store: Store, profile: str, puzzle_id: str, *, card: str, solved: bool,
                  daily: date | None = None, at: datetime | None = None) -> RatingChange:
    """Rate one answer of ``profile`` to ``puzzle_id`` and keep it (``daily``: the day
    whose daily puzzle it answers)."""
    _check_id(puzzle_id)

    def run(session: Session) -> RatingChange:
        pid = store.profile_id_in(session, profile, create=True)
        assert pid is not None
        fresh = {**_values(Rating()), "plays": 0}
        session.execute(insert_or_skip(session, PuzzleRatingRow,
                                        {"puzzle_id": puzzle_id, **fresh}))
        session.execute(insert_or_skip(session, PuzzleLearnerRow, {"profile_id": pid, **fresh}))
        learner = session.scalars(select(PuzzleLearnerRow).where(
            PuzzleLearnerRow.profile_id == pid).with_for_update()).one()
        puzzle = session.scalars(select(PuzzleRatingRow).where(
            PuzzleRatingRow.puzzle_id == puzzle_id).with_for_update()).one()
        learner_before, puzzle_before = _rating_of(learner), _rating_of(puzzle)
        learner_after, puzzle_after = rate(learner_before, puzzle_before, solved)
        for row, after in ((learner, learner_after), (puzzle, puzzle_after)):
            row.rating, row.rd, row.vol = after.rating, after.rd, after.vol
            row.plays += 1
        day = None if daily is None else datetime(daily.year, daily.month, daily.day)
        session.add(PuzzleAttemptRow(profile_id=pid, puzzle_id=puzzle_id, at=naive_utc(at),
                                   card=str(card)[:4], solved=bool(solved), daily=day,
                                   before=learner_before.rating,
                                   after=learner_after.rating))
        return RatingChange(learner_before, learner_after, puzzle_before, puzzle_after)

    return store.run(run)


def attempts(store: Store, profile: str) -> list[dict[str, Any]]:
    """The profile's answers, oldest first (puzzle id, card, solved, ratings, when, daily
    day)."""

    def run(session: Session) -> list[dict[str, Any]]:
        pid = store.profile_id_in(session, profile, create=False)
        if pid is None:
            return []
        rows = session.scalars(select(PuzzleAttemptRow).where(PuzzleAttemptRow.profile_id == pid)
                               .order_by(PuzzleAttemptRow.id)).all()
        return [{"puzzle": r.puzzle_id, "card": r.card, "solved": r.solved,
                 "before": r.before, "after": r.after, "at": r.at,
                 "daily": None if r.daily is None else r.daily.date()} for r in rows]

    return store.run(run)


def daily_solved(store: Store, profile: str) -> set[date]:
    """The days whose daily puzzle ``profile`` solved."""
    return {a["daily"] for a in attempts(store, profile) if a["daily"] and a["solved"]}


def daily_status(store: Store, profile: str, today: date) -> Mapping[str, Any]:
    """``answered`` (today's daily puzzle was answered), ``solved`` and ``streak``."""
    done = attempts(store, profile)
    today_answers = [a for a in done if a["daily"] == today]
    solved_days = {a["daily"] for a in done if a["daily"] and a["solved"]}
    return {"answered": bool(today_answers),
            "solved": any(a["solved"] for a in today_answers),
            "streak": streak(solved_days, today)}


__all__ = ["MAX_PUZZLE_ID", "RatingChange", "attempts", "daily_solved", "daily_status",
           "learner_rating", "puzzle_ratings", "record_answer"]
