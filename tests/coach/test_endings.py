"""Endings (coach/endings.py): the target is reachable with best play by the solver, each
verdict is the exact value of the card (brute-force minimax), a card short of best costs
exactly its loss, the points add up, and the same seed gives the same ending."""

from __future__ import annotations

import pytest

from tests.ai.bruteforce import minimax
from tute_tutor.ai.solver import Position, Solver
from tute_tutor.coach.endings import (
    LEARNER,
    MIN_POINTS,
    TRICKS,
    EndingError,
    EndingPlay,
    best_play_takes_last,
    ending,
)
from tute_tutor.engine.tricks import POINTS
from tute_tutor.engine.variants import find_rules

RULESETS = ["clasico", "estricto", "a-tres", "a-dos"]
SMALL = {4: 3, 3: 4, 2: 4}
"""Tricks of an ending at most, by players, for the brute-force check."""


def best_card(play: EndingPlay) -> int:
    values = play.values()
    return max(values, key=lambda card: (values[card], -card))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_target_is_reachable_with_best_play_and_reached_by_it(ruleset: str) -> None:
    rules = find_rules(ruleset)
    kinds = set()
    for seed in range(8):
        start = ending(seed, rules)
        kinds.add(start.target.kind)
        assert start.tricks in TRICKS and not any(h.bit_count() - start.tricks
                                                  for h in start.hands)
        value = Solver(Position.from_rules(rules, start.hands, start.trump, start.leader),
                       LEARNER).value()
        assert value == start.best == start.target.points >= MIN_POINTS
        if start.target.kind == "ultimas":
            assert best_play_takes_last(rules, start.hands, start.trump, start.leader)
        play = EndingPlay(start)
        play.advance()
        while not play.finished:
            assert play.play(best_card(play)).is_best
            play.advance()
        assert play.reached is True
        assert play.taken[0] >= start.best
    assert kinds <= {"points", "ultimas"}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_verdict_is_the_exact_value_of_the_card(ruleset: str) -> None:
    rules = find_rules(ruleset)
    checked = 0
    for seed in range(30):
        start = ending(seed, rules)
        if start.tricks > SMALL[rules.players]:
            continue
        play = EndingPlay(start)
        play.advance()
        first = True
        while not play.finished:
            legal = play.legal()
            position = play.position()
            brute = {}
            for card in legal:
                hands = list(position.hands)
                hands[LEARNER] ^= 1 << card
                after = Position.from_rules(rules, hands, start.trump, position.leader,
                                            [*position.trick, card])
                brute[card] = minimax(after, LEARNER)
            # the first card: the worst one, so the learner's lines are not all best
            ranked = sorted(legal, key=lambda c: brute[c])
            card = ranked[0] if first else ranked[-1]
            verdict = play.play(card)
            assert verdict.value == brute[card] and verdict.best == max(brute.values())
            assert dict(verdict.values) == brute
            assert verdict.loss == max(brute.values()) - brute[card]
            first = False
            play.advance()
        checked += 1
        if checked == 3:
            return
    pytest.fail(f"fewer than 3 small endings under {ruleset}")


@pytest.mark.parametrize("ruleset", ["clasico", "a-dos"])
def test_a_card_short_of_best_costs_exactly_its_loss_against_best_play(ruleset: str) -> None:
    rules = find_rules(ruleset)
    for seed in range(10):
        start = ending(seed, rules)
        play = EndingPlay(start)
        play.advance()
        values = play.values()
        worst = min(values, key=lambda card: values[card])
        verdict = play.play(worst)
        assert verdict.loss > 0  # an ending's first card always matters
        play.advance()
        while not play.finished:
            play.play(best_card(play))
            play.advance()
        assert play.taken[0] == verdict.value == start.best - verdict.loss
        if start.target.kind == "points":
            assert play.reached is False


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_points_of_an_ending_are_its_cards_and_the_diez_de_ultimas(ruleset: str) -> None:
    rules = find_rules(ruleset)
    start = ending(11, rules)
    held = sum(POINTS[c] for hand in start.hands for c in range(40) if hand >> c & 1)
    play = EndingPlay(start)
    while not play.finished:
        if play.to_move == LEARNER:
            play.play(play.legal()[0])
        else:
            play.step()
    assert sum(play.taken) == held + 10
    assert len(play.tricks) == start.tricks
    assert sum(trick.points for trick in play.tricks) == held + 10


def test_the_same_seed_gives_the_same_ending() -> None:
    rules = find_rules("clasico")
    assert ending(4, rules) == ending(4, rules)
    assert ending(4, rules).hands != ending(5, rules).hands


def test_a_card_out_of_turn_or_not_legal_is_refused_in_one_line() -> None:
    play = EndingPlay(ending(3, find_rules("clasico")))
    play.advance()
    held = [c for c in range(40) if play.hands[LEARNER] >> c & 1]
    illegal = [c for c in held if c not in play.legal()] or [c for c in range(40)
                                                              if c not in held]
    with pytest.raises(EndingError) as caught:
        play.play(illegal[0])
    assert "\n" not in str(caught.value)
    play.play(best_card(play))
    if play.to_move not in (None, LEARNER):
        with pytest.raises(EndingError):
            play.play(held[0])
