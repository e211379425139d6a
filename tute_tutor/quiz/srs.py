"""Spaced repetition per rule, with the Leitner box system.

Why Leitner and not SM-2: a quiz answer here is right or wrong, nothing in between.
SM-2 (SuperMemo 2) schedules from a 0-5 quality grade and an ease factor per item;
with only two grades its ease factor just drifts. Sebastian Leitner's cardboard-box
scheme (1972) is built for right/wrong answers, is well studied, and is easy to show a
learner ("montar: box 3 of 5").

How it works: every rule (an obligation code such as ``montar`` or a topic such as
``cante_split``) sits in one of :data:`BOXES` boxes. A right answer moves it up one
box, a wrong one sends it back to box 1. A rule in box ``n`` is due again
``INTERVALS[n]`` after its last answer: box 1 at once, then 10 minutes, 1 day,
3 days and 7 days, so a missed rule comes back within the same session and a mastered
one only once a week.

Choosing the next rule (:func:`next_rule`): due rules before rules not due yet; among
them the lower box first (weak rules come back sooner), rules never asked sitting
between box 1 and box 2; then the one waiting longest. The rule just asked is not
asked twice in a row when there is any other choice, so a missed rule returns after
one other question.

The state is never stored: it is replayed from the answer history
(:func:`replay_history`), so the database keeps only facts and the scheme can change.

>>> from datetime import datetime, timedelta
>>> t0 = datetime(2026, 1, 1, 9)
>>> states = replay_history([("montar", True, t0), ("pisar", False, t0)])
>>> states["montar"].box, states["pisar"].box
(2, 1)
>>> next_rule(states, ["montar", "pisar"], t0 + timedelta(minutes=1))
'pisar'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, Final, Protocol

BOXES: Final = 5
INTERVALS: Final = {
    1: timedelta(0),
    2: timedelta(minutes=10),
    3: timedelta(days=1),
    4: timedelta(days=3),
    5: timedelta(days=7),
}
"""How long after its last answer a rule in each box is due again."""
_UNSEEN_RANK: Final = 1.5


@dataclass(frozen=True, slots=True)
class RuleState:
    """Where one rule stands: its box, when it is due, and its answer counts."""

    rule: str
    box: int
    due: datetime
    last: datetime
    answers: int
    correct: int

    @property
    def mastery(self) -> float:
        """0.0 (box 1) to 1.0 (top box)."""
        return (self.box - 1) / (BOXES - 1)

    @property
    def accuracy(self) -> float:
        """Share of right answers, 0.0 before any answer."""
        return self.correct / self.answers if self.answers else 0.0

    def is_due(self, now: datetime) -> bool:
        """Whether the rule should be asked again at ``now``."""
        return self.due <= now


class AnswerLike(Protocol):
    """Anything with the three facts the scheduler needs (a stored answer)."""

    @property
    def rule(self) -> str: ...

    @property
    def correct(self) -> bool: ...

    @property
    def at(self) -> datetime: ...


def review(state: RuleState | None, rule: str, correct: bool, at: datetime) -> RuleState:
    """The state of ``rule`` after one answer given at ``at``.

    >>> from datetime import datetime
    >>> s = review(None, "fallar", True, datetime(2026, 1, 1))
    >>> s.box, s.due
    (2, datetime.datetime(2026, 1, 1, 0, 10))
    >>> review(s, "fallar", False, datetime(2026, 1, 2)).box
    1
    """
    if state is None:
        state = RuleState(rule, 1, at, at, 0, 0)
    box = min(BOXES, state.box + 1) if correct else 1
    return replace(state, box=box, due=at + INTERVALS[box], last=at,
                   answers=state.answers + 1, correct=state.correct + int(correct))


def replay_history(answers: Iterable[AnswerLike | tuple[str, bool, datetime]]
                   ) -> dict[str, RuleState]:
    """Every rule's state after the answers, oldest first."""
    states: dict[str, RuleState] = {}
    for answer in answers:
        if isinstance(answer, tuple):
            rule, correct, at = answer
        else:
            rule, correct, at = answer.rule, answer.correct, answer.at
        states[rule] = review(states.get(rule), rule, correct, at)
    return states


def priority(state: RuleState | None, now: datetime) -> tuple[int, float, datetime]:
    """Sort key of a rule: due first, then low box (unseen between 1 and 2), then oldest."""
    if state is None:
        return (0, _UNSEEN_RANK, datetime.min)
    return (0 if state.is_due(now) else 1, float(state.box), state.due)


def next_rule(states: dict[str, RuleState], candidates: Sequence[str], now: datetime,
              rng: random.Random | None = None, *, last: str | None = None) -> str:
    """The rule to ask next among ``candidates`` (ties broken by ``rng``)."""
    if not candidates:
        raise ValueError("next_rule needs at least one candidate rule")
    pool = [r for r in candidates if r != last] or list(candidates)
    rng = rng or random.Random(0)
    order = list(pool)
    rng.shuffle(order)  # equal priorities come out in random order
    return min(order, key=lambda r: priority(states.get(r), now))


def rule_mastery(answers: Iterable[AnswerLike | tuple[str, bool, datetime]]
                 ) -> list[dict[str, Any]]:
    """One row per rule asked: Leitner box, mastery (0-100), answers and accuracy, the
    weakest first (the progress page's table and chart).

    >>> t0 = datetime(2026, 1, 1, 9)
    >>> [(r["rule"], r["box"]) for r in rule_mastery([("montar", True, t0), ("pisar", False, t0)])]
    [('pisar', 1), ('montar', 2)]
    """
    states = replay_history(answers)
    rows = [{"rule": s.rule, "box": s.box, "mastery": round(100 * s.mastery),
             "answers": s.answers, "accuracy": round(100 * s.accuracy, 1)}
            for s in states.values()]
    return sorted(rows, key=lambda r: (r["mastery"], r["accuracy"], r["rule"]))


def mastery(states: dict[str, RuleState], rules: Iterable[str]) -> dict[str, float]:
    """Mastery 0..1 of each of ``rules`` (0 for a rule never asked)."""
    return {r: states[r].mastery if r in states else 0.0 for r in rules}


def streaks(results: Iterable[bool]) -> tuple[int, int]:
    """(current, best) runs of right answers in a sequence of results.

    >>> streaks([True, True, False, True])
    (1, 2)
    """
    current = best = 0
    for correct in results:
        current = current + 1 if correct else 0
        best = max(best, current)
    return current, best
