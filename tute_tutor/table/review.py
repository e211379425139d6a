"""The review of a finished hand: trick by trick, the points as they came, the outcome.

Everything is read off the game (its tricks, cantes and result), never recomputed by
other rules, so the review agrees with :func:`tute_tutor.formats.record.replay` of the hand's
record. The table is a pandas DataFrame and the chart a plotly ``go.Figure``; nothing
here draws on a screen.

>>> from tute_tutor.engine.game import Game
>>> game = Game.deal("a-tres", seed=4)
>>> while not game.finished:
...     _ = game.play(game.legal_plays()[-1])
>>> review = hand_review(game, "en")
>>> len(review.tricks) == len(game.tricks), review.totals == game.result().totals
(True, True)
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Final

import pandas as pd
import plotly.graph_objects as go

from tute_tutor.ai.levels import ExpertPlayer
from tute_tutor.coach.mistakes import Mistake, mistake_of
from tute_tutor.engine.cards import CARDS, Card, suit_name
from tute_tutor.engine.game import Game, HandResult, HistoryEntry, PassEvent, SeatView
from tute_tutor.table.controller import (
    LEARNER,
    Evaluator,
    outcome_text,
    seat_name,
    side_name,
)
from tute_tutor.words.catalog import t, t_count
from tute_tutor.words.explain import card_name

CardLabel = Callable[[Card], str]

SIDE_COLOURS = ("#1b7f3b", "#b3261e", "#1f5fa8", "#8a5a00")


@dataclass(frozen=True)
class HandReview:
    """Everything the end-of-hand review shows."""

    tricks: pd.DataFrame
    figure: go.Figure
    totals: tuple[int, ...]
    card_points: tuple[int, ...]
    cante_points: tuple[int, ...]
    cantes: tuple[str, ...]
    last_trick: str
    last_trick_side: int | None
    outcome: str
    side_names: tuple[str, ...]
    winner: int
    learner_won: bool


def _side_names(game: Game, lang: str) -> list[str]:
    return [side_name(side, game.rules, lang) for side in range(game.rules.sides)]


def short_side_names(game: Game, lang: str = "es") -> list[str]:
    """"vosotros" / "ellos" in pairs, the seats' names otherwise."""
    if game.rules.has_teams:
        return [t("practice.side.us_short", lang), t("practice.side.them_short", lang)]
    return [seat_name(seat, lang) for seat in range(game.players)]


def running_points(game: Game) -> list[tuple[int, ...]]:
    """Points of each side after each trick (cards, cantes sung after it, and at the
    end the diez de últimas); the first entry is the score before any trick."""
    sides = game.rules.sides
    totals = [0] * sides
    steps = [tuple(totals)]
    cantes_after: dict[int, list[tuple[int, int]]] = {}
    for cante in game.cantes:
        cantes_after.setdefault(cante.after_trick, []).append((cante.seat, cante.points))
    finished_normally = game.finished and game.tute is None and game.renuncio is None
    for trick in game.tricks:
        totals[game.side_of(trick.winner)] += trick.points
        for seat, points in cantes_after.get(trick.number, []):
            totals[game.side_of(seat)] += points
        if finished_normally and trick.number == len(game.tricks):
            totals[game.side_of(trick.winner)] += 10
        steps.append(tuple(totals))
    return steps


def tricks_table(game: Game, lang: str = "es", label: CardLabel | None = None) -> pd.DataFrame:
    """One row per trick: who led, each seat's card, the winner, points, cantes, running
    totals per side."""
    def name(card: Card) -> str:
        return label(card) if label is not None else card.name(lang)

    players = game.players
    sides = short_side_names(game, lang)
    running = running_points(game)
    col_trick = t("review.col.trick", lang)
    col_leader = t("review.col.leader", lang)
    col_winner = t("review.col.winner", lang)
    col_points = t("review.col.points", lang)
    col_cantes = t("review.col.cantes", lang)
    seat_cols = [seat_name(seat, lang) for seat in range(players)]
    rows = []
    for trick in game.tricks:
        row: dict[str, object] = {col_trick: trick.number,
                                  col_leader: seat_name(trick.leader, lang)}
        by_seat = dict(zip(trick.seats(players), trick.cards, strict=True))
        for seat, column in enumerate(seat_cols):
            card = by_seat.get(seat)
            row[column] = name(card) if card is not None else ""
        winning = by_seat[trick.winner]
        row[col_winner] = f"{seat_name(trick.winner, lang)} ({name(winning)})"
        last = trick.number == len(game.tricks) and game.finished and game.tute is None \
            and game.renuncio is None
        row[col_points] = trick.points + (10 if last else 0)
        sung = [cante_text(c.seat, c.suit, c.points, lang) for c in game.cantes
                if c.after_trick == trick.number]
        row[col_cantes] = "; ".join(sung)
        for side, side_label in enumerate(sides):
            row[t("review.col.total", lang, side=side_label)] = running[trick.number][side]
        rows.append(row)
    columns = [col_trick, col_leader, *seat_cols, col_winner, col_points, col_cantes,
               *(t("review.col.total", lang, side=s) for s in sides)]
    return pd.DataFrame(rows, columns=columns)


