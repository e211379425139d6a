"""Write ``data/progress-v1.sqlite3``: a progress database as the store made it before
it had schema versions (commit d7da583, tables from ``create_all``, no alembic table).

Run once with that commit's package first on the path, e.g.::

    git archive d7da583 tute_tutor | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old python tests/store/make_fixture_v1.py

The migration test opens a copy and expects every row listed in ``EXPECTED``.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent / "data" / "progress-v1.sqlite3"
START = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)

# (profile, kind, rule, correct, detail); one answer a minute from START.
ANSWERS: list[tuple[str, str, str, bool, dict[str, Any]]] = [
    ("default", "legal", "montar", True, {"hand": ["1o", "12c"], "chosen": ["1o"]}),
    ("default", "legal", "asistir", False, {}),
    ("Ana", "legal", "montar", True, {"q": 1}),
    ("Ana", "legal", "pisar", False, {"q": 2}),
    ("Ana", "cante", "cante_40", True, {}),
    ("Ana", "legal", "arrastre", True, {"note": "año, niño"}),
    ("Luis Pérez", "legal", "montar", False, {}),
    ("Luis Pérez", "score", "diez_de_ultimas", True, {}),
    ("María", "legal", "asistir", True, {}),
]
LESSONS: list[tuple[str, str]] = [("Ana", "l01-cartas"), ("Ana", "l02-bazas"),
                                  ("María", "l01-cartas")]
HANDS: list[tuple[str, str, bool, list[int]]] = [("Ana", "clasico", True, [78, 52]),
                                                 ("Luis Pérez", "a-dos", False, [40, 90])]


def main() -> None:
    from tute_tutor.store import open_store

    if OUT.exists():
        OUT.unlink()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    store = open_store(str(OUT))
    store.add_profile("Nadie")  # a profile with no history
    for n, (profile, kind, rule, correct, detail) in enumerate(ANSWERS):
        store.record_answer(profile, kind=kind, rule=rule, correct=correct, detail=detail,
                            at=START + timedelta(minutes=n))
    for n, (profile, lesson) in enumerate(LESSONS):
        store.record_lesson(profile, lesson, at=START + timedelta(hours=1, minutes=n))
    for n, (profile, ruleset, won, totals) in enumerate(HANDS):
        store.record_hand(profile, ruleset=ruleset, won=won, totals=totals,
                          record={"format": "tute-hand/1", "ruleset": ruleset, "n": n},
                          at=START + timedelta(hours=2, minutes=n))
    store.close()
    # Fold the write-ahead log into the file so one file holds everything.
    import sqlite3

    with sqlite3.connect(OUT) as db:
        db.execute("PRAGMA journal_mode=DELETE")
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
