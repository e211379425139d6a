"""The stall guard's script in a real Chromium (marker ``browser``), on a page of its own
with the browser's clock in the test's hands: it asks for a whole-page run only after a
quiet while with no run under way, where a run asked for and not yet begun is under way
too (under two suites at once a busy server took longer than the guard's wait to begin
a poll's run, and the guard asked for a whole-page run beside it)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tute_tutor.ui.layout import _STALL_JS

pytestmark = pytest.mark.browser

WAIT_MS = 8_000

START = """async ([js, ms]) => {
  const url = "data:text/javascript;charset=utf-8," + encodeURIComponent(js);
  const guard = (await import(url)).default;
  window.asked = [];
  guard({ data: { ms, token: 7 }, key: "k",
          setTriggerValue: (name, value) => window.asked.push([name, value]) });
}"""


@pytest.fixture
def guarded(chromium: Any) -> Iterator[Any]:
    """A page with Streamlit's app element (its run marked "notRunning") and the guard
    started on it, the page's clock paused."""
    context = chromium.new_context()
    page = context.new_page()
    try:
        # paused: the page's time moves only when the test says (under load, real
        # seconds between two steps of a test must not count)
        page.clock.install(time=0)
        page.clock.pause_at(1_000)
        page.set_content('<div data-testid="stApp" data-test-script-state="notRunning">'
                         "</div>")
        page.evaluate(START, [_STALL_JS, WAIT_MS])
        yield page
    finally:
        context.close()


def _mark(page: Any, run_state: str) -> None:
    page.evaluate("(s) => document.querySelector('[data-testid=stApp]')"
                  ".setAttribute('data-test-script-state', s)", run_state)


def _asked(page: Any) -> list[list[object]]:
    return list(json.loads(page.evaluate("JSON.stringify(window.asked)")))


def test_a_quiet_page_is_asked_for_a_whole_page_run_after_the_wait_and_again_each_wait(
        guarded: Any) -> None:
    guarded.clock.run_for(WAIT_MS - 500)
    assert _asked(guarded) == []
    guarded.clock.run_for(1_000)
    assert _asked(guarded) == [["stalled", 7]]
    guarded.clock.run_for(WAIT_MS)
    assert _asked(guarded) == [["stalled", 7]] * 2


@pytest.mark.parametrize("run_state", ["running", "rerunRequested"])
def test_a_run_under_way_or_asked_for_and_not_begun_keeps_the_guard_quiet(
        guarded: Any, run_state: str) -> None:
    _mark(guarded, run_state)
    guarded.clock.run_for(5 * WAIT_MS)
    assert _asked(guarded) == []
    _mark(guarded, "notRunning")  # the run ended: a whole wait from its end
    guarded.clock.run_for(WAIT_MS - 500)
    assert _asked(guarded) == []
    guarded.clock.run_for(1_000)
    assert _asked(guarded) == [["stalled", 7]]
