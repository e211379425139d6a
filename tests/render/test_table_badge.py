"""The "wins" badge on the drawn table is text: it must read at WCAG AA (4.5:1) on the
table's green tint, which the ring's colour does not (axe-core found it on Watch)."""

from __future__ import annotations

import re

from tests.render.test_cards_svg import _contrast, words_in
from tute_tutor.engine.cards import parse_cards
from tute_tutor.render.cards import WINNER_TEXT_ON_TABLE, table_html


def _over_white(rgba: str) -> str:
    """An ``#rrggbbaa`` colour laid over a white page."""
    r, g, b, a = (int(rgba[i:i + 2], 16) for i in (1, 3, 5, 7))
    alpha = a / 255
    return "#" + "".join(f"{round(c * alpha + 255 * (1 - alpha)):02x}" for c in (r, g, b))


def test_the_winning_badge_on_the_table_reads_on_its_tint() -> None:
    html = table_html([*parse_cards("10c,12c"), None, None], names=["A", "B", "C", "D"],
                      winning=1, words=words_in("en"))
    tint = re.search(r"background:(#[0-9a-f]{8})", html)
    assert tint is not None
    assert f'color:{WINNER_TEXT_ON_TABLE}">' in html
    assert _contrast(WINNER_TEXT_ON_TABLE, _over_white(tint.group(1))) >= 4.5
