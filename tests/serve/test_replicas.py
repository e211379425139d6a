"""``tute-tutor serve`` for real: PostgreSQL, 2 Streamlit replicas and nginx, as a school runs it.

One server for the whole module (started as a subprocess, exactly as a teacher types it),
then, in order: health through nginx, a websocket through nginx under a school's host name,
a file upload on a sticky session in a real Chromium, a replica killed under a learner who
reconnects to the other without losing an answer, a stopped PostgreSQL that the app
survives (a phone at a live class redraws the class by itself once it is back), and
SIGTERM leaving no process behind. Never skipped: without chromium, nginx or PostgreSQL the
module errors. Every wait on another process is the suite's one bound, WAIT_S.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
import pytest
from websockets.sync.client import connect
from websockets.typing import Origin, Subprotocol

from tests.conftest import WAIT_MS, WAIT_S
from tute_tutor.engine.variants import find_rules
from tute_tutor.live.classroom import Settings
from tute_tutor.live.deck import generated_specs
from tute_tutor.serve.nginx import ROUTE_COOKIE
from tute_tutor.serve.postgres import (
    Cluster,
    free_port,
    scratch_folder,
    start_cluster,
    stop_cluster,
)
from tute_tutor.store import open_store
from tute_tutor.store.classes import Classes
from tute_tutor.store.db import new_token
from tute_tutor.words.catalog import t

pytestmark = [pytest.mark.browser, pytest.mark.replicas]

REPO = Path(__file__).resolve().parents[2]
RECORD = REPO / "tests" / "engine" / "data" / "tie_75_75.json"
QUIZ_KINDS = "obligation,trick_points,hand_winner,cante"  # answered with plain buttons


@dataclass
class Served:
    """The running ``tute-tutor serve`` and what it wrote about itself."""

    process: subprocess.Popen[str]
    data: Path
    port: int
    url: str
    stderr: Path
    state: dict[str, Any] = field(default_factory=dict)
    stored_at_stop: int = 0

    def refresh(self) -> dict[str, Any]:
        self.state = json.loads((self.data / "serve.json").read_text(encoding="utf-8"))
        return self.state

    def access_log(self) -> list[str]:
        return (self.data / "nginx" / "access.log").read_text(encoding="utf-8").splitlines()

    def reports(self) -> str:
        return self.stderr.read_text(encoding="utf-8")

    def open_class(self) -> str:
        """Open a live class of one question in the served database; its code."""
        port = self.state["postgres"]["port"]
        store = open_store(f"postgresql+psycopg://postgres@127.0.0.1:{port}/tute_tutor",
                           timeout=WAIT_S)
        try:
            deck = generated_specs(["trick_winner"], 1, rules=find_rules("clasico"),
                                   difficulty=1, seed=0)
            return Classes(store).open(Settings(), deck, teacher=new_token())
        finally:
            store.close()

    def answers_stored(self) -> int:
        port = self.state["postgres"]["port"]
        with psycopg.connect(host="127.0.0.1", port=port, user="postgres", dbname="tute_tutor",
                             connect_timeout=int(WAIT_S)) as conn:
            row = conn.execute("SELECT count(*) FROM answers").fetchone()
        assert row is not None
        return int(row[0])


def _read_first_line(process: subprocess.Popen[str], timeout: float) -> str:
    """The first stdout line of ``process`` (empty if it ends or the time runs out)."""
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.append(process.stdout.readline()
                                                          if process.stdout else ""),
                              daemon=True)
    reader.start()
    reader.join(timeout)
    return lines[0] if lines else ""


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    with scratch_folder("tute-serve-") as folder:
        data, port = folder / "data", free_port()
        stderr = folder / "serve.stderr"
        with stderr.open("w", encoding="utf-8") as err:
            process = subprocess.Popen(
                [sys.executable, "-m", "tute_tutor", "serve", "--replicas", "2",
                 "--port", str(port), "--data", str(data)],
                stdout=subprocess.PIPE, stderr=err, text=True, cwd=REPO)
        try:
            line = _read_first_line(process, WAIT_S)
            url = f"http://127.0.0.1:{port}/"
            assert line == f"Tute Tutor is serving 2 replicas at {url}\n", (
                f"serve printed {line!r}; stderr: {stderr.read_text(encoding='utf-8')[-2000:]}")
            server = Served(process=process, data=data, port=port, url=url, stderr=stderr)
            server.refresh()
            yield server
        finally:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(WAIT_S)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


@pytest.fixture(scope="module")
def learner(chromium: Any, served: Served) -> Iterator[Any]:
    """One learner's browser tab (the shared Chromium), kept across the tests that follow."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()


