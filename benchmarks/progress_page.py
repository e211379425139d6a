"""How fast the progress page draws a long history, first run and cached reruns.

    python benchmarks/progress_page.py [--answers N]

Seeds a throw-away database with N answers over 60 days plus some lessons and hands,
then times the progress page under AppTest: the first run (figures built) and the
median of reruns (figures from ``st.cache_data``). Figures only, nothing asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

RULES = ("asistir", "montar", "fallar", "pisar", "libre", "cante_40", "card_points")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=5000)
    parser.add_argument("--reruns", type=int, default=10)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="tute-progress-"))
    os.environ["TUTE_TUTOR_DB"] = str(folder / "progress.sqlite3")

    from streamlit.testing.v1 import AppTest

    from tute_tutor.store import DEFAULT_PROFILE, open_store
    from tute_tutor.store.db import OwnedProfile, new_token
    from tute_tutor.ui.profile import TOKEN_KEY

    store = open_store()
    token = new_token()  # the browser the page is opened in
    profile = OwnedProfile(None, DEFAULT_PROFILE, token=token)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    t0 = time.perf_counter()
    for i in range(args.answers):
        store.record_answer(profile, kind="legal", rule=RULES[i % len(RULES)],
                            correct=i % 4 != 0,
                            at=start + timedelta(minutes=i * 60 * 24 * 60 // args.answers))
    for n in range(12):
        store.record_lesson(profile, f"lesson-{n}", at=start + timedelta(days=5 * n))
    seeded = time.perf_counter() - t0
    app = Path(__file__).resolve().parents[1] / "streamlit_app.py"
    at = AppTest.from_file(str(app), default_timeout=120)
    at.session_state[TOKEN_KEY] = token
    at.run()
    at.switch_page("pages/progress.py")
    t0 = time.perf_counter()
    at.run()
    first = time.perf_counter() - t0
    times = []
    for _ in range(args.reruns):
        t0 = time.perf_counter()
        at.run()
        times.append(time.perf_counter() - t0)
    charts = len(at.get("plotly_chart"))
    print(f"answers stored: {args.answers} in {seeded:.1f} s ({args.answers / seeded:.0f}/s)")
    print(f"progress page, first run: {1000 * first:.0f} ms ({charts} charts)")
    print(f"progress page, cached rerun (median of {args.reruns}): "
          f"{1000 * statistics.median(times):.0f} ms")


if __name__ == "__main__":
    main()
