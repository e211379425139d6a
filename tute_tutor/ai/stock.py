"""A plan for the stock phase of tute a dos (two players, free play while the stock lasts).

While the stock lasts nobody has to follow suit, so a point card led is a gift to
whoever holds a small trump, and strong cards are worth more kept for the arrastre.
:func:`stock_card` plays the advice of the game's own guide to tute a dos, written
down here:

- lead a card without points from a plain suit (the longest first, never half of a pair
  still to sing); a point card only when nothing cheaper is left;
- second to play, take a led ace or three (with the ace of its suit, else the smallest
  trump), take a rey, caballo or sota with a higher card of its suit, ruff it only with a
  trump without points when the trick is worth ``ruff_points``; win any trick cheaply when
  winning lets the seat sing a pair it holds; otherwise throw the least useful card;
- on the last trick with a stock the loser draws the face-up trump: when that card is
  worth ``keep_face_up`` points or more, let the trick go unless it holds ten points.

It works on bitmasks like :func:`~tute_tutor.ai.heuristics.rule_card`, so level 3 and
the playouts of level 4 share it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tute_tutor.ai.heuristics import PAIR_MASKS, bits, keep_mask
from tute_tutor.engine.cards import SUIT_MASKS
from tute_tutor.engine.tricks import POINTS, SUIT


@dataclass(frozen=True)
class StockPlan:
    """The thresholds of the plan (tunable: see ``benchmarks/tune_ai.py``)."""

    ruff_points: int = 3
    """Trick points from which a trump without points ruffs a rey, caballo or sota."""
    big_ruff_points: int = 10
    """Trick points from which any trump (the smallest) ruffs."""
    keep_face_up: int = 10
    """Points of the face-up trump from which the last stock trick is let go."""
    sing_win: int = 1
    """1: win a trick cheaply to sing a pair held (0: never on purpose)."""


PLAN = StockPlan()


def _strength(card: int) -> int:
    return card % 10


def _beats(card: int, lead: int, trump: int) -> bool:
    """Does ``card``, played second, beat ``lead``?"""
    if SUIT[card] == SUIT[lead]:
        return _strength(card) > _strength(lead)
    return SUIT[card] == trump


def _throw(hand: int, legal: int, keep: int, trump: int) -> int:
    """The least useful card to give away (points and trumps kept)."""
    trumps = SUIT_MASKS[trump]

    def cost(card: int) -> tuple[int, int, int, int, int]:
        length = (hand & SUIT_MASKS[SUIT[card]]).bit_count()
        return (keep >> card & 1, trumps >> card & 1, POINTS[card], length, _strength(card))

    return min(bits(legal), key=cost)


def stock_card(hand: int, legal: int, lead: int, trump: int, *, sung: int = 0,
               can_sing: bool = True, face_up: int = -1, last_stock_trick: bool = False,
               plan: StockPlan = PLAN) -> int:
    """The card of the stock plan from ``legal`` (``lead`` -1 when the seat leads)."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    keep = keep_mask(hand, sung, can_sing)
    if lead < 0:
        return _lead(hand, legal, keep, trump)
    points = POINTS[lead]
    winners = [c for c in bits(legal) if _beats(c, lead, trump)]
    if last_stock_trick and face_up >= 0 and POINTS[face_up] >= plan.keep_face_up \
            and points < 10:
        losers = legal & ~sum(1 << c for c in winners)
        if losers:
            return _throw(hand, losers, keep, trump)
    same = [c for c in winners if SUIT[c] == SUIT[lead] and not keep >> c & 1]
    ruffs = [c for c in winners if SUIT[c] == trump and SUIT[lead] != trump
             and not keep >> c & 1]
    small_ruffs = [c for c in ruffs if POINTS[c] == 0]
    if points >= 10:
        if same:
            return min(same, key=_strength)
        if ruffs:
            return min(ruffs, key=_strength)
    if points > 0 and same:
        return min(same, key=_strength)
    if points >= plan.big_ruff_points and ruffs:
        return min(ruffs, key=_strength)
    if points >= plan.ruff_points and small_ruffs:
        return min(small_ruffs, key=_strength)
    if plan.sing_win and can_sing and _pair_to_sing(hand, sung):
        cheap = [c for c in same + small_ruffs if POINTS[c] <= 4]
        if cheap:
            return min(cheap, key=lambda c: (SUIT[c] == trump, POINTS[c], _strength(c)))
    if points == 0:
        free = [c for c in same if POINTS[c] == 0]
        if free:
            return min(free, key=_strength)
    return _throw(hand, legal, keep, trump)


def _pair_to_sing(hand: int, sung: int) -> bool:
    return any(not sung >> s & 1 and hand & PAIR_MASKS[s] == PAIR_MASKS[s] for s in range(4))


def _lead(hand: int, legal: int, keep: int, trump: int) -> int:
    trumps = SUIT_MASKS[trump]
    halves = 0
    for suit in range(4):
        pair = PAIR_MASKS[suit]
        if hand & pair:
            halves |= hand & pair

    def cost(card: int) -> tuple[int, int, int, int, int, int]:
        length = (hand & SUIT_MASKS[SUIT[card]]).bit_count()
        return (keep >> card & 1, trumps >> card & 1, POINTS[card] >= 10,
                halves >> card & 1, POINTS[card], -length * 10 + _strength(card))

    return min(bits(legal), key=cost)
