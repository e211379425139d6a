"""benchmarks/puzzles.py prints one JSON line with every figure (no speed asserted)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "puzzles.py"


def test_puzzles_benchmark_prints_the_wait_for_the_next_puzzle_and_the_making_cost() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--json", "--takes", "2", "--think",
                           "0", "--make", "1", "--cases", "a-tres,clasico/cantes",
                           "--warm-timeout", "1"], capture_output=True,
                          text=True, timeout=600, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    (line,) = done.stdout.splitlines()
    figures = json.loads(line)
    for case in ("a-tres", "clasico/cantes"):
        for key in ("next_p95_ms", "next_max_ms", "cold_ms", "warm_s", "make_mean_ms",
                    "solve_mean_ms"):
            assert figures[case][key] > 0, (case, key)
    assert figures["next_p95_ms_max"] >= figures["a-tres"]["next_p95_ms"]
