"""The quiz's second reading of the rules agrees with the engine on random positions.

The positions are drawn card by card (not played), so they also hold tables a real hand
rarely reaches; every preset and every legality flag is tried.
"""

from __future__ import annotations

import itertools
import random

import pytest

from tests.quiz.oracle import POINTS, read_rules, winner_position
from tute_tutor.engine.cards import CARDS, parse_cards
from tute_tutor.engine.legal import analyse_play, trick_state
from tute_tutor.engine.variants import PRESETS, find_rules

FLAGS = ("overtake_when_trumped", "trump_when_cannot_overtrump", "partner_exemption")
POSITIONS = 3000


def _flag_sets() -> list[dict[str, bool]]:
    return [dict(zip(FLAGS, values, strict=True))
            for values in itertools.product((False, True), repeat=len(FLAGS))]


@pytest.mark.parametrize("ruleset", list(PRESETS))
def test_the_plain_reading_and_the_engine_give_the_same_cards_and_obligation(
        ruleset: str) -> None:
    rng = random.Random(ruleset)
    seen: set[str] = set()
    for overrides in _flag_sets():
        rules = find_rules(ruleset, overrides)
        for _ in range(POSITIONS // 8):
            cards = rng.sample(list(CARDS), 40)
            trick = cards[:rng.randrange(rules.players)]
            hand = cards[10:10 + rng.randint(1, rules.hand_size)]
            trump = rng.randrange(4)
            stock = rng.choice((0, 0, 6)) if rules.has_stock else 0
            engine = analyse_play(hand, trick, trump, rules, stock)
            reading = read_rules(hand, trick, trump, rules, stock)
            where = (ruleset, overrides, [str(c) for c in hand], [str(c) for c in trick], trump)
            assert reading.legal == {str(c) for c in engine.legal}, where
            assert reading.obligation == engine.obligation, where
            seen.add(reading.obligation)
    expected = {"salida", "asistir", "montar", "fallar", "libre"}
    if rules.players >= 3:
        expected.add("pisar")
    if rules.has_teams:
        expected.add("companero")
    if rules.has_stock:
        expected.add("robo")
    assert seen >= expected, "the random positions reach every obligation"


def test_the_plain_reading_follows_the_rule_book_examples() -> None:
    rules = find_rules("clasico")
    oros = 0

    def legal(hand: str, trick: str) -> set[str]:
        return set(read_rules(parse_cards(hand), parse_cards(trick), oros, rules).legal)

    assert legal("12c,4c", "10c") == {"12c"}
    assert legal("4c,5b", "1c") == {"4c"}
    assert legal("12o,2o,5b", "10c,4o") == {"12o"}
    assert legal("2o,5b", "10c,1o") == {"2o", "5b"}
    assert legal("12c,4c,5b", "10c,2o") == {"12c", "4c"}


def test_the_trick_winner_and_points_match_the_engine() -> None:
    rng = random.Random(7)
    for _ in range(500):
        trick = rng.sample(list(CARDS), 4)
        trump = rng.randrange(4)
        state = trick_state([c.index for c in trick], trump)
        assert winner_position(trick, trump) == state.winner_position
    assert all(card.points == POINTS.get(card.rank, 0) for card in CARDS)
    assert sum(POINTS.get(card.rank, 0) for card in CARDS) == 120
