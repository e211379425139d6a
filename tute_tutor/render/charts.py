"""Progress charts (plotly) from the rows of the progress tables.

Pure functions: rows in, a ``go.Figure`` out, drawn by nobody here (the progress page
shows them). Day axes are calendar days named by Babel in the page's language, counts
are whole numbers, legends sit below the chart. Every word on a chart comes from the
caller's ``text`` function, so this module reads no catalogue. Charts are built with
``plotly.graph_objects``, which is much faster than plotly express on every rerun.

>>> fig = lessons_figure([{"date": "2026-01-01", "total": 1, "lessons": "baraja"}],
...                      lambda key, **values: key)
>>> fig.layout.title.text, list(fig.data[0].y)
('lessons_title', [1])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

Rows = Sequence[Mapping[str, Any]]
"""Rows of a progress table, one dict per day, answer, lesson or rule."""

_DAY_MS = 86_400_000
"""One day in milliseconds, plotly's unit on a date axis."""

Label = Callable[[str], str]
Text = Callable[..., str]
"""``text(key, **values)``: the caller's translation of a chart word."""


def _layout(fig: Any, title: str, x_title: str, y_title: str) -> Any:
    # The legend sits under the x axis title, in a margin kept for it: never over the
    # chart's title or its axes.
    fig.update_layout(title={"text": title, "x": 0, "xanchor": "left", "y": 0.97},
                      xaxis_title=x_title, yaxis_title=y_title,
                      margin={"l": 50, "r": 20, "t": 50, "b": 110}, height=380,
                      template="plotly_white",
                      legend={"orientation": "h", "y": -0.32, "yanchor": "top", "x": 0})
    return fig


def _count_axis(values: Sequence[float]) -> dict[str, Any]:
    """A y axis of whole numbers from 0 (no "0.5 answers")."""
    top = max([0, *values])
    axis: dict[str, Any] = {"rangemode": "tozero", "tickformat": "d"}
    if top <= 10:
        axis.update(dtick=1, range=[0, max(1, top) + 0.5])
    return axis


