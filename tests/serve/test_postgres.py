"""The throwaway PostgreSQL cluster the store and serve tests run against."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
import sqlalchemy as sa

from tute_tutor.serve.postgres import (
    Cluster,
    PostgresError,
    create_database,
    ensure_database,
    scratch_folder,
    start_cluster,
    stop_cluster,
)


@pytest.fixture
def pg_folder() -> Iterator[Path]:
    with scratch_folder() as folder:
        yield folder


def test_postgres_url_is_a_real_empty_database_that_keeps_a_table(postgres_url: str) -> None:
    engine = sa.create_engine(postgres_url)
    try:
        with engine.begin() as conn:
            tables = conn.execute(sa.text(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
            )).scalar_one()
            assert tables == 0
            conn.execute(sa.text("CREATE TABLE answers (id serial PRIMARY KEY, card text)"))
            conn.execute(sa.text("INSERT INTO answers (card) VALUES ('1O'), ('3B')"))
        with engine.connect() as conn:
            cards = conn.execute(sa.text("SELECT card FROM answers ORDER BY id")).scalars().all()
            version = conn.execute(sa.text("SHOW server_version")).scalar_one()
        assert cards == ["1O", "3B"]
        assert int(str(version).split(".")[0]) >= 13
    finally:
        engine.dispose()


def test_each_postgres_url_is_a_fresh_database(postgres_cluster: Cluster) -> None:
    first = create_database(postgres_cluster, "fresh_one")
    second = create_database(postgres_cluster, "fresh_two")
    assert first != second
    assert first == postgres_cluster.url("fresh_one")
    with psycopg.connect(first.replace("postgresql+psycopg", "postgresql")) as conn:
        conn.execute("CREATE TABLE only_here (x int)")
    with psycopg.connect(second.replace("postgresql+psycopg", "postgresql")) as conn:
        names = conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        assert names.fetchall() == []


def test_cluster_listens_on_loopback_only(postgres_cluster: Cluster) -> None:
    with psycopg.connect(postgres_cluster.url().replace("postgresql+psycopg", "postgresql")) as c:
        row = c.execute("SHOW listen_addresses").fetchone()
    assert row == ("127.0.0.1",)


def test_bad_database_name_is_refused_in_one_line(postgres_cluster: Cluster) -> None:
    with pytest.raises(PostgresError, match="bad database name") as caught:
        create_database(postgres_cluster, 'x"; DROP DATABASE postgres; --')
    assert "\n" not in str(caught.value)


def test_cluster_restarts_with_its_data(pg_folder: Path) -> None:
    cluster = start_cluster(pg_folder / "data")
    try:
        url = create_database(cluster, "kept").replace("postgresql+psycopg", "postgresql")
        with psycopg.connect(url) as conn:
            conn.execute("CREATE TABLE t (x int)")
            conn.execute("INSERT INTO t VALUES (7)")
    finally:
        stop_cluster(cluster)
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(url, connect_timeout=2)
    again = start_cluster(pg_folder / "data")
    try:
        with psycopg.connect(again.url("kept").replace("postgresql+psycopg", "postgresql")) as c:
            assert c.execute("SELECT x FROM t").fetchall() == [(7,)]
    finally:
        stop_cluster(again)


def test_a_folder_that_is_not_a_cluster_is_refused(pg_folder: Path) -> None:
    (pg_folder / "notes.txt").write_text("not a database", encoding="utf-8")
    with pytest.raises(PostgresError, match="neither empty nor a PostgreSQL data folder"):
        start_cluster(pg_folder)


def test_ensure_database_creates_once_and_keeps_what_is_there(postgres_cluster: Cluster) -> None:
    url = ensure_database(postgres_cluster, "kept_once")
    with psycopg.connect(url.replace("postgresql+psycopg", "postgresql")) as conn:
        conn.execute("CREATE TABLE t (x int)")
        conn.execute("INSERT INTO t VALUES (1)")
    assert ensure_database(postgres_cluster, "kept_once") == url
    with psycopg.connect(url.replace("postgresql+psycopg", "postgresql")) as conn:
        assert conn.execute("SELECT x FROM t").fetchall() == [(1,)]
