"""Watch and learn in a real browser (marker ``browser``): open Watch in Spanish, step
through a whole trick card by card and see each card's reason; switch to English where
you are, jump a trick, step back, turn the hands face down; axe-core finds no
accessibility violation on the way."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.app.conftest import switch_to_english
from tests.app.test_browser_accessibility import violations
from tute_tutor.coach.watch import WatchedHand, play_watched
from tute_tutor.engine.variants import find_rules
from tute_tutor.words.catalog import t
from tute_tutor.words.watch import step_text, trick_text

pytestmark = pytest.mark.browser

SEED, LEVEL = 5, 2
"""A quick deal (level 2 answers at once); the page's own default level is 4."""
WHY = ".st-key-watch_why"


@cache
def expected() -> WatchedHand:
    return play_watched(find_rules("clasico"), SEED, (LEVEL,))


def _button(page: Any, key: str) -> Any:
    return page.locator(f".st-key-watch_{key} button").first


def test_a_learner_steps_through_a_trick_and_reads_why_each_card_was_played(
        chromium: Any, app_url: str, wait_for_app: Callable[[Any], None],
        screenshot: Callable[[Any, str], Path]) -> None:
    hand = expected()
    lang = "es"
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, locale="es-ES")
    page = context.new_page()
    try:
        page.goto(f"{app_url}/?lang={lang}&rules=clasico")
        wait_for_app(page)
        expect(page.get_by_role("link", name=t("nav.watch", lang)).first).to_be_visible()
        # the seed and level of a quick deal come in the link, as a reload keeps them
        page.goto(f"{app_url}/watch?lang={lang}&rules=clasico&seed={SEED}&level={LEVEL}")
        page.get_by_role("heading", name=t("nav.watch", lang)).wait_for()
        wait_for_app(page)
        expect(page.locator(WHY)).to_contain_text(t("watch.at_start", lang))
        end = hand.trick_ends[0]
        for step in hand.steps[:end]:  # the first trick, card by card
            _button(page, "forward").click()
            wait_for_app(page)
            expect(page.locator(WHY)).to_contain_text(step_text(step, 4, lang))
            assert step.reason is not None
        expect(page.locator(WHY)).to_contain_text(trick_text(hand.steps[end - 1], 4, lang))
        assert page.locator(".tt-table figure svg").count() == 4  # the whole trick shown
        screenshot(page, f"watch-trick-{lang}")
        lang = "en"  # the learner switches language where they are
        switch_to_english(page)
        expect(page.locator(WHY)).to_contain_text(trick_text(hand.steps[end - 1], 4, lang))
        _button(page, "trick_forward").click()  # the next trick in one press
        wait_for_app(page)
        second = hand.trick_ends[1]
        expect(page.locator(WHY)).to_contain_text(trick_text(hand.steps[second - 1], 4, lang))
        _button(page, "back").click()
        wait_for_app(page)
        expect(page.locator(WHY)).to_contain_text(step_text(hand.steps[second - 2], 4, lang))
        page.get_by_text(t("watch.show_all", lang)).click()  # every hand face down
        wait_for_app(page)
        expect(page.get_by_text(t("watch.hand_hidden.other", lang, count=8)).first
               ).to_be_visible()
        screenshot(page, f"watch-hidden-{lang}")
        assert violations(page) == []  # axe-core: no WCAG 2.1 A/AA violation
    finally:
        context.close()
