"""Fuzzing lesson loading and the lesson checker (issue 12): any file gives a lesson or a
one-line LessonError naming the file, the checker never prints a traceback, and a hostile
file (huge numbers, huge size, a folder named like a lesson) stays bounded."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.cli.test_fuzz import MEMORY_LIMIT, TIMEOUT
from tests.hostile import HOSTILE_TEXTS
from tute_tutor.formats.limits import MAX_FILE_BYTES
from tute_tutor.teach.lessons import LESSONS_DIR, LessonError, load_lessons, parse_lesson

SOURCE = (LESSONS_DIR / "asistir-montar.toml").read_text(encoding="utf-8")
STRINGS = re.compile(r'"(?:[^"\\\n]|\\.)*"')
NUMBERS = re.compile(r"(?<=[= \[,])\d+\b")


def _toml_string(text: str) -> str:
    return '"' + "".join(c if c.isprintable() and c not in '"\\' else f"\\u{ord(c):04x}"
                         for c in text) + '"'


@st.composite
def mutated_lessons(draw: st.DrawFn) -> str:
    """A shipped lesson with a few strings, numbers or lines replaced by hostile ones."""
    text = SOURCE
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["string", "number", "line", "cut"]))
        if kind == "string":
            spots = list(STRINGS.finditer(text))
            if not spots:
                continue
            spot = spots[draw(st.integers(0, len(spots) - 1))]
            value = _toml_string(draw(st.sampled_from(HOSTILE_TEXTS)))
            text = text[:spot.start()] + value + text[spot.end():]
        elif kind == "number":
            spots = list(NUMBERS.finditer(text))
            if not spots:
                continue
            spot = spots[draw(st.integers(0, len(spots) - 1))]
            value = draw(st.sampled_from(["9" * 5000, "-1", "0", "9" * 19, "1e999", "nan",
                                          "1979-05-27", "[1, [2, [3]]]", "{ a = 1 }"]))
            text = text[:spot.start()] + value + text[spot.end():]
        elif kind == "line":
            lines = text.split("\n")
            at = draw(st.integers(0, len(lines) - 1))
            lines.insert(at, draw(st.sampled_from(
                ["[[block]]", "kind = 1", "x = " + "[" * 600, "order = " + "9" * 5000,
                 "[question]", "\ufeff", "\x00", "scenario = 3"])))
            text = "\n".join(lines)
        else:
            text = text[: draw(st.integers(0, len(text)))]
    return text


@given(mutated_lessons())
@settings(max_examples=30, deadline=None)
def test_any_lesson_text_is_a_lesson_or_one_line_lesson_error(text: str) -> None:
    try:
        lesson = parse_lesson(text, Path("lessons/fuzz.toml"))
    except LessonError as error:
        message = str(error)
        assert message.startswith("lessons/fuzz.toml: ")
        assert "\n" not in message and len(message) < 600, message
        assert error.code == "bad_lesson"
    else:
        assert lesson.blocks and 0 <= lesson.order <= 9999


def test_a_5000_digit_order_is_a_lesson_error_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "big.toml").write_text(SOURCE.replace("order = 40", "order = " + "9" * 5000),
                                       encoding="utf-8")
    (tmp_path / "ok.toml").write_text(SOURCE, encoding="utf-8")
    lessons, errors = load_lessons(tmp_path)
    assert [lesson.id for lesson in lessons] == ["asistir-montar"]
    assert len(errors) == 1 and "big.toml" in str(errors[0])


def test_a_scenario_table_message_has_single_braces() -> None:
    text = SOURCE.replace('scenario = {', 'scenario = 3 #', 1)
    with pytest.raises(LessonError) as caught:
        parse_lesson(text, Path("lessons/x.toml"))
    assert "{{" not in str(caught.value) and "{ ruleset" in str(caught.value)


def _check(*targets: Path) -> tuple[int, str]:
    import resource

    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    done = subprocess.run([sys.executable, "-m", "tute_tutor.teach.lessons",
                           *map(str, targets)], capture_output=True, text=True,
                          timeout=TIMEOUT, preexec_fn=limits)
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    return done.returncode, done.stdout


def test_the_checker_refuses_a_folder_named_like_a_lesson(tmp_path: Path) -> None:
    folder = tmp_path / "x.toml"
    folder.mkdir()
    code, out = _check(folder)
    assert code == 2 and out.startswith("error ") and "x.toml" in out


def test_the_checker_reports_huge_and_oversized_files_in_bounded_memory(tmp_path: Path) -> None:
    (tmp_path / "digits.toml").write_text("order = " + "9" * 5000, encoding="utf-8")
    (tmp_path / "big.toml").write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    (tmp_path / "sub.toml").mkdir()
    code, out = _check(tmp_path)
    lines = out.splitlines()
    assert code == 2 and len(lines) == 3 and all(line.startswith("error ") for line in lines)
    assert str(MAX_FILE_BYTES) in out and "folder" in out


def test_every_string_of_a_lesson_made_5000_characters_long_gives_a_short_message() -> None:
    """Each quoted value of a shipped lesson replaced in turn by 5,000 characters: a
    lesson, or one line that quotes the value cut short (the fuzz test above met
    ``ask = "999..."`` echoed whole)."""
    long_value = "9" * 5000
    spots = list(STRINGS.finditer(SOURCE))
    assert len(spots) > 20
    refused = 0
    for spot in spots:
        text = SOURCE[:spot.start()] + f'"{long_value}"' + SOURCE[spot.end():]
        try:
            parse_lesson(text, Path("lessons/long.toml"))
        except LessonError as error:
            refused += 1
            message = str(error)
            assert "\n" not in message and len(message) < 300, message[:300]
    assert refused, "no string of the lesson is checked"
