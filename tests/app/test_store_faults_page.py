"""Pages with a progress database that does not answer: they say so in one line and go
on teaching, and the next page does not wait again."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.apptest import new_app
from tests.silent import silent_tcp_server
from tute_tutor.store import ENV_VAR
from tute_tutor.words.catalog import t
from tute_tutor.words.markup import escape_markdown


@pytest.fixture
def silent_db(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    with silent_tcp_server() as port:
        url = f"postgresql://tutor@127.0.0.1:{port}/tute"
        monkeypatch.setenv(ENV_VAR, url)
        yield url


def _run_page(at: AppTest, page: str) -> float:
    started = time.monotonic()
    at.switch_page(f"pages/{page}.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return time.monotonic() - started


def test_a_database_that_never_answers_is_said_once_and_pages_go_on(silent_db: str) -> None:
    at = new_app()
    started = time.monotonic()
    at.run()
    first = time.monotonic() - started
    assert not at.exception, [e.value for e in at.exception]
    where = silent_db.replace("postgresql://", "postgresql+psycopg://")
    # the address is the database's text, shown escaped (never live Markdown)
    message = t("profile.err_unavailable", "es", where=escape_markdown(where))
    shown = [e.value for e in at.sidebar.error]
    assert shown == [message], shown
    assert first < 20, f"the first page waited {first:.1f} s"
    # Other pages open at once and keep teaching.
    later = [_run_page(at, page) for page in ("lessons", "quiz", "progress", "home")]
    assert max(later) < 5, later
    assert at.title or at.header
