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
from typing import Any, Final

from sqlalchemy import (
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    select,
)
from sqlalchemy.orm import Mapped, Session, mapped_column

from tute_tutor.coach.puzzles import Rating, rate, streak
from tute_tutor.store.db import HISTORY_TABLES, Store, StoreError, _Base, _insert_or_skip, _now

MAX_PUZZLE_ID: Final = 60
"""Longest puzzle id kept (``ruleset/seed/index`` is far below)."""


class _PuzzleRating(_Base):
    """The rating of one puzzle, shared by every learner."""

    __tablename__ = "puzzle_ratings"
    __table_args__ = (UniqueConstraint("puzzle_id", name="uq_puzzle_ratings_puzzle_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    puzzle_id: Mapped[str] = mapped_column(String(MAX_PUZZLE_ID))
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    vol: Mapped[float] = mapped_column(Float)
    plays: Mapped[int] = mapped_column(Integer)


class _PuzzleLearner(_Base):
    """A profile's puzzle rating."""

    __tablename__ = "puzzle_learners"
    __table_args__ = (UniqueConstraint("profile_id", name="uq_puzzle_learners_profile_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(
        ForeignKey("profiles.id", name="fk_puzzle_learners_profile_id"))
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    vol: Mapped[float] = mapped_column(Float)
    plays: Mapped[int] = mapped_column(Integer)


class _PuzzleAttempt(_Base):
    """One answer to one puzzle."""

    __tablename__ = "puzzle_attempts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(
        ForeignKey("profiles.id", name="fk_puzzle_attempts_profile_id"), index=True)
    puzzle_id: Mapped[str] = mapped_column(String(MAX_PUZZLE_ID))
    at: Mapped[datetime] = mapped_column(DateTime)
    card: Mapped[str] = mapped_column(String(4))
    solved: Mapped[bool] = mapped_column(Boolean)
    daily: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    before: Mapped[float] = mapped_column(Float)
    after: Mapped[float] = mapped_column(Float)


HISTORY_TABLES.extend((_PuzzleAttempt, _PuzzleLearner))


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
        pid = store._profile_id(session, profile, create=False)
        if pid is None:
            return Rating()
        row = session.scalar(select(_PuzzleLearner).where(_PuzzleLearner.profile_id == pid))
        return Rating() if row is None else _rating_of(row)

    return store._guard(run)


def puzzle_ratings(store: Store, puzzle_ids: list[str]) -> dict[str, Rating]:
    """The rating of each of ``puzzle_ids`` (new ones for puzzles nobody answered)."""

    def run(session: Session) -> dict[str, Rating]:
        rows = session.scalars(select(_PuzzleRating)
                               .where(_PuzzleRating.puzzle_id.in_(puzzle_ids))).all()
        found = {row.puzzle_id: _rating_of(row) for row in rows}
        return {pid: found.get(pid, Rating()) for pid in puzzle_ids}

    return store._guard(run)


def record_answer(store: Store, profile: str, puzzle_id: str, *, card: str, solved: bool,
                  daily: date | None = None, at: datetime | None = None) -> RatingChange:
    """Rate one answer of ``profile`` to ``puzzle_id`` and keep it (``daily``: the day
    whose daily puzzle it answers)."""
    _check_id(puzzle_id)

    def run(session: Session) -> RatingChange:
        pid = store._profile_id(session, profile, create=True)
        assert pid is not None
        fresh = {**_values(Rating()), "plays": 0}
        session.execute(_insert_or_skip(session, _PuzzleRating,
                                        {"puzzle_id": puzzle_id, **fresh}))
        session.execute(_insert_or_skip(session, _PuzzleLearner, {"profile_id": pid, **fresh}))
        learner = session.scalars(select(_PuzzleLearner).where(
            _PuzzleLearner.profile_id == pid).with_for_update()).one()
        puzzle = session.scalars(select(_PuzzleRating).where(
            _PuzzleRating.puzzle_id == puzzle_id).with_for_update()).one()
        learner_before, puzzle_before = _rating_of(learner), _rating_of(puzzle)
        learner_after, puzzle_after = rate(learner_before, puzzle_before, solved)
        for row, after in ((learner, learner_after), (puzzle, puzzle_after)):
            row.rating, row.rd, row.vol = after.rating, after.rd, after.vol
            row.plays += 1
        day = None if daily is None else datetime(daily.year, daily.month, daily.day)
        session.add(_PuzzleAttempt(profile_id=pid, puzzle_id=puzzle_id, at=at or _now(),
                                   card=str(card)[:4], solved=bool(solved), daily=day,
                                   before=learner_before.rating,
                                   after=learner_after.rating))
        return RatingChange(learner_before, learner_after, puzzle_before, puzzle_after)

    return store._guard(run)


def attempts(store: Store, profile: str) -> list[dict[str, Any]]:
    """The profile's answers, oldest first (puzzle id, card, solved, ratings, daily day)."""

    def run(session: Session) -> list[dict[str, Any]]:
        pid = store._profile_id(session, profile, create=False)
        if pid is None:
            return []
        rows = session.scalars(select(_PuzzleAttempt).where(_PuzzleAttempt.profile_id == pid)
                               .order_by(_PuzzleAttempt.id)).all()
        return [{"puzzle": r.puzzle_id, "card": r.card, "solved": r.solved,
                 "before": r.before, "after": r.after,
                 "daily": None if r.daily is None else r.daily.date()} for r in rows]

    return store._guard(run)


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
