"""docs/RULES.md, "Scoring a hand": the source texts' examples replayed from scripted
records, and scripted deals replayed to a known result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tute_tutor.engine.cards import Card
from tute_tutor.engine.game import Game
from tute_tutor.engine.variants import find_rules
from tute_tutor.formats.record import replay, replay_game

from .helpers import card, scripted_game

DATA = Path(__file__).parent / "data"


def load(name: str) -> dict[str, Any]:
    record: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    return record


def independent_score(record: dict[str, Any]) -> tuple[list[int], list[int], int]:
    """Card points and cante points per team, and the team of the last trick, recomputed
    from the replayed tricks with the point table of docs/RULES.md, "The cards"."""
    game = replay_game(record)
    values = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2}
    cards = [0, 0]
    for trick in game.tricks:
        cards[trick.winner % 2] += sum(values.get(c.rank, 0) for c in trick.cards)
    cantes = [0, 0]
    for cante in game.cantes:
        cantes[cante.seat % 2] += 40 if cante.suit == game.trump else 20
    return cards, cantes, game.tricks[-1].winner % 2


@pytest.mark.parametrize(("name", "cards", "cantes", "last", "totals", "winner", "reason"), [
    # Guide: cards 58 + cuarenta = 98 beats cards 62 + últimas = 72 (sum 170).
    ("cantes_change_winner_98_72", [58, 62], [40, 0], 1, [98, 72], 0, "points"),
    # Guide: 70 against 50 + veinte: the last trick makes it 80-70 ...
    ("last_trick_80_70", [70, 50], [0, 20], 0, [80, 70], 0, "points"),
    # ... or 70-80.
    ("last_trick_70_80", [70, 50], [0, 20], 1, [70, 80], 1, "points"),
    # Guide: a real tie 75-75 (75 against 45 + 20 + 10) goes to the last trick.
    ("tie_75_75", [75, 45], [0, 20], 1, [75, 75], 1, "tie_last_trick"),
    # English guide: 79 + 40 + 10 = 129 against 41 + 20 = 61.
    ("big_win_129_61", [79, 41], [40, 20], 0, [129, 61], 0, "points"),
])
def test_hand_total_is_cards_plus_cantes_plus_diez_de_ultimas(
        name: str, cards: list[int], cantes: list[int], last: int, totals: list[int],
        winner: int, reason: str) -> None:
    record = load(name)
    assert independent_score(record) == (cards, cantes, last)
    result = replay(record)
    assert result["valid"] and result["finished"]
    assert result["totals"] == totals
    assert result["card_points"] == cards and result["cante_points"] == cantes
    assert result["last_trick"] == last
    assert result["winner"] == winner
    assert result["reason"] == reason
    assert sum(totals) == 130 + sum(cantes)


def test_card_points_sum_to_120_and_totals_to_130_before_cantes() -> None:
    for name in ("last_trick_80_70", "tie_75_75", "big_win_129_61"):
        result = replay(load(name))
        assert sum(result["card_points"]) == 120
        assert sum(result["totals"]) - sum(result["cante_points"]) == 130


def test_tie_goes_to_the_side_that_won_the_last_trick() -> None:
    game = replay_game(load("tie_75_75"))
    result = game.result()
    assert result.totals[0] == result.totals[1]
    assert result.winner == game.tricks[-1].winner % 2 == result.last_trick


# ----------------------------------------------------------------- scripted deals
def play_out(game: Game) -> None:
    while not game.finished:
        game.play(game.legal_plays()[0])


def test_scripted_tute_replays_to_a_tute_win() -> None:
    game = scripted_game("clasico", dealer=3,
                         hands={0: "1c,11o,11c,11e,11b", 1: "2c", 2: "4c", 3: "5c"},
                         trump_card="7o", seed=3)
    for code in ("1c", "2c", "4c", "5c"):
        game.play(card(code))
    game.declare_tute(0, "caballos")
    record = game.to_record()
    assert record["events"][-1] == {"tute": "caballos", "seat": 0}
    result = replay(record)
    assert result["valid"] and result["winner"] == 0
    assert result["tute"] == {"tute": "caballos", "seat": 0}
    assert result["reason"] == "tute"


def test_scripted_two_player_swap_of_the_seven_replays() -> None:
    game = scripted_game("a-dos", dealer=1, hands={0: "1c,7o", 1: "2c"}, trump_card="1o",
                         seed=8)
    game.play(card("1c"))
    game.play(card("2c"))
    swap = game.swap(0)
    assert (str(swap.given), str(swap.taken)) == ("7o", "1o")
    assert str(game.face_up) == "7o"
    while game.stock_left:  # the 7 now lies face up: the last card drawn
        game.close_moment()
        game.play(game.legal_plays()[0])
        game.play(game.legal_plays()[0])
    game.close_moment()
    assert card("7o") in game.hand(1 - game.tricks[11].winner)
    play_out(game)
    record = game.to_record()
    assert {"swap": True, "seat": 0} in record["events"]
    again = replay_game(record)
    assert again.result() == game.result()
    assert [t.cards for t in again.tricks] == [t.cards for t in game.tricks]


def test_scripted_two_player_swap_of_the_two_replays() -> None:
    game = scripted_game("a-dos", dealer=1, hands={0: "1c,2o", 1: "2c"}, trump_card="6o",
                         seed=9)
    game.play(card("1c"))
    game.play(card("2c"))
    swap = game.swap(0)
    assert (str(swap.given), str(swap.taken)) == ("2o", "6o")
    play_out(game)
    again = replay_game(game.to_record())
    assert again.result() == game.result()
    assert again.swaps[0].given == Card.parse("2o")


def test_the_face_up_card_goes_to_the_loser_of_the_last_drawing_trick() -> None:
    game = scripted_game("a-dos", dealer=1, hands={}, trump_card="3b", seed=21)
    while game.stock_left:
        game.close_moment()
        game.play(game.legal_plays()[0])
        game.play(game.legal_plays()[0])
        if game.stock_left == 2:
            loser = 1 - game.tricks[-1].winner
            game.close_moment()
            assert card("3b") in game.hand(loser)
    assert len(game.tricks) == 12


def test_scripted_cantes_change_the_winner() -> None:
    record = load("cantes_change_winner_98_72")
    result = replay(record)
    assert result["card_points"][0] < result["card_points"][1]
    assert result["winner"] == 0
    without = dict(record, events=[e for e in record["events"] if "cante" not in e])
    assert replay(without)["winner"] == 1


@pytest.mark.parametrize("name", ["cantes_change_winner_98_72", "last_trick_80_70",
                                  "last_trick_70_80", "tie_75_75", "big_win_129_61"])
def test_scripted_deal_built_directly_reaches_the_recorded_result(name: str) -> None:
    record = load(name)
    rules = find_rules(record["ruleset"], record["overrides"])
    hands = [sum(Card.parse(c).bit for c in hand) for hand in record["hands"]]
    game = Game(rules, record["dealer"], hands, Card.parse(record["trump_card"]).index, [])
    for event in record["events"]:
        if "play" in event:
            game.play(Card.parse(event["play"]))
        else:
            game.cante(event["seat"], "ocebn".index(event["cante"]))
    assert game.finished
    assert list(game.result().totals) == replay(record)["totals"]


def test_no_101_target_in_the_pairs_game() -> None:
    # A pairs hand is won by the higher total, even far below the 101 of two-player tute.
    result = replay(load("cantes_change_winner_98_72"))
    assert result["winner"] == 0 and result["totals"][0] < 101
