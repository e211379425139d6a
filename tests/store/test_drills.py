"""Drill sittings and ending results in the store (SQLite and PostgreSQL): the best stars
per skill, every ending kept, bad values refused in one line, a profile's rows erased with
its history, and a database at revision 0006 upgraded with its rows kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, text

from tute_tutor.store import StoreError, migrate, open_store
from tute_tutor.store.db import metadata
from tute_tutor.store.drills import (
    best_stars,
    ending_results,
    record_ending,
    record_sitting,
    sittings,
)
from tute_tutor.store.puzzles import attempts


def test_best_stars_are_the_most_stars_of_any_sitting_per_skill(db_url: str) -> None:
    store = open_store(db_url)
    assert best_stars(store, "Ana") == {}
    record_sitting(store, "Ana", "pisar", right=8, asked=8, stars=3)
    record_sitting(store, "Ana", "pisar", right=2, asked=4, stars=0)
    record_sitting(store, "Ana", "fallar", right=6, asked=8, stars=1)
    record_sitting(store, "Luis", "fallar", right=7, asked=8, stars=2)
    assert best_stars(store, "Ana") == {"pisar": 3, "fallar": 1}
    assert best_stars(store, "Luis") == {"fallar": 2}
    assert [(s["skill"], s["right"], s["asked"], s["stars"]) for s in sittings(store, "Ana")] \
        == [("pisar", 8, 8, 3), ("pisar", 2, 4, 0), ("fallar", 6, 8, 1)]


def test_every_ending_played_is_kept_with_its_target(db_url: str) -> None:
    store = open_store(db_url)
    record_ending(store, "Ana", "clasico/3/1", target="points", target_points=31, points=31,
                  reached=True)
    record_ending(store, "Ana", "a-dos/0/0", target="ultimas", target_points=28, points=11,
                  reached=False)
    assert [(r["ending"], r["target"], r["target_points"], r["points"], r["reached"])
            for r in ending_results(store, "Ana")] == [
        ("clasico/3/1", "points", 31, 31, True), ("a-dos/0/0", "ultimas", 28, 11, False)]
    assert ending_results(store, "Luis") == []


@pytest.mark.parametrize(("field", "value"), [("stars", 4), ("stars", -1), ("right", 9),
                                              ("asked", "8"), ("stars", True)])
def test_a_sitting_out_of_bounds_is_refused_in_one_line(field: str, value: object) -> None:
    store = open_store("sqlite://")
    result: dict[str, object] = {"right": 8, "asked": 8, "stars": 3, field: value}
    with pytest.raises(StoreError) as caught:
        record_sitting(store, "Ana", "pisar", **result)  # type: ignore[arg-type]
    assert "\n" not in caught.value.message and field in caught.value.message
    assert best_stars(store, "Ana") == {}


def test_a_bad_skill_or_target_is_refused_in_one_line() -> None:
    store = open_store("sqlite://")
    with pytest.raises(StoreError, match="skill id"):
        record_sitting(store, "Ana", "x" * 61, right=1, asked=1, stars=0)
    with pytest.raises(StoreError, match="target"):
        record_ending(store, "Ana", "clasico/1/0", target="tute", target_points=1, points=0,
                      reached=False)


def test_erasing_a_profile_erases_its_sittings_and_endings(db_url: str) -> None:
    store = open_store(db_url)
    record_sitting(store, "Ana", "pisar", right=8, asked=8, stars=3)
    record_ending(store, "Ana", "clasico/3/1", target="points", target_points=3, points=3,
                  reached=True)
    store.reset("Ana")
    assert best_stars(store, "Ana") == {} and ending_results(store, "Ana") == []
    record_sitting(store, "Luis", "pisar", right=8, asked=8, stars=3)
    record_ending(store, "Luis", "clasico/3/1", target="points", target_points=3, points=3,
                  reached=True)
    store.delete_profile("Luis")
    assert "Luis" not in store.profiles()
    assert best_stars(store, "Luis") == {} and ending_results(store, "Luis") == []


def test_a_database_at_revision_0006_is_upgraded_and_keeps_its_rows(tmp_path: Path) -> None:
    db = tmp_path / "r6.sqlite3"
    engine = create_engine(f"sqlite:///{db}")
    with engine.begin() as connection:
        config = migrate.alembic_config()
        config.attributes["connection"] = connection
        command.upgrade(config, "0006")
    engine.dispose()
    store = open_store(str(db))  # from 0006 to the newest revision, as the app starts
    from tute_tutor.store.puzzles import record_answer

    store.record_lesson("Ana", "pisar")
    record_answer(store, "Ana", "clasico/3/3", card="1o", solved=True)
    store.engine.dispose()
    # Back to 0006 with the rows in place, then open again: 0007 is applied on start.
    engine = create_engine(f"sqlite:///{db}")
    with engine.begin() as connection:
        config = migrate.alembic_config()
        config.attributes["connection"] = connection
        command.downgrade(config, "0006")
        tables = {row[0] for row in connection.execute(
            text("SELECT name FROM sqlite_master WHERE type = 'table'"))}
    engine.dispose()
    assert "drill_sittings" not in tables and "ending_results" not in tables
    store = open_store(str(db))
    assert store.lessons_done("Ana") == {"pisar"}
    assert [a["puzzle"] for a in attempts(store, "Ana")] == ["clasico/3/3"]
    record_sitting(store, "Ana", "pisar", right=8, asked=8, stars=3)
    assert best_stars(store, "Ana") == {"pisar": 3}
    with store.engine.connect() as connection:
        assert MigrationContext.configure(connection).get_current_heads() == (migrate.head(),)
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []


def test_a_sitting_keeps_where_it_came_from_and_a_bad_source_is_refused() -> None:
    store = open_store("sqlite://")
    record_sitting(store, "Ana", "baraja", right=1, asked=1, stars=1, source="placement")
    record_sitting(store, "Ana", "baraja", right=8, asked=8, stars=3)
    assert [(s["source"], s["stars"]) for s in sittings(store, "Ana")] == [
        ("placement", 1), ("drill", 3)]
    assert best_stars(store, "Ana") == {"baraja": 3}
    with pytest.raises(StoreError, match="source"):
        record_sitting(store, "Ana", "baraja", right=1, asked=1, stars=1, source="guess")
