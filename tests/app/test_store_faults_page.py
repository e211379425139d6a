"""Pages with a progress database that does not answer: they say so in one line and go
on teaching, and the next page does not ask it again (README, "Learners, profiles and the
progress database", the Faults paragraph). The silent server counts how often it was
asked; nothing here is timed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.apptest import new_app
from tests.conftest import WAIT_S
from tests.silent import SilentServer, silent_tcp_server
from tute_tutor.store import ENV_VAR, database
from tute_tutor.ui import profile
from tute_tutor.words.catalog import t
from tute_tutor.words.markup import escape_markdown


@pytest.fixture
def silent_db(monkeypatch: pytest.MonkeyPatch) -> Iterator[SilentServer]:
    # The pause outlasts the test however slow the machine (15 s in the app): every
    # page below runs inside it.
    monkeypatch.setattr(profile, "AWAY_SECONDS", 2 * WAIT_S)
    monkeypatch.setattr(database, "AWAY_SECONDS", 2 * WAIT_S)
    with silent_tcp_server() as server:
        monkeypatch.setenv(ENV_VAR, f"postgresql://tutor@127.0.0.1:{server.port}/tute")
        yield server


def _run_page(at: AppTest, page: str) -> None:
    at.switch_page(f"pages/{page}.py").run()
    assert not at.exception, [e.value for e in at.exception]


def test_a_database_that_never_answers_is_said_once_and_pages_go_on(
        silent_db: SilentServer) -> None:
    at = new_app()
    at.run()  # it ends (within the run's bound): the connection gave up
    assert not at.exception, [e.value for e in at.exception]
    where = f"postgresql+psycopg://tutor@127.0.0.1:{silent_db.port}/tute"
    # the address is the database's text, shown escaped (never live Markdown)
    message = t("profile.err_unavailable", "es", where=escape_markdown(where))
    shown = [e.value for e in at.sidebar.error]
    assert shown == [message], shown
    assert silent_db.connections() == 1  # the first page asked once, not once per call
    # Other pages keep teaching and do not ask again; the progress page, which has
    # nothing to show without it, says the same line.
    for page in ("lessons", "quiz", "progress", "home"):
        _run_page(at, page)
        assert at.title or at.header, page
        said = [e.value for e in (*at.sidebar.error, *at.main.error)]
        assert said == ([message] if page == "progress" else []), (page, said)
    assert silent_db.connections() == 1
