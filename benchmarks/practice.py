"""How quickly the practice table answers (run by hand; never asserted in CI).

    python benchmarks/practice.py --json

prints one JSON line:

- ``step_ms_l{1..4}``: p95 and max time of one computer action at the table (clasico,
  the seats at that level), over a few seeded hands;
- ``hint_ms``: p95 and max time of a hint (the level-4 evaluation of the learner's cards);
  ``hint_cpu_ms`` the same in CPU seconds of this process (what a busy machine does not
  inflate);
- ``page_click_ms_l{1,4}``: server time of the practice page from a learner's click until
  it is the learner's turn again (the click's run plus the computers' reruns), through
  Streamlit's AppTest, median and max over one hand. AppTest always runs the whole
  script, so this is an upper bound of what the table's fragment costs;
- ``state_ms``: p95 of saving the table as plain data and rebuilding it
  (``to_state`` + ``from_state``, what a reload does), at every decision of a few hands;
- with ``--browser``: ``browser_click_ms_l1``, the time in a real Chromium from a click on
  a card until the hand is drawn without it (level-1 computers, so no level-4 thinking;
  the table is an ``st.fragment``, so only it reruns), median and p95 over a few hands,
  and ``browser_click_full_ms_l1``, the same until the computers have answered and the
  page is idle again.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tute_tutor.engine.variants import find_rules  # noqa: E402
from tute_tutor.table.controller import Table, TableConfig  # noqa: E402


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def _learner(table: Table, rng: random.Random) -> None:
    if table.offers():
        table.pass_moment()
        return
    table.click(rng.choice(table.legal_cards()))


def step_times(level: int, hands: int) -> list[float]:
    times: list[float] = []
    for seed in range(hands):
        table = Table(TableConfig(find_rules("clasico"), seed=seed, levels=(level,)))
        rng = random.Random(seed)
        while not table.finished:
            while True:
                started = time.perf_counter()
                acted = table.step()
                if not acted:
                    break
                times.append(time.perf_counter() - started)
            if not table.finished:
                _learner(table, rng)
    return times


def learner_turns(hands: int) -> Iterator[Table]:
    """The table at each of the learner's turns over ``hands`` seeded hands against level-2
    computers; after each, the learner plays a random legal card (or passes a moment)."""
    for seed in range(hands):
        table = Table(TableConfig(find_rules("clasico"), seed=seed, levels=(2,)))
        rng = random.Random(seed)
        while not table.finished:
            table.run()
            if table.finished:
                break
            yield table
            _learner(table, rng)


def hint_times(hands: int, clock: Callable[[], float] = time.perf_counter) -> list[float]:
    times: list[float] = []
    for table in learner_turns(hands):
        if table.legal_cards() and not table.offers():
            started = clock()
            table.hint()
            times.append(clock() - started)
    return times


def state_times(hands: int) -> list[float]:
    times: list[float] = []
    for table in learner_turns(hands):
        started = time.perf_counter()
        Table.from_state(json.loads(json.dumps(table.to_state())))
        times.append(time.perf_counter() - started)
    return times


def page_click_times(level: int) -> list[float]:
    from streamlit.testing.v1 import AppTest

    from tute_tutor.ui.cards import fallback_key

    at = AppTest.from_file(str(REPO / "streamlit_app.py"), default_timeout=120)
    at.session_state["practice_seed"] = 1
    for seat in (1, 2, 3):
        at.session_state[f"practice_level_{seat}"] = level
    at.run()
    at.switch_page("pages/practice.py")
    at.run()
    times: list[float] = []
    for _ in range(40):
        table = at.session_state["practice_table"]
        if table.finished:
            break
        started = time.perf_counter()
        if table.held_up:
            at.button(key="practice_continue").click().run()
        elif table.offers():
            at.button(key="practice_pass").click().run()
        else:
            at.button(key=fallback_key("practice_hand", table.legal_cards()[0])).click().run()
        times.append(time.perf_counter() - started)
    return times


def browser_click_times(hands: int) -> tuple[list[float], list[float]]:
    """Click-to-drawn and click-to-idle times in Chromium at level 1 (see the docstring)."""
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    from tests.app.conftest import app_ready, run_streamlit
    from tests.conftest import CHROMIUM_ARGS
    from tute_tutor.store import DEFAULT_PROFILE, open_store
    from tute_tutor.store.db import OwnedProfile, new_token
    from tute_tutor.ui.profile import COOKIE

    legal = "button.tt-pick:not([disabled]):not([aria-label$=', no se puede jugar'])"
    drawn: list[float] = []
    idle: list[float] = []
    with run_streamlit(Path(tempfile.mkdtemp())) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             headless=True, args=CHROMIUM_ARGS)
        for hand in range(hands):
            # a browser whose learner has a saved table with level-1 computers
            token = new_token()
            table = Table(TableConfig(find_rules("clasico"), seed=hand, levels=(1,)))
            open_store().save_state(OwnedProfile(None, DEFAULT_PROFILE, token=token),
                                    "practice.table", {"table": table.to_state(), "seen": 0})
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            context.add_cookies([{"name": COOKIE, "value": token, "url": url}])
            page = context.new_page()
            page.goto(f"{url}/practice?lang=es&rules=clasico")
            app_ready(page)
            page.locator("button.tt-pick").first.wait_for()
            for _ in range(16):
                app_ready(page)
                go_on = page.locator(".st-key-practice_continue button:visible")
                passing = page.locator(".st-key-practice_pass button:visible")
                if (go_on.count() and not page.locator(legal).count()) or passing.count():
                    with contextlib.suppress(PlaywrightError):  # redrawn meanwhile
                        (passing if passing.count() else go_on).first.click(timeout=3_000)
                    continue
                if not page.locator(legal).count():
                    break
                before = page.locator("button.tt-pick").count()
                started = time.perf_counter()
                try:
                    page.locator(legal).first.click(timeout=3_000)
                except PlaywrightError:  # redrawn under the click: not a timed click
                    continue
                page.wait_for_function(
                    f"() => document.querySelectorAll('button.tt-pick').length < {before}",
                    polling="raf")
                drawn.append(time.perf_counter() - started)
                app_ready(page)
                idle.append(time.perf_counter() - started)
            context.close()
        browser.close()
    return drawn, idle


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    parser.add_argument("--hands", type=int, default=3, help="seeded hands per figure")
    parser.add_argument("--browser", action="store_true",
                        help="also time clicks in a real Chromium (Debian's)")
    args = parser.parse_args(argv)
    os.environ.setdefault("TUTE_TUTOR_DB", f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3")
    out: dict[str, Any] = {}
    for level in (1, 2, 3, 4):
        times = step_times(level, args.hands)
        out[f"step_ms_l{level}"] = {"p95": round(1000 * _p95(times), 1),
                                    "max": round(1000 * max(times), 1)}
    times = hint_times(args.hands)
    out["hint_ms"] = {"p95": round(1000 * _p95(times), 1), "max": round(1000 * max(times), 1)}
    times = hint_times(args.hands, time.process_time)  # CPU: a busy machine does not count
    out["hint_cpu_ms"] = {"p95": round(1000 * _p95(times), 1),
                          "max": round(1000 * max(times), 1)}
    times = state_times(args.hands)
    out["state_ms"] = {"p95": round(1000 * _p95(times), 1), "max": round(1000 * max(times), 1)}
    if args.browser:
        drawn, idle = browser_click_times(args.hands)
        out["browser_click_ms_l1"] = {"median": round(1000 * statistics.median(drawn)),
                                      "p95": round(1000 * _p95(drawn)), "clicks": len(drawn)}
        out["browser_click_full_ms_l1"] = {"median": round(1000 * statistics.median(idle)),
                                           "p95": round(1000 * _p95(idle))}
    for level in (1, 4):
        times = page_click_times(level)
        out[f"page_click_ms_l{level}"] = {"median": round(1000 * statistics.median(times)),
                                          "max": round(1000 * max(times))}
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