def cante_text(seat: int, suit: int, points: int, lang: str = "es") -> str:
    """"Carmen: las cuarenta en oros (40)"."""
    pair = t("review.cuarenta" if points == 40 else "review.veinte", lang,
             suit=suit_name(suit, lang))
    return t("review.cante", lang, name=seat_name(seat, lang), pair=pair, points=points)


def points_figure(game: Game, lang: str = "es") -> go.Figure:
    """The points of each side as the hand went, trick by trick (a plotly figure)."""
    running = running_points(game)
    figure = go.Figure()
    x = list(range(len(running)))
    for side, label in enumerate(_side_names(game, lang)):
        figure.add_trace(go.Scatter(
            x=x, y=[step[side] for step in running], mode="lines+markers", name=label,
            line={"shape": "hv", "color": SIDE_COLOURS[side % len(SIDE_COLOURS)], "width": 3},
        ))
    for cante in game.cantes:
        side = game.side_of(cante.seat)
        figure.add_annotation(
            x=cante.after_trick, y=running[cante.after_trick][side],
            text=t("review.chart_cante", lang, points=cante.points), showarrow=True,
            arrowhead=0, ax=0, ay=-28, font={"color": SIDE_COLOURS[side % len(SIDE_COLOURS)]})
    if game.finished and game.tute is None and game.renuncio is None and game.tricks:
        side = game.side_of(game.tricks[-1].winner)
        figure.add_annotation(
            x=len(game.tricks), y=running[-1][side], text=t("review.chart_last", lang),
            showarrow=True, arrowhead=0, ax=-40, ay=-24,
            font={"color": SIDE_COLOURS[side % len(SIDE_COLOURS)]})
    figure.update_layout(
        title=t("review.chart_title", lang),
        xaxis_title=t("review.chart_x", lang), yaxis_title=t("review.chart_y", lang),
        margin={"l": 40, "r": 10, "t": 50, "b": 40}, height=320,
        legend={"orientation": "h", "y": -0.25},
    )
    figure.update_xaxes(dtick=1)
    return figure


def hand_review(game: Game, lang: str = "es", label: CardLabel | None = None) -> HandReview:
    """The whole review of a finished hand."""
    result: HandResult = game.result()
    sides = _side_names(game, lang)
    cantes = tuple(
        t("review.cante_after", lang, cante=cante_text(c.seat, c.suit, c.points, lang),
          trick=c.after_trick)
        for c in game.cantes)
    if result.last_trick is not None:
        taker = game.tricks[-1].winner
        last = t("review.last_trick" + ("_you" if taker == LEARNER else ""), lang,
                 side=side_name(result.last_trick, game.rules, lang, mid_sentence=True),
                 name=seat_name(taker, lang))
    else:
        last = t("review.no_last_trick", lang)
    return HandReview(
        tricks=tricks_table(game, lang, label), figure=points_figure(game, lang),
        totals=result.totals, card_points=result.card_points,
        cante_points=result.cante_points, cantes=cantes, last_trick=last,
        last_trick_side=result.last_trick,
        outcome=outcome_text(result, game.players, lang), side_names=tuple(sides),
        winner=result.winner, learner_won=result.winner == game.side_of(LEARNER))


def totals_frame(review: HandReview, lang: str = "es") -> pd.DataFrame:
    """Card points, cantes, diez de últimas and total per side."""
    return pd.DataFrame({
        t("review.col.side", lang): list(review.side_names),
        t("review.col.card_points", lang): list(review.card_points),
        t("review.col.cante_points", lang): list(review.cante_points),
        t("review.col.last_trick", lang): [10 if side == review.last_trick_side else 0
                                           for side in range(len(review.side_names))],
        t("review.col.total_points", lang): list(review.totals),
    })


