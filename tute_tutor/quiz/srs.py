"""Spaced repetition per rule with FSRS, the scheduler Anki uses, and the quiz mix.

Every rule (an obligation code such as ``montar`` or a topic such as ``cante_split``) is
one FSRS card. FSRS (Free Spaced Repetition Scheduler, the ``fsrs`` package) keeps for
each card a *stability* (how many days until the chance of recalling it falls to 90%)
and a *difficulty*, fitted on hundreds of millions of real reviews, and from them the
chance of recall at any moment (its *retrievability*). A right answer is rated Good, a
wrong one Again: a missed rule relearns (it comes back after a minute), a rule answered
right waits longer each time, as long as the model says it is still remembered.

The state is never stored: it is replayed from each learner's answer history
(:func:`replay_history`), so the database keeps only facts and the model can change.

What to ask next (:func:`next_question`): each kind of question is drawn with a weight
equal to how much its rules need practice (the mean chance of forgetting them now, a
rule or a kind never asked counting as forgotten), so every kind shows up and weak ones more
often; then, among the rules that kind trains, a missed rule first, then due rules, the
likeliest to be forgotten first. The rule just asked steps aside, the kind just asked counts half.

For the learner the stability is shown as one of :data:`BOXES` steps ("montar: step 3
of 5", :data:`STEP_DAYS`): a picture of the model, never what schedules.

>>> from datetime import datetime, timedelta
>>> t0 = datetime(2026, 1, 1, 9)
>>> states = replay_history([("montar", True, t0), ("pisar", False, t0)])
>>> states["montar"].box > states["pisar"].box
True
>>> next_rule(states, ["montar", "pisar"], t0 + timedelta(minutes=2))
'pisar'
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Final, Protocol

from fsrs import Card, Rating, Scheduler, State

BOXES: Final = 5
STEP_DAYS: Final = (1.0, 4.0, 10.0, 30.0)
"""Stability (days) at which a rule reaches steps 2, 3, 4 and 5 of the display."""

SCHEDULER: Final = Scheduler(enable_fuzzing=False, learning_steps=(timedelta(minutes=1),),
                             relearning_steps=(timedelta(minutes=1),))
"""FSRS with its published default weights, 90% desired retention and no random fuzz
(the same history always gives the same schedule). One learning step of a minute: a
right answer hands the rule to the model at once, a missed one brings it back a minute
later, within the same session."""
_UNSEEN_NEED: Final = 1.0
_KIND_FLOOR: Final = 0.05
"""Even a kind whose every rule is well remembered keeps a small chance of coming up."""


def _aware(moment: datetime) -> datetime:
    """FSRS wants UTC-aware times; the store keeps naive UTC ones."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _naive(moment: datetime) -> datetime:
    return moment.astimezone(UTC).replace(tzinfo=None)


@dataclass(frozen=True, slots=True)
class RuleState:
    """Where one rule stands: its FSRS card, when it is due, and its answer counts."""

    rule: str
    card: Card
    last: datetime
    answers: int
    correct: int

    @property
    def due(self) -> datetime:
        """When FSRS wants the rule asked again (naive UTC, like the store's times)."""
        return _naive(self.card.due)

    @property
    def stability(self) -> float:
        """FSRS stability in days: until the chance of recall falls to 90%."""
        return float(self.card.stability or 0.0)

    @property
    def box(self) -> int:
        """The display step, 1 to :data:`BOXES`, from the stability."""
        return 1 + sum(1 for days in STEP_DAYS if self.stability >= days)

    @property
    def mastery(self) -> float:
        """0.0 (step 1) to 1.0 (top step)."""
        return (self.box - 1) / (BOXES - 1)

    @property
    def accuracy(self) -> float:
        """Share of right answers, 0.0 before any answer."""
        return self.correct / self.answers if self.answers else 0.0

    def recall(self, now: datetime) -> float:
        """FSRS's chance (0..1) that the learner still knows the rule at ``now``."""
        return float(SCHEDULER.get_card_retrievability(self.card, _aware(now)))

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
    """The state of ``rule`` after one answer given at ``at`` (right = Good, wrong = Again).

    >>> from datetime import datetime
    >>> s = review(None, "fallar", True, datetime(2026, 1, 1))
    >>> s.due > datetime(2026, 1, 2), s.answers
    (True, 1)
    >>> review(s, "fallar", False, datetime(2026, 1, 2)).box
    1
    """
    card = state.card if state is not None else Card(card_id=1)
    rating = Rating.Good if correct else Rating.Again
    moment = _aware(at)
    if card.last_review is not None and moment < card.last_review:
        moment = card.last_review  # answers stored out of order never go back in time
    card, _ = SCHEDULER.review_card(card, rating, moment)
    answers = state.answers if state is not None else 0
    right = state.correct if state is not None else 0
    return RuleState(rule, card, at, answers + 1, right + int(correct))


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


