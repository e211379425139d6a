"""The home page's start cards in a real browser (marker ``browser``): on a laptop each
row's cards stand side by side, as tall as each other, in the row's order; on a phone
they stand one under the other, full width, in the same order, and nothing is wider than
the screen. Spanish and English."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.app.conftest import NEXT_FRAMES, VIEWPORTS, app_drawn
from tute_tutor.ui.home import START
from tute_tutor.words.catalog import t

pytestmark = pytest.mark.browser

WIDEST = """() => Math.max(document.documentElement.scrollWidth,
  ...[...document.querySelectorAll("[data-testid='stMain']")].map((e) => e.scrollWidth))"""


def _box(locator: Any) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None
    return dict(box)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_start_cards_read_in_rows_on_a_laptop_and_in_a_column_on_a_phone(
        sized_page: Any, app_url: str, lang: str,
        screenshot: Callable[[Any, str], Path]) -> None:
    page = sized_page
    page.goto(f"{app_url}/?lang={lang}")
    page.get_by_role("heading", name=t("home.start_title", lang)).wait_for()
    app_drawn(page)
    width = VIEWPORTS[page.viewport_name]["width"]
    below = 0.0  # where the cards so far end
    for row, names in START:
        page.locator(f".st-key-home_start_{row}").get_by_text(
            t(f"home.start_row.{row}.title", lang)).wait_for()
        cards = [page.locator(f".st-key-home_start_card_{name}") for name in names]
        boxes = [_box(card) for card in cards]
        for card, name in zip(cards, names, strict=True):
            link = card.get_by_role("link", name=t(f"home.start.{name}.title", lang))
            assert link.is_visible() and card.get_by_text(
                t(f"home.start.{name}.text", lang)).is_visible()
        assert all(box["x"] >= 0 and box["x"] + box["width"] <= width for box in boxes)
        if page.viewport_name == "laptop":  # side by side, as tall as each other
            assert len({round(box["y"]) for box in boxes}) == 1, boxes
            assert len({round(box["height"]) for box in boxes}) == 1, boxes
            assert [box["x"] for box in boxes] == sorted(box["x"] for box in boxes)
            assert boxes[0]["y"] >= below
        else:  # one under the other, each as wide as the column
            for box in boxes:
                assert box["y"] >= below - 1, (row, boxes)
                assert box["width"] >= width * 0.8, box
                below = box["y"] + box["height"]
        below = max(box["y"] + box["height"] for box in boxes)
    assert page.evaluate(WIDEST) <= width
    # Streamlit scrolls its main area, not the document: bring the section to the top
    page.get_by_role("heading", name=t("home.start_title", lang)).evaluate(
        "(e) => e.scrollIntoView({block: 'start'})")
    page.evaluate(NEXT_FRAMES)
    screenshot(page, f"home-start-{page.viewport_name}-{lang}")
