"""The placement test: questions drawn and checked by the engine; a right answer marks
only its own lesson, a wrong one marks nothing."""

from __future__ import annotations

import pytest

from tute_tutor.engine.cards import Card, suit_from_letter
from tute_tutor.engine.legal import trick_state
from tute_tutor.engine.variants import find_rules
from tute_tutor.quiz.generator import check_answer
from tute_tutor.teach.lessons import LESSONS_DIR, load_lessons
from tute_tutor.teach.placement import (
    RULESET,
    SKILLS,
    PlacementQuestion,
    is_right,
    lessons_earned,
    lessons_tested,
    placement_test,
)

LESSONS, _ = load_lessons(LESSONS_DIR)
ORDER = {lesson.id: lesson.order for lesson in LESSONS}
SEEDS = range(4)


def wrong(item: PlacementQuestion) -> list[str]:
    """A wrong answer: the first option that is not right."""
    question = item.question
    others = [o for o in question.options if o not in question.answer]
    return [others[0]]


def test_the_test_has_eight_to_twelve_questions_across_the_core_lessons() -> None:
    test = placement_test(0)
    assert 8 <= len(test) <= 12
    tested = lessons_tested(test)
    assert len(tested) >= 6
    assert all(lesson in ORDER for lesson in tested)
    # Only the core game: every lesson it marks comes before the variants.
    assert all(ORDER[lesson] < ORDER["variantes"] for lesson in tested)
    assert [ORDER[lesson] for lesson in tested] == sorted(ORDER[lesson] for lesson in tested)


def test_the_same_seed_draws_the_same_test_and_another_seed_another() -> None:
    first = [item.question for item in placement_test(5, "en")]
    assert first == [item.question for item in placement_test(5, "en")]
    assert first != [item.question for item in placement_test(6, "en")]


@pytest.mark.parametrize("seed", SEEDS)
def test_every_question_is_under_the_classic_rules_and_can_be_failed(seed: int) -> None:
    for item in placement_test(seed):
        question = item.question
        assert question.ruleset == RULESET and question.rule == item.skill.rule
        assert set(question.options) - set(question.answer), question.prompt
        assert is_right(item, question.answer)
        assert not is_right(item, wrong(item))


@pytest.mark.parametrize("seed", SEEDS)
def test_the_legal_cards_and_the_trick_winner_are_the_engines(seed: int) -> None:
    rules = find_rules(RULESET)
    for item in placement_test(seed, "en"):
        question = item.question
        if question.kind == "legal":
            assert question.scenario is not None
            legal = {str(card) for card in question.scenario.analyse().legal}
            assert set(question.answer) == legal
            assert question.scenario.analyse().obligation == item.skill.rule
        elif question.kind == "trick_winner":
            trick = question.options
            state = trick_state([Card.parse(c).index for c in trick],
                                suit_from_letter(question.board.trump))
            assert question.answer == (trick[state.winner_position],)
        assert rules.players == 4 and check_answer(question, question.answer)


def test_a_right_answer_marks_only_its_lesson() -> None:
    test = placement_test(1)
    for index, item in enumerate(test):
        siblings = [i for i, other in enumerate(test) if other.skill.lesson == item.skill.lesson]
        alone = lessons_earned(test, {index: list(item.question.answer)})
        assert alone == ([item.skill.lesson] if siblings == [index] else [])
        both = {i: list(test[i].question.answer) for i in siblings}
        assert lessons_earned(test, both) == [item.skill.lesson]


def test_a_wrong_answer_marks_nothing() -> None:
    test = placement_test(2)
    assert lessons_earned(test, {i: wrong(item) for i, item in enumerate(test)}) == []
    for index, item in enumerate(test):
        answers = {i: list(other.question.answer) for i, other in enumerate(test)}
        answers[index] = wrong(item)
        earned = lessons_earned(test, answers)
        assert item.skill.lesson not in earned
        assert set(earned) == set(lessons_tested(test)) - {item.skill.lesson}


def test_a_test_for_missing_lessons_leaves_their_skills_out() -> None:
    test = placement_test(0, lessons={"baraja", "puntos"})
    assert lessons_tested(test) == ["baraja", "puntos"]
    assert len(test) == sum(skill.lesson in {"baraja", "puntos"} for skill in SKILLS)
