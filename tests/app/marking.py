"""Marking cards in a :func:`tute_tutor.ui.cards.select_cards` through AppTest.

AppTest cannot click the drawn cards, so it presses the fallback buttons, one per card.
"""

from __future__ import annotations

from collections.abc import Iterable

from streamlit.testing.v1 import AppTest

from tute_tutor.engine.cards import Card
from tute_tutor.ui.cards import mark_key

MARK = "__mark_"


def selection_keys(at: AppTest) -> list[str]:
    """The keys of every card multi-select on the page, in page order."""
    keys = [b.key.split(MARK)[0] for b in at.button if b.key and MARK in b.key]
    return list(dict.fromkeys(keys))


def mark(at: AppTest, codes: Iterable[str], key: str | None = None) -> None:
    """Press the button of each card in ``codes`` (marking it, or unmarking it).

    Without ``key``, the page must hold exactly one multi-select.
    """
    if key is None:
        keys = selection_keys(at)
        assert len(keys) == 1, keys
        key = keys[0]
    for code in codes:
        at.button(key=mark_key(key, Card.parse(code))).click().run()
