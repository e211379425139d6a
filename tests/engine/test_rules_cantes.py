"""docs/RULES.md, "Cantes", "The tute" and "Two players": cantes (20 and 40), their
timing flags and priority, tute, and the two-player cantes and swap of the seven (or the
two)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tute_tutor.engine.errors import (
    BadCanteError,
    BadPassError,
    BadSwapError,
    BadTuteError,
    HandOverError,
)
from tute_tutor.engine.game import Game, PassEvent
from tute_tutor.engine.match import hand_points
from tute_tutor.engine.variants import find_rules

from .helpers import card, random_game, scripted_game

OROS, COPAS, ESPADAS, BASTOS = range(4)


def first_trick_to_seat_0(ruleset: str = "clasico", extra: dict[int, str] | None = None,
                          **overrides: Any) -> Game:
    """Dealer 3, trump oros; seat 0 leads the as de copas and wins trick 1."""
    hands = {0: "1c", 1: "2c", 2: "4c", 3: "5c"}
    for seat, text in (extra or {}).items():
        hands[seat] = hands[seat] + "," + text
    game = scripted_game(ruleset, dealer=3, hands=hands, trump_card="7o",
                         overrides=overrides or None)
    for code in ("1c", "2c", "4c", "5c"):
        game.play(card(code))
    assert game.tricks[0].winner == 0
    return game


PAIRS = {0: "12o,11o,12e,11e", 2: "12b,11b"}


# ----------------------------------------------------------------- values
def test_cante_is_twenty_in_a_plain_suit_and_forty_in_trumps() -> None:
    game = first_trick_to_seat_0(extra=PAIRS)
    assert game.cante(2, BASTOS).points == 20  # the partner is asked before the winner
    assert game.cante(0, OROS).points == 40
    assert game.points_so_far() == (game.tricks[0].points + 60, 0)


def test_sung_cards_keep_their_card_value_in_tricks() -> None:
    game = first_trick_to_seat_0(extra={0: "12e,11e", 1: "4e", 2: "1e,3e", 3: "5e"})
    game.cante(0, ESPADAS)
    game.play(card("12e"))
    for _ in range(3):
        game.play(game.legal_plays()[0])
    trick = game.tricks[1]
    assert card("12e") in trick.cards
    assert trick.points == sum(c.points for c in trick.cards) and trick.points >= 4 + 11


# ----------------------------------------------------------------- who holds the pair
def test_pair_split_between_partners_never_counts() -> None:
    game = first_trick_to_seat_0(extra={0: "12e", 2: "11e"})
    assert not game.can_cante(0, ESPADAS) and not game.can_cante(2, ESPADAS)
    with pytest.raises(BadCanteError, match="does not hold"):
        game.cante(0, ESPADAS)


def test_each_suit_is_sung_at_most_once_per_hand() -> None:
    game = first_trick_to_seat_0(extra={0: "12e,11e,3c", 1: "6c", 2: "7c", 3: "10c"})
    game.cante(0, ESPADAS)
    game.play(card("3c"))
    for _ in range(3):
        game.play(game.legal_plays()[0])
    assert game.tricks[1].winner == 0
    with pytest.raises(BadCanteError, match="already been sung"):
        game.cante(0, ESPADAS)


def test_no_cante_once_a_card_of_the_pair_has_been_played() -> None:
    game = first_trick_to_seat_0(extra={0: "12e,11e", 1: "4e", 2: "1e,3e", 3: "5e"})
    game.play(card("12e"))  # not sung: seat 0 leads the rey instead
    for _ in range(3):
        game.play(game.legal_plays()[0])
    assert game.team_of(game.tricks[1].winner) == 0
    assert ESPADAS not in game.declarable_cantes(0)
    with pytest.raises(BadCanteError):
        game.cante(0, ESPADAS)


# ----------------------------------------------------------------- when
def test_singing_needs_a_won_trick() -> None:
    game = scripted_game("clasico", dealer=3, hands={0: "12e,11e,1c"}, trump_card="7o")
    with pytest.raises(BadCanteError, match="after a trick is won"):
        game.cante(0, ESPADAS)


def test_cantes_are_made_before_the_next_lead() -> None:
    game = first_trick_to_seat_0(extra={2: "12b,11b"})
    game.play(game.legal_plays()[0])  # the next lead closes the moment
    with pytest.raises(BadCanteError, match="before the next lead"):
        game.cante(2, BASTOS)


def test_cante_by_team_lets_the_partner_of_the_trick_winner_sing() -> None:
    game = first_trick_to_seat_0(extra={2: "12b,11b", 1: "12e,11e"})
    assert game.can_cante(2, BASTOS)
    assert not game.can_cante(1, ESPADAS)  # the other team did not win the trick
    game.cante(2, BASTOS)


def test_cante_by_trick_winner_only_the_winner_sings() -> None:
    game = first_trick_to_seat_0(extra={2: "12b,11b"}, cante_by="trick_winner")
    with pytest.raises(BadCanteError, match="only the winner"):
        game.cante(2, BASTOS)


def test_cantes_per_trick_per_player_one_each() -> None:
    game = first_trick_to_seat_0(extra=PAIRS)
    game.cante(2, BASTOS)
    game.cante(0, OROS)  # the winner still may
    with pytest.raises(BadCanteError, match="already sung after this trick"):
        game.cante(0, ESPADAS)


def test_cantes_per_trick_one_for_everybody() -> None:
    game = first_trick_to_seat_0(extra=PAIRS, cantes_per_trick="one")
    game.cante(2, BASTOS)
    with pytest.raises(BadCanteError, match="only one cante"):
        game.cante(0, OROS)


def test_cante_priority_forty_before_twenty() -> None:
    game = first_trick_to_seat_0(extra=PAIRS)
    assert game.declarable_cantes(0) == [OROS]
    with pytest.raises(BadCanteError, match="40"):
        game.cante(0, ESPADAS)


def test_cante_priority_tute_before_any_cante() -> None:
    game = first_trick_to_seat_0(extra={0: "12o,12c,12e,12b,11o"})
    assert game.can_tute(0)
    assert game.declarable_cantes(0) == []
    with pytest.raises(BadCanteError, match="tute"):
        game.cante(0, OROS)


# ----------------------------------------------------------------- tute
def test_tute_of_four_reyes_ends_the_hand_won_by_that_side() -> None:
    game = first_trick_to_seat_0(extra={0: "12o,12c,12e,12b"})
    event = game.declare_tute(0)
    assert event.kind == "reyes"
    assert game.finished and game.to_move is None
    result = game.result()
    assert (result.reason, result.winner, result.margin) == ("tute", 0, 130)
    with pytest.raises(HandOverError) as info:
        game.play(game.hand(1)[0])
    assert info.value.code == "hand_over"


def test_tute_of_four_caballos() -> None:
    game = first_trick_to_seat_0(extra={2: "11o,11c,11e,11b"})
    assert game.declare_tute(2, "caballos").kind == "caballos"
    assert game.result().winner == 0


def test_tute_split_between_partners_never_counts() -> None:
    game = first_trick_to_seat_0(extra={0: "12o,12c", 2: "12e,12b"})
    assert not game.can_tute(0) and not game.can_tute(2)
    with pytest.raises(BadTuteError):
        game.declare_tute(0)


def test_tute_of_the_wrong_kind_is_refused() -> None:
    game = first_trick_to_seat_0(extra={0: "12o,12c,12e,12b"})
    with pytest.raises(BadTuteError, match="caballos"):
        game.declare_tute(0, "caballos")


def _tute_holder_wins_two_tricks(**overrides: Any) -> Game:
    game = first_trick_to_seat_0(
        extra={0: "12o,12c,12e,12b,3c", 1: "6c", 2: "7c", 3: "10c"}, **overrides)
    game.play(card("3c"))
    for _ in range(3):
        game.play(next(c for c in game.legal_plays() if c.suit == COPAS))
    assert game.tricks[1].winner == 0
    return game


def test_tute_timing_team_first_trick_only_at_the_sides_first_trick() -> None:
    game = first_trick_to_seat_0(extra={0: "12o,12c,12e,12b"})
    assert game.can_tute(0)
    late = _tute_holder_wins_two_tricks()
    assert not late.can_tute(0)
    with pytest.raises(BadTuteError, match="first trick"):
        late.declare_tute(0)


def test_tute_timing_after_won_trick_at_any_trick_won() -> None:
    late = _tute_holder_wins_two_tricks(tute_timing="after_won_trick")
    assert late.can_tute(0)
    assert late.declare_tute(0).kind == "reyes"


def test_tute_timing_team_first_trick_counts_the_sides_first_trick_not_the_hands() -> None:
    # Team 1 takes trick 1, team 0 its first trick at trick 2: the tute may be declared.
    game = scripted_game("clasico", dealer=3,
                         hands={0: "2b,12o,12c,12e,12b,1c", 1: "1b,4c", 2: "4b,5c",
                                3: "5b,6c"}, trump_card="7o")
    game.play(card("2b"))
    game.play(card("1b"))
    for _ in range(2):
        game.play(next(c for c in game.legal_plays() if c.suit == BASTOS))
    assert game.tricks[0].winner == 1 and not game.can_tute(0)
    for code in ("4c", "5c", "6c", "1c"):  # seats 1, 2, 3, then 0 takes it
        game.play(card(code))
    assert game.tricks[1].winner == 0
    assert game.can_tute(0)


def test_tute_award_hand_or_match_points() -> None:
    game = first_trick_to_seat_0(extra={0: "12o,12c,12e,12b"})
    game.declare_tute(0)
    result = game.result()
    assert hand_points(find_rules("clasico"), result) == (1, 0)
    assert hand_points(find_rules("las40"), result) == (2, 0)
    assert hand_points(find_rules("ludoteka"), result) == (2, 0)
    assert hand_points(find_rules("clasico", {"tute_award": 3}), result) == (3, 0)


# ----------------------------------------------------------------- two players
def two_player_game(seat0: str, seat1: str, face_up: str, **overrides: Any) -> Game:
    """Dealer 1: seat 0 leads the as de copas, seat 1 answers the 2: seat 0 wins."""
    game = scripted_game("a-dos", dealer=1, hands={0: "1c," + seat0, 1: "2c," + seat1},
                         trump_card=face_up, overrides=overrides or None)
    game.play(card("1c"))
    game.play(card("2c"))
    assert game.tricks[0].winner == 0
    return game


def test_two_players_cante_by_the_trick_winner_before_drawing() -> None:
    game = two_player_game("12e,11e", "12b,11b", "5o")
    assert not game.can_cante(1, BASTOS)
    assert game.cante(0, ESPADAS).points == 20
    assert game.stock_left == 24  # nothing drawn yet
    game.close_moment()
    assert game.stock_left == 22


def test_two_players_one_cante_per_trick() -> None:
    game = two_player_game("12e,11e,12b,11b", "", "5o")
    game.cante(0, ESPADAS)
    assert not game.can_cante(0, BASTOS)


def test_two_players_no_cantes_once_the_stock_is_empty() -> None:
    checked = 0
    for seed in range(300):
        rng = random.Random(seed)
        game = Game.deal("a-dos", rng=rng)
        while not game.finished:
            moment = game.moment
            if moment is not None and not moment.stock_open:
                winner = moment.winner
                held = game._pair_suits(winner)
                assert game.declarable_cantes(winner) == []
                for suit in held:
                    checked += 1
                    with pytest.raises(BadCanteError, match="stock is empty"):
                        game.cante(winner, suit)
                assert not game.can_swap(winner)
            game.play(rng.choice(game.legal_plays()))
        if checked >= 3:
            break
    assert checked >= 3


def test_two_players_swap_the_seven_for_a_high_face_up_card() -> None:
    for face in ("1o", "3o", "12o", "11o", "10o"):
        game = two_player_game("7o", "", face)
        assert game.can_swap(0)
        event = game.swap(0)
        assert (str(event.given), str(event.taken)) == ("7o", face)
        assert card(face) in game.hand(0) and card("7o") not in game.hand(0)
        assert str(game.face_up) == "7o"


def test_two_players_swap_the_two_for_a_low_face_up_card() -> None:
    for face in ("7o", "6o", "5o", "4o"):
        game = two_player_game("2o", "", face)
        event = game.swap(0)
        assert (str(event.given), str(event.taken)) == ("2o", face)
        assert str(game.face_up) == "2o"


def test_two_players_swap_needs_the_right_card() -> None:
    game = two_player_game("7o", "", "5o")
    with pytest.raises(BadSwapError, match="2 of trumps"):
        game.swap(0)
    game = two_player_game("2o", "", "1o")
    with pytest.raises(BadSwapError, match="7 of trumps"):
        game.swap(0)


def test_two_players_swap_only_by_the_trick_winner_while_the_stock_lasts() -> None:
    game = two_player_game("", "7o", "1o")
    with pytest.raises(BadSwapError, match="only the winner"):
        game.swap(1)
    four = first_trick_to_seat_0()
    with pytest.raises(BadSwapError, match="two-player"):
        four.swap(0)


def test_two_players_swap_then_cante_in_the_same_moment() -> None:
    game = two_player_game("7o,11o", "", "12o")
    game.swap(0)
    assert game.cante(0, OROS).points == 40  # the rey taken in the swap completes the pair


def test_two_players_tute_margin_counts_130() -> None:
    game = two_player_game("12o,12c,12e,12b", "", "5o")
    game.declare_tute(0)
    assert game.result().margin == 130


def test_random_games_never_offer_an_action_that_is_then_refused() -> None:
    for seed in range(60):
        for ruleset in ("clasico", "estricto", "a-tres", "a-dos"):
            game = random_game(ruleset, seed)
            assert game.finished


# ----------------------------------------------------------------- whose turn it is
def test_declarations_are_asked_from_the_seat_after_the_winner_the_winner_last() -> None:
    game = first_trick_to_seat_0(extra=PAIRS)
    assert game.declaring_order() == [1, 2, 3, 0]
    assert (game.declarer, game.to_act) == (2, 2)  # seat 1 has nothing to declare: skipped
    game.pass_turn(2)
    assert (game.declarer, game.to_act) == (0, 0)
    game.pass_turn(0)
    assert (game.declarer, game.to_act, game.to_move) == (None, 0, 0)  # the winner leads


def test_a_declaration_passes_the_seats_asked_before_it() -> None:
    game = first_trick_to_seat_0(extra=PAIRS)
    game.cante(0, OROS)  # the winner declares first: the partner has passed
    with pytest.raises(BadCanteError, match="already passed") as refused:
        game.cante(2, BASTOS)
    assert refused.value.reason == "cannot_sing_passed"
    assert game.declarable_cantes(2) == []


def test_a_seat_that_passed_may_not_declare() -> None:
    game = first_trick_to_seat_0(extra=PAIRS)
    game.pass_turn(2)
    with pytest.raises(BadCanteError, match="already passed"):
        game.cante(2, BASTOS)


def test_only_the_seat_asked_may_pass() -> None:
    game = first_trick_to_seat_0(extra=PAIRS)
    with pytest.raises(BadPassError) as refused:
        game.pass_turn(0)
    assert (refused.value.reason, refused.value.data["asked"]) == ("not_asked", 2)
    game.pass_turn(2)
    game.pass_turn(0)
    with pytest.raises(BadPassError, match="nobody"):
        game.pass_turn(0)


def test_the_lead_passes_every_seat_still_to_be_asked() -> None:
    game = first_trick_to_seat_0(extra=PAIRS)
    game.play(card("12o"))
    assert game.moment is None and game.cantes == []
    assert game.to_act == 1


def test_passes_stay_out_of_the_record_and_undo_takes_them_back() -> None:
    game = first_trick_to_seat_0(extra=PAIRS)
    event = game.pass_turn(2)
    assert isinstance(event, PassEvent) and game.events[-1] == event
    assert all("pass" not in e for e in game.to_record()["events"])
    game.undo()
    assert game.declarer == 2
    again = game.replayed()
    assert again.declarer == 2 and again.events == game.events


def test_under_one_cante_per_trick_the_first_seat_asked_takes_it() -> None:
    game = first_trick_to_seat_0(extra=PAIRS, cantes_per_trick="one")
    assert game.to_act == 2  # the partner, asked before the winner
    game.cante(2, BASTOS)
    assert game.declarer is None and game.to_act == 0
