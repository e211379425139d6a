"""A database that does not answer, a read-only one: bounded waits, one clear line,
and whatever can still be read is read. The servers that do not answer count how often
they were asked; nothing here is timed."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url, text

from tests.conftest import WAIT_S
from tests.silent import SilentServer, silent_tcp_server
from tute_tutor.store import StoreError, database, open_store
from tute_tutor.store.db import AWAY_SECONDS, new_token


@pytest.fixture
def silent_server() -> Iterator[SilentServer]:
    """A server that accepts connections and never answers."""
    with silent_tcp_server() as server:
        yield server


def test_a_server_that_never_answers_costs_one_try_and_one_clear_line(
        silent_server: SilentServer) -> None:
    url = f"postgresql://tutor@127.0.0.1:{silent_server.port}/tute"
    with pytest.raises(StoreError) as caught:
        open_store(url, timeout=1.0)  # it returns: the connection gave up
    assert caught.value.reason == "unavailable"
    assert "\n" not in caught.value.message and str(silent_server.port) in caught.value.message
    assert silent_server.connections() == 1


class _Relay:
    """A TCP relay on 127.0.0.1 in front of a real server. :meth:`go_silent` drops the
    open connections (as a restarted or stuck server does) and from then on accepts
    new ones without ever answering; :meth:`silent_connections` counts those."""

    def __init__(self, upstream_port: int) -> None:
        self.upstream = upstream_port
        self.server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(64)
        self.server.settimeout(0.2)
        self.port = int(self.server.getsockname()[1])
        self.silent = threading.Event()
        self.stop = threading.Event()
        self.open: list[socket.socket] = []
        self.unanswered: list[tuple[str, int]] = []
        self.seen = threading.Condition()
        self.threads = [threading.Thread(target=self._accept, daemon=True)]
        self.threads[0].start()

    def _accept(self) -> None:
        while not self.stop.is_set():
            try:
                client, peer = self.server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self.open.append(client)
            if self.silent.is_set():
                with self.seen:
                    self.unanswered.append(peer)
                    self.seen.notify_all()
                continue
            upstream = socket.create_connection(("127.0.0.1", self.upstream))
            self.open.append(upstream)
            for source, target in ((client, upstream), (upstream, client)):
                thread = threading.Thread(target=self._pump, args=(source, target),
                                          daemon=True)
                thread.start()
                self.threads.append(thread)

    @staticmethod
    def _pump(source: socket.socket, target: socket.socket) -> None:
        try:
            while chunk := source.recv(65536):
                target.sendall(chunk)
        except OSError:
            pass

    def go_silent(self) -> None:
        self.silent.set()
        for connection in self.open:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
            connection.close()
        self.open.clear()

    def silent_connections(self) -> int:
        """How many connections were opened since :meth:`go_silent`, exactly (as
        :meth:`tests.silent.SilentServer.connections`: one of its own behind them, waited
        for up to :data:`WAIT_S`, is not counted)."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=WAIT_S) as probe:
            mark = probe.getsockname()[:2]
            with self.seen:
                assert self.seen.wait_for(lambda: mark in self.unanswered, timeout=WAIT_S)
                self.unanswered.remove(mark)
                return len(self.unanswered)

    def close(self) -> None:
        self.stop.set()
        self.go_silent()
        self.server.close()
        for thread in self.threads:
            thread.join(timeout=WAIT_S)


def test_after_the_server_stops_answering_calls_fail_at_once_for_a_while(
        postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The pause outlasts the test however slow the machine: the calls below are all in it.
    assert AWAY_SECONDS >= 5
    monkeypatch.setattr(database, "AWAY_SECONDS", 2 * WAIT_S)
    real = make_url(postgres_url)
    assert real.port is not None
    relay = _Relay(real.port)
    try:
        store = open_store(real.set(port=relay.port).render_as_string(hide_password=False),
                           timeout=1.0)
        me = store.learner_for_token(new_token())
        assert me is not None
        mine = store.profile(me, "default")
        store.record_answer(mine, kind="legal", rule="montar", correct=True)
        relay.go_silent()
        asked = []
        for _ in range(3):
            with pytest.raises(StoreError) as caught:
                store.answers(mine)
            asked.append(relay.silent_connections())
            assert caught.value.reason == "unavailable", caught.value.message
            assert "\n" not in caught.value.message
        # the first call asked the server (once) and gave up; the later ones did not ask
        assert asked == [1, 1, 1], asked
    finally:
        relay.close()
    # The answer given before is still there on the real server.
    assert [a.rule for a in open_store(postgres_url).answers(mine)] == ["montar"]


def test_a_statement_that_runs_too_long_is_stopped_in_one_line(postgres_url: str) -> None:
    store = open_store(postgres_url, timeout=1.0)
    with pytest.raises(StoreError) as caught, store.transaction() as session:
        session.execute(text("SELECT pg_sleep(5)"))
    assert caught.value.reason == "slow" and "\n" not in caught.value.message
    assert store.profiles() == []  # and the store goes on


def test_a_read_only_sqlite_file_can_still_be_viewed(tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite3"
    token = new_token()
    store = open_store(str(db))
    me = store.learner_for_token(token)
    assert me is not None
    store.record_answer(store.profile(me, "default"), kind="legal", rule="montar",
                        correct=True)
    store.record_answer("Ana", kind="legal", rule="pisar", correct=False)
    store.close()
    before = db.read_bytes()
    readonly = open_store(f"sqlite:///file:{db}?mode=ro&uri=true")
    assert readonly.learner_for_token(token) == me  # a known browser: read only
    assert [a.rule for a in readonly.answers(readonly.profile(me, "default"))] == ["montar"]
    assert [a.rule for a in readonly.answers("Ana")] == ["pisar"]
    with pytest.raises(StoreError) as caught:
        readonly.record_answer("Ana", kind="legal", rule="x", correct=True)
    assert caught.value.reason == "readonly" and "\n" not in caught.value.message
    with pytest.raises(StoreError):
        readonly.learner_for_token(new_token())  # a new browser cannot be written down
    assert readonly.answers(readonly.profile(me, "nobody")) == []
    assert db.read_bytes() == before


def test_a_read_only_postgresql_database_can_still_be_viewed(postgres_url: str) -> None:
    token = new_token()
    store = open_store(postgres_url)
    me = store.learner_for_token(token)
    assert me is not None
    store.record_answer(store.profile(me, "default"), kind="legal", rule="montar",
                        correct=True)
    store.close()
    engine = create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        name = connection.execute(text("SELECT current_database()")).scalar_one()
        connection.execute(text(f'ALTER DATABASE "{name}" SET default_transaction_read_only'
                                " = on"))
    engine.dispose()
    readonly = open_store(postgres_url)
    assert readonly.learner_for_token(token) == me
    assert [a.rule for a in readonly.answers(readonly.profile(me, "default"))] == ["montar"]
    with pytest.raises(StoreError) as caught:
        readonly.record_answer(readonly.profile(me, "default"), kind="legal", rule="x",
                               correct=True)
    assert caught.value.reason == "readonly" and "\n" not in caught.value.message
    readonly.close()
