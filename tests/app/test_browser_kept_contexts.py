"""A browser context kept for the next test is as new to the app as a new one
(marker ``browser``).

The browser tests lend each other their closed contexts (``KeptContext`` in
tests/conftest.py): a test that gets one must meet the app as a browser it has never
seen, or tests of "a new learner" would pass or fail by the order they ran in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.app.conftest import until
from tute_tutor.ui.profile import COOKIE

pytestmark = pytest.mark.browser


def _learner_of(page: Any) -> str:
    found = until(page, lambda: [str(c["value"]) for c in page.context.cookies()
                                 if c["name"] == COOKIE], "the app never wrote the learner cookie")
    return found[0]


def test_a_kept_context_comes_back_without_the_last_learner_or_its_storage(
        chromium: Any, app_url: str, wait_for_app: Callable[[Any], None]) -> None:
    options = {"viewport": {"width": 1111, "height": 900}, "locale": "es-ES"}
    first = chromium.new_context(**options)
    page = first.new_page()
    page.goto(f"{app_url}/rules")
    wait_for_app(page)
    learner = _learner_of(page)
    page.evaluate("localStorage.setItem('tt-probe', 'left by the last test')")
    first.close()

    again = chromium.new_context(**options)
    try:
        assert again is first, "a closed context with nothing lasting was not kept"
        assert again.pages == [], "the last test's pages are still open"
        assert again.cookies() == [], "the last test's cookies are still there"
        page = again.new_page()
        page.goto(f"{app_url}/rules")
        wait_for_app(page)
        assert page.evaluate("localStorage.getItem('tt-probe')") is None
        assert _learner_of(page) != learner, "the app met the last test's learner again"
    finally:
        again.close()


def test_a_context_given_an_init_script_is_closed_for_real(chromium: Any) -> None:
    options = {"viewport": {"width": 1112, "height": 900}, "locale": "es-ES"}
    changed = chromium.new_context(**options)
    changed.add_init_script("window.ttChanged = true")
    changed.close()
    fresh = chromium.new_context(**options)
    try:
        assert fresh is not changed
        page = fresh.new_page()
        assert page.evaluate("window.ttChanged === undefined")
    finally:
        fresh.close()


def test_only_the_latest_closed_contexts_are_kept(chromium: Any, app_url: str) -> None:
    sizes = [{"width": 1200 + i, "height": 700} for i in range(chromium.KEPT + 1)]
    contexts = [chromium.new_context(viewport=size) for size in sizes]
    for context in contexts:
        context.new_page().goto(f"{app_url}/_stcore/health")
        context.close()
    oldest = chromium.new_context(viewport=sizes[0])
    latest = chromium.new_context(viewport=sizes[-1])
    try:
        assert oldest is not contexts[0], "more contexts were kept than the cap"
        assert latest is contexts[-1], "the latest closed context was not kept"
    finally:
        oldest.close()
        latest.close()
