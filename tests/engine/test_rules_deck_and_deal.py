"""docs/RULES.md, "The cards" (deck, order, points, notation) and "Seats, the deal and trumps"."""

from __future__ import annotations

import itertools
import random
import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tute_tutor.engine.cards import (
    CARDS,
    Card,
    card_at,
    cards_of,
    deck,
    format_cards,
    parse_cards,
    suit_from_letter,
)
from tute_tutor.engine.errors import NotationError, TuteError
from tute_tutor.engine.game import Game
from tute_tutor.engine.tricks import POINTS, deal
from tute_tutor.engine.variants import find_rules

from .helpers import card, cards, scripted_game

STRENGTH_ORDER = [1, 3, 12, 11, 10, 7, 6, 5, 4, 2]
POINT_VALUES = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2}


# ----------------------------------------------------------------- §1 deck and order
def test_deck_has_forty_cards_in_four_suits_without_eights_or_nines() -> None:
    codes = {str(c) for c in deck(4)}
    assert len(codes) == 40
    for suit in "ocebn"[:4]:
        assert {f"{r}{suit}" for r in (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)} <= codes
    assert not any(c.rank in (8, 9) for c in deck(4))


def test_tute_a_tres_deck_removes_the_dos_de_oros() -> None:
    assert len(deck(3)) == 39
    assert card("2o") not in deck(3)


def test_strength_order_inside_a_suit() -> None:
    for suit in "ocbe":
        ranked = [card(f"{r}{suit}") for r in STRENGTH_ORDER]
        for higher, lower in itertools.pairwise(ranked):
            assert higher.beats(lower) and not lower.beats(higher)


def test_the_tres_beats_the_rey() -> None:
    assert card("3c").beats(card("12c"))


def test_cards_of_different_suits_never_beat_each_other() -> None:
    assert not card("1o").beats(card("2c")) and not card("2c").beats(card("1o"))


def test_card_points_and_the_deck_total_of_120() -> None:
    for c in CARDS:
        assert c.points == POINT_VALUES.get(c.rank, 0)
        assert POINTS[c.index] == c.points
    assert sum(c.points for c in CARDS) == 120
    assert sum(c.points for c in deck(3)) == 120  # the 2 de oros is worth nothing


def test_card_code_notation_examples() -> None:
    assert str(card("1o")) == "1o" and card("1o").name("es") == "as de oros"
    assert card("3c").name("es") == "tres de copas"
    assert card("12e").name("es") == "rey de espadas"
    assert card("10b").name("es") == "sota de bastos"
    assert card("12c").name("en") == "king of cups"


def test_parser_accepts_upper_case_and_surrounding_spaces() -> None:
    assert Card.parse(" 12C ") == card("12c")
    assert Card.parse("\t1O\n") == card("1o")


@pytest.mark.parametrize("bad", ["", "8o", "9c", "13e", "0b", "12", "c12", "12x", "1 o",
                                 "01o", "²o", "12cc", "1.0o", "-1o"])
def test_parser_rejects_anything_else_with_a_clear_error(bad: str) -> None:
    with pytest.raises(NotationError) as info:
        Card.parse(bad)
    assert "\n" not in info.value.message
    assert "card code" in info.value.message


def test_french_deck_labels() -> None:
    assert card("12c").french_label() == "K♥"
    assert card("1o").french_label() == "A♦"
    assert card("10e").french_label() == "J♠"
    assert card("11b").french_label() == "Q♣"
    assert card("7b").french_label() == "7♣"


@given(st.sampled_from(CARDS), st.lists(st.booleans(), min_size=3, max_size=3),
       st.sampled_from(["", " ", "\t", "  "]))
def test_notation_round_trip_with_any_case_and_spaces(c: Card, upper: list[bool],
                                                      pad: str) -> None:
    code = "".join(ch.upper() if up else ch for ch, up in zip(str(c), upper, strict=False))
    assert Card.parse(pad + code + pad) == c
    assert card_at(c.index) == c


@given(st.text(max_size=8))
def test_any_text_is_a_card_or_a_notation_error(text: str) -> None:
    try:
        parsed = Card.parse(text)
    except NotationError as error:
        assert "\n" not in error.message
    else:
        assert str(parsed) == text.strip().lower()


@given(st.one_of(st.none(), st.integers(), st.floats(), st.lists(st.integers(), max_size=3),
                 st.dictionaries(st.text(max_size=2), st.integers(), max_size=2)))
def test_non_text_card_input_is_a_notation_error(value: object) -> None:
    with pytest.raises(TuteError):
        Card.parse(value)  # type: ignore[arg-type]
    with pytest.raises(TuteError):
        suit_from_letter(value)  # type: ignore[arg-type]
    if not isinstance(value, list) or value:
        with pytest.raises(TuteError):
            parse_cards(value)  # type: ignore[arg-type]


@given(st.lists(st.sampled_from(CARDS), unique=True, max_size=12))
def test_card_list_round_trip(cs: list[Card]) -> None:
    assert parse_cards(format_cards(cs)) == cs
    assert parse_cards([str(c) for c in cs]) == cs


@given(st.text(alphabet=string.ascii_letters + string.digits + ", ", max_size=20))
def test_card_lists_parse_or_fail_with_a_notation_error(text: str) -> None:
    try:
        parsed = parse_cards(text)
    except NotationError as error:
        assert "\n" not in error.message
    else:
        codes = [part.strip() for part in text.split(",") if part.strip()]
        assert [str(c) for c in parsed] == [code.lower() for code in codes]


