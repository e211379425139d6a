"""A real browser solves two puzzles by clicking drawn cards and sees its rating move."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tute_tutor.coach.puzzles import puzzle_by_id
from tute_tutor.engine.cards import CARDS

pytestmark = pytest.mark.browser

HEADING = re.compile(r"^Puzzle ([a-z0-9-]+\/\d+\/\d+): ")


def test_clicking_the_best_card_solves_the_puzzle_and_raises_the_rating(
        page: Any, app_url: str, wait_for_app: Callable[[Any], None],
        screenshot: Callable[[Any, str], Path]) -> None:
    page.goto(f"{app_url}/puzzles?lang=en")
    wait_for_app(page)
    seen = []
    for number in (1, 2):
        heading = page.get_by_role("heading", name=HEADING).first
        heading.wait_for()
        shown = heading.inner_text()
        found = HEADING.match(shown)
        assert found, shown
        puzzle = puzzle_by_id(found.group(1))
        assert puzzle.id not in seen
        seen.append(puzzle.id)
        best = str(CARDS[puzzle.best[0]])
        page.locator(f"button.tt-pick[data-card='{best}']").first.wait_for()
        screenshot(page, f"puzzles-{number}-before")
        page.locator(f"button.tt-pick[data-card='{best}']").click()
        page.get_by_text(re.compile(r"^Right: ")).wait_for()
        wait_for_app(page)
        change = page.locator("[data-testid='stMetric']").filter(
            has_text=re.compile(r"Rating \d+ → \d+")).first
        before, after = map(int, re.search(r"Rating (\d+) → (\d+)",
                                           change.inner_text()).groups())  # type: ignore[union-attr]
        assert after > before
        if number == 1:
            assert before == 1500
        for card, value in puzzle.values:
            page.get_by_text(f"{CARDS[card].name('en')}: {value} points").first.wait_for()
        screenshot(page, f"puzzles-{number}-after")
        page.get_by_role("button", name="Next puzzle").click()
        # the next puzzle is drawn when its heading changes (the run may end before)
        expect(page.get_by_role("heading", name=HEADING).first).not_to_have_text(shown)
        wait_for_app(page)
