"""The stock plan of tute a dos (tute_tutor/ai/stock.py) and level 3 playing it."""

from __future__ import annotations

import random

from tute_tutor.ai import get_player
from tute_tutor.ai.base import computer_turn, declare_for_all
from tute_tutor.ai.levels import stock_choice
from tute_tutor.ai.stock import StockPlan, stock_card
from tute_tutor.engine.cards import CARDS, Card
from tute_tutor.engine.game import Game

BASTOS = 3  # trump in these tests


def _mask(text: str) -> int:
    out = 0
    for name in text.split(","):
        out |= 1 << Card.parse(name).index
    return out


def _card(hand: str, lead: str | None = None, **options: object) -> str:
    mask = _mask(hand)
    led = Card.parse(lead).index if lead else -1
    chosen = stock_card(mask, mask, led, BASTOS, **options)  # type: ignore[arg-type]
    return str(CARDS[chosen])


def test_leads_a_card_without_points_while_the_stock_lasts() -> None:
    assert _card("1o,3c,12e,4c,7b") == "4c"


def test_leads_from_the_longest_plain_suit_among_cards_without_points() -> None:
    assert _card("2o,4c,5c,1c,7b") in ("4c", "5c")


def test_does_not_lead_half_of_a_pair_when_a_cheaper_card_will_do() -> None:
    assert _card("11o,10c,1e") == "10c"


def test_takes_a_led_three_with_the_ace_of_its_suit() -> None:
    assert _card("1o,2b,4c", lead="3o") == "1o"


def test_takes_a_led_ace_with_the_smallest_trump() -> None:
    assert _card("4c,2b,12b,1b", lead="1o") == "2b"


def test_takes_a_led_rey_with_a_higher_card_of_its_suit() -> None:
    assert _card("3o,2b,4c", lead="12o") == "3o"


def test_ruffs_a_caballo_only_with_a_trump_without_points() -> None:
    assert _card("4c,2b", lead="11o") == "2b"
    assert _card("4c,1b", lead="11o") == "4c"


def test_throws_a_card_without_points_on_a_worthless_lead() -> None:
    assert _card("1c,4e,2b", lead="5o") == "4e"


def test_wins_a_worthless_lead_cheaply_to_sing_a_pair_held() -> None:
    assert _card("12c,11c,2b,4e", lead="5o") == "2b"
    assert _card("12c,11c,2b,4e", lead="5o", sung=1 << 1) == "4e"


def test_lets_the_last_stock_trick_go_when_the_face_up_trump_is_rich() -> None:
    face_up = Card.parse("1b").index
    assert _card("4e,2b", lead="12o", face_up=face_up, last_stock_trick=True) == "4e"
    assert _card("4e,2b", lead="12o", face_up=face_up, last_stock_trick=False) == "2b"
    never = StockPlan(keep_face_up=99)
    assert _card("4e,2b", lead="12o", face_up=face_up, last_stock_trick=True,
                 plan=never) == "2b"


def test_level_3_plays_the_stock_plan_while_the_stock_lasts() -> None:
    game = Game.deal("a-dos", seed=11)
    players = [get_player(3), get_player(3)]
    rng = random.Random(1)
    checked = 0
    while game.stock_left and not game.finished:
        seat = game.to_move
        assert seat is not None
        if game.moment is None:
            view = game.view(seat)
            assert players[seat].decide(view, random.Random(0)).card.index == stock_choice(view)
            checked += 1
        computer_turn(game, players, rng)
    assert checked >= 10


def test_level_3_solves_the_whole_arrastre_of_tute_a_dos_in_one_known_world() -> None:
    game = Game.deal("a-dos", seed=4)
    players = [get_player(3), get_player(3)]
    rng = random.Random(2)
    while game.stock_left:
        computer_turn(game, players, rng)
    declare_for_all(game, players, rng)
    game.close_moment()
    seat = game.to_move
    assert seat is not None and not game.finished
    view = game.view(seat)
    assert len(view.hand) == 8
    decision = players[seat].decide(view, random.Random(0))
    assert decision.basis == "exact" and decision.worlds == 1
    assert {card for card, _ in decision.values} == set(view.legal)
