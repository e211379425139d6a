"""Drive a practice table like a learner: random legal cards, random declarations."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from tute_tutor.engine.variants import find_rules
from tute_tutor.table.controller import Table, TableConfig


def learner_turn(table: Table, rng: random.Random, declare: float = 0.7) -> None:
    """One learner decision: maybe a declaration when offered, else a legal card."""
    offers = table.offers()
    if offers and rng.random() < declare:
        choices: list[str] = [f"cante:{s}" for s in offers.cantes]
        if offers.tute:
            choices.append("tute")
        if offers.swap is not None:
            choices.append("swap")
        choice = rng.choice(choices)
        if choice == "tute":
            assert table.declare_tute()
        elif choice == "swap":
            assert table.swap()
        else:
            assert table.sing(int(choice.split(":")[1]))
        return
    legal = table.legal_cards()
    if not legal:  # asked to declare but it is not the learner's card: decline
        assert table.pass_moment()
        return
    result = table.click(rng.choice(legal), "es")
    assert result.played, result.message


def play_hand(table: Table, rng: random.Random, declare: float = 0.7) -> None:
    """Play the current hand to its end (computers instantly, the learner at random)."""
    for _ in range(500):
        table.run()
        if table.finished:
            return
        assert table.waiting_for_learner
        learner_turn(table, rng, declare)
    raise AssertionError("the hand did not end")


def learner_moments(ruleset: str, *, seeds: int, turns: int, declare: float = 0.7,
                    **options: Any) -> Iterator[Table]:
    """The table at each learner decision of the hands seeded 0 to ``seeds - 1`` (at most
    ``turns`` a hand); after each, the learner plays on (:func:`learner_turn`)."""
    for seed in range(seeds):
        table = Table(TableConfig(find_rules(ruleset), seed=seed, **options))
        rng = random.Random(seed)
        for _ in range(turns):
            table.run()
            if table.finished:
                break
            yield table
            learner_turn(table, rng, declare)
