"""The hot path: legal plays, trick resolution and random playouts on ints and bitmasks.

Cards are indices 0..39 (``suit * 10 + strength``), hands are int bitmasks. A trick in
progress is summed up by three ints: ``lead`` (suit led, -1 before the lead),
``high_lead`` (the highest card of the suit led on the table) and ``best`` (the card
winning the trick). The trick is cut by a trump exactly when ``best != high_lead``.

Computer players and benchmarks call these functions millions of times; the
explaining layer (:mod:`tute_tutor.words.explain`) reads the same rules off them instead of
writing them a second time.
"""

from __future__ import annotations

import random
from typing import Final

from tute_tutor.engine.cards import POINTS_BY_STRENGTH, SUIT_MASKS

SUIT: Final = tuple(i // 10 for i in range(40))
POINTS: Final = tuple(POINTS_BY_STRENGTH[i % 10] for i in range(40))
ABOVE: Final = tuple(SUIT_MASKS[i // 10] & ~((1 << (i + 1)) - 1) for i in range(40))
"""ABOVE[c]: mask of the cards of c's suit that beat c."""
TWO_OF_OROS: Final = 0  # index of the 2 de oros (suit 0, strength 0)
DECK_40: Final = tuple(range(40))
DECK_39: Final = tuple(range(1, 40))


def legal_mask(hand: int, lead: int, high_lead: int, best: int, trump: int,
               overtake: bool = False, low_trump: bool = False) -> int:
    """Mask of the cards of ``hand`` that obey asistir, montar, fallar and pisar.

    ``overtake`` is the flag overtake_when_trumped, ``low_trump`` the flag
    trump_when_cannot_overtrump. Partner exemption and the two-player stock are
    decided by the caller (they only ever relax this answer).
    """
    if lead < 0:
        return hand
    follow = hand & SUIT_MASKS[lead]
    if follow:
        if best != high_lead and not overtake:
            return follow
        return (follow & ABOVE[high_lead]) or follow
    trumps = hand & SUIT_MASKS[trump]
    if trumps:
        if best == high_lead:
            return trumps
        over = trumps & ABOVE[best]
        if over:
            return over
        return trumps if low_trump else hand
    return hand


def partner_is_winning(has_teams: bool, cards_played: int, winner_position: int) -> bool:
    """Four players: the card played two before yours is your partner's; is it winning?

    ``winner_position`` is the place in the trick (0 for the lead) of the winning card.
    With the flag ``partner_exemption`` on this is when the exemption is in force
    (:func:`exempt_mask` then gives the legal cards), whether or not it changes them.

    >>> partner_is_winning(True, 2, 0), partner_is_winning(True, 3, 2)
    (True, False)
    >>> partner_is_winning(False, 2, 0)  # three players: no partner
    False
    """
    return has_teams and cards_played >= 2 and winner_position == cards_played - 2


def exempt_mask(hand: int, lead: int) -> int:
    """The partner exemption in force: follow suit if you can, otherwise anything.

    The one definition of what the exemption allows; the solver's inner loop keeps a copy
    inlined for speed, checked against this one by ``tests/ai``.
    """
    return (hand & SUIT_MASKS[lead]) or hand


def play_into_trick(card: int, lead: int, high_lead: int, best: int,
                    trump: int) -> tuple[int, int, int, bool]:
    """Add ``card`` to the trick: new (lead, high_lead, best) and whether it now wins."""
    if lead < 0:
        return SUIT[card], card, card, True
    suit = SUIT[card]
    if suit == lead:
        if card > high_lead:
            if best == high_lead:
                return lead, card, card, True
            return lead, card, best, False
        return lead, high_lead, best, False
    if suit == trump and (SUIT[best] != trump or card > best):
        return lead, high_lead, card, True
    return lead, high_lead, best, False


def deal(rng: random.Random, players: int, dealer: int,
         force_trump_suit: int | None = None) -> tuple[list[int], int, list[int]]:
    """Shuffle and deal: (hands as masks, trump card, stock draw order).

    The rules of the deal: docs/RULES.md, "Seats, the deal and trumps".

    Cards go one at a time from mano round to the dealer. In 4 and 3 players the
    dealer's last card is the trump card and stays in the dealer's hand; in 2 players
    the next card after the hands is turned face up and the rest is the stock, top
    first. ``force_trump_suit`` (ludoteka's first hand) swaps the 2 of that suit into
    the trump card's place.
    """
    cards = list(DECK_39 if players == 3 else DECK_40)
    rng.shuffle(cards)
    per_hand = {4: 10, 3: 13, 2: 8}[players]
    dealt = per_hand * players
    trump_pos = dealt - 1 if players != 2 else dealt
    if force_trump_suit is not None and SUIT[cards[trump_pos]] != force_trump_suit:
        # The lowest card of that suit in the deck (the 2; the 4 de oros in a tres).
        low = min(c for c in cards if SUIT[c] == force_trump_suit)
        j = cards.index(low)
        cards[j], cards[trump_pos] = cards[trump_pos], cards[j]
    hands = [0] * players
    for k in range(dealt):
        seat = (dealer + 1 + k) % players
        hands[seat] |= 1 << cards[k]
    if players == 2:
        return hands, cards[dealt], cards[dealt + 1:]
    return hands, cards[dealt - 1], []


def pick_bit(mask: int, rng_random: object) -> int:
    """A uniformly random set bit of ``mask`` (``rng_random`` is ``rng.random``)."""
    n = mask.bit_count()
    k = int(rng_random() * n)  # type: ignore[operator]
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def random_playout(rng: random.Random, players: int = 4, dealer: int = 0,
                   overtake: bool = False, low_trump: bool = False) -> list[int]:
    """Deal and play one hand of random legal cards (no cantes); card points per seat.

    The winner of the last trick gets the diez de últimas, so the list sums to 130.
    """
    hands, trump_card, stock = deal(rng, players, dealer)
    trump = SUIT[trump_card]
    points = [0] * players
    rand = rng.random
    leader = (dealer + 1) % players
    draw_pile = [*stock, trump_card] if players == 2 else []
    winner = leader
    while True:
        lead = high = best = -1
        seat = leader
        trick_points = 0
        stock_open = bool(draw_pile)
        for _ in range(players):
            hand = hands[seat]
            if stock_open or lead < 0:
                allowed = hand
            else:
                allowed = legal_mask(hand, lead, high, best, trump, overtake, low_trump)
            card = pick_bit(allowed, rand)
            hands[seat] = hand ^ (1 << card)
            trick_points += POINTS[card]
            lead, high, best, wins = play_into_trick(card, lead, high, best, trump)
            if wins:
                winner = seat
            seat = (seat + 1) % players
        points[winner] += trick_points
        leader = winner
        if draw_pile:
            hands[winner] |= 1 << draw_pile.pop(0)
            hands[1 - winner] |= 1 << draw_pile.pop(0)
        if not hands[leader]:
            points[winner] += 10
            return points