# --------------------------------------------------------------------------- where the points went
EXACT_TRICKS: Final = {4: 6, 3: 4, 2: 6}
"""With at most this many cards in hand (and no stock), a choice is checked exactly by
the double-dummy solver on the real deal; before that, level 4's estimate from what the
learner could see."""
MIN_EXACT_COST: Final = 1
MIN_ESTIMATED_COST: Final = 5
"""Level 4's estimates vary by a few points from one sample to the next: smaller
differences are not marked as a cost."""


@dataclass(frozen=True, slots=True)
class ChoiceCost:
    """One of the learner's cards that cost points, against the best play found there."""

    trick: int
    """Number of the trick (1-based) the card was played to."""
    card: Card
    best: Card
    cost: int
    """Points the learner's side lost by this card (best value minus this card's)."""
    exact: bool
    """Solved exactly on the real deal (else level 4's average over sampled deals)."""
    went_to: int | None = None
    """Seat of the other side that took the trick, when it did."""
    given: int = 0
    """Points of the learner's own card in that trick (given away)."""
    trick_points: int = 0
    mistake: Mistake | None = None
    """The kind of mistake the card was (:mod:`tute_tutor.coach.mistakes`)."""

    def text(self, lang: str = "es", label: CardLabel | None = None) -> str:
        """"Trick 3: the tres de oros cost 10 points (the as was better): the three went
        to Bruno."."""
        def name(card: Card) -> str:
            return label(card) if label is not None else card_name(card, lang)

        key = "review.cost.exact" if self.exact else "review.cost.estimate"
        head = t_count(key, self.cost, lang, trick=self.trick, card=name(self.card),
                       best=name(self.best), cost=self.cost)
        if self.went_to is not None and self.given:
            tail = t("review.cost.gave", lang, card=name(self.card), points=self.given,
                     name=seat_name(self.went_to, lang))
        elif self.went_to is not None and self.trick_points:
            tail = t("review.cost.lost_trick", lang, points=self.trick_points,
                     name=seat_name(self.went_to, lang))
        else:
            tail = t("review.cost.later", lang)
        return f"{head} {tail}"


def _exact_values(position_game: Game, seat: int) -> dict[int, int]:
    from tute_tutor.ai.solver import Position, Solver

    sung = 0
    for suit in position_game.sung_suits:
        sung |= 1 << suit
    seats = position_game.trick_seats()
    leader = seats[0] if seats else position_game.leader
    position = Position.from_rules(position_game.rules, position_game.hands,
                                   position_game.trump, leader, position_game.trick,
                                   cantes=True, sung=sung)
    return Solver(position, seat).card_values()


@dataclass(frozen=True, slots=True)
class _Decision:
    """One card of the reviewed seat that had a choice, with the position before it."""

    entry: HistoryEntry
    position: Game
    view: SeatView
    exact: bool
    draw: str
    """The seed of the estimate's random draws (see :func:`choice_costs`)."""


def _decisions(game: Game, seat: int, seed: int) -> Iterator[_Decision]:
    for entry in game.history:  # the seat's cards, each with the choice it had
        if entry.kind != "play" or entry.seat != seat or entry.card is None \
                or entry.analysis is None or len(entry.analysis.legal) < 2:
            continue
        index = entry.event - 1  # the card's event: the hand as it stood before it
        position = game.replayed(index)
        position.close_moment()  # the draws of two players happen before the lead
        hand = position.hands[seat].bit_count()
        exact = not position.draw_pile and hand <= EXACT_TRICKS[game.rules.players]
        # seeded by the card's place in the hand record (which holds no passes), so
        # the hand replayed from its record is reviewed the same
        place = sum(not isinstance(e, PassEvent) for e in game.events[:index])
        yield _Decision(entry, position, position.view(seat), exact, f"review/{seed}/{place}")


ESTIMATES_KEPT: Final = 2048
"""Level 4's estimates of review positions kept in memory (each a few hundred bytes)."""
_estimates: OrderedDict[tuple[SeatView, str], dict[int, float]] = OrderedDict()
_estimates_lock = threading.Lock()
_warmer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review-warm")


