"""How long generating a quiz question takes, per kind and rule set (run by hand).

    python benchmarks/quiz.py [--count N]

Prints, for each kind and preset, the mean and the slowest time to generate one
question (seeds 0..N-1, difficulty cycling 1-3), and the whole run's questions per
second. Figures only: nothing here is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tute_tutor.engine.variants import PRESETS
from tute_tutor.quiz.generator import KINDS, generate_question, kinds_for


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=60, help="questions per kind and preset")
    args = parser.parse_args()
    total = 0
    started = time.perf_counter()
    print(f"{'kind':<13} {'preset':<9} {'mean ms':>8} {'max ms':>8}")
    for kind in KINDS:
        for preset, rules in PRESETS.items():
            if kind not in kinds_for(rules):
                continue
            times = []
            for seed in range(args.count):
                t0 = time.perf_counter()
                generate_question(kind, seed, preset, difficulty=1 + seed % 3)
                times.append(1000 * (time.perf_counter() - t0))
            total += len(times)
            print(f"{kind:<13} {preset:<9} {statistics.mean(times):8.1f} {max(times):8.1f}")
    elapsed = time.perf_counter() - started
    print(f"{total} questions in {elapsed:.1f} s: {total / elapsed:.0f} questions/s")


if __name__ == "__main__":
    main()
