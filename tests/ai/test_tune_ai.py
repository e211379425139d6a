"""benchmarks/tune_ai.py: a tiny study runs, starts from the defaults, names its check."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tute_tutor.ai.arena import settings_of

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "tune_ai.py"


def test_a_tiny_study_starts_from_the_defaults_and_prints_its_check() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--level", "3", "--ruleset", "a-dos",
                           "--trials", "2", "--deals", "1", "--json"], capture_output=True,
                          text=True, timeout=600, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert len(result["history"]) == 2
    defaults = {name: settings_of(3)[name] for name in result["defaults"]}
    assert result["history"][0]["params"] == defaults
    assert set(result["best_config"]) == set(defaults)
    assert "--a-config" in result["check"] and "--seed 2" in result["check"]


def test_every_tuned_name_is_a_setting_of_its_level() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from tune_ai import SPACES
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    for level, space in SPACES.items():
        assert set(space) <= set(settings_of(level)), level


class _Draws:
    """An Optuna trial stand-in that draws every float as a long one."""

    def suggest_int(self, name: str, low: int, high: int) -> int:
        return high

    def suggest_float(self, name: str, low: float, high: float, log: bool = False) -> float:
        return low + (high - low) / 37  # 0.046486486486486484 for 0.02 to 1


def test_drawn_settings_can_be_passed_to_the_arena_as_printed() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from tune_ai import SPACES, suggest
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    from tute_tutor.cli.arena import _config

    config = suggest(_Draws(), SPACES[4])
    assert _config("--a-config", json.dumps(config)) == config
