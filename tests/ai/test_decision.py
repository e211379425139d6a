"""Every level answers ``decide``: the card ``choose_card`` plays, with its basis and,
where the level rates cards, the value of every legal card (what the coach reads)."""

from __future__ import annotations

import random

import pytest

from tute_tutor.ai import get_player
from tute_tutor.ai.knowledge import infer
from tute_tutor.ai.levels import CountingPlayer, ExpertPlayer
from tute_tutor.engine.game import Game


def _positions(ruleset: str, count: int) -> list[tuple[Game, int]]:
    """Games stopped at a card to play, after a few random legal cards."""
    out = []
    for seed in range(count):
        game = Game.deal(ruleset, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 12)):
            game.close_moment()
            game.play(rng.choice(game.legal_plays()))
            if game.finished:
                break
        if not game.finished:
            game.close_moment()
            out.append((game, game.to_move or 0))
    return out


@pytest.mark.parametrize("level", [1, 2, 3])
@pytest.mark.parametrize("ruleset", ["clasico", "a-tres", "a-dos"])
def test_decide_plays_the_card_choose_card_plays(level: int, ruleset: str) -> None:
    player = get_player(level)
    for game, seat in _positions(ruleset, 12):
        view = game.view(seat)
        decision = player.decide(view, random.Random(5))
        assert decision.card == player.choose_card(view, random.Random(5))
        assert decision.card in view.legal
        if len(view.legal) == 1:
            assert decision.basis == "forced"
        else:
            assert decision.basis != "forced"


def test_level_four_rates_every_legal_card_and_plays_a_best_one() -> None:
    player = ExpertPlayer()
    for game, seat in _positions("clasico", 3):
        view = game.view(seat)
        decision = player.decide(view, random.Random(1))
        if decision.basis == "forced":
            continue
        assert {card for card, _ in decision.values} == set(view.legal)
        # best once level 3's card has its benefit of the doubt (before the endgame)
        counted = -1
        if decision.basis == "playouts":
            counted = CountingPlayer().rule_choice(view, infer(view))
        scored = {card: value + (player.prior if card.index == counted else 0.0)
                  for card, value in decision.values}
        assert scored[decision.card] == max(scored.values())
        assert decision.worlds > 0
