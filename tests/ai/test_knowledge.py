"""What a seat may infer from the play: voids, missing trumps, nothing higher; and the
deals sampled from it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tute_tutor.ai import get_player
from tute_tutor.ai.base import computer_turn
from tute_tutor.ai.knowledge import impossible_after, infer, legal_for, sample_world
from tute_tutor.engine.cards import SUIT_MASKS, Card, mask_of, parse_cards
from tute_tutor.engine.game import Game
from tute_tutor.engine.variants import PLAY_FLAGS, find_rules

OROS, COPAS, ESPADAS, BASTOS = range(4)


def _game(hands: list[str], trump_card: str, ruleset: str = "clasico", dealer: int = 3) -> Game:
    rules = find_rules(ruleset)
    masks = [mask_of(parse_cards(h)) for h in hands]
    return Game(rules, dealer, masks, Card.parse(trump_card).index)


def _play(game: Game, cards: str) -> None:
    for code in cards.split():
        game.play(Card.parse(code))


def _cards(codes: str) -> int:
    return mask_of(parse_cards(codes))


# Oros trump; seat 1 holds neither copas nor oros, seat 3 no copas but all the trumps.
VOID_HANDS = [
    "1c,2c,10c,1e,2e,3e,1b,2b,5o,6o",
    "4e,5e,6e,7e,10e,11e,12e,3b,4b,5b",
    "3c,4c,5c,6c,7c,11c,12c,6b,7b,10b",
    "4o,1o,2o,3o,7o,10o,11o,12o,11b,12b",
]


def test_not_following_means_void_and_not_trumping_means_no_trumps() -> None:
    game = _game(VOID_HANDS, "4o")
    _play(game, "2c 3b 4c 4o")  # seat 1 neither follows nor trumps; seat 3 trumps
    knowledge = infer(game.view(0))
    assert knowledge.is_void(1, COPAS)
    assert knowledge.is_void(1, OROS)
    assert knowledge.is_void(3, COPAS)
    assert not knowledge.is_void(3, OROS)
    assert knowledge.voids[1] == {COPAS, OROS}
    # Sound: nothing excluded is really held.
    for seat in (1, 2, 3):
        assert not knowledge.excluded[seat] & game.hands[seat]


def test_did_not_beat_means_nothing_higher_in_the_suit() -> None:
    hands = [
        "10c,1e,2e,3e,1b,2b,5o,6o,7o,10o",
        "1c,3c,12c,4e,5e,6e,3b,4b,5b,6b",
        "2c,4c,5c,6c,7e,10e,11e,7b,10b,11b",
        "4o,1o,2o,3o,11o,12o,7c,11c,12e,12b",
    ]
    game = _game(hands, "4o")
    _play(game, "10c 12c 4c 7c")  # seats 2 and 3 follow under the rey: no as, no tres
    knowledge = infer(game.view(0))
    above_rey = _cards("1c,3c")
    assert knowledge.excluded[2] & above_rey == above_rey
    assert knowledge.excluded[3] & above_rey == above_rey
    assert not knowledge.excluded[3] & _cards("11c")  # below the rey: still possible


def test_did_not_overtrump_means_no_higher_trump() -> None:
    rules = find_rules("clasico")
    copas_led, cut = Card.parse("10c").index, Card.parse("7o").index
    out = impossible_after(Card.parse("2b").index, COPAS, copas_led, cut, OROS, rules)
    assert out & SUIT_MASKS[COPAS] == SUIT_MASKS[COPAS]  # it did not follow either
    assert out & SUIT_MASKS[OROS] == _cards("10o,11o,12o,3o,1o")
    # With trump_when_cannot_overtrump, a lower trump was owed too: no trump at all.
    strict = find_rules("clasico", {"trump_when_cannot_overtrump": True})
    out = impossible_after(Card.parse("2b").index, COPAS, copas_led, cut, OROS, strict)
    assert out & SUIT_MASKS[OROS] == SUIT_MASKS[OROS]


def test_partner_exemption_only_tells_the_void() -> None:
    rules = find_rules("clasico", {"partner_exemption": True})
    led = Card.parse("1c").index
    out = impossible_after(Card.parse("2b").index, COPAS, led, led, OROS, rules,
                           partner_winning=True)
    assert out == SUIT_MASKS[COPAS]


def test_no_inference_while_the_two_player_stock_lasts() -> None:
    rules = find_rules("a-dos")
    led = Card.parse("1c").index
    assert impossible_after(Card.parse("2b").index, COPAS, led, led, OROS, rules,
                            stock_open=True) == 0


def test_level3_does_not_lead_an_as_into_a_known_void_with_trumps() -> None:
    game = _game(VOID_HANDS, "4o")
    _play(game, "2c 3b 4c 4o")  # seat 3 cuts the copas
    _play(game, "11b 1b 4b 6b")  # seat 0 wins with the as de bastos and leads
    view = game.view(0)
    assert view.to_move == 0
    as_copas = Card.parse("1c")
    # Counting nothing, level 2 cashes the as de copas; level 3 knows seat 3 cuts it.
    assert get_player(2).choose_card(view, random.Random(1)) == as_copas
    choice = get_player(3).choose_card(view, random.Random(1))
    assert choice != as_copas
    assert choice == Card.parse("1e")


def test_sampled_worlds_respect_voids_sizes_and_known_cards() -> None:
    game = _game(VOID_HANDS, "4o")
    _play(game, "2c 3b 4c 4o")
    view = game.view(0)
    knowledge = infer(view)
    rng = random.Random(3)
    for _ in range(50):
        world = sample_world(knowledge, view.hand_mask, rng)
        assert not world.hands[1] & (SUIT_MASKS[COPAS] | SUIT_MASKS[OROS])
        assert not world.hands[3] & SUIT_MASKS[COPAS]
        assert [h.bit_count() for h in world.hands] == list(view.hand_sizes)
        assert world.hands[0] == view.hand_mask
        union = 0
        for hand in world.hands[1:]:
            assert not union & hand
            union |= hand
        assert union == view.unseen_mask()


@pytest.mark.parametrize("ruleset", ["clasico", "estricto", "a-tres", "a-dos"])
@given(seed=st.integers(0, 10**6), stop=st.integers(4, 30))
def test_inferences_never_exclude_a_card_really_held(ruleset: str, seed: int,
                                                     stop: int) -> None:
    game = Game.deal(ruleset, seed=seed)
    players = [get_player(1 + (seed + s) % 2) for s in range(game.players)]
    rng = random.Random(seed)
    for _ in range(stop):
        if game.finished:
            break
        computer_turn(game, players, rng)
    if game.finished:
        return
    game.close_moment()
    for seat in range(game.players):
        view = game.view(seat)
        knowledge = infer(view)
        world = sample_world(knowledge, view.hand_mask, rng)
        for other in range(game.players):
            if other == seat:
                continue
            assert not knowledge.excluded[other] & game.hands[other]
            assert knowledge.known[other] & ~game.hands[other] == 0
            assert world.hands[other] & knowledge.known[other] == knowledge.known[other]
            assert world.hands[other].bit_count() == game.hands[other].bit_count()
        if game.rules.has_stock:
            assert len(world.stock) == game.stock_left
            if game.draw_pile:
                assert world.stock[-1] == game.draw_pile[-1]


@given(seed=st.integers(0, 10**9),
       flags=st.fixed_dictionaries(dict.fromkeys(PLAY_FLAGS, st.booleans())))
def test_players_legal_cards_are_the_engines_under_every_legality_flag(
        seed: int, flags: dict[str, bool]) -> None:
    # The computer players' legal cards (knowledge.legal_for, the solver's legal_cards)
    # must be the engine's analyse_play: the partner exemption is defined once.
    from tute_tutor.ai.solver import Position, legal_cards
    from tute_tutor.engine.legal import analyse_play, trick_state
    from tute_tutor.engine.tricks import partner_is_winning

    rng = random.Random(seed)
    rules = find_rules("clasico", flags)
    deck = list(range(40))
    rng.shuffle(deck)
    trick = deck[:rng.randint(1, 3)]
    hand_cards = deck[4:4 + rng.randint(1, 10)]
    hand = sum(1 << c for c in hand_cards)
    trump = rng.randrange(4)
    state = trick_state(trick, trump)
    expected = analyse_play([Card(c) for c in hand_cards], [Card(c) for c in trick], trump,
                            rules).legal_mask
    partner_winning = partner_is_winning(rules.has_teams, len(trick), state.winner_position)
    assert legal_for(hand, state.lead, state.high_lead, state.best, trump, rules,
                     partner_winning=partner_winning) == expected
    leader = 0
    mover = len(trick)
    hands = [0, 0, 0, 0]
    hands[mover] = hand
    position = Position.from_rules(rules, hands, trump, leader, trick)
    assert sum(1 << c for c in legal_cards(position, mover)) == expected
