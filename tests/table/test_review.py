"""The end-of-hand review agrees with the engine's replay of the hand's record."""

from __future__ import annotations

import itertools
import json
import random

import plotly.graph_objects as go
import pytest

from tests.table.helpers import play_hand
from tute_tutor.engine.game import PlayEvent
from tute_tutor.formats.record import replay
from tute_tutor.table.controller import Table, TableConfig, seat_name
from tute_tutor.table.review import hand_review, running_points, totals_frame, tricks_table


@pytest.mark.parametrize("ruleset", ["clasico", "ludoteka", "a-tres", "a-dos"])
def test_review_totals_match_the_replay_of_the_record(ruleset: str) -> None:
    for seed in range(5):
        table = Table(TableConfig(ruleset, seed=seed))
        play_hand(table, random.Random(seed))
        record = json.loads(json.dumps(table.record()))  # as downloaded
        summary = replay(record)
        review = hand_review(table.game, "es")
        assert list(review.totals) == summary["totals"]
        assert review.winner == summary["winner"]
        assert list(review.card_points) == summary["card_points"]
        assert list(review.cante_points) == summary["cante_points"]
        assert len(review.tricks) == len(summary["tricks"])
        assert len(review.cantes) == len(summary["cantes"])
        points_column = review.tricks["Puntos"].tolist()
        for row_points, trick in zip(points_column, summary["tricks"], strict=True):
            assert row_points in (trick["points"], trick["points"] + 10)
        if summary["last_trick"] is not None:
            assert sum(points_column) == sum(t["points"] for t in summary["tricks"]) + 10
        frame = totals_frame(review, "es")
        assert frame["Total"].tolist() == summary["totals"]
        if table.game.renuncio is None:  # a renuncio's totals are the cards and cantes so far
            parts = frame["Puntos de cartas"] + frame["Cantes"] + frame["Diez de últimas"]
            assert parts.tolist() == summary["totals"]
        assert frame["Diez de últimas"].sum() == (0 if summary["last_trick"] is None else 10)


def test_points_chart_ends_at_each_sides_total_and_marks_cantes() -> None:
    cantes_seen = 0
    for seed in range(8):
        table = Table(TableConfig("clasico", seed=seed))
        play_hand(table, random.Random(seed))
        figure = hand_review(table.game, "en").figure
        assert isinstance(figure, go.Figure)
        assert len(figure.data) == 2
        totals = replay(table.record())["totals"]
        assert [trace.y[-1] for trace in figure.data] == totals
        assert [trace.y[0] for trace in figure.data] == [0, 0]
        for trace in figure.data:
            assert list(trace.y) == sorted(trace.y)  # points only ever go up
            assert len(trace.x) == len(table.game.tricks) + 1
        notes = [a.text for a in figure.layout.annotations]
        game = table.game
        assert notes.count("+10 últimas") == (1 if game.tute is None else 0)
        assert sorted(n for n in notes if "cante" in n) == \
            sorted(f"+{c.points} cante" for c in game.cantes)
        cantes_seen += len(game.cantes)
    assert cantes_seen > 0


def test_running_points_add_up_cards_cantes_and_last_trick() -> None:
    for seed in range(10):
        table = Table(TableConfig("clasico", seed=seed))
        play_hand(table, random.Random(seed))
        steps = running_points(table.game)
        result = table.game.result()
        assert steps[-1] == result.totals
        game = table.game
        for number, (before, after) in enumerate(itertools.pairwise(steps), 1):
            trick = game.tricks[number - 1]
            sung = sum(c.points for c in game.cantes if c.after_trick == number)
            extra = 10 if number == len(game.tricks) and game.tute is None else 0
            assert sum(after) - sum(before) == trick.points + sung + extra


def test_trick_table_shows_each_seats_card_and_the_winner() -> None:
    table = Table(TableConfig("a-tres", seed=3))
    play_hand(table, random.Random(3))
    frame = tricks_table(table.game, "es")
    plays = [e for e in table.game.events if isinstance(e, PlayEvent)]
    assert len(frame) == len(table.game.tricks)
    for seat in range(3):
        column = frame[seat_name(seat, "es")].tolist()
        assert column == [e.card.name("es") for e in plays if e.seat == seat]
    winners = frame["Gana"].tolist()
    for text, trick in zip(winners, table.game.tricks, strict=True):
        assert text.startswith(seat_name(trick.winner, "es"))


def test_review_names_the_winner_and_the_diez_de_ultimas() -> None:
    table = Table(TableConfig("clasico", seed=1))
    play_hand(table, random.Random(1), declare=0)
    review = hand_review(table.game, "es")
    result = table.game.result()
    if result.reason in ("points", "tie_last_trick"):
        assert "últimas" in review.last_trick
        assert str(result.totals[result.winner]) in review.outcome
    assert review.learner_won == (result.winner == 0)
    english = hand_review(table.game, "en")
    assert english.outcome != review.outcome
    assert "Trick" in english.tricks.columns
