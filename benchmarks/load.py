"""Simulated students answering quiz questions through nginx, by Streamlit's own protocol.

    python benchmarks/load.py --replicas 2 --students 30 --duration 60
    python benchmarks/load.py --small --json          # what the test runs in CI

Without ``--url`` it starts ``tute-tutor serve`` itself (PostgreSQL, the replicas, nginx)
in a temporary folder and stops it at the end. Each student behaves like a separate
browser: its own cookies (nginx's route cookie and Streamlit's XSRF cookie, from a first
page load), its own websocket to ``/_stcore/stream`` through nginx, speaking protobuf
``BackMsg``/``ForwardMsg`` from ``streamlit.proto``. On the quiz page it answers with one
of the option buttons, thinks, asks for the next question, thinks, and so on: one answer
every ``--every`` seconds (about 2) plus the server's time.

The latency of one step is from sending the click to the run's final ``script_finished``
(a run that ends with FINISHED_EARLY_FOR_RERUN, as after an answer's ``st.rerun()``, is
not the end). It prints p50/p95/max for answers and for all steps, the errors (timeouts,
closed websockets, an exception drawn by the app, a page without the expected buttons)
and the answers stored: rows added to the ``answers`` table while it ran, against the
answers the students saw acknowledged. Before the measured class a few students answer
once each (not counted) so that each replica has loaded the page's modules; the resident
memory of each replica is read before and after the class (growth per student: what one
session costs while it lives, up to 120 s after its websocket closed). No figure is
asserted anywhere; tests run ``--small`` only to see it complete with no error and every
answer stored.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from websockets.asyncio.client import connect  # noqa: E402
from websockets.typing import Origin, Subprotocol  # noqa: E402

QUERY = "lang=en&kinds=obligation,trick_points,hand_winner,cante"
"""Kinds answered with plain option buttons (card kinds need the card component)."""
STEP_TIMEOUT_S = 30.0


@dataclass
class Tally:
    """What all students measured."""

    answer_s: list[float] = field(default_factory=list)
    step_s: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    acknowledged: int = 0
    not_saved: int = 0


class PageError(Exception):
    """The page did not show what a student needs (one line)."""


def _protos() -> tuple[Any, Any]:
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    return BackMsg, ForwardMsg


def first_visit(base: str) -> dict[str, str]:
    """Load the quiz page once, as a browser does: the cookies nginx and Streamlit set."""
    with urllib.request.urlopen(f"{base}quiz?{QUERY}", timeout=30) as reply:
        reply.read()
        jar: dict[str, str] = {}
        for header in reply.headers.get_all("Set-Cookie") or []:
            cookie: SimpleCookie = SimpleCookie()
            cookie.load(header)
            jar.update({name: morsel.value for name, morsel in cookie.items()})
    return jar


class Student:
    """One simulated browser tab on the quiz page."""

    def __init__(self, number: int, base: str, tally: Tally, rng: random.Random) -> None:
        self.number = number
        self.base = base
        self.tally = tally
        self.rng = rng
        self.BackMsg, self.ForwardMsg = _protos()

    async def run(self, answers: int, until: float, every: float) -> None:
        try:
            jar = await asyncio.to_thread(first_visit, self.base)
            cookies = "; ".join(f"{k}={v}" for k, v in jar.items())
            host = self.base.split("://", 1)[1].rstrip("/")
            async with connect(f"ws://{host}/_stcore/stream",
                               subprotocols=[Subprotocol("streamlit")],
                               origin=Origin(self.base.rstrip("/")),
                               additional_headers={"Cookie": cookies},
                               open_timeout=STEP_TIMEOUT_S, max_size=None) as ws:
                buttons = await self.step(ws, None)
                done = 0
                while done < answers and time.monotonic() < until:
                    await asyncio.sleep(self.rng.uniform(0.4, 0.6) * every)
                    options = [b for b in buttons if "quiz_opt_" in b]
                    if not options:
                        raise PageError("no answer buttons on the quiz page")
                    started = time.monotonic()
                    buttons = await self.step(ws, self.rng.choice(options), answer=True)
                    self.tally.answer_s.append(time.monotonic() - started)
                    done += 1
                    await asyncio.sleep(self.rng.uniform(0.4, 0.6) * every)
                    following = [b for b in buttons if b.endswith("-quiz_next")]
                    if not following:
                        raise PageError("no next-question button after an answer")
                    buttons = await self.step(ws, following[0])
        except Exception as error:  # every failure of one student is counted, none stops the rest
            first = str(error).strip().splitlines()[0] if str(error).strip() else ""
            self.tally.errors.append(f"student {self.number}: {type(error).__name__} {first}")

    async def step(self, ws: Any, click: str | None, *, answer: bool = False) -> list[str]:
        """Send one rerun (a click, or the first load); the button ids of the final run."""
        back = self.BackMsg()
        state = back.rerun_script
        state.query_string = QUERY
        state.page_name = "quiz"
        if click is not None:
            widget = state.widget_states.widgets.add()
            widget.id = click
            widget.trigger_value = True
        started = time.monotonic()
        await ws.send(back.SerializeToString())
        buttons: list[str] = []
        saw_warning = False
        while True:
            left = STEP_TIMEOUT_S - (time.monotonic() - started)
            if left <= 0:
                raise TimeoutError(f"no script_finished within {STEP_TIMEOUT_S:.0f} s")
            message = self.ForwardMsg()
            message.ParseFromString(await asyncio.wait_for(ws.recv(), left))
            kind = message.WhichOneof("type")
            if kind == "delta" and message.delta.WhichOneof("type") == "new_element":
                element = message.delta.new_element
                which = element.WhichOneof("type")
                if which == "button":
                    buttons.append(element.button.id)
                elif which == "exception":
                    raise PageError(f"the app drew an exception: {element.exception.message}")
                elif which == "alert" and answer and element.alert.format == 3:  # warning
                    saw_warning = True
            elif kind == "script_finished":
                status = message.script_finished
                if status == self.ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                    buttons = []
                    continue
                if status != self.ForwardMsg.FINISHED_SUCCESSFULLY:
                    raise PageError(f"the script finished with status {status}")
                break
        self.tally.step_s.append(time.monotonic() - started)
        if answer:
            if saw_warning:
                self.tally.not_saved += 1
            else:
                self.tally.acknowledged += 1
        return buttons


async def drive(base: str, students: int, answers: int, duration: float, every: float,
                seed: int) -> Tally:
    tally = Tally()
    until = time.monotonic() + duration
    rng = random.Random(seed)
    crowd = []
    for number in range(1, students + 1):
        crowd.append(asyncio.create_task(
            Student(number, base, tally, random.Random(rng.random())).run(answers, until,
                                                                          every)))
        await asyncio.sleep(0.1)  # a class logs in over a few seconds, not in one instant
    await asyncio.gather(*crowd)
    return tally


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
            reader.join(180)
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


def answers_in(db: str) -> int:
    import psycopg

    with psycopg.connect(db.replace("postgresql+psycopg://", "postgresql://", 1),
                         connect_timeout=10) as conn:
        try:
            row = conn.execute("SELECT count(*) FROM answers").fetchone()
        except psycopg.errors.UndefinedTable:  # the app creates its tables on first use
            return 0
    return int(row[0]) if row else 0


def replica_memory_mb(data: Path | None) -> list[float]:
    """Resident memory of each replica that serve started (from its serve.json)."""
    if data is None:
        return []
    state = json.loads((data / "serve.json").read_text(encoding="utf-8"))
    sizes = []
    for replica in state["replicas"]:
        try:
            status = Path(f"/proc/{replica['pid']}/status").read_text(encoding="utf-8")
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                sizes.append(round(int(line.split()[1]) / 1024, 1))
    return sizes


def cpu_seconds(data: Path | None) -> dict[str, float]:
    """CPU time used so far by each process serve started (replicas, nginx, PostgreSQL)."""
    if data is None:
        return {}
    state = json.loads((data / "serve.json").read_text(encoding="utf-8"))
    tick = os.sysconf("SC_CLK_TCK")
    pids = {f"replica:{r['pid']}": r["pid"] for r in state["replicas"]}
    pids["nginx"] = state["nginx"]["pid"]
    if state.get("postgres"):
        pids["postgres"] = state["postgres"]["pid"]
    used: dict[str, float] = {}
    for name, pid in pids.items():
        total = 0.0
        for task in _process_tree(pid):
            try:
                fields = Path(f"/proc/{task}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / tick  # utime + stime
        used[name.split(":")[0]] = used.get(name.split(":")[0], 0.0) + total
    return used


def _process_tree(root: int) -> list[int]:
    """``root`` and its descendants (nginx workers, PostgreSQL backends)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def _quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


