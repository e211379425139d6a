"""Rooms through two replicas behind nginx (``tute-tutor serve``): benchmarks/rooms.py
--small plays two rooms of three players and a level-3 computer, each room's players
put on both replicas, and every move of every hand reaches every screen. Its figures
are printed for people, never asserted."""

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
PLAY_S = 6 * WAIT_S
"""How long the two hands may take in all (the whole test took 75 s at load average 6-15);
each step of them (a rerun, a websocket, the server's start) waits up to WAIT_S."""


def test_two_rooms_play_whole_hands_across_two_replicas() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "rooms.py"), "--small",
                           "--json", "--duration", str(PLAY_S)], capture_output=True,
                          text=True, timeout=PLAY_S + 3 * WAIT_S, cwd=ROOT, check=False,
                          env=dict(os.environ, TUTE_TUTOR_BENCH_STEP_S=str(WAIT_S)))
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1
    figures = json.loads(lines[0])
    assert figures["errors"] == 0, figures["first_errors"]
    assert figures["rooms"] == 2 and figures["replicas"] == 2
    assert figures["finished"] == 2 and figures["unfinished"] == 0
    assert figures["moves"] == 2 * 30  # three players, ten cards each, in each room
    assert figures["replicas_per_room"] == [2, 2]  # each room was played across replicas
    for key in ("move_p50_s", "computer_p50_s", "own_click_p50_s"):
        assert figures[key] > 0
