"""The presenter steps through a hand record with the coach's reason for every free card,
read off that seat's view when it played (the Watch page gives the same reasons)."""

from __future__ import annotations

import random

import pytest

from tute_tutor.ai import get_player, play_hand
from tute_tutor.coach.watch import watch_game
from tute_tutor.engine.game import Game
from tute_tutor.formats.record import replay_game
from tute_tutor.ui.presenter import seat_name, walk_record
from tute_tutor.words.coach import reason_text


@pytest.mark.parametrize("ruleset", ["clasico", "a-tres", "a-dos"])
def test_every_free_card_of_a_walked_record_has_the_coachs_reason(ruleset: str) -> None:
    game = Game.deal(ruleset, seed=12)
    record = play_hand(game, [get_player(2)] * game.players, random.Random(12)).to_record()
    walk = walk_record(record, "en")
    plays = [p for trick in walk.tricks for p in trick.plays]
    steps = [s for s in watch_game(replay_game(record)).steps if s.card is not None]
    assert [p.card for p in plays] == [s.card for s in steps]
    free = 0
    for play, step in zip(plays, steps, strict=True):
        assert step.reason is not None
        if step.is_free:
            free += 1
            assert play.reason == reason_text(step.reason, seat_name(play.seat, walk.players,
                                                                     "en"), "en")
        else:  # the only card allowed: the sentence already gives its rule
            assert play.reason == "" and step.reason.kind == "forced"
    assert free
