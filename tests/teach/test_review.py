"""Mixed review sittings: items of the lessons done only, the ones missed or seen long
ago first, several lessons mixed; the history survives bad data."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from tute_tutor.quiz.srs import replay_history
from tute_tutor.teach.lessons import LESSONS_DIR, load_lessons
from tute_tutor.teach.review import (
    KEEP,
    SITTING,
    ReviewItem,
    add_result,
    due_count,
    pick_sitting,
    read_history,
    review_items,
)

LESSONS, _ = load_lessons(LESSONS_DIR)
NOW = datetime(2026, 12, 1, 12)


def items_of(*lessons: str, each: int = 3) -> list[ReviewItem]:
    return [ReviewItem(lesson, "question", i) for lesson in lessons for i in range(each)]


def test_items_come_only_from_the_lessons_done() -> None:
    done = {"fallar", "cantes"}
    items = review_items(LESSONS, done)
    assert {item.lesson for item in items} == done
    fallar = next(lesson for lesson in LESSONS if lesson.id == "fallar")
    scenarios = sum(block.scenario is not None for block in fallar.blocks)
    assert sum(item.lesson == "fallar" for item in items) == scenarios + len(fallar.questions)
    assert review_items(LESSONS, set()) == []


def test_every_item_names_a_question_or_a_scenario_of_its_lesson() -> None:
    by_id = {lesson.id: lesson for lesson in LESSONS}
    for item in review_items(LESSONS, set(by_id)):
        lesson = by_id[item.lesson]
        if item.kind == "question":
            assert item.index < len(lesson.questions)
        else:
            assert lesson.blocks[item.index].scenario is not None


def test_an_item_answered_wrong_comes_before_every_other() -> None:
    items = items_of("a", "b", "c")
    data: dict[str, object] = {}
    for item in items:
        data = add_result(data, item.key, item.key != "c/q2", NOW - timedelta(days=1))
    for seed in range(5):
        sitting = pick_sitting(items, read_history(data), NOW, random.Random(seed), size=3,
                               shuffle=False)
        assert sitting[0].key == "c/q2"


def test_items_seen_long_ago_come_before_items_seen_yesterday() -> None:
    items = items_of("a", "b", each=4)
    data: dict[str, object] = {}
    for item in items:
        long_ago = item.index < 2
        data = add_result(data, item.key, True,
                          NOW - timedelta(days=90 if long_ago else 1))
    sitting = pick_sitting(items, read_history(data), NOW, size=4, shuffle=False)
    assert {item.index for item in sitting} == {0, 1}


def test_items_never_reviewed_come_before_items_answered_right_just_now() -> None:
    items = items_of("a", "b", each=4)
    data: dict[str, object] = {}
    for item in items:
        if item.index >= 2:
            data = add_result(data, item.key, True, NOW - timedelta(minutes=5))
    sitting = pick_sitting(items, read_history(data), NOW, size=4, shuffle=False)
    assert {item.index for item in sitting} == {0, 1}


def test_a_sitting_mixes_lessons_and_holds_no_item_twice() -> None:
    items = items_of("a", "b", "c", "d", each=6)
    data: dict[str, object] = {}
    for item in items:  # lesson a's items are all missed: they want to fill the sitting
        data = add_result(data, item.key, item.lesson != "a", NOW - timedelta(days=1))
    sitting = pick_sitting(items, read_history(data), NOW, random.Random(1))
    assert len(sitting) == SITTING == len(set(sitting))
    per_lesson = {lesson: sum(item.lesson == lesson for item in sitting) for lesson in "abcd"}
    assert per_lesson == {"a": 2, "b": 2, "c": 2, "d": 2}


def test_one_lesson_done_fills_the_sitting_from_it() -> None:
    items = items_of("a", each=10)
    assert len(pick_sitting(items, {}, NOW, size=6)) == 6
    assert len(pick_sitting(items[:3], {}, NOW, size=6)) == 3


def test_the_history_keeps_the_newest_results_and_skips_bad_data() -> None:
    data: dict[str, object] = {}
    for minute in range(KEEP + 5):
        data = add_result(data, "a/q0", minute % 2 == 0, NOW + timedelta(minutes=minute))
    history = read_history(data)
    assert len(history["a/q0"]) == KEEP
    assert history["a/q0"][-1][1] == NOW + timedelta(minutes=KEEP + 4)
    bad_data: list[object] = [None, [], {"items": 3},
                              {"items": {"a/q0": [[1, "yesterday"], "x", [1]]}}]
    for bad in bad_data:
        assert read_history(bad) == {}
    kept = read_history({"items": {"a/q0": [[1, "not a time"], [0, NOW.isoformat()]]}})
    assert kept == {"a/q0": [(False, NOW)]}


def test_due_count_counts_the_quiz_rules_fsrs_wants_now() -> None:
    states = replay_history([("montar", True, NOW - timedelta(days=30)),
                             ("pisar", True, NOW - timedelta(minutes=1)),
                             ("fallar", False, NOW - timedelta(hours=1))])
    assert due_count(states, NOW) == 2  # montar long ago, fallar missed; pisar just now
    assert due_count({}, NOW) == 0