def _estimate(view: SeatView, draw: str) -> dict[int, float]:
    """Level 4's value of each legal card from ``view`` (its draws seeded by ``draw``),
    worked out once per process: the review asks again what the table already had
    worked out in the background while the hand went on (:func:`warm_costs`)."""
    key = (view, draw)
    with _estimates_lock:  # one at a time: a second asker waits for the first's answer
        kept = _estimates.get(key)
        if kept is None:
            rng = random.Random(draw)
            kept = {card.index: value for card, value in ExpertPlayer().evaluate(view, rng)}
            _estimates[key] = kept
            if len(_estimates) > ESTIMATES_KEPT:
                _estimates.popitem(last=False)
        else:
            _estimates.move_to_end(key)
        return kept


def warm_costs(game: Game, *, seat: int = LEARNER, seed: int = 0) -> None:
    """Work out now level 4's estimates that :func:`choice_costs` will ask for the hand
    so far (the positions too early for the exact solver), so that the review at the end
    of the hand finds them ready."""
    for decision in _decisions(game, seat, seed):
        if not decision.exact:
            _estimate(decision.view, decision.draw)


WARM_QUEUE: Final = 6
"""Warming jobs a server keeps waiting at most: with many tables at once, a card played
while the queue is full is not warmed (its review works the estimates out then), so the
queue, and the time a review may wait behind it, stay bounded."""
_waiting = 0
_waiting_lock = threading.Lock()


def warm_costs_later(game: Game, *, seat: int = LEARNER,
                     seed: int = 0) -> Future[None] | None:
    """:func:`warm_costs` on a copy of ``game`` in a background thread (one at a time);
    None, and nothing done, while :data:`WARM_QUEUE` jobs are already waiting."""
    global _waiting
    copy = game.replayed()  # before counting: a copy that fails leaves the count right
    with _waiting_lock:
        if _waiting >= WARM_QUEUE:
            return None
        _waiting += 1

    def job() -> None:
        global _waiting
        with _waiting_lock:  # running now: no longer waiting
            _waiting -= 1
        warm_costs(copy, seat=seat, seed=seed)

    return _warmer.submit(job)


def choice_costs(game: Game, evaluator: Evaluator | None = None, *, seat: int = LEARNER,
                 seed: int = 0, estimates: bool = True) -> list[ChoiceCost]:
    """Each card ``seat`` played in ``game`` that cost its side points, in playing order.

    At every card of that seat with more than one legal choice, the position is set up
    again: with few cards left and no stock, every legal card is valued exactly by the
    double-dummy solver on the real deal (what best play by everyone gives from there);
    earlier, ``evaluator`` (level 4 by default) values them from what the seat could
    see then (without ``estimates``, those cards are left out). A card is marked when
    the best one was worth at least :data:`MIN_EXACT_COST` (exact) or
    :data:`MIN_ESTIMATED_COST` (estimate) points more, and named by the mistake it is
    (:func:`tute_tutor.coach.mistakes.mistake_of`, read off the seat's view then and the
    rest of the hand). A pure function of the hand (and ``seed``, for the estimates).
    """
    found: list[tuple[int, Card, Card, int, bool, SeatView]] = []
    for decision in _decisions(game, seat, seed):
        entry, exact = decision.entry, decision.exact
        assert entry.card is not None
        values: dict[int, float]
        if exact:
            values = {card: float(v)
                      for card, v in _exact_values(decision.position, seat).items()}
        elif not estimates:
            continue
        elif evaluator is None:
            values = _estimate(decision.view, decision.draw)
        else:
            rng = random.Random(decision.draw)
            values = {card.index: value for card, value in evaluator.evaluate(decision.view,
                                                                              rng)}
        best_index = max(values, key=lambda c: (values[c], -CARDS[c].points))
        cost = round(values[best_index] - values.get(entry.card.index, values[best_index]))
        floor = MIN_EXACT_COST if exact else MIN_ESTIMATED_COST
        if cost >= floor:
            found.append((entry.trick, entry.card, CARDS[best_index], cost, exact,
                          decision.view))
    rules = game.rules
    side = rules.team_of(seat)
    out = []
    for number, card, best, cost, exact, view in found:
        trick = game.tricks[number - 1] if number <= len(game.tricks) else None
        went_to = None
        given = points = 0
        if trick is not None and rules.team_of(trick.winner) != side:
            went_to, given, points = trick.winner, card.points, trick.points
        out.append(ChoiceCost(number, card, best, cost, exact, went_to, given, points,
                              mistake_of(game, view, card, best)))
    return out
