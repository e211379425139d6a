"""Shared fixtures for the app tests.

AppTest tests need nothing from here but :data:`APP_FILE`. Browser tests (marker
``browser``) use the session fixture ``app_url``, one real ``streamlit run`` server per
test process shared by every browser test that needs no server of its own (each browser
context is a learner of its own, so tests that write progress share it too), with
``app_db``, the URL of that server's database; and the fixture ``page``, a Playwright page
on Debian's Chromium. A missing Chromium fails the run, never skips it.

Every wait here is on a condition, bounded by ``tests.conftest.WAIT_S`` (a busy machine
makes a test slower, never wrong). Helpers come as fixtures: ``screenshot`` gives
``screenshot(page, name)``, saving ``test-artifacts/screenshots/NAME.png`` (git-ignored);
``wait_for_app`` gives ``wait_for_app(page)`` (:func:`app_ready`), waiting until Streamlit
has drawn the page and finished its run; ``wait_until_drawn`` gives
``wait_until_drawn(page)`` (:func:`app_drawn`), waiting as well for what draws after the
run (images, charts). Module helpers import :func:`until` (``until(page, check, what)``
asks ``check()`` until it answers something true) from ``tests.app.conftest``.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest

from tests.conftest import WAIT_S

T = TypeVar("T")

REPO = Path(__file__).resolve().parents[2]
APP_FILE = REPO / "streamlit_app.py"
ARTIFACTS = REPO / "test-artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"


def _free_port() -> int:
    """A port the kernel just gave out as free (its own pick, so two suites running at
    once do not start from the same number and race for it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _listens(pid: int, port: int) -> bool:
    """Whether process ``pid`` itself holds the socket listening on 127.0.0.1:``port``
    (Linux's /proc): a health answer on the port may come from another suite's server
    that took the port first."""
    wanted = f"0100007F:{port:04X}"
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[1] == wanted and fields[3] == "0A":  # 0A: LISTEN
            inodes.add(f"socket:[{fields[9]}]")
    try:
        fds = list(Path(f"/proc/{pid}/fd").iterdir())
    except OSError:
        return False
    for fd in fds:
        try:
            if os.readlink(fd) in inodes:
                return True
        except OSError:
            continue
    return False


class _PortTaken(Exception):
    """The server exited before it listened: another process took its port first."""


def _wait_healthy(url: str, port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            text = log.read_text()
            if "is not available" in text:  # Streamlit's words for a port in use
                raise _PortTaken(text[-2000:])
            raise RuntimeError(f"streamlit exited with {process.returncode}: {text[-2000:]}")
        if _listens(process.pid, port):
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=10) as answer:
                    if answer.read().decode().strip() == "ok":
                        return
            except (urllib.error.URLError, OSError):
                pass
        time.sleep(0.25)
    raise RuntimeError(f"streamlit did not answer /_stcore/health in {WAIT_S:.0f} s: "
                       f"{log.read_text()[-2000:]}")


def database_of(folder: Path) -> str:
    """The URL of the database a server started by :func:`run_streamlit` in ``folder``
    writes progress to."""
    return os.environ.get("TUTE_TUTOR_DB", f"sqlite:///{folder / 'progress.sqlite'}")


@contextmanager
def run_streamlit(folder: Path, script: Path = APP_FILE) -> Iterator[str]:
    """Start ``streamlit run SCRIPT`` (the app by default) on a free port; yield its URL.

    Its log goes to ``folder/server.log``; progress goes to a database in ``folder``
    unless ``TUTE_TUTOR_DB`` is set. The server is stopped on exit.
    """
    log = folder / "server.log"
    env = dict(os.environ)
    # Progress written during browser tests goes to a throw-away database.
    env["TUTE_TUTOR_DB"] = database_of(folder)
    for _attempt in range(5):  # a port taken between the kernel's pick and the server's
        port = _free_port()
        url = f"http://127.0.0.1:{port}"
        with log.open("wb") as out:
            process = subprocess.Popen(
                [
                    sys.executable, "-m", "streamlit", "run", str(script),
                    "--server.address", "127.0.0.1",
                    "--server.port", str(port),
                    "--server.headless", "true",
                    "--browser.gatherUsageStats", "false",
                ],
                cwd=REPO,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        try:
            _wait_healthy(url, port, process, log)
        except _PortTaken:
            continue
        except BaseException:
            _stop(process)
            raise
        break
    else:
        raise RuntimeError(f"streamlit found no free port in five tries: {log.read_text()}")
    try:
        yield url
    finally:
        _stop(process)


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(scope="session")
def shared_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """One ``streamlit run streamlit_app.py`` server for this worker: its URL and the URL
    of its database."""
    folder = tmp_path_factory.mktemp("streamlit-server")
    with run_streamlit(folder) as url:
        yield url, database_of(folder)


@pytest.fixture(scope="session")
def app_url(shared_app: tuple[str, str]) -> str:
    """Base URL of the worker's shared ``streamlit run streamlit_app.py`` server."""
    return shared_app[0]


@pytest.fixture(scope="session")
def app_db(shared_app: tuple[str, str]) -> str:
    """The database URL of the shared server (a test may seed its own learner's progress
    there: every browser context is a learner of its own)."""
    return shared_app[1]


@pytest.fixture
def fresh_app_url(tmp_path: Path) -> Iterator[str]:
    """A server of its own that no browser has opened yet (for first-request tests)."""
    with run_streamlit(tmp_path) as url:
        yield url


VIEWPORTS: dict[str, dict[str, int]] = {
    "laptop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
"""The two screens a layout test draws a page on: a laptop and a phone."""


@pytest.fixture(params=sorted(VIEWPORTS))
def sized_page(request: pytest.FixtureRequest, chromium: Any) -> Iterator[Any]:
    """A fresh page on each of :data:`VIEWPORTS` (``page.viewport_name`` says which)."""
    context = chromium.new_context(viewport=VIEWPORTS[request.param], locale="es-ES")
    page = context.new_page()
    page.viewport_name = request.param
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def page(chromium: Any, app_url: str) -> Iterator[Any]:
    """A fresh Playwright page (own context, so own Streamlit session), 1280x900."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="es-ES")
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()


def save_screenshot(page: Any, name: str) -> Path:
    """Save a full-page screenshot as ``test-artifacts/screenshots/NAME.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    # A picture of placeholders helps nobody: give lazy parts a moment to draw (a
    # screenshot is evidence, never a reason to fail).
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(
            "() => !document.querySelector('[data-testid=\"stSkeleton\"]')", timeout=5_000)
    page.screenshot(path=str(path), full_page=True)
    return path


APP_IDLE = """() => {
  const app = document.querySelector("[data-testid='stApp']");
  return Boolean(app) && app.dataset.testScriptState === "notRunning"
    && app.dataset.testConnectionState === "CONNECTED"
    && !document.querySelector("[data-testid='stStatusWidget']");
}"""
"""Streamlit is connected and runs no script (its own end-to-end tests wait on the same
attributes). A click sets the state to "rerunRequested" at once, so a wait right after a
click waits for that click's run, where the status widget shows only after a while. A
run that ended in ``st.rerun()`` looks idle too: :func:`app_ready` asks the page's
``tests.conftest.RunWatch`` as well."""

DRAWN = """() => {
  const all = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll("*")) {
      all.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  return !document.querySelector("[data-testid='stSkeleton']")
    && all.every((el) => el.tagName !== "IMG" || el.complete || el.loading === "lazy")
    && [...document.querySelectorAll("[data-testid='stPlotlyChart']")]
      .every((chart) => chart.querySelector(".main-svg"))
    && document.fonts.status === "loaded";
}"""
"""What draws after the run has drawn: no placeholder is left, every image (the drawn
cards, inside the hands' shadow roots too; not one that loads only when scrolled to) has
loaded or failed, every chart has its SVG, and the fonts are in."""

NEXT_FRAMES = """() => new Promise(
  (done) => requestAnimationFrame(() => requestAnimationFrame(done)))"""


def app_ready(page: Any) -> None:
    """Wait until Streamlit has drawn the page's content and finished running the script.

    The sidebar first shows the folder's page list before the script runs
    ``st.navigation``, so waiting for the app frame alone is not enough.
    """
    # attached, not visible: the first element may draw nothing (the presenter's keys)
    page.wait_for_selector(
        "[data-testid='stMainBlockContainer'] [data-testid='stElementContainer']",
        state="attached",
    )

    def idle() -> bool:
        page.wait_for_function(APP_IDLE)
        # idle between a run that ended in st.rerun() and the next is not idle
        watch = getattr(page, "tt_runs", None)
        return watch is None or not watch.rerun_follows

    until(page, idle, "Streamlit never finished its run")


def app_drawn(page: Any) -> None:
    """:func:`app_ready`, then wait for what draws after the run (see :data:`DRAWN`) and
    for the layout of two more frames, so that sizes and places can be measured."""
    app_ready(page)
    page.wait_for_function(DRAWN)
    page.evaluate(NEXT_FRAMES)
    app_ready(page)


def until(page: Any, check: Callable[[], T], what: str) -> T:
    """Ask ``check()`` again and again, letting the page work in between, until it answers
    something true; return that. After ``WAIT_S`` fail, saying that ``what`` never came."""
    deadline = time.monotonic() + WAIT_S
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} (waited {WAIT_S:.0f} s)")
        page.wait_for_timeout(50)


KEEP_POLLS_JS = """
(() => {
  // Note every interval timer the page sets, so a test can stop its polls the way
  // Streamlit itself loses them (a whole-page run stopped before it drew the poll).
  const set = window.setInterval.bind(window);
  window.__polls = [];
  window.setInterval = (fn, ms, ...args) => {
    const id = set(fn, ms, ...args);
    window.__polls.push({ id, ms });
    return id;
  };
  window.__stopPolls = (ms) => {
    const stopped = window.__polls.filter((p) => Math.abs(p.ms - ms) < 1);
    stopped.forEach((p) => clearInterval(p.id));
    window.__polls = window.__polls.filter((p) => !stopped.includes(p));
    return stopped.length;
  };
})();
"""


def stop_polls(page: Any) -> None:
    """Stop the timers of the page's polling fragments (the page must have been opened
    with :data:`KEEP_POLLS_JS`), as Streamlit loses them when a whole-page run stops
    before it draws the poll; waits until the page has set one."""
    from tute_tutor.ui.live_common import POLL_SECONDS

    until(page, lambda: page.evaluate(f"window.__stopPolls({POLL_SECONDS * 1000})"),
          "the page never set its polling timer")


def switch_to_english(page: Any) -> None:
    """Choose English in the sidebar, as a learner does, and wait for the page's run."""
    page.locator("[data-testid='stSidebar']").get_by_text("English", exact=True).click()
    until(page, lambda: "lang=en" in page.url, "the page never said lang=en in its URL")
    app_ready(page)


def click_now(locator: Any) -> Any | None:
    """Click the first element ``locator`` finds now, as it is; return its handle, or
    None when there was none or it left the page before the click landed.

    ``locator.click()`` would wait for a new copy when the one found is redrawn away,
    and a page that moved on (the trick already gone) never draws one: that wait is
    the whole timeout. A handle's click fails at once instead, so the caller looks
    at the page again."""
    from playwright.sync_api import Error

    handles = locator.element_handles()
    if not handles:
        return None
    try:
        handles[0].click()
    except Error:
        return None
    return handles[0]


def click_away(page: Any, locator: Any, what: str) -> bool:
    """:func:`click_now`, then wait until the clicked element has left the page (the
    click's run drew the page without it), so that a look right after the click, while
    Streamlit may still say it is idle, never finds it again and clicks it twice. False
    when nothing could be clicked."""
    handle = click_now(locator)
    if handle is None:
        return False
    until(page, lambda: not handle.is_visible(), f"{what} stayed after it was clicked")
    return True


@pytest.fixture
def screenshot() -> Callable[[Any, str], Path]:
    """The helper ``screenshot(page, name)`` (see :func:`save_screenshot`)."""
    return save_screenshot


@pytest.fixture
def wait_for_app() -> Callable[[Any], None]:
    """The helper ``wait_for_app(page)`` (see :func:`app_ready`)."""
    return app_ready


@pytest.fixture
def wait_until_drawn() -> Callable[[Any], None]:
    """The helper ``wait_until_drawn(page)`` (see :func:`app_drawn`)."""
    return app_drawn
