"""Lesson files: they load, their scenarios are valid and answered by the engine."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tute_tutor.cards import parse_cards, suit_from_letter
from tute_tutor.explain import explain
from tute_tutor.legal import analyse_play
from tute_tutor.lessons import LESSONS_DIR, LessonError, load_lesson, load_lessons
from tute_tutor.rules import find_rules

LESSON_FILES = sorted(LESSONS_DIR.glob("*.toml"))


def test_lessons_folder_has_lessons() -> None:
    assert LESSON_FILES


@pytest.mark.parametrize("path", LESSON_FILES, ids=lambda p: p.stem)
def test_every_lesson_file_loads(path: Path) -> None:
    lesson = load_lesson(path)
    assert lesson.path == path


@pytest.mark.parametrize("path", LESSON_FILES, ids=lambda p: p.stem)
def test_scenario_explanation_is_the_engines(path: Path) -> None:
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    lesson = load_lesson(path)
    scenario_blocks = [b for b in raw["block"] if b["kind"] == "scenario"]
    loaded = [b for b in lesson.blocks if b.kind == "scenario"]
    assert len(scenario_blocks) == len(loaded)
    for data, block in zip(scenario_blocks, loaded, strict=True):
        spec = data["scenario"]
        analysis = analyse_play(parse_cards(spec["hand"]), parse_cards(spec.get("trick", [])),
                                suit_from_letter(spec["trump"]),
                                find_rules(spec["ruleset"], spec.get("overrides")),
                                spec.get("stock_left", 0))
        for lang in ("es", "en"):
            shown = block.answer(lang)
            assert shown["explanation"] == explain(analysis, lang)
            assert shown["legal"] == [str(c) for c in analysis.legal]


def test_load_lessons_reports_broken_file_without_raising(tmp_path: Path) -> None:
    (tmp_path / "good.toml").write_text((LESSONS_DIR / "asistir-montar.toml").read_text())
    (tmp_path / "bad.toml").write_text('id = "bad"\norder = 1\n[title]\nes = "Malo"\n')
    lessons, errors = load_lessons(tmp_path)
    assert [lesson.id for lesson in lessons] == ["asistir-montar"]
    assert len(errors) == 1
    assert isinstance(errors[0], LessonError)
    assert str(errors[0]).startswith(f"{tmp_path.name}/bad.toml: ")
