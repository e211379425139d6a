"""Names of cards and suits in Spanish and English, from the ``cards`` catalogue
(``cards.rank.*``, ``cards.suit.*``, ``cards.name``, ``cards.article.*``).

Importing this module installs them as the engine's namers, so ``Card.name(lang)`` and
``suit_name(suit, lang)`` answer in words while the engine holds none.

>>> from tute_tutor.engine.cards import Card
>>> card_name(Card.parse("10c").index, "es", True), card_name(Card.parse("1o").index, "en", False)
('la sota de copas', 'ace of coins')
"""

from __future__ import annotations

from functools import cache

from tute_tutor.engine.cards import CARDS, SUIT_LETTERS, set_namers
from tute_tutor.words.catalog import has_key, t


def _lang(lang: str) -> str:
    return "en" if lang == "en" else "es"


@cache
def suit_word(suit: int, lang: str) -> str:
    """``copas`` / ``cups`` for suit number 1."""
    return t(f"cards.suit.{SUIT_LETTERS[suit]}", _lang(lang))


@cache
def card_name(index: int, lang: str, with_article: bool = False) -> str:
    """The name of the card of compact index ``index``, with its article if asked."""
    lang = _lang(lang)
    card = CARDS[index]
    name = t("cards.name", lang, rank=t(f"cards.rank.{card.rank}", lang),
             suit=suit_word(card.suit, lang))
    if not with_article:
        return name
    key = f"cards.article.{card.rank}"
    article = t(key if has_key(key, lang) else "cards.article.other", lang)
    return t("cards.with_article", lang, article=article, name=name)


set_namers(card_name, suit_word)
