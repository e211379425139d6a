"""What the benchmarks that drive the app through nginx share: a browser's side of
Streamlit's websocket protocol, ``tute-tutor serve`` started in a temporary folder, and
quantiles.

A simulated browser loads a page once for its cookies (:func:`first_visit`: nginx's route
cookie and Streamlit's XSRF cookie), opens its own websocket to ``/_stcore/stream``
(:func:`open_stream`) and speaks protobuf ``BackMsg``/``ForwardMsg`` from
``streamlit.proto``: a rerun (a first load, a click, a typed text, a fragment's poll) is
one :func:`rerun_message`; :func:`rerun` sends it and returns the elements of the run that
finished (a run ended by ``FINISHED_EARLY_FOR_RERUN``, as after ``st.rerun()``, is not the
end).

The scripts run as ``python benchmarks/NAME.py`` from the repository's root; each puts
the root on ``sys.path`` and imports this module as ``benchmarks.streamlit_client``.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.typing import Origin, Subprotocol

ROOT = Path(__file__).resolve().parents[1]
STEP_TIMEOUT_S = float(os.environ.get("TUTE_TUTOR_BENCH_STEP_S", "30"))
"""How long one rerun (or opening a websocket) may take before it counts as an error:
30 s, or ``TUTE_TUTOR_BENCH_STEP_S`` (a test that drives a benchmark on a busy machine
sets its own bound there, ``tests.conftest.WAIT_S``)."""


class PageError(Exception):
    """The page did not show what a simulated browser needs (one line)."""


def protos() -> tuple[Any, Any]:
    """Streamlit's ``BackMsg`` and ``ForwardMsg`` classes (imported on first use)."""
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    return BackMsg, ForwardMsg


def first_visit(url: str) -> dict[str, str]:
    """Load ``url`` once, as a browser does: the cookies nginx and Streamlit set."""
    with urllib.request.urlopen(url, timeout=STEP_TIMEOUT_S) as reply:
        reply.read()
        jar: dict[str, str] = {}
        for header in reply.headers.get_all("Set-Cookie") or []:
            cookie: SimpleCookie = SimpleCookie()
            cookie.load(header)
            jar.update({name: morsel.value for name, morsel in cookie.items()})
    return jar


def open_stream(base: str, jar: dict[str, str]) -> Any:
    """The websocket of one browser to ``base``'s ``/_stcore/stream``, with its cookies:
    ``async with open_stream(...) as ws`` or ``ws = await open_stream(...)``."""
    host = base.split("://", 1)[1].rstrip("/")
    return connect(f"ws://{host}/_stcore/stream", subprotocols=[Subprotocol("streamlit")],
                   origin=Origin(base.rstrip("/")),
                   additional_headers={"Cookie": "; ".join(f"{k}={v}" for k, v in jar.items())},
                   open_timeout=STEP_TIMEOUT_S, max_size=None)


def rerun_message(query: str, page: str, *, click: str | None = None,
                  text: tuple[str, str] | None = None, fragment: str | None = None,
                  page_hash: str = "") -> bytes:
    """One ``rerun_script`` BackMsg: the first load of ``page``, or a ``click`` on a button
    (its widget id), a ``text`` typed into a text input (widget id, value), the poll of a
    ``fragment``; ``page_hash`` keeps a rerun the app asked for on this page."""
    back = protos()[0]()
    state = back.rerun_script
    state.query_string = query
    state.page_name = page
    if page_hash:
        state.page_script_hash = page_hash
    if fragment is not None:
        state.fragment_id = fragment
        state.is_auto_rerun = True
    if text is not None:
        widget = state.widget_states.widgets.add()
        widget.id, widget.string_value = text
    if click is not None:
        widget = state.widget_states.widgets.add()
        widget.id = click
        widget.trigger_value = True
    return bytes(back.SerializeToString())


def new_element(message: Any) -> Any | None:
    """The element a ForwardMsg draws, if it draws one; an exception drawn by the app
    raises :class:`PageError`."""
    if message.WhichOneof("type") != "delta" or \
            message.delta.WhichOneof("type") != "new_element":
        return None
    element = message.delta.new_element
    if element.WhichOneof("type") == "exception":
        raise PageError(f"the app drew an exception: {element.exception.message}")
    return element


async def rerun(ws: Any, data: bytes) -> list[Any]:
    """Send one rerun; the elements drawn by the run that finished it."""
    forward = protos()[1]
    started = time.monotonic()
    await ws.send(data)
    elements: list[Any] = []
    while True:
        left = STEP_TIMEOUT_S - (time.monotonic() - started)
        if left <= 0:
            raise TimeoutError(f"no script_finished within {STEP_TIMEOUT_S:.0f} s")
        message = forward.FromString(await asyncio.wait_for(ws.recv(), left))
        element = new_element(message)
        if element is not None:
            elements.append(element)
        elif message.WhichOneof("type") == "script_finished":
            status = message.script_finished
            if status == forward.FINISHED_EARLY_FOR_RERUN:
                elements = []
                continue
            if status != forward.FINISHED_SUCCESSFULLY:
                raise PageError(f"the script finished with status {status}")
            return elements


def widget_ids(elements: list[Any], *kinds: str) -> list[str]:
    """The ids of the widgets of these kinds (``button``, ``text_input``...), in order."""
    return [getattr(e, e.WhichOneof("type")).id for e in elements
            if e.WhichOneof("type") in kinds]


def describe(error: BaseException) -> str:
    """One line for an error one simulated browser met: its type and first line."""
    first = str(error).strip().splitlines()[0] if str(error).strip() else ""
    return f"{type(error).__name__} {first}"


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0.5, 0.95) of ``values``; NaN for none."""
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


# ------------------------------------------------------------------------ the server
@contextmanager
def served(replicas: int) -> Iterator[tuple[str, str, Path]]:
    """``tute-tutor serve`` in a temporary folder: its URL, its database's URL, its folder."""
    from tute_tutor.serve.postgres import free_port, scratch_folder

    with scratch_folder("tute-load-") as folder:
        data = folder / "data"
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
        with (folder / "serve.log").open("w", encoding="utf-8") as log:
            process = subprocess.Popen(
                [sys.executable, "-m", "tute_tutor", "serve", "--replicas", str(replicas),
                 "--port", str(free_port()), "--data", str(data)],
                stdout=subprocess.PIPE, stderr=log, text=True, cwd=ROOT, env=env)
        try:
            lines: list[str] = []
            reader = threading.Thread(
                target=lambda: lines.append(process.stdout.readline() if process.stdout
                                            else ""), daemon=True)
            reader.start()
            reader.join(max(180.0, STEP_TIMEOUT_S))
            if not lines or " at http" not in lines[0]:
                raise SystemExit("tute-tutor serve did not start: "
                                 + (folder / "serve.log").read_text(encoding="utf-8")[-500:])
            state = json.loads((data / "serve.json").read_text(encoding="utf-8"))
            port = state["postgres"]["port"]
            yield (lines[0].rsplit(" at ", 1)[1].strip(),
                   f"postgresql://postgres@127.0.0.1:{port}/tute_tutor", data)
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
