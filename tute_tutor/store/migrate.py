"""Schema versions of the progress database: Alembic, run by the app on start.

:func:`upgrade` brings a database to the newest revision (``tute_tutor/store/migrations``):
an empty database gets every table, a database from before schema versions (our
tables, no ``alembic_version``) is stamped at the revision it matches and upgraded, a
database already at the newest revision is only read (so a read-only one still opens).
Anything else, another program's file or a revision this version does not know, is
refused with a :class:`~tute_tutor.store.database.StoreError` and left exactly as it was.

Two processes starting at once (replicas) take turns: SQLite by ``BEGIN IMMEDIATE``,
PostgreSQL by a transaction-scoped advisory lock.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, inspect, text

FIRST_TABLES: Final = frozenset({"profiles", "answers", "lessons_done", "hands"})
"""The tables the store made before it had versions (revision 0001)."""
VERSION_TABLE: Final = "alembic_version"
_LOCK_KEY: Final = 0x7475_7465  # "tute": the advisory lock PostgreSQL migrations take


class NotOurs(Exception):
    """The database holds something the store did not make (the message says what)."""


@cache
def alembic_config() -> Config:
    """Alembic's configuration, pointing at the migrations inside the package."""
    config = Config()
    config.set_main_option("script_location", "tute_tutor.store:migrations")
    return config


@cache
def head() -> str:
    """The newest revision."""
    found = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert found is not None
    return found


@cache
def _known() -> frozenset[str]:
    return frozenset(rev.revision for rev in
            ScriptDirectory.from_config(alembic_config()).walk_revisions())


def examine(connection: Connection) -> tuple[str | None, str | None]:
    """``(current revision, revision to stamp first)`` of the database; raises
    :class:`NotOurs` for a database this store must not touch.

    ``current`` is None for an empty database or one from before versions; ``stamp``
    is the revision an unversioned database of ours matches.
    """
    found = inspect(connection)
    names = set(found.get_table_names()) | set(found.get_view_names())
    if VERSION_TABLE in names:
        heads = MigrationContext.configure(connection).get_current_heads()
        unknown = sorted(set(heads) - _known())
        if unknown:
            raise NotOurs(f"its schema version {', '.join(unknown)} is not one this version "
                          "of Tute Tutor knows (another program's, or a newer Tute Tutor)")
        if heads:
            return heads[0], None
        names.discard(VERSION_TABLE)
    if not names:
        return None, None
    if names >= FIRST_TABLES:
        return None, "0002" if "saved_states" in names else "0001"
    shown = ", ".join(sorted(names)[:4]) + ("…" if len(names) > 4 else "")
    raise NotOurs(f"it holds tables that Tute Tutor did not make ({shown})")


def is_current(engine: Engine) -> bool:
    """True when the database is at the newest revision (read only, nothing written)."""
    with engine.connect() as connection:
        current, _stamp = examine(connection)
    return current == head()


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest revision (see the module text)."""
    if is_current(engine):
        return
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            # Table copies (batch mode) must not trip the foreign keys, and all of the
            # migration is one transaction that waits for any other writer.
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        elif connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK_KEY})
        try:
            current, stamp = examine(connection)  # again: another process may have done it
            if current != head():
                config = alembic_config()
                config.attributes["connection"] = connection
                if stamp is not None:
                    command.stamp(config, stamp)
                command.upgrade(config, "head")
            connection.commit()
        finally:
            if connection.in_transaction():
                connection.rollback()
            if sqlite:
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()
