"""benchmarks/ai.py prints one JSON line with every figure (no speed asserted)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "ai.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), "--json", "--positions", "1",
                           "--hands", "1", "--l4-tricks", "2", *args], capture_output=True,
                          text=True, timeout=600, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_ai_benchmark_prints_the_solver_level4_and_reference_figures() -> None:
    done = _run("--ceiling-deals", "1", "--ceiling-player", "reader",
                "--ceiling-rollouts", "2")
    assert done.returncode == 0, done.stderr
    (line,) = done.stdout.splitlines()
    figures = json.loads(line)
    for key in ("dd_ms_k5", "dd_ms_k6", "l4_decision_p95_s", "l4_decision_max_s"):
        assert figures[key] > 0
    assert figures["l4_tricks"] == 2 and figures["l4_decisions"] >= 1
    assert figures["ceiling_player"] == "reader"
    assert 0 <= figures["ceiling_win_rate"] <= 1


def test_the_random_aware_references_refuse_any_level_but_1() -> None:
    done = _run("--ceiling-deals", "1", "--ceiling-player", "oracle", "--ceiling-level", "3")
    assert done.returncode == 2
    assert "only play against level 1" in done.stderr.strip().splitlines()[-1]
