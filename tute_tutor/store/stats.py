"""Progress figures from a profile's history: tables (pandas) and charts (plotly).

Pure functions of the stored rows: no Streamlit here, so the progress page only
caches and draws what these return. Charts are built with ``plotly.graph_objects``
(``go.Figure``), which is much faster than plotly express on every rerun.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tute_tutor.quiz.srs import BOXES, replay_history, streaks
from tute_tutor.store.db import Answer, HandPlayed, LessonDone


@dataclass(frozen=True, slots=True)
class Summary:
    """Headline numbers of a profile."""

    answers: int
    correct: int
    current_streak: int
    best_streak: int
    lessons: int
    hands: int
    hands_won: int

    @property
    def accuracy(self) -> float:
        """Share of right answers, 0.0 before any answer."""
        return self.correct / self.answers if self.answers else 0.0


def summary(answers: Sequence[Answer], lessons: Sequence[LessonDone],
            hands: Sequence[HandPlayed]) -> Summary:
    """Counts, accuracy and streaks of a history."""
    current, best = streaks(a.correct for a in answers)
    return Summary(len(answers), sum(a.correct for a in answers), current, best,
                   len(lessons), len(hands), sum(h.won for h in hands))


def daily_accuracy(answers: Sequence[Answer]) -> list[dict[str, Any]]:
    """One row per day with answers: date, answers, right answers, accuracy (0-100)."""
    days: dict[str, list[int]] = {}
    for a in answers:
        day = a.at.date().isoformat()
        counts = days.setdefault(day, [0, 0])
        counts[0] += 1
        counts[1] += int(a.correct)
    return [{"date": day, "answers": n, "correct": ok, "accuracy": round(100 * ok / n, 1)}
            for day, (n, ok) in sorted(days.items())]


def rule_mastery(answers: Sequence[Answer]) -> list[dict[str, Any]]:
    """One row per rule asked: Leitner box, mastery (0-100), answers and accuracy."""
    states = replay_history(answers)
    rows = [{"rule": s.rule, "box": s.box, "mastery": round(100 * s.mastery),
             "answers": s.answers, "accuracy": round(100 * s.accuracy, 1)}
            for s in states.values()]
    return sorted(rows, key=lambda r: (r["mastery"], r["accuracy"], r["rule"]))


def streak_series(answers: Sequence[Answer]) -> list[dict[str, Any]]:
    """The running streak after each answer, and the best one so far."""
    rows = []
    current = best = 0
    for number, a in enumerate(answers, 1):
        current = current + 1 if a.correct else 0
        best = max(best, current)
        rows.append({"answer": number, "at": a.at.isoformat(), "streak": current,
                     "best": best})
    return rows


def lessons_series(lessons: Sequence[LessonDone]) -> list[dict[str, Any]]:
    """Lessons done, cumulated by day."""
    per_day: dict[str, list[str]] = {}
    for lesson in lessons:
        per_day.setdefault(lesson.at.date().isoformat(), []).append(lesson.lesson_id)
    total = 0
    rows = []
    for day, ids in sorted(per_day.items()):
        total += len(ids)
        rows.append({"date": day, "done": len(ids), "total": total, "lessons": ", ".join(ids)})
    return rows


# --------------------------------------------------------------------------- figures
Label = Callable[[str], str]
Text = Callable[..., str]
"""``text(key, **values)``: the caller's translation of a chart word."""


def _layout(fig: Any, title: str, x_title: str, y_title: str) -> Any:
    fig.update_layout(title=title, xaxis_title=x_title, yaxis_title=y_title,
                      margin={"l": 40, "r": 20, "t": 50, "b": 90}, height=360,
                      template="plotly_white",
                      legend={"orientation": "h", "y": -0.38, "x": 0})
    return fig


def accuracy_figure(answers: Sequence[Answer], text: Text) -> Any:
    """Answers per day (bars) and accuracy per day (line, right axis)."""
    import plotly.graph_objects as go

    rows = daily_accuracy(answers)
    fig = go.Figure()
    # Bars (answers, left axis) under the line (accuracy, right axis): an overlaying
    # axis is drawn on top, so the line goes there to stay visible.
    fig.add_trace(go.Bar(x=[r["date"] for r in rows], y=[r["answers"] for r in rows],
                         name=text("answers"), marker_color="#c6dbef", opacity=0.8))
    fig.add_trace(go.Scatter(x=[r["date"] for r in rows], y=[r["accuracy"] for r in rows],
                             name=text("accuracy"), mode="lines+markers", yaxis="y2",
                             line={"color": "#08519c", "width": 3}))
    _layout(fig, text("accuracy_title"), text("date"), text("answers"))
    fig.update_layout(yaxis2={"overlaying": "y", "side": "right", "showgrid": False,
                              "range": [0, 105], "tickvals": [0, 25, 50, 75, 100],
                              "title": text("accuracy_axis")})
    return fig


def mastery_figure(answers: Sequence[Answer], text: Text, rule_name: Label) -> Any:
    """Mastery per rule (horizontal bars, weakest at the top)."""
    import plotly.graph_objects as go

    rows = rule_mastery(answers)
    colours = ["#d7301f", "#fc8d59", "#fdcc8a", "#a1d99b", "#31a354"]
    fig = go.Figure(go.Bar(
        x=[r["mastery"] for r in rows], y=[rule_name(r["rule"]) for r in rows],
        orientation="h", cliponaxis=False, marker_color=[colours[r["box"] - 1] for r in rows],
        text=[text("box", box=r["box"], boxes=BOXES) for r in rows], textposition="outside",
        customdata=[[r["answers"], r["accuracy"]] for r in rows],
        hovertemplate="%{y}: %{x}% · %{customdata[0]} · %{customdata[1]}%<extra></extra>"))
    _layout(fig, text("mastery_title"), text("mastery_axis"), "")
    fig.update_layout(xaxis={"range": [0, 100], "tickvals": [0, 25, 50, 75, 100]},
                      margin={"l": 40, "r": 70, "t": 50, "b": 90},
                      height=max(300, 140 + 28 * len(rows)),
                      yaxis={"autorange": "reversed"})
    return fig


def lessons_figure(lessons: Sequence[LessonDone], text: Text) -> Any:
    """Lessons done over time (cumulative line with the day's lessons on hover)."""
    import plotly.graph_objects as go

    rows = lessons_series(lessons)
    fig = go.Figure(go.Scatter(
        x=[r["date"] for r in rows], y=[r["total"] for r in rows], mode="lines+markers",
        line={"shape": "hv", "color": "#6a51a3", "width": 3}, name=text("lessons"),
        customdata=[r["lessons"] for r in rows],
        hovertemplate="%{x}: %{y} · %{customdata}<extra></extra>"))
    _layout(fig, text("lessons_title"), text("date"), text("lessons"))
    return fig


def streak_figure(answers: Sequence[Answer], text: Text) -> Any:
    """The running streak answer after answer, with the best streak so far."""
    import plotly.graph_objects as go

    rows = streak_series(answers)
    x = [r["answer"] for r in rows]
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=x, y=[r["streak"] for r in rows], name=text("streak"),
                             mode="lines", line={"color": "#e6550d", "width": 2},
                             fill="tozeroy"))
    fig.add_trace(go.Scatter(x=x, y=[r["best"] for r in rows], name=text("best_streak"),
                             mode="lines", line={"color": "#636363", "dash": "dot"}))
    _layout(fig, text("streak_title"), text("answer_number"), text("streak"))
    return fig
