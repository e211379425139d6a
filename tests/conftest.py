"""Shared test settings: hypothesis profile sized for a 2-core CI machine, Chromium and
PostgreSQL.

``chromium`` is one headless Debian Chromium per test process, shared by every browser
test (tests/app/ and tests/serve/): Playwright's sync API allows one instance per
thread. A missing Chromium fails the run, never skips it. Every context it opens, and
every ``expect``, waits up to :data:`WAIT_S`; a context a test closes is cleared and kept
for the next test (:class:`KeptContext`).

:data:`WAIT_S` is the one bound of every wait on another process (a page to draw, a
server to start, a room to move): tests wait on a condition, never on time, and a machine
that is merely busy only makes them slower.

``postgres_cluster`` is one throwaway cluster per test session (so one per xdist worker) in
a temporary folder, stopped at the end. It is never skipped: without Debian's postgresql
package the tests that use it error (``.ci/run`` installs it). ``postgres_url`` gives each
test a fresh empty database of that cluster, dropped afterwards.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from tute_tutor.serve.postgres import (
    Cluster,
    create_database,
    drop_database,
    scratch_folder,
    start_cluster,
    stop_cluster,
)

TEST_PACE = "0.3"
"""The server pace (``TUTE_TUTOR_PACE``) of every app the tests start and of the pages
they run in process: the rooms and the live class poll three times as often, and a room's
computer waits a third as long, so whole hands take a third of the time they take for
people. Set before any page module is imported (they read it once)."""
os.environ.setdefault("TUTE_TUTOR_PACE", TEST_PACE)

settings.register_profile(
    "ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

_database_numbers = itertools.count(1)

WAIT_S = 300.0
"""How long a test waits for anything another process does, at most: a server to answer,
a page to draw, a click's rerun, a computer's move. On a quiet machine each of these takes
well under a few seconds; on a shared one whose load average is 60 (2 cores) the same
waits took a hundred times as long. The bound is there to end a test that waits for what
never comes, not to measure speed (``benchmarks/`` does that)."""
WAIT_MS = int(WAIT_S * 1000)
""":data:`WAIT_S` in milliseconds, as Playwright counts."""

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # Tests talk to 127.0.0.1 only: any other host name fails to resolve, so a link or an
    # image that hostile input smuggled in can never send traffic out.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]


class RunWatch:
    """What a page's Streamlit websocket last said about the script's runs.

    A run that ends in ``st.rerun()`` (or that a click interrupts) finishes "early for
    rerun", and the page shows itself idle for a moment before the next run starts: on a
    busy machine that moment can last long enough for a test to act on a page about to
    change. ``rerun_follows`` is True from such a finish until a run finishes for good.
    """

    def __init__(self, page: Any) -> None:
        self.rerun_follows = False
        page.on("websocket", self._socket)

    def _socket(self, socket: Any) -> None:
        if socket.url.endswith("/_stcore/stream"):
            socket.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        if isinstance(payload, str):
            return
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        try:
            message = ForwardMsg.FromString(payload)
        except Exception:  # not Streamlit's: nothing to note
            return
        if message.WhichOneof("type") == "script_finished":
            self.rerun_follows = message.script_finished == ForwardMsg.FINISHED_EARLY_FOR_RERUN


def _watch_runs(page: Any) -> None:
    page.tt_runs = RunWatch(page)


class Browser:
    """A Playwright browser whose every new context waits up to :data:`WAIT_S` (its
    actions, its ``wait_for`` and its navigations) and gives each page a :class:`RunWatch`
    (``page.tt_runs``); anything else is the browser's own.

    A context a test closes is kept for the next test that asks for one with the same
    options (:class:`KeptContext`): a new context costs its first page about 1.5
    CPU-seconds more than a kept one (a new renderer process compiling Streamlit's
    bundle again: 3.6 against 2.1 CPU-seconds a page load, measured on this machine)."""

    KEPT = 8
    """Contexts kept at most (the least recently closed go first): each keeps a renderer
    process, tens of megabytes."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser
        self._kept: dict[str, list[KeptContext]] = {}
        self._closed: list[KeptContext] = []  # every kept context, the oldest first

    def new_context(self, **options: Any) -> Any:
        key = repr(sorted(options.items()))
        kept = self._kept.setdefault(key, [])
        if kept:
            context = kept.pop()
            self._closed.remove(context)
            return context.reopened()
        context = self._browser.new_context(**options)
        context.set_default_timeout(WAIT_MS)
        context.set_default_navigation_timeout(WAIT_MS)
        context.on("page", _watch_runs)
        return KeptContext(context, self, key)

    def keep(self, context: KeptContext, key: str) -> None:
        """Keep ``context`` (closed by its test, cleared) for a test asking for ``key``."""
        self._kept[key].append(context)
        self._closed.append(context)
        while len(self._closed) > self.KEPT:
            oldest = self._closed.pop(0)
            self._kept[oldest.key].remove(oldest)
            oldest.close_for_good()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


