"""benchmarks/watch.py prints one JSON line with its figures (no speed asserted)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "watch.py"


def test_watch_benchmark_prints_the_time_of_a_hand_and_of_a_step() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--json", "--hands", "1",
                           "--level", "2"], capture_output=True, text=True, timeout=600,
                          check=False, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    (line,) = done.stdout.splitlines()
    figures = json.loads(line)
    assert figures["hands"] == 3 and figures["steps"] >= 3 * 16
    assert 0 <= figures["step_ms_p50"] <= figures["step_ms_p95"] <= figures["step_ms_max"]
    assert figures["play_s_p50"] <= figures["play_s_max"]
