"""Rooms in the database: compare-and-set moves on SQLite and PostgreSQL, concurrent
writers (threads with a store each, like replicas), expiry and the server's cap."""

from __future__ import annotations

import threading
from collections import Counter
from datetime import timedelta

import pytest
from sqlalchemy import text

from tute_tutor.live import room as R
from tute_tutor.store import Store, open_store
from tute_tutor.store.rooms import (
    EXPIRE_HOURS,
    change,
    create_room,
    load_room,
    open_rooms,
    room_version,
    save_room,
)
from tute_tutor.store.tables import utc_now

HOST = R.hash_token("host-token")
GUEST = R.hash_token("guest-token")


def _playing(store: Store, ruleset: str = "a-dos") -> R.Room:
    made = create_room(store, lambda code: R.create(R.make_settings(ruleset, level=1), "Ana",
                                                    HOST, seed=9, code=code, now=0.0))
    room, changed = change(store, made.code, lambda r: R.join(r, "Bea", GUEST, now=1.0))
    assert changed
    room, changed = change(store, made.code, lambda r: R.start(r, HOST, now=2.0))
    assert changed and room.status == "playing"
    return room


def test_a_room_is_saved_found_by_code_and_read_back_whole(db_url: str) -> None:
    store = open_store(db_url)
    room = _playing(store)
    assert load_room(store, room.code.lower()) == room
    assert room_version(store, room.code) == room.version
    assert load_room(store, "ABCDEF") is None
    with pytest.raises(R.RoomError) as err:
        load_room(store, "no code!")
    assert err.value.code == "bad_code"
    with store.engine.connect() as connection:
        saved = connection.execute(text("SELECT state FROM rooms")).scalar_one()
    assert "host-token" not in saved and "guest-token" not in saved and HOST in saved


def test_a_stale_version_writes_nothing(db_url: str) -> None:
    store = open_store(db_url)
    room = _playing(store)
    first = R.computer_move(room, now=3.0) or R.play(
        room, [HOST, GUEST][R.to_act(room) or 0],
        str(R.seat_view(room, R.to_act(room) or 0).legal[0]), now=3.0)
    assert save_room(store, first, room.version)
    assert not save_room(store, first, room.version)  # the same move again: refused
    assert load_room(store, room.code) == first
    assert room_version(store, room.code) == room.version + 1


def test_concurrent_writers_one_move_wins(db_url: str) -> None:
    """Eight writers, each with its own store (its own connections, as replicas), play
    the same move from the same version: exactly one compare-and-set succeeds."""
    store = open_store(db_url)
    room = _playing(store)
    seat = R.to_act(room)
    assert seat is not None
    token = [HOST, GUEST][seat]
    card = str(R.seat_view(room, seat).legal[0])
    stores = [open_store(db_url) for _ in range(8)]
    barrier = threading.Barrier(len(stores))
    outcomes: list[bool | str] = []
    lock = threading.Lock()

    def click(own: Store) -> None:
        barrier.wait()
        try:
            _, changed = change(own, room.code, lambda r: R.play(r, token, card, now=4.0))
            result: bool | str = changed
        except R.RoomError as err:
            result = err.code
        with lock:
            outcomes.append(result)

    threads = [threading.Thread(target=click, args=(s,)) for s in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert outcomes.count(True) == 1, outcomes
    assert all(o in (True, "not_your_turn", "not_in_hand") for o in outcomes), outcomes
    final = load_room(store, room.code)
    assert final is not None
    assert final.actions == (*room.actions, R.Action(seat, "play", card))
    for own in stores:
        own.close()


def test_concurrent_sessions_play_a_whole_match_without_losing_a_move(db_url: str) -> None:
    """Four writers drive a room with no human left to act (every seat away or a
    computer): each computes the computer's move and tries to save it. Every
    successful save is exactly one new action; the match ends valid."""
    store = open_store(db_url)
    room = _playing(store)

    def step(r: R.Room) -> R.Room | None:
        if r.status != "playing":
            return None
        later = r.moved_at + r.settings.idle_limit  # every human seat is idle by then
        return (R.take_over_idle(r, now=later) or R.computer_move(r, now=later)
                or (R.next_hand(r, HOST, now=later) if R.to_act(r) is None else None))

    wins: Counter[str] = Counter()
    lock = threading.Lock()
    errors: list[BaseException] = []

    threads_ready = threading.Barrier(4)

    def driver(name: str) -> None:
        own = open_store(db_url)
        try:
            threads_ready.wait(30)  # all four start racing together
            for _ in range(400):
                current, changed = change(own, room.code, step)
                if changed:
                    with lock:
                        wins[name] += 1
                if current.status != "playing":
                    break
        except BaseException as err:  # report it in the main thread
            errors.append(err)
        finally:
            own.close()

    threads = [threading.Thread(target=driver, args=(f"w{i}",)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not errors, errors
    final = load_room(store, room.code)
    assert final is not None and final.status == "finished"
    # every saved move is one win of one writer, none lost and none twice (which writer
    # wins is up to the scheduler: one fast thread may take them all)
    assert sum(wins.values()) == final.version - room.version
    fresh = R._build(final.settings, final.seed, final.actions)  # replayed from nothing
    assert fresh.match.finished


def test_rooms_expire_when_idle_and_the_server_caps_open_rooms(db_url: str) -> None:
    store = open_store(db_url)
    first = _playing(store)
    old = utc_now() - timedelta(hours=EXPIRE_HOURS, minutes=1)
    with store.engine.begin() as connection:
        connection.execute(text("UPDATE rooms SET updated_at = :old"), {"old": old})
    assert load_room(store, first.code) is None
    with pytest.raises(R.RoomError) as err:
        change(store, first.code, lambda r: r)
    assert err.value.code == "no_room"
    made = [create_room(store, lambda code: R.create(R.make_settings("a-dos"), "Ana", HOST,
                                                     seed=1, code=code, now=0.0), cap=3)
            for _ in range(3)]
    assert len({m.code for m in made}) == 3
    assert open_rooms(store) == 3  # the expired one was deleted on the way
    with pytest.raises(R.RoomError) as err:
        create_room(store, lambda code: R.create(R.make_settings("a-dos"), "Ana", HOST,
                                                 seed=1, code=code, now=0.0), cap=3)
    assert err.value.code == "too_many_rooms"


def test_a_taken_code_gets_another(db_url: str) -> None:
    store = open_store(db_url)
    codes = iter(["K7MXQ4", "K7MXQ4", "ABC234"])
    make = lambda code: R.create(R.make_settings("a-dos"), "Ana", HOST,  # noqa: E731
                                 seed=1, code=code, now=0.0)
    assert create_room(store, make, codes=lambda: next(codes)).code == "K7MXQ4"
    assert create_room(store, make, codes=lambda: next(codes)).code == "ABC234"
