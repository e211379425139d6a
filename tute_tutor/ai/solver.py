"""Double-dummy solver: the exact value of the remaining points when every hand is known.

Alpha-beta over the cards still to play, on ints and bitmasks only (the legal plays come
from :func:`tute_tutor.engine.tricks.legal_mask`, the trick from
:func:`tute_tutor.engine.tricks.play_into_trick`). Speed comes from

- a transposition table at trick boundaries (the value of the rest of the hand depends
  only on who holds what, who leads and which suits were sung), storing bounds and the
  best lead;
- move ordering (the table's best lead first, then cheap winners or points for a
  partner who is winning);
- equivalent-card pruning (two zero-point cards of one suit in the same hand with no
  live card of another hand between them win and lose the same tricks, so only one
  of them is searched);
- a bound at each trick: no side takes more than the points (and whole pairs) still
  out, which cuts every line that can no longer reach the window;
- a direct count of the last trick.

The value is the number of points the maximising side takes from now on: the card
points of the tricks still open (the current one included), the diez de últimas and,
when ``cantes`` is on, the 20s and 40s sung after tricks won (each player sings its best
intact pair, trump first, as the rules allow). With three players everyone plays alone:
the search is "paranoid" (the other two seats minimise together).

>>> from tute_tutor.engine.cards import mask_of, parse_cards
>>> hands = [mask_of(parse_cards(h)) for h in ("1o", "3o", "2c", "4c")]
>>> Position(hands=hands, trump=0, leader=0, players=4).value_for(0)
31
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from tute_tutor.engine.cards import SUIT_MASKS, iter_bits
from tute_tutor.engine.tricks import (
    POINTS,
    SUIT,
    exempt_mask,
    legal_mask,
    partner_is_winning,
    play_into_trick,
)
from tute_tutor.engine.variants import Rules

REY_BIT: Final = tuple(1 << (10 * s + 7) for s in range(4))
PAIR_MASKS: Final = tuple((1 << (10 * s + 7)) | (1 << (10 * s + 6)) for s in range(4))
LAST_TRICK_BONUS: Final = 10
_STRENGTH_MASKS: Final = tuple(sum(1 << (10 * s + k) for s in range(4)) for k in range(10))
_CHUNK_CARDS: Final = tuple(
    tuple(tuple(10 * s + k for k in range(10) if m >> k & 1) for m in range(1024))
    for s in range(4)
)
"""_CHUNK_CARDS[s][m]: the card indices of the 10-bit mask ``m`` of suit ``s``, ascending."""


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


_REDUCE_LOW: Final = tuple(_reduce_low(i & 31, i >> 5) for i in range(1024))
"""_REDUCE_LOW[mine | others << 5]: the zero-point cards worth searching."""


@dataclass
class Position:
    """Everything the solver needs: every hand, the trump, the trick on the table.

    ``trick`` holds the cards already played to the open trick, in order from
    ``leader``. ``sung`` is the mask of suits already sung (bit ``s``). The flags mirror
    :class:`~tute_tutor.engine.variants.Rules`; build it from one with :meth:`from_rules`.
    """

    hands: list[int]
    trump: int
    leader: int
    players: int = 4
    trick: list[int] = field(default_factory=list)
    overtake: bool = False
    low_trump: bool = False
    partner_exemption: bool = False
    cantes: bool = False
    cante_by_team: bool = True
    one_cante: bool = False
    sung: int = 0

    @classmethod
    def from_rules(cls, rules: Rules, hands: Sequence[int], trump: int, leader: int,
                   trick: Sequence[int] = (), *, cantes: bool = False,
                   sung: int = 0) -> Position:
        """A position under ``rules`` (cantes only while they can still happen)."""
        return cls(hands=list(hands), trump=trump, leader=leader, players=rules.players,
                   trick=list(trick), overtake=rules.overtake_when_trumped,
                   low_trump=rules.trump_when_cannot_overtrump,
                   partner_exemption=rules.has_partner_exemption,
                   cantes=cantes and not rules.has_stock,
                   cante_by_team=rules.cante_by == "team" and rules.has_teams,
                   one_cante=rules.cantes_per_trick == "one", sung=sung)

    @property
    def to_move(self) -> int:
        """Seat whose card is next."""
        return (self.leader + len(self.trick)) % self.players

    def side_of(self, seat: int, of: int) -> bool:
        """Is ``seat`` on the side of seat ``of`` (partners in 4 players)?"""
        if self.players == 4:
            return seat % 2 == of % 2
        return seat == of

    def value_for(self, seat: int) -> int:
        """Exact points the side of ``seat`` takes from now on, best play by all."""
        return Solver(self, seat).value()

    def card_values(self, seat: int | None = None) -> dict[int, int]:
        """For each legal card of the seat to move: the points its side takes if it plays it.

        ``seat`` names the side whose points are counted (default: the seat to move).
        """
        solver = Solver(self, self.to_move if seat is None else seat)
        return solver.card_values()


class Solver:
    """One search from one position, counting points for the side of ``seat``."""

    def __init__(self, position: Position, seat: int) -> None:
        self.position = position
        self.seat = seat
        self.nodes = 0
        self.table: dict[int, tuple[int, int, int]] = {}

    # The search is a set of closures over local state: attribute look-ups are the
    # largest cost of a pure-Python alpha-beta.
    def _build(self) -> tuple[object, object]:
        pos = self.position
        players = pos.players
        hands = list(pos.hands)
        trump = pos.trump
        overtake = pos.overtake
        low_trump = pos.low_trump
        exemption = pos.partner_exemption and players == 4
        maxing = tuple(pos.side_of(s, self.seat) for s in range(players))
        following = tuple((s + 1) % players for s in range(players))
        partner = tuple((s + 2) % 4 for s in range(4)) if players == 4 else (-1,) * players
        suit_masks = SUIT_MASKS
        points = POINTS
        suit_of = SUIT
        chunk_cards = _CHUNK_CARDS
        aces, threes, reyes, caballos, sotas = (_STRENGTH_MASKS[k] for k in (9, 8, 7, 6, 5))
        reduce_low = _REDUCE_LOW
        table = self.table
        shift = 40
        sung_box = [pos.sung]
        pair_masks = PAIR_MASKS
        cantes_on = pos.cantes
        if cantes_on:
            alive = 0
            for hand in hands:
                alive |= hand
            cantes_on = any(
                not pos.sung >> s & 1 and any(h & pair_masks[s] == pair_masks[s]
                                              for h in hands)
                for s in range(4))
        cante_by_team = pos.cante_by_team and players == 4
        one_cante = pos.one_cante
        counter = [0]
        lead_rank = [-(c % 10) + (20 if suit_of[c] == trump else 0) for c in range(40)].__getitem__
        give_rank = [-points[c] for c in range(40)].__getitem__
        lose_rank = [points[c] * 10 + c % 10 for c in range(40)].__getitem__
        chosen_box = [-1]

        def sing(winner: int) -> int:
            """Cantes after a trick won by ``winner``: points for the max side (sung updated)."""
            sung = sung_box[0]
            singers = (winner, partner[winner]) if cante_by_team else (winner,)
            gained = 0
            best_seat = -1
            best_suit = -1
            for s in singers:
                hand = hands[s]
                choice = -1
                if not sung >> trump & 1 and hand & pair_masks[trump] == pair_masks[trump]:
                    choice = trump
                else:
                    for suit in range(4):
                        if not sung >> suit & 1 and hand & pair_masks[suit] == pair_masks[suit]:
                            choice = suit
                            break
                if choice < 0:
                    continue
                if one_cante:
                    if best_suit < 0 or (choice == trump and best_suit != trump):
                        best_seat, best_suit = s, choice
                    continue
                sung |= 1 << choice
                if maxing[s]:
                    gained += 40 if choice == trump else 20
            if one_cante and best_suit >= 0:
                sung |= 1 << best_suit
                if maxing[best_seat]:
                    gained += 40 if best_suit == trump else 20
            sung_box[0] = sung
            return gained

        def key_of(leader: int) -> int:
            key = leader | sung_box[0] << 2
            off = 6
            for hand in hands:
                key |= hand << off
                off += shift
            return key

        def last_trick(leader: int) -> int:
            seat = leader
            lead = high = best = -1
            won_by = leader
            total = LAST_TRICK_BONUS
            for _ in range(players):
                card = hands[seat].bit_length() - 1
                total += points[card]
                lead, high, best, wins = play_into_trick(card, lead, high, best, trump)
                if wins:
                    won_by = seat
                seat = following[seat]
            return total if maxing[won_by] else 0

        def trick_start(leader: int, alpha: int, beta: int) -> int:
            hand = hands[leader]
            if not hand:
                return 0
            if not hand & (hand - 1):
                return last_trick(leader)
            live = 0
            for other in hands:
                live |= other
            # Nobody takes more than the points still out (and the pairs still whole),
            # or less than nothing.
            most = (LAST_TRICK_BONUS + 11 * (live & aces).bit_count()
                    + 10 * (live & threes).bit_count() + 4 * (live & reyes).bit_count()
                    + 3 * (live & caballos).bit_count() + 2 * (live & sotas).bit_count())
            if cantes_on:
                sung = sung_box[0]
                for suit in (0, 1, 2, 3):
                    pair = pair_masks[suit]
                    if not sung >> suit & 1 and live & pair == pair:
                        most += 40 if suit == trump else 20
            if most <= alpha:
                return most
            if beta <= 0:
                return 0
            key = key_of(leader)
            entry = table.get(key)
            best_lead = -1
            if entry is not None:
                low, high, best_lead = entry
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low == high:
                    return low
                alpha0 = alpha = max(alpha, low)
                beta0 = beta = min(beta, high)
            else:
                low, high = 0, 1 << 20
                alpha0, beta0 = alpha, beta
            value = turn(leader, 0, -1, -1, -1, -1, 0, live, alpha, beta, best_lead)
            move = chosen_box[0]
            if value <= alpha0:
                high = value
            elif value >= beta0:
                low = value
            else:
                low = high = value
            table[key] = (low, high, move)
            return value

        def finish(winner: int, trick_points: int, alpha: int, beta: int) -> int:
            if not hands[winner]:
                trick_points += LAST_TRICK_BONUS
            gain = trick_points if maxing[winner] else 0
            if cantes_on:
                saved = sung_box[0]
                gain += sing(winner)
                value = gain + trick_start(winner, alpha - gain, beta - gain)
                sung_box[0] = saved
                return value
            return gain + trick_start(winner, alpha - gain, beta - gain)

        def turn(seat: int, count: int, lead: int, high: int, best: int, winner: int,
                 trick_points: int, live: int, alpha: int, beta: int, first: int) -> int:
            """Value of the node where ``seat`` plays the trick's card number ``count``.

            ``live`` holds every card not yet gone in a finished trick. At a lead the
            card chosen is left in ``chosen_box``.
            """
            counter[0] += 1
            hand = hands[seat]
            if count == 0:
                legal = hand
            elif exemption and count >= 2 and winner == partner[seat]:
                # tricks.partner_is_winning and tricks.exempt_mask, inlined for speed
                # (tests/ai checks the solver against a search that calls them).
                legal = hand & suit_masks[lead] or hand
            else:
                legal = legal_mask(hand, lead, high, best, trump, overtake, low_trump)
            if legal & (legal - 1):
                # Cards to search, ascending, without equivalent low cards.
                moves: list[int] = []
                others = live & ~hand
                for suit in (0, 1, 2, 3):
                    chunk = legal >> (10 * suit) & 1023
                    if chunk:
                        low = chunk & 31
                        if low & (low - 1):
                            chunk = (chunk & 992) | reduce_low[
                                low | (others >> (10 * suit) & 31) << 5]
                        moves += chunk_cards[suit][chunk]
                if len(moves) > 1:
                    moves = order(moves, count, seat, winner, best, first)
            else:
                moves = [legal.bit_length() - 1]
            chosen = moves[0]
            nxt = following[seat]
            last = count + 1 == players
            count += 1
            if maxing[seat]:
                value = -1
                for card in moves:
                    hands[seat] = hand ^ (1 << card)
                    new_lead, new_high, new_best, wins = play_into_trick(card, lead, high, best,
                                                                         trump)
                    if last:
                        result = finish(seat if wins else winner, trick_points + points[card],
                                        alpha, beta)
                    else:
                        result = turn(nxt, count, new_lead, new_high, new_best,
                                      seat if wins else winner, trick_points + points[card],
                                      live, alpha, beta, -1)
                    if result > value:
                        value = result
                        chosen = card
                        if value > alpha:
                            alpha = value
                            if alpha >= beta:
                                break
            else:
                value = 1 << 20
                for card in moves:
                    hands[seat] = hand ^ (1 << card)
                    new_lead, new_high, new_best, wins = play_into_trick(card, lead, high, best,
                                                                         trump)
                    if last:
                        result = finish(seat if wins else winner, trick_points + points[card],
                                        alpha, beta)
                    else:
                        result = turn(nxt, count, new_lead, new_high, new_best,
                                      seat if wins else winner, trick_points + points[card],
                                      live, alpha, beta, -1)
                    if result < value:
                        value = result
                        chosen = card
                        if value < beta:
                            beta = value
                            if alpha >= beta:
                                break
            hands[seat] = hand
            if count == 1:
                chosen_box[0] = chosen
            return value

        def order(moves: list[int], count: int, seat: int, winner: int, best: int,
                  first: int) -> list[int]:
            if count == 0:
                # Leads: the table's best lead, then strong cards, trumps last.
                moves.sort(key=lead_rank)
                if first in moves:
                    moves.remove(first)
                    moves.insert(0, first)
                return moves
            if maxing[winner] == maxing[seat]:
                # A friend is winning: give points first.
                moves.sort(key=give_rank)
                return moves
            # An opponent is winning: the cheapest winners first, then the cheapest losers
            # (moves come in ascending order, so the winners, of one suit, are sorted).
            best_suit = suit_of[best]
            cut = best_suit != trump
            winners = []
            losers = []
            for card in moves:
                suit = suit_of[card]
                if (suit == best_suit and card > best) or (cut and suit == trump):
                    winners.append(card)
                else:
                    losers.append(card)
            if len(losers) > 1:
                losers.sort(key=lose_rank)
            return winners + losers

        def open_trick(extra: Sequence[int]) -> tuple[int, int, int, int, int, int, int]:
            """Replay the open trick (plus ``extra``): seat to move, count and trick state."""
            lead = high = best = -1
            winner = pos.leader
            trick_points = 0
            live = 0
            for hand in hands:
                live |= hand
            seat = pos.leader
            cards = [*pos.trick, *extra]
            for card in cards:
                lead, high, best, wins = play_into_trick(card, lead, high, best, trump)
                if wins:
                    winner = seat
                trick_points += points[card]
                live |= 1 << card
                seat = following[seat]
            return seat, len(cards), lead, high, best, winner, trick_points | live << 8

        def root(alpha: int, beta: int) -> int:
            seat, count, lead, high, best, winner, packed = open_trick(())
            return turn(seat, count, lead, high, best, winner, packed & 255, packed >> 8,
                        alpha, beta, -1)

        def root_card(card: int) -> int:
            """Value after the seat to move plays ``card`` (full window)."""
            mover = pos.to_move
            hands[mover] ^= 1 << card
            try:
                seat, count, lead, high, best, winner, packed = open_trick((card,))
                if count == players:
                    return finish(winner, packed & 255, -1, 1 << 20)
                return turn(seat, count, lead, high, best, winner, packed & 255, packed >> 8,
                            -1, 1 << 20, -1)
            finally:
                hands[mover] ^= 1 << card

        self._counter = counter
        return root, root_card

    def value(self) -> int:
        """The exact value of the position for the side of ``self.seat``."""
        root, _ = self._build()
        result: int = root(-1, 1 << 20)  # type: ignore[operator]
        self.nodes = self._counter[0]
        return result

    def card_values(self) -> dict[int, int]:
        """Exact value of each legal card for the seat to move (shared table)."""
        pos = self.position
        _, root_card = self._build()
        seat = pos.to_move
        values: dict[int, int] = {}
        for card in legal_cards(pos, seat):
            values[card] = root_card(card)  # type: ignore[operator]
        self.nodes = self._counter[0]
        return values


def legal_cards(pos: Position, seat: int) -> list[int]:
    """Legal cards (as indices) of ``seat`` when it is to move in ``pos``."""
    hand = pos.hands[seat]
    if not pos.trick:
        mask = hand
    else:
        lead = high = best = -1
        winner_pos = 0
        for i, card in enumerate(pos.trick):
            lead, high, best, wins = play_into_trick(card, lead, high, best, pos.trump)
            if wins:
                winner_pos = i
        if pos.partner_exemption and partner_is_winning(pos.players == 4, len(pos.trick),
                                                        winner_pos):
            mask = exempt_mask(hand, lead)
        else:
            mask = legal_mask(hand, lead, high, best, pos.trump, pos.overtake, pos.low_trump)
    return list(iter_bits(mask))
