"""Legal plays with their reasons: the obligation code and why each other card is refused.

This layer reads the answer off :func:`tute_tutor.engine.tricks.legal_mask` (the one copy of
the rules) and names the obligation behind it, so explanations never re-derive rules.

>>> from tute_tutor.engine.variants import find_rules
>>> from tute_tutor.engine.cards import parse_cards, suit_from_letter
>>> a = analyse_play(parse_cards("12c,4c,5b"), parse_cards("10c"), suit_from_letter("o"),
...                  find_rules("clasico"))
>>> [str(c) for c in a.legal], a.obligation, a.refused_reason(parse_cards("4c")[0])
(['12c'], 'montar', 'must_beat')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tute_tutor.engine.cards import CARDS, SUIT_MASKS, Card, cards_of, mask_of
from tute_tutor.engine.tricks import (
    ABOVE,
    exempt_mask,
    legal_mask,
    partner_is_winning,
    play_into_trick,
)
from tute_tutor.engine.variants import Rules

OBLIGATIONS: Final = ("salida", "asistir", "montar", "fallar", "pisar", "libre",
                      "companero", "robo")
REASON_OBLIGATION: Final = {"must_follow": "asistir", "must_beat": "montar",
                            "must_trump": "fallar", "must_overtrump": "pisar",
                            "must_trump_low": "fallar"}
"""The obligation a refused card breaks, for each refusal reason."""
REASONS: Final = tuple(REASON_OBLIGATION)


@dataclass(frozen=True, slots=True)
class TrickState:
    """Who is winning a trick in progress, read off its cards in playing order."""

    lead: int
    high_lead: int
    best: int
    winner_position: int

    @property
    def is_trumped(self) -> bool:
        """A trump cuts a trick of another suit."""
        return self.best != self.high_lead


def trick_state(trick: Sequence[int], trump: int) -> TrickState:
    """Lead, highest card of the suit led, best card and its position."""
    lead = high = best = -1
    position = -1
    for i, card in enumerate(trick):
        lead, high, best, wins = play_into_trick(card, lead, high, best, trump)
        if wins:
            position = i
    return TrickState(lead, high, best, position)


@dataclass(frozen=True, slots=True)
class PlayAnalysis:
    """The answer to "which card may I play?" with everything needed to explain it."""

    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    trump: int
    legal: tuple[Card, ...]
    obligation: str
    refused: tuple[tuple[Card, str], ...]
    winning: Card | None
    winning_by: str | None  # "partner", "opponent" or None before the lead
    lead_suit: int | None
    high_lead: Card | None
    stock_left: int
    exemption_applies: bool
    """Partner exemption is on and the partner holds the winning card."""
    overtake_when_trumped: bool = False
    """The flag of that name: a cut trick still obliges to beat the suit led."""

    @property
    def legal_mask(self) -> int:
        """The legal cards as a bitmask."""
        return mask_of(self.legal)

    @property
    def is_trumped(self) -> bool:
        """A trump cuts a trick of another suit."""
        return self.winning is not None and self.high_lead is not None and \
            self.winning != self.high_lead

    def is_legal(self, card: Card) -> bool:
        """Whether ``card`` may be played."""
        return card in self.legal

    def refused_reason(self, card: Card) -> str | None:
        """Why ``card`` is refused (a code of REASONS), None if legal."""
        for refused, reason in self.refused:
            if refused == card:
                return reason
        return None

    def beating_cards(self) -> tuple[Card, ...]:
        """Cards of the lead suit in hand that beat the highest one on the table."""
        if self.high_lead is None or self.lead_suit is None:
            return ()
        mask = mask_of(self.hand) & ABOVE[self.high_lead.index]
        return tuple(cards_of(mask))

    def to_json(self) -> dict[str, object]:
        """The ``legal``, ``obligation`` and ``winning`` fields of ``tute-tutor legal``.

        Their meaning: docs/FORMATS.md, "tute-tutor legal".
        """
        winning = None
        if self.winning is not None:
            winning = {"card": str(self.winning), "by": self.winning_by}
        return {"legal": [str(c) for c in self.legal], "obligation": self.obligation,
                "winning": winning}


def analyse_play(hand: Sequence[Card], trick: Sequence[Card], trump: int, rules: Rules,
                 stock_left: int = 0) -> PlayAnalysis:
    """Legal cards, obligation and refusals for the player to move after ``trick``."""
    hand_mask = mask_of(hand)
    hand_sorted = tuple(cards_of(hand_mask))
    trick_t = tuple(trick)
    if not trick:
        return PlayAnalysis(hand_sorted, trick_t, trump, hand_sorted, "salida", (), None, None,
                            None, None, stock_left, False, rules.overtake_when_trumped)
    state = trick_state([c.index for c in trick], trump)
    n = len(trick)
    partner_winning = partner_is_winning(rules.has_teams, n, state.winner_position)
    winning = CARDS[state.best]
    winning_by = "partner" if partner_winning else "opponent"
    high_lead = CARDS[state.high_lead]
    exemption = rules.has_partner_exemption and partner_winning

    def result(mask: int, obligation: str, reason: str | None) -> PlayAnalysis:
        refused = tuple((c, reason or "") for c in cards_of(hand_mask & ~mask))
        return PlayAnalysis(hand_sorted, trick_t, trump, tuple(cards_of(mask)), obligation,
                            refused, winning, winning_by, state.lead, high_lead, stock_left,
                            exemption, rules.overtake_when_trumped)

    if rules.has_stock and stock_left > 0:
        return result(hand_mask, "robo", None)
    if exemption:
        # In force whether or not it relaxes anything: you follow suit (or are void)
        # because your partner is winning, never because you must beat.
        return result(exempt_mask(hand_mask, state.lead), "companero", "must_follow")
    normal = legal_mask(hand_mask, state.lead, state.high_lead, state.best, trump,
                        rules.overtake_when_trumped, rules.trump_when_cannot_overtrump)
    follow = hand_mask & SUIT_MASKS[state.lead]
    if follow:
        montar_applies = not state.is_trumped or rules.overtake_when_trumped
        if montar_applies and follow & ABOVE[state.high_lead]:
            # You hold a card of the suit that beats the table: montar decides, even when
            # every card you hold of the suit beats it (as pisar does for trumps).
            refused = tuple(
                (c, "must_beat" if c.suit == state.lead else "must_follow")
                for c in cards_of(hand_mask & ~normal)
            )
            return PlayAnalysis(hand_sorted, trick_t, trump, tuple(cards_of(normal)), "montar",
                                refused, winning, winning_by, state.lead, high_lead,
                                stock_left, exemption, rules.overtake_when_trumped)
        return result(normal, "asistir", "must_follow")
    trumps = hand_mask & SUIT_MASKS[trump]
    if not trumps:
        return result(normal, "libre", None)
    if not state.is_trumped:
        return result(normal, "fallar", "must_trump")
    if trumps & ABOVE[state.best]:
        return result(normal, "pisar", "must_overtrump")
    if rules.trump_when_cannot_overtrump:
        return result(normal, "fallar", "must_trump_low")
    return result(normal, "libre", None)
