"""Choice questions: the right option is not given away by being the longest.

A learner soon notices when the right answer is always the fullest sentence. In every
shipped lesson, for each language, the right option of a single-answer choice question
may be strictly the longest (in characters) in at most one question in six, and never in
two such questions in a row of one lesson.
"""

from __future__ import annotations

import itertools

from tute_tutor.teach.lessons import LANGS, LESSONS_DIR, LessonQuestion, load_lessons

MAX_SHARE = 1 / 6
"""The share of single-answer choice questions whose right option may be the longest."""


def _single_answer(questions: tuple[LessonQuestion, ...]) -> list[tuple[int, LessonQuestion]]:
    """The single-answer choice questions, each with its number in the lesson (from 1)."""
    return [(number, q) for number, q in enumerate(questions, start=1)
            if q.kind == "choice" and len(q.answer) == 1]


def _right_is_longest(question: LessonQuestion, lang: str) -> bool:
    options = question.options[lang]
    right = question.answer[0]
    return all(len(options[right]) > len(text)
               for index, text in enumerate(options) if index != right)


def _flagged() -> dict[str, list[tuple[str, int, bool]]]:
    """Per language: (lesson id, question number, right option strictly longest)."""
    lessons, errors = load_lessons(LESSONS_DIR)
    assert not errors, errors
    found: dict[str, list[tuple[str, int, bool]]] = {lang: [] for lang in LANGS}
    for lesson in lessons:
        for number, question in _single_answer(lesson.questions):
            for lang in LANGS:
                found[lang].append((lesson.id, number, _right_is_longest(question, lang)))
    return found


def test_right_option_is_rarely_the_longest() -> None:
    for lang, rows in _flagged().items():
        assert rows, "no single-answer choice question found"
        longest = [f"{lesson} Q{number}" for lesson, number, flag in rows if flag]
        assert len(longest) <= MAX_SHARE * len(rows), (
            f"{lang}: the right option is strictly the longest in {len(longest)} of "
            f"{len(rows)} single-answer questions: {', '.join(longest)}")


def test_right_option_is_never_the_longest_twice_in_a_row() -> None:
    for lang, rows in _flagged().items():
        for (lesson, number, flag), (after, next_number, next_flag) in itertools.pairwise(rows):
            assert not (flag and next_flag and lesson == after), (
                f"{lang}: {lesson}: the right option is strictly the longest in "
                f"questions {number} and {next_number}, one after the other")