class KeptContext:
    """A browser context lent to one test at a time, as new as a new one to the app.

    ``close()`` closes the test's pages, clears every cookie, permission and origin's
    storage (what makes a browser a learner, and Streamlit's remembered sidebar), and
    keeps the context with one page parked on the server's plain-text health address,
    so the context's warm renderer and its cache of Streamlit's bundle serve the next
    test. A context the test changed in a way that outlives its pages (init scripts,
    routes, listeners, headers...) is closed for real, and so is one whose clearing
    fails (its server gone): nothing of one test ever reaches the next.
    """

    _LASTING = frozenset({
        "add_init_script", "expose_binding", "expose_function", "grant_permissions",
        "on", "once", "route", "route_from_har", "route_web_socket",
        "set_default_navigation_timeout", "set_default_timeout", "set_extra_http_headers",
        "set_geolocation", "set_http_credentials", "set_offline", "tracing",
    })
    _CLEAR_WAIT_MS = 10_000
    """Bound of the parking page's load: past it the context is closed for real."""

    def __init__(self, context: Any, browser: Browser, key: str) -> None:
        self._context = context
        self._browser = browser
        self.key = key
        self._parking: Any = None
        self._lent = True
        self._changed = False

    def reopened(self) -> KeptContext:
        self._lent = True
        return self

    @property
    def pages(self) -> list[Any]:
        return [page for page in self._context.pages if page is not self._parking]

    def __getattr__(self, name: str) -> Any:
        if name in self._LASTING:
            self._changed = True
        return getattr(self._context, name)

    def close(self) -> None:
        if not self._lent:
            return
        self._lent = False
        if self._changed or not self._cleared():
            self.close_for_good()
            return
        self._browser.keep(self, self.key)

    def close_for_good(self) -> None:
        self._context.close()

    def _cleared(self) -> bool:
        """Clear everything the test left; False when that could not be done."""
        try:
            origins = {entry["origin"] for entry in self._context.storage_state()["origins"]}
            for page in self.pages:
                if page.url.startswith("http"):
                    origins.add(_origin(page.url))
                page.close()
            if self._parking is None:
                if not origins:
                    return False
                self._parking = self._context.new_page()
            if origins and not self._parking.url.startswith("http"):
                self._parking.goto(f"{sorted(origins)[0]}/_stcore/health",
                                   timeout=self._CLEAR_WAIT_MS)
            self._context.clear_cookies()  # the parking page's load sets one too
            self._context.clear_permissions()
            session = self._context.new_cdp_session(self._parking)
            for origin in origins:
                session.send("Storage.clearDataForOrigin", {
                    "origin": origin,
                    "storageTypes": "local_storage,indexeddb,service_workers,cache_storage"})
            session.detach()
            return not self._context.cookies()
        except Exception:  # the server is gone, the page crashed: start afresh
            return False


def _origin(url: str) -> str:
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0]}"


@pytest.fixture(scope="session")
def chromium() -> Iterator[Browser]:
    """One headless Chromium per worker (Debian's, never a downloaded one)."""
    if not CHROMIUM.exists():
        pytest.fail(f"Chromium is missing at {CHROMIUM}: install Debian's chromium package")
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
            timeout=WAIT_MS,
        )
        try:
            yield Browser(browser)
        finally:
            browser.close()


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    """A running PostgreSQL cluster in a temporary folder, stopped after the session."""
    with scratch_folder() as folder:
        cluster = start_cluster(folder / "data")
        try:
            yield cluster
        finally:
            stop_cluster(cluster)


@pytest.fixture
def postgres_url(postgres_cluster: Cluster) -> Iterator[str]:
    """The SQLAlchemy URL of a fresh, empty database, dropped after the test."""
    name = f"test_{os.getpid()}_{next(_database_numbers)}"
    url = create_database(postgres_cluster, name)
    yield url
    drop_database(postgres_cluster, name)



LONG_FIRST = (
    "tests/app/test_browser_rooms.py",
    "tests/app/test_browser_review.py",
    "tests/app/test_browser_practice.py",
    "tests/app/test_browser_accessibility.py",
    "tests/app/test_browser_learners.py",
    "tests/app/test_browser_table_keeps.py",
    "tests/app/test_browser_puzzles.py",
    "tests/app/test_browser_path.py",
    "tests/app/test_browser_drills.py",
    "tests/app/test_browser_hostile.py",
    "tests/app/test_browser_watch.py",
    "tests/app/test_browser_progress.py",
    "tests/serve/test_rooms_benchmark.py",
    "tests/app/test_browser_lessons.py",
    "tests/app/test_browser_live_class.py",
)
"""The files that took longest in a measured run, longest first: they start first, so
that the many short files fill both workers at the end instead of one long file keeping
one worker busy alone (``--no-loadscope-reorder`` keeps this order under ``--dist
loadfile``; the other browser and replica files come next, then everything else)."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Order the run: :data:`LONG_FIRST`, then the other browser and replica files, then
    the rest, each file's tests in their own order."""

    def rank(item: pytest.Item) -> tuple[int, int]:
        path = item.nodeid.split("::", 1)[0]
        if path in LONG_FIRST:
            return 0, LONG_FIRST.index(path)
        if item.get_closest_marker("browser") or item.get_closest_marker("replicas"):
            return 1, 0
        return 2, 0

    items.sort(key=rank)
