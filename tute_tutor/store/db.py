"""Tables, the :class:`Store` and its error handling.

Safety rules: the store never deletes or rewrites a database file it cannot read. A
damaged file, a locked one or a server that does not answer becomes one
:class:`StoreError` line naming the location; whatever was stored before stays as it
was (SQLite writes each call in one transaction, so a failed write changes nothing).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import secrets
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, TypeVar

from sqlalchemy import (
    Boolean,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    delete,
    event,
    select,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from tute_tutor.engine.errors import TuteError
from tute_tutor.store.names import MAX_NAME, BadName, normalise_name

ENV_VAR: Final = "TUTE_TUTOR_DB"
"""Environment variable holding the database location (a path or a SQLAlchemy URL)."""
DEFAULT_PROFILE: Final = "default"
"""The profile used until the learner picks or creates one."""
APP_NAME: Final = "tute-tutor"
LOCAL: Final = "local"
"""Origin of the one learner that plain profile names (command line, tests) and every
profile from before learners belong to."""
CARRY_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Letters of a carry code: no 0/O, 1/I/L, so it can be read aloud and typed."""
CARRY_LENGTH: Final = 12
TIMEOUT: Final = 3.0
"""Seconds to wait for the database: to connect, for one statement (PostgreSQL) and for a
lock another writer holds (SQLite's busy timeout)."""
AWAY_SECONDS: Final = 15.0
QUICK_FAILURE_SECONDS: Final = 1.0
"""A failure faster than this (a refused connection) cost nobody a wait, so it starts no
pause: the database is asked again at the next call and used as soon as it is back."""
"""After a server did not answer, calls fail at once for this long before it is asked
again."""
_AWAY_SIGNS: Final = ("timeout expired", "connection refused", "could not connect",
                      "server closed the connection", "connection is closed",
                      "terminating connection", "connection failed", "no route to host",
                      "could not translate host name", "the database system is starting up",
                      "the database system is shutting down", "consuming input failed")
MAX_STATE_BYTES: Final = 256 * 1024
"""Largest saved state (its JSON text, UTF-8) :meth:`Store.save_state` accepts."""
MAX_STATE_KEY: Final = 80

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


# --------------------------------------------------------------------------- tables
class _Base(DeclarativeBase):
    pass


metadata = _Base.metadata
"""Every table of the store (what the newest migration must match)."""


