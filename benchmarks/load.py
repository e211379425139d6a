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
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.streamlit_client import (  # noqa: E402
    PageError,
    describe,
    first_visit,
    open_stream,
    quantile,
    rerun,
    rerun_message,
    served,
    widget_ids,
)

QUERY = "lang=en&kinds=obligation,trick_points,hand_winner,cante"
"""Kinds answered with plain option buttons (card kinds need the card component)."""


@dataclass
class Tally:
    """What all students measured."""

    answer_s: list[float] = field(default_factory=list)
    step_s: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    acknowledged: int = 0
    not_saved: int = 0


class Student:
    """One simulated browser tab on the quiz page."""

    def __init__(self, number: int, base: str, tally: Tally, rng: random.Random) -> None:
        self.number = number
        self.base = base
        self.tally = tally
        self.rng = rng

    async def run(self, answers: int, until: float, every: float) -> None:
        try:
            jar = await asyncio.to_thread(first_visit, f"{self.base}quiz?{QUERY}")
            async with open_stream(self.base, jar) as ws:
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
            self.tally.errors.append(f"student {self.number}: {describe(error)}")

    async def step(self, ws: Any, click: str | None, *, answer: bool = False) -> list[str]:
        """Send one rerun (a click, or the first load); the button ids of the final run."""
        started = time.monotonic()
        elements = await rerun(ws, rerun_message(QUERY, "quiz", click=click))
        self.tally.step_s.append(time.monotonic() - started)
        if answer:
            if any(e.WhichOneof("type") == "alert" and e.alert.format == 3  # a warning
                   for e in elements):
                self.tally.not_saved += 1
            else:
                self.tally.acknowledged += 1
        return widget_ids(elements, "button")


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


def figures(tally: Tally, stored: int, students: int, replicas: int | None,
            seconds: float, memory: tuple[list[float], list[float]] = ([], []),
            cpu: dict[str, float] | None = None) -> dict[str, Any]:
    before, after = memory
    steps = max(len(tally.step_s), 1)
    return {
        "students": students, "replicas": replicas, "seconds": round(seconds, 1),
        "answers": len(tally.answer_s), "acknowledged": tally.acknowledged,
        "not_saved": tally.not_saved, "stored": stored, "errors": len(tally.errors),
        "answer_p50_s": round(quantile(tally.answer_s, 0.50), 3),
        "answer_p95_s": round(quantile(tally.answer_s, 0.95), 3),
        "answer_max_s": round(max(tally.answer_s, default=float("nan")), 3),
        "step_p50_s": round(quantile(tally.step_s, 0.50), 3),
        "step_p95_s": round(quantile(tally.step_s, 0.95), 3),
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
    parser.add_argument("--duration", type=float, default=None,
                        help="seconds of answering, at most (60; 120 with --small)")
    parser.add_argument("--answers", type=int, default=10**6, help="answers per student, at most")
    parser.add_argument("--every", type=float, default=2.0, help="seconds between answers")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--small", action="store_true",
                        help="4 students, 3 answers each, 2 replicas: a quick check")
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    args = parser.parse_args(argv)
    if args.small:
        args.students, args.answers, args.every = 4, 3, 1.0
        args.duration = 120.0 if args.duration is None else args.duration
    elif args.duration is None:
        args.duration = 60.0
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
