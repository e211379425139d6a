"""What one seat can know about the hidden cards, and deals consistent with it.

Everything here starts from a :class:`~tute_tutor.engine.game.SeatView` (never the game):

- card counting: the cards not yet seen (not in hand, not played, not face up);
- known holdings: the dealer's shown trump card, sung pairs still in hand, swaps and
  the last face-up card in two players (``view.known``);
- inferences from play: a card is impossible in a hand when holding it would have made
  the card actually played illegal. This is asked of :func:`tute_tutor.engine.tricks.legal_mask`
  itself with a two-card hand, so every obligation (asistir, montar, fallar, pisar and
  the rule flags) gives its inference without a second copy of the rules: did not
  follow -> void in the suit led; did not trump when forced -> no trumps; did not
  overtrump -> no trump above the best one; did not beat -> nothing higher in the suit.

:func:`sample_worlds` then deals the unseen cards to the other seats (and to the stock
in two players) respecting sizes, known cards and impossibilities.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tute_tutor.engine.cards import SUIT_MASKS
from tute_tutor.engine.game import SeatView
from tute_tutor.engine.tricks import (
    exempt_mask,
    legal_mask,
    partner_is_winning,
    play_into_trick,
)
from tute_tutor.engine.variants import Rules

FULL_MASK = (1 << 40) - 1


def legal_for(hand: int, lead: int, high: int, best: int, trump: int, rules: Rules, *,
              partner_winning: bool = False, stock_open: bool = False) -> int:
    """The legal cards of ``hand`` on a trick summed up by (lead, high, best).

    The one place in the players that turns rule flags into a call to
    :func:`~tute_tutor.engine.tricks.legal_mask`: free play while the two-player stock lasts,
    the partner exemption when it is on and the partner is winning
    (:func:`~tute_tutor.engine.tricks.partner_is_winning`).
    """
    if lead < 0 or (stock_open and rules.has_stock):
        return hand
    if partner_winning and rules.has_partner_exemption:
        return exempt_mask(hand, lead)
    return legal_mask(hand, lead, high, best, trump, rules.overtake_when_trumped,
                      rules.trump_when_cannot_overtrump)


def impossible_after(card: int, lead: int, high: int, best: int, trump: int, rules: Rules,
                     *, partner_winning: bool = False, stock_open: bool = False) -> int:
    """Cards the player of ``card`` cannot have held: holding them makes ``card`` illegal."""
    if lead < 0 or (stock_open and rules.has_stock):
        return 0
    bit = 1 << card
    out = 0
    for other in range(40):
        if other == card:
            continue
        pair = bit | (1 << other)
        if not legal_for(pair, lead, high, best, trump, rules,
                         partner_winning=partner_winning) & bit:
            out |= 1 << other
    return out


def _stock_tricks(rules: Rules) -> int:
    """Tricks played while the two-player stock still has cards."""
    if not rules.has_stock:
        return 0
    return (rules.deck_size - rules.players * rules.hand_size) // 2


@dataclass
class Knowledge:
    """One seat's knowledge of where the unseen cards are."""

    seat: int
    players: int
    trump: int
    unseen: int
    known: list[int]
    excluded: list[int]
    sizes: list[int]
    stock_unknown: int = 0
    face_up: int = -1
    voids: list[set[int]] = field(default_factory=list)

    def possible(self, seat: int) -> int:
        """Unseen cards ``seat`` may hold (its known cards included)."""
        return (self.unseen & ~self.excluded[seat]) | self.known[seat]

    def is_void(self, seat: int, suit: int) -> bool:
        """True when ``seat`` cannot hold any card of ``suit`` (inferred or counted)."""
        return not self.possible(seat) & SUIT_MASKS[suit]


