"""A plain minimax over every legal card, no pruning: the reference the solver must equal."""

from __future__ import annotations

from tute_tutor.ai.solver import PAIR_MASKS, Position
from tute_tutor.engine.cards import SUIT_MASKS
from tute_tutor.engine.tricks import (
    POINTS,
    exempt_mask,
    legal_mask,
    partner_is_winning,
    play_into_trick,
)


def _bits(mask: int) -> list[int]:
    return [i for i in range(40) if mask >> i & 1]


def minimax(pos: Position, seat: int) -> int:
    """Points the side of ``seat`` takes from ``pos`` on (less the other side's cantes with
    ``pos.rival_cantes``, less all its points with ``pos.margin``), every legal card of
    every seat tried."""
    hands = list(pos.hands)
    n = pos.players

    def mine(s: int) -> bool:
        return pos.side_of(s, seat)

    def singing(winner: int, sung: int) -> tuple[int, int]:
        if not pos.cantes:
            return 0, sung
        singers = [winner, (winner + 2) % 4] if pos.cante_by_team and n == 4 else [winner]
        offers = []
        for s in singers:
            suits = [x for x in range(4) if not sung >> x & 1
                     and hands[s] & PAIR_MASKS[x] == PAIR_MASKS[x]]
            if pos.trump in suits:
                offers.append((s, pos.trump))
            elif suits:
                offers.append((s, suits[0]))
        if pos.one_cante and offers:
            trump_offers = [o for o in offers if o[1] == pos.trump]
            offers = [trump_offers[0] if trump_offers else offers[0]]
        gained = 0
        for s, suit in offers:
            sung |= 1 << suit
            if mine(s):
                gained += 40 if suit == pos.trump else 20
            elif pos.rival_cantes or pos.margin:
                gained -= 40 if suit == pos.trump else 20
        return gained, sung

    def play(trick: list[tuple[int, int]], leader: int, sung: int) -> int:
        if len(trick) == n:
            lead = high = best = -1
            winner = leader
            for s, card in trick:
                lead, high, best, wins = play_into_trick(card, lead, high, best, pos.trump)
                if wins:
                    winner = s
            total = sum(POINTS[c] for _, c in trick)
            if not any(hands):
                total += 10
            gain = total if mine(winner) else (-total if pos.margin else 0)
            extra, new_sung = singing(winner, sung)
            if not any(hands):
                return gain + extra
            return gain + extra + play([], winner, new_sung)
        s = (leader + len(trick)) % n
        hand = hands[s]
        if not trick:
            legal = hand
        else:
            lead = high = best = -1
            win_pos = 0
            for i, (_, card) in enumerate(trick):
                lead, high, best, wins = play_into_trick(card, lead, high, best, pos.trump)
                if wins:
                    win_pos = i
            if pos.partner_exemption and partner_is_winning(n == 4, len(trick), win_pos):
                legal = exempt_mask(hand, lead)
            else:
                legal = legal_mask(hand, lead, high, best, pos.trump, pos.overtake,
                                   pos.low_trump)
        values = []
        for card in _bits(legal):
            hands[s] = hand ^ (1 << card)
            values.append(play([*trick, (s, card)], leader, sung))
            hands[s] = hand
        return max(values) if mine(s) else min(values)

    start = (pos.leader + len(pos.trick)) % n
    seats = [(pos.leader + i) % n for i in range(len(pos.trick))]
    del start
    return play(list(zip(seats, pos.trick, strict=True)), pos.leader, pos.sung)


__all__ = ["SUIT_MASKS", "minimax"]
