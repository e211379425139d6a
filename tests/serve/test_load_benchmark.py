"""benchmarks/load.py --small completes through a real serve with no error and every answer
stored (its latency figures are printed for people, never asserted)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.replicas

ROOT = Path(__file__).resolve().parents[2]


def test_small_load_stores_every_answer_without_errors() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "load.py"), "--small",
                           "--json"], capture_output=True, text=True, timeout=400, cwd=ROOT,
                          check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1
    figures = json.loads(lines[0])
    assert figures["errors"] == 0, figures["first_errors"]
    assert figures["students"] == 4 and figures["replicas"] == 2
    assert figures["answers"] == 4 * 3
    assert figures["acknowledged"] == figures["answers"]
    assert figures["stored"] == figures["answers"]
    for key in ("answer_p50_s", "answer_p95_s", "answer_max_s", "step_p95_s"):
        assert figures[key] > 0
