"""benchmarks/engine.py prints one JSON line with every figure (no speed asserted)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "engine.py"


def test_benchmark_prints_one_json_line_with_every_figure() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--json", "--seconds", "0.05",
                           "--rounds", "1"], capture_output=True, text=True, timeout=300,
                          check=True)
    lines = done.stdout.splitlines()
    assert len(lines) == 1
    figures = json.loads(lines[0])
    for key in ("playouts_per_s_4p", "playouts_per_s_3p", "playouts_per_s_2p",
                "legal_per_s", "legal_per_s_3p", "legal_per_s_2p"):
        assert isinstance(figures[key], int) and figures[key] > 0
