"""Choice questions: the right option is not given away by being the longest.

A learner soon notices when the right answer is always the fullest sentence. In every
shipped lesson, for each language, the right option of a single-answer choice question
may be strictly the longest (in characters) in at most one question in six, and never in
two such questions in a row of one lesson. Nor may the cue simply flip: the strictly
shortest option, or in three-option questions the one strictly between the other two, is
the right one in at most half the questions (chance is a third).
"""

from __future__ import annotations

import itertools

from tute_tutor.teach.lessons import LANGS, LESSONS_DIR, LessonQuestion, load_lessons

MAX_SHARE = 1 / 6
"""The share of single-answer choice questions whose right option may be the longest."""

MAX_OTHER_RULE_SHARE = 1 / 2
"""The share of questions that "pick the shortest" or "pick the middle one" may answer."""


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


def test_no_other_length_rule_finds_the_right_option_in_most_questions() -> None:
    lessons, _ = load_lessons(LESSONS_DIR)
    questions = [q for lesson in lessons for _, q in _single_answer(lesson.questions)]
    three = [q for q in questions if len(q.options["es"]) == 3]
    for lang in LANGS:
        shortest = middle = 0
        for question in questions:
            lengths = [len(text) for text in question.options[lang]]
            right = lengths.pop(question.answer[0])
            shortest += right < min(lengths)
            middle += len(lengths) == 2 and min(lengths) < right < max(lengths)
        assert shortest <= MAX_OTHER_RULE_SHARE * len(questions), (
            f"{lang}: the right option is strictly the shortest in {shortest} of "
            f"{len(questions)} single-answer questions")
        assert middle <= MAX_OTHER_RULE_SHARE * len(three), (
            f"{lang}: the right option is strictly the middle length in {middle} of "
            f"{len(three)} three-option questions")
