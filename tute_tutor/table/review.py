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

from collections.abc import Callable
from dataclasses import dataclass

import pandas as pd
import plotly.graph_objects as go

from tute_tutor.engine.cards import Card, suit_name
from tute_tutor.engine.game import Game, HandResult
from tute_tutor.table.controller import LEARNER, outcome_text, seat_name, side_name
from tute_tutor.words.catalog import t

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
        last = t("review.last_trick", lang, side=sides[result.last_trick],
                 name=seat_name(game.tricks[-1].winner, lang))
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
