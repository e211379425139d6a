"""A database written before the schema had versions opens, upgrades and keeps every row."""

from __future__ import annotations

import shutil
from datetime import timedelta
from pathlib import Path

from tests.store.make_fixture_v1 import ANSWERS, HANDS, LESSONS, OUT, START
from tute_tutor.store import open_store

FIXTURE = OUT
NAIVE_START = START.replace(tzinfo=None)  # the store keeps UTC without a zone


def _copy(tmp_path: Path) -> Path:
    db = tmp_path / "progress.sqlite3"
    shutil.copyfile(FIXTURE, db)
    return db


def test_a_database_from_before_versions_keeps_all_its_answers(tmp_path: Path) -> None:
    store = open_store(str(_copy(tmp_path)))
    for profile in {row[0] for row in ANSWERS}:
        expected = [(NAIVE_START + timedelta(minutes=n), kind, rule, correct, detail)
                    for n, (who, kind, rule, correct, detail) in enumerate(ANSWERS)
                    if who == profile]
        got = [(a.at, a.kind, a.rule, a.correct, a.detail) for a in store.answers(profile)]
        assert got == expected, profile
    assert sum(len(store.answers(p)) for p in store.profiles()) == len(ANSWERS)
    for profile in {row[0] for row in LESSONS}:
        assert store.lessons_done(profile) == {ls for who, ls in LESSONS if who == profile}
    for profile in {row[0] for row in HANDS}:
        assert [(h.ruleset, h.won, h.totals) for h in store.hands(profile)] == [
            (r, w, t) for who, r, w, t in HANDS if who == profile]
    assert sorted(store.profiles()) == sorted(
        {"Nadie", *(row[0] for row in ANSWERS), *(row[0] for row in LESSONS)})


def test_the_fixture_itself_is_never_changed(tmp_path: Path) -> None:
    before = FIXTURE.read_bytes()
    open_store(str(_copy(tmp_path))).record_answer("Ana", kind="legal", rule="x", correct=True)
    assert FIXTURE.read_bytes() == before
