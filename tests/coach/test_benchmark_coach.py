"""benchmarks/coach.py prints one JSON line with its figures (no speed asserted)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "coach.py"


def test_coach_benchmark_prints_the_time_of_a_reason() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--json", "--hands", "1",
                           "--level", "2"], capture_output=True, text=True, timeout=600,
                          check=False, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    (line,) = done.stdout.splitlines()
    figures = json.loads(line)
    assert figures["reasons"] >= 4 * 8  # every card of one hand of each table
    assert 0 <= figures["reason_p50_ms"] <= figures["reason_p95_ms"] <= figures["reason_max_ms"]
