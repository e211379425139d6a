"""A room shows why each computer played each card only in the hand's end review: during
the hand a reason could tell the humans what a computer holds."""

from __future__ import annotations

import random

import pytest

from tute_tutor.coach.watch import watch_game
from tute_tutor.live import room as R
from tute_tutor.live.words import computer_reasons, seat_name
from tute_tutor.words.coach import reason_text

HOST = R.hash_token("tok-host")


def playing_room(ruleset: str) -> R.Room:
    settings = R.make_settings(ruleset, {} if ruleset == "a-dos" else {"match": "hands:2"},
                               level=2)
    room = R.create(settings, "Ana", HOST, seed=3, code="K7MXQ4", now=0.0)
    return R.start(room, HOST, now=1.0)


def human_move(room: R.Room, rng: random.Random) -> R.Room:
    view = R.seat_view(room, 0)
    if view.legal:
        return R.play(room, HOST, str(rng.choice(view.legal)), now=2.0)
    return R.pass_turn(room, HOST, now=2.0)


@pytest.mark.parametrize("ruleset", ["clasico", "a-tres", "a-dos"])
def test_computer_reasons_come_only_once_the_hand_is_over(ruleset: str) -> None:
    room = playing_room(ruleset)
    rng = random.Random(3)
    while not R.replay(room).game.finished:
        seats = R.seat_view(room, 0).seats
        assert computer_reasons(R.replay(room).game, seats, "en") == []
        moved = R.computer_move(room, now=2.0)
        room = moved if moved is not None else human_move(room, rng)
    game = R.replay(room).game
    seats = R.seat_view(room, 0).seats
    lines = computer_reasons(game, seats, "en")
    steps = [s for s in watch_game(game).steps if s.seat != 0]
    assert len(lines) == len(steps) > 0
    for line, step in zip(lines, steps, strict=True):
        assert step.reason is not None
        said = reason_text(step.reason, seat_name(seats[step.seat], "en"), "en")
        assert line == f"Trick {step.trick}: {said}"
    assert not any(line.split(": ", 1)[1].startswith("Ana ") for line in lines)
