"""``tute-tutor puzzle``: the JSON puzzles check out against an independent solve, bad
arguments get one error line and exit 2."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from tests.ai.bruteforce import minimax
from tute_tutor.ai.solver import Position
from tute_tutor.cli.main import main
from tute_tutor.engine.cards import SUIT_LETTERS, Card, mask_of, parse_cards
from tute_tutor.engine.variants import find_rules


def run(*argv: str) -> tuple[int, Any]:
    out = io.StringIO()
    code = main(list(argv), out)
    return code, json.loads(out.getvalue())


def solve_from_json(puzzle: dict[str, Any]) -> dict[str, int]:
    """Each legal card's value by the plain minimax, read only from the printed puzzle."""
    rules = find_rules(puzzle["ruleset"])
    hands = [mask_of(parse_cards(puzzle["hands"][str(s)])) for s in range(rules.players)]
    trump = SUIT_LETTERS.index(puzzle["trump"])
    trick = [c.index for c in parse_cards(puzzle["trick"])]
    seat = puzzle["to_play"]
    assert seat == (puzzle["leader"] + len(trick)) % rules.players
    out = {}
    for code in puzzle["values"]:
        card = Card.parse(code).index
        after = list(hands)
        after[seat] ^= 1 << card
        position = Position.from_rules(rules, after, trump, puzzle["leader"], [*trick, card])
        out[code] = minimax(position, seat)
    return out


@pytest.mark.parametrize("ruleset", ["clasico", "a-tres", "a-dos"])
def test_printed_values_and_best_agree_with_a_brute_force_solve(ruleset: str) -> None:
    code, data = run("puzzle", "--seed", "21", "--count", "12", "--ruleset", ruleset, "--json")
    assert code == 0 and len(data["puzzles"]) == 12
    small = [p for p in data["puzzles"] if len(p["hands"][str(p["to_play"])]) <= 3]
    assert small, "no small puzzle to check"
    for puzzle in small:
        values = solve_from_json(puzzle)
        assert values == puzzle["values"], puzzle["id"]
        top = max(values.values())
        assert sorted(puzzle["best"]) == sorted(c for c, v in values.items() if v == top)


def test_a_theme_gives_puzzles_of_that_theme_only() -> None:
    code, data = run("puzzle", "--seed", "2", "--count", "3", "--theme", "counting", "--json")
    assert code == 0
    assert [p["theme"] for p in data["puzzles"]] == ["counting"] * 3


@pytest.mark.parametrize("argv", [
    ("--count", "0"), ("--count", "51"), ("--seed", "-1"), ("--seed", "x"),
    ("--ruleset", "mus"), ("--theme", "nope"), ("--ruleset", "a-dos", "--theme", "partner"),
])
def test_bad_arguments_get_one_error_line_and_exit_2(argv: tuple[str, ...]) -> None:
    out = io.StringIO()
    code = main(["puzzle", *argv, "--json"], out)
    assert code == 2
    lines = out.getvalue().splitlines()
    assert len(lines) == 1
    error = json.loads(lines[0])["error"]
    assert error["code"] == "bad_puzzle" and error["message"]


def test_sampled_puzzles_print_their_deals_and_the_best_card_is_best_in_each() -> None:
    from tute_tutor.ai.solver import Solver

    code, data = run("puzzle", "--seed", "4", "--count", "2", "--sampled", "--json")
    assert code == 0
    for puzzle in data["puzzles"]:
        assert puzzle["sampled"] is True and puzzle["id"].endswith("/sampled")
        rules = find_rules(puzzle["ruleset"])
        trump = SUIT_LETTERS.index(puzzle["trump"])
        trick = [c.index for c in parse_cards(puzzle["trick"])]
        means: dict[str, list[int]] = {c: [] for c in puzzle["values"]}
        for sample in puzzle["samples"]:
            hands = [mask_of(parse_cards(sample[str(s)])) for s in range(rules.players)]
            position = Position.from_rules(rules, hands, trump, puzzle["leader"], trick,
                                           cantes=False)
            values = Solver(position, puzzle["to_play"]).card_values()
            top = max(values.values())
            assert all(values[Card.parse(c).index] == top for c in puzzle["best"])
            for c in means:
                means[c].append(values[Card.parse(c).index])
        assert {c: round(sum(v) / len(v)) for c, v in means.items()} == puzzle["values"]


def test_the_stock_theme_needs_the_stock_of_two_players() -> None:
    code, data = run("puzzle", "--ruleset", "a-tres", "--theme", "stock", "--json")
    assert code == 2 and "needs a stock" in data["error"]["message"]