def _wait_for_app(page: Any) -> None:
    page.wait_for_selector(
        "[data-testid='stMainBlockContainer'] [data-testid='stElementContainer']")
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')")


def _route(page: Any) -> str:
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    return str(cookies[ROUTE_COOKIE])


def _upstreams_of(served: Served, route: str, path: str = "") -> set[str]:
    """The replica addresses nginx used for this browser's requests (``path`` filters)."""
    used = set()
    for line in served.access_log():
        if f"route={route} " in line and path in line:
            used.update(_upstreams_in(line))
    return used


def _upstreams_in(line: str) -> set[str]:
    """The replicas one access-log line went to (several when nginx tried the next one)."""
    match = re.search(r"upstream=(.*?) route=", line)
    if not match or match.group(1) == "-":
        return set()
    return {part.strip() for part in re.split(r"[,:]\s", match.group(1)) if part.strip()}


def _answer_a_question(page: Any) -> None:
    """Click the first option of the question on show and wait for the feedback."""
    main = page.locator("[data-testid='stMain']")
    option = main.locator("[class*='st-key-quiz_opt_'] button").first
    option.wait_for()
    option.click()
    main.locator(".st-key-quiz_next button").wait_for()
    _wait_for_app(page)


def _next_question(page: Any) -> None:
    main = page.locator("[data-testid='stMain']")
    main.locator(".st-key-quiz_next button").click()
    main.locator("[class*='st-key-quiz_opt_'] button").first.wait_for()
    _wait_for_app(page)


# ------------------------------------------------------------------------ tests
def test_health_answers_through_nginx_and_each_browser_gets_a_route_cookie(
        served: Served) -> None:
    routes = set()
    for _ in range(24):  # fresh browsers: no cookie yet, so nginx hands out a new one each
        with urllib.request.urlopen(f"{served.url}_stcore/health", timeout=WAIT_S) as reply:
            assert reply.read() == b"ok"
            cookie = reply.headers["Set-Cookie"] if ROUTE_COOKIE in str(reply.headers) else ""
            set_cookies = reply.headers.get_all("Set-Cookie") or []
        mine = [c for c in set_cookies if c.startswith(f"{ROUTE_COOKIE}=")]
        assert len(mine) == 1 and "HttpOnly" in mine[0], (cookie, set_cookies)
        routes.add(mine[0].split(";")[0].split("=", 1)[1])
    assert len(routes) == 24
    # a browser that has the cookie is not given another one
    request = urllib.request.Request(f"{served.url}_stcore/health",
                                     headers={"Cookie": f"{ROUTE_COOKIE}={routes.pop()}"})
    with urllib.request.urlopen(request, timeout=WAIT_S) as reply:
        assert not [c for c in reply.headers.get_all("Set-Cookie") or []
                    if c.startswith(ROUTE_COOKIE)]
    # 24 random routes spread over both replicas (all on one: chance 2 in 16 million)
    replicas = {f"127.0.0.1:{r['port']}" for r in served.state["replicas"]}
    used = set()
    for line in served.access_log():
        if "/_stcore/health" in line:
            used.update(_upstreams_in(line))
    assert used == replicas