def _date_axis(days: Sequence[str], lang: str) -> dict[str, Any]:
    """An x axis of calendar days, named in ``lang`` with Babel ("1 dic" / "Dec 1").

    Plotly alone draws one day as a span of milliseconds ("23:59:59.9996") and writes
    month names in English; here the range is padded by half a day on each side, and
    the ticks are the days themselves (at most about eight of them), named by Babel.
    """
    from datetime import date, timedelta

    from babel.dates import format_date

    parsed = sorted({date.fromisoformat(day) for day in days})
    if not parsed:
        return {"type": "date"}
    first, last = parsed[0], parsed[-1]
    span = (last - first).days + 1
    step = max(1, -(-span // 8))
    ticks = [first + timedelta(days=i) for i in range(0, span, step)]
    return {
        "type": "date",
        "range": [f"{first - timedelta(days=1)}T12:00", f"{last}T12:00"],
        "tickvals": [tick.isoformat() for tick in ticks],
        "ticktext": [format_date(tick, "d MMM", locale=lang) for tick in ticks],
    }


def accuracy_figure(rows: Rows, text: Text, lang: str = "es") -> Any:
    """Answers per day (bars) and accuracy per day (line, right axis).

    ``rows`` are :func:`tute_tutor.store.stats.daily_accuracy`'s.
    """
    import plotly.graph_objects as go

    fig = go.Figure()
    # Bars (answers, left axis) under the line (accuracy, right axis): an overlaying
    # axis is drawn on top, so the line goes there to stay visible.
    fig.add_trace(go.Bar(x=[r["date"] for r in rows], y=[r["answers"] for r in rows],
                         name=text("answers"), marker_color="#c6dbef", opacity=0.8,
                         width=[_DAY_MS * 0.6] * len(rows)))  # a day's width, even alone
    fig.add_trace(go.Scatter(x=[r["date"] for r in rows], y=[r["accuracy"] for r in rows],
                             name=text("accuracy"), mode="lines+markers", yaxis="y2",
                             line={"color": "#08519c", "width": 3}))
    _layout(fig, text("accuracy_title"), text("date"), text("answers"))
    fig.update_layout(yaxis2={"overlaying": "y", "side": "right", "showgrid": False,
                              "range": [0, 105], "tickvals": [0, 25, 50, 75, 100],
                              "title": text("accuracy_axis")},
                      xaxis=_date_axis([r["date"] for r in rows], lang),
                      yaxis=_count_axis([r["answers"] for r in rows]),
                      margin={"l": 50, "r": 60, "t": 50, "b": 110})
    return fig


def mastery_figure(rows: Rows, text: Text, rule_name: Label, boxes: int) -> Any:
    """Mastery per rule (horizontal bars, weakest at the top).

    ``rows`` are :func:`tute_tutor.quiz.srs.rule_mastery`'s, ``boxes`` the number of
    boxes of the spaced repetition.
    """
    import plotly.graph_objects as go

    colours = ["#d7301f", "#fc8d59", "#fdcc8a", "#a1d99b", "#31a354"]
    fig = go.Figure(go.Bar(
        x=[r["mastery"] for r in rows], y=[rule_name(r["rule"]) for r in rows],
        orientation="h", cliponaxis=False, marker_color=[colours[r["box"] - 1] for r in rows],
        text=[text("box", box=r["box"], boxes=boxes) for r in rows], textposition="outside",
        customdata=[[r["answers"], r["accuracy"]] for r in rows],
        hovertemplate="%{y}: %{x}% · %{customdata[0]} · %{customdata[1]}%<extra></extra>"))
    _layout(fig, text("mastery_title"), text("mastery_axis"), "")
    fig.update_layout(xaxis={"range": [0, 100], "tickvals": [0, 25, 50, 75, 100]},
                      margin={"l": 40, "r": 70, "t": 50, "b": 90},
                      height=max(300, 140 + 28 * len(rows)),
                      yaxis={"autorange": "reversed"})
    return fig


def lessons_figure(rows: Rows, text: Text, lang: str = "es") -> Any:
    """Lessons done over time (cumulative line with the day's lessons on hover).

    ``rows`` are :func:`tute_tutor.store.stats.lessons_series`'s.
    """
    import plotly.graph_objects as go

    fig = go.Figure(go.Scatter(
        x=[r["date"] for r in rows], y=[r["total"] for r in rows], mode="lines+markers",
        line={"shape": "hv", "color": "#6a51a3", "width": 3}, name=text("lessons"),
        customdata=[r["lessons"] for r in rows],
        hovertemplate="%{x}: %{y} · %{customdata}<extra></extra>"))
    _layout(fig, text("lessons_title"), text("date"), text("lessons"))
    fig.update_layout(xaxis=_date_axis([r["date"] for r in rows], lang),
                      yaxis=_count_axis([r["total"] for r in rows]), showlegend=False)
    return fig


def streak_figure(rows: Rows, text: Text) -> Any:
    """The running streak answer after answer, with the best streak so far.

    ``rows`` are :func:`tute_tutor.store.stats.streak_series`'s.
    """
    import plotly.graph_objects as go

    x = [r["answer"] for r in rows]
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=x, y=[r["streak"] for r in rows], name=text("streak"),
                             mode="lines", line={"color": "#e6550d", "width": 2},
                             fill="tozeroy"))
    fig.add_trace(go.Scatter(x=x, y=[r["best"] for r in rows], name=text("best_streak"),
                             mode="lines", line={"color": "#636363", "dash": "dot"}))
    _layout(fig, text("streak_title"), text("answer_number"), text("streak"))
    fig.update_layout(xaxis={"tickformat": "d", "dtick": 1 if len(x) <= 10 else None,
                             "range": [0.5, max(1, len(x)) + 0.5]},
                      yaxis=_count_axis([r["best"] for r in rows]))
    return fig


def answers_figure(labels: Sequence[str], counts: Sequence[int], right: Sequence[bool],
                   text: Text) -> Any:
    """A live class's answers to one question: a bar per option with its count, the
    right option(s) in green (labels and words come from the caller)."""
    import plotly.graph_objects as go

    fig = go.Figure(go.Bar(x=list(labels), y=list(counts), text=[str(c) for c in counts],
                           textposition="outside",
                           marker_color=["#2ca25f" if r else "#bdbdbd" for r in right]))
    _layout(fig, text("answers_title"), "", text("answers_axis"))
    fig.update_layout(height=420, yaxis={"rangemode": "tozero", "dtick": 1})
    return fig


def weak_spots_figure(rows: Rows, text: Text, rule_name: Label) -> Any:
    """Per rule, the share of the class's answers that were wrong (most missed on top).

    ``rows`` have ``rule``, ``asked`` and ``missed`` (tute_tutor.live.classroom.weak_spots).
    """
    import plotly.graph_objects as go

    ordered = list(reversed(rows))
    fig = go.Figure(go.Bar(
        x=[round(100 * r["missed"] / r["asked"]) if r["asked"] else 0 for r in ordered],
        y=[rule_name(r["rule"]) for r in ordered], orientation="h",
        text=[f"{r['missed']}/{r['asked']}" for r in ordered], textposition="auto",
        marker_color="#de2d26"))
    _layout(fig, text("weak_title"), text("weak_axis"), "")
    fig.update_layout(xaxis={"range": [0, 100]})
    return fig
