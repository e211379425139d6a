"""The database itself: where it is, how long to wait for it, what its errors mean, and
the guarded run every read and write of the store goes through.

Safety rules: the store never deletes or rewrites a database file it cannot read. A
damaged file, a locked one or a server that does not answer becomes one
:class:`StoreError` line naming the location; whatever was stored before stays as it
was (SQLite writes each call in one transaction, so a failed write changes nothing).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final, TypeVar

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError
from sqlalchemy.orm import Session

from tute_tutor.engine.errors import TuteError

ENV_VAR: Final = "TUTE_TUTOR_DB"
"""Environment variable holding the database location (a path or a SQLAlchemy URL)."""
APP_NAME: Final = "tute-tutor"
TIMEOUT: Final = 3.0
"""Seconds to wait for the database: to connect, for one statement (PostgreSQL) and for a
lock another writer holds (SQLite's busy timeout)."""
AWAY_SECONDS: Final = 15.0
"""After a server did not answer, calls fail at once for this long before it is asked
again."""
QUICK_FAILURE_SECONDS: Final = 1.0
"""A failure faster than this (a refused connection) cost nobody a wait, so it starts no
pause: the database is asked again at the next call and used as soon as it is back."""
_AWAY_SIGNS: Final = ("timeout expired", "connection refused", "could not connect",
                      "server closed the connection", "connection is closed",
                      "terminating connection", "connection failed", "no route to host",
                      "could not translate host name", "the database system is starting up",
                      "the database system is shutting down", "consuming input failed")

T = TypeVar("T")


class StoreError(TuteError):
    """The progress database cannot be opened, read or written (one line, with where)."""

    code = "store"

    def __init__(self, message: str, *, reason: str = "other", where: str = "") -> None:
        super().__init__(message)
        self.reason = reason
        """``locked``, ``damaged``, ``readonly``, ``cannot_open``, ``bad_name``,
        ``bad_key``, ``bad_state``, ``too_big``, ``not_ours`` or ``other``."""
        self.where = where


def default_url() -> str:
    """``TUTE_TUTOR_DB`` if set, else a SQLite file in the user's data folder."""
    configured = os.environ.get(ENV_VAR, "").strip()
    if configured:
        return configured
    import platformdirs

    folder = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    return f"sqlite:///{folder / 'progress.sqlite3'}"


def engine_url(location: str) -> URL:
    """The SQLAlchemy URL for a location: a file path means SQLite, ``postgresql://``
    (or ``postgres://``) means PostgreSQL through psycopg 3.

    >>> engine_url("postgresql://u@db.school/tute").drivername
    'postgresql+psycopg'
    >>> engine_url("/tmp/p.sqlite3").render_as_string()
    'sqlite:////tmp/p.sqlite3'
    """
    text = location.strip()
    if not text:
        raise StoreError("the database location is empty: give a file path or a database URL")
    if "://" not in text:  # a plain file path means a SQLite file
        text = f"sqlite:///{Path(text).expanduser()}"
    try:
        url = make_url(text)
    except ArgumentError:
        raise StoreError(f"'{location}' is not a database URL or file path") from None
    if url.drivername in ("postgresql", "postgres"):  # plain URLs get psycopg 3
        url = url.set(drivername="postgresql+psycopg")
    return url


def sqlite_file(url: URL) -> Path | None:
    """The file of a SQLite URL; None for another database or one in memory."""
    if not url.drivername.startswith("sqlite"):
        return None
    database = url.database or ""
    if database in ("", ":memory:") or database.startswith("file:"):
        return None
    return Path(database)


class Database:
    """One database: its engine, its location for messages, and the guarded run."""

    def __init__(self, engine: Engine, location: str) -> None:
        self.engine = engine
        self.location = location
        """Where the data lives, for messages (password hidden)."""
        self._away_until = 0.0
        self._away_error: StoreError | None = None

    def explain(self, error: SQLAlchemyError) -> StoreError:
        """The one line a database error means here (its ``reason`` says which case)."""
        text = str(getattr(error, "orig", None) or error).lower()
        where = self.location
        if any(sign in text for sign in _AWAY_SIGNS):
            return StoreError(f"the progress database {where} is not answering: progress "
                              "is not being saved for now", reason="unavailable", where=where)
        if "statement timeout" in text:
            return StoreError(f"the progress database {where} took too long to answer: "
                              "nothing was changed, try again in a moment",
                              reason="slow", where=where)
        if "locked" in text or "busy" in text:
            return StoreError(f"the progress database {where} is locked by another program: "
                              "nothing was lost, try again in a moment",
                              reason="locked", where=where)
        if "not a database" in text or "malformed" in text or "corrupt" in text:
            return StoreError(f"the progress database {where} is damaged and was left "
                              f"untouched: move it away or set {ENV_VAR} to a new file",
                              reason="damaged", where=where)
        if "readonly" in text or "read-only" in text:
            return StoreError(f"the progress database {where} is read-only: nothing can be "
                              "saved there", reason="readonly", where=where)
        if "unable to open" in text:
            return StoreError(f"the progress database {where} cannot be opened "
                              "(missing folder or no permission)",
                              reason="cannot_open", where=where)
        first = str(getattr(error, "orig", None) or error).splitlines()[0]
        return StoreError(f"the progress database {where} cannot be used: {first}",
                          where=where)


    @contextmanager
    def transaction(self, *, write: bool = False) -> Iterator[Session]:
        """A transaction: everything in it is saved together or not at all.

        ``write`` marks a read-then-write change: on SQLite it starts by taking the write
        lock (``BEGIN IMMEDIATE``, waiting for another writer up to the busy timeout), so
        what it reads cannot change before it writes. Without it, SQLite reads outside any
        transaction and the write begins later, on a newer file. PostgreSQL needs nothing
        here: its changes lock the rows they read (``FOR UPDATE``).

        A server that did not answer is not asked again for :data:`AWAY_SECONDS`:
        meanwhile every call fails at once with the same one line, so pages never
        wait on it twice in a row. A server that refused at once is asked again next time.
        """
        if self._away_error is not None and time.monotonic() < self._away_until:
            raise self._away_error
        started = time.monotonic()
        try:
            with Session(self.engine) as session, session.begin():
                if write and self.engine.dialect.name == "sqlite":
                    session.connection().exec_driver_sql("BEGIN IMMEDIATE")
                yield session
        except SQLAlchemyError as error:
            explained = self.explain(error)
            waited = time.monotonic() - started
            if explained.reason == "unavailable" and waited >= QUICK_FAILURE_SECONDS:
                self._away_error = explained
                self._away_until = time.monotonic() + AWAY_SECONDS
            raise explained from None
        self._away_error = None

    def run(self, action: Callable[[Session], T], *, write: bool = False) -> T:
        """``action(session)`` in one :meth:`transaction` (``write``: a read-then-write
        change, see there): every statement bounded by :data:`TIMEOUT`, every database
        error one :class:`StoreError`, a server that did not answer not asked again for
        :data:`AWAY_SECONDS`. What the store's modules (rooms, classes) call for each read
        or write."""
        with self.transaction(write=write) as session:
            return action(session)


    def create_tables(self) -> None:
        """Create the tables, or upgrade them to the newest schema (Alembic); a
        database that is not ours is refused and left untouched."""
        from tute_tutor.store import migrate

        try:
            migrate.upgrade(self.engine)
        except migrate.NotOurs as error:
            raise StoreError(f"the database {self.location} is not a Tute Tutor progress "
                             f"database and was left untouched: {error}; point "
                             f"{ENV_VAR} at a new file", reason="not_ours",
                             where=self.location) from None
        except SQLAlchemyError as error:
            raise self.explain(error) from None


    def close(self) -> None:
        """Release the connections (the data stays on disk)."""
        self.engine.dispose()


def connect(url: str | None = None, *, timeout: float = TIMEOUT) -> tuple[Engine, str, Path | None]:
    """The engine for ``url`` (see :func:`tute_tutor.store.open_store`), the location for
    messages and, for a SQLite file, its path."""
    parsed = engine_url(url if url is not None else default_url())
    location = parsed.render_as_string(hide_password=True)
    path = sqlite_file(parsed)
    connect_args: dict[str, Any] = {}
    if path is not None:
        location = str(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(f"cannot create the folder {path.parent} for the progress "
                             f"database: {error.strerror or error}") from None
        if path.exists() and not path.is_file():
            raise StoreError(f"the progress database {path} is not a file")
    engine_args: dict[str, Any] = {}
    if parsed.drivername.startswith("sqlite"):
        connect_args["timeout"] = timeout
    elif parsed.get_backend_name() == "postgresql":
        if "connect_timeout" not in parsed.query:
            connect_args["connect_timeout"] = max(1, round(timeout))
        if "options" not in parsed.query:
            connect_args["options"] = f"-c statement_timeout={round(timeout * 1000)}"
        # A replica outlives database restarts: test each pooled connection first, and
        # never wait long for one.
        engine_args.update(pool_pre_ping=True, pool_timeout=timeout)
    try:
        engine = create_engine(parsed, connect_args=connect_args, **engine_args)
    except (ArgumentError, NoSuchModuleError, ImportError) as error:
        raise StoreError(f"cannot use the database URL {location}: "
                         f"{str(error).splitlines()[0]}") from None
    if parsed.drivername.startswith("sqlite"):
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine, location, path


def use_write_ahead_log(engine: Engine) -> None:
    """Switch a SQLite file to WAL: readers never wait for a writer, commits are ~3x
    cheaper, and each commit is still synced to disk (synchronous stays FULL).

    The mode is stored in the file, so this runs once per open; if it cannot be set
    (a read-only file, a busy database) the store simply keeps the default journal.
    """
    try:
        with engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA journal_mode=WAL")
    except SQLAlchemyError:
        pass


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


__all__ = ["APP_NAME", "AWAY_SECONDS", "ENV_VAR", "QUICK_FAILURE_SECONDS", "TIMEOUT", "Database",
           "StoreError", "connect", "default_url", "engine_url", "sqlite_file",
           "use_write_ahead_log"]
