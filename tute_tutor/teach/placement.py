"""The placement test: a short test for a player who already knows brisca or tute, so
they can skip the lessons of the core game they already know.

Each :class:`Skill` names one lesson of the core game and one kind of quiz question
that tests it (the quiz's generators draw the cards from a real deal and the engine
checks the answer: :func:`tute_tutor.quiz.generator.check_answer`). A lesson is earned
when every question of its skills is answered right (:func:`lessons_earned`); a wrong
answer earns nothing, and a right one earns only its own lesson. Every question is drawn
under the classic rules for four players, the core game the path teaches first.

>>> test = placement_test(seed=3, lang="en")
>>> len(test), test[0].skill.lesson
(11, 'baraja')
>>> first = test[0]
>>> lessons_earned(test, {0: list(first.question.answer)})
['baraja']
>>> lessons_earned(test, {0: [next(o for o in first.question.options
...                                 if o not in first.question.answer)]})
[]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from tute_tutor.quiz.generator import check_answer, generate_question, question_seed
from tute_tutor.quiz.question import QuizQuestion

RULESET: Final = "clasico"
"""The rule set of every placement question: the core game of the path."""

TRIES: Final = 50
"""Seeds tried per skill for a question that can be failed (not every option right)."""


@dataclass(frozen=True, slots=True)
class Skill:
    """One question of the test: the ``lesson`` it can mark done, asked as the quiz's
    ``kind`` training ``rule`` at ``difficulty``."""

    lesson: str
    kind: str
    rule: str
    difficulty: int = 1


SKILLS: Final[tuple[Skill, ...]] = (
    Skill("baraja", "trick_winner", "trick_lead_suit"),
    Skill("puntos", "trick_points", "card_points"),
    Skill("asistir-montar", "legal", "asistir"),
    Skill("asistir-montar", "legal", "montar"),
    Skill("fallar", "legal", "fallar"),
    Skill("fallar", "trick_winner", "trick_trumped"),
    Skill("pisar", "legal", "pisar", 2),
    Skill("cantes", "cante", "cante_20"),
    Skill("cantes", "cante", "cante_40"),
    Skill("tute", "cante", "cante_tute", 2),
    Skill("recuento", "hand_winner", "hand_points"),
)
"""The core skills in the order of the path, each lesson with one or two questions."""


@dataclass(frozen=True)
class PlacementQuestion:
    """One drawn question of the test and the skill it tests."""

    skill: Skill
    question: QuizQuestion


def placement_test(seed: int, lang: str = "es",
                   lessons: Collection[str] | None = None) -> list[PlacementQuestion]:
    """The test drawn with ``seed`` (the same seed, the same questions), in ``lang``.

    ``lessons`` limits it to the skills of those lesson ids (the lessons the app has):
    a skill whose lesson is missing is left out.
    """
    test = []
    for index, skill in enumerate(SKILLS):
        if lessons is not None and skill.lesson not in lessons:
            continue
        test.append(PlacementQuestion(skill, _failable(skill, seed, index, lang)))
    return test


def _failable(skill: Skill, seed: int, index: int, lang: str) -> QuizQuestion:
    """The first question of ``skill`` from the seeds of ``(seed, index)`` that holds a
    wrong option: a hand whose every card is legal would mark a lesson for a guess."""
    for attempt in range(TRIES):
        question = generate_question(skill.kind, question_seed(seed * TRIES + attempt, index),
                                     RULESET, lang=lang, difficulty=skill.difficulty,
                                     rule=skill.rule)
        if set(question.options) - set(question.answer):
            break
    return question


def is_right(item: PlacementQuestion, chosen: Collection[str]) -> bool:
    """Whether ``chosen`` (option values) answers the question right, checked as the quiz
    checks it."""
    return check_answer(item.question, chosen)


def lessons_earned(test: Sequence[PlacementQuestion],
                   answers: Mapping[int, Collection[str]]) -> list[str]:
    """The lessons, in path order, whose every question in ``test`` is answered right
    (``answers`` maps a question's index in ``test`` to the options chosen)."""
    verdict: dict[str, bool] = {}
    for index, item in enumerate(test):
        chosen = answers.get(index)
        right = chosen is not None and is_right(item, chosen)
        verdict[item.skill.lesson] = verdict.get(item.skill.lesson, True) and right
    return [lesson for lesson, right in verdict.items() if right]


def lessons_tested(test: Sequence[PlacementQuestion]) -> list[str]:
    """The lessons the test can mark, in path order, each once."""
    return list(dict.fromkeys(item.skill.lesson for item in test))


__all__ = ["RULESET", "SKILLS", "PlacementQuestion", "Skill", "is_right", "lessons_earned",
           "lessons_tested", "placement_test"]
