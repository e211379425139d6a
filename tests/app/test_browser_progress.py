"""The progress page on a learner's first day, in a real browser (marker ``browser``).

A first day is one date: plotly alone draws it as a span of milliseconds (ticks such as
"23:59:59.9996") and names months in English. The page must show the day itself, named
in the page's language, whole numbers for counts, and legends clear of the titles, on a
laptop and on a phone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from babel.dates import format_date

from tests.app.conftest import app_drawn, until
from tests.app.learners import profile_of
from tute_tutor.store import drills, open_store
from tute_tutor.ui.profile import COOKIE
from tute_tutor.words.catalog import t

pytestmark = pytest.mark.browser

VIEWPORTS = {"laptop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(params=sorted(VIEWPORTS))
def viewport(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def _seed(db: str, token: str) -> None:
    """One day of answers and one lesson for the learner whose browser holds ``token``."""
    store = open_store(db)
    now = datetime.now(UTC).replace(tzinfo=None)
    for number, correct in enumerate((True, True, False, True)):
        store.record_answer(profile_of(token), kind="legal",
                            rule=("montar", "fallar")[number % 2], correct=correct, at=now)
    store.record_lesson(profile_of(token), "baraja", at=now)  # done with its drill's star
    drills.record_sitting(store, profile_of(token), "baraja", right=6, asked=6, stars=3, at=now)
    store.close()


def _learner_cookie(page: Any) -> str:
    found = until(page, lambda: [str(c["value"]) for c in page.context.cookies()
                                 if c["name"] == COOKIE], "the app never wrote the learner cookie")
    return found[0]


def _box(locator: Any) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None
    return dict(box)


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


@pytest.mark.parametrize("lang", ["es", "en"])
def test_first_day_charts_show_the_day_whole_counts_and_clear_legends(
    chromium: Any,
    app_url: str,
    app_db: str,
    viewport: str,
    lang: str,
    wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    # a browser of its own is a learner of its own, on the server the other tests share
    context = chromium.new_context(viewport=VIEWPORTS[viewport], locale="es-ES")
    page = context.new_page()
    try:
        page.goto(app_url)  # the first run gives this browser its learner
        wait_for_app(page)
        _seed(app_db, _learner_cookie(page))
        page.goto(f"{app_url}/progress?lang={lang}")
        wait_for_app(page)
        page.get_by_role("heading", name=t("progress.title", lang)).wait_for()
        charts = page.locator(".js-plotly-plot")
        charts.nth(3).wait_for()
        app_drawn(page)
        today = datetime.now(UTC).date()
        day = format_date(today, "d MMM", locale=lang)
        dated = [t("progress.chart.accuracy_title", lang), t("progress.chart.lessons_title", lang)]
        for index in range(charts.count()):
            chart = charts.nth(index)
            chart.scroll_into_view_if_needed()
            x_ticks = [tick.strip() for tick in chart.locator(".xtick text").all_text_contents()]
            y_ticks = [tick.strip() for tick in chart.locator(".ytick text").all_text_contents()]

            assert x_ticks and y_ticks
            assert not any(":" in tick for tick in x_ticks), x_ticks  # never clock times
            title = chart.locator(".gtitle")
            legend = chart.locator(".legend")
            if title.count() and legend.count() and legend.first.is_visible():
                assert not _overlap(_box(title.first), _box(legend.first))
            name = " ".join((title.first.text_content() or "").split()) if title.count() else ""
            if name in dated:
                assert x_ticks == [day], (name, x_ticks)  # the day, in the page's language
                dated.remove(name)
            if name != t("progress.chart.mastery_title", lang):  # mastery is in percent
                assert all(re.fullmatch(r"\d+", tick) for tick in y_ticks), (name, y_ticks)
        assert not dated, f"charts not found: {dated}"
        screenshot(page, f"progress-first-day-{viewport}-{lang}")
    finally:
        context.close()
