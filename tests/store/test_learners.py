"""Learners: a browser's token finds its own profiles and nothing else; carry codes
bring progress to another browser and can be revoked. On SQLite and PostgreSQL."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest
from sqlalchemy import text

from tute_tutor.store import StoreError, open_store
from tute_tutor.store.db import OwnedProfile, clean_carry_code, new_token


def test_two_browsers_are_two_learners_with_their_own_profiles(db_url: str) -> None:
    store = open_store(db_url)
    one, two = new_token(), new_token()
    ana = store.learner_for_token(one)
    luis = store.learner_for_token(two)
    assert ana is not None and luis is not None and ana != luis
    assert store.learner_for_token(one) == ana  # the same browser again
    mine, theirs = store.profile(ana, "default"), store.profile(luis, "default")
    store.record_answer(mine, kind="legal", rule="montar", correct=True)
    store.record_answer(theirs, kind="legal", rule="pisar", correct=False)
    store.save_state(mine, "ladder.best", {"score": 5})
    assert [a.rule for a in store.answers(mine)] == ["montar"]
    assert [a.rule for a in store.answers(theirs)] == ["pisar"]
    assert store.load_state(theirs, "ladder.best") is None
    store.reset(theirs)
    assert [a.rule for a in store.answers(mine)] == ["montar"]
    assert store.profiles(ana) == ["default"] and store.profiles(luis) == ["default"]
    assert store.profiles() == []  # plain names are the local learner's: none yet


def test_tokens_are_stored_hashed(db_url: str) -> None:
    store = open_store(db_url)
    token = new_token()
    store.learner_for_token(token)
    with store.engine.connect() as connection:
        stored = connection.execute(text("SELECT token_hash FROM learner_tokens")).scalars().all()
    assert len(stored) == 1 and token not in stored[0] and len(stored[0]) == 64


def test_an_unknown_token_is_not_created_when_asked_not_to(db_url: str) -> None:
    store = open_store(db_url)
    assert store.learner_for_token(new_token(), create=False) is None


@pytest.mark.parametrize("token", ["", "short", "x" * 101, "a b" * 10, "ñ" * 30, 7])
def test_a_bad_token_is_refused_in_one_line(db_url: str, token: object) -> None:
    store = open_store(db_url)
    with pytest.raises(StoreError) as caught:
        store.learner_for_token(token)  # type: ignore[arg-type]
    assert caught.value.reason == "bad_token" and "\n" not in caught.value.message


def test_a_family_browser_lists_only_its_own_profiles_and_remembers_the_last(
        db_url: str) -> None:
    store = open_store(db_url)
    home = store.learner_for_token(new_token())
    other = store.learner_for_token(new_token())
    assert home is not None and other is not None
    for name in ("Mamá", "Pablo", "Lucía"):
        store.add_profile(store.profile(home, name))
    store.add_profile(store.profile(other, "Pablo"))
    assert store.profiles(home) == ["Mamá", "Pablo", "Lucía"]
    assert store.profiles(other) == ["Pablo"]
    assert store.last_profile(home) is None
    store.set_last_profile(store.profile(home, "Lucía"))
    assert store.last_profile(home) == "Lucía" and store.last_profile(other) is None
    store.delete_profile(store.profile(home, "Lucía"))
    assert store.last_profile(home) is None
    assert store.profiles(other) == ["Pablo"]


def test_a_carry_code_brings_progress_to_another_browser(db_url: str) -> None:
    store = open_store(db_url)
    laptop, phone = new_token(), new_token()
    me = store.learner_for_token(laptop)
    assert me is not None
    store.record_answer(store.profile(me, "default"), kind="legal", rule="montar",
                        correct=True)
    code = store.make_carry_code(me)
    assert clean_carry_code(code) is not None and store.carry_code_since(me) is not None
    assert store.use_carry_code(code.lower().replace("-", " "), phone) == me
    assert store.learner_for_token(phone) == me
    assert [a.rule for a in store.answers(store.profile(me, "default"))] == ["montar"]


def test_the_carried_browser_keeps_what_it_had_under_a_free_name(db_url: str) -> None:
    store = open_store(db_url)
    laptop, phone = new_token(), new_token()
    me, phone_learner = store.learner_for_token(laptop), store.learner_for_token(phone)
    assert me is not None and phone_learner is not None
    store.record_answer(store.profile(me, "default"), kind="legal", rule="montar",
                        correct=True)
    store.record_answer(store.profile(phone_learner, "default"), kind="legal", rule="pisar",
                        correct=False)
    store.use_carry_code(store.make_carry_code(me), phone)
    assert store.profiles(me) == ["default", "default (2)"]
    assert [a.rule for a in store.answers(store.profile(me, "default (2)"))] == ["pisar"]


def test_a_revoked_code_stops_working_and_lets_other_browsers_go(db_url: str) -> None:
    store = open_store(db_url)
    laptop, phone, stranger = new_token(), new_token(), new_token()
    me = store.learner_for_token(laptop)
    assert me is not None
    store.record_answer(store.profile(me, "default"), kind="legal", rule="montar",
                        correct=True)
    code = store.make_carry_code(me)
    store.use_carry_code(code, phone)
    assert store.revoke_carry_code(me, keep_token=laptop) == 1
    assert store.carry_code_since(me) is None
    assert store.use_carry_code(code, stranger) is None
    assert store.learner_for_token(laptop) == me
    phone_now = store.learner_for_token(phone)
    assert phone_now not in (None, me)
    assert phone_now is not None and store.profiles(phone_now) == []
    assert [a.rule for a in store.answers(store.profile(me, "default"))] == ["montar"]


def test_a_new_code_replaces_the_old_one(db_url: str) -> None:
    store = open_store(db_url)
    me = store.learner_for_token(new_token())
    assert me is not None
    first = store.make_carry_code(me)
    second = store.make_carry_code(me)
    assert store.use_carry_code(first, new_token()) is None
    assert store.use_carry_code(second, new_token()) == me


@pytest.mark.parametrize("code", ["", "ABCD", "ABCD-EFGH-JKM0", "x" * 200, "ABCD-EFGH-JKMN-P"])
def test_a_code_that_cannot_be_one_does_not_work(db_url: str, code: str) -> None:
    store = open_store(db_url)
    assert store.use_carry_code(code, new_token()) is None


def test_a_browser_can_take_the_progress_from_before_learners(db_url: str) -> None:
    store = open_store(db_url)
    store.record_answer("Ana", kind="legal", rule="montar", correct=True)  # local learner
    me = store.learner_for_token(new_token())
    assert me is not None
    assert store.adopt_local_profiles(me) == 1
    assert store.profiles() == [] and store.profiles(me) == ["Ana"]
    assert [a.rule for a in store.answers(store.profile(me, "Ana"))] == ["montar"]


def test_an_owned_profile_is_its_name_and_its_learner() -> None:
    profile = OwnedProfile(3, "  Ana\u200b ")
    assert profile == "Ana" and profile.learner == 3 and f"{profile}" == "Ana"
    with pytest.raises(StoreError):
        OwnedProfile(3, "")


def test_first_visits_of_many_browsers_at_once_each_get_a_learner(db_url: str) -> None:
    store = open_store(db_url)
    tokens = [new_token() for _ in range(8)]
    found: dict[str, int | None] = {}
    failures: list[BaseException] = []

    def visit(token: str) -> None:
        try:
            for _ in range(3):  # a reload or two: always the same learner
                learner = store.learner_for_token(token)
                assert found.setdefault(token, learner) == learner
                store.record_answer(store.profile(learner or 0, "default"), kind="legal",
                                    rule="montar", correct=True)
        except BaseException as error:  # pragma: no cover - reported below
            failures.append(error)

    threads = [threading.Thread(target=visit, args=(t,)) for t in tokens + tokens]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    learners = {found[t] for t in tokens}
    assert len(learners) == len(tokens)
    assert all(len(store.answers(store.profile(found[t] or 0, "default"))) == 6
               for t in tokens)


def test_a_profile_known_only_by_its_token_finds_the_learner_at_each_call(
        db_url: str) -> None:
    store = open_store(db_url)
    token = new_token()
    early = OwnedProfile(None, "default", token=token)  # the database was away
    store.record_answer(early, kind="legal", rule="montar", correct=True)
    learner = store.learner_for_token(token)
    assert learner is not None
    assert [a.rule for a in store.answers(store.profile(learner, "default"))] == ["montar"]
    assert [a.rule for a in store.answers(early)] == ["montar"]
    assert store.profiles() == []


def test_the_command_prints_a_carry_code_for_the_progress_from_before(
        tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    open_store(str(db)).record_answer("Ana", kind="legal", rule="montar", correct=True)
    done = subprocess.run([sys.executable, "-m", "tute_tutor.store", "carry-code", "--db",
                           str(db)], capture_output=True, text=True, check=True)
    code = done.stdout.split(": ")[1].split()[0]
    store = open_store(str(db))
    phone = new_token()
    learner = store.use_carry_code(code, phone)
    assert learner == store.local_learner()
    assert [a.rule for a in store.answers(OwnedProfile(None, "Ana", token=phone))] == ["montar"]
    bad = subprocess.run([sys.executable, "-m", "tute_tutor.store", "upgrade", "--db", ""],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 1 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
