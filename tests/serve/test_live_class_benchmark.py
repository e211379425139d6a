"""benchmarks/live_class.py --small through a real serve (PostgreSQL, 2 replicas, nginx):
every phone joined and acknowledged, every answer stored once, the projector's counts and
the revealed distribution exact. Its latency figures are printed for people, never asserted."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import WAIT_S

pytestmark = pytest.mark.replicas

ROOT = Path(__file__).resolve().parents[2]
RUN_S = 12 * WAIT_S
"""The whole run's last resort (it ends itself first): the server's start, the phones'
joins, each question's redraws, taps and reveal, and the stop, one after the other, each
step waiting up to WAIT_S (TUTE_TUTOR_BENCH_STEP_S)."""


def test_small_live_class_stores_each_answer_once_and_counts_exactly() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "live_class.py"),
                           "--small", "--json"], capture_output=True, text=True,
                          timeout=RUN_S, cwd=ROOT, check=False,
                          env=dict(os.environ, TUTE_TUTOR_BENCH_STEP_S=str(WAIT_S)))
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
