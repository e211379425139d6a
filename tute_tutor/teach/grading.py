"""Which card is really better: the "which is better?" blocks graded by the exact solver.

A scenario shows one hand and the open trick; the other hands are hidden. For each of
:data:`DEALS` deals consistent with what the learner sees (drawn with the fixed seed
:data:`SEED`, so the verdict never changes between runs), every legal card gets the
points the learner's side takes from this card to the end of the hand:

- with no stock (four and three players, and two players in the arrastre) by the exact
  double-dummy solver (:class:`tute_tutor.ai.solver.Solver`), 20s and 40s included;
- in two players with the stock open, where no exact solver reaches (the stock is
  hidden from both), by the computer's own playouts (:func:`tute_tutor.ai.simulate.playout`,
  level 4's evaluation).

A card that breaks up a tute the hand could still declare loses :data:`TUTE_WORTH` (the
solver does not count a tute). The best cards are every card whose mean lies within
:data:`TOLERANCE` of the best mean: cards that are worth exactly the same in every deal
(the ace, three and king of trumps when nobody else can beat them) are all accepted.
Results are cached: a scenario is computed once per process.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Final

from tute_tutor.ai.simulate import Table, playout
from tute_tutor.ai.solver import Solver
from tute_tutor.engine.cards import CARDS, Card, deck, mask_of
from tute_tutor.engine.legal import trick_state
from tute_tutor.formats.scenario import Scenario

DEALS: Final = 12
"""Hidden deals drawn per scenario solved exactly."""

PLAYOUT_DEALS: Final = 400
"""Hidden deals (stock order included) drawn per scenario played out: playouts are cheap
but noisier than the solver."""

SEED: Final = 0
"""The seed of the deals: the verdict is the same on every run."""

TOLERANCE: Final = 0.5
"""Points of mean value within which two cards count as equally good."""

TUTE_WORTH: Final = 130
"""What breaking up a tute you could still declare costs (the two-player margin)."""

HANDOFF: Final = 5
"""In a playout, the solver finishes once the stock is gone and hands hold this few cards."""


def _deals(scenario: Scenario, count: int, seed: int) -> list[Table]:
    """``count`` full tables consistent with the scenario, the learner at seat
    ``len(trick)`` and the trick led by seat 0."""
    rules = scenario.rules
    players = rules.players
    me = len(scenario.trick)
    seen = {*scenario.hand, *scenario.trick}
    unseen = [card.index for card in deck(players) if card not in seen]
    size = len(scenario.hand)
    sizes = [size - 1 if seat < me else size for seat in range(players)]
    sizes[me] = 0
    stock = scenario.stock_left if rules.has_stock else 0
    rng = random.Random(seed)
    tables = []
    for _ in range(count):
        cards = list(unseen)
        rng.shuffle(cards)
        hands = []
        start = 0
        for seat in range(players):
            hands.append(mask_of(CARDS[c] for c in cards[start:start + sizes[seat]]))
            start += sizes[seat]
        hands[me] = mask_of(scenario.hand)
        tables.append(Table(rules, hands, scenario.trump, 0,
                            [c.index for c in scenario.trick], 0,
                            cards[start:start + stock]))
    return tables


def _tute_cards(hand: frozenset[Card]) -> set[Card]:
    """The cards of a tute (all four kings or all four knights) the hand holds."""
    held: set[Card] = set()
    for rank in (12, 11):
        cards = {card for card in hand if card.rank == rank}
        if len(cards) == 4:
            held |= cards
    return held


def card_values(scenario: Scenario) -> tuple[tuple[Card, float], ...]:
    """Every legal card with the mean points its side takes from now on, best first
    (computed once per scenario)."""
    return _card_values(scenario.ruleset, tuple(sorted(scenario.overrides.items())),
                        scenario.trump, scenario.hand, scenario.trick, scenario.stock_left)


def _tute_now(scenario: Scenario, legal: tuple[Card, ...]) -> set[Card]:
    """In two players with the stock open, playing second: the cards that win the trick
    and keep the tute, which is then declared at once and wins the hand."""
    if len(scenario.trick) != scenario.rules.players - 1:
        return set()
    keep = _tute_cards(frozenset(scenario.hand))
    won = set()
    for card in legal:
        state = trick_state([c.index for c in (*scenario.trick, card)], scenario.trump)
        if state.winner_position == len(scenario.trick) and card not in keep:
            won.add(card)
    return won


@lru_cache(maxsize=256)
def _card_values(ruleset: str, overrides: tuple[tuple[str, object], ...], trump: int,
                 hand: tuple[Card, ...], trick: tuple[Card, ...],
                 stock_left: int) -> tuple[tuple[Card, float], ...]:
    scenario = Scenario(ruleset, trump, hand, trick, dict(overrides), stock_left)
    legal = scenario.analyse().legal
    me = len(trick)
    totals = dict.fromkeys(legal, 0.0)
    stock_open = scenario.rules.has_stock and stock_left > 0
    deals = PLAYOUT_DEALS if stock_open else DEALS
    for table in _deals(scenario, deals, SEED):
        if stock_open:
            for card in legal:
                totals[card] += playout(table.copy(), me, handoff=HANDOFF, first=card.index)
        else:
            values = Solver(table.position(cantes=True), me).card_values()
            for card in legal:
                totals[card] += values[card.index]
    # A tute is declared after a won trick while cantes are open (not in the arrastre).
    cantes_open = not (scenario.rules.has_stock and stock_left == 0)
    tute = _tute_cards(frozenset(hand)) if cantes_open else set()
    bonus = _tute_now(scenario, legal) if stock_open and tute else set()
    rated = [(card, round(totals[card] / deals - (TUTE_WORTH if card in tute else 0)
                          + (TUTE_WORTH if card in bonus else 0), 2))
             for card in legal]
    rated.sort(key=lambda item: -item[1])
    return tuple(rated)


def solver_best(scenario: Scenario) -> tuple[Card, ...]:
    """The legal cards within :data:`TOLERANCE` of the best mean value."""
    rated = card_values(scenario)
    top = rated[0][1]
    return tuple(card for card, value in rated if value >= top - TOLERANCE)
