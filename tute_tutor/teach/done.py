"""When a lesson of the path counts as done: its questions, and its drill if it has one.

A lesson is done when every closing question of it was answered right (the store keeps
that moment: ``Store.record_lesson``) and, when the lesson has a drill
(:data:`tute_tutor.coach.drills.SKILLS`), at least one sitting of that drill earned a star
(``tute_tutor.store.drills.best_stars``). Every lesson of the path has a drill; a lesson
without one (one's own lesson file) is done by its questions alone. The placement test,
which asks a lesson's skill with questions drawn by the engine, records for each lesson
it earns both: its questions and a one-star sitting of its drill
(``source="placement"``), so a player who knows the game skips it whole.

>>> sorted(lessons_done({"baraja", "propia", "pisar"}, {"baraja": 2, "pisar": 0}))
['baraja', 'propia']
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Final

from tute_tutor.coach.drills import SKILLS

MIN_STARS: Final = 1
"""Stars of a lesson's drill that the lesson needs to be done."""


def has_drill(lesson_id: str, drilled: Collection[str] = SKILLS) -> bool:
    """Does the lesson ``lesson_id`` have a drill?"""
    return lesson_id in drilled


def lesson_done(lesson_id: str, questions_right: Collection[str], stars: Mapping[str, int],
                drilled: Collection[str] = SKILLS) -> bool:
    """Is ``lesson_id`` done, given the lessons whose questions were all answered right
    and the best stars per drilled skill?"""
    if lesson_id not in questions_right:
        return False
    return not has_drill(lesson_id, drilled) or stars.get(lesson_id, 0) >= MIN_STARS


def lessons_done(questions_right: Iterable[str], stars: Mapping[str, int],
                 drilled: Collection[str] = SKILLS) -> set[str]:
    """The lessons done (see the module doc)."""
    right = set(questions_right)
    return {lesson for lesson in right if lesson_done(lesson, right, stars, drilled)}


__all__ = ["MIN_STARS", "has_drill", "lesson_done", "lessons_done"]