class _Learner(_Base):
    """A person: a browser by default (its token in ``learner_tokens``)."""

    __tablename__ = "learners"
    __table_args__ = (UniqueConstraint("carry_hash", name="uq_learners_carry_hash"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime)
    origin: Mapped[str] = mapped_column(String(20), index=True)
    last_profile: Mapped[str | None] = mapped_column(String(MAX_NAME))
    carry_hash: Mapped[str | None] = mapped_column(String(64))
    carry_created_at: Mapped[datetime | None] = mapped_column(DateTime)


class _Token(_Base):
    """A browser's (or device's) token, kept as its SHA-256: the database never holds
    anything that would let a reader act as a learner."""

    __tablename__ = "learner_tokens"
    __table_args__ = (UniqueConstraint("token_hash", name="uq_learner_tokens_token_hash"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", name="fk_learner_tokens_learner_id"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime)


class _Profile(_Base):
    __tablename__ = "profiles"
    __table_args__ = (UniqueConstraint("learner_id", "name", name="uq_profiles_learner_name"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(MAX_NAME))
    created_at: Mapped[datetime] = mapped_column(DateTime)
    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", name="fk_profiles_learner_id"), index=True)


class _Answer(_Base):
    __tablename__ = "answers"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(ForeignKey("profiles.id"), index=True)
    at: Mapped[datetime] = mapped_column(DateTime, index=True)
    kind: Mapped[str] = mapped_column(String(40))
    rule: Mapped[str] = mapped_column(String(40))
    correct: Mapped[bool] = mapped_column(Boolean)
    detail: Mapped[str] = mapped_column(Text, default="{}")


class _Lesson(_Base):
    __tablename__ = "lessons_done"
    __table_args__ = (UniqueConstraint("profile_id", "lesson_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(ForeignKey("profiles.id"), index=True)
    lesson_id: Mapped[str] = mapped_column(String(200))
    at: Mapped[datetime] = mapped_column(DateTime)


class _Hand(_Base):
    __tablename__ = "hands"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(ForeignKey("profiles.id"), index=True)
    at: Mapped[datetime] = mapped_column(DateTime)
    ruleset: Mapped[str] = mapped_column(String(40))
    record: Mapped[str] = mapped_column(Text)
    won: Mapped[bool] = mapped_column(Boolean)
    totals: Mapped[str] = mapped_column(String(200))


class _State(_Base):
    """A saved state per profile and key (JSON text), e.g. the practice table's match."""

    __tablename__ = "saved_states"
    __table_args__ = (UniqueConstraint("profile_id", "key"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(ForeignKey("profiles.id"), index=True)
    key: Mapped[str] = mapped_column(String(MAX_STATE_KEY))
    data: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(DateTime)


class _Room(_Base):
    """A room to play with friends (tute_tutor.store.rooms): its JSON state and the
    version every move compares and sets."""

    __tablename__ = "rooms"
    __table_args__ = (UniqueConstraint("code", name="uq_rooms_code"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(6))
    version: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(10))
    state: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime)
    updated_at: Mapped[datetime] = mapped_column(DateTime, index=True)


HISTORY_TABLES: list[Any] = []
"""Per-profile tables of the other store modules (``profile_id``), erased with the history."""


# --------------------------------------------------------------------------- rows
class OwnedProfile(str):
    """A profile name that knows its learner: what the app passes to the store.

    It is the name itself (a ``str``: labels, file names and messages use it as is),
    plus :attr:`learner` (an id) or, when the id is not known yet (the database did not
    answer when the session began), the browser's :attr:`token`, looked up at each
    call. Every :class:`Store` method that takes a profile reads and writes only that
    learner's profile of that name; a plain ``str`` means the profile of the ``local``
    learner (command line, tests, data from before learners).
    """

    learner: int | None
    token: str | None

    def __new__(cls, learner: int | None, name: str, *,
                token: str | None = None) -> OwnedProfile:
        made = super().__new__(cls, check_profile_name(name))
        if learner is None and token is None:
            raise StoreError("a learner's profile needs the learner or its token",
                             reason="no_learner")
        made.learner = None if learner is None else int(learner)
        made.token = None if token is None else check_token(token)
        return made

    def __repr__(self) -> str:
        return f"OwnedProfile({self.learner}, {str(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_owned_profile, (self.learner, str(self), self.token))


@dataclass(frozen=True, slots=True)
class Answer:
    """One stored quiz answer."""

    at: datetime
    kind: str
    rule: str
    correct: bool
    detail: dict[str, Any]


@dataclass(frozen=True, slots=True)
class LessonDone:
    """One lesson marked done, and when."""

    lesson_id: str
    at: datetime


@dataclass(frozen=True, slots=True)
class HandPlayed:
    """One practice hand: its record, whether the learner's side won, totals per side."""

    at: datetime
    ruleset: str
    record: dict[str, Any]
    won: bool
    totals: list[int]


# --------------------------------------------------------------------------- helpers
def _now() -> datetime:
    """Now in UTC without tzinfo (SQLite keeps no zones; every stored time is UTC)."""
    return datetime.now(UTC).replace(tzinfo=None)


def _naive_utc(moment: datetime | None) -> datetime:
    if moment is None:
        return _now()
    if moment.tzinfo is not None:
        return moment.astimezone(UTC).replace(tzinfo=None)
    return moment


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


def _sqlite_file(url: URL) -> Path | None:
    if not url.drivername.startswith("sqlite"):
        return None
    database = url.database or ""
    if database in ("", ":memory:") or database.startswith("file:"):
        return None
    return Path(database)


def _owned_profile(learner: int | None, name: str, token: str | None) -> OwnedProfile:
    return OwnedProfile(learner, name, token=token)


def check_profile_name(name: object) -> str:
    """The profile name normalised (:func:`~tute_tutor.store.names.normalise_name`);
    a :class:`StoreError` when it cannot be one.

    >>> check_profile_name("  Ana ")
    'Ana'
    >>> check_profile_name("")
    Traceback (most recent call last):
    ...
    tute_tutor.store.db.StoreError: a profile name cannot be empty
    """
    if isinstance(name, OwnedProfile):
        return str(name)
    try:
        return normalise_name(name, what="profile name")
    except BadName as error:
        raise StoreError(str(error), reason="bad_name") from None


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def new_token() -> str:
    """A fresh learner token for a browser: 32 random bytes, URL-safe text."""
    return secrets.token_urlsafe(32)


def identity_token(secret: str, issuer: str, subject: str) -> str:
    """The learner token of a person signed in with ``st.login`` (OIDC): the same on
    every device, and nobody without the server's ``secret`` can make it.

    >>> a = identity_token("s3cret", "https://idp.school", "pupil-17")
    >>> a == identity_token("s3cret", "https://idp.school", "pupil-17"), len(a)
    (True, 69)
    >>> a == identity_token("other", "https://idp.school", "pupil-17")
    False
    """
    import hmac

    mac = hmac.new(secret.encode("utf-8"), f"{issuer}\n{subject}".encode(), hashlib.sha256)
    return "oidc-" + mac.hexdigest()


def check_token(token: object) -> str:
    """A learner token as a browser sends it back (20 to 100 URL-safe characters)."""
    if (not isinstance(token, str) or not 20 <= len(token) <= 100
            or not all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in token)):
        raise StoreError("the learner token is not one this app makes", reason="bad_token")
    return token


def clean_carry_code(text: object) -> str | None:
    """A carry code as typed (any case, spaces or dashes), or None if it cannot be one.

    >>> clean_carry_code(" abcd-efgh-jkmn ")
    'ABCDEFGHJKMN'
    >>> clean_carry_code("ABCD-EFGH") is None
    True
    """
    if not isinstance(text, str) or len(text) > 60:
        return None
    code = "".join(ch for ch in text.upper() if ch not in " -\t")
    if len(code) != CARRY_LENGTH or any(ch not in CARRY_ALPHABET for ch in code):
        return None
    return code


def format_carry_code(code: str) -> str:
    """``ABCDEFGHJKMN`` as ``ABCD-EFGH-JKMN``."""
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4))


def check_state_key(key: object) -> str:
    """A saved-state key: 1 to 80 characters of letters, digits, ``._-:/``.

    >>> check_state_key("practice.table")
    'practice.table'
    >>> check_state_key("no spaces")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tute_tutor.store.db.StoreError: the saved-state key 'no spaces' may only hold ...
    """
    if not isinstance(key, str) or not key:
        raise StoreError(f"a saved-state key must be non-empty text, not {key!r}",
                         reason="bad_key")
    if len(key) > MAX_STATE_KEY:
        raise StoreError(f"the saved-state key '{key[:MAX_STATE_KEY]}…' is too long "
                         f"(at most {MAX_STATE_KEY} characters)", reason="bad_key")
    if not all((ch.isascii() and ch.isalnum()) or ch in "._-:/" for ch in key):
        raise StoreError(f"the saved-state key {key!r} may only hold letters, digits and "
                         ". _ - : /", reason="bad_key")
    return key


def _state_text(key: str, data: object) -> str:
    if not isinstance(data, Mapping):
        raise StoreError(f"the saved state '{key}' must be a mapping, not "
                         f"{type(data).__name__}", reason="bad_state")
    try:
        text = json.dumps(dict(data), ensure_ascii=False, allow_nan=False,
                          separators=(",", ":"))
    except (TypeError, ValueError) as error:
        raise StoreError(f"the saved state '{key}' is not plain JSON data: {error}",
                         reason="bad_state") from None
    size = len(text.encode("utf-8"))
    if size > MAX_STATE_BYTES:
        raise StoreError(f"the saved state '{key}' is too big ({size} bytes as JSON; at "
                         f"most {MAX_STATE_BYTES})", reason="too_big")
    return text


# --------------------------------------------------------------------------- store
class Store:
    """Progress per profile in one database. Build it with :func:`open_store`."""

    def __init__(self, engine: Engine, location: str) -> None:
        self.engine = engine
        self.location = location
        """Where the data lives, for messages (password hidden)."""
        self._local_id: int | None = None
        self._away_until = 0.0
        self._away_error: StoreError | None = None

    # ------------------------------------------------------------- error guard
    def _explain(self, error: SQLAlchemyError) -> StoreError:
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
    def _session(self) -> Iterator[Session]:
        """A transaction: everything in it is saved together or not at all.

        A server that did not answer is not asked again for :data:`AWAY_SECONDS`:
        meanwhile every call fails at once with the same one line, so pages never
        wait on it twice in a row. A server that refused at once is asked again next time.
        """
        if self._away_error is not None and time.monotonic() < self._away_until:
            raise self._away_error
        started = time.monotonic()
        try:
            with Session(self.engine) as session, session.begin():
                yield session
        except SQLAlchemyError as error:
            explained = self._explain(error)
            waited = time.monotonic() - started
            if explained.reason == "unavailable" and waited >= QUICK_FAILURE_SECONDS:
                self._away_error = explained
                self._away_until = time.monotonic() + AWAY_SECONDS
            raise explained from None
        self._away_error = None

    def _guard(self, action: Callable[[Session], T]) -> T:
        with self._session() as session:
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
            raise self._explain(error) from None

    # ------------------------------------------------------------- learners
    def _local_learner(self, session: Session) -> int:
        if self._local_id is not None:
            return self._local_id
        found = session.scalar(select(_Learner.id).where(_Learner.origin == LOCAL)
                               .order_by(_Learner.id).limit(1))
        if found is None:  # revision 0003 makes it; a database restored by hand may not
            learner = _Learner(created_at=_now(), origin=LOCAL)
            session.add(learner)
            session.flush()
            return learner.id  # not kept until that transaction is committed
        self._local_id = found
        return found

    def local_learner(self) -> int:
        """The id of the ``local`` learner (plain profile names, data from before)."""
        return self._guard(self._local_learner)

    def learner_for_token(self, token: str, *, create: bool = True) -> int | None:
        """The learner whose browser holds ``token``; a new learner for a token never
        seen (``create``), else None. Only the token's SHA-256 is stored."""
        token = check_token(token)
        digest = _digest(token)

        return self._guard(lambda session: self._learner_of(session, digest, create=create))

    @staticmethod
    def _learner_of(session: Session, digest: str, *, create: bool) -> int | None:
        found = session.scalar(select(_Token.learner_id).where(_Token.token_hash == digest))
        if found is not None or not create:
            return found
        learner = _Learner(created_at=_now(), origin="browser")
        session.add(learner)
        session.flush()
        session.execute(_insert_or_skip(session, _Token, {
            "learner_id": learner.id, "token_hash": digest, "created_at": _now()}))
        # Two first visits with one token at once: both get the winner's learner.
        return session.scalar(select(_Token.learner_id).where(_Token.token_hash == digest))

    def profile(self, learner: int, name: str) -> OwnedProfile:
        """``learner``'s profile ``name`` (checked, not created: the first write does)."""
        return OwnedProfile(learner, name)

    def last_profile(self, learner: int) -> str | None:
        """The profile ``learner`` picked last (on any device), if it still exists."""
        def run(session: Session) -> str | None:
            name = session.scalar(select(_Learner.last_profile).where(_Learner.id == learner))
            if name is None:
                return None
            exists = session.scalar(select(_Profile.id).where(
                _Profile.learner_id == learner, _Profile.name == name))
            return name if exists is not None else None

        return self._guard(run)

    def set_last_profile(self, profile: OwnedProfile) -> None:
        """Remember ``profile`` as its learner's current one (created if new)."""
        def run(session: Session) -> None:
            self._profile_id(session, profile, create=True)
            learner = session.get(_Learner, self._scope(session, profile)[0])
            if learner is not None:
                learner.last_profile = str(profile)

        self._guard(run)

    # ------------------------------------------------------------- carry codes
    def make_carry_code(self, learner: int) -> str:
        """A new personal code (``ABCD-EFGH-JKMN``) that brings ``learner``'s progress
        to another browser; it replaces any earlier code. Only its SHA-256 is kept, so
        it is shown once, now."""
        code = "".join(secrets.choice(CARRY_ALPHABET) for _ in range(CARRY_LENGTH))

        def run(session: Session) -> None:
            row = session.get(_Learner, learner)
            if row is None:
                raise StoreError(f"no learner {learner} in {self.location}",
                                 reason="no_learner")
            row.carry_hash = _digest(code)
            row.carry_created_at = _now()

        self._guard(run)
        return format_carry_code(code)

    def carry_code_since(self, learner: int) -> datetime | None:
        """When ``learner``'s carry code was made; None when there is none."""
        def run(session: Session) -> datetime | None:
            row = session.get(_Learner, learner)
            if row is None or row.carry_hash is None:
                return None
            return row.carry_created_at

        return self._guard(run)

    def revoke_carry_code(self, learner: int, *, keep_token: str | None) -> int:
        """The code stops working, and every other browser that used it forgets this
        learner (it starts afresh; the progress stays here). Returns how many browsers
        were let go. ``keep_token`` is the token of the browser asking."""
        keep = _digest(check_token(keep_token)) if keep_token is not None else None

        def run(session: Session) -> int:
            row = session.get(_Learner, learner)
            if row is None:
                return 0
            row.carry_hash = None
            row.carry_created_at = None
            others = delete(_Token).where(_Token.learner_id == learner)
            if keep is not None:
                others = others.where(_Token.token_hash != keep)
            return int(getattr(session.execute(others), "rowcount", 0) or 0)

        return self._guard(run)

    def use_carry_code(self, code: str, token: str) -> int | None:
        """Make the browser holding ``token`` the learner of ``code`` (typed in any
        case, with or without dashes); None for a code that does not work.

        What the browser had before is not lost: if no other browser holds its old
        learner, that learner's profiles move over (a taken name gets `` (2)``).
        """
        clean = clean_carry_code(code)
        token = check_token(token)
        if clean is None:
            return None
        digest = _digest(token)

        def run(session: Session) -> int | None:
            target = session.scalar(select(_Learner.id)
                                    .where(_Learner.carry_hash == _digest(clean)))
            if target is None:
                return None
            row = session.scalar(select(_Token).where(_Token.token_hash == digest))
            if row is None:
                session.add(_Token(learner_id=target, token_hash=digest, created_at=_now()))
                return target
            old = row.learner_id
            if old == target:
                return target
            row.learner_id = target
            session.flush()
            still_held = session.scalar(select(_Token.id).where(_Token.learner_id == old)
                                        .limit(1))
            if still_held is None:
                self._move_profiles(session, old, target)
            return target

        return self._guard(run)

    @staticmethod
    def _move_profiles(session: Session, source: int, target: int) -> None:
        taken = set(session.scalars(select(_Profile.name)
                                    .where(_Profile.learner_id == target)))
        for profile in list(session.scalars(select(_Profile)
                                            .where(_Profile.learner_id == source))):
            name = profile.name
            number = 2
            while name in taken:
                suffix = f" ({number})"
                name = profile.name[:MAX_NAME - len(suffix)] + suffix
                number += 1
            profile.name = name
            profile.learner_id = target
            taken.add(name)

    def adopt_local_profiles(self, learner: int) -> int:
        """Give ``learner`` every profile of the ``local`` learner (the progress made
        before learners existed); returns how many moved."""
        def run(session: Session) -> int:
            local = self._local_learner(session)
            count = len(list(session.scalars(select(_Profile.id)
                                             .where(_Profile.learner_id == local))))
            if local != learner:
                self._move_profiles(session, local, learner)
            return count

        return self._guard(run)

    # ------------------------------------------------------------- profiles
    def _scope(self, session: Session, profile: str, *,
               create: bool = True) -> tuple[int | None, str]:
        """(learner id, clean name) of a profile argument; the learner is None when it
        is known only by a token never seen and ``create`` is off (reads never write)."""
        if isinstance(profile, OwnedProfile):
            if profile.learner is not None:
                return profile.learner, str(profile)
            assert profile.token is not None
            return self._learner_of(session, _digest(profile.token), create=create), \
                str(profile)
        return self._local_learner(session), check_profile_name(profile)

    def _profile_id(self, session: Session, profile: str, *, create: bool) -> int | None:
        learner, name = self._scope(session, profile, create=create)
        if learner is None:
            return None
        where = (_Profile.learner_id == learner, _Profile.name == name)
        found = session.scalar(select(_Profile.id).where(*where))
        if found is not None or not create:
            return found
        # Two first answers of one new profile at once: the second insert does
        # nothing and both read the one row.
        session.execute(_insert_or_skip(session, _Profile, {
            "name": name, "created_at": _now(), "learner_id": learner}))
        return session.scalar(select(_Profile.id).where(*where))

    def add_profile(self, name: str) -> str:
        """Create a profile (nothing happens if it exists); return its clean name."""
        check_profile_name(name)
        self._guard(lambda s: self._profile_id(s, name, create=True))
        return check_profile_name(name)

    def profiles(self, learner: int | None = None) -> list[str]:
        """``learner``'s profile names (the ``local`` learner's without one), in
        creation order."""
        def run(session: Session) -> list[str]:
            owner = learner if learner is not None else self._local_learner(session)
            return list(session.scalars(select(_Profile.name)
                                        .where(_Profile.learner_id == owner)
                                        .order_by(_Profile.id)))

        return self._guard(run)

    def delete_profile(self, name: str) -> None:
        """Remove a profile and all its history."""
        check_profile_name(name)

        def run(session: Session) -> None:
            pid = self._profile_id(session, name, create=False)
            if pid is None:
                return
            self._delete_history(session, pid)
            session.execute(delete(_Profile).where(_Profile.id == pid))

        self._guard(run)

    # ------------------------------------------------------------- writing
    def record_answer(self, profile: str, *, kind: str, rule: str, correct: bool,
                      detail: Mapping[str, Any] | None = None,
                      at: datetime | None = None) -> None:
        """Store one quiz answer (``at`` defaults to now, UTC)."""
        check_profile_name(profile)
        detail_text = json.dumps(dict(detail or {}), ensure_ascii=False, default=str)

        def run(session: Session) -> None:
            pid = self._profile_id(session, profile, create=True)
            assert pid is not None
            session.add(_Answer(profile_id=pid, at=_naive_utc(at), kind=str(kind),
                                rule=str(rule), correct=bool(correct), detail=detail_text))

        self._guard(run)

    def record_lesson(self, profile: str, lesson_id: str, *, at: datetime | None = None) -> None:
        """Mark a lesson as done (the first time counts; doing it again changes nothing)."""
        check_profile_name(profile)

        def run(session: Session) -> None:
            pid = self._profile_id(session, profile, create=True)
            assert pid is not None
            exists = session.scalar(select(_Lesson.id).where(
                _Lesson.profile_id == pid, _Lesson.lesson_id == str(lesson_id)))
            if exists is None:
                session.add(_Lesson(profile_id=pid, lesson_id=str(lesson_id),
                                    at=_naive_utc(at)))

        self._guard(run)

    def record_hand(self, profile: str, *, ruleset: str, record: Mapping[str, Any], won: bool,
                    totals: list[int], at: datetime | None = None) -> None:
        """Store a practice hand: its ``tute-hand/1`` record, the result, totals per side."""
        check_profile_name(profile)
        record_text = json.dumps(dict(record), ensure_ascii=False)
        totals_text = json.dumps([int(x) for x in totals])

        def run(session: Session) -> None:
            pid = self._profile_id(session, profile, create=True)
            assert pid is not None
            session.add(_Hand(profile_id=pid, at=_naive_utc(at), ruleset=str(ruleset),
                              record=record_text, won=bool(won), totals=totals_text))

        self._guard(run)

    # ------------------------------------------------------------- saved states
    def save_state(self, profile: str, key: str, data: Mapping[str, Any]) -> None:
        """Keep ``data`` (JSON-able, at most :data:`MAX_STATE_BYTES` as JSON) under
        ``key`` for ``profile``, replacing what was there."""
        check_profile_name(profile)
        key = check_state_key(key)
        text = _state_text(key, data)

        def run(session: Session) -> None:
            pid = self._profile_id(session, profile, create=True)
            assert pid is not None
            values = {"profile_id": pid, "key": key, "data": text, "updated_at": _now()}
            upsert = _upsert(session, _State, values, ["profile_id", "key"],
                             {"data": text, "updated_at": values["updated_at"]})
            session.execute(upsert)

        self._guard(run)

    def load_state(self, profile: str, key: str) -> dict[str, Any] | None:
        """What :meth:`save_state` kept under ``key`` for ``profile``; None if nothing
        (or if the stored text is no longer a JSON object)."""
        check_profile_name(profile)
        key = check_state_key(key)

        def run(session: Session) -> str | None:
            pid = self._profile_id(session, profile, create=False)
            if pid is None:
                return None
            return session.scalar(select(_State.data).where(_State.profile_id == pid,
                                                            _State.key == key))

        text = self._guard(run)
        if text is None:
            return None
        try:
            value = json.loads(text)
        except ValueError:
            return None
        return value if isinstance(value, dict) else None

    def clear_state(self, profile: str, key: str) -> None:
        """Forget the state under ``key`` for ``profile`` (nothing happens if none)."""
        check_profile_name(profile)
        key = check_state_key(key)

        def run(session: Session) -> None:
            pid = self._profile_id(session, profile, create=False)
            if pid is not None:
                session.execute(delete(_State).where(_State.profile_id == pid,
                                                     _State.key == key))

        self._guard(run)

    # ------------------------------------------------------------- reading
    def answers(self, profile: str) -> list[Answer]:
        """Every answer of ``profile``, oldest first."""
        check_profile_name(profile)

        def run(session: Session) -> list[Answer]:
            pid = self._profile_id(session, profile, create=False)
            if pid is None:
                return []
            rows = session.execute(select(_Answer).where(_Answer.profile_id == pid)
                                   .order_by(_Answer.at, _Answer.id)).scalars()
            return [Answer(r.at, r.kind, r.rule, r.correct, _load_json(r.detail, {}))
                    for r in rows]

        return self._guard(run)

    def lessons(self, profile: str) -> list[LessonDone]:
        """Lessons done by ``profile``, in the order they were done."""
        check_profile_name(profile)

        def run(session: Session) -> list[LessonDone]:
            pid = self._profile_id(session, profile, create=False)
            if pid is None:
                return []
            rows = session.execute(select(_Lesson).where(_Lesson.profile_id == pid)
                                   .order_by(_Lesson.at, _Lesson.id)).scalars()
            return [LessonDone(r.lesson_id, r.at) for r in rows]

        return self._guard(run)

    def lessons_done(self, profile: str) -> set[str]:
        """Ids of the lessons ``profile`` has done."""
        return {row.lesson_id for row in self.lessons(profile)}

    def hands(self, profile: str) -> list[HandPlayed]:
        """Practice hands of ``profile``, oldest first."""
        check_profile_name(profile)

        def run(session: Session) -> list[HandPlayed]:
            pid = self._profile_id(session, profile, create=False)
            if pid is None:
                return []
            rows = session.execute(select(_Hand).where(_Hand.profile_id == pid)
                                   .order_by(_Hand.at, _Hand.id)).scalars()
            return [HandPlayed(r.at, r.ruleset, _load_json(r.record, {}), r.won,
                               list(_load_json(r.totals, []))) for r in rows]

        return self._guard(run)

    def fingerprint(self, profile: str) -> tuple[int, ...]:
        """Counts and last ids of ``profile``'s rows: changes whenever its history does.

        Cheap enough for every page run; caches key their figures on it.
        """
        from sqlalchemy import func

        check_profile_name(profile)

        def run(session: Session) -> tuple[int, ...]:
            pid = self._profile_id(session, profile, create=False)
            if pid is None:
                return (0,)
            out: list[int] = [pid]
            for table in (_Answer, _Lesson, _Hand):
                count, last = session.execute(
                    select(func.count(table.id), func.max(table.id))
                    .where(table.profile_id == pid)).one()
                out += [int(count or 0), int(last or 0)]
            return tuple(out)

        return self._guard(run)

    # ------------------------------------------------------------- export / reset
    def export_csv(self, profile: str) -> str:
        """All of ``profile``'s history as CSV text, one row per answer, lesson or hand."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["type", "at", "kind", "rule", "correct", "lesson_id", "ruleset",
                         "won", "totals", "detail"])
        rows: list[tuple[datetime, list[str]]] = []
        for a in self.answers(profile):
            rows.append((a.at, ["answer", a.at.isoformat(), a.kind, a.rule,
                                str(a.correct).lower(), "", "", "", "",
                                json.dumps(a.detail, ensure_ascii=False)]))
        for lesson in self.lessons(profile):
            rows.append((lesson.at, ["lesson", lesson.at.isoformat(), "", "", "",
                                     lesson.lesson_id, "", "", "", ""]))
        for h in self.hands(profile):
            rows.append((h.at, ["hand", h.at.isoformat(), "", "", "", "", h.ruleset,
                                str(h.won).lower(), " ".join(str(t) for t in h.totals), ""]))
        for _, row in sorted(rows, key=lambda item: item[0]):
            writer.writerow(row)
        return out.getvalue()

    @staticmethod
    def _delete_history(session: Session, pid: int) -> None:
        for table in (_Answer, _Lesson, _Hand, _State, *HISTORY_TABLES):
            session.execute(delete(table).where(table.profile_id == pid))

    def reset(self, profile: str) -> None:
        """Erase ``profile``'s answers, lessons, hands and saved states (the profile
        itself stays)."""
        check_profile_name(profile)

        def run(session: Session) -> None:
            pid = self._profile_id(session, profile, create=False)
            if pid is not None:
                self._delete_history(session, pid)

        self._guard(run)

    def close(self) -> None:
        """Release the connections (the data stays on disk)."""
        self.engine.dispose()


def _insert(session: Session, table: type[_Base], values: dict[str, Any]) -> Any:
    if session.get_bind().dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as pg_insert

        return pg_insert(table).values(**values)
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert

    return sqlite_insert(table).values(**values)


def _upsert(session: Session, table: type[_Base], values: dict[str, Any],
            keys: list[str], changes: dict[str, Any]) -> Any:
    """``INSERT ... ON CONFLICT (keys) DO UPDATE``: one statement, so two writers of the
    same row never collide (SQLite and PostgreSQL both have it)."""
    return _insert(session, table, values).on_conflict_do_update(index_elements=keys,
                                                                 set_=changes)


def _insert_or_skip(session: Session, table: type[_Base], values: dict[str, Any]) -> Any:
    """``INSERT ... ON CONFLICT DO NOTHING``."""
    return _insert(session, table, values).on_conflict_do_nothing()


def _load_json(text: str, fallback: T) -> T:
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return fallback
    return value if isinstance(value, type(fallback)) else fallback


def open_store(url: str | None = None, *, timeout: float = TIMEOUT) -> Store:
    """Open (creating on first use) the progress database at ``url``.

    ``url`` is a file path or a SQLAlchemy URL; without it ``TUTE_TUTOR_DB``, else a
    SQLite file in the user's data folder. ``timeout`` bounds every wait: for a SQLite
    file another program has locked, and on PostgreSQL to connect (``connect_timeout``)
    and for each statement (``statement_timeout``), so a server that never answers
    costs seconds, not minutes. A file that is not a readable database, or another
    program's, is kept untouched and reported by a :class:`StoreError`.
    """
    parsed = engine_url(url if url is not None else default_url())
    location = parsed.render_as_string(hide_password=True)
    path = _sqlite_file(parsed)
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
    store = Store(engine, location)
    store.create_tables()
    if path is not None:
        _use_write_ahead_log(engine)
    return store


def _use_write_ahead_log(engine: Engine) -> None:
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
