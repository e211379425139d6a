"""Saved states: one JSON object per profile and key, bounded, erased with the profile."""

from __future__ import annotations

import threading

import pytest

from tute_tutor.store import MAX_STATE_BYTES, StoreError, open_store


def test_a_saved_state_comes_back_in_a_new_store_and_is_replaced_by_the_next(
        db_url: str) -> None:
    store = open_store(db_url)
    table = {"match": {"scores": [3, 1]}, "hand": ["12o", "1c"], "position": 7, "ok": True}
    store.save_state("ana", "practice.table", table)
    store.close()
    again = open_store(db_url)
    assert again.load_state("ana", "practice.table") == table
    again.save_state("ana", "practice.table", {"position": 8})
    assert again.load_state("ana", "practice.table") == {"position": 8}
    assert again.load_state("ana", "ladder.best") is None


def test_saved_states_belong_to_their_profile_and_key(db_url: str) -> None:
    store = open_store(db_url)
    store.save_state("ana", "ladder.best", {"score": 12})
    store.save_state("luis", "ladder.best", {"score": 3})
    store.save_state("ana", "practice.table", {})
    assert store.load_state("ana", "ladder.best") == {"score": 12}
    assert store.load_state("luis", "ladder.best") == {"score": 3}
    assert store.load_state("ana", "practice.table") == {}
    store.clear_state("ana", "ladder.best")
    assert store.load_state("ana", "ladder.best") is None
    assert store.load_state("luis", "ladder.best") == {"score": 3}
    store.clear_state("nobody", "ladder.best")  # nothing there: no error


def test_reset_and_delete_profile_forget_saved_states(db_url: str) -> None:
    store = open_store(db_url)
    store.save_state("ana", "k", {"a": 1})
    store.save_state("luis", "k", {"b": 2})
    store.reset("ana")
    assert store.load_state("ana", "k") is None
    store.delete_profile("luis")
    assert store.load_state("luis", "k") is None
    assert store.profiles() == ["ana"]


def test_a_state_past_the_limit_is_refused_in_one_line_and_the_old_one_stays(
        db_url: str) -> None:
    store = open_store(db_url)
    store.save_state("ana", "k", {"v": 1})
    with pytest.raises(StoreError) as caught:
        store.save_state("ana", "k", {"blob": "x" * MAX_STATE_BYTES})
    assert caught.value.reason == "too_big"
    assert "\n" not in caught.value.message and str(MAX_STATE_BYTES) in caught.value.message
    assert store.load_state("ana", "k") == {"v": 1}
    # Just under the limit is fine, counted in UTF-8 bytes ("ñ" is two).
    near = {"s": "ñ" * ((MAX_STATE_BYTES - 20) // 2)}
    store.save_state("ana", "k", near)
    assert store.load_state("ana", "k") == near


@pytest.mark.parametrize("data", [{"x": {1, 2}}, {"x": float("nan")}, ["not", "a", "dict"],
                                  {"x": object()}])
def test_data_that_is_not_plain_json_is_refused_clearly(db_url: str, data: object) -> None:
    store = open_store(db_url)
    with pytest.raises(StoreError) as caught:
        store.save_state("ana", "k", data)  # type: ignore[arg-type]
    assert caught.value.reason == "bad_state" and "\n" not in caught.value.message
    assert store.load_state("ana", "k") is None


@pytest.mark.parametrize("key", ["", "with space", "x" * 81, "tab\t", "ñ"])
def test_bad_keys_are_refused_clearly(db_url: str, key: str) -> None:
    store = open_store(db_url)
    for call in (lambda: store.save_state("ana", key, {}), lambda: store.load_state("ana", key),
                 lambda: store.clear_state("ana", key)):
        with pytest.raises(StoreError) as caught:
            call()
        assert caught.value.reason == "bad_key" and "\n" not in caught.value.message


def test_writers_of_one_key_at_once_leave_one_whole_state(db_url: str) -> None:
    store = open_store(db_url)
    failures: list[BaseException] = []

    def writer(n: int) -> None:
        try:
            for i in range(10):
                store.save_state("ana", "practice.table", {"writer": n, "i": i})
        except BaseException as error:  # pragma: no cover - reported below
            failures.append(error)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    final = store.load_state("ana", "practice.table")
    assert final is not None and final["i"] == 9 and final["writer"] in range(5)
