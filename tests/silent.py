"""A TCP server on 127.0.0.1 that accepts every connection and never says a word (for
a database that does not answer), and counts the connections clients opened to it: a
test asserts how often the database was asked, never how long a call took."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from tests.conftest import WAIT_S


class SilentServer:
    """The server's port and what it has seen."""

    def __init__(self) -> None:
        self._server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._server.bind(("127.0.0.1", 0))
        self._server.listen(64)
        self._server.settimeout(0.2)
        self.port = int(self._server.getsockname()[1])
        self._held: list[socket.socket] = []
        self._peers: list[tuple[str, int]] = []
        self._probes = 0
        self._seen = threading.Condition()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                connection, peer = self._server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with self._seen:
                self._held.append(connection)
                self._peers.append(peer)
                self._seen.notify_all()

    def connections(self) -> int:
        """How many connections clients have opened so far; exact, not a sample: every
        connection opened before the call is counted. (It opens one of its own behind
        them and waits, up to :data:`WAIT_S`, until the server has accepted it: the
        queue is first in, first out, so every earlier one was accepted before.)"""
        with socket.create_connection(("127.0.0.1", self.port), timeout=WAIT_S) as probe:
            mark = probe.getsockname()[:2]
            with self._seen:
                if not self._seen.wait_for(lambda: mark in self._peers, timeout=WAIT_S):
                    raise AssertionError(f"the silent server did not accept in {WAIT_S} s")
                self._probes += 1
                return len(self._peers) - self._probes

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=WAIT_S)
        for connection in self._held:
            connection.close()
        self._server.close()


@contextmanager
def silent_tcp_server() -> Iterator[SilentServer]:
    """Run the server while the block runs."""
    server = SilentServer()
    try:
        yield server
    finally:
        server.close()
