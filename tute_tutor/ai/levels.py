"""The levels of computer player, 1 (random) to 4 (sampling and solving).

- Level 1: a random legal card.
- Level 2: simple rules (:func:`~tute_tutor.ai.heuristics.rule_card`) with no memory.
- Level 3: counts the cards, infers voids and missing trumps from the play, keeps its
  pairs to sing, knows when a partner's card is safe, and plays the last tricks exactly
  by solving a few deals consistent with what it knows. In tute a dos it plays the
  stock plan of :mod:`tute_tutor.ai.stock` while the stock lasts and then solves the
  whole arrastre (every card is known by then).
- Level 4: deals at least 24 worlds consistent with everything seen, keeping those that
  best explain how the others chose their cards and when they did not sing, values each
  legal card in each world
  (the double-dummy solver when few tricks remain, playouts handed to the solver
  otherwise, their stock phase by the stock plan) and plays the best average, level 3's
  own card given ``prior`` points of benefit of the doubt before the endgame (a mean of
  a few dozen playouts is noisy; level 3's counted rules are not);
  :meth:`ExpertPlayer.evaluate` returns that evaluation (without the benefit) for hints.

Every level sings whatever it may (tute first, then the swap, then the best cante):
a cante is never worth less than keeping it quiet.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import pairwise
from typing import ClassVar

from tute_tutor.ai.base import (
    Action,
    Basis,
    CanteAction,
    Decision,
    Player,
    Preferred,
    SwapAction,
    TuteAction,
)
from tute_tutor.ai.heuristics import (
    TrickInfo,
    bits,
    rule_card,
    threats_of,
    uncounted_guess,
)
from tute_tutor.ai.knowledge import Knowledge, World, infer, sample_world
from tute_tutor.ai.reading import heaviest, observations, play_weight, silences
from tute_tutor.ai.simulate import Table, playout, table_from
from tute_tutor.ai.solver import Solver
from tute_tutor.ai.stock import PLAN, StockPlan, stock_card
from tute_tutor.engine.cards import CARDS, Card, mask_of
from tute_tutor.engine.errors import TuteError, shown
from tute_tutor.engine.game import SeatView
from tute_tutor.engine.tricks import POINTS, play_into_trick


def _declarations(view: SeatView) -> list[Action]:
    """Tute first; then the swap; then the best cante (the 40 first).

    A swap comes alone: the card it takes can complete a pair or even a tute, so what to
    declare next is chosen on the hand after the swap, when the seat is asked again (as
    :func:`~tute_tutor.ai.base.declare_for_all` does).
    """
    if view.can_tute:
        return [TuteAction()]
    if view.can_swap and view.face_up is not None:
        return [SwapAction()]
    if not view.declarable_cantes:
        return []
    if view.trump in view.declarable_cantes:
        return [CanteAction(view.trump)]
    return [CanteAction(view.declarable_cantes[0])]


def _trick_info(view: SeatView) -> TrickInfo:
    info = TrickInfo()
    for seat, card in zip(view.trick_seats, view.trick, strict=True):
        info.lead, info.high, info.best, wins = play_into_trick(card.index, info.lead,
                                                                info.high, info.best,
                                                                view.trump)
        if wins:
            info.winner = seat
        info.points += card.points
    info.count = len(view.trick)
    return info


def _sung_mask(view: SeatView) -> int:
    sung = 0
    for suit in view.sung_suits:
        sung |= 1 << suit
    return sung


def _can_still_sing(view: SeatView) -> bool:
    return not view.rules.has_stock or view.stock_left > 2


class RandomPlayer:
    """Level 1: any legal card; declares whatever it may (a person would too)."""

    level = 1

    def declarations(self, view: SeatView, rng: random.Random) -> list[Action]:
        """Tute, swap and the best cante when allowed."""
        return _declarations(view)

    def choose_card(self, view: SeatView, rng: random.Random) -> Card:
        """A uniformly random legal card."""
        return self.decide(view, rng).card

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        """A uniformly random legal card (forced when it is the only one; the draw is
        made either way, so a seeded hand plays the same cards as it always has)."""
        card = rng.choice(view.legal)
        return Decision(card, "forced" if len(view.legal) == 1 else "random")


class RulesPlayer:
    """Level 2: win cheap tricks, feed a winning partner, keep trumps and pairs."""

    level = 2

    def declarations(self, view: SeatView, rng: random.Random) -> list[Action]:
        """Tute, swap and the best cante when allowed."""
        return _declarations(view)

    def choose_card(self, view: SeatView, rng: random.Random) -> Card:
        """The card of the simple rules (no memory of earlier tricks)."""
        return self.decide(view, rng).card

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        """The card of the simple rules (forced when it is the only legal one)."""
        if len(view.legal) == 1:
            return Decision(view.legal[0], "forced")
        legal = mask_of(view.legal)
        info = _trick_info(view)
        # No memory: any card not in hand and not on this trick could still be out, and
        # every later opponent is expected to follow suit.
        unknown, threats = uncounted_guess(view.hand_mask, mask_of(view.trick), info.lead,
                                           view.trump, view.players - 1 - info.count)
        card = rule_card(view.seat, view.hand_mask, legal, info, view.trump, view.players,
                         sung=_sung_mask(view), can_sing=_can_still_sing(view),
                         unseen=unknown, threats=threats)
        return Decision(CARDS[card], "rules")


def _threats(view: SeatView, knowledge: Knowledge, info: TrickInfo) -> int:
    """Cards the opponents still to play this trick may play on it."""
    rules = view.rules
    holdings = []
    first = view.trick_seats[0] if view.trick else view.seat
    for later in range(info.count + 1, rules.players):
        seat = (first + later) % rules.players
        if rules.team_of(seat) == rules.team_of(view.seat):
            continue
        void = info.lead >= 0 and knowledge.is_void(seat, info.lead)
        holdings.append((knowledge.possible(seat), void))
    return threats_of(info.lead, view.trump, holdings)


def _danger(view: SeatView, knowledge: Knowledge) -> int:
    """Suits in which an opponent is known void while it may still hold trumps."""
    danger = 0
    for seat in range(view.players):
        if view.rules.team_of(seat) == view.rules.team_of(view.seat):
            continue
        if knowledge.is_void(seat, view.trump):
            continue
        for suit in knowledge.voids[seat]:
            if suit != view.trump:
                danger |= 1 << suit
    return danger


def _endgame_values(view: SeatView, knowledge: Knowledge, rng: random.Random,
                    worlds: int) -> dict[int, float]:
    """Mean exact value of each legal card over ``worlds`` consistent deals."""
    totals: dict[int, float] = {}
    count = 0
    for _ in range(worlds):
        world = sample_world(knowledge, view.hand_mask, rng)
        table = table_from(view, world)
        values = Solver(table.position(), view.seat).card_values()
        for card, value in values.items():
            totals[card] = totals.get(card, 0.0) + value
        count += 1
    return {card: total / count for card, total in totals.items()}


class CountingPlayer:
    """Level 3: counts cards, infers voids, keeps pairs, solves the last tricks."""

    level = 3
    endgame_tricks = 5
    endgame_tricks_two = 8  # two players, stock gone: every card is known, the solver is quick
    endgame_worlds = 8
    stock_ruff_points = PLAN.ruff_points
    stock_big_ruff_points = PLAN.big_ruff_points
    stock_keep_face_up = PLAN.keep_face_up
    stock_sing_win = PLAN.sing_win

    def declarations(self, view: SeatView, rng: random.Random) -> list[Action]:
        """Tute, swap and the best cante when allowed."""
        return _declarations(view)

    def choose_card(self, view: SeatView, rng: random.Random) -> Card:
        """Exact endgame when few cards remain, counted rules before."""
        return self.decide(view, rng).card

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        """Exact endgame when few cards remain (every legal card rated), counted rules
        before."""
        if len(view.legal) == 1:
            return Decision(view.legal[0], "forced")
        knowledge = infer(view)
        no_stock = not (view.rules.has_stock and view.stock_left)
        limit = self.endgame_tricks_two if view.rules.has_stock else self.endgame_tricks
        if no_stock and len(view.hand) <= limit:
            # Two players with the stock gone: every card is known, one world is exact.
            worlds = 1 if view.rules.has_stock else self.endgame_worlds
            values = _endgame_values(view, knowledge, rng, worlds)
            best = max(values.items(), key=lambda item: (item[1], -POINTS[item[0]]))
            rated = sorted(((CARDS[c], round(v, 2)) for c, v in values.items()),
                           key=lambda pair: -pair[1])
            return Decision(CARDS[best[0]], "exact", tuple(rated), worlds)
        return Decision(CARDS[self.rule_choice(view, knowledge)], "rules")

    def rule_choice(self, view: SeatView, knowledge: Knowledge) -> int:
        """The counted rule-of-thumb card (the stock plan while a stock lasts)."""
        if view.rules.has_stock and view.stock_left:
            plan = StockPlan(self.stock_ruff_points, self.stock_big_ruff_points,
                             self.stock_keep_face_up, self.stock_sing_win)
            return stock_choice(view, plan)
        info = _trick_info(view)
        unseen = knowledge.unseen
        return rule_card(view.seat, view.hand_mask, mask_of(view.legal), info, view.trump,
                         view.players, sung=_sung_mask(view), can_sing=_can_still_sing(view),
                         unseen=unseen, threats=_threats(view, knowledge, info),
                         danger=_danger(view, knowledge))


def stock_choice(view: SeatView, plan: StockPlan = PLAN) -> int:
    """The card of the stock plan (:mod:`tute_tutor.ai.stock`) for a two-player seat."""
    lead = view.trick[0].index if view.trick else -1
    face_up = view.face_up.index if view.face_up is not None else -1
    return stock_card(view.hand_mask, mask_of(view.legal), lead, view.trump,
                      sung=_sung_mask(view), can_sing=_can_still_sing(view), face_up=face_up,
                      last_stock_trick=view.stock_left == 2, plan=plan)


@dataclass
class Evaluation:
    """Level 4's view of one legal card."""

    card: Card
    value: float  # expected points for the seat's side from now to the end of the hand
    # (its cards, the diez de últimas and its cantes, less the other side's cantes)
    worlds: int
    exact: bool  # solved exactly in every world (else playouts)
    score: float = 0.0  # what level 4 chooses by (see ExpertPlayer.objective)
    wins: float = 0.0  # worlds in which the side wins the hand with it (a tie half)