# ----------------------------------------------------------------- §2 seats and deal
def test_mano_is_the_seat_after_the_dealer_and_leads_the_first_trick() -> None:
    for ruleset, players in (("clasico", 4), ("a-tres", 3), ("a-dos", 2)):
        for dealer in range(players):
            game = Game.deal(ruleset, seed=dealer, dealer=dealer)
            assert game.to_move == (dealer + 1) % players


def test_play_goes_round_in_seat_order() -> None:
    game = Game.deal("clasico", seed=11, dealer=2)
    seats = []
    for _ in range(4):
        seats.append(game.to_move)
        game.play(game.legal_plays()[0])
    assert seats == [3, 0, 1, 2]


def test_partners_sit_opposite() -> None:
    rules = find_rules("clasico")
    assert [rules.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [rules.partner_of(s) for s in range(4)] == [2, 3, 0, 1]


def test_four_players_deal_ten_each_no_stock_trump_card_in_dealers_hand() -> None:
    for seed in range(30):
        dealer = seed % 4
        game = Game.deal("clasico", seed=seed, dealer=dealer)
        assert [len(game.hand(s)) for s in range(4)] == [10] * 4
        assert game.stock_left == 0
        assert CARDS[game.trump_card] in game.hand(dealer)
        assert game.trump == CARDS[game.trump_card].suit
        dealt = sorted(c.index for s in range(4) for c in cards_of(game.initial_hands[s]))
        assert dealt == list(range(40))


def test_dealers_last_card_is_the_trump_card() -> None:
    # Cards go one at a time from mano round to the dealer: the last one is the dealer's.
    for seed in range(20):
        order = list(range(40))
        random.Random(seed).shuffle(order)
        hands, trump_card, stock = deal(random.Random(seed), 4, 1)
        assert trump_card == order[39]
        assert hands[1] >> trump_card & 1
        assert stock == []


def test_three_players_deal_thirteen_each_without_the_dos_de_oros() -> None:
    for seed in range(30):
        game = Game.deal("a-tres", seed=seed, dealer=seed % 3)
        assert [len(game.hand(s)) for s in range(3)] == [13] * 3
        everything = {c for s in range(3) for c in game.hand(s)}
        assert len(everything) == 39 and card("2o") not in everything
        assert CARDS[game.trump_card] in game.hand(seed % 3)


def test_two_players_deal_eight_each_face_up_card_fixes_trump_and_is_drawn_last() -> None:
    for seed in range(30):
        game = Game.deal("a-dos", seed=seed, dealer=seed % 2)
        assert [len(game.hand(s)) for s in range(2)] == [8, 8]
        assert game.stock_left == 24  # 23 in the stock plus the face-up card
        face = game.face_up
        assert face is not None and face.index == game.trump_card
        assert game.trump == face.suit
        assert face not in game.hand(0) + game.hand(1)
        drawn: list[Card] = []
        while game.stock_left:
            game.close_moment()
            before = [set(game.hand(s)) for s in range(2)]
            for _ in range(2):
                game.play(game.legal_plays()[0])
            game.close_moment()
            winner = game.tricks[-1].winner
            got = [set(game.hand(s)) - before[s] for s in range(2)]
            drawn += [*got[winner], *got[1 - winner]]
        assert drawn[-1].index == game.trump_card
        assert [c.index for c in drawn[:-1]] == game.initial_stock


def test_two_players_winner_draws_first_then_the_loser_and_the_winner_leads() -> None:
    game = scripted_game("a-dos", dealer=1, hands={0: "1c", 1: "2c"}, trump_card="5o",
                         stock="3b,4b")
    game.play(card("1c"))
    game.play(card("2c"))
    assert game.tricks[0].winner == 0
    game.close_moment()
    assert card("3b") in game.hand(0) and card("4b") in game.hand(1)
    assert game.to_move == 0


def test_deal_is_reproducible_from_its_seed() -> None:
    for ruleset in ("clasico", "a-tres", "a-dos"):
        a = Game.deal(ruleset, seed=99).to_record()
        b = Game.deal(ruleset, seed=99).to_record()
        assert a == b
    assert Game.deal("clasico", seed=1).to_record() != Game.deal("clasico", seed=2).to_record()


def test_first_hand_trump_flag_forces_the_trump_suit_of_the_first_hand() -> None:
    for seed in range(40):
        game = Game.deal("ludoteka", seed=seed, dealer=seed % 4, first_hand=True)
        assert game.trump == 0
        assert [len(game.hand(s)) for s in range(4)] == [10] * 4
        assert CARDS[game.trump_card] in game.hand(seed % 4)
    suits = {Game.deal("ludoteka", seed=s).trump for s in range(40)}
    assert len(suits) > 1  # later hands: any suit
    for seed in range(20):  # also where the 2 de oros is not in the deck
        game = Game.deal(find_rules("a-tres", {"first_hand_trump": "o"}), seed=seed,
                         first_hand=True)
        assert game.trump == 0
        assert card("2o") not in {c for s in range(3) for c in game.hand(s)}


def test_cards_of_sorts_by_suit_then_strength() -> None:
    assert [str(c) for c in cards_of(sum(c.bit for c in cards("2c,1o,12o,5b,3c")))] == [
        "1o", "12o", "3c", "2c", "5b"]
