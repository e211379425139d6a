"""Shared fixtures for the app tests.

AppTest tests need nothing from here but :data:`APP_FILE`. Browser tests (marker
``browser``) use the session fixture ``app_url``, a real ``streamlit run`` server on a
free port per xdist worker, and the fixture ``page``, a Playwright page on Debian's
Chromium. A missing Chromium fails the run, never skips it.

Helpers come as fixtures, because test files cannot import this conftest by name:
``screenshot`` gives ``screenshot(page, name)``, saving
``test-artifacts/screenshots/NAME.png`` (git-ignored), and ``wait_for_app`` gives
``wait_for_app(page)``, waiting until Streamlit has drawn the page and finished its run.
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
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
APP_FILE = REPO / "streamlit_app.py"
ARTIFACTS = REPO / "test-artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
SERVER_START_TIMEOUT = 60.0


def _worker_index() -> int:
    """0 for the main process or xdist worker gw0, 1 for gw1, and so on."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    digits = "".join(ch for ch in worker if ch.isdigit())
    return int(digits) if digits else 0


def _free_port() -> int:
    """A port nobody listens on, searched from a base that differs per xdist worker."""
    base = 8600 + 40 * _worker_index() + (os.getpid() % 20)
    for port in range(base, base + 400):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port for the test Streamlit server")


def _wait_healthy(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"streamlit exited with {process.returncode}: {log.read_text()[-2000:]}"
            )
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                if answer.read().decode().strip() == "ok":
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.25)
    raise RuntimeError(f"streamlit did not answer /_stcore/health: {log.read_text()[-2000:]}")


@contextmanager
def run_streamlit(folder: Path, script: Path = APP_FILE) -> Iterator[str]:
    """Start ``streamlit run SCRIPT`` (the app by default) on a free port; yield its URL.

    Its log goes to ``folder/server.log``; progress goes to a database in ``folder``
    unless ``TUTE_TUTOR_DB`` is set. The server is stopped on exit.
    """
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    log = folder / "server.log"
    env = dict(os.environ)
    # Progress written during browser tests goes to a throw-away database.
    env.setdefault("TUTE_TUTOR_DB", f"sqlite:///{folder / 'progress.sqlite'}")
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
        _wait_healthy(url, process, log)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="session")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a ``streamlit run streamlit_app.py`` server for this worker."""
    with run_streamlit(tmp_path_factory.mktemp("streamlit-server")) as url:
        yield url


@pytest.fixture
def fresh_app_url(tmp_path: Path) -> Iterator[str]:
    """A server of its own that no browser has opened yet (for first-request tests)."""
    with run_streamlit(tmp_path) as url:
        yield url


@pytest.fixture
def start_streamlit() -> Callable[..., Any]:
    """The helper ``start_streamlit(folder)`` (see :func:`run_streamlit`): a server of the
    test's own, whose database (``TUTE_TUTOR_DB``, else ``folder``) the test can read."""
    return run_streamlit


@pytest.fixture
def page(chromium: Any, app_url: str) -> Iterator[Any]:
    """A fresh Playwright page (own context, so own Streamlit session), 1280x900."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="es-ES")
    context.set_default_timeout(45_000)
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


def app_ready(page: Any) -> None:
    """Wait until Streamlit has drawn the page's content and finished running the script.

    The sidebar first shows the folder's page list before the script runs
    ``st.navigation``, so waiting for the app frame alone is not enough.
    """
    page.wait_for_selector(
        "[data-testid='stMainBlockContainer'] [data-testid='stElementContainer']"
    )
    # The status widget shows while the script runs; wait for it to go away.
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')"
    )


@pytest.fixture
def screenshot() -> Callable[[Any, str], Path]:
    """The helper ``screenshot(page, name)`` (see :func:`save_screenshot`)."""
    return save_screenshot


@pytest.fixture
def wait_for_app() -> Callable[[Any], None]:
    """The helper ``wait_for_app(page)`` (see :func:`app_ready`)."""
    return app_ready
