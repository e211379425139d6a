"""benchmarks/load.py --small completes through a real serve with no error and every answer
stored (its latency figures are printed for people, never asserted)."""

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
ANSWER_S = 8 * WAIT_S
"""How long the four students may take to give their three answers: each answers with
seven reruns (the page, then an answer and "next" three times), each waiting up to WAIT_S
(TUTE_TUTOR_BENCH_STEP_S), run side by side."""
RUN_S = ANSWER_S + 8 * WAIT_S
"""The whole run's last resort (it ends itself first): the server's start, the warm-up's
reruns and the stop, each step waiting up to WAIT_S."""


def test_small_load_stores_every_answer_without_errors() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "load.py"), "--small",
                           "--json", "--duration", str(ANSWER_S)], capture_output=True,
                          text=True, timeout=RUN_S, cwd=ROOT, check=False,
                          env=dict(os.environ, TUTE_TUTOR_BENCH_STEP_S=str(WAIT_S)))
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
