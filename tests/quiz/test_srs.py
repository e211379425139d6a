"""The Leitner scheduler: weak rules come back sooner, mastered ones less often."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from datetime import datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from tute_tutor.quiz.srs import (
    BOXES,
    RuleState,
    next_rule,
    replay_history,
    review,
    streaks,
)
from tute_tutor.store import open_store

T0 = datetime(2026, 3, 1, 10, 0)


def test_right_answers_climb_one_box_and_a_wrong_one_falls_to_box_one() -> None:
    state = None
    for expected in (2, 3, 4, 5, 5):
        state = review(state, "montar", True, T0)
        assert state.box == expected
    state = review(state, "montar", False, T0)
    assert state.box == 1 and state.answers == 6 and state.correct == 5


def _wait(state: RuleState) -> timedelta:
    """How long after ``T0`` the rule is first due, found by asking ``is_due``."""
    step = timedelta(minutes=1)
    wait = timedelta(0)
    while not state.is_due(T0 + wait):
        wait += step
    return wait


def test_a_missed_rule_is_due_at_once_and_each_right_answer_makes_it_wait_longer() -> None:
    state = review(None, "montar", False, T0)
    waits = [_wait(state)]
    for _ in range(BOXES - 1):
        state = review(state, "montar", True, T0)
        waits.append(_wait(state))
    assert waits[0] == timedelta(0), "a missed rule comes back at once"
    assert all(a < b for a, b in itertools.pairwise(waits)), waits
    assert waits[1] < timedelta(hours=1) and waits[-1] >= timedelta(days=7), waits
    # At the top box another right answer keeps the longest wait.
    assert _wait(review(state, "montar", True, T0)) == waits[-1]


def test_a_rule_missed_again_and_again_is_asked_most_often() -> None:
    rules = ["asistir", "montar", "fallar", "pisar", "libre"]
    history: list[tuple[str, bool, datetime]] = []
    rng = random.Random(5)
    last = None
    now = T0
    for _ in range(60):
        states = replay_history(history)
        rule = next_rule(states, rules, now, rng, last=last)
        history.append((rule, rule != "pisar", now))  # the learner always misses pisar
        last = rule
        now += timedelta(minutes=1)
    asked = Counter(rule for rule, _, _ in history)
    assert all(asked["pisar"] > asked[r] for r in rules if r != "pisar"), asked
    final = replay_history(history)
    assert final["pisar"].box == 1
    assert all(final[r].box >= 3 for r in rules if r != "pisar")


def test_mastered_rules_wait_while_weak_and_new_ones_come_first() -> None:
    history = []
    for _ in range(BOXES):
        history.append(("montar", True, T0))
    history.append(("pisar", False, T0))
    states = replay_history(history)
    later = T0 + timedelta(hours=1)
    assert next_rule(states, ["montar", "pisar", "fallar"], later) == "pisar"
    assert next_rule(states, ["montar", "fallar"], later) == "fallar"  # never asked
    assert next_rule(states, ["montar"], later) == "montar"  # nothing else to ask
    assert not states["montar"].is_due(T0 + timedelta(days=6))
    assert states["montar"].is_due(T0 + timedelta(days=7))


def test_the_rule_just_asked_is_not_asked_twice_in_a_row() -> None:
    states = replay_history([("pisar", False, T0), ("montar", True, T0)])
    assert next_rule(states, ["pisar", "montar"], T0 + timedelta(days=1), last="pisar") \
        == "montar"


def test_history_from_the_store_drives_the_schedule(tmp_path) -> None:  # type: ignore[no-untyped-def]
    store = open_store(str(tmp_path / "p.db"))
    store.record_answer("ana", kind="legal", rule="montar", correct=True, at=T0)
    store.record_answer("ana", kind="renuncio", rule="montar", correct=True,
                        at=T0 + timedelta(minutes=20))
    store.record_answer("ana", kind="legal", rule="fallar", correct=False, at=T0)
    states = replay_history(store.answers("ana"))
    assert states["montar"].box == 3 and states["fallar"].box == 1
    assert states["montar"].mastery == 0.5


@given(st.lists(st.booleans(), max_size=40))
def test_boxes_stay_in_range_and_counts_add_up(results: list[bool]) -> None:
    history = [("r", ok, T0 + timedelta(minutes=i)) for i, ok in enumerate(results)]
    states = replay_history(history)
    if not results:
        assert states == {}
        return
    state = states["r"]
    assert 1 <= state.box <= BOXES
    assert state.answers == len(results) and state.correct == sum(results)
    assert 0.0 <= state.mastery <= 1.0
    current, best = streaks(results)
    assert state.box == (1 if not results[-1] else min(BOXES, 1 + current))
    assert current <= best <= len(results)
