"""benchmarks/reading.py prints one JSON line with its figures (no strength asserted)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "reading.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                          text=True, timeout=600, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_reading_benchmark_prints_how_well_each_reading_places_the_hidden_cards() -> None:
    done = _run("--json", "--deals", "3", "--pool", "60")
    assert done.returncode == 0, done.stderr
    (line,) = done.stdout.splitlines()
    figures = json.loads(line)
    assert figures["positions"] >= 1 and figures["pool"] == 60
    for key in ("placed_uniform", "placed_level4"):
        assert 0 < figures[key] <= 1
    assert 0 <= figures["exact_fit_share_median"] <= 1
    # level 2's own rules explain every play level 2 made: the exact reading is exact
    assert figures["true_misfits"] == 0


def test_reading_benchmark_refuses_an_empty_run_in_one_line() -> None:
    done = _run("--deals", "0")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1].endswith("--deals and --pool must be at least 1")
