"""Reading the others' choices: which guessed deals explain the cards they played."""

from __future__ import annotations

import random
import statistics

from tute_tutor.ai import get_player
from tute_tutor.ai.base import PlayAction, apply_action, computer_turn, declare_for_all
from tute_tutor.ai.knowledge import World, infer, sample_world
from tute_tutor.ai.levels import CountingPlayer
from tute_tutor.ai.reading import heaviest, observations, play_weight, rules_of_thumb_card
from tute_tutor.cards import Card, mask_of, parse_cards
from tute_tutor.game import Game
from tute_tutor.rules import find_rules


def _positions(ruleset: str, deals: int, level: int, tricks: range) -> list[tuple[Game, int]]:
    """Games of computer players stopped when seat 0 is to play after ``tricks``."""
    found = []
    for number in range(deals):
        game = Game.deal(ruleset, rng=random.Random(f"reading:{number}"), dealer=number % 3)
        players = [get_player(level) for _ in range(game.players)]
        rng = random.Random(number)
        while not game.finished and not (game.to_move == 0 and len(game.tricks) in tricks):
            computer_turn(game, players, rng)
        declare_for_all(game, players, rng)
        if not game.finished:
            game.close_moment()
            found.append((game, 0))
    return found


def test_every_card_of_another_seat_is_observed_and_none_of_ones_own() -> None:
    for game, seat in _positions("clasico", 6, 2, range(3, 6)):
        view = game.view(seat)
        seen = observations(view)
        others = [c for r in view.tricks for s, c in zip(r.seats(4), r.cards, strict=True)
                  if s != seat]
        others += [c for s, c in zip(view.trick_seats, view.trick, strict=True) if s != seat]
        assert sorted(o.card for o in seen) == sorted(c.index for c in others)
        for observation in seen:
            # the hand at that moment held the card, and every card the seat played since
            assert observation.since >> observation.card & 1
            assert not observation.since & game.hands[observation.seat]


def test_the_real_deal_explains_a_rules_player_better_than_guessed_deals() -> None:
    real, guessed = [], []
    rng = random.Random(5)
    for game, seat in _positions("clasico", 20, 3, range(3, 6)):
        view = game.view(seat)
        seen = observations(view)
        truth = World(list(game.hands), [])
        real.append(play_weight(truth, seen, view, mismatch=0.1,
                                endgame=CountingPlayer.endgame_tricks))
        knowledge = infer(view)
        guessed += [play_weight(sample_world(knowledge, view.hand_mask, rng), seen, view,
                                mismatch=0.1, endgame=CountingPlayer.endgame_tricks)
                    for _ in range(20)]
    assert len(real) >= 15
    assert statistics.fmean(real) > 4 * statistics.fmean(guessed)
    assert sum(w == 1.0 for w in real) / len(real) > 0.5


def test_a_forced_card_tells_nothing() -> None:
    # seat 1 holds one copa on a copas lead: following was its only choice
    rules = find_rules("clasico")
    hands = [mask_of(parse_cards(h)) for h in (
        "1c,2c,10c,1e,2e,3e,1b,2b,5o,6o",
        "4c,4e,5e,6e,7e,10e,11e,12e,3b,4b",
        "3c,5c,6c,7c,11c,12c,5b,6b,7b,10b",
        "4o,1o,2o,3o,7o,10o,11o,12o,11b,12b",
    )]
    game = Game(rules, 3, hands, Card.parse("4o").index, ruleset="clasico")
    game.play(Card.parse("1c"))
    game.play(Card.parse("4c"))
    view = game.view(2)
    (observation, _) = observations(view)  # newest first: seat 1's 4c, then seat 0's as
    assert observation.seat == 1
    assert rules_of_thumb_card(observation, game.hands[1] | observation.since, view) == -1


def test_no_reading_in_two_players_where_the_stock_changes_the_hands() -> None:
    game = Game.deal("a-dos", rng=random.Random(3), dealer=0)
    players = [get_player(2), get_player(2)]
    rng = random.Random(3)
    for _ in range(4):
        declare_for_all(game, players, rng)
        game.close_moment()
        seat = game.to_move
        assert seat is not None
        apply_action(game, seat, PlayAction(players[seat].choose_card(game.view(seat), rng)))
    assert observations(game.view(0)) == []


def test_heaviest_keeps_the_weighted_worlds_and_never_a_weightless_one() -> None:
    worlds = [World([i], []) for i in range(6)]
    weights = [1.0, 0.0, 1.0, 0.0, 1.0, 0.0]
    for seed in range(20):
        kept = heaviest(worlds, weights, 3, random.Random(seed))
        assert sorted(w.hands[0] for w in kept) == [0, 2, 4]
    light = [1.0, 1e-6, 1e-6, 1e-6, 1e-6, 1e-6]
    assert all(heaviest(worlds, light, 1, random.Random(s))[0].hands[0] == 0
               for s in range(20))