def test_websocket_through_nginx_under_a_school_host_name(served: Served) -> None:
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    # A school's name for the server, with its port: nginx must pass Host with the port,
    # or Streamlit refuses the websocket of a page whose origin is not localhost.
    host = f"tutor.school.test:{served.port}"
    sock = socket.create_connection(("127.0.0.1", served.port), timeout=WAIT_S)
    with connect(f"ws://{host}/_stcore/stream", sock=sock,
                 subprotocols=[Subprotocol("streamlit")], origin=Origin(f"http://{host}"),
                 open_timeout=WAIT_S) as ws:
        back = BackMsg()
        back.rerun_script.query_string = "lang=en"
        back.rerun_script.page_name = "rules"
        ws.send(back.SerializeToString())
        seen: list[str] = []
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            message = ForwardMsg()
            message.ParseFromString(ws.recv(timeout=WAIT_S))
            kind = message.WhichOneof("type") or ""
            seen.append(kind)
            if (kind == "script_finished"
                    and message.script_finished == ForwardMsg.FINISHED_SUCCESSFULLY):
                break
    assert seen[0] == "new_session"
    assert "delta" in seen and seen[-1] == "script_finished"


def test_upload_on_a_sticky_session(served: Served, learner: Any) -> None:
    learner.goto(f"{served.url}teacher?lang=en")
    _wait_for_app(learner)
    main = learner.locator("[data-testid='stMain']")
    main.get_by_text(t("teacher.mode_record", "en"), exact=True).click()
    uploader = main.locator(".st-key-rec_upload input[type='file']")
    uploader.set_input_files(str(RECORD))
    main.get_by_text(re.compile(r"^Trick 1 of \d+")).wait_for()
    route = _route(learner)
    uploads = [line for line in served.access_log()
               if f"route={route} " in line and "/_stcore/upload_file/" in line]
    assert uploads and all(" 204 " in line or " 200 " in line for line in uploads), uploads
    # every request of this browser, page, scripts, upload, went to one replica
    assert len(_upstreams_of(served, route)) == 1


def test_a_killed_replica_moves_its_learner_to_the_other_without_losing_answers(
        served: Served, learner: Any) -> None:
    learner.goto(f"{served.url}quiz?lang=en&kinds={QUIZ_KINDS}")
    _wait_for_app(learner)
    before = served.answers_stored()
    _answer_a_question(learner)
    assert served.answers_stored() == before + 1
    route = _route(learner)
    (address,) = _upstreams_of(served, route)
    ports = {f"127.0.0.1:{r['port']}": r for r in served.state["replicas"]}
    victim = ports[address]
    with learner.expect_websocket(timeout=WAIT_MS) as reconnected:
        os.kill(victim["pid"], signal.SIGKILL)
    # the open page notices, opens a new websocket through nginx (which sends it to the
    # other replica), and teaches on; a click while it is away would be dropped, as in
    # any Streamlit app, so the learner clicks once it is back
    assert reconnected.value.url.endswith("/_stcore/stream")
    _wait_for_app(learner)
    _next_question(learner)
    _answer_a_question(learner)
    assert served.answers_stored() == before + 2
    # serve said so in one line, and brings the dead replica back
    deadline = time.monotonic() + WAIT_S
    while f"{victim['name']} on port {victim['port']} exited (killed by SIGKILL)" not in (
            served.reports()) and time.monotonic() < deadline:
        time.sleep(0.2)
    report = [line for line in served.reports().splitlines() if victim["name"] in line]
    assert report and "restarting" in report[0]
    learner.reload()  # closes the websocket, so nginx logs which replica carried it
    _wait_for_app(learner)
    other = next(a for a in ports if a != address)
    assert other in _upstreams_of(served, route, "/_stcore/stream")


