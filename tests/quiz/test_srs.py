"""The FSRS scheduler and the quiz mix: weak rules come back sooner, mastered ones less
often, and every kind of question is drawn by what the learner needs."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from datetime import datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from tute_tutor.engine.variants import find_rules
from tute_tutor.quiz.generator import kinds_for, rules_for
from tute_tutor.quiz.srs import (
    BOXES,
    RuleState,
    kind_weights,
    next_question,
    next_rule,
    replay_history,
    review,
    streaks,
)
from tute_tutor.store import open_store

T0 = datetime(2026, 3, 1, 10, 0)


def _wait(state: RuleState, start: datetime) -> timedelta:
    """How long after ``start`` the rule is first due, found by asking ``is_due``."""
    step = timedelta(minutes=1)
    wait = timedelta(0)
    while not state.is_due(start + wait):
        wait += step if wait < timedelta(days=2) else timedelta(hours=1)
    return wait


def test_a_missed_rule_comes_back_within_minutes() -> None:
    state = review(None, "montar", False, T0)
    assert _wait(state, T0) <= timedelta(minutes=1)
    assert state.box == 1


def test_each_right_answer_on_time_makes_the_rule_wait_longer() -> None:
    state = review(None, "montar", True, T0)
    now = T0
    waits = []
    for _ in range(4):
        wait = _wait(state, now)
        waits.append(wait)
        now += wait  # answered right when it falls due
        state = review(state, "montar", True, now)
    assert all(a < b for a, b in itertools.pairwise(waits)), waits
    assert waits[0] >= timedelta(days=1), "a rule known at once waits at least a day"
    assert state.box == BOXES


def test_a_wrong_answer_after_right_ones_brings_the_rule_back_soon_and_lowers_it() -> None:
    state = None
    now = T0
    for _ in range(3):
        state = review(state, "pisar", True, now)
        now = state.due
    assert state is not None and state.box >= 3
    fallen = review(state, "pisar", False, now)
    assert fallen.box < state.box
    assert _wait(fallen, now) <= timedelta(minutes=1)


def test_the_chance_of_recall_fades_with_time() -> None:
    state = review(None, "fallar", True, T0)
    chances = [state.recall(T0 + timedelta(days=d)) for d in (0, 1, 3, 10, 30)]
    assert all(a > b for a, b in itertools.pairwise(chances)), chances
    assert chances[0] > 0.99 and chances[-1] < 0.8


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
    assert all(final[r].box > final["pisar"].box for r in rules if r != "pisar")


def test_mastered_rules_wait_while_weak_and_new_ones_come_first() -> None:
    history = [("montar", True, T0 + timedelta(days=d)) for d in (0, 3, 12, 40)]
    history.append(("pisar", False, T0 + timedelta(days=40)))
    states = replay_history(history)
    later = T0 + timedelta(days=40, minutes=5)
    assert next_rule(states, ["montar", "pisar", "fallar"], later) in ("pisar", "fallar")
    assert next_rule(states, ["montar", "fallar"], later) == "fallar"  # never asked
    assert next_rule(states, ["montar"], later) == "montar"  # nothing else to ask
    assert not states["montar"].is_due(later + timedelta(days=7))


def test_the_rule_just_asked_is_not_asked_twice_in_a_row() -> None:
    states = replay_history([("pisar", False, T0), ("montar", True, T0)])
    assert next_rule(states, ["pisar", "montar"], T0 + timedelta(days=1), last="pisar") \
        == "montar"


def test_history_from_the_store_drives_the_schedule(tmp_path) -> None:  # type: ignore[no-untyped-def]
    store = open_store(str(tmp_path / "p.db"))
    store.record_answer("ana", kind="legal", rule="montar", correct=True, at=T0)
    store.record_answer("ana", kind="renuncio", rule="montar", correct=True,
                        at=T0 + timedelta(days=3))
    store.record_answer("ana", kind="legal", rule="fallar", correct=False, at=T0)
    states = replay_history(store.answers("ana"))
    assert states["montar"].box > states["fallar"].box == 1
    assert states["montar"].answers == 2 and states["montar"].correct == 2
    assert states["montar"].due > T0 + timedelta(days=4)


def test_answers_stored_out_of_order_never_fail_the_replay() -> None:
    states = replay_history([("r", True, T0 + timedelta(days=2)), ("r", False, T0)])
    assert states["r"].answers == 2


@given(st.lists(st.tuples(st.booleans(), st.integers(0, 60 * 24 * 30)), max_size=30))
def test_steps_stay_in_range_and_counts_add_up(answers: list[tuple[bool, int]]) -> None:
    now = T0
    history = []
    for ok, minutes in answers:
        now += timedelta(minutes=minutes)
        history.append(("r", ok, now))
    states = replay_history(history)
    if not answers:
        assert states == {}
        return
    state = states["r"]
    assert 1 <= state.box <= BOXES
    assert state.answers == len(answers) and state.correct == sum(ok for ok, _ in answers)
    assert 0.0 <= state.mastery <= 1.0
    assert 0.0 <= state.recall(now) <= 1.0
    if not answers[-1][0]:
        assert state.is_due(now + timedelta(minutes=1)), "a miss comes back at once"
    current, best = streaks(ok for ok, _ in answers)
    assert current <= best <= len(answers)


# ------------------------------------------------------------------ the mix of kinds
def _trained(ruleset: str) -> dict[str, list[str]]:
    rules = find_rules(ruleset)
    return {kind: list(rules_for(kind, rules, 1)) for kind in kinds_for(rules)}


def test_a_new_learner_meets_every_kind_early_and_none_dominates() -> None:
    for ruleset in ("clasico", "a-dos"):
        trained = _trained(ruleset)
        rng = random.Random(11)
        history: list[tuple[str, bool, datetime]] = []
        kinds: list[str] = []
        now = T0
        for _ in range(4 * len(trained)):
            kind, rule = next_question(replay_history(history), trained, now, rng,
                                       asked=set(kinds), last_kind=kinds[-1] if kinds else None,
                                       last_rule=history[-1][0] if history else None)
            assert rule in trained[kind]
            kinds.append(kind)
            history.append((rule, True, now))
            now += timedelta(minutes=1)
        seen = Counter(kinds)
        assert set(seen) == set(trained), (ruleset, seen)
        assert max(seen.values()) <= len(kinds) // 3, (ruleset, seen)


def test_kinds_whose_rules_are_missed_come_up_more_often() -> None:
    trained = _trained("clasico")
    weak_kind = "cante"
    rng = random.Random(3)
    history: list[tuple[str, bool, datetime]] = []
    kinds: list[str] = []
    now = T0
    for _ in range(120):
        kind, rule = next_question(replay_history(history), trained, now, rng,
                                   asked=set(kinds), last_kind=kinds[-1] if kinds else None)
        kinds.append(kind)
        history.append((rule, kind != weak_kind, now))  # the learner misses every cante
        now += timedelta(hours=6)
    seen = Counter(kinds[40:])
    assert all(seen[weak_kind] > seen[k] for k in trained if k != weak_kind), seen


def test_kind_weights_follow_the_chance_of_forgetting() -> None:
    states = replay_history([("montar", True, T0), ("montar", True, T0 + timedelta(days=3))])
    weights = kind_weights(states, {"legal": ["montar"], "cante": ["cante"]},
                           T0 + timedelta(days=3))
    assert weights["cante"] > weights["legal"] > 0


def test_a_kind_with_a_missed_rule_weighs_as_much_as_a_new_one() -> None:
    states = replay_history([("montar", False, T0), ("cante", True, T0)])
    weights = kind_weights(states, {"legal": ["montar"], "cante": ["cante"]}, T0,
                           asked={"legal", "cante"})
    assert weights["legal"] == 1.0 > weights["cante"]
