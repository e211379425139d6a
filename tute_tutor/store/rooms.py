"""Rooms in the database: one row each, one compare-and-set per move.

A move is ``UPDATE rooms SET state = :state, version = version + 1 WHERE code = :code
AND version = :seen``: zero rows updated means another session (a double click, a
second tab, another replica, a computer seat computed by someone else) moved first,
and nothing is written. :func:`change` reads the room, applies a pure function of
:mod:`tute_tutor.live.room` and tries the compare-and-set, reading again when it lost.

Rooms idle for :data:`EXPIRE_HOURS` are gone (not found, deleted when a room is
made); at most ``cap`` rooms are open at once on the server.

>>> from tute_tutor.store import open_store
>>> from tute_tutor.live import room as R
>>> store = open_store("sqlite://")
>>> made = create_room(store, lambda code: R.create(R.make_settings("a-dos"), "Ana",
...                    R.hash_token("t"), seed=1, code=code, now=0.0))
>>> load_room(store, made.code) == made, room_version(store, made.code)
(True, 1)
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Final

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from tute_tutor.live.room import Room, RoomError, clean_code, new_code
from tute_tutor.store.db import Store
from tute_tutor.store.tables import RoomRow, utc_now

EXPIRE_HOURS: Final = 24
"""A room nobody moved in for this long expires."""
DEFAULT_CAP: Final = 500
"""Rooms open at once on one server unless configured (``TUTE_TUTOR_ROOMS_CAP``)."""
MAX_STATE: Final = 512 * 1024
"""Largest room state in bytes (a long match is far below)."""


def _expired_before(now: datetime) -> datetime:
    return now - timedelta(hours=EXPIRE_HOURS)


def _text(room: Room) -> str:
    text = json.dumps(room.to_json(), separators=(",", ":"))
    if len(text.encode("utf-8")) > MAX_STATE:
        raise RoomError("room_too_long")
    return text


def create_room(store: Store, make: Callable[[str], Room], *, cap: int = DEFAULT_CAP,
                codes: Callable[[], str] = new_code) -> Room:
    """Save a new room made by ``make(code)`` under a code no open room has.

    Expired rooms are deleted first; with ``cap`` rooms open already the answer is
    :class:`RoomError` ``too_many_rooms``.
    """

    def run(session: Session) -> Room | None:
        now = utc_now()
        session.execute(delete(RoomRow).where(RoomRow.updated_at < _expired_before(now)))
        open_rooms = session.scalar(select(func.count()).select_from(RoomRow)
                                    .where(RoomRow.status != "finished")) or 0
        if open_rooms >= cap:
            raise RoomError("too_many_rooms")
        room = make(codes())
        if session.scalar(select(RoomRow.id).where(RoomRow.code == room.code)) is not None:
            return None  # the code is taken: another one
        session.add(RoomRow(code=room.code, version=room.version, status=room.status,
                            state=_text(room), created_at=now, updated_at=now))
        return room

    for _ in range(20):
        made = store.run(run)
        if made is not None:
            return made
    raise RoomError("too_many_rooms")


def _fresh(row_time: datetime, now: datetime) -> bool:
    return row_time >= _expired_before(now)


def load_room(store: Store, code: str) -> Room | None:
    """The room with ``code`` (typed in any case), or None when there is none or it
    expired. A code that cannot be one raises :class:`RoomError` ``bad_code``."""
    clean = clean_code(code)

    def run(session: Session) -> tuple[str, datetime] | None:
        row = session.execute(select(RoomRow.state, RoomRow.updated_at)
                              .where(RoomRow.code == clean)).first()
        return None if row is None else (row[0], row[1])

    found = store.run(run)
    if found is None or not _fresh(found[1], utc_now()):
        return None
    return Room.from_json(json.loads(found[0]))


def room_version(store: Store, code: str) -> int | None:
    """The room's version only (what a polling page reads every second)."""
    clean = clean_code(code)

    def run(session: Session) -> int | None:
        return session.scalar(select(RoomRow.version).where(RoomRow.code == clean))

    return store.run(run)


def save_room(store: Store, room: Room, seen: int) -> bool:
    """Compare-and-set: write ``room`` (whose version is ``seen + 1``) only if the saved
    version is still ``seen``. False when another session moved first."""
    if room.version != seen + 1:
        raise ValueError(f"a move raises the version by one ({seen} -> {room.version})")
    state = _text(room)

    def run(session: Session) -> bool:
        result = session.execute(
            update(RoomRow).where(RoomRow.code == room.code, RoomRow.version == seen)
            .values(state=state, version=RoomRow.version + 1, status=room.status,
                    updated_at=utc_now()))
        return bool(result.rowcount)  # type: ignore[attr-defined]

    return bool(store.run(run))


def change(store: Store, code: str, action: Callable[[Room], Room | None], *,
           tries: int = 5) -> tuple[Room, bool]:
    """Apply ``action`` to the newest room and save it by compare-and-set.

    ``action`` returns the new room, or None for "nothing to do". When another session
    won the race the room is read again and ``action`` asked again (it may now refuse,
    e.g. ``not_your_turn``: a double click plays once). Returns the newest room and
    whether this call changed it. Raises ``no_room`` for a missing or expired room.
    """
    for attempt in range(tries):
        room = load_room(store, code)
        if room is None:
            raise RoomError("no_room")
        new = action(room)
        if new is None or new is room:
            return room, False
        if save_room(store, new, room.version):
            return new, True
        time.sleep(0.01 * (attempt + 1))
    room = load_room(store, code)
    if room is None:
        raise RoomError("no_room")
    return room, False


def open_rooms(store: Store) -> int:
    """How many rooms are open (not finished, not expired)."""

    def run(session: Session) -> int:
        return session.scalar(select(func.count()).select_from(RoomRow).where(
            RoomRow.status != "finished", RoomRow.updated_at >= _expired_before(utc_now()))) or 0

    return int(store.run(run))


__all__ = ["DEFAULT_CAP", "EXPIRE_HOURS", "change", "create_room", "load_room",
           "open_rooms", "room_version", "save_room"]
