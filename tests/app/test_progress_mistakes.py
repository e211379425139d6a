"""The progress page's mistakes under AppTest: each kind the learner made, counted with
its points and last day, its lesson, and links to the puzzles of its theme and the drills
of its lesson, in both languages; nothing from another profile."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from urllib.parse import parse_qs

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.apptest import open_app
from tests.app.learners import profile_of
from tute_tutor.coach.mistakes import PRACTICE
from tute_tutor.store import ENV_VAR, Store, open_store
from tute_tutor.store.db import new_token
from tute_tutor.store.mistakes import record_mistakes
from tute_tutor.words.coach import mistake_lesson, mistake_name

TOKEN = new_token()
ME = profile_of(TOKEN)
DAY = datetime(2026, 11, 30, 19, 0)


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv(ENV_VAR, str(path))
    return open_store(str(path))


def _links(at: AppTest) -> list[tuple[str, str, dict[str, list[str]]]]:
    return [(str(link.proto.label), str(link.proto.page), parse_qs(link.proto.query_string))
            for link in at.get("page_link")]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_each_kind_is_counted_with_its_points_lesson_and_practice(store: Store,
                                                                   lang: str) -> None:
    record_mistakes(store, ME, "hand-1", "clasico", [
        (3, "1o", "three_on_opponent", 11, True), (6, "3c", "three_on_opponent", 10, True),
        (8, "12b", "pair_broken", 20, False)], at=DAY)
    record_mistakes(store, "Someone else", "hand-2", "clasico",
                    [(2, "1e", "partner_not_loaded", 11, True)], at=DAY)
    at = open_app("progress", token=TOKEN, params={"lang": lang})
    text = "\n".join(str(m.value) for m in at.markdown)
    metrics = [(m.label, m.value) for m in at.metric]
    times = "Veces" if lang == "es" else "Times"
    lost = "Puntos perdidos" if lang == "es" else "Points lost"
    for kind in ("three_on_opponent", "pair_broken"):
        assert f"**{mistake_name(kind, lang)}**" in text
        assert mistake_lesson(kind, lang) in text
        theme, lesson = PRACTICE[kind]
        assert any(page == "puzzles" for _, page, query in _links(at)
                   if query == {"theme": [theme]})
        assert f"skill={lesson}" in text or any(
            query == {"skill": [lesson]} for _, _, query in _links(at))
    # the kinds in order, most frequent first: their counts and points
    assert [v for label, v in metrics if label == times][:2] == ["2", "1"]
    assert [v for label, v in metrics if label == lost][:2] == ["21", "20"]
    assert "2026-11-30" in [v for _, v in metrics]
    assert mistake_name("partner_not_loaded", lang) not in text


def test_without_mistakes_the_section_says_how_to_get_them(store: Store) -> None:
    at = open_app("progress", token=TOKEN, params={"lang": "en"})
    assert any("finish a hand at the practice table" in str(c.value) for c in at.caption)
    assert not [link for link in _links(at) if "theme" in link[2]]