def need(state: RuleState | None, now: datetime) -> float:
    """How much a rule needs practice at ``now``: the chance it is forgotten (1 for a rule
    never asked or just missed)."""
    if state is None or state.card.state in (State.Learning, State.Relearning):
        return _UNSEEN_NEED
    return 1.0 - state.recall(now)


def priority(state: RuleState | None, now: datetime) -> tuple[int, float]:
    """Sort key of a rule: a missed rule being relearned first (as in Anki), then due or
    never asked rules, the likeliest forgotten first."""
    if state is None:
        return (0, -_UNSEEN_NEED)
    if state.card.state in (State.Learning, State.Relearning):
        return (0, -2 * _UNSEEN_NEED)  # ahead of a new rule
    return (0 if state.is_due(now) else 1, -need(state, now))


def next_rule(states: Mapping[str, RuleState], candidates: Sequence[str], now: datetime,
              rng: random.Random | None = None, *, last: str | None = None) -> str:
    """The rule to ask next among ``candidates`` (ties broken by ``rng``)."""
    if not candidates:
        raise ValueError("next_rule needs at least one candidate rule")
    pool = [r for r in candidates if r != last] or list(candidates)
    rng = rng or random.Random(0)
    order = list(pool)
    rng.shuffle(order)  # equal priorities come out in random order
    return min(order, key=lambda r: priority(states.get(r), now))


def kind_weights(states: Mapping[str, RuleState], trained: Mapping[str, Sequence[str]],
                 now: datetime, asked: Collection[str] | None = None) -> dict[str, float]:
    """Each kind's weight in the mix: the mean need of the rules it trains; a kind not in
    ``asked`` (the kinds the learner has answered) weighs as much as a new rule, even when
    other kinds have trained its rules.

    >>> from datetime import datetime
    >>> t0 = datetime(2026, 1, 1)
    >>> states = replay_history([("cante", True, t0)] * 3)
    >>> w = kind_weights(states, {"cante": ["cante"], "legal": ["montar"]}, t0)
    >>> w["legal"] > w["cante"]
    True
    """
    weights = {}
    for kind, rules in trained.items():
        if not rules:
            continue
        if asked is not None and kind not in asked:
            weights[kind] = _UNSEEN_NEED
            continue
        mean = sum(need(states.get(r), now) for r in rules) / len(rules)
        weights[kind] = max(_KIND_FLOOR, mean)
    return weights


def next_question(states: Mapping[str, RuleState], trained: Mapping[str, Sequence[str]],
                  now: datetime, rng: random.Random, *, asked: Collection[str] | None = None,
                  last_kind: str | None = None, last_rule: str | None = None
                  ) -> tuple[str, str]:
    """The ``(kind, rule)`` to ask next; ``trained`` maps each kind to the rules it trains.

    The kind is drawn in proportion to :func:`kind_weights` (the kind just asked at half
    its weight when there is another); the rule is the kind's :func:`next_rule`.
    """
    weights = kind_weights(states, trained, now, asked)
    if not weights:
        raise ValueError("next_question needs a kind that trains at least one rule")
    if last_kind in weights and len(weights) > 1:
        weights[last_kind] /= 2
    kinds = sorted(weights)
    kind = rng.choices(kinds, weights=[weights[k] for k in kinds])[0]
    return kind, next_rule(states, trained[kind], now, rng, last=last_rule)


def rule_mastery(answers: Iterable[AnswerLike | tuple[str, bool, datetime]]
                 ) -> list[dict[str, Any]]:
    """One row per rule asked: display step, mastery (0-100), answers and accuracy, the
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


def mastery(states: Mapping[str, RuleState], rules: Iterable[str]) -> dict[str, float]:
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
