"""Our own words: no lesson and no message catalogue shares a run of 12 or more words
with a source text in ``../shared/seeds`` (facts may be taken, sentences may not)."""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tute_tutor.words
from tute_tutor.teach.lessons import LESSONS_DIR

REPO = LESSONS_DIR.parent
SEEDS = REPO.parent / "shared" / "seeds"
RUN = 12
"""Words in a row that count as copied."""

CATALOGUES = sorted(Path(tute_tutor.words.__file__).parent.glob("**/*.toml"))
TEXT_FILES = sorted(LESSONS_DIR.glob("*.toml")) + CATALOGUES


def words(text: str) -> list[str]:
    """Lower-case words (letters and digits), punctuation and markup dropped."""
    return re.findall(r"[^\W_]+", text.lower())


def runs(found: list[str], size: int = RUN) -> set[tuple[str, ...]]:
    return {tuple(found[i:i + size]) for i in range(len(found) - size + 1)}


def strings(node: Any) -> Iterator[str]:
    """Every string value of a parsed TOML document."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from strings(value)


def seed_runs() -> dict[tuple[str, ...], str]:
    """Each run of the seed texts with the file it comes from."""
    if not SEEDS.is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"the source texts are missing: {SEEDS} (CI must check them)")
        pytest.skip(f"no source texts at {SEEDS}")
    found: dict[tuple[str, ...], str] = {}
    for path in sorted(SEEDS.iterdir()):
        if path.is_file():
            for run in runs(words(path.read_text(encoding="utf-8", errors="replace"))):
                found.setdefault(run, path.name)
    assert found, f"{SEEDS} holds no text"
    return found


def copied(text: str, seeds: dict[tuple[str, ...], str]) -> list[str]:
    return [f"{' '.join(run)} (from {seeds[run]})" for run in sorted(runs(words(text)))
            if run in seeds]


def test_the_seed_folder_is_found_next_to_the_repository() -> None:
    assert REPO.joinpath("lessons").is_dir()
    assert SEEDS.parent.name == "shared"
    if not SEEDS.is_dir() and os.environ.get("CI"):
        pytest.fail(f"the source texts are missing: {SEEDS} (CI must check them)")


def test_the_check_catches_a_copied_sentence() -> None:
    seeds = seed_runs()
    run = next(iter(seeds))
    assert copied("Al principio " + " ".join(run) + " y nada más.", seeds)
    assert not copied(" ".join(run[:RUN - 1]), seeds)


def test_the_check_reads_every_lesson_and_catalogue() -> None:
    assert len(list(LESSONS_DIR.glob("*.toml"))) >= 16
    assert {path.parent.name for path in CATALOGUES} >= {"es", "en"}


@pytest.mark.parametrize("path", TEXT_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_text_shares_twelve_words_in_a_row_with_a_source_text(path: Path) -> None:
    seeds = seed_runs()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    problems = [hit for text in strings(data) for hit in copied(text, seeds)]
    assert problems == [], f"{path.name} copies the sources: {problems[:3]}"
