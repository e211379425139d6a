"""A live class under load: simulated phones join and answer within a few seconds of
each other, through nginx on 2 replicas, by Streamlit's own websocket protocol.

    python benchmarks/live_class.py --students 40 --questions 5 --spread 3
    python benchmarks/live_class.py --small --json      # what the test runs in CI

It starts ``tute-tutor serve`` (PostgreSQL, the replicas, nginx) like benchmarks/load.py,
opens a class in its database (the teacher's side: a deck of single-answer questions
of the live kinds), and runs each student as a separate browser: its own cookies, its
own websocket, the join page ``?class=CODE``, a nickname typed and "Enter the class".
For each question the teacher sends it; each phone redraws (a full rerun a second while
it waits, heavier than the page's own one-second fragment poll), waits a random moment
within ``--spread`` seconds, taps an option, and some tap twice. The latency is from the
tap to the end of the run that shows "Answer received".

It prints p50/p95/max tap-to-received, and checks what must be exact: every phone
acknowledged, every answer stored once (rows per question = students), the projector's
counts (the cheap read its fragment polls) equal to the students, the distribution
after the reveal summing to the students. The machine's load average is printed with
the figures. No figure is asserted anywhere; the test runs ``--small`` for correctness.
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
    STEP_TIMEOUT_S,
    describe,
    first_visit,
    open_stream,
    quantile,
    rerun,
    rerun_message,
    served,
)

KINDS = ("obligation", "trick_winner", "cante")
"""Single-answer kinds: answered with one option button."""
RECEIVED = "Answer received"


@dataclass
class Tally:
    tap_s: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    acknowledged: dict[int, int] = field(default_factory=dict)
    """Per question, phones that saw "Answer received"."""
    joined: int = 0


@dataclass
class Run:
    """What a run of the script drew: widget ids by key, texts of alerts."""

    widgets: dict[str, str] = field(default_factory=dict)
    alerts: list[str] = field(default_factory=list)


def _key_of(widget_id: str) -> str:
    """A widget id ends with its user key (``$$ID-<hash>-<key>``)."""
    return widget_id.rsplit("-", 1)[-1] if widget_id.startswith("$$ID") else widget_id


class Phone:
    def __init__(self, number: int, base: str, code: str, tally: Tally,
                 rng: random.Random) -> None:
        self.number, self.base, self.code, self.tally, self.rng = number, base, code, tally, rng
        self.query = f"class={code}&lang=en"
        self.ws: Any = None

    async def step(self, *, click: str | None = None,
                   text: tuple[str, str] | None = None) -> Run:
        elements = await rerun(self.ws, rerun_message(self.query, "join", click=click,
                                                      text=text))
        run = Run()
        for element in elements:
            which = element.WhichOneof("type")
            if which in ("button", "text_input"):
                wid = getattr(element, which).id
                run.widgets[_key_of(wid)] = wid
            elif which == "alert":
                run.alerts.append(element.alert.body)
        return run

    async def join(self) -> Run:
        jar = await asyncio.to_thread(first_visit, f"{self.base}join?{self.query}")
        self.ws = await open_stream(self.base, jar)
        run = await self.step()
        nick, enter = run.widgets.get("join_nickname"), run.widgets.get("join_enter")
        if nick is None or enter is None:
            raise RuntimeError(f"no nickname form on the join page: {run.alerts[:1]}")
        run = await self.step(click=enter, text=(nick, f"Phone {self.number}"))
        if any(a for a in run.alerts if "nickname" in a.lower()):
            raise RuntimeError(f"join refused: {run.alerts}")
        self.tally.joined += 1
        return run

    async def answer(self, index: int, spread: float, double_tap: bool) -> None:
        prefix = f"join_opt_{index}_"
        deadline = time.monotonic() + STEP_TIMEOUT_S
        while True:  # the phone redraws until the question is there
            run = await self.step()
            options = [wid for key, wid in run.widgets.items() if key.startswith(prefix)]
            if options:
                break
            if time.monotonic() > deadline:
                raise TimeoutError(f"question {index + 1} never reached the phone")
            await asyncio.sleep(1.0)
        await asyncio.sleep(self.rng.uniform(0, spread))
        tap = self.rng.choice(options)
        started = time.monotonic()
        run = await self.step(click=tap)
        self.tally.tap_s.append(time.monotonic() - started)
        if not any(RECEIVED in a for a in run.alerts):
            raise RuntimeError(f"no 'answer received' after a tap: {run.alerts[:2]}")
        self.tally.acknowledged[index] = self.tally.acknowledged.get(index, 0) + 1
        if double_tap:
            await self.step(click=tap)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


async def drive_class(base: str, db: str, students: int, questions: int, spread: float,
                      seed: int) -> dict[str, Any]:
    from sqlalchemy import func, select

    from tute_tutor.engine.variants import find_rules
    from tute_tutor.live import classroom as cl
    from tute_tutor.live.deck import generated_specs
    from tute_tutor.store import open_store
    from tute_tutor.store.classes import Classes
    from tute_tutor.store.tables import ClassAnswerRow, ClassQuestionRow, ClassSessionRow

    classes = Classes(open_store(db))
    deck = generated_specs(list(KINDS), questions, rules=find_rules("clasico"),
                           difficulty=1, seed=seed)
    code = classes.open(cl.Settings(), deck)
    tally = Tally()
    rng = random.Random(seed)
    phones = [Phone(i + 1, base, code, tally, random.Random(rng.random()))
              for i in range(students)]

    async def guarded(phone: Phone, work: Any) -> None:
        try:
            await work
        except Exception as error:  # one phone's failure is counted, the rest go on
            tally.errors.append(f"phone {phone.number}: {describe(error)}")

    joins = []
    for phone in phones:  # a class logs in over a few seconds
        joins.append(asyncio.create_task(guarded(phone, phone.join())))
        await asyncio.sleep(0.05)
    await asyncio.gather(*joins)
    checks: list[dict[str, Any]] = []
    for index in range(questions):
        classes.send_next(code)
        await asyncio.gather(*(guarded(p, p.answer(index, spread, p.number % 4 == 0))
                               for p in phones if p.ws is not None))
        poll = classes.poll(code)  # what the projector's fragment reads
        classes.reveal(code)
        state, _now = classes.load(code)
        shown = cl.distribution(state) or {}
        with classes.store.engine.connect() as connection:  # rows, not the loaded dict
            qid = connection.scalar(select(ClassQuestionRow.id).join(
                ClassSessionRow, ClassSessionRow.id == ClassQuestionRow.session_id).where(
                ClassSessionRow.code == code, ClassQuestionRow.idx == index))
            rows = connection.scalar(select(func.count()).select_from(ClassAnswerRow)
                                     .where(ClassAnswerRow.question_id == qid))
        checks.append({"question": index + 1, "acknowledged": tally.acknowledged.get(index, 0),
                       "stored": int(rows or 0), "projector_answered": poll.answered,
                       "projector_joined": poll.joined, "revealed_total": sum(shown.values())})
    for phone in phones:
        await phone.close()
    return {"code": code, "tally": tally, "checks": checks}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replicas", type=int, default=2)
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--questions", type=int, default=3)
    parser.add_argument("--spread", type=float, default=3.0,
                        help="the phones tap within this many seconds of the question")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--small", action="store_true",
                        help="6 students, 2 questions: a quick correctness check")
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    args = parser.parse_args(argv)
    if args.small:
        args.students, args.questions = 6, 2
    if not 1 <= args.students <= 200 or not 1 <= args.questions <= 20:
        parser.error("--students must be 1-200 and --questions 1-20")
    with served(args.replicas) as (base, db, _data):
        base = base if base.endswith("/") else base + "/"
        load_before = os.getloadavg()
        started = time.monotonic()
        done = asyncio.run(drive_class(base, db.replace("postgresql://",
                                                        "postgresql+psycopg://", 1),
                                       args.students, args.questions, args.spread, args.seed))
        elapsed = time.monotonic() - started
        load_after = os.getloadavg()
    tally: Tally = done["tally"]
    result = {
        "students": args.students, "replicas": args.replicas, "questions": args.questions,
        "spread_s": args.spread, "seconds": round(elapsed, 1), "joined": tally.joined,
        "taps": len(tally.tap_s), "errors": len(tally.errors),
        "tap_p50_s": round(quantile(tally.tap_s, 0.50), 3),
        "tap_p95_s": round(quantile(tally.tap_s, 0.95), 3),
        "tap_max_s": round(max(tally.tap_s, default=float("nan")), 3),
        "checks": done["checks"], "first_errors": tally.errors[:5],
        "load_average_before": [round(x, 1) for x in load_before],
        "load_average_after": [round(x, 1) for x in load_after],
    }
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{result['students']} phones, {result['replicas']} replicas, {result['questions']}"
          f" questions, taps within {args.spread} s, {result['seconds']} s:"
          f" {result['joined']} joined, {result['taps']} taps, {result['errors']} errors")
    print(f"tap to 'answer received': p50 {result['tap_p50_s']} s, p95 {result['tap_p95_s']} s,"
          f" max {result['tap_max_s']} s")
    for check in result["checks"]:
        print(f"  question {check['question']}: {check['acknowledged']} acknowledged,"
              f" {check['stored']} stored, projector {check['projector_answered']} answered"
              f" of {check['projector_joined']}, revealed total {check['revealed_total']}")
    print(f"load average before {result['load_average_before']},"
          f" after {result['load_average_after']}")
    for line in result["first_errors"]:
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