class ExpertPlayer:
    """Level 4: samples consistent deals, solves or plays each out, plays the best mean.

    The deals come from a pool of ``pool`` consistent ones, the ``worlds`` that best
    explain the other seats' earlier choices kept (:mod:`tute_tutor.ai.reading`): a
    deal weighs ``mismatch`` less for each card the simple rules would not have chosen
    with it, and ``unsung`` less for each seat that would have held a pair it did not
    sing. Before the endgame the card level 3 would play gets ``prior`` points more
    when the best mean is chosen (never in the values returned), and the playouts'
    solver hand-offs share a budget of ``playout_budget`` nodes.
    """

    level = 4
    worlds = 24
    pool = 400
    mismatch = 0.1
    unsung = 0.05
    uncounted = 0.0
    """Odds that a seat does not count the cards played (it is then read by level 2's
    rules, :func:`~tute_tutor.ai.reading.play_weight`). 0.5 read level 2's cards
    exactly where 0 misreads 7% of them in four players and 18% in three, yet won no
    more hands to tell from nothing: 245 deals of clasico against level 2, 0.00 points
    of a percent; 128 of a-tres, +1.17 (README)."""
    exact_tricks: ClassVar[dict[int, int]] = {4: 6, 3: 9, 2: 8}
    """By players: with this many cards in hand or fewer (and no stock) every world is
    solved exactly."""
    handoff: ClassVar[dict[int, int]] = {4: 5, 3: 8, 2: 8}
    """By players: the playouts hand a world to the solver once every hand holds this
    many cards or fewer (and no stock is left: in two players, as soon as the stock is
    gone). Two and three players are cheap to solve and gain from solving early; four do
    not (solving 7 tricks ahead lost 3 points a hand against level 2)."""
    node_budget = 6_000_000
    """Solver nodes one decision may spend; worlds beyond it are played out (a count,
    not a clock, so a seeded game plays the same on any machine)."""
    playout_budget = 3_000_000
    """Solver nodes the playouts' hand-offs may spend in one decision; beyond it the
    playouts hand off ``handoff_cut`` tricks earlier (cheaper, still counted)."""
    handoff_cut = 2
    prior = 4.0
    """Points of benefit of the doubt for level 3's card before the endgame: the
    playouts' mean of a few worlds is noisy, level 3's counted rules are not (twice as
    many points of lead when the objective is the lead)."""
    objective = 2
    """What level 4 chooses by, in each world: 0 the side's points from now on; 1 its
    lead in points at the end of the hand (the other side's points count against it); 2
    that lead plus ``win_weight`` points if the side wins the hand. With three players
    (three sides) always 0."""
    win_weight = 50.0
    rivals = 1
    """1: the other side's cantes count against a card's value (in the playouts and
    the solver), so a card that lets them win a trick and sing costs what they sing;
    0: only the side's own points and cantes count."""

    def declarations(self, view: SeatView, rng: random.Random) -> list[Action]:
        """Tute, swap and the best cante when allowed."""
        return _declarations(view)

    def choose_card(self, view: SeatView, rng: random.Random) -> Card:
        """The legal card with the best mean value over the sampled worlds."""
        return self.decide(view, rng).card

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        """The legal card with the best mean value over the sampled worlds, with the
        value of every legal card (forced when only one is legal)."""
        if len(view.legal) == 1:
            return Decision(view.legal[0], "forced")
        rated = self.evaluations(view, rng)
        basis: Basis = "exact" if all(e.exact for e in rated) else "playouts"
        counted = -1
        if basis == "playouts" and self.prior > 0:
            counted = CountingPlayer().rule_choice(view, infer(view))

        bonus = self.prior * (2 if self._objective(view) else 1)

        def score(e: Evaluation) -> tuple[float, int, int]:
            return (e.score + (bonus if e.card.index == counted else 0.0), -e.card.points,
                    -e.card.strength)

        best = max(rated, key=score)
        # the card worth the most points, chosen among the others as the coach's edge
        # names its runner-up (ties by card number), so the two speak of the same card
        top = max((e for e in rated if e.card != best.card), default=best,
                  key=lambda e: (e.value, -e.card.index))
        why: Preferred = ""
        wins = (0.0, 0.0)
        # any shortfall is given its reason: whoever shows the values decides, by the
        # figures it shows, whether it is worth a word (rounded apart or not)
        if top.value > best.value:
            if best.score > top.score:
                why, wins = "wins", (best.wins, top.wins)
            else:
                why = "sound"
        return Decision(best.card, basis, tuple((e.card, e.value) for e in rated),
                        rated[0].worlds, why, wins)

    def evaluate(self, view: SeatView, rng: random.Random) -> list[tuple[Card, float]]:
        """Expected points (from now to the end of the hand) for the seat's side of each
        legal card, best first."""
        return [(e.card, e.value) for e in self.evaluations(view, rng)]

    def evaluations(self, view: SeatView, rng: random.Random) -> list[Evaluation]:
        """:meth:`evaluate` with the number of worlds and whether they were solved."""
        if not view.legal:
            raise TuteError(f"seat {view.seat} has no card to play now")
        knowledge = infer(view)
        legal = [c.index for c in view.legal]
        no_stock = not (view.rules.has_stock and view.stock_left)
        exact = no_stock and len(view.hand) <= self.exact_tricks[view.players]
        totals = dict.fromkeys(legal, 0.0)
        scores = dict.fromkeys(legal, 0.0)
        wins = dict.fromkeys(legal, 0.0)
        rival = bool(self.rivals)
        objective = self._objective(view)
        margin = objective >= 1
        mine = view.rules.team_of(view.seat)
        ahead = view.points[mine] - view.points[1 - mine] if margin else 0
        out_now = 130 - sum(record.points for record in view.tricks)

        def add(card: int, value: float) -> None:
            # In the lead's terms a card point taken is one the other side does not
            # take: half the lead plus half the points still out is the side's points.
            totals[card] += (value + out_now) / 2 if margin else value
            won = ahead + value
            win = 1.0 if won > 0 else 0.5 if won == 0 else 0.0
            wins[card] += win
            scores[card] += value + self.win_weight * win if objective == 2 else value
        done = nodes = 0
        spent = [0]
        solved = exact
        # Two players with the stock gone: the unseen cards are the other hand, one world.
        known = view.rules.has_stock and not view.stock_left
        worlds = [sample_world(knowledge, view.hand_mask, rng)] if known else \
            self.sample(view, knowledge, rng)
        for world in worlds:
            table = table_from(view, world)
            if exact and nodes < self.node_budget:
                solver = Solver(table.position(rival_cantes=rival, margin=margin), view.seat)
                values = solver.card_values()
                nodes += solver.nodes
                for card in legal:
                    add(card, values[card])
            else:
                solved = False
                handoff = self.handoff[view.players]
                if spent[0] > self.playout_budget:
                    handoff = max(0, handoff - self.handoff_cut)
                for card in _distinct(legal, view, knowledge):
                    value = playout(table.copy(), view.seat, handoff=handoff, first=card,
                                    rival_cantes=rival, margin=margin, nodes=spent)
                    add(card, value)
                for card, twin in _twins(legal, view, knowledge):
                    totals[twin] = totals[card]
                    scores[twin] = scores[card]
                    wins[twin] = wins[card]
            done += 1
        out = [Evaluation(CARDS[c], round(totals[c] / done, 2), done, solved,
                          scores[c] / done, wins[c] if objective == 2 else 0.0)
               for c in legal]
        out.sort(key=lambda e: -e.value)
        return out

    def _objective(self, view: SeatView) -> int:
        return self.objective if view.rules.sides == 2 else 0

    def sample(self, view: SeatView, knowledge: Knowledge, rng: random.Random) -> list[World]:
        """``worlds`` consistent deals, the ones that best explain the others' play."""
        seen = observations(view)
        if not seen or self.pool <= self.worlds:
            return [sample_world(knowledge, view.hand_mask, rng) for _ in range(self.worlds)]
        quiet = silences(view) if self.unsung < 1 else []
        pool = [sample_world(knowledge, view.hand_mask, rng) for _ in range(self.pool)]
        weights = [play_weight(world, seen, view, mismatch=self.mismatch,
                               endgame=CountingPlayer.endgame_tricks, quiet=quiet,
                               unsung=self.unsung, uncounted=self.uncounted)
                   for world in pool]
        return heaviest(pool, weights, self.worlds, rng)


