"""The three faces of every action: ``check_*`` raises with a code, a reason and
the data it is about, ``can_*`` answers the same question as a bool, and neither changes
the hand. Game.check_play, can_play, check_cante and check_tute, tested directly."""

from __future__ import annotations

import pytest

from tute_tutor.engine.cards import CARDS
from tute_tutor.engine.errors import (
    BadCanteError,
    BadTuteError,
    HandOverError,
    IllegalPlayError,
    TuteError,
)
from tute_tutor.engine.game import Game
from tute_tutor.words.errors import error_text

from .helpers import card, random_game, scripted_game

OROS, COPAS, ESPADAS, BASTOS = range(4)


def _state(game: Game) -> tuple[object, ...]:
    return (list(game.hands), list(game.trick), len(game.events), game.turn, game.finished,
            None if game.moment is None else (game.moment.singers, game.moment.cantes))


def _sota_led() -> Game:
    """Dealer 3, trump oros: seat 0 led the sota de copas; seat 1 holds 12c, 4c, 5b."""
    game = scripted_game("clasico", dealer=3, hands={0: "10c", 1: "12c,4c,5b"},
                         trump_card="7o")
    game.play(card("10c"))
    return game


def _seat_0_won_the_first_trick(extra: dict[int, str]) -> Game:
    """Dealer 3, trump oros; seat 0 led the as de copas and won; the moment is open."""
    hands = {0: "1c", 1: "2c", 2: "4c", 3: "5c"}
    for seat, text in extra.items():
        hands[seat] += "," + text
    game = scripted_game("clasico", dealer=3, hands=hands, trump_card="7o")
    for code in ("1c", "2c", "4c", "5c"):
        game.play(card(code))
    return game


# ----------------------------------------------------------------- check_play / can_play
def test_check_play_returns_the_analysis_of_a_legal_card_and_changes_nothing() -> None:
    game = _sota_led()
    before = _state(game)
    analysis = game.check_play(card("12c"))
    assert analysis.obligation == "montar" and [str(c) for c in analysis.legal] == ["12c"]
    assert _state(game) == before


def test_check_play_refuses_a_card_that_breaks_montar_with_its_rule_and_data() -> None:
    game = _sota_led()
    before = _state(game)
    with pytest.raises(IllegalPlayError) as info:
        game.check_play(card("4c"))
    error = info.value
    assert (error.code, error.rule, error.reason) == ("renuncio", "must_beat", "refused")
    assert error.data["card"] == card("4c")
    assert [str(c) for c in error.data["analysis"].legal] == ["12c"]
    assert "4c" not in error.message and "four of cups" in error.message
    assert error_text(error, "es").startswith("No puedes jugar el cuatro de copas")
    assert _state(game) == before


def test_check_play_refuses_a_card_not_in_the_hand_of_the_seat_to_move() -> None:
    game = _sota_led()
    with pytest.raises(IllegalPlayError) as info:
        game.check_play(card("1o"))
    assert (info.value.code, info.value.reason) == ("not_in_hand", "not_in_hand")
    assert info.value.data == {"card": card("1o"), "seat": 1}
    assert info.value.message == "1o is not in seat 1's hand"
    assert error_text(info.value, "es") == "la carta 1o no está en la mano del asiento 1"


def test_check_play_as_referee_lets_a_renuncio_through() -> None:
    game = _sota_led()
    assert game.check_play(card("5b"), referee=True).obligation == "montar"
    assert not game.can_play(card("5b"))


def test_check_play_after_the_hand_is_over_refuses_every_card() -> None:
    game = random_game("clasico", seed=11)
    assert game.finished
    with pytest.raises(HandOverError) as info:
        game.check_play(CARDS[0])
    assert info.value.reason == "play" and info.value.data == {"card": CARDS[0]}
    assert not any(game.can_play(c) for c in CARDS)


@pytest.mark.parametrize("ruleset", ["clasico", "a-tres", "a-dos"])
def test_can_play_is_true_exactly_for_the_legal_cards_and_changes_nothing(ruleset: str) -> None:
    def check(game: Game) -> None:
        legal = set(game.legal_plays())
        before = _state(game)
        assert {c for c in CARDS if game.can_play(c)} == legal
        for c in CARDS:
            raised = False
            try:
                game.check_play(c)
            except TuteError:
                raised = True
            assert raised == (c not in legal)
        assert _state(game) == before

    random_game(ruleset, seed=5, check=check)


