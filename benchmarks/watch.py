"""Speed of Watch and learn: playing a hand for watching, and stepping through it.

    python benchmarks/watch.py --json
    python benchmarks/watch.py --level 4 --hands 1 --json

for ``--hands`` seeded hands of each table (four players, three, two) with computers of
level ``--level`` (2 by default) in every seat, times: ``play_s`` (CPU seconds the
computers take to play a whole hand, with the reasons' edges: what the page's progress
bar waits for, once per server and deal), ``watch_ms`` (the steps and every reason
rebuilt from the hand's record: once per session) and ``step_ms`` (one step drawn: the
position rebuilt by ``Game.replayed`` and its sentence worded, Spanish and English), with
p50/p95/max over every step of every hand. It prints one JSON line.

Times are CPU seconds of this process (``time.process_time``), so a busy machine does
not inflate them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from tute_tutor.coach.watch import play_for_watching, watch_game
from tute_tutor.engine.variants import find_rules
from tute_tutor.formats.record import replay_game
from tute_tutor.words.watch import step_text, trick_text

TABLES = ("clasico", "a-tres", "a-dos")


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[int(0.95 * (len(ordered) - 1))]


def measure(hands: int, level: int) -> dict[str, float | int]:
    """The figures over ``hands`` seeded hands of every table."""
    play: list[float] = []
    watch: list[float] = []
    steps: list[float] = []
    for ruleset in TABLES:
        for seed in range(hands):
            start = time.process_time()
            game, edges = play_for_watching(find_rules(ruleset), seed, (level,))
            play.append(time.process_time() - start)
            record = game.to_record()
            start = time.process_time()
            hand = watch_game(replay_game(record), edges)
            watch.append((time.process_time() - start) * 1000)
            for position in range(1, hand.size + 1):
                start = time.process_time()
                hand.at(position)
                step = hand.steps[position - 1]
                for lang in ("es", "en"):
                    step_text(step, hand.rules.players, lang)
                    trick_text(step, hand.rules.players, lang)
                steps.append((time.process_time() - start) * 1000)
    return {"hands": len(play), "level": level,
            "play_s_p50": round(statistics.median(play), 2),
            "play_s_max": round(max(play), 2),
            "watch_ms_p50": round(statistics.median(watch), 1),
            "watch_ms_max": round(max(watch), 1),
            "steps": len(steps),
            "step_ms_p50": round(statistics.median(steps), 2),
            "step_ms_p95": round(_p95(steps), 2),
            "step_ms_max": round(max(steps), 2)}


def main(argv: list[str] | None = None) -> int:
    """Parse the options, measure, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5, help="hands per table")
    parser.add_argument("--level", type=int, default=2, choices=(1, 2, 3, 4))
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
