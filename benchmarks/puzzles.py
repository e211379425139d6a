"""How soon the next puzzle is there: the puzzles page's pool, measured.

    python benchmarks/puzzles.py --json [--takes 20] [--think 3] [--rulesets clasico,a-tres,a-dos]

prints one JSON line. For each rule set (any theme), for the rarer themes ``counting``
and ``partner`` of ``clasico``, for ``stock`` of ``a-dos``, for ``cantes`` (found by the
cantes search) of ``clasico``, ``a-tres`` and ``a-dos``, and for the puzzles of
``clasico`` with hidden hands (``clasico/sampled``, a pool the page fills on demand)
and those of the stock's last trick of ``a-dos`` with hidden hands (``a-dos/stock-sampled``):

- ``next_p95_ms`` / ``next_max_ms``: wall milliseconds of :meth:`PuzzlePool.take` (what
  the page waits for after "Next puzzle"), over ``--takes`` puzzles taken one after the
  other by a learner who spends ``--think`` seconds on each, from a pool that has been
  up a while (the page's pools are ``warm``: made on a server's first visit, every theme
  filled from the start; here each is filled before the first take);
  ``cold_ms`` is the first take of a theme from a pool nobody asked before;
- ``warm_s``: seconds a warm pool took to fill every theme's queue;
- ``make_mean_ms``: wall milliseconds to make one puzzle with no pool (deals played by the
  computer, the decision points solved exactly), the cost the pool hides;
- ``solve_mean_ms``: of that, the exact solve of the puzzle's position alone.

The target of issue 20: the next puzzle within 300 ms at the 95th percentile.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from typing import Any

from tute_tutor.ai.solver import Position, Solver
from tute_tutor.coach.puzzles import PuzzlePool, iter_puzzles
from tute_tutor.engine.variants import find_rules


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def measure_pool(ruleset: str, theme: str | None, takes: int, think: float,
                 seed: int, warm_timeout: float, sampled: bool = False) -> dict[str, float]:
    started = time.perf_counter()
    PuzzlePool(ruleset, seed=seed + 7, sampled=sampled).take(theme)
    cold = (time.perf_counter() - started) * 1000
    started = time.perf_counter()
    pool = PuzzlePool(ruleset, seed=seed, warm=not sampled, sampled=sampled)
    if sampled:  # as the page does: the first take asks, the scan fills the queue
        pool.take(theme)
    pool.wait(timeout=warm_timeout)
    warm = time.perf_counter() - started
    waits = []
    for _ in range(takes):
        started = time.perf_counter()
        pool.take(theme)
        waits.append((time.perf_counter() - started) * 1000)
        time.sleep(think)
    pool.close()  # the next case gets the machine to itself
    return {"next_p95_ms": round(_p95(waits), 2), "next_max_ms": round(max(waits), 2),
            "cold_ms": round(cold, 2), "warm_s": round(warm, 1)}


def measure_making(ruleset: str, theme: str | None, count: int,
                   seed: int, sampled: bool = False) -> dict[str, float]:
    rules = find_rules(ruleset)
    made = []
    solves = []
    source = iter_puzzles(seed + 1000, ruleset, theme, sampled=sampled)
    for _ in range(count):
        started = time.perf_counter()
        puzzle = next(source)
        made.append((time.perf_counter() - started) * 1000)
        position = Position.from_rules(rules, puzzle.hands, puzzle.trump, puzzle.leader,
                                       puzzle.trick)
        started = time.perf_counter()
        Solver(position, puzzle.to_play).card_values()
        solves.append((time.perf_counter() - started) * 1000)
    return {"make_mean_ms": round(statistics.fmean(made), 2),
            "solve_mean_ms": round(statistics.fmean(solves), 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    parser.add_argument("--takes", type=int, default=20, help="puzzles taken per pool")
    parser.add_argument("--think", type=float, default=3.0,
                        help="seconds the learner spends on each puzzle")
    parser.add_argument("--make", type=int, default=10, help="puzzles made with no pool")
    parser.add_argument("--rulesets", default="clasico,a-tres,a-dos")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases", default="",
                        help="only these cases, e.g. a-dos,clasico/counting")
    parser.add_argument("--warm-timeout", type=float, default=600.0,
                        help="seconds at most to let a warm pool fill before the takes")
    args = parser.parse_args(argv)
    figures: dict[str, Any] = {"takes": args.takes, "think_s": args.think,
                               "load_average": round(os.getloadavg()[0], 1)}
    cases: list[tuple[str, str | None]] = [(r, None) for r in args.rulesets.split(",")]
    cases += [("clasico", "counting"), ("clasico", "partner"), ("a-dos", "stock"),
              ("clasico", "cantes"), ("a-tres", "cantes"), ("a-dos", "cantes"),
              ("clasico", "sampled"), ("a-dos", "stock-sampled")]
    if args.cases:
        cases = [(c.split("/")[0], c.split("/")[1] if "/" in c else None)
                 for c in args.cases.split(",")]
    for ruleset, theme in cases:
        name = ruleset if theme is None else f"{ruleset}/{theme}"
        sampled = theme is not None and theme.endswith("sampled")
        wanted = theme.removesuffix("sampled").rstrip("-") or None if theme else None
        figures[name] = {**measure_pool(ruleset, wanted, args.takes, args.think, args.seed,
                                        args.warm_timeout, sampled),
                         **measure_making(ruleset, wanted, args.make, args.seed, sampled)}
    figures["next_p95_ms_max"] = max(v["next_p95_ms"] for v in figures.values()
                                 if isinstance(v, dict))
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
