"""How long a drill's question takes to make, per skill (wall milliseconds).

For every skill given (default: the quiz-item skills whose decisions are narrowed by a
test, and the match), ``--sittings`` sittings under the classic rules, each item's
question made once in Spanish (``Sitting.question``, what the page does before drawing
an item): the median, 95th percentile and worst per skill; the 95th percentile of making
the sitting itself (``sitting_p95_ms``); and for the skills with best-card items
(``guardar-cante``, ``mazo-a-dos``: solver positions from the puzzles) the median and
worst time to make one position (``Sitting.position``, which the page makes ahead).

    PYTHONPATH=. python benchmarks/drills.py --sittings 10
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from tute_tutor.coach.drills import BEST_CARD, SKILLS, SPECS, sitting
from tute_tutor.engine.variants import find_rules

DEFAULT_SKILLS = ("exencion", "variantes", "guardar-cante", "mazo-a-dos", "partida")


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(skill: str, sittings: int) -> dict[str, Any]:
    """Milliseconds per question of ``sittings`` sittings of ``skill``."""
    rules = find_rules("clasico")
    times: list[float] = []
    made: list[float] = []
    positions: list[float] = []
    for seed in range(sittings):
        start = time.perf_counter()
        drill = sitting(skill, seed, rules)
        made.append((time.perf_counter() - start) * 1000)
        for index, item in enumerate(drill.items):
            start = time.perf_counter()
            if item.kind == BEST_CARD:
                drill.position(index)
                positions.append((time.perf_counter() - start) * 1000)
                continue
            drill.question(index, "es")
            times.append((time.perf_counter() - start) * 1000)
    figures: dict[str, Any] = {
        "questions": len(times), "median_ms": round(statistics.median(times), 1),
        "p95_ms": round(_quantile(times, 0.95), 1), "worst_ms": round(max(times), 1),
        "sitting_p95_ms": round(_quantile(made, 0.95), 2)}
    if positions:
        figures.update({"best_cards": len(positions),
                        "best_card_median_ms": round(statistics.median(positions)),
                        "best_card_worst_ms": round(max(positions))})
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sittings", type=int, default=10)
    parser.add_argument("--skill", action="append", choices=SKILLS,
                        help="a skill to measure (repeatable; default: the new ones)")
    args = parser.parse_args(argv)
    skills = args.skill or [s for s in DEFAULT_SKILLS if s in SPECS]
    print(json.dumps({skill: measure(skill, args.sittings) for skill in skills}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
