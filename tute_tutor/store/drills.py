"""Drill sittings and ending results in the database (migration 0007).

Two tables: ``drill_sittings`` (every finished sitting of a profile: its skill, right
answers, items asked and stars, :mod:`tute_tutor.coach.drills`) and ``ending_results``
(every ending played out: its id, target, points taken and whether the target was
reached, :mod:`tute_tutor.coach.endings`). A profile's rows go with its history (erase,
delete).

>>> from tute_tutor.store import open_store
>>> store = open_store("sqlite://")
>>> record_sitting(store, "ana", "pisar", right=7, asked=8, stars=2)
>>> record_sitting(store, "ana", "pisar", right=5, asked=8, stars=1)
>>> best_stars(store, "ana")
{'pisar': 2}
>>> record_ending(store, "ana", "clasico/3/1", target="points", target_points=10,
...               points=10, reached=True)
>>> [(r["ending"], r["reached"]) for r in ending_results(store, "ana")]
[('clasico/3/1', True)]
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from tute_tutor.coach.drills import MAX_STARS
from tute_tutor.engine.errors import shown
from tute_tutor.store.database import StoreError
from tute_tutor.store.db import Store
from tute_tutor.store.learners import check_profile_name
from tute_tutor.store.tables import (
    MAX_ENDING_ID,
    MAX_SKILL,
    DrillSittingRow,
    EndingResultRow,
    naive_utc,
)

SOURCES = ("drill", "placement")
"""Where a sitting comes from: the drills page, or the placement test."""


def _check_text(value: object, longest: int, what: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= longest:
        raise StoreError(f"a {what} is text of 1 to {longest} characters",
                         reason=f"bad_{what.replace(' ', '_')}")
    return value


def _check_count(value: object, what: str, most: int | None = None) -> int:
    if (not isinstance(value, int) or isinstance(value, bool) or value < 0
            or (most is not None and value > most)):
        bound = f" to {most}" if most is not None else " or more"
        raise StoreError(f"{what} must be a whole number 0{bound}, not {shown(value)}",
                         reason="bad_drill_result")
    return value


def record_sitting(store: Store, profile: str, skill: str, *, right: int, asked: int,
                   stars: int, source: str = "drill", at: datetime | None = None) -> None:
    """Keep one finished sitting of ``skill`` (``right`` of ``asked``, 0 to 3 stars);
    ``source`` is ``drill`` (the drills page) or ``placement`` (the lesson's questions of
    the placement test, all right: one star)."""
    check_profile_name(profile)
    if source not in SOURCES:
        raise StoreError(f"a sitting's source is one of {', '.join(SOURCES)}, not "
                         f"{str(source)[:20]!r}", reason="bad_drill_result")
    _check_text(skill, MAX_SKILL, "skill id")
    _check_count(asked, "asked")
    _check_count(right, "right", asked)
    _check_count(stars, "stars", MAX_STARS)

    def run(session: Session) -> None:
        pid = store.profile_id_in(session, profile, create=True)
        assert pid is not None
        session.add(DrillSittingRow(profile_id=pid, skill=skill, at=naive_utc(at),
                                    right=right, asked=asked, stars=stars, source=source))

    store.run(run)


def best_stars(store: Store, profile: str) -> dict[str, int]:
    """The most stars of any sitting of each skill ``profile`` has drilled."""
    check_profile_name(profile)

    def run(session: Session) -> dict[str, int]:
        pid = store.profile_id_in(session, profile, create=False)
        if pid is None:
            return {}
        rows = session.execute(
            select(DrillSittingRow.skill, func.max(DrillSittingRow.stars))
            .where(DrillSittingRow.profile_id == pid)
            .group_by(DrillSittingRow.skill)).all()
        return {str(skill): int(most or 0) for skill, most in rows}

    return store.run(run)


def sittings(store: Store, profile: str) -> list[dict[str, Any]]:
    """Every sitting of ``profile``, oldest first (skill, right, asked, stars, source,
    at)."""
    check_profile_name(profile)

    def run(session: Session) -> list[dict[str, Any]]:
        pid = store.profile_id_in(session, profile, create=False)
        if pid is None:
            return []
        rows = session.scalars(select(DrillSittingRow)
                               .where(DrillSittingRow.profile_id == pid)
                               .order_by(DrillSittingRow.id)).all()
        return [{"skill": r.skill, "right": r.right, "asked": r.asked, "stars": r.stars,
                 "source": r.source, "at": r.at} for r in rows]

    return store.run(run)


def record_ending(store: Store, profile: str, ending_id: str, *, target: str,
                  target_points: int, points: int, reached: bool,
                  at: datetime | None = None) -> None:
    """Keep one ending played out: its target (``points`` or ``ultimas``), the points
    taken and whether the target was reached."""
    check_profile_name(profile)
    _check_text(ending_id, MAX_ENDING_ID, "ending id")
    if target not in ("points", "ultimas"):
        raise StoreError(f"an ending's target is 'points' or 'ultimas', not {shown(target)}",
                         reason="bad_drill_result")
    _check_count(target_points, "target_points")
    _check_count(points, "points")

    def run(session: Session) -> None:
        pid = store.profile_id_in(session, profile, create=True)
        assert pid is not None
        session.add(EndingResultRow(profile_id=pid, ending_id=ending_id, at=naive_utc(at),
                                    target=target, target_points=target_points,
                                    points=points, reached=bool(reached)))

    store.run(run)


def ending_results(store: Store, profile: str) -> list[dict[str, Any]]:
    """Every ending ``profile`` played out, oldest first (ending id, target, target
    points, points, reached, at)."""
    check_profile_name(profile)

    def run(session: Session) -> list[dict[str, Any]]:
        pid = store.profile_id_in(session, profile, create=False)
        if pid is None:
            return []
        rows = session.scalars(select(EndingResultRow)
                               .where(EndingResultRow.profile_id == pid)
                               .order_by(EndingResultRow.id)).all()
        return [{"ending": r.ending_id, "target": r.target, "target_points": r.target_points,
                 "points": r.points, "reached": r.reached, "at": r.at} for r in rows]

    return store.run(run)


__all__ = ["MAX_STARS", "SOURCES", "best_stars", "ending_results", "record_ending",
           "record_sitting", "sittings"]
