"""benchmarks/endings.py prints every figure of the endings' verdicts (no speed asserted)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "endings.py"


def test_endings_benchmark_prints_the_verdict_click_and_making_times() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--json", "--endings", "2",
                           "--best-cards", "1", "--rulesets", "clasico,a-dos"],
                          capture_output=True, text=True, timeout=600, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    (line,) = done.stdout.splitlines()
    figures = json.loads(line)
    for ruleset in ("clasico", "a-dos"):
        for name in ("verdict", "click", "make", "best_card"):
            row = figures[ruleset][name]
            assert 0 < row["p50"] <= row["p95"] <= row["max"] and row["n"] >= 1, (ruleset, name)
    assert figures["verdict_p95_ms_max"] == max(figures[r]["verdict"]["p95"]
                                                for r in ("clasico", "a-dos"))