# ----------------------------------------------------------------- check_cante
def test_check_cante_refuses_before_any_trick_is_won() -> None:
    game = scripted_game("clasico", dealer=3, hands={0: "12e,11e"}, trump_card="7o")
    with pytest.raises(BadCanteError) as info:
        game.check_cante(0, ESPADAS)
    assert info.value.reason == "cannot_sing_no_moment" and info.value.data["seat"] == 0
    assert "before the next lead" in info.value.message


def test_check_cante_refuses_the_side_that_lost_the_trick() -> None:
    game = _seat_0_won_the_first_trick({1: "12e,11e"})
    with pytest.raises(BadCanteError) as info:
        game.check_cante(1, ESPADAS)
    assert info.value.reason == "cannot_sing_team_only"
    assert info.value.data == {"seat": 1, "winner": 0}


def test_check_cante_names_the_suit_whose_pair_is_missing() -> None:
    game = _seat_0_won_the_first_trick({0: "12e"})
    with pytest.raises(BadCanteError) as info:
        game.check_cante(0, ESPADAS)
    assert info.value.reason == "no_pair" and info.value.data == {"seat": 0, "suit": ESPADAS}
    assert info.value.message == "seat 0 does not hold the king and the knight of swords"
    assert error_text(info.value, "es") == "el asiento 0 no tiene el rey y el caballo de espadas"


def test_check_cante_wants_the_forty_in_trumps_before_a_twenty() -> None:
    game = _seat_0_won_the_first_trick({0: "12o,11o,12e,11e"})
    before = _state(game)
    with pytest.raises(BadCanteError) as info:
        game.check_cante(0, ESPADAS)
    assert info.value.reason == "forty_first"
    assert game.check_cante(0, OROS) is None
    assert _state(game) == before
    game.cante(0, OROS)
    with pytest.raises(BadCanteError) as info:
        game.check_cante(0, ESPADAS)
    assert info.value.reason == "already_sang"


def test_check_cante_wants_a_tute_declared_first() -> None:
    game = _seat_0_won_the_first_trick({0: "12o,12c,12e,12b,11e"})
    with pytest.raises(BadCanteError) as info:
        game.check_cante(0, ESPADAS)
    assert info.value.reason == "holds_tute"


@pytest.mark.parametrize("ruleset", ["clasico", "estricto", "a-tres", "a-dos"])
def test_can_cante_and_check_cante_agree_for_every_seat_and_suit(ruleset: str) -> None:
    def check(game: Game) -> None:
        before = _state(game)
        for seat in range(game.players):
            for suit in range(4):
                try:
                    game.check_cante(seat, suit)
                    allowed = True
                except BadCanteError:
                    allowed = False
                assert game.can_cante(seat, suit) == allowed
                assert (suit in game.declarable_cantes(seat)) <= allowed
        assert _state(game) == before

    for seed in range(3):
        random_game(ruleset, seed=seed, check=check, eager=0.3)


# ----------------------------------------------------------------- check_tute
def test_check_tute_returns_the_kind_held_and_changes_nothing() -> None:
    game = _seat_0_won_the_first_trick({0: "12o,12c,12e,12b"})
    before = _state(game)
    assert game.check_tute(0) == "reyes"
    assert game.check_tute(0, "reyes") == "reyes"
    assert _state(game) == before


def test_check_tute_refuses_the_wrong_kind_and_a_seat_without_one() -> None:
    game = _seat_0_won_the_first_trick({0: "12o,12c,12e,12b"})
    with pytest.raises(BadTuteError) as info:
        game.check_tute(0, "caballos")
    assert info.value.reason == "not_held_kind" and info.value.data["kind"] == "caballos"
    with pytest.raises(BadTuteError) as info:
        game.check_tute(2)
    assert info.value.reason == "not_held"
    assert "four kings or four knights" in info.value.message


def test_check_tute_refuses_the_side_that_lost_the_trick_and_no_seat() -> None:
    game = _seat_0_won_the_first_trick({1: "12o,12c,12e,12b"})
    with pytest.raises(BadTuteError) as info:
        game.check_tute(1)
    assert info.value.reason == "side_did_not_win"
    with pytest.raises(BadTuteError) as info:
        game.check_tute(7)
    assert info.value.reason == "no_seat" and info.value.data == {"seat": 7}
    assert not game.can_tute(1) and not game.can_tute(7)


def test_check_tute_refuses_outside_the_moment_after_a_trick() -> None:
    game = scripted_game("clasico", dealer=3, hands={0: "12o,12c,12e,12b"}, trump_card="7o")
    with pytest.raises(BadTuteError) as info:
        game.check_tute(0)
    assert info.value.reason == "no_moment"
    assert not game.can_tute(0)
