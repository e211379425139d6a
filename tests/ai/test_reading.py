"""Reading the others' choices: which guessed deals explain the cards they played."""

from __future__ import annotations

import random
import statistics

from tute_tutor.ai import get_player
from tute_tutor.ai.base import PlayAction, apply_action, computer_turn, declare_for_all
from tute_tutor.ai.knowledge import World, infer, sample_world
from tute_tutor.ai.levels import CountingPlayer
from tute_tutor.ai.reading import (
    heaviest,
    observations,
    play_weight,
    rules_of_thumb_card,
    silences,
)
from tute_tutor.engine.cards import Card, mask_of, parse_cards
from tute_tutor.engine.game import Game
from tute_tutor.engine.variants import find_rules


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


_HANDS = (
    "1c,2c,10c,1e,2e,3e,1b,2b,5o,6o",
    "4c,4e,5e,6e,7e,10e,11e,12e,3b,4b",  # the pair of espadas
    "3c,5c,6c,7c,11c,12c,5b,6b,7b,10b",  # the pair of copas
    "4o,1o,2o,3o,7o,10o,11o,12o,11b,12b",  # the pairs of oros (trumps) and bastos
)


def _scripted(ruleset: str = "clasico") -> Game:
    """Oros trumps, seat 0 to lead (``_HANDS``)."""
    hands = [mask_of(parse_cards(h)) for h in _HANDS]
    return Game(find_rules(ruleset), 3, hands, Card.parse("4o").index)


def _first_trick_to_seat_3(game: Game) -> None:
    for code in ("1c", "4c", "5c", "4o"):  # seat 3 has no copas and trumps
        game.play(Card.parse(code))
    assert game.moment is not None and game.moment.winner == 3


def test_a_forced_card_tells_nothing() -> None:
    # seat 1 holds one copa on a copas lead: following was its only choice
    game = _scripted()
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


def test_cante_by_team_both_partners_who_did_not_sing_held_no_unsung_pair() -> None:
    game = _scripted()
    _first_trick_to_seat_3(game)
    assert silences(game.view(0)) == []  # the moment is open: they may still sing
    game.close_moment()
    quiet = silences(game.view(0))
    assert sorted(q.seat for q in quiet) == [1, 3]
    assert all(len(q.pairs) == 4 for q in quiet)
    # the real deal gives both silent seats a whole pair: it explains the silence badly
    truth = World(list(game.hands), [])
    assert play_weight(truth, [], game.view(0), mismatch=0.1, endgame=5, quiet=quiet,
                       unsung=0.5) == 0.25
    # the silence rebuilds the hand of that moment: seat 3's later card still counts
    game.play(Card.parse("2o"))
    later = silences(game.view(0))
    assert next(q for q in later if q.seat == 3).since == Card.parse("2o").bit
    moved = World(list(game.hands), [])
    moved.hands[3] &= ~Card.parse("12b").bit & ~Card.parse("12o").bit  # no pair left now
    assert play_weight(moved, [], game.view(0), mismatch=0.1, endgame=5, quiet=later,
                       unsung=0.5) == 0.5  # seat 1 still held espadas


def test_cante_made_takes_the_singer_and_its_suit_out_of_the_silence() -> None:
    game = _scripted()
    _first_trick_to_seat_3(game)
    game.cante(3, Card.parse("4o").suit)
    game.close_moment()
    (quiet,) = silences(game.view(0))
    assert quiet.seat == 1
    assert len(quiet.pairs) == 3  # oros is sung: only copas, espadas and bastos are left


def test_cante_by_trick_winner_only_the_winner_is_silent() -> None:
    game = _scripted("estricto")
    _first_trick_to_seat_3(game)
    game.close_moment()
    assert [q.seat for q in silences(game.view(0))] == [3]
    assert silences(game.view(3)) == []  # one's own hand needs no reading


def test_computer_players_always_sing_so_the_real_deal_never_breaks_a_silence() -> None:
    rng = random.Random(8)
    broken_guesses = guesses = silent = 0
    for game, seat in _positions("clasico", 30, 3, range(4, 7)):
        view = game.view(seat)
        quiet = silences(view)
        silent += len(quiet)
        truth = World(list(game.hands), [])
        assert play_weight(truth, [], view, mismatch=0.1, endgame=5, quiet=quiet,
                           unsung=0.5) == 1.0
        knowledge = infer(view)
        for _ in range(10):
            guess = sample_world(knowledge, view.hand_mask, rng)
            guesses += 1
            broken_guesses += play_weight(guess, [], view, mismatch=0.1, endgame=5,
                                          quiet=quiet, unsung=0.5) < 1
    assert silent > 30
    assert broken_guesses > 0.1 * guesses  # many guessed deals hide a pair they would sing


def test_a_seat_that_does_not_count_is_read_exactly_as_level_2_chooses() -> None:
    # Level 2 keeps no memory of the tricks played: the reading of a seat that does not
    # count must name every card it chose, in four and in three players.
    for ruleset in ("clasico", "a-tres"):
        checked = 0
        for game, seat in _positions(ruleset, 12, 2, range(5, 7)):
            view = game.view(seat)
            for observation in observations(view):
                hand = game.hands[observation.seat] | observation.since
                choice = rules_of_thumb_card(observation, hand, view, counts=False)
                if choice >= 0:
                    checked += 1
                    assert choice == observation.card, (ruleset, observation)
        assert checked > 100


def test_the_real_deal_of_players_who_do_not_count_keeps_its_odds_per_seat() -> None:
    # A seat may count or not: read with even odds, the real deal of level-2 players is
    # explained in full by the second kind, so it never weighs less than a half per
    # observed seat, while the reading of counted play alone (the default) misses level
    # 2's cards often in three players and weighs the real deal down for it.
    counted_misses = plays = 0
    lighter = 0
    for game, seat in _positions("a-tres", 12, 2, range(5, 7)):
        view = game.view(seat)
        seen = observations(view)
        truth = World(list(game.hands), [])
        weight = play_weight(truth, seen, view, mismatch=0.1,
                             endgame=CountingPlayer.endgame_tricks, uncounted=0.5)
        assert weight >= 0.5 ** len({o.seat for o in seen})
        lighter += play_weight(truth, seen, view, mismatch=0.1,
                               endgame=CountingPlayer.endgame_tricks) < 0.5 ** 2
        for observation in seen:
            hand = game.hands[observation.seat] | observation.since
            if hand.bit_count() > CountingPlayer.endgame_tricks:
                choice = rules_of_thumb_card(observation, hand, view)
                plays += choice >= 0
                counted_misses += choice >= 0 and choice != observation.card
    assert counted_misses > 0.05 * plays
    assert lighter >= 3
