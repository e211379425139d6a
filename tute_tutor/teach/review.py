"""Mixed review sittings: questions from the lessons already done, spaced.

A sitting (:func:`pick_sitting`) mixes :data:`SITTING` items (the closing questions and
the scenario blocks) of the lessons the learner has done. Each item is scheduled like a
rule of the quiz, with FSRS (:mod:`tute_tutor.quiz.srs`) replayed from its review
history: an item answered wrong comes first, then items never reviewed or due (the
likeliest forgotten first, so those reviewed long ago before those seen yesterday),
then the rest. No lesson fills more than its share of the sitting while other lessons
have items to give, so a sitting combines earlier skills.

The history is plain JSON data (:func:`add_result`, :func:`read_history`), kept in the
learner's saved states by the page.

>>> from datetime import datetime
>>> t0 = datetime(2026, 1, 1, 9)
>>> items = [ReviewItem("a", "question", 0), ReviewItem("a", "question", 1),
...          ReviewItem("b", "question", 0)]
>>> data = add_result({}, "a/q0", False, t0)
>>> data = add_result(data, "a/q1", True, t0)
>>> history = read_history(data)
>>> [item.key for item in pick_sitting(items, history, t0, size=2, shuffle=False)]
['a/q0', 'b/q0']
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from tute_tutor.quiz.srs import RuleState, priority, replay_history
from tute_tutor.teach.lessons import Lesson

SITTING: Final = 8
"""Items in one review sitting."""

KEEP: Final = 12
"""Results kept per item (the newest): enough for FSRS to place it."""

MAX_ITEMS: Final = 2000
"""Items kept in a history at most (the ones answered most recently)."""

KINDS: Final = ("question", "block")


@dataclass(frozen=True, slots=True)
class ReviewItem:
    """A closing question (``question``) or a scenario block (``block``) of a lesson, by
    its index in the lesson."""

    lesson: str
    kind: str
    index: int

    @property
    def key(self) -> str:
        """``lesson/q2`` or ``lesson/b4``: the item's name in the history."""
        return f"{self.lesson}/{self.kind[0]}{self.index}"


def review_items(lessons: Sequence[Lesson], done: Collection[str]) -> list[ReviewItem]:
    """Every item of the lessons in ``done``, in path order: scenario blocks, then the
    closing questions."""
    items: list[ReviewItem] = []
    for lesson in lessons:
        if lesson.id not in done:
            continue
        items += [ReviewItem(lesson.id, "block", index)
                  for index, block in enumerate(lesson.blocks) if block.scenario is not None]
        items += [ReviewItem(lesson.id, "question", index)
                  for index in range(len(lesson.questions))]
    return items


def read_history(data: object) -> dict[str, list[tuple[bool, datetime]]]:
    """The history in saved-state data (``{"items": {key: [[1, iso time], ...]}}``);
    anything malformed is skipped, never raised."""
    items = data.get("items") if isinstance(data, Mapping) else None
    history: dict[str, list[tuple[bool, datetime]]] = {}
    if not isinstance(items, Mapping):
        return history
    for key, rows in items.items():
        if not isinstance(key, str) or not isinstance(rows, list):
            continue
        results = []
        for row in rows:
            if not (isinstance(row, list) and len(row) == 2 and isinstance(row[1], str)):
                continue
            try:
                at = datetime.fromisoformat(row[1])
            except ValueError:
                continue
            results.append((bool(row[0]), at.replace(tzinfo=None)))
        if results:
            history[key] = sorted(results, key=lambda result: result[1])
    return history


def add_result(data: object, key: str, correct: bool, at: datetime) -> dict[str, Any]:
    """Saved-state data with one more result for ``key`` (the newest :data:`KEEP` per
    item and :data:`MAX_ITEMS` items are kept)."""
    history = read_history(data)
    history[key] = [*history.get(key, []), (correct, at.replace(tzinfo=None))][-KEEP:]
    newest = sorted(history, key=lambda name: history[name][-1][1])[-MAX_ITEMS:]
    return {"items": {name: [[int(right), moment.isoformat()]
                             for right, moment in history[name]] for name in newest}}


def item_states(history: Mapping[str, Sequence[tuple[bool, datetime]]]
                ) -> dict[str, RuleState]:
    """Each reviewed item's FSRS state, replayed from its results."""
    results = sorted(((key, right, at) for key, rows in history.items() for right, at in rows),
                     key=lambda row: row[2])
    return replay_history(results)


def pick_sitting(items: Sequence[ReviewItem],
                 history: Mapping[str, Sequence[tuple[bool, datetime]]], now: datetime,
                 rng: random.Random | None = None, *, size: int = SITTING,
                 shuffle: bool = True) -> list[ReviewItem]:
    """The ``size`` items to review now: missed first, then due or never reviewed (the
    likeliest forgotten first), at most an even share per lesson while others have items
    left; shuffled unless ``shuffle`` is false (then in that order)."""
    rng = rng or random.Random(0)
    states = item_states(history)
    order = list(items)
    rng.shuffle(order)  # equal priorities in random order
    order.sort(key=lambda item: priority(states.get(item.key), now))
    lessons = {item.lesson for item in order}
    share = math.ceil(size / len(lessons)) if lessons else size
    chosen: list[ReviewItem] = []
    taken: dict[str, int] = {}
    for item in order:
        if len(chosen) < size and taken.get(item.lesson, 0) < share:
            chosen.append(item)
            taken[item.lesson] = taken.get(item.lesson, 0) + 1
    for item in order:  # fewer lessons than the share needs: fill up
        if len(chosen) < size and item not in chosen:
            chosen.append(item)
    if shuffle:
        rng.shuffle(chosen)
    return chosen


def due_count(states: Mapping[str, RuleState], now: datetime) -> int:
    """How many of the quiz's rules FSRS wants asked again at ``now``."""
    return sum(1 for state in states.values() if state.is_due(now))


__all__ = ["KEEP", "SITTING", "ReviewItem", "add_result", "due_count", "item_states",
           "pick_sitting", "read_history", "review_items"]
