"""Drawing: cards as SVG strings (pure, no Streamlit). The ``ui`` package shows them.

>>> from tute_tutor.engine.cards import Card
>>> card_label(Card.parse("12c"), "es")
'rey de copas'
>>> from tute_tutor.words.catalog import catalogue
>>> card_svg(Card.parse("1o"), words=CardWords.from_messages("es", catalogue("es")))[:4]
'<svg'
"""

from __future__ import annotations

from tute_tutor.render.cards import (
    CARD_ASPECT,
    DECK_STYLES,
    CardWords,
    card_label,
    card_svg,
    hand_html,
    spoken_label,
    table_html,
    trick_html,
)

__all__ = [
    "CARD_ASPECT",
    "DECK_STYLES",
    "CardWords",
    "card_label",
    "card_svg",
    "hand_html",
    "spoken_label",
    "table_html",
    "trick_html",
]