def figures(tally: Tally, stored: int, students: int, replicas: int | None,
            seconds: float, memory: tuple[list[float], list[float]] = ([], []),
            cpu: dict[str, float] | None = None) -> dict[str, Any]:
    before, after = memory
    steps = max(len(tally.step_s), 1)
    return {
        "students": students, "replicas": replicas, "seconds": round(seconds, 1),
        "answers": len(tally.answer_s), "acknowledged": tally.acknowledged,
        "not_saved": tally.not_saved, "stored": stored, "errors": len(tally.errors),
        "answer_p50_s": round(_quantile(tally.answer_s, 0.50), 3),
        "answer_p95_s": round(_quantile(tally.answer_s, 0.95), 3),
        "answer_max_s": round(max(tally.answer_s, default=float("nan")), 3),
        "step_p50_s": round(_quantile(tally.step_s, 0.50), 3),
        "step_p95_s": round(_quantile(tally.step_s, 0.95), 3),
        "step_max_s": round(max(tally.step_s, default=float("nan")), 3),
        "replica_rss_mb_before": before, "replica_rss_mb_after": after,
        # growth over the class, after a warm-up that loaded the page's modules
        "rss_mb_per_session": round((sum(after) - sum(before)) / students, 1) if after else None,
        # CPU time (not wall time) per step, so a busy machine does not inflate it
        "cpu_ms_per_step": {name: round(1000 * used / steps, 1)
                            for name, used in (cpu or {}).items()},
        "first_errors": tally.errors[:5],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="an already running serve (default: start one)")
    parser.add_argument("--db", help="its database URL, to count the answers stored")
    parser.add_argument("--replicas", type=int, default=2)
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of answering")
    parser.add_argument("--answers", type=int, default=10**6, help="answers per student, at most")
    parser.add_argument("--every", type=float, default=2.0, help="seconds between answers")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--small", action="store_true",
                        help="4 students, 3 answers each, 2 replicas: a quick check")
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    args = parser.parse_args(argv)
    if args.small:
        args.students, args.answers, args.duration, args.every = 4, 3, 120.0, 1.0
    if not 1 <= args.students <= 500 or args.duration <= 0 or args.duration > 3600:
        parser.error("--students must be 1-500 and --duration 0-3600 seconds")
    if args.url and not args.db:
        parser.error("--url needs --db to count the answers stored")

    def measure(base: str, db: str, data: Path | None) -> dict[str, Any]:
        base = base if base.endswith("/") else base + "/"
        # warm up: the first run in a process imports the page's modules; not measured
        warm = 3 * (args.replicas if not args.url else 2)
        asyncio.run(drive(base, warm, 1, 60.0, 0.2, args.seed + 1))
        before = answers_in(db)
        memory = replica_memory_mb(data)
        cpu_before = cpu_seconds(data)
        started = time.monotonic()
        tally = asyncio.run(drive(base, args.students, args.answers, args.duration, args.every,
                                  args.seed))
        elapsed = time.monotonic() - started
        # the sessions are still in memory: they outlive their websocket by
        # server.disconnectedSessionTTL (120 s)
        cpu = {name: used - cpu_before.get(name, 0.0)
               for name, used in cpu_seconds(data).items()}
        return figures(tally, answers_in(db) - before, args.students,
                       None if args.url else args.replicas, elapsed,
                       (memory, replica_memory_mb(data)), cpu)

    if args.url:
        result = measure(args.url, args.db, None)
    else:
        with served(args.replicas) as (base, db, data):
            result = measure(base, db, data)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['students']} students, {result['replicas'] or '?'} replicas,"
              f" {result['seconds']} s: {result['answers']} answers, {result['stored']} stored,"
              f" {result['errors']} errors")
        print(f"answer latency p50 {result['answer_p50_s']} s, p95 {result['answer_p95_s']} s,"
              f" max {result['answer_max_s']} s; every step p50 {result['step_p50_s']} s,"
              f" p95 {result['step_p95_s']} s, max {result['step_max_s']} s")
        if result["replica_rss_mb_after"]:
            print(f"replica memory {result['replica_rss_mb_before']} MB before,"
                  f" {result['replica_rss_mb_after']} MB after:"
                  f" about {result['rss_mb_per_session']} MB per session")
        if result["cpu_ms_per_step"]:
            print("CPU per step: " + ", ".join(
                f"{name} {ms} ms" for name, ms in result["cpu_ms_per_step"].items()))
        for line in result["first_errors"]:
            print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
