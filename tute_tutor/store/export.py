"""A learner's whole history as one CSV file (the progress page's download).

One row per thing kept: a quiz answer, a lesson done, a practice hand, a costly card of a
reviewed hand (``mistake``), a puzzle answered, a drill sitting, an ending played out,
oldest first. The columns are the same for every row; what only one type has goes in
``detail`` as JSON.

>>> from tute_tutor.store import open_store
>>> from tute_tutor.store.mistakes import record_mistakes
>>> store = open_store("sqlite://")
>>> store.record_answer("ana", kind="legal", rule="montar", correct=True)
>>> _ = record_mistakes(store, "ana", "h1", "clasico", [(3, "1o", "three_on_opponent", 11, True)])
>>> [line.split(",")[0] for line in history_csv(store, "ana").splitlines()]
['type', 'answer', 'mistake']
"""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime
from typing import Any, Final

from sqlalchemy import select
from sqlalchemy.orm import Session

from tute_tutor.store import drills, puzzles
from tute_tutor.store.db import Store
from tute_tutor.store.learners import check_profile_name
from tute_tutor.store.tables import MistakeRow

COLUMNS: Final = ("type", "at", "kind", "rule", "correct", "lesson_id", "ruleset", "won",
                  "totals", "detail")
"""The header of the file."""

Row = tuple[datetime, dict[str, str]]


def _flag(value: object) -> str:
    return str(bool(value)).lower()


def _detail(values: dict[str, Any]) -> str:
    return json.dumps(values, ensure_ascii=False, default=str)


def _ruleset_of(item_id: str) -> str:
    """The rule set a puzzle or ending id starts with (``a-dos+1f2e3d4c/7/2``: ``a-dos``)."""
    return item_id.split("/", 1)[0].split("+", 1)[0]


def _row(kind_of_row: str, at: datetime, **columns: str) -> Row:
    return at, {"type": kind_of_row, "at": at.isoformat(), **columns}


def _mistakes(store: Store, profile: str) -> list[Row]:
    def run(session: Session) -> list[Row]:
        pid = store.profile_id_in(session, profile, create=False)
        if pid is None:
            return []
        found = session.scalars(select(MistakeRow).where(MistakeRow.profile_id == pid)
                                .order_by(MistakeRow.id)).all()
        return [_row("mistake", r.at, kind=r.kind, ruleset=r.ruleset,
                     detail=_detail({"trick": r.trick, "card": r.card, "cost": r.cost,
                                     "exact": r.exact}))
                for r in found]

    return store.run(run)


def history_rows(store: Store, profile: str) -> list[dict[str, str]]:
    """Every row of :func:`history_csv`, oldest first (a tie keeps the order above)."""
    check_profile_name(profile)
    rows: list[Row] = []
    for a in store.answers(profile):
        rows.append(_row("answer", a.at, kind=a.kind, rule=a.rule, correct=_flag(a.correct),
                         detail=_detail(a.detail)))
    for lesson in store.lessons(profile):
        rows.append(_row("lesson", lesson.at, lesson_id=lesson.lesson_id))
    for h in store.hands(profile):
        rows.append(_row("hand", h.at, ruleset=h.ruleset, won=_flag(h.won),
                         totals=" ".join(str(total) for total in h.totals)))
    rows += _mistakes(store, profile)
    for p in puzzles.attempts(store, profile):
        rows.append(_row("puzzle", p["at"], correct=_flag(p["solved"]),
                         ruleset=_ruleset_of(p["puzzle"]),
                         detail=_detail({"puzzle": p["puzzle"], "card": p["card"],
                                         "rating_before": round(p["before"], 1),
                                         "rating_after": round(p["after"], 1),
                                         "daily": p["daily"]})))
    for s in drills.sittings(store, profile):
        rows.append(_row("drill", s["at"], kind=s["source"], rule=s["skill"],
                         detail=_detail({"right": s["right"], "asked": s["asked"],
                                         "stars": s["stars"]})))
    for e in drills.ending_results(store, profile):
        rows.append(_row("ending", e["at"], kind=e["target"], correct=_flag(e["reached"]),
                         ruleset=_ruleset_of(e["ending"]),
                         detail=_detail({"ending": e["ending"],
                                         "target_points": e["target_points"],
                                         "points": e["points"]})))
    rows.sort(key=lambda item: item[0])
    return [{column: values.get(column, "") for column in COLUMNS} for _, values in rows]


def history_csv(store: Store, profile: str) -> str:
    """All of ``profile``'s history as CSV text (see the module)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(history_rows(store, profile))
    return out.getvalue()


__all__ = ["COLUMNS", "history_csv", "history_rows"]
