"""Every page opens with exactly one title, drawn the same way (``st.title``): no page
starts with a smaller header while the others use a title."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.apptest import open_app
from tute_tutor.words.catalog import t

ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted(path.stem for path in (ROOT / "pages").glob("*.py"))


@pytest.fixture(autouse=True)
def _temporary_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUTE_TUTOR_DB", f"sqlite:///{tmp_path / 'progress.sqlite3'}")


def test_the_pages_folder_holds_every_page() -> None:
    assert {"home", "practice", "quiz", "rules", "teacher"} <= set(PAGES)


@pytest.mark.parametrize("page", PAGES)
def test_each_page_has_exactly_one_title_and_no_header(page: str) -> None:
    at = open_app(page, params={"lang": "en"})
    assert len(at.title) == 1, [title.value for title in at.title]
    assert len(at.header) == 0, [header.value for header in at.header]


def test_the_practice_page_title_is_a_title() -> None:
    at = open_app("practice", params={"lang": "en"})
    assert [title.value for title in at.title] == [t("nav.practice", "en")]