def infer(view: SeatView) -> Knowledge:
    """Count the cards and read the play of every finished trick and the open one."""
    rules = view.rules
    players = rules.players
    trump = view.trump
    unseen = view.unseen_mask()
    known = [k & unseen for k in view.known]
    known[view.seat] = 0
    excluded = [0] * players
    stock_tricks = _stock_tricks(rules)
    sequences: list[tuple[int, list[int], bool]] = []
    for record in view.tricks:
        sequences.append((record.leader, [c.index for c in record.cards],
                          record.number <= stock_tricks))
    if view.trick:
        open_number = len(view.tricks) + 1
        sequences.append((view.trick_seats[0], [c.index for c in view.trick],
                          open_number <= stock_tricks))
    for leader, cards, stock_open in sequences:
        lead = high = best = -1
        winner_position = 0
        for i, card in enumerate(cards):
            seat = (leader + i) % players
            if seat != view.seat:
                partner_winning = partner_is_winning(rules.has_teams, i, winner_position)
                excluded[seat] |= impossible_after(card, lead, high, best, trump, rules,
                                                   partner_winning=partner_winning,
                                                   stock_open=stock_open)
            lead, high, best, wins = play_into_trick(card, lead, high, best, trump)
            if wins:
                winner_position = i
    sizes = list(view.hand_sizes)
    stock_unknown = 0
    face_up = -1
    if rules.has_stock and view.stock_left:
        face_up = view.face_up.index if view.face_up is not None else -1
        stock_unknown = view.stock_left - (1 if face_up >= 0 else 0)
    for seat in range(players):
        excluded[seat] &= ~known[seat]
    knowledge = Knowledge(view.seat, players, trump, unseen, known, excluded, sizes,
                          stock_unknown, face_up)
    knowledge.voids = [
        {s for s in range(4) if seat != view.seat and knowledge.is_void(seat, s)}
        for seat in range(players)
    ]
    return knowledge


@dataclass
class World:
    """One complete guess: every hand, and the stock's draw order in two players."""

    hands: list[int]
    stock: list[int]


def sample_world(knowledge: Knowledge, hand_mask: int, rng: random.Random,
                 tries: int = 40) -> World:
    """A random deal of the unseen cards consistent with ``knowledge``.

    Most constrained cards first, each to a seat that may hold it, chosen in
    proportion to the room left; after ``tries`` failures the impossibilities are
    relaxed (the sizes and known cards always hold).
    """
    me = knowledge.seat
    players = knowledge.players
    holders = [s for s in range(players) if s != me]
    stock_slot = players  # index of the stock among the holders' rooms
    room = [0] * (players + 1)
    for s in holders:
        room[s] = knowledge.sizes[s] - knowledge.known[s].bit_count()
    room[stock_slot] = knowledge.stock_unknown
    free = knowledge.unseen
    for s in holders:
        free &= ~knowledge.known[s]
    cards = [c for c in range(40) if free >> c & 1]
    allowed: dict[int, list[int]] = {}
    for card in cards:
        seats = [s for s in holders if not knowledge.excluded[s] >> card & 1]
        if room[stock_slot]:
            seats.append(stock_slot)
        allowed[card] = seats
    strict = True
    for attempt in range(tries + 1):
        if attempt == tries:
            strict = False
        left = list(room)
        placed = [0] * (players + 1)
        rng.shuffle(cards)
        order = sorted(cards, key=lambda c: len(allowed[c])) if strict else cards
        ok = True
        for card in order:
            options = allowed[card] if strict else [*holders, stock_slot]
            weights = [left[s] for s in options]
            total = sum(weights)
            if total <= 0:
                ok = False
                break
            pick = rng.random() * total
            s = next(o for o, w in zip(options, weights, strict=True) if w > 0)
            for option, weight in zip(options, weights, strict=True):
                pick -= weight
                if pick < 0 and weight > 0:
                    s = option
                    break
            placed[s] |= 1 << card
            left[s] -= 1
        if ok:
            break
    hands = [0] * players
    for s in holders:
        hands[s] = placed[s] | knowledge.known[s]
    hands[me] = hand_mask
    stock: list[int] = []
    if knowledge.stock_unknown or knowledge.face_up >= 0:
        stock = [c for c in range(40) if placed[stock_slot] >> c & 1]
        rng.shuffle(stock)
        if knowledge.face_up >= 0:
            stock.append(knowledge.face_up)
    return World(hands, stock)


def sample_worlds(view: SeatView, rng: random.Random, count: int,
                  knowledge: Knowledge | None = None) -> list[World]:
    """``count`` deals consistent with everything ``view``'s seat has seen."""
    knowledge = knowledge or infer(view)
    return [sample_world(knowledge, view.hand_mask, rng) for _ in range(count)]
