"""Speed of the coach: the reason for a computer card, worded, on top of the move.

    python benchmarks/coach.py --json

plays ``--hands`` seeded hands per table (four players, four with the partner
exemption, three, two; level ``--level`` in every seat, 3 by default) and times, for
every card, what the coach adds to the computer's move: :func:`reason_for` on the seat's
view and the computer's decision, and the sentence in Spanish and in English. It prints
one JSON line: ``reasons`` (how many were timed), ``reason_p50_ms``, ``reason_p95_ms``
and ``reason_max_ms``. The issue's bound is p95 at most 100 ms.

Times are CPU seconds of this process (``time.process_time``), so a busy machine does
not inflate them.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

from tute_tutor.ai import get_player
from tute_tutor.ai.base import declare_for_all
from tute_tutor.coach.reasons import reason_for
from tute_tutor.engine.game import Game
from tute_tutor.engine.variants import find_rules
from tute_tutor.words.coach import reason_text

TABLES: list[tuple[str, dict[str, Any]]] = [
    ("clasico", {}), ("clasico", {"partner_exemption": True}), ("a-tres", {}), ("a-dos", {}),
]


def measure(hands: int, level: int) -> dict[str, float]:
    """Milliseconds of each reason (worded in both languages) over the seeded hands."""
    player = get_player(level)
    times: list[float] = []
    for ruleset, overrides in TABLES:
        for seed in range(hands):
            rng = random.Random(seed)
            game = Game.deal(find_rules(ruleset, overrides), rng=rng)
            players = [player] * game.players
            while not game.finished:
                declare_for_all(game, players, rng)
                if game.finished:
                    break
                game.close_moment()
                seat = game.to_move
                assert seat is not None
                view = game.view(seat)
                decision = player.decide(view, rng)
                start = time.process_time()
                reason = reason_for(view, decision)
                reason_text(reason, "Bruno", "es")
                reason_text(reason, "Bruno", "en")
                times.append((time.process_time() - start) * 1000)
                game.play(decision.card)
    times.sort()
    return {"reasons": len(times),
            "reason_p50_ms": round(statistics.median(times), 3),
            "reason_p95_ms": round(times[int(0.95 * (len(times) - 1))], 3),
            "reason_max_ms": round(times[-1], 3)}


def main(argv: list[str] | None = None) -> int:
    """Parse the options, measure, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10, help="hands per table")
    parser.add_argument("--level", type=int, default=3, choices=(1, 2, 3, 4))
    parser.add_argument("--json", action="store_true", help="one JSON line")
    args = parser.parse_args(argv)
    figures = measure(max(1, args.hands), args.level)
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
