"""A database written before the schema had versions opens, upgrades and keeps every row."""

from __future__ import annotations

import shutil
import sqlite3
import threading
from datetime import timedelta
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, text

from tests.store.make_fixture_v1 import ANSWERS, HANDS, LESSONS, OUT, START
from tute_tutor.store import StoreError, migrate, open_store
from tute_tutor.store.db import metadata, new_token

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


def _schema(db: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(db) as connection:
        rows = connection.execute(
            "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name != "
            "'alembic_version' AND name NOT LIKE 'sqlite_%' ORDER BY name").fetchall()
    return [(name, " ".join(sql.split())) for name, sql in rows]


def test_revision_one_is_exactly_the_schema_before_versions(tmp_path: Path) -> None:
    db = tmp_path / "r1.sqlite3"
    engine = create_engine(f"sqlite:///{db}")
    with engine.begin() as connection:
        config = migrate.alembic_config()
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    engine.dispose()
    assert _schema(db) == _schema(FIXTURE)


def test_the_newest_revision_matches_the_tables_the_store_uses(db_url: str) -> None:
    store = open_store(db_url)
    with store.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), metadata)
        assert differences == []
        assert MigrationContext.configure(connection).get_current_heads() == (migrate.head(),)


def test_a_postgresql_database_from_before_versions_is_stamped_and_upgraded(
        postgres_url: str) -> None:
    # What create_all made there before versions: revision 0001's tables, no version.
    engine = create_engine(postgres_url)
    with engine.begin() as connection:
        config = migrate.alembic_config()
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        connection.execute(text("DROP TABLE alembic_version"))
        connection.execute(text("INSERT INTO profiles (name, created_at) "
                                "VALUES ('Ana', now()), ('Luis', now())"))
        connection.execute(text(
            "INSERT INTO answers (profile_id, at, kind, rule, correct, detail) "
            "SELECT id, now(), 'legal', 'montar', true, '{}' FROM profiles"))
    engine.dispose()
    store = open_store(postgres_url)
    assert store.profiles() == ["Ana", "Luis"]
    assert [a.rule for a in store.answers("Luis")] == ["montar"]
    with store.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []


def test_replicas_opening_one_new_database_at_once_all_succeed(db_url: str) -> None:
    failures: list[BaseException] = []

    def replica() -> None:
        try:
            open_store(db_url).record_answer("ana", kind="legal", rule="montar", correct=True)
        except BaseException as error:  # pragma: no cover - reported below
            failures.append(error)

    threads = [threading.Thread(target=replica) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert len(open_store(db_url).answers("ana")) == 4


def test_an_upgraded_old_database_is_at_the_newest_revision(tmp_path: Path) -> None:
    store = open_store(str(_copy(tmp_path)))
    with store.engine.connect() as connection:
        assert MigrationContext.configure(connection).get_current_heads() == (migrate.head(),)
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []


def _sqlite_file_of_another_program(db: Path) -> bytes:
    with sqlite3.connect(db) as connection:
        connection.execute("CREATE TABLE recipes (id INTEGER PRIMARY KEY, name TEXT)")
        connection.execute("INSERT INTO recipes (name) VALUES ('tortilla')")
    connection.close()
    return db.read_bytes()


def test_another_programs_sqlite_file_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    db = tmp_path / "recipes.sqlite3"
    before = _sqlite_file_of_another_program(db)
    with pytest.raises(StoreError) as caught:
        open_store(str(db))
    assert caught.value.reason == "not_ours"
    message = caught.value.message
    assert "\n" not in message and str(db) in message and "recipes" in message
    assert db.read_bytes() == before  # no table added, still not in WAL mode
    assert sorted(p.name for p in tmp_path.iterdir()) == ["recipes.sqlite3"]


def test_a_database_at_a_revision_we_do_not_know_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "other.sqlite3"
    with sqlite3.connect(db) as connection:
        connection.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL)")
        connection.execute("INSERT INTO alembic_version VALUES ('abc123def')")
        connection.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
    connection.close()
    before = db.read_bytes()
    with pytest.raises(StoreError) as caught:
        open_store(str(db))
    assert caught.value.reason == "not_ours" and "abc123def" in caught.value.message
    assert db.read_bytes() == before


def test_an_empty_file_is_ours_to_fill(tmp_path: Path) -> None:
    db = tmp_path / "empty.sqlite3"
    db.write_bytes(b"")
    store = open_store(str(db))
    store.record_answer("ana", kind="legal", rule="montar", correct=True)
    assert [a.rule for a in open_store(str(db)).answers("ana")] == ["montar"]


def test_a_browser_can_take_over_the_upgraded_profiles(tmp_path: Path) -> None:
    store = open_store(str(_copy(tmp_path)))
    me = store.learner_for_token(new_token())
    assert me is not None
    names = store.profiles()
    assert store.adopt_local_profiles(me) == len(names) == 5
    assert store.profiles(me) == names and store.profiles() == []
    mine = store.profile(me, "Ana")
    assert [a.rule for a in store.answers(mine)] == [
        rule for who, _kind, rule, _ok, _detail in ANSWERS if who == "Ana"]
