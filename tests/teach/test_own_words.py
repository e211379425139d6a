"""Our own words: no lesson and no message catalogue shares a run of 12 or more words
with a source text of the rules (facts may be taken, sentences may not).

The sources are not in the repository; ``data/seed_fingerprints.txt`` holds the hash of
each of their runs of 12 words (never the text), written by ``make_fingerprints.py``."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tute_tutor.words
from tests.teach.make_fingerprints import (
    DATA,
    RUN,
    fingerprint,
    fingerprints,
    parse,
    render,
    runs,
    words,
)
from tute_tutor.teach.lessons import LESSONS_DIR

CATALOGUES = sorted(Path(tute_tutor.words.__file__).parent.glob("**/*.toml"))
TEXT_FILES = sorted(LESSONS_DIR.glob("*.toml")) + CATALOGUES

SOURCE = """Una fuente inventada para la prueba: en esta mesa se reparten las cartas de una en una
y quien recibe la última carta de la baraja sale en la primera baza sin mirar a nadie."""
"""A made-up source text (not a seed) for the tests of the check itself."""


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


def seed_prints() -> dict[str, str]:
    """The committed fingerprints of the sources, each with its source's name."""
    return parse(DATA.read_text(encoding="utf-8"))


def copied(text: str, prints: dict[str, str]) -> list[str]:
    return [f"{' '.join(run)} (from {prints[fingerprint(run)]})"
            for run in sorted(runs(words(text))) if fingerprint(run) in prints]


def copies_in(path: Path, prints: dict[str, str]) -> list[str]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return [hit for text in strings(data) for hit in copied(text, prints)]


def test_the_fingerprints_cover_every_source_text() -> None:
    prints = seed_prints()
    assert len(set(prints.values())) >= 4
    assert len(prints) > 4000
    assert all(len(key) == 16 and int(key, 16) >= 0 for key in prints)


def test_the_fingerprint_file_holds_no_words_of_the_sources() -> None:
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            assert len(words(line)) == 1 and len(line) == 16


def test_the_check_catches_a_near_copy_of_a_source(tmp_path: Path) -> None:
    (tmp_path / "fuente.txt").write_text(SOURCE, encoding="utf-8")
    data = tmp_path / "prints.txt"
    data.write_text(render(fingerprints(tmp_path)), encoding="utf-8")
    prints = parse(data.read_text(encoding="utf-8"))
    taken = words(SOURCE)[5:5 + RUN]
    # Case, punctuation and markup differ from the source; the twelve words are the same.
    near = " ".join(word.upper() if i % 3 else f"**{word}**," for i, word in enumerate(taken))
    lesson = tmp_path / "plantada.toml"
    lesson.write_text(f'title = "Plantada"\n[[blocks]]\ntext = "Al principio {near} al final."\n',
                      encoding="utf-8")
    hits = copies_in(lesson, prints)
    assert len(hits) == 1 and hits[0].endswith("(from fuente.txt)")
    lesson.write_text(f'[[blocks]]\ntext = "{" ".join(taken[:RUN - 1])} otra cosa"\n',
                      encoding="utf-8")
    assert copies_in(lesson, prints) == []


def test_the_check_reads_every_lesson_and_catalogue() -> None:
    assert len(list(LESSONS_DIR.glob("*.toml"))) >= 16
    assert {path.parent.name for path in CATALOGUES} >= {"es", "en"}


@pytest.mark.parametrize("path", TEXT_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_text_shares_twelve_words_in_a_row_with_a_source_text(path: Path) -> None:
    problems = copies_in(path, seed_prints())
    assert problems == [], f"{path.name} copies the sources: {problems[:3]}"
