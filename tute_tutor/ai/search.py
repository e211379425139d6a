"""The compiled double-dummy search behind :class:`~tute_tutor.ai.solver.Solver`.

Alpha-beta over the cards still to play, on ints and bitmasks only, compiled to machine
code by Numba. A fresh checkout compiles it on its first solve (about 8 s) and caches it
on disk; later processes load it in well under a second. :mod:`tute_tutor.ai.solver`
imports this module on the first solve only, so commands and pages that never solve do
not load Numba.

The search is one loop over its own stack of frames, not a recursion (Numba cannot
cache a recursive function), and it indexes the arrays it is given directly (compiled
helpers that pass arrays to each other pay for counting references to them, more than
a node costs otherwise). Its copies of the trick rules (:func:`_legal_mask`,
:func:`_play_into_trick`, :func:`_card_points`, :func:`_above`) are checked against the
engine's (:mod:`tute_tutor.engine.tricks`) by ``tests/ai``.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast

import numba
import numpy as np

from tute_tutor.ai.solver import LAST_TRICK_BONUS, PAIR_MASKS

if TYPE_CHECKING:
    from tute_tutor.ai.solver import Position

_STRENGTH_MASKS: Final = tuple(sum(1 << (10 * s + k) for s in range(4)) for k in range(10))


def _reduce_low(mine: int, others: int) -> int:
    """Keep the lowest of each run of zero-point cards (strengths 0-4) in ``mine`` that
    no card of ``others`` separates."""
    keep = 0
    previous = -1
    for k in range(5):
        if mine >> k & 1:
            if previous < 0 or others & ((1 << k) - (1 << (previous + 1))):
                keep |= 1 << k
            previous = k
    return keep


_REDUCE: Final = np.array([_reduce_low(i & 31, i >> 5) for i in range(1024)], dtype=np.int64)
"""_REDUCE[mine | others << 5]: the zero-point cards worth searching."""


_F = TypeVar("_F", bound=Callable[..., Any])


def _compiled(fn: _F) -> _F:
    """``fn`` compiled to machine code by Numba (cached on disk after the first run)."""
    return cast(_F, numba.njit(cache=True, nogil=True)(fn))


def _inlined(fn: _F) -> _F:
    """``fn`` for the search's loop, compiled into each caller: a call between compiled
    functions that pass arrays pays for counting references to them, more than the
    whole node costs otherwise."""
    return cast(_F, numba.njit(inline="always")(fn))


@_inlined
def _above(card: int) -> int:
    """The cards of ``card``'s suit that beat it (:data:`~tute_tutor.engine.tricks.ABOVE`)."""
    return 1023 << (10 * (card // 10)) & ~((2 << card) - 1)


@_inlined
def _legal_mask(hand: int, lead: int, high_lead: int, best: int, trump: int,
                overtake: bool, low_trump: bool) -> int:
    """:func:`~tute_tutor.engine.tricks.legal_mask` in the compiled search, on
    arithmetic instead of the engine's tables (tests/ai checks that the two agree on
    every trick)."""
    if lead < 0:
        return hand
    follow = hand & 1023 << (10 * lead)
    if follow:
        if best != high_lead and not overtake:
            return follow
        above = follow & _above(high_lead)
        return above if above else follow
    trumps = hand & 1023 << (10 * trump)
    if trumps:
        if best == high_lead:
            return trumps
        over = trumps & _above(best)
        if over:
            return over
        return trumps if low_trump else hand
    return hand


@_inlined
def _play_into_trick(card: int, lead: int, high_lead: int, best: int,
                     trump: int) -> tuple[int, int, int, bool]:
    """:func:`~tute_tutor.engine.tricks.play_into_trick` in the compiled search
    (tests/ai checks that the two agree on every trick)."""
    suit = card // 10
    if lead < 0:
        return suit, card, card, True
    if suit == lead:
        if card > high_lead:
            if best == high_lead:
                return lead, card, card, True
            return lead, card, best, False
        return lead, high_lead, best, False
    if suit == trump and (best // 10 != trump or card > best):
        return lead, high_lead, card, True
    return lead, high_lead, best, False


_ACES, _THREES, _REYES, _CABALLOS, _SOTAS = (_STRENGTH_MASKS[k] for k in (9, 8, 7, 6, 5))
_NONE: Final = 1 << 20
"""Above any value: the open upper end of a window."""

# The rules and sides of one search, as a small array of ints (see _config); the
# generation marks the table rows this solver wrote; rival: the other side's cantes
# count against the maximising side; margin: its card points too.
_PLAYERS, _TRUMP, _OVERTAKE, _LOW_TRUMP, _EXEMPTION, _CANTES, _BY_TEAM, _ONE_CANTE, \
    _MAXING, _GENERATION_CFG, _RIVAL, _MARGIN = range(12)
_MAX_DEPTH: Final = 44
"""Rows of the move buffer: one per card still to play (40 at most), and a spare."""

_TABLE_BITS: Final = 18
"""The transposition table has 2 ** 18 rows, 4 to a bucket; a full bucket gives up its
first row (the search stays exact: it only searches a forgotten position again)."""
_BUCKET: Final = 4
# A row: the position's four key words, the search it belongs to, then the bounds and
# the best lead found.
_K0, _K1, _K2, _K3, _GENERATION, _LOW, _HIGH, _MOVE = range(8)


@_inlined
def _bit_count(mask: int) -> int:
    """Set bits of a non-negative ``mask`` below bit 63 (no loop, no multiply)."""
    mask -= mask >> 1 & 0x5555555555555555
    mask = (mask & 0x3333333333333333) + (mask >> 2 & 0x3333333333333333)
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F0F
    mask += mask >> 8
    mask += mask >> 16
    mask += mask >> 32
    return mask & 127


@_inlined
def _low_bit(mask: int) -> int:
    """Index of the lowest set bit of a non-zero ``mask`` below bit 63."""
    low = mask & -mask
    index = 0
    if low >> 32:
        index += 32
        low >>= 32
    if low >> 16:
        index += 16
        low >>= 16
    if low >> 8:
        index += 8
        low >>= 8
    if low >> 4:
        index += 4
        low >>= 4
    if low >> 2:
        index += 2
        low >>= 2
    if low >> 1:
        index += 1
    return index


# A frame of the search's own stack (the search is a loop, not recursion: Numba cannot
# cache a recursive function). One row per node on the line of play being searched.
(_F_SEAT, _F_COUNT, _F_LEAD, _F_HIGH, _F_BEST, _F_WINNER, _F_POINTS, _F_LIVE, _F_SUNG,
 _F_ALPHA, _F_BETA, _F_START, _F_ALPHA0, _F_BETA0, _F_LOW, _F_TOP, _F_KEY0, _F_ROW, _F_SIZE,
 _F_INDEX, _F_CHOSEN, _F_VALUE, _F_HAND, _F_GAIN) = range(24)
_FIELDS: Final = 24


@_inlined
def _card_points(card: int) -> int:
    """Points of ``card`` (as :data:`~tute_tutor.engine.tricks.POINTS`, by arithmetic)."""
    strength = card % 10
    if strength < 5:
        return 0
    return strength - 3 if strength < 8 else strength + 2


@_inlined
def _slot(k0: int, k1: int, k2: int, k3: int) -> int:
    """The first row of a position's bucket in the transposition table."""
    mixed = k0 ^ k1 * 0x1E3779B97F4A7C15 ^ k2 * 0x42B2AE3D27D4EB4F ^ k3 * 0x165667B19E3779F9
    mixed ^= mixed >> 31
    mixed *= 0x14D049BB133111EB
    mixed ^= mixed >> 29
    return (mixed & ((1 << _TABLE_BITS) - 1)) & ~(_BUCKET - 1)


@_inlined
def _share(maxing: int, seat: int, margin: bool) -> int:
    """How a trick won by ``seat`` counts for the maximising side: 1 for its own, -1
    for the other side's when every point counts against it, else 0."""
    if maxing >> seat & 1:
        return 1
    return -1 if margin else 0


@_inlined
def _best_pair(hand: int, sung: int, trump: int) -> int:
    """The suit of the pair ``hand`` would sing (trump first), or -1."""
    pair = 3 << (10 * trump + 6)
    if not sung >> trump & 1 and hand & pair == pair:
        return trump
    for suit in range(4):
        pair = 3 << (10 * suit + 6)
        if not sung >> suit & 1 and hand & pair == pair:
            return suit
    return -1


# What the search loop does next at the node of ``depth``.
_OPEN, _NEXT, _BACK = range(3)


@_compiled
def _run(hands: Any, cfg: Any, table: Any, counter: Any, moves: Any, frames: Any,
         reduce: Any, only: int) -> int:
    """Alpha-beta from the node set up in ``frames[0]``: its value for the max side
    (``only`` a card: the value of that card played there).

    One loop over its own stack (``frames``, a row per node on the line being searched;
    ``moves[depth]`` holds the node's cards in the order they are tried, ``moves[-1]``
    their sort keys) and only direct indexing of the arrays it is given: helpers that
    pass arrays around pay for counting references to them, more than a node costs.
    """
    players = cfg[_PLAYERS]
    trump = cfg[_TRUMP]
    overtake = cfg[_OVERTAKE] != 0
    low_trump = cfg[_LOW_TRUMP] != 0
    exemption = cfg[_EXEMPTION] != 0
    cantes = cfg[_CANTES] != 0
    singers = 2 if cfg[_BY_TEAM] else 1
    one_cante = cfg[_ONE_CANTE] != 0
    maxing = cfg[_MAXING]
    generation = cfg[_GENERATION_CFG]
    margin = cfg[_MARGIN] != 0
    rival = cantes and (cfg[_RIVAL] != 0 or margin)
    keys = _MAX_DEPTH
    depth = 0
    value = 0
    step = _OPEN
    while True:
        if step == _OPEN:
            seat = frames[depth, _F_SEAT]
            count = frames[depth, _F_COUNT]
            alpha = frames[depth, _F_ALPHA]
            beta = frames[depth, _F_BETA]
            frames[depth, _F_ALPHA0] = alpha
            frames[depth, _F_BETA0] = beta
            frames[depth, _F_LOW] = 0
            frames[depth, _F_TOP] = _NONE
            first = -1
            step = _NEXT
            if frames[depth, _F_START]:
                sung = frames[depth, _F_SUNG]
                hand = hands[seat]
                if not hand:
                    value = 0
                    step = _BACK
                    continue
                if not hand & (hand - 1):
                    # The last trick: each seat's one card.
                    lead = high = best = -1
                    won_by = seat
                    total = LAST_TRICK_BONUS
                    for _ in range(players):
                        card = _low_bit(hands[seat])
                        total += _card_points(card)
                        lead, high, best, wins = _play_into_trick(card, lead, high, best, trump)
                        if wins:
                            won_by = seat
                        seat = (seat + 1) % players
                    value = total * _share(maxing, won_by, margin)
                    step = _BACK
                    continue
                live = hands[0] | hands[1] | hands[2] | hands[3]
                frames[depth, _F_LIVE] = live
                # Nobody takes more than the points still out (and the pairs still
                # whole), or less than nothing (less the other side's whole pairs, and
                # every point, when they count against it).
                out = (LAST_TRICK_BONUS + 11 * _bit_count(live & _ACES)
                       + 10 * _bit_count(live & _THREES) + 4 * _bit_count(live & _REYES)
                       + 3 * _bit_count(live & _CABALLOS) + 2 * _bit_count(live & _SOTAS))
                most = out
                if cantes:
                    for suit in range(4):
                        pair = 3 << (10 * suit + 6)
                        if not sung >> suit & 1 and live & pair == pair:
                            most += 40 if suit == trump else 20
                least = -out if margin else 0
                if rival:
                    for other in range(players):
                        if not maxing >> other & 1:
                            for suit in range(4):
                                pair = 3 << (10 * suit + 6)
                                if not sung >> suit & 1 and hands[other] & pair == pair:
                                    least -= 40 if suit == trump else 20
                frames[depth, _F_LOW] = least
                if most <= alpha:
                    value = most
                    step = _BACK
                    continue
                if beta <= least:
                    value = least
                    step = _BACK
                    continue
                k0 = hands[0] | (seat | sung << 2) << 40
                start = _slot(k0, hands[1], hands[2], hands[3])
                row = -1
                free = -1
                for probe in range(start, start + _BUCKET):
                    if table[probe, _GENERATION] != generation:
                        if free < 0:
                            free = probe
                    elif (table[probe, _K0] == k0 and table[probe, _K1] == hands[1]
                          and table[probe, _K2] == hands[2]
                          and table[probe, _K3] == hands[3]):
                        row = probe
                        break
                frames[depth, _F_KEY0] = k0
                if row >= 0:
                    frames[depth, _F_ROW] = row
                    low = table[row, _LOW]
                    top = table[row, _HIGH]
                    first = table[row, _MOVE]
                    if low >= beta:
                        value = low
                        step = _BACK
                        continue
                    if top <= alpha:
                        value = top
                        step = _BACK
                        continue
                    if low == top:
                        value = low
                        step = _BACK
                        continue
                    alpha = max(alpha, low)
                    beta = min(beta, top)
                    frames[depth, _F_ALPHA0] = frames[depth, _F_ALPHA] = alpha
                    frames[depth, _F_BETA0] = frames[depth, _F_BETA] = beta
                    frames[depth, _F_LOW] = low
                    frames[depth, _F_TOP] = top
                else:
                    frames[depth, _F_ROW] = free if free >= 0 else start
            # A node to search: its cards, best first.
            counter[0] += 1
            hand = hands[seat]
            frames[depth, _F_HAND] = hand
            lead = frames[depth, _F_LEAD]
            winner = frames[depth, _F_WINNER]
            best = frames[depth, _F_BEST]
            if depth == 0 and only >= 0:
                legal = 1 << only
            elif count == 0:
                legal = hand
            elif exemption and count >= 2 and winner == (seat + 2) % 4:
                # tricks.exempt_mask (tests/ai checks the solver against a search that
                # calls it).
                legal = hand & 1023 << (10 * lead)
                if not legal:
                    legal = hand
            else:
                legal = _legal_mask(hand, lead, frames[depth, _F_HIGH], best, trump,
                                    overtake, low_trump)
            size = 0
            if legal & (legal - 1):
                # Cards to search, ascending, without equivalent low cards.
                others = frames[depth, _F_LIVE] & ~hand
                for suit in range(4):
                    chunk = legal >> (10 * suit) & 1023
                    if chunk:
                        small = chunk & 31
                        if small & (small - 1):
                            chunk = (chunk & 992) | reduce[
                                small | (others >> (10 * suit) & 31) << 5]
                        while chunk:
                            low_card = _low_bit(chunk)
                            moves[depth, size] = 10 * suit + low_card
                            size += 1
                            chunk &= chunk - 1
            else:
                moves[depth, 0] = _low_bit(legal)
                size = 1
            if size > 1:
                # The order they are tried: at a lead, the table's best lead, then
                # strong cards, trumps last; when a friend is winning, points first;
                # when an opponent is, the cheapest winners, then the cheapest losers.
                friend = count > 0 and (maxing >> winner & 1) == (maxing >> seat & 1)
                best_suit = best // 10
                cut = best_suit != trump
                for i in range(size):
                    card = moves[depth, i]
                    if count == 0:
                        key = -(card % 10) + (20 if card // 10 == trump else 0)
                        if card == first:
                            key = -(1 << 30)
                    elif friend:
                        key = -_card_points(card)
                    elif (card // 10 == best_suit and card > best) or (
                            cut and card // 10 == trump):
                        key = -(1 << 30) + i
                    else:
                        key = _card_points(card) * 10 + card % 10
                    # Insertion sort: stable, like list.sort, and quick on ten cards.
                    j = i - 1
                    while j >= 0 and moves[keys, j] > key:
                        moves[depth, j + 1] = moves[depth, j]
                        moves[keys, j + 1] = moves[keys, j]
                        j -= 1
                    moves[depth, j + 1] = card
                    moves[keys, j + 1] = key
            frames[depth, _F_SIZE] = size
            frames[depth, _F_INDEX] = 0
            frames[depth, _F_CHOSEN] = moves[depth, 0]
            frames[depth, _F_VALUE] = -_NONE if maxing >> seat & 1 else _NONE
        elif step == _NEXT:
            index = frames[depth, _F_INDEX]
            seat = frames[depth, _F_SEAT]
            if index < frames[depth, _F_SIZE]:
                # Play the next card and open the node after it.
                card = moves[depth, index]
                hands[seat] = frames[depth, _F_HAND] ^ (1 << card)
                lead, high, best, wins = _play_into_trick(
                    card, frames[depth, _F_LEAD], frames[depth, _F_HIGH],
                    frames[depth, _F_BEST], trump)
                taker = seat if wins else frames[depth, _F_WINNER]
                points = frames[depth, _F_POINTS] + _card_points(card)
                child = depth + 1
                sung = frames[depth, _F_SUNG]
                if frames[depth, _F_COUNT] + 1 == players:
                    # The trick is complete: its points, the diez de últimas, cantes.
                    if not hands[taker]:
                        points += LAST_TRICK_BONUS
                    gain = points * _share(maxing, taker, margin)
                    if cantes:
                        best_seat = best_suit = -1
                        for i in range(singers):
                            singer = (taker + 2 * i) % 4
                            choice = _best_pair(hands[singer], sung, trump)
                            if choice < 0:
                                continue
                            if one_cante:
                                if best_suit < 0 or (choice == trump and best_suit != trump):
                                    best_seat = singer
                                    best_suit = choice
                                continue
                            sung |= 1 << choice
                            if maxing >> singer & 1:
                                gain += 40 if choice == trump else 20
                            elif rival:
                                gain -= 40 if choice == trump else 20
                        if one_cante and best_suit >= 0:
                            sung |= 1 << best_suit
                            if maxing >> best_seat & 1:
                                gain += 40 if best_suit == trump else 20
                            elif rival:
                                gain -= 40 if best_suit == trump else 20
                    frames[depth, _F_GAIN] = gain
                    frames[child, _F_SEAT] = taker
                    frames[child, _F_COUNT] = 0
                    frames[child, _F_LEAD] = frames[child, _F_HIGH] = -1
                    frames[child, _F_BEST] = frames[child, _F_WINNER] = -1
                    frames[child, _F_POINTS] = 0
                    frames[child, _F_LIVE] = 0
                    frames[child, _F_START] = 1
                else:
                    gain = 0
                    frames[depth, _F_GAIN] = 0
                    frames[child, _F_SEAT] = (seat + 1) % players
                    frames[child, _F_COUNT] = frames[depth, _F_COUNT] + 1
                    frames[child, _F_LEAD] = lead
                    frames[child, _F_HIGH] = high
                    frames[child, _F_BEST] = best
                    frames[child, _F_WINNER] = taker
                    frames[child, _F_POINTS] = points
                    frames[child, _F_LIVE] = frames[depth, _F_LIVE]
                    frames[child, _F_START] = 0
                frames[child, _F_SUNG] = sung
                frames[child, _F_ALPHA] = frames[depth, _F_ALPHA] - gain
                frames[child, _F_BETA] = frames[depth, _F_BETA] - gain
                depth = child
                step = _OPEN
                continue
            # Every card tried: give the seat its hand back; at a trick's start keep
            # the bounds and the best lead in the table.
            hands[seat] = frames[depth, _F_HAND]
            value = frames[depth, _F_VALUE]
            if frames[depth, _F_START]:
                low = frames[depth, _F_LOW]
                top = frames[depth, _F_TOP]
                if value <= frames[depth, _F_ALPHA0]:
                    top = value
                elif value >= frames[depth, _F_BETA0]:
                    low = value
                else:
                    low = top = value
                row = frames[depth, _F_ROW]
                table[row, _K0] = frames[depth, _F_KEY0]
                table[row, _K1] = hands[1]
                table[row, _K2] = hands[2]
                table[row, _K3] = hands[3]
                table[row, _GENERATION] = generation
                table[row, _LOW] = low
                table[row, _HIGH] = top
                table[row, _MOVE] = frames[depth, _F_CHOSEN]
            step = _BACK
        else:
            # ``value`` is the value of the node at ``depth``: hand it to its parent.
            if depth == 0:
                return value
            depth -= 1
            result = frames[depth, _F_GAIN] + value
            move = moves[depth, frames[depth, _F_INDEX]]
            frames[depth, _F_INDEX] += 1
            if maxing >> frames[depth, _F_SEAT] & 1:
                if result > frames[depth, _F_VALUE]:
                    frames[depth, _F_VALUE] = result
                    frames[depth, _F_CHOSEN] = move
                    if result > frames[depth, _F_ALPHA]:
                        frames[depth, _F_ALPHA] = result
                        if result >= frames[depth, _F_BETA]:
                            frames[depth, _F_INDEX] = frames[depth, _F_SIZE]
            elif result < frames[depth, _F_VALUE]:
                frames[depth, _F_VALUE] = result
                frames[depth, _F_CHOSEN] = move
                if result < frames[depth, _F_BETA]:
                    frames[depth, _F_BETA] = result
                    if frames[depth, _F_ALPHA] >= result:
                        frames[depth, _F_INDEX] = frames[depth, _F_SIZE]
            step = _NEXT


@_compiled
def _search(hands: Any, cfg: Any, table: Any, counter: Any, buffer: Any, reduce: Any,
            leader: int, trick: Any, sung: int, only: int) -> int:
    """Value of the position after the cards of ``trick`` (from ``leader``); with
    ``only`` a card, the value of the seat to move playing it."""
    players = cfg[_PLAYERS]
    trump = cfg[_TRUMP]
    lead = high = best = -1
    winner = leader
    points = 0
    live = hands[0] | hands[1] | hands[2] | hands[3]
    seat = leader
    for card in trick:
        lead, high, best, wins = _play_into_trick(card, lead, high, best, trump)
        if wins:
            winner = seat
        points += _card_points(card)
        live |= 1 << card
        seat = (seat + 1) % players
    frames = np.zeros((_MAX_DEPTH, _FIELDS), dtype=np.int64)
    frames[0, _F_SEAT] = seat
    frames[0, _F_COUNT] = len(trick)
    frames[0, _F_LEAD] = lead
    frames[0, _F_HIGH] = high
    frames[0, _F_BEST] = best
    frames[0, _F_WINNER] = winner
    frames[0, _F_POINTS] = points
    frames[0, _F_LIVE] = live
    frames[0, _F_SUNG] = sung
    frames[0, _F_ALPHA] = -_NONE
    frames[0, _F_BETA] = _NONE
    return _run(hands, cfg, table, counter, buffer, frames, reduce, only)


class Search:
    """What the compiled search needs for one solver: the hands (changed during a
    search and given back after it), the rules and sides, the table of this thread,
    the room for its moves and the count of nodes searched."""

    def __init__(self, position: Position, seat: int) -> None:
        self.hands = np.zeros(4, dtype=np.int64)
        self.hands[:position.players] = position.hands
        self.config = _config(position, seat)
        self.table = _thread_table()
        self.counter = np.zeros(1, dtype=np.int64)
        self.moves = np.zeros((_MAX_DEPTH + 1, 16), dtype=np.int64)

    @property
    def nodes(self) -> int:
        """Nodes searched so far."""
        return int(self.counter[0])

    def run(self, leader: int, trick: Sequence[int], sung: int, only: int) -> int:
        """The value after ``trick`` (from ``leader``, suits ``sung`` before it); with
        ``only`` a card, the value of the seat to move playing it."""
        return int(_search(self.hands, self.config, self.table, self.counter, self.moves,
                           _REDUCE, leader, np.array(trick, dtype=np.int64), sung, only))


def _config(pos: Position, seat: int) -> Any:
    """The rules and sides of a search from ``seat`` as the kernel reads them."""
    cantes_on = pos.cantes and any(
        not pos.sung >> s & 1 and any(h & PAIR_MASKS[s] == PAIR_MASKS[s] for h in pos.hands)
        for s in range(4))
    cfg = np.zeros(12, dtype=np.int64)
    cfg[_PLAYERS] = pos.players
    cfg[_TRUMP] = pos.trump
    cfg[_OVERTAKE] = pos.overtake
    cfg[_LOW_TRUMP] = pos.low_trump
    cfg[_EXEMPTION] = pos.partner_exemption and pos.players == 4
    cfg[_CANTES] = cantes_on
    cfg[_BY_TEAM] = pos.cante_by_team and pos.players == 4
    cfg[_ONE_CANTE] = pos.one_cante
    cfg[_MAXING] = sum(1 << s for s in range(pos.players) if pos.side_of(s, seat))
    cfg[_GENERATION_CFG] = next(_generations)
    cfg[_RIVAL] = pos.rival_cantes
    cfg[_MARGIN] = pos.margin
    return cfg


_local = threading.local()
_generations = itertools.count(1)
"""Each search marks its rows with a number of its own, so one thread's searches share
one table without clearing it (rows of another search are free to overwrite)."""


def _thread_table() -> Any:
    """This thread's transposition table (searches in threads run side by side)."""
    table = getattr(_local, "table", None)
    if table is None:
        table = np.zeros((1 << _TABLE_BITS, 8), dtype=np.int64)
        _local.table = table
    return table
