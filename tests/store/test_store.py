"""The progress store: lasting, per profile, and safe with damaged or locked files."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tute_tutor.engine.game import Game
from tute_tutor.store import ENV_VAR, StoreError, default_url, drills, open_store, puzzles
from tute_tutor.store.export import history_csv
from tute_tutor.store.mistakes import record_mistakes


def _run_python(code: str, env_db: Path) -> str:
    import os

    env = {**os.environ, ENV_VAR: str(env_db)}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True)
    return done.stdout


def test_answers_survive_a_restart_in_a_new_process(tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite3"
    _run_python(
        "from tute_tutor.store import open_store\n"
        "s = open_store()\n"
        "s.record_answer('ana', kind='legal', rule='montar', correct=True, detail={'q': 1})\n"
        "s.record_answer('ana', kind='legal', rule='pisar', correct=False)\n"
        "s.record_lesson('ana', 'l01-cartas')\n",
        db)
    out = _run_python(
        "import json\n"
        "from tute_tutor.store import open_store\n"
        "s = open_store()\n"
        "print(json.dumps([[a.rule, a.correct, a.detail] for a in s.answers('ana')]))\n"
        "print(json.dumps(sorted(s.lessons_done('ana'))))\n",
        db)
    answers, lessons = (json.loads(line) for line in out.splitlines())
    assert answers == [["montar", True, {"q": 1}], ["pisar", False, {}]]
    assert lessons == ["l01-cartas"]


def test_two_profiles_keep_their_own_history(db_url: str) -> None:
    store = open_store(db_url)
    store.record_answer("ana", kind="legal", rule="montar", correct=True)
    store.record_answer("luis", kind="cante", rule="cante_40", correct=False)
    store.record_lesson("luis", "l02")
    assert [a.rule for a in store.answers("ana")] == ["montar"]
    assert [a.rule for a in store.answers("luis")] == ["cante_40"]
    assert store.lessons_done("ana") == set()
    assert store.lessons_done("luis") == {"l02"}
    store.reset("ana")
    assert store.answers("ana") == []
    assert len(store.answers("luis")) == 1
    assert store.profiles() == ["ana", "luis"]


def test_a_lesson_done_twice_counts_once(db_url: str) -> None:
    store = open_store(db_url)
    store.record_lesson("ana", "l01")
    store.record_lesson("ana", "l01")
    assert [row.lesson_id for row in store.lessons("ana")] == ["l01"]


def test_practice_hand_round_trips_its_record(db_url: str) -> None:
    game = Game.deal("clasico", seed=5)
    while not game.finished:
        game.play(game.legal_plays()[0])
    result = game.result()
    store = open_store(db_url)
    store.record_hand("ana", ruleset="clasico", record=game.to_record(),
                      won=result.winner == 0, totals=list(result.totals))
    (hand,) = store.hands("ana")
    assert hand.record == game.to_record()
    assert hand.totals == list(result.totals)
    assert hand.won == (result.winner == 0)


def test_export_csv_has_one_row_per_stored_item_in_time_order(db_url: str) -> None:
    store = open_store(db_url)
    start = datetime(2026, 1, 1, 10, tzinfo=UTC)

    def at(minutes: int) -> datetime:
        return start + timedelta(minutes=minutes)

    store.record_answer("ana", kind="legal", rule="montar", correct=True, at=at(2))
    store.record_lesson("ana", "l01", at=start)
    store.record_hand("ana", ruleset="a-dos", record={"format": "tute-hand/1"}, won=False,
                      totals=[40, 90], at=at(5))
    record_mistakes(store, "ana", "h1", "a-dos", [(4, "3b", "three_on_opponent", 10, True)],
                    at=at(6))
    puzzles.record_answer(store, "ana", "a-tres+0a1b2c3d/7/2", card="1o", solved=False,
                          at=at(7))
    drills.record_sitting(store, "ana", "pisar", right=7, asked=8, stars=2, at=at(8))
    drills.record_ending(store, "ana", "clasico/3/1", target="points", target_points=10,
                         points=12, reached=True, at=at(9))
    store.record_answer("luis", kind="legal", rule="pisar", correct=True)
    rows = list(csv.DictReader(io.StringIO(history_csv(store, "ana"))))
    assert [r["type"] for r in rows] == ["lesson", "answer", "hand", "mistake", "puzzle",
                                         "drill", "ending"]
    lesson, answer, hand, mistake, puzzle, drill, ending = rows
    assert lesson["lesson_id"] == "l01"
    assert answer["rule"] == "montar" and answer["correct"] == "true"
    assert hand["totals"] == "40 90" and hand["won"] == "false"
    assert (mistake["kind"], mistake["ruleset"]) == ("three_on_opponent", "a-dos")
    assert json.loads(mistake["detail"]) == {"trick": 4, "card": "3b", "cost": 10,
                                             "exact": True}
    assert (puzzle["ruleset"], puzzle["correct"]) == ("a-tres", "false")
    assert json.loads(puzzle["detail"])["puzzle"] == "a-tres+0a1b2c3d/7/2"
    assert (drill["kind"], drill["rule"]) == ("drill", "pisar")
    assert json.loads(drill["detail"]) == {"right": 7, "asked": 8, "stars": 2}
    assert (ending["ruleset"], ending["kind"], ending["correct"]) == ("clasico", "points",
                                                                      "true")
    assert json.loads(ending["detail"])["points"] == 12


def test_fingerprint_changes_with_every_kind_of_history(db_url: str) -> None:
    """The progress page caches its figures and its download on the fingerprint: a puzzle
    answered or a drill sat must show up in them too."""
    store = open_store(db_url)
    seen = {store.fingerprint("ana")}
    for keep in (lambda: store.record_answer("ana", kind="legal", rule="montar", correct=True),
                 lambda: puzzles.record_answer(store, "ana", "clasico/1/1", card="1o",
                                               solved=True),
                 lambda: drills.record_sitting(store, "ana", "pisar", right=1, asked=1,
                                               stars=1),
                 lambda: drills.record_ending(store, "ana", "clasico/3/1", target="ultimas",
                                              target_points=0, points=0, reached=False),
                 lambda: record_mistakes(store, "ana", "h2", "clasico",
                                         [(1, "1o", "three_on_opponent", 3, False)])):
        keep()
        seen.add(store.fingerprint("ana"))
    assert len(seen) == 6


def test_damaged_file_gives_one_clear_line_and_stays_untouched(tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite3"
    garbage = b"these bytes are not a SQLite database\n" * 200
    db.write_bytes(garbage)
    with pytest.raises(StoreError) as caught:
        open_store(str(db))
    message = caught.value.message
    assert "\n" not in message and str(db) in message and "damaged" in message
    assert caught.value.reason == "damaged"
    assert db.read_bytes() == garbage


def test_database_damaged_after_writing_keeps_its_bytes(tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite3"
    store = open_store(str(db))
    store.record_answer("ana", kind="legal", rule="montar", correct=True)
    store.close()
    data = bytearray(db.read_bytes())
    data[:16] = b"garbage-garbage!"  # the SQLite header
    db.write_bytes(bytes(data))
    with pytest.raises(StoreError):
        open_store(str(db))
    assert db.read_bytes() == bytes(data)


def test_locked_database_gives_clear_error_and_keeps_stored_answers(tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite3"
    store = open_store(str(db), timeout=0.05)
    store.record_answer("ana", kind="legal", rule="montar", correct=True)
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError) as caught:
            store.record_answer("ana", kind="legal", rule="pisar", correct=False)
        assert caught.value.reason == "locked"
        assert "\n" not in caught.value.message and str(db) in caught.value.message
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert [a.rule for a in store.answers("ana")] == ["montar"]
    store.record_answer("ana", kind="legal", rule="pisar", correct=False)
    assert [a.rule for a in store.answers("ana")] == ["montar", "pisar"]


def test_location_comes_from_the_environment_variable(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "from-env.sqlite3"
    monkeypatch.setenv(ENV_VAR, str(db))
    store = open_store()
    store.record_answer("ana", kind="legal", rule="asistir", correct=True)
    assert db.is_file()
    assert store.location == str(db)


def test_default_location_is_a_sqlite_file_in_the_user_data_folder(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    monkeypatch.delenv(ENV_VAR, raising=False)
    url = default_url()
    folder = platformdirs.user_data_dir("tute-tutor", appauthor=False)
    assert url == f"sqlite:///{Path(folder) / 'progress.sqlite3'}"


def test_first_use_creates_missing_folders(tmp_path: Path) -> None:
    db = tmp_path / "a" / "b" / "progress.sqlite3"
    open_store(str(db)).record_lesson("ana", "l01")
    assert open_store(str(db)).lessons_done("ana") == {"l01"}


@pytest.mark.parametrize("url", ["", "   ", "nosuchdialect://x/y"])
def test_bad_location_is_one_clear_line(url: str) -> None:
    with pytest.raises(StoreError) as caught:
        open_store(url)
    assert "\n" not in caught.value.message


def test_delete_profile_removes_only_that_profile(db_url: str) -> None:
    store = open_store(db_url)
    store.record_answer("ana", kind="legal", rule="montar", correct=True)
    store.record_answer("luis", kind="legal", rule="montar", correct=True)
    store.delete_profile("ana")
    assert store.profiles() == ["luis"]
    assert store.answers("ana") == []


def test_many_sessions_writing_at_once_lose_nothing(db_url: str) -> None:
    import threading

    store = open_store(db_url)
    failures: list[BaseException] = []

    def learner(name: str) -> None:
        try:
            for i in range(15):
                store.record_answer(name, kind="legal", rule="montar", correct=i % 2 == 0)
        except BaseException as error:  # pragma: no cover - reported below
            failures.append(error)

    threads = [threading.Thread(target=learner, args=(f"alumno {n}",)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert [len(store.answers(f"alumno {n}")) for n in range(6)] == [15] * 6
