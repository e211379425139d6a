"""The mistakes of a learner's practice hands in the database (migration 0008).

When a practice hand is reviewed (:func:`tute_tutor.table.review.choice_costs`), each
costly card is kept with its kind and its cost (:func:`record_mistakes`), once per hand:
the hand is named by the SHA-256 of its record, and a card by its trick, so a review
drawn again counts nothing twice. The progress page reads them back by kind
(:func:`mistake_summary`) and the puzzles page the kinds of the latest ones
(:func:`recent_kinds`). A profile's mistakes go with its history (erase, delete).

>>> from tute_tutor.store import open_store
>>> store = open_store("sqlite://")
>>> record_mistakes(store, "ana", "h1", "clasico", [(3, "1o", "three_on_opponent", 11, True)])
1
>>> [(s.kind, s.count, s.points) for s in mistake_summary(store, "ana")]
[('three_on_opponent', 1, 11)]
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from tute_tutor.coach.mistakes import MISTAKE_KINDS
from tute_tutor.engine.errors import shown
from tute_tutor.store.database import StoreError
from tute_tutor.store.db import Store
from tute_tutor.store.tables import MistakeRow, insert_or_skip, naive_utc

MistakeItem = tuple[int, str, str, int, bool]
"""One costly card: its trick (1-based), its code, its mistake kind, its cost, exact."""
RECENT: Final = 20
""":func:`recent_kinds` looks at this many of the latest mistakes."""


@dataclass(frozen=True, slots=True)
class KindSummary:
    """A learner's mistakes of one kind: how many, the points they cost, the last one."""

    kind: str
    count: int
    points: int
    last_seen: datetime


def hand_key(record_text: str) -> str:
    """The name of a hand in the table: the SHA-256 of its record's text."""
    return hashlib.sha256(record_text.encode("utf-8")).hexdigest()


def _checked(items: Sequence[MistakeItem]) -> list[MistakeItem]:
    out: list[MistakeItem] = []
    for trick, card, kind, cost, exact in items:
        if kind not in MISTAKE_KINDS:
            raise StoreError(f"unknown mistake kind {str(kind)[:40]!r}", reason="bad_mistake")
        if not isinstance(trick, int) or not isinstance(cost, int) or trick < 1 or cost < 0:
            raise StoreError(f"a mistake needs a trick from 1 and a cost from 0, not "
                             f"{shown(trick)} and {shown(cost)}", reason="bad_mistake")
        out.append((trick, str(card)[:4], kind, cost, bool(exact)))
    return out


def record_mistakes(store: Store, profile: str, hand: str, ruleset: str,
                    items: Sequence[MistakeItem], *, at: datetime | None = None) -> int:
    """Keep the costly cards of one finished hand of ``profile`` (``hand``: its name,
    :func:`hand_key`); the ones already kept are skipped. The number added."""
    checked = _checked(items)
    if not checked:
        return 0
    moment = naive_utc(at)

    def run(session: Session) -> int:
        pid = store.profile_id_in(session, profile, create=True)
        added = 0
        for trick, card, kind, cost, exact in checked:
            new_id = session.scalar(insert_or_skip(session, MistakeRow, {
                "profile_id": pid, "at": moment, "hand": hand[:64], "trick": trick,
                "ruleset": ruleset[:40], "card": card, "kind": kind, "cost": cost,
                "exact": exact}).returning(MistakeRow.id))
            added += new_id is not None
        return added

    return store.run(run)


def mistake_summary(store: Store, profile: str) -> list[KindSummary]:
    """``profile``'s mistakes by kind, the most frequent first (then the dearest)."""

    def run(session: Session) -> list[KindSummary]:
        pid = store.profile_id_in(session, profile, create=False)
        if pid is None:
            return []
        rows = session.execute(
            select(MistakeRow.kind, func.count(MistakeRow.id), func.sum(MistakeRow.cost),
                   func.max(MistakeRow.at))
            .where(MistakeRow.profile_id == pid).group_by(MistakeRow.kind)).all()
        found = [KindSummary(kind, int(count), int(points or 0), last)
                 for kind, count, points, last in rows]
        return sorted(found, key=lambda s: (-s.count, -s.points, s.kind))

    return store.run(run)


def recent_kinds(store: Store, profile: str, limit: int = RECENT) -> list[str]:
    """The kinds of ``profile``'s latest ``limit`` mistakes, the most frequent first (a
    tie goes to the one seen last)."""

    def run(session: Session) -> list[str]:
        pid = store.profile_id_in(session, profile, create=False)
        if pid is None:
            return []
        kinds = session.scalars(select(MistakeRow.kind).where(MistakeRow.profile_id == pid)
                                .order_by(MistakeRow.id.desc()).limit(limit)).all()
        counts = Counter(kinds)
        first: dict[str, int] = {}
        for place, kind in enumerate(kinds):  # newest first
            first.setdefault(kind, place)
        return sorted(counts, key=lambda k: (-counts[k], first[k]))

    return store.run(run)


__all__ = ["RECENT", "KindSummary", "MistakeItem", "hand_key", "mistake_summary",
           "recent_kinds", "record_mistakes"]
