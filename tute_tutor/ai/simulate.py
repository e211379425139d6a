"""Complete-information tables and fast playouts on bitmasks (level 4's fallback).

A :class:`Table` is one guessed world seen from one seat: every hand, the open trick, the
stock in two players. :func:`playout` plays it to the end with the rule-of-thumb policy
(each seat sees the real cards in the simulation, so "safely" is exact; while a
two-player stock lasts, the stock plan of :mod:`tute_tutor.ai.stock`) and hands the
last tricks to the double-dummy solver. It returns the points the seat's side takes from
now on: card points, the diez de últimas and the cantes sung on the way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tute_tutor.ai.heuristics import PAIR_MASKS, TrickInfo, rule_card, threats_of
from tute_tutor.ai.knowledge import World, legal_for
from tute_tutor.ai.solver import Position, Solver
from tute_tutor.ai.stock import stock_card
from tute_tutor.engine.cards import SUIT_MASKS
from tute_tutor.engine.game import SeatView
from tute_tutor.engine.tricks import POINTS, partner_is_winning, play_into_trick
from tute_tutor.engine.variants import Rules


@dataclass
class Table:
    """A full state to simulate: hands, the open trick (from ``leader``), the stock."""

    rules: Rules
    hands: list[int]
    trump: int
    leader: int
    trick: list[int] = field(default_factory=list)
    sung: int = 0
    stock: list[int] = field(default_factory=list)

    @property
    def to_move(self) -> int:
        """Seat whose card is next."""
        return (self.leader + len(self.trick)) % self.rules.players

    def copy(self) -> Table:
        """An independent copy (playouts change the table)."""
        return Table(self.rules, list(self.hands), self.trump, self.leader, list(self.trick),
                     self.sung, list(self.stock))

    def same_side(self, seat: int, other: int) -> bool:
        """Partners (or the same seat) score together."""
        return self.rules.team_of(seat) == self.rules.team_of(other)

    def legal(self) -> int:
        """Legal cards of the seat to move."""
        seat = self.to_move
        lead = high = best = -1
        winner_position = -1
        for i, card in enumerate(self.trick):
            lead, high, best, wins = play_into_trick(card, lead, high, best, self.trump)
            if wins:
                winner_position = i
        partner_winning = partner_is_winning(self.rules.has_teams, len(self.trick),
                                             winner_position)
        return legal_for(self.hands[seat], lead, high, best, self.trump, self.rules,
                         partner_winning=partner_winning, stock_open=bool(self.stock))

    def position(self, cantes: bool = True, rival_cantes: bool = False,
                 margin: bool = False) -> Position:
        """The solver's position (no stock left); with ``rival_cantes`` the other side's
        cantes count against the side whose value is asked, with ``margin`` all its
        points."""
        return Position.from_rules(self.rules, self.hands, self.trump, self.leader,
                                   self.trick, cantes=cantes, sung=self.sung,
                                   rival_cantes=rival_cantes, margin=margin)


def table_from(view: SeatView, world: World) -> Table:
    """The table of ``world`` with the public state of ``view`` (open trick, sung suits)."""
    sung = 0
    for suit in view.sung_suits:
        sung |= 1 << suit
    leader = view.trick_seats[0] if view.trick else view.leader
    return Table(view.rules, list(world.hands), view.trump, leader,
                 [c.index for c in view.trick], sung, list(world.stock))


def sing_after(table: Table, winner: int, stock_was_open: bool) -> list[tuple[int, int]]:
    """Cantes after ``winner`` takes a trick, as a greedy player makes them: (seat, points)."""
    rules = table.rules
    if rules.has_stock and not stock_was_open:
        return []
    if rules.cante_by == "team" and rules.has_teams:
        singers = [winner, (winner + 2) % 4]
    else:
        singers = [winner]
    out: list[tuple[int, int]] = []
    for seat in singers:
        hand = table.hands[seat]
        choice = -1
        trump_pair = PAIR_MASKS[table.trump]
        if not table.sung >> table.trump & 1 and hand & trump_pair == trump_pair:
            choice = table.trump
        else:
            for suit in range(4):
                if not table.sung >> suit & 1 and hand & PAIR_MASKS[suit] == PAIR_MASKS[suit]:
                    choice = suit
                    break
        if choice >= 0:
            table.sung |= 1 << choice
            out.append((seat, 40 if choice == table.trump else 20))
            if rules.cantes_per_trick == "one":
                break
    return out


Policy = Callable[[Table, int, int], int]
"""Chooses a card: (table, seat to move, mask of its legal cards) -> card index."""


def playout(table: Table, me: int, *, handoff: int = 3, first: int = -1,
            rivals: Policy | None = None, margin: bool = False,
            rival_cantes: bool = False, nodes: list[int] | None = None) -> int:
    """Points the side of ``me`` takes from ``table`` on (``table`` is changed).

    ``first`` forces the first card of the seat to move. Once the stock is empty, no trick
    is open and every hand holds at most ``handoff`` cards, the solver finishes exactly.
    ``rivals`` plays the other side's cards instead of the rule-of-thumb policy (the
    solver would assume they play perfectly, so give ``handoff=0`` with it). With
    ``margin`` the other side's points and cantes count against ``me``, the solver's
    hand-off's too. With ``rival_cantes`` the
    other side's cantes count against ``me`` (card points do not: their sum is fixed),
    the solver's hand-off too. ``nodes``, when given, has the solver nodes of the
    hand-off added to its first item.
    """
    rules = table.rules
    players = rules.players
    trump = table.trump
    hands = table.hands
    gained = 0
    while True:
        if not table.trick and not table.stock:
            size = hands[table.leader].bit_count()
            if size == 0:
                return gained
            if size <= handoff:
                solver = Solver(table.position(rival_cantes=rival_cantes, margin=margin), me)
                value = solver.value()
                if nodes is not None:
                    nodes[0] += solver.nodes
                return gained + value
        seat = table.to_move
        legal = table.legal()
        if first >= 0:
            card = first
            first = -1
        elif rivals is not None and not table.same_side(seat, me):
            card = rivals(table, seat, legal)
        else:
            card = _policy_card(table, seat, legal)
        hands[seat] ^= 1 << card
        table.trick.append(card)
        if len(table.trick) < players:
            continue
        lead = high = best = -1
        winner = table.leader
        points = 0
        for i, played in enumerate(table.trick):
            lead, high, best, wins = play_into_trick(played, lead, high, best, trump)
            if wins:
                winner = (table.leader + i) % players
            points += POINTS[played]
        stock_was_open = bool(table.stock)
        if table.stock:
            hands[winner] |= 1 << table.stock.pop(0)
            hands[1 - winner] |= 1 << table.stock.pop(0)
        if not hands[winner] and not table.stock:
            points += 10
        if table.same_side(winner, me):
            gained += points
        elif margin:
            gained -= points
        for singer, value in sing_after(table, winner, stock_was_open):
            if table.same_side(singer, me):
                gained += value
            elif margin or rival_cantes:
                gained -= value
        table.trick = []
        table.leader = winner


def _policy_card(table: Table, seat: int, legal: int) -> int:
    rules = table.rules
    if table.stock:
        lead = table.trick[0] if table.trick else -1
        return stock_card(table.hands[seat], legal, lead, table.trump, sung=table.sung,
                          can_sing=len(table.stock) > 2, face_up=table.stock[-1],
                          last_stock_trick=len(table.stock) == 2)
    players = rules.players
    trump = table.trump
    info = TrickInfo()
    for i, card in enumerate(table.trick):
        info.lead, info.high, info.best, wins = play_into_trick(card, info.lead, info.high,
                                                                info.best, trump)
        if wins:
            info.winner = (table.leader + i) % players
        info.points += POINTS[card]
    info.count = len(table.trick)
    holdings = []
    for later in range(info.count + 1, players):
        other = (table.leader + later) % players
        if not table.same_side(other, seat):
            hand = table.hands[other]
            holdings.append((hand, info.lead >= 0 and not hand & SUIT_MASKS[info.lead]))
    threats = threats_of(info.lead, trump, holdings)
    unseen = 0
    for other in range(players):
        if other != seat:
            unseen |= table.hands[other]
    return rule_card(seat, table.hands[seat], legal, info, trump, players, sung=table.sung,
                     can_sing=not rules.has_stock or bool(table.stock), unseen=unseen,
                     threats=threats)
