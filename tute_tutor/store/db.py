"""The :class:`Store`: a learner's progress that lasts (answers, lessons done, practice
hands, saved states per profile), over the learners of :mod:`tute_tutor.store.learners`
and their carry codes (:mod:`tute_tutor.store.carry_codes`), in the tables of
:mod:`tute_tutor.store.tables`, through the guarded run of
:mod:`tute_tutor.store.database`. Build it with :func:`open_store`.

The names other modules import from here (``OwnedProfile``, ``new_token``,
``AWAY_SECONDS``, ...) keep working: they are the ones of those modules.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, TypeVar

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from tute_tutor.engine.errors import shown
from tute_tutor.store.carry_codes import (
    CARRY_ALPHABET,
    CARRY_LENGTH,
    CarryCodes,
    clean_carry_code,
    format_carry_code,
)
from tute_tutor.store.database import (
    APP_NAME,
    AWAY_SECONDS,
    ENV_VAR,
    QUICK_FAILURE_SECONDS,
    TIMEOUT,
    StoreError,
    connect,
    default_url,
    engine_url,
    use_write_ahead_log,
)
from tute_tutor.store.learners import (
    LOCAL,
    OwnedProfile,
    check_profile_name,
    check_token,
    identity_token,
    new_token,
)
from tute_tutor.store.tables import (
    HISTORY_TABLES,
    MAX_STATE_KEY,
    AnswerRow,
    HandRow,
    LessonRow,
    StateRow,
    metadata,
    naive_utc,
    upsert,
    utc_now,
)

DEFAULT_PROFILE: Final = "default"
"""The profile used until the learner picks or creates one."""
MAX_STATE_BYTES: Final = 256 * 1024
"""Largest saved state (its JSON text, UTF-8) :meth:`Store.save_state` accepts."""

T = TypeVar("T")


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


def check_state_key(key: object) -> str:
    """A saved-state key: 1 to 80 characters of letters, digits, ``._-:/``.

    >>> check_state_key("practice.table")
    'practice.table'
    >>> check_state_key("no spaces")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tute_tutor.store.database.StoreError: the saved-state key 'no spaces' may only hold ...
    """
    if not isinstance(key, str) or not key:
        raise StoreError(f"a saved-state key must be non-empty text, not {shown(key)}",
                         reason="bad_key")
    if len(key) > MAX_STATE_KEY:
        raise StoreError(f"the saved-state key '{key[:MAX_STATE_KEY]}…' is too long "
                         f"(at most {MAX_STATE_KEY} characters)", reason="bad_key")
    if not all((ch.isascii() and ch.isalnum()) or ch in "._-:/" for ch in key):
        raise StoreError(f"the saved-state key {shown(key)} may only hold letters, digits and "
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


class Store(CarryCodes):
    """Progress per profile in one database. Build it with :func:`open_store`."""

    # ------------------------------------------------------------- writing
    def record_answer(self, profile: str, *, kind: str, rule: str, correct: bool,
                      detail: Mapping[str, Any] | None = None,
                      at: datetime | None = None) -> None:
        """Store one quiz answer (``at`` defaults to now, UTC)."""
        check_profile_name(profile)
        detail_text = json.dumps(dict(detail or {}), ensure_ascii=False, default=str)

        def run(session: Session) -> None:
            pid = self.profile_id_in(session, profile, create=True)
            assert pid is not None
            session.add(AnswerRow(profile_id=pid, at=naive_utc(at), kind=str(kind),
                                  rule=str(rule), correct=bool(correct), detail=detail_text))

        self.run(run)

    def record_lesson(self, profile: str, lesson_id: str, *, at: datetime | None = None) -> None:
        """Mark a lesson as done (the first time counts; doing it again changes nothing)."""
        check_profile_name(profile)

        def run(session: Session) -> None:
            pid = self.profile_id_in(session, profile, create=True)
            assert pid is not None
            exists = session.scalar(select(LessonRow.id).where(
                LessonRow.profile_id == pid, LessonRow.lesson_id == str(lesson_id)))
            if exists is None:
                session.add(LessonRow(profile_id=pid, lesson_id=str(lesson_id),
                                      at=naive_utc(at)))

        self.run(run)

    def record_hand(self, profile: str, *, ruleset: str, record: Mapping[str, Any], won: bool,
                    totals: list[int], at: datetime | None = None) -> None:
        """Store a practice hand: its ``tute-hand/1`` record, the result, totals per side."""
        check_profile_name(profile)
        record_text = json.dumps(dict(record), ensure_ascii=False)
        totals_text = json.dumps([int(x) for x in totals])

        def run(session: Session) -> None:
            pid = self.profile_id_in(session, profile, create=True)
            assert pid is not None
            session.add(HandRow(profile_id=pid, at=naive_utc(at), ruleset=str(ruleset),
                                record=record_text, won=bool(won), totals=totals_text))

        self.run(run)

    # ------------------------------------------------------------- saved states
    def save_state(self, profile: str, key: str, data: Mapping[str, Any]) -> None:
        """Keep ``data`` (JSON-able, at most :data:`MAX_STATE_BYTES` as JSON) under
        ``key`` for ``profile``, replacing what was there."""
        check_profile_name(profile)
        key = check_state_key(key)
        text = _state_text(key, data)

        def run(session: Session) -> None:
            pid = self.profile_id_in(session, profile, create=True)
            assert pid is not None
            values = {"profile_id": pid, "key": key, "data": text, "updated_at": utc_now()}
            session.execute(upsert(session, StateRow, values, ["profile_id", "key"],
                                   {"data": text, "updated_at": values["updated_at"]}))

        self.run(run)

    def load_state(self, profile: str, key: str) -> dict[str, Any] | None:
        """What :meth:`save_state` kept under ``key`` for ``profile``; None if nothing
        (or if the stored text is no longer a JSON object)."""
        check_profile_name(profile)
        key = check_state_key(key)

        def run(session: Session) -> str | None:
            pid = self.profile_id_in(session, profile, create=False)
            if pid is None:
                return None
            return session.scalar(select(StateRow.data).where(StateRow.profile_id == pid,
                                                              StateRow.key == key))

        text = self.run(run)
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
            pid = self.profile_id_in(session, profile, create=False)
            if pid is not None:
                session.execute(delete(StateRow).where(StateRow.profile_id == pid,
                                                       StateRow.key == key))

        self.run(run)

    # ------------------------------------------------------------- reading
    def answers(self, profile: str) -> list[Answer]:
        """Every answer of ``profile``, oldest first."""
        check_profile_name(profile)

        def run(session: Session) -> list[Answer]:
            pid = self.profile_id_in(session, profile, create=False)
            if pid is None:
                return []
            rows = session.execute(select(AnswerRow).where(AnswerRow.profile_id == pid)
                                   .order_by(AnswerRow.at, AnswerRow.id)).scalars()
            return [Answer(r.at, r.kind, r.rule, r.correct, _load_json(r.detail, {}))
                    for r in rows]

        return self.run(run)

    def lessons(self, profile: str) -> list[LessonDone]:
        """Lessons done by ``profile``, in the order they were done."""
        check_profile_name(profile)

        def run(session: Session) -> list[LessonDone]:
            pid = self.profile_id_in(session, profile, create=False)
            if pid is None:
                return []
            rows = session.execute(select(LessonRow).where(LessonRow.profile_id == pid)
                                   .order_by(LessonRow.at, LessonRow.id)).scalars()
            return [LessonDone(r.lesson_id, r.at) for r in rows]

        return self.run(run)

    def lessons_done(self, profile: str) -> set[str]:
        """Ids of the lessons ``profile`` has done."""
        return {row.lesson_id for row in self.lessons(profile)}

    def hands(self, profile: str) -> list[HandPlayed]:
        """Practice hands of ``profile``, oldest first."""
        check_profile_name(profile)

        def run(session: Session) -> list[HandPlayed]:
            pid = self.profile_id_in(session, profile, create=False)
            if pid is None:
                return []
            rows = session.execute(select(HandRow).where(HandRow.profile_id == pid)
                                   .order_by(HandRow.at, HandRow.id)).scalars()
            return [HandPlayed(r.at, r.ruleset, _load_json(r.record, {}), r.won,
                               list(_load_json(r.totals, []))) for r in rows]

        return self.run(run)

    def fingerprint(self, profile: str) -> tuple[int, ...]:
        """Counts and last ids of ``profile``'s rows (answers, lessons, hands, mistakes,
        puzzles, drills, endings): changes whenever its history does.

        Cheap enough for every page run; caches key their figures on it.
        """
        from sqlalchemy import func

        check_profile_name(profile)

        def run(session: Session) -> tuple[int, ...]:
            pid = self.profile_id_in(session, profile, create=False)
            if pid is None:
                return (0,)
            out: list[int] = [pid]
            for table in HISTORY_TABLES:
                count, last = session.execute(
                    select(func.count(table.id), func.max(table.id))
                    .where(table.profile_id == pid)).one()
                out += [int(count or 0), int(last or 0)]
            return tuple(out)

        return self.run(run)

    # ------------------------------------------------------------- reset
    def reset(self, profile: str) -> None:
        """Erase ``profile``'s answers, lessons, hands and saved states (the profile
        itself stays)."""
        check_profile_name(profile)

        def run(session: Session) -> None:
            pid = self.profile_id_in(session, profile, create=False)
            if pid is not None:
                self._delete_history(session, pid)

        self.run(run)


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
    engine, location, path = connect(url, timeout=timeout)
    store = Store(engine, location)
    store.create_tables()
    if path is not None:
        use_write_ahead_log(engine)
    return store


__all__ = ["APP_NAME", "AWAY_SECONDS", "CARRY_ALPHABET", "CARRY_LENGTH", "DEFAULT_PROFILE",
           "ENV_VAR", "LOCAL", "MAX_STATE_BYTES", "MAX_STATE_KEY", "QUICK_FAILURE_SECONDS",
           "TIMEOUT", "Answer", "HandPlayed", "LessonDone", "OwnedProfile", "Store", "StoreError",
           "check_profile_name", "check_state_key", "check_token", "clean_carry_code",
           "default_url", "engine_url", "format_carry_code", "identity_token", "metadata",
           "new_token", "open_store"]
