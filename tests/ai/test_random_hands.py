"""Thousands of computer-only hands of every preset: every action legal, cantes, tute and
swaps only when allowed, every hand reproducible from its seed."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tests.ai.small import player_of
from tute_tutor.ai import CanteAction, PlayAction, SwapAction, TuteAction, get_player
from tute_tutor.ai.base import Player, apply_action
from tute_tutor.engine.game import Game
from tute_tutor.engine.legal import trick_state
from tute_tutor.engine.tricks import legal_mask
from tute_tutor.engine.variants import PRESETS

HANDS_PER_PRESET = 300


def _independent_legal(game: Game) -> set[int]:
    """The legal cards of the seat to move, from core.legal_mask and the flags."""
    seat = game.to_move
    assert seat is not None
    hand = game.hands[seat]
    if not game.trick or (game.rules.has_stock and game.draw_pile):
        return {c for c in range(40) if hand >> c & 1}
    state = trick_state(game.trick, game.trump)
    n = len(game.trick)
    if game.rules.partner_exemption and game.rules.has_teams and n >= 2 and \
            state.winner_position == n - 2:
        mask = hand & (((1 << 10) - 1) << (10 * state.lead)) or hand
    else:
        mask = legal_mask(hand, state.lead, state.high_lead, state.best, game.trump,
                          game.rules.overtake_when_trumped,
                          game.rules.trump_when_cannot_overtrump)
    return {c for c in range(40) if mask >> c & 1}


def _declare(game: Game, player: Player, seat: int, rng: random.Random,
             counts: dict[str, int]) -> None:
    """Ask the seat for declarations as the driver does (again after each batch),
    checking each against the seat's view before it is made."""
    for _ in range(4):
        actions = player.declarations(game.view(seat), rng)
        if not actions:
            return
        for action in actions:
            view = game.view(seat)
            if isinstance(action, CanteAction):
                assert action.suit in view.declarable_cantes
                counts["cante"] += 1
            elif isinstance(action, TuteAction):
                assert view.can_tute
                counts["tute"] += 1
            else:
                assert isinstance(action, SwapAction) and view.can_swap
                counts["swap"] += 1
            apply_action(game, seat, action)
            if game.finished:
                return


def checked_hand(ruleset: str, seed: int, levels: list[int],
                 make: Callable[[int], Player] = get_player) -> tuple[Game, dict[str, int]]:
    """Play one hand, checking every action against the rules before it is made."""
    rng = random.Random(seed)
    game = Game.deal(ruleset, seed=seed, dealer=seed % PRESETS[ruleset].players)
    players: list[Player] = [make(levels[s % len(levels)]) for s in range(game.players)]
    counts = {"cante": 0, "tute": 0, "swap": 0, "play": 0}
    while not game.finished:
        if game.moment is not None:
            winner = game.moment.winner
            for step in range(game.players):
                seat = (winner + step) % game.players
                _declare(game, players[seat], seat, rng, counts)
                if game.finished:
                    return game, counts
                # Whatever a seat could still declare, it did (every level sings).
                after = game.view(seat)
                assert not after.can_tute and not after.can_swap
                assert not after.declarable_cantes
            game.close_moment()
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        card = players[seat].choose_card(view, rng)
        assert card.index in _independent_legal(game)
        assert card in view.legal
        apply_action(game, seat, PlayAction(card))
        counts["play"] += 1
    return game, counts


@pytest.mark.parametrize("ruleset", list(PRESETS))
def test_random_computer_hands_are_legal_and_reproducible(ruleset: str) -> None:
    totals = {"cante": 0, "tute": 0, "swap": 0, "play": 0}
    for seed in range(HANDS_PER_PRESET):
        levels = [1 + seed % 2, 1 + (seed // 2) % 2]
        game, counts = checked_hand(ruleset, seed, levels)
        for key, value in counts.items():
            totals[key] += value
        result = game.result()
        if result.reason not in ("tute", "renuncio"):
            assert sum(result.card_points) == 120
            assert sum(result.totals) == 130 + sum(result.cante_points)
        if seed % 50 == 0:
            again, _ = checked_hand(ruleset, seed, levels)
            assert again.to_record() == game.to_record()
    assert totals["cante"] > 0
    if PRESETS[ruleset].has_stock:
        assert totals["swap"] > 0


@pytest.mark.parametrize("ruleset", list(PRESETS))
def test_strong_levels_play_legal_reproducible_hands(ruleset: str) -> None:
    levels = [3, 4]
    game, counts = checked_hand(ruleset, 1, levels, player_of)
    assert game.finished and counts["play"] > 0
    again, _ = checked_hand(ruleset, 1, levels, player_of)
    assert again.to_record() == game.to_record()
