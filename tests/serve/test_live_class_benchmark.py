"""benchmarks/live_class.py --small through a real serve (PostgreSQL, 2 replicas, nginx):
every phone joined and acknowledged, every answer stored once, the projector's counts and
the revealed distribution exact. Its latency figures are printed for people, never asserted."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.replicas

ROOT = Path(__file__).resolve().parents[2]


def test_small_live_class_stores_each_answer_once_and_counts_exactly() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "live_class.py"),
                           "--small", "--json"], capture_output=True, text=True, timeout=400,
                          cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1
    figures = json.loads(lines[0])
    assert figures["errors"] == 0, figures["first_errors"]
    students = figures["students"]
    assert figures["joined"] == students == 6
    assert figures["taps"] == students * figures["questions"]
    assert len(figures["checks"]) == figures["questions"] == 2
    for check in figures["checks"]:
        assert check["acknowledged"] == students
        assert check["stored"] == students  # once each, double taps included
        assert check["projector_answered"] == check["projector_joined"] == students
        assert check["revealed_total"] == students
