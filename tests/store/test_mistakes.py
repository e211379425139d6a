"""The practice hands' mistakes in the store (SQLite and PostgreSQL): kept once per hand
and card, counted by kind with their points and last day, each profile's its own, erased
with the profile's history, and a database at revision 0006 upgraded keeps its rows."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import create_engine, text

from tute_tutor.coach.mistakes import MISTAKE_KINDS
from tute_tutor.store import StoreError, migrate, open_store
from tute_tutor.store.mistakes import (
    hand_key,
    mistake_summary,
    recent_kinds,
    record_mistakes,
)
from tute_tutor.store.puzzles import learner_rating, record_answer

DAY = datetime(2026, 12, 1, 18, 0)


def test_each_costly_card_counts_once_by_kind_with_its_points(db_url: str) -> None:
    store = open_store(db_url)
    hand = hand_key('{"format": "tute-hand/1"}')
    added = record_mistakes(store, "Ana", hand, "clasico", [
        (2, "1o", "three_on_opponent", 11, True), (5, "3c", "three_on_opponent", 10, True),
        (7, "12b", "pair_broken", 20, False)], at=DAY)
    assert added == 3
    # the same review drawn again adds nothing
    assert record_mistakes(store, "Ana", hand, "clasico",
                           [(2, "1o", "three_on_opponent", 11, True)], at=DAY) == 0
    later = DAY + timedelta(days=1)
    record_mistakes(store, "Ana", hand_key("another hand"), "clasico",
                    [(2, "12b", "pair_broken", 25, False)], at=later)
    summary = {s.kind: (s.count, s.points, s.last_seen) for s in mistake_summary(store, "Ana")}
    assert summary == {"three_on_opponent": (2, 21, DAY), "pair_broken": (2, 45, later)}
    # equal counts: the dearer kind first
    assert [s.kind for s in mistake_summary(store, "Ana")] == ["pair_broken",
                                                                "three_on_opponent"]


def test_each_profile_sees_only_its_own_mistakes(db_url: str) -> None:
    store = open_store(db_url)
    record_mistakes(store, "Ana", "h", "clasico", [(1, "1o", "fed_opponent", 11, True)])
    record_mistakes(store, "Luis", "h", "clasico", [(1, "1o", "missed_trick", 4, True)])
    assert [s.kind for s in mistake_summary(store, "Ana")] == ["fed_opponent"]
    assert [s.kind for s in mistake_summary(store, "Luis")] == ["missed_trick"]
    assert mistake_summary(store, "Bea") == [] and recent_kinds(store, "Bea") == []


def test_the_recent_kinds_come_most_frequent_first(db_url: str) -> None:
    store = open_store(db_url)
    record_mistakes(store, "Ana", "old", "clasico",
                    [(n, "1o", "pair_broken", 5, True) for n in range(1, 6)])
    record_mistakes(store, "Ana", "new", "clasico", [
        (1, "1o", "fed_opponent", 5, True), (2, "3o", "fed_opponent", 5, True),
        (3, "1c", "missed_trick", 5, True), (4, "3c", "missed_trick", 5, True)])
    assert recent_kinds(store, "Ana") == ["pair_broken", "missed_trick", "fed_opponent"]
    # only the latest four: a tie between the two, the one seen last first
    assert recent_kinds(store, "Ana", limit=4) == ["missed_trick", "fed_opponent"]


def test_a_bad_mistake_is_refused_in_one_line(db_url: str) -> None:
    store = open_store(db_url)
    with pytest.raises(StoreError) as caught:
        record_mistakes(store, "Ana", "h", "clasico", [(1, "1o", "blunder", 5, True)])
    assert "blunder" in caught.value.message and "\n" not in caught.value.message
    with pytest.raises(StoreError):
        record_mistakes(store, "Ana", "h", "clasico", [(0, "1o", "other", 5, True)])
    assert mistake_summary(store, "Ana") == []


def test_every_mistake_kind_can_be_kept(db_url: str) -> None:
    store = open_store(db_url)
    record_mistakes(store, "Ana", "h", "a-dos",
                    [(n + 1, "1o", kind, n, True) for n, kind in enumerate(MISTAKE_KINDS)])
    assert {s.kind for s in mistake_summary(store, "Ana")} == set(MISTAKE_KINDS)


def test_erasing_a_profile_erases_its_mistakes(db_url: str) -> None:
    store = open_store(db_url)
    record_mistakes(store, "Ana", "h", "clasico", [(1, "1o", "fed_opponent", 11, True)])
    store.reset("Ana")
    assert mistake_summary(store, "Ana") == []
    record_mistakes(store, "Luis", "h", "clasico", [(1, "1o", "fed_opponent", 11, True)])
    store.delete_profile("Luis")
    assert "Luis" not in store.profiles() and mistake_summary(store, "Luis") == []


def test_a_database_at_revision_0006_upgrades_and_keeps_its_puzzles(tmp_path: Path) -> None:
    db = tmp_path / "r6.sqlite3"
    url = f"sqlite:///{db}"
    store = open_store(url)
    record_answer(store, "Ana", "clasico/3/3", card="1o", solved=True)
    rating = learner_rating(store, "Ana")
    store.engine.dispose()
    engine = create_engine(url)
    with engine.begin() as connection:  # back to how 0006 left it
        config = migrate.alembic_config()
        config.attributes["connection"] = connection
        command.downgrade(config, "0006")
        tables = {row[0] for row in connection.execute(
            text("SELECT name FROM sqlite_master WHERE type = 'table'"))}
        assert "mistakes" not in tables and "puzzle_attempts" in tables
    engine.dispose()
    store = open_store(url)
    assert learner_rating(store, "Ana") == rating
    record_mistakes(store, "Ana", "h", "clasico", [(1, "1o", "fed_opponent", 11, True)])
    assert [s.kind for s in mistake_summary(store, "Ana")] == ["fed_opponent"]
