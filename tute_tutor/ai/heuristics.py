"""Rule-of-thumb card choice on bitmasks, shared by level 2, level 3 and the playouts.

One function, :func:`rule_card`, picks a card from the legal ones with the simple rules
of a decent club player: win cheap tricks, never throw points to an opponent, feed
points to a partner who is winning safely, keep trumps for tricks worth them, keep a
rey-caballo pair to sing. Level 3 passes what it counted (``unseen``: the cards other
seats may hold; ``next_void``: suits an opponent still to play cannot follow) to make
"safely" and "sure winner" exact; level 2 passes the plain guesses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tute_tutor.engine.cards import SUIT_MASKS
from tute_tutor.engine.tricks import ABOVE, POINTS, SUIT, play_into_trick

PAIR_MASKS: Final = tuple((1 << (10 * s + 7)) | (1 << (10 * s + 6)) for s in range(4))
ALL_CARDS: Final = (1 << 40) - 1


def bits(mask: int) -> list[int]:
    """Card indices of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass
class TrickInfo:
    """The open trick as the policy needs it."""

    lead: int = -1
    high: int = -1
    best: int = -1
    winner: int = -1  # seat winning so far, -1 before the lead
    points: int = 0
    count: int = 0  # cards already on the table


def keep_mask(hand: int, sung: int, can_sing: bool) -> int:
    """The rey and caballo of every unsung pair the hand holds (while cantes can happen)."""
    if not can_sing:
        return 0
    keep = 0
    for suit in range(4):
        pair = PAIR_MASKS[suit]
        if not sung >> suit & 1 and hand & pair == pair:
            keep |= pair
    return keep


def rule_card(seat: int, hand: int, legal: int, trick: TrickInfo, trump: int, players: int,
              *, sung: int = 0, can_sing: bool = True, unseen: int = ALL_CARDS,
              threats: int = 0, danger: int = 0, last_to_play: bool | None = None) -> int:
    """The card the simple rules pick from ``legal``.

    ``unseen`` is the mask of cards other seats may still hold (everything when the
    player does not count), ``threats`` the mask of cards the opponents still to play
    this trick may play on it (see :func:`threats_of`), ``danger`` the suits (bit per
    suit) an opponent is known to trump.
    """
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    keep = keep_mask(hand, sung, can_sing)
    trumps = SUIT_MASKS[trump]
    if last_to_play is None:
        last_to_play = trick.count == players - 1
    if trick.count == 0:
        return _lead(hand, legal, keep, trump, unseen, danger)
    partner = (seat + 2) % 4 if players == 4 else -1
    friend_winning = trick.winner == partner
    winners = 0
    for card in bits(legal):
        if play_into_trick(card, trick.lead, trick.high, trick.best, trump)[3]:
            winners |= 1 << card
    if friend_winning:
        safe = last_to_play or _holds(trick, trump, threats)
        if safe:
            return _cheapest(legal, keep, trumps, most_points=True, hand=hand)
        return _cheapest(legal, keep, trumps, hand=hand)
    if winners:
        safe_winners = winners
        if not last_to_play:
            safe_winners = 0
            for card in bits(winners):
                lead, high, best, _ = play_into_trick(card, trick.lead, trick.high, trick.best,
                                                      trump)
                if _holds(TrickInfo(lead, high, best, seat, 0, trick.count + 1), trump,
                          threats):
                    safe_winners |= 1 << card
        pool = safe_winners or winners
        worth = trick.points >= 10 or trick.points + max(POINTS[c] for c in bits(pool)) >= 10
        plain = pool & ~trumps & ~keep
        if plain and (safe_winners or last_to_play):
            return min(bits(plain), key=lambda c: (c % 10, -POINTS[c]))
        if safe_winners and (worth or not legal & ~trumps):
            return min(bits(pool & ~keep) or bits(pool), key=lambda c: (SUIT[c] == trump,
                                                                        c % 10))
    return _cheapest(legal, keep, trumps, hand=hand)


def _holds(trick: TrickInfo, trump: int, threats: int) -> bool:
    """True when no card in ``threats`` can beat the trick's best card."""
    best = trick.best
    beaters = ABOVE[best] if SUIT[best] == trump else (ABOVE[best] | SUIT_MASKS[trump])
    return not threats & beaters


def _cheapest(legal: int, keep: int, trumps: int, *, most_points: bool = False,
              hand: int = 0) -> int:
    """A card to give away: the least useful one, or the richest one for a partner.

    Among equal cards, one from the shortest suit (a void to trump later).
    """
    cards = bits(legal)

    def cost(card: int) -> tuple[int, int, int, int, int]:
        kept = 1 if keep >> card & 1 else 0
        trump = 1 if trumps >> card & 1 else 0
        points = -POINTS[card] if most_points else POINTS[card]
        length = (hand & SUIT_MASKS[SUIT[card]]).bit_count()
        return (kept, trump, points, length, card % 10)

    return min(cards, key=cost)


def threats_of(lead: int, trump: int, holdings: list[tuple[int, bool]]) -> int:
    """Cards later opponents may play on a trick of suit ``lead``.

    ``holdings`` gives, per opponent still to play, the cards it may hold and whether it
    is known to be void in the suit led: one that may follow is expected to follow (it
    beats only with that suit), a void one may trump.
    """
    threats = 0
    for possible, void in holdings:
        if lead < 0:
            threats |= possible
        elif void or not possible & SUIT_MASKS[lead]:
            threats |= possible & SUIT_MASKS[trump]
        else:
            threats |= possible & SUIT_MASKS[lead]
    return threats


def uncounted_guess(hand: int, on_trick: int, lead: int, trump: int,
                    still_to_play: int) -> tuple[int, int]:
    """What a player who does not count (level 2) takes to be out, and the threats it
    fears: every card not in its hand or on the trick, and the next seat (whoever it
    is) following suit. Returns ``(unseen, threats)``."""
    unseen = ALL_CARDS & ~hand & ~on_trick
    return unseen, threats_of(lead, trump, [(unseen, False)] * min(still_to_play, 1))


def _lead(hand: int, legal: int, keep: int, trump: int, unseen: int, danger: int) -> int:
    trumps = SUIT_MASKS[trump]
    # A sure winner in a plain suit: nothing higher is still out there, nobody cuts it.
    sure = [c for c in bits(legal & ~trumps & ~keep)
            if not unseen & ABOVE[c] and POINTS[c] >= 10 and not danger >> SUIT[c] & 1]
    if sure:
        return max(sure, key=lambda c: POINTS[c])
    plain = legal & ~trumps & ~keep
    safe_plain = 0
    for suit in range(4):
        if not danger >> suit & 1:
            safe_plain |= plain & SUIT_MASKS[suit]
    pool = safe_plain or plain or (legal & ~keep) or legal

    def cost(card: int) -> tuple[int, int, int]:
        suit_len = (hand & SUIT_MASKS[SUIT[card]]).bit_count()
        return (POINTS[card], -suit_len, card % 10)

    return min(bits(pool), key=cost)
