"""Shared test settings: hypothesis profile sized for a 2-core CI machine, Chromium and
PostgreSQL.

``chromium`` is one headless Debian Chromium per test process, shared by every browser
test (tests/app/ and tests/serve/): Playwright's sync API allows one instance per
thread. A missing Chromium fails the run, never skips it. Every context it opens, and
every ``expect``, waits up to :data:`WAIT_S`.

:data:`WAIT_S` is the one bound of every wait on another process (a page to draw, a
server to start, a room to move): tests wait on a condition, never on time, and a machine
that is merely busy only makes them slower.

``postgres_cluster`` is one throwaway cluster per test session (so one per xdist worker) in
a temporary folder, stopped at the end. It is never skipped: without Debian's postgresql
package the tests that use it error (``.ci/run`` installs it). ``postgres_url`` gives each
test a fresh empty database of that cluster, dropped afterwards.
"""

from __future__ import annotations

import functools
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

TEST_PACE = "1"
"""The server pace (``TUTE_TUTOR_PACE``) of every app the tests start and of the pages
they run in process: the pace people get (polls each second, a room's computer waiting
0.8 s). A faster pace (0.3) made the suite slower, not quicker: the suite keeps both
cores busy, and three times as many polls cost more than the shorter waits save (the
rooms' whole hand took 135 s at 0.3 and 112 s at 1; the rooms, live-class and replica
files 304 CPU-seconds instead of 243). Set before any page module is imported (they
read it once); an outside ``TUTE_TUTOR_PACE`` wins."""
os.environ.setdefault("TUTE_TUTOR_PACE", TEST_PACE)


def _scan_installed_components_once() -> None:
    """Make Streamlit look for installed components once per test process.

    Every ``AppTest`` scans the metadata of every installed package for component
    manifests before its first run (Streamlit 1.67: about 0.4 s here, most of an
    ordinary page's run, and the suite makes hundreds of them); the answer cannot change
    while the tests run, so the first scan's answer serves the rest. The served app
    scans once at start, as before. Fails loudly (AttributeError at collection) if
    Streamlit moves the scan, rather than quietly scanning again."""
    from streamlit.components.v2 import manifest_scanner

    scan = manifest_scanner.scan_component_manifests
    manifest_scanner.scan_component_manifests = functools.cache(scan)  # type: ignore[assignment]


_scan_installed_components_once()

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
    (``page.tt_runs``); anything else is the browser's own."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        context = self._browser.new_context(**options)
        context.set_default_timeout(WAIT_MS)
        context.set_default_navigation_timeout(WAIT_MS)
        context.on("page", _watch_runs)
        return context

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


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
