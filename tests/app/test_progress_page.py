"""The progress page under AppTest: charts for a seeded history, export, reset that asks."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.apptest import open_app
from tests.app.learners import profile_of
from tute_tutor.engine.game import Game
from tute_tutor.store import ENV_VAR, Store, drills, open_store
from tute_tutor.store.db import new_token

START = datetime(2026, 10, 1, 18, tzinfo=UTC)
TOKEN = new_token()
"""The browser every test here opens the page in."""
ME = profile_of(TOKEN)


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv(ENV_VAR, str(path))
    return open_store(str(path))


def seed_history(store: Store, profile: str = ME) -> None:
    rules = ["asistir", "montar", "fallar", "pisar", "cante_40"]
    for day in range(4):
        for i in range(6):
            store.record_answer(profile, kind="legal", rule=rules[(day + i) % len(rules)],
                                correct=(i + day) % 3 != 0,
                                at=START + timedelta(days=day, minutes=i))
    store.record_lesson(profile, "propia", at=START)  # one's own lesson: no drill
    store.record_lesson(profile, "fallar", at=START + timedelta(days=2))
    drills.record_sitting(store, profile, "fallar", right=6, asked=6, stars=3,
                          at=START + timedelta(days=2, minutes=5))
    game = Game.deal("clasico", seed=2)
    while not game.finished:
        game.play(game.legal_plays()[0])
    result = game.result()
    store.record_hand(profile, ruleset="clasico", record=game.to_record(),
                      won=result.winner == 0, totals=list(result.totals),
                      at=START + timedelta(days=3))


def open_progress(lang: str = "es") -> AppTest:
    return open_app("progress", token=TOKEN, params={"lang": lang})


def test_a_seeded_history_shows_four_charts_and_its_numbers(store: Store) -> None:
    seed_history(store)
    at = open_progress()
    charts = at.get("plotly_chart")
    assert len(charts) == 4
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Respuestas"] == "24"
    right = sum(a.correct for a in store.answers(ME))
    assert metrics["Aciertos"] == f"{round(100 * right / 24)} %"
    assert metrics["Lecciones"] == "2"


def test_a_lesson_with_a_drill_counts_only_once_its_drill_has_a_star(store: Store) -> None:
    """As on the lesson path: questions right are not enough for a drilled lesson."""
    store.record_lesson(ME, "pisar", at=START)
    store.record_lesson(ME, "propia", at=START)  # one's own lesson: no drill
    assert {m.label: m.value for m in open_progress().metric}["Lecciones"] == "1"
    drills.record_sitting(store, ME, "pisar", right=3, asked=8, stars=0)
    assert {m.label: m.value for m in open_progress().metric}["Lecciones"] == "1"
    drills.record_sitting(store, ME, "pisar", right=7, asked=8, stars=1)
    assert {m.label: m.value for m in open_progress().metric}["Lecciones"] == "2"


def test_charts_carry_the_stored_numbers(store: Store) -> None:
    import json

    seed_history(store)
    at = open_progress("en")
    specs = [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]
    titles = [spec["layout"]["title"]["text"] for spec in specs]
    assert "Right answers per day" in titles and "Mastery of each rule" in titles
    accuracy = specs[titles.index("Right answers per day")]
    bars = next(trace for trace in accuracy["data"] if trace["type"] == "bar")
    assert list(bars["y"]) == [6, 6, 6, 6]
    mastery = specs[titles.index("Mastery of each rule")]
    assert len(mastery["data"][0]["y"]) == 5  # five rules asked


def test_an_empty_history_invites_to_practise(store: Store) -> None:
    at = open_progress()
    assert at.get("plotly_chart") == [] or len(at.get("plotly_chart")) == 0
    assert at.info


def test_reset_asks_first_and_then_erases_only_this_profile(store: Store) -> None:
    seed_history(store)
    seed_history(store, profile_of(TOKEN, "luis"))  # the family's other profile
    someone_else = profile_of(new_token())
    seed_history(store, someone_else)
    at = open_progress()
    at.button(key="progress_reset").click().run()
    assert store.answers(ME), "nothing is erased before the learner confirms"
    at.button(key="progress_reset_no").click().run()
    assert store.answers(ME)
    at.button(key="progress_reset").click().run()
    at.button(key="progress_reset_yes").click().run()
    assert not at.exception
    assert store.answers(ME) == []
    assert store.lessons_done(ME) == set()
    assert len(store.answers(profile_of(TOKEN, "luis"))) == 24
    assert len(store.answers(someone_else)) == 24
    assert at.success


def test_the_export_button_offers_the_csv(store: Store) -> None:
    seed_history(store)
    at = open_progress()
    buttons = at.get("download_button")
    assert len(buttons) == 1
