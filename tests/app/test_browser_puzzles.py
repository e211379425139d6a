"""A real browser solves ten puzzles by clicking drawn cards and sees its rating move
after each, with every card's value and the coach's reason: five in Spanish, then five
in English after the learner switches language (the rating goes on from where it was)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.app.conftest import switch_to_english
from tute_tutor.coach.puzzles import puzzle_by_id
from tute_tutor.engine.cards import CARDS
from tute_tutor.words.catalog import t

pytestmark = pytest.mark.browser

PUZZLES = 10


def _heading(lang: str) -> re.Pattern[str]:
    word = "Problema" if lang == "es" else "Puzzle"
    return re.compile(rf"^{word} ([a-z0-9-]+\/\d+\/\d+): ")


def _words(lang: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The puzzle's heading, the verdict of a right answer and the rating's change."""
    right = re.compile("^" + re.escape(t("puzzles.right", lang, card="@")).split("@")[0])
    rating = re.compile(re.escape(t("puzzles.rating_change", lang, before="BEFORE",
                                    after="AFTER"))
                        .replace("BEFORE", r"(\d+)").replace("AFTER", r"(\d+)"))
    return _heading(lang), right, rating


def test_clicking_the_best_card_solves_the_puzzle_and_raises_the_rating(
        page: Any, app_url: str, wait_for_app: Callable[[Any], None],
        screenshot: Callable[[Any, str], Path]) -> None:
    page.goto(f"{app_url}/puzzles?lang=es")
    wait_for_app(page)
    seen = []
    ratings: list[int] = []
    for number in range(1, PUZZLES + 1):
        lang = "es" if number <= PUZZLES // 2 else "en"
        pattern, right, rating = _words(lang)
        if number == PUZZLES // 2 + 1:  # the learner switches to English
            switch_to_english(page)
        heading = page.get_by_role("heading", name=pattern).first
        heading.wait_for()
        shown = heading.inner_text()
        found = pattern.match(shown)
        assert found, shown
        puzzle = puzzle_by_id(found.group(1))
        assert puzzle.id not in seen
        seen.append(puzzle.id)
        best = str(CARDS[puzzle.best[0]])
        page.locator(f"button.tt-pick[data-card='{best}']").first.wait_for()
        if number in (1, PUZZLES // 2 + 1):
            screenshot(page, f"puzzles-{lang}-{number}-before")
        page.locator(f"button.tt-pick[data-card='{best}']").click()
        page.get_by_text(right).wait_for()
        wait_for_app(page)
        change = page.locator("[data-testid='stMetric']").filter(has_text=rating).first
        moved = rating.search(change.inner_text())
        assert moved, change.inner_text()
        before, after = int(moved.group(1)), int(moved.group(2))
        assert after > before
        assert before == (1500 if number == 1 else ratings[-1])
        ratings.append(after)
        for card, value in puzzle.values:
            page.get_by_text(t("puzzles.value_row", lang, card=CARDS[card].name(lang),
                               value=value)).first.wait_for()
        why = t("puzzles.why", lang, reason="@").split("@")[0]
        page.get_by_text(re.compile("^" + re.escape(why))).first.wait_for()
        if number in (1, PUZZLES // 2, PUZZLES):
            screenshot(page, f"puzzles-{lang}-{number}-after")
        page.get_by_role("button", name=t("puzzles.next", lang)).click()
        # the next puzzle is drawn when its heading changes (the run may end before)
        expect(page.get_by_role("heading", name=pattern).first).not_to_have_text(shown)
        wait_for_app(page)
