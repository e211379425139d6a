"""How long an ending's verdict takes: the solver's value of every legal card, per card.

    python benchmarks/endings.py [--endings 40] [--rulesets clasico,a-tres,a-dos] [--json]

For each rule set, ``--endings`` endings (seeds 0, 1, ...) are played out with the
learner's cards drawn at random among the legal ones (seeded), so lines short of best are
measured too. Figures, in wall milliseconds, p50 / p95 / max:

- ``verdict``: :meth:`EndingPlay.play` for one learner card (the exact solve of every
  legal card: what the page waits for before it shows the verdict);
- ``click``: the verdict plus the computers' answers up to the learner's next turn
  (:meth:`EndingPlay.advance`, one solve per computer card): the whole wait after a click;
- ``make``: making a new ending (a deal played by the computer to its last tricks, the
  target checked by the solver, the computers before the learner played);
- ``best_card``: making one best-card drill position (:func:`coach.drills.best_card`).

The target of issue 20: a verdict within 500 ms at the 95th percentile.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from tute_tutor.coach.drills import best_card
from tute_tutor.coach.endings import LEARNER, EndingPlay, ending
from tute_tutor.engine.variants import find_rules


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _figures(values: list[float]) -> dict[str, float]:
    return {"p50": round(statistics.median(values), 2), "p95": round(_quantile(values, 0.95), 2),
            "max": round(max(values), 2), "n": len(values)}


def measure(ruleset: str, endings: int, best_cards: int) -> dict[str, Any]:
    rules = find_rules(ruleset)
    rng = random.Random(f"bench/{ruleset}")
    verdicts: list[float] = []
    clicks: list[float] = []
    makes: list[float] = []
    for seed in range(endings):
        started = time.perf_counter()
        play = EndingPlay(ending(seed, rules))
        play.advance()
        makes.append((time.perf_counter() - started) * 1000)
        while not play.finished:
            assert play.to_move == LEARNER
            card = rng.choice(play.legal())
            started = time.perf_counter()
            play.play(card)
            verdicts.append((time.perf_counter() - started) * 1000)
            play.advance()
            clicks.append((time.perf_counter() - started) * 1000)
    best: list[float] = []
    for seed in range(best_cards):
        started = time.perf_counter()
        best_card(seed, rules)
        best.append((time.perf_counter() - started) * 1000)
    out = {"verdict": _figures(verdicts), "click": _figures(clicks), "make": _figures(makes)}
    if best:
        out["best_card"] = _figures(best)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--endings", type=int, default=40)
    parser.add_argument("--best-cards", type=int, default=10)
    parser.add_argument("--rulesets", default="clasico,a-tres,a-dos")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    results = {ruleset: measure(ruleset, args.endings, args.best_cards)
               for ruleset in args.rulesets.split(",")}
    results["verdict_p95_ms_max"] = max(r["verdict"]["p95"] for r in results.values())
    if args.json:
        print(json.dumps(results))
        return 0
    for ruleset, figures in results.items():
        if not isinstance(figures, dict):
            continue
        for name, row in figures.items():
            print(f"{ruleset:8} {name:9} p50 {row['p50']:8.2f} ms  p95 {row['p95']:8.2f} ms  "
                  f"max {row['max']:8.2f} ms  (n={row['n']})")
    print(f"verdict p95, worst rule set: {results['verdict_p95_ms_max']} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
