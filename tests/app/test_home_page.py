"""The home page's "Where do I start?" section under AppTest: a row for learning the game,
one for playing it well and one for teaching or looking a rule up, with a card linking
each page that teaches or coaches (the coach's drills, puzzles and watched games too), in
both languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.apptest import open_app
from tests.app.conftest import REPO
from tute_tutor.ui.home import COLUMNS, START
from tute_tutor.words.catalog import LANGUAGES, t

NAMES = [name for _, names in START for name in names]


def test_every_page_that_teaches_or_coaches_has_a_start_card_once() -> None:
    assert len(NAMES) == len(set(NAMES))
    assert {"lessons", "drills", "quiz", "puzzles", "watch", "practice", "teacher",
            "rules"} <= set(NAMES)
    assert [row for row, _ in START] == ["learn", "play", "more"]
    assert NAMES[0] == "lessons"  # a newcomer starts with the lessons
    assert all(len(names) <= COLUMNS for _, names in START)
    for name in NAMES:
        assert (REPO / "pages" / f"{name}.py").is_file(), name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_start_cards_link_their_pages_under_the_menus_names(lang: str) -> None:
    at = open_app(params={"lang": lang})
    links = [(Path(str(link.proto.page)).stem, str(getattr(link, "label", "")))
             for link in at.get("page_link")]
    start = [(page, label) for page, label in links if page in NAMES][:len(NAMES)]
    # row by row, each card called as the menu calls its page
    assert start == [(name, t(f"nav.{name}", lang)) for name in NAMES]
    assert all(t(f"home.start.{name}.title", lang) == t(f"nav.{name}", lang)
               for name in NAMES)
    shown = "\n".join(str(m.value) for m in at.markdown)
    captions = [str(c.value) for c in at.caption]
    for row, _ in START:
        assert t(f"home.start_row.{row}.title", lang) in shown
        assert t(f"home.start_row.{row}.text", lang) in shown
    for name in NAMES:
        assert t(f"home.start.{name}.text", lang) in captions
