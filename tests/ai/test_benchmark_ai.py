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


def test_the_split_references_cheat_only_in_their_part_of_the_hand() -> None:
    import importlib.util
    import random

    from tute_tutor.ai.base import computer_turn
    from tute_tutor.engine.game import Game

    spec = importlib.util.spec_from_file_location("bench_ai", SCRIPT)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    game = Game.deal("clasico", rng=random.Random(4), dealer=0)
    early = bench.SplitReference(game, "early", 6)
    late = bench.SplitReference(game, "late", 6)
    players = [bench.get_player(2)] * 4
    rng = random.Random(4)
    sizes = []
    while not game.finished:
        seat = game.to_move
        if seat is not None and game.declarer is None:
            view = game.view(seat)
            size = len(view.hand)
            sizes.append(size)
            cheats = size > 6
            assert (early.player_for(view) is early.cheat) == cheats
            assert (late.player_for(view) is late.cheat) == (not cheats)
        computer_turn(game, players, rng)
    assert max(sizes) == 10 and min(sizes) == 1


def test_the_split_reference_plays_against_any_level_with_intervals() -> None:
    done = _run("--ceiling-deals", "2", "--ceiling-player", "cheat-late", "--ceiling-level",
                "2", "--ceiling-split", "2", "--ceiling-jobs", "2")
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["ceiling_player"] == "cheat-late" and figures["ceiling_split"] == 2
    low, high = figures["ceiling_win_interval"]
    assert 0 <= low <= figures["ceiling_win_rate"] <= high <= 1
    low, high = figures["ceiling_margin_interval"]
    assert low <= figures["ceiling_margin"] <= high
