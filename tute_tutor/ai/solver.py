"""Double-dummy solver: the exact value of the remaining points when every hand is known.

Alpha-beta over the cards still to play, on ints and bitmasks only, compiled to machine
code (:mod:`tute_tutor.ai.search`). Speed comes from

- a transposition table at trick boundaries (the value of the rest of the hand depends
  only on who holds what, who leads and which suits were sung), storing bounds and the
  best lead: 2 ** 18 rows per thread, reused by each new solver without clearing;
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

from tute_tutor.engine.cards import iter_bits
from tute_tutor.engine.tricks import (
    exempt_mask,
    legal_mask,
    partner_is_winning,
    play_into_trick,
)
from tute_tutor.engine.variants import Rules

REY_BIT: Final = tuple(1 << (10 * s + 7) for s in range(4))
PAIR_MASKS: Final = tuple((1 << (10 * s + 7)) | (1 << (10 * s + 6)) for s in range(4))
LAST_TRICK_BONUS: Final = 10


@dataclass
class Position:
    """Everything the solver needs: every hand, the trump, the trick on the table.

    ``trick`` holds the cards already played to the open trick, in order from
    ``leader``. ``sung`` is the mask of suits already sung (bit ``s``). The flags mirror
    :class:`~tute_tutor.engine.variants.Rules`; build it from one with :meth:`from_rules`.
    With ``rival_cantes`` (and ``cantes``) the cantes of the other side count against the
    side whose value is asked: the value is then its points less what the others sing,
    and a card that lets them win a trick and sing costs what they sing. With ``margin``
    every point of the other side counts against it (cards, the diez de últimas and
    cantes): the value is the side's lead in points from now on, which may be negative.
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
    rival_cantes: bool = False
    margin: bool = False

    @classmethod
    def from_rules(cls, rules: Rules, hands: Sequence[int], trump: int, leader: int,
                   trick: Sequence[int] = (), *, cantes: bool = False,
                   sung: int = 0, rival_cantes: bool = False,
                   margin: bool = False) -> Position:
        """A position under ``rules`` (cantes only while they can still happen)."""
        return cls(hands=list(hands), trump=trump, leader=leader, players=rules.players,
                   trick=list(trick), overtake=rules.overtake_when_trumped,
                   low_trump=rules.trump_when_cannot_overtrump,
                   partner_exemption=rules.has_partner_exemption,
                   cantes=cantes and not rules.has_stock,
                   cante_by_team=rules.cante_by == "team" and rules.has_teams,
                   one_cante=rules.cantes_per_trick == "one", sung=sung,
                   rival_cantes=rival_cantes, margin=margin)

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
    """One search from one position, counting points for the side of ``seat``.

    Searches from one solver share its transposition table (:meth:`card_values` solves
    each legal card in turn). ``nodes`` counts the nodes searched so far. The search
    itself is compiled (:mod:`tute_tutor.ai.search`, loaded on the first solver).
    """

    def __init__(self, position: Position, seat: int) -> None:
        from tute_tutor.ai.search import Search

        self.position = position
        self.seat = seat
        self._search = Search(position, seat)

    @property
    def nodes(self) -> int:
        """Nodes searched so far by this solver."""
        return self._search.nodes

    def value(self) -> int:
        """The exact value of the position for the side of ``self.seat``."""
        pos = self.position
        return self._search.run(pos.leader, pos.trick, pos.sung, -1)

    def card_values(self) -> dict[int, int]:
        """Exact value of each legal card for the seat to move (shared table)."""
        pos = self.position
        return {card: self._search.run(pos.leader, pos.trick, pos.sung, card)
                for card in legal_cards(pos, pos.to_move)}


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