def test_a_stopped_postgresql_leaves_the_app_teaching_and_loses_no_answer(
        served: Served, learner: Any) -> None:
    pg = served.state["postgres"]
    cluster = Cluster(data_dir=Path(pg["data_dir"]), port=pg["port"])
    learner.goto(f"{served.url}quiz?lang=en&kinds={QUIZ_KINDS}")
    _wait_for_app(learner)
    before = served.answers_stored()
    phone = learner.context.new_page()  # a phone at a live class's door
    phone.goto(f"{served.url}join?class={served.open_class()}&lang=en")
    nickname = phone.get_by_label(t("live.join.nickname", "en"))
    nickname.wait_for()
    stop_cluster(cluster)
    try:
        phone.reload()  # the class cannot be read: one line, and the phone stays there
        phone.locator("[data-testid='stMain'] [data-testid='stAlert']").first.wait_for()
        assert nickname.count() == 0 and "Traceback" not in phone.content()
        _answer_a_question(learner)
        main = learner.locator("[data-testid='stMain']")
        warning = main.locator("[data-testid='stAlert']").filter(
            has_text=t("quiz.page.not_saved", "en", message="").strip())
        warning.wait_for()
        assert "\n" not in warning.inner_text().strip()
        assert "Traceback" not in main.inner_text()
        _next_question(learner)  # still teaching
        _answer_a_question(learner)
        main.get_by_text(t("quiz.page.pending", "en", n=2)).wait_for()
    finally:
        start_cluster(cluster.data_dir, cluster.port)
    nickname.wait_for()  # the phone redrew the class by itself once PostgreSQL answered
    phone.close()
    deadline = time.monotonic() + WAIT_S
    while "PostgreSQL stopped" not in served.reports() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert len([line for line in served.reports().splitlines() if "PostgreSQL stopped" in line]
               ) == 1
    # the two waiting answers go in with the next one: nothing acknowledged is lost
    for _ in range(2):  # the first try after a restart may meet a pooled dead connection
        _next_question(learner)
        _answer_a_question(learner)
        if served.answers_stored() >= before + 3:
            break
    assert served.answers_stored() in (before + 3, before + 4)


def test_sigterm_stops_every_process_it_started(served: Served) -> None:
    state = served.refresh()
    pids = [state["nginx"]["pid"], *(r["pid"] for r in state["replicas"])]
    assert all(_alive(pid) for pid in pids)
    served.stored_at_stop = served.answers_stored()
    served.process.send_signal(signal.SIGTERM)
    assert served.process.wait(WAIT_S) == 0
    assert not [pid for pid in pids if _alive(pid)]
    assert not _processes_mentioning(str(served.data))
    assert not (served.data / "serve.json").exists()
    assert served.process.stdout is not None
    assert served.process.stdout.read() == ""  # the URL was its only line


def test_a_restart_on_the_same_folder_finds_every_answer(served: Served) -> None:
    """The cluster, its database and the cookie secret are kept in --data between runs."""
    stored = served.stored_at_stop
    assert stored > 0
    secret = (served.data / "cookie_secret").read_text(encoding="utf-8")
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "tute_tutor", "serve", "--replicas", "1", "--port", str(port),
         "--data", str(served.data)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO)
    try:
        line = _read_first_line(process, WAIT_S)
        assert line == f"Tute Tutor is serving 1 replica at http://127.0.0.1:{port}/\n", (
            process.stderr.read() if process.poll() is not None and process.stderr else line)
        served.refresh()
        assert served.answers_stored() == stored
        assert (served.data / "cookie_secret").read_text(encoding="utf-8") == secret
        process.send_signal(signal.SIGTERM)
        assert process.wait(WAIT_S) == 0
        assert not _processes_mentioning(str(served.data))
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    return not (status.exists() and "State:\tZ" in status.read_text(encoding="utf-8"))


def _processes_mentioning(text: str) -> list[str]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if text in command:
            found.append(f"{entry.name}: {command}")
    return found


def test_ctrl_c_stops_a_serve_on_a_given_database(postgres_url: str) -> None:
    """``--db``: no cluster of its own; Ctrl-C (SIGINT) stops it like SIGTERM."""
    with scratch_folder("tute-serve-") as folder:
        port = free_port()
        process = subprocess.Popen(
            [sys.executable, "-m", "tute_tutor", "serve", "--replicas", "1", "--port", str(port),
             "--data", str(folder / "data"), "--db", postgres_url],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO)
        try:
            line = _read_first_line(process, WAIT_S)
            assert line == f"Tute Tutor is serving 1 replica at http://127.0.0.1:{port}/\n"
            state = json.loads((folder / "data" / "serve.json").read_text(encoding="utf-8"))
            assert state["postgres"] is None
            assert not (folder / "data" / "postgres").exists()
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health",
                                        timeout=WAIT_S) as reply:
                assert reply.read() == b"ok"
            process.send_signal(signal.SIGINT)
            assert process.wait(WAIT_S) == 0
            pids = [state["nginx"]["pid"], state["replicas"][0]["pid"]]
            assert not [pid for pid in pids if _alive(pid)]
            assert process.stderr is not None and process.stderr.read() == ""
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
