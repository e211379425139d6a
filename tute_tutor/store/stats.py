"""Progress tables from a profile's history: headline numbers and one row per day, per
answer or per lesson.

Pure functions of the stored rows: no Streamlit here, so the progress page only caches
and draws what these return. The rule-by-rule mastery is the spaced repetition's
(:func:`tute_tutor.quiz.srs.rule_mastery`), the charts are drawn by
:mod:`tute_tutor.render.charts`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tute_tutor.quiz.srs import streaks
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
