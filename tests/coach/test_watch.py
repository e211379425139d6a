"""Watching a hand: every position is the engine's game replayed to its events, the steps
move forward and back by a card or a whole trick, every card has its reason (the
engine's obligation for a forced card, the coach's for a free one) read off the seat's
own view, so no hidden hand changes it, and a record gives the same reasons."""

from __future__ import annotations

import random
from functools import cache

import pytest

from tute_tutor.coach.reasons import DECLARATION_KINDS, Reason
from tute_tutor.coach.watch import (
    WatchedHand,
    edges_from_json,
    edges_to_json,
    play_watched,
    reason_before,
    watch_game,
)
from tute_tutor.engine.cards import CARDS, Card
from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.game import Game
from tute_tutor.engine.variants import find_rules
from tute_tutor.formats.record import replay_game

RULESETS = ("clasico", "a-tres", "a-dos")


@cache
def watched(ruleset: str, seed: int = 5, level: int = 3) -> WatchedHand:
    return play_watched(find_rules(ruleset), seed, (level,))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_position_is_the_game_replayed_to_its_events(ruleset: str) -> None:
    hand = watched(ruleset)
    assert hand.game.finished
    assert sum(1 for s in hand.steps if s.card is not None) == \
        sum(len(t.cards) for t in hand.game.tricks) + len(hand.game.trick)
    for position in range(hand.size + 1):
        shown = hand.at(position)
        events = hand.events_at(position)
        again = hand.game.replayed(events)
        assert shown.game.events == hand.game.events[:events]
        assert shown.game.tricks == again.tricks
        assert shown.game.cantes == again.cantes
        if position:
            assert shown.step is hand.steps[position - 1]
            assert len(hand.game.replayed(events - 1).events) == events - 1
        played = [card for _, card in shown.trick]
        if shown.complete:
            assert played == list(shown.game.tricks[-1].cards)
            assert shown.winning == shown.game.tricks[-1].winner
        else:
            assert played == shown.game.trick_cards


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_card_forward_then_back_comes_back_and_a_trick_forward_ends_the_trick(
        ruleset: str) -> None:
    hand = watched(ruleset)
    for position in range(hand.size):
        assert hand.back(hand.forward(position)) == position
        end = hand.trick_forward(position)
        assert end > position
        shown = hand.at(end)
        assert end == hand.size or (shown.complete and len(shown.trick) == hand.rules.players)
        # nothing in between ends a trick: a whole trick is one jump
        assert not any(hand.steps[p].closes_trick for p in range(position, end - 1))
        assert hand.trick_back(end) < end
    assert hand.forward(hand.size) == hand.size and hand.back(0) == 0
    assert hand.trick_back(0) == 0 and hand.trick_forward(hand.size) == hand.size
    ends = hand.trick_ends
    assert len(ends) == len(hand.game.tricks)
    assert [hand.trick_back(end) for end in ends] == [0, *ends[:-1]]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_free_card_has_the_coachs_reason_and_a_forced_one_the_obligation(
        ruleset: str) -> None:
    hand = watched(ruleset)
    free = 0
    for step in hand.steps:
        reason = step.reason
        assert reason is not None and reason.seat == step.seat
        if step.card is None:
            assert reason.card is None and reason.kind in DECLARATION_KINDS
            assert reason.kind.startswith({"cante": "sings", "tute": "declares",
                                           "swap": "swaps"}[step.kind])
            continue
        assert reason.card == step.card
        analysis = step.entry.analysis
        assert analysis is not None and len(analysis.legal) == step.legal
        if step.legal > 1:
            free += 1
            assert step.is_free and reason.kind != "forced"
        else:
            assert reason.kind == "forced" and reason.facts[0].code == analysis.obligation
    assert free, "a whole hand always holds free cards"


def _swapped_deal(game: Game, a: int, b: int, x: Card, y: Card) -> Game:
    hands = list(game.initial_hands)
    hands[a] ^= x.bit | y.bit
    hands[b] ^= x.bit | y.bit
    return Game(game.rules, game.dealer, hands, game.trump_card, list(game.initial_stock))


@pytest.mark.parametrize("ruleset", ["clasico", "a-tres"])
def test_a_reason_does_not_depend_on_any_hand_the_seat_cannot_see(ruleset: str) -> None:
    hand = watched(ruleset, seed=8)
    game = hand.game
    rng = random.Random(8)
    checked = 0
    for step in hand.steps:
        if step.card is None or step.reason is None:
            continue
        before = game.replayed(step.events - 1)
        others = [s for s in range(game.players) if s != step.seat]
        a, b = rng.sample(others, 2)
        known = before.known_cards()
        # cards the seat cannot see: still held, not shown by a cante or the turned card
        hidden_a = [c for c in before.hand(a) if not known[a] & c.bit]
        hidden_b = [c for c in before.hand(b) if not known[b] & c.bit]
        if not hidden_a or not hidden_b:
            continue
        x, y = rng.choice(hidden_a), rng.choice(hidden_b)
        other = _swapped_deal(game, a, b, x, y)
        try:
            for event in game.events[:step.events - 1]:
                other.apply(event)
        except TuteError:
            continue  # with the swap an earlier card would have been illegal
        assert other.hand(a) != before.hand(a)
        again: Reason = reason_before(other, step.seat, step.card)
        assert again.facts == step.reason.facts
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_hand_record_watched_gives_the_reasons_of_the_hand_played(ruleset: str) -> None:
    hand = watched(ruleset)
    again = watch_game(replay_game(hand.game.to_record()))
    def what(h: WatchedHand) -> list[tuple[object, ...]]:
        return [(s.kind, s.seat, s.card, s.trick, s.legal) for s in h.steps]

    assert what(again) == what(hand)  # a record keeps no passes: event counts may differ
    assert [s.reason.facts if s.reason else None for s in again.steps] == \
        [s.reason.facts if s.reason else None for s in hand.steps]


def test_a_rated_cards_edge_goes_with_its_reason_and_survives_json() -> None:
    hand = watched("a-dos")
    game = hand.game
    step = next(s for s in hand.steps if s.is_free)
    from tute_tutor.coach.reasons import Edge

    edge = Edge(7.5, CARDS[0], "exact", 12)
    number = [s for s in hand.steps if s.card is not None].index(step) + 1
    edges = {number: edge}
    assert edges_from_json(edges_to_json(edges)) == edges
    why = {1: Edge(-2.0, CARDS[3], "playouts", 24, "wins", (14.5, 11.0)),
           2: Edge(-3.0, CARDS[4], "playouts", 24, "sound")}
    assert edges_from_json(edges_to_json(why)) == why
    assert Edge.from_json([-2.0, "1o", "playouts", 24, "wins", 30, 1]) is None  # > worlds
    assert Edge.from_json([-2.0, "1o", "playouts", 24, "why", 3, 1]) is None
    with_edge = watch_game(replay_game(game.to_record()), edges)
    assert with_edge.steps[hand.steps.index(step)].reason.edge == edge  # type: ignore[union-attr]
    assert sum(s.reason is not None and s.reason.edge is not None
               for s in with_edge.steps) == 1
