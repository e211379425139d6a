"""What you may play, read straight off docs/RULES.md, "What you may play", card by card.

A slow, plain second reading of the rules for the quiz checks: it uses nothing of the
engine but the card codes (no bitmasks, no ``legal_mask``, no trick state), so the
generated answers are compared with an answer worked out another way.
:mod:`tests.quiz.test_oracle` cross-checks it with the engine on many random positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tute_tutor.engine.cards import Card
from tute_tutor.engine.variants import Rules

LOW_TO_HIGH = (2, 4, 5, 6, 7, 10, 11, 12, 3, 1)
"""Strength inside a suit, weakest first: the 3 beats the rey, the as beats all."""
POINTS = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2}
"""Card points by rank (the others are worth nothing)."""


def power(card: Card) -> int:
    """How strong a card is inside its suit."""
    return LOW_TO_HIGH.index(card.rank)


def winner_position(trick: Sequence[Card], trump: int) -> int:
    """Position of the card winning a trick: the highest trump, else the highest of the
    suit led (a card of a third suit never wins)."""
    lead = trick[0].suit
    trumps = [i for i, c in enumerate(trick) if c.suit == trump]
    pool = trumps or [i for i, c in enumerate(trick) if c.suit == lead]
    return max(pool, key=lambda i: power(trick[i]))


@dataclass(frozen=True)
class Reading:
    """The cards you may play and the name of the obligation that says so."""

    legal: frozenset[str]
    obligation: str


def read_rules(hand: Sequence[Card], trick: Sequence[Card], trump: int, rules: Rules,
               stock_left: int = 0) -> Reading:
    """The legal cards and the obligation for the player to move after ``trick``."""
    everything = frozenset(str(c) for c in hand)
    if not trick:
        return Reading(everything, "salida")
    if rules.has_stock and stock_left > 0:
        return Reading(everything, "robo")
    strict, obligation = _without_exemption(hand, trick, trump, rules)
    win = winner_position(trick, trump)
    partner_winning = rules.has_teams and len(trick) >= 2 and win == len(trick) - 2
    if rules.partner_exemption and partner_winning:
        # In force whether or not it changes the cards: the obligation is companero.
        lead = trick[0].suit
        return Reading(frozenset(str(c) for c in hand if c.suit == lead) or everything,
                       "companero")
    return Reading(strict, obligation)


def _without_exemption(hand: Sequence[Card], trick: Sequence[Card], trump: int,
                       rules: Rules) -> tuple[frozenset[str], str]:
    def codes(cards: Sequence[Card]) -> frozenset[str]:
        return frozenset(str(c) for c in cards)

    lead = trick[0].suit
    best = trick[winner_position(trick, trump)]
    cut = lead != trump and best.suit == trump
    follow = [c for c in hand if c.suit == lead]
    if follow:
        high_lead = max((c for c in trick if c.suit == lead), key=power)
        beaters = [c for c in follow if power(c) > power(high_lead)]
        if beaters and (not cut or rules.overtake_when_trumped):
            return codes(beaters), "montar"
        return codes(follow), "asistir"
    trumps = [c for c in hand if c.suit == trump]
    if not trumps:
        return codes(hand), "libre"
    if not cut:
        return codes(trumps), "fallar"
    over = [c for c in trumps if power(c) > power(best)]
    if over:
        return codes(over), "pisar"
    if rules.trump_when_cannot_overtrump:
        return codes(trumps), "fallar"
    return codes(hand), "libre"
