"""Every page opens with exactly one title, drawn the same way (``st.title``): no page
starts with a smaller header while the others use a title."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

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
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    at.query_params["lang"] = "en"
    at.run()
    if page != "home":
        at.switch_page(f"pages/{page}.py").run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(at.title) == 1, [title.value for title in at.title]
    assert len(at.header) == 0, [header.value for header in at.header]


def test_the_practice_page_title_is_a_title() -> None:
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=60)
    at.query_params["lang"] = "en"
    at.run()
    at.switch_page("pages/practice.py").run()
    assert [title.value for title in at.title] == [t("nav.practice", "en")]