def _distinct(legal: list[int], view: SeatView, knowledge: Knowledge) -> list[int]:
    """Legal cards without equivalent twins (zero points, adjacent with nothing unseen
    between them): only one of each run needs a playout."""
    twins = {twin for _, twin in _twins(legal, view, knowledge)}
    return [c for c in legal if c not in twins]


def _twins(legal: list[int], view: SeatView, knowledge: Knowledge) -> list[tuple[int, int]]:
    live = knowledge.unseen | mask_of(view.trick)
    pairs: list[tuple[int, int]] = []
    ordered = sorted(legal)
    root = -1
    for previous, card in pairwise(ordered):
        if root < 0:
            root = previous
        gap = ((1 << card) - (1 << (previous + 1))) if card > previous + 1 else 0
        if (previous // 10 == card // 10 and POINTS[card] == 0 and POINTS[previous] == 0
                and not live & gap):
            pairs.append((root, card))
        else:
            root = card
    return pairs


_LEVELS: dict[int, type[RandomPlayer | RulesPlayer | CountingPlayer | ExpertPlayer]] = {
    1: RandomPlayer, 2: RulesPlayer, 3: CountingPlayer, 4: ExpertPlayer,
}


def get_player(level: int) -> Player:
    """The computer player of ``level`` (1-4)."""
    kind = _LEVELS.get(level) if isinstance(level, int) else None
    if kind is None:
        raise TuteError(f"computer level {shown(level)} does not exist: choose 1 to 4")
    return kind()


__all__ = ["CountingPlayer", "Evaluation", "ExpertPlayer", "RandomPlayer", "RulesPlayer",
           "Table", "bits", "get_player"]
