"""Names of cards and suits in Spanish and English, from the ``cards`` catalogue
(``cards.rank.*``, ``cards.suit.*``, ``cards.name``, ``cards.article.*``), in the words of
the Spanish deck or of the French one (``cards.french.*``: diamantes, corazones, picas,
tréboles; jota, reina, rey), matching the deck the cards are drawn in.

Importing this module installs them as the engine's namers, so ``Card.name(lang)`` and
``suit_name(suit, lang)`` answer in words while the engine holds none.

>>> from tute_tutor.engine.cards import Card
>>> card_name(Card.parse("10c").index, "es", True), card_name(Card.parse("1o").index, "en", False)
('la sota de copas', 'ace of coins')

Which deck's names are spoken is a context variable, Spanish by default: the app sets it
from the learner's setting on every script and fragment run (:func:`set_spoken_deck`), the
command line and tests scope it with :func:`deck_names`, and a caller that draws one deck
can ask for its names outright (``deck=``):

>>> with deck_names("french"):
...     card_name(Card.parse("10c").index, "es", True), suit_word(0, "en")
('la jota de corazones', 'diamonds')
>>> card_name(Card.parse("11e").index, "en", True, "french")
'the queen of spades'
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache

from tute_tutor.engine.cards import CARDS, SUIT_LETTERS, known_deck, set_namers
from tute_tutor.words.catalog import has_key, t

_spoken_deck: ContextVar[str] = ContextVar("tute_spoken_deck", default="spanish")


def _lang(lang: str) -> str:
    return "en" if lang == "en" else "es"


def _deck(deck: str | None) -> str:
    """``deck`` if it names a deck, the spoken deck when None, else the Spanish deck."""
    return _spoken_deck.get() if deck is None else known_deck(deck)


def spoken_deck() -> str:
    """The deck whose names cards and suits get here: ``spanish`` or ``french``."""
    return _spoken_deck.get()


def set_spoken_deck(deck: str) -> None:
    """Speak the names of ``deck`` from now on in this context (an unknown deck: Spanish).

    The app calls it at the start of every script run and fragment run: Streamlit may run
    each in a new thread, where the variable starts again at the Spanish deck.
    """
    _spoken_deck.set(known_deck(deck))


@contextmanager
def deck_names(deck: str) -> Iterator[str]:
    """Speak the names of ``deck`` inside the ``with`` block (then the earlier deck again).

    >>> from tute_tutor.engine.cards import Card
    >>> with deck_names("french"):
    ...     Card.parse("1o").name_with_article("es")
    'el as de diamantes'
    >>> Card.parse("1o").name_with_article("es")
    'el as de oros'
    """
    token = _spoken_deck.set(known_deck(deck))
    try:
        yield _spoken_deck.get()
    finally:
        _spoken_deck.reset(token)


def _prefix(deck: str) -> str:
    return "cards.french" if deck == "french" else "cards"


def suit_word(suit: int, lang: str, deck: str | None = None) -> str:
    """``copas`` / ``cups`` for suit number 1 (``corazones`` / ``hearts`` in the French deck)."""
    return _suit_word(suit, _lang(lang), _deck(deck))


@cache
def _suit_word(suit: int, lang: str, deck: str) -> str:
    return t(f"{_prefix(deck)}.suit.{SUIT_LETTERS[suit]}", lang)


def card_name(index: int, lang: str, with_article: bool = False, deck: str | None = None) -> str:
    """The name of the card of compact index ``index``, with its article if asked, in the
    words of ``deck`` (the spoken deck when None)."""
    return _card_name(index, _lang(lang), with_article, _deck(deck))


def _lookup(key: str, lang: str) -> str:
    """``key`` if the catalogue has it, else the key's ``other`` sibling."""
    return t(key if has_key(key, lang) else key.rsplit(".", 1)[0] + ".other", lang)


@cache
def _card_name(index: int, lang: str, with_article: bool, deck: str) -> str:
    card = CARDS[index]
    prefix = _prefix(deck)
    name = t("cards.name", lang, rank=t(f"{prefix}.rank.{card.rank}", lang),
             suit=_suit_word(card.suit, lang, deck))
    if not with_article:
        return name
    article = _lookup(f"{prefix}.article.{card.rank}", lang)
    return t("cards.with_article", lang, article=article, name=name)


def figure_words(lang: str, deck: str | None = None) -> dict[str, str]:
    """The names of the figures for sentences that speak of them without a suit ("the
    king and the knight of {suit}", the order of a suit): ``king``, ``knight``, ``jack``
    and, with their article, ``the_king``, ``the_knight``, ``the_jack``, and the plurals
    ``kings`` and ``knights``; ``knight`` is the caballo, a queen (``reina``) in the French
    deck.

    >>> figure_words("es", "french")["the_knight"], figure_words("en")["knight"]
    ('la reina', 'knight')
    """
    return dict(_figure_words(_lang(lang), _deck(deck)))


@cache
def _figure_words(lang: str, deck: str) -> tuple[tuple[str, str], ...]:
    prefix = _prefix(deck)
    words = []
    for name, rank in (("king", 12), ("knight", 11), ("jack", 10)):
        word = t(f"{prefix}.rank.{rank}", lang)
        article = _lookup(f"{prefix}.article.{rank}", lang)
        words += [(name, word), (f"the_{name}", t("cards.with_article", lang, article=article,
                                                    name=word))]
    words += [("kings", t(f"{prefix}.plural.12", lang)),
              ("knights", t(f"{prefix}.plural.11", lang))]
    return tuple(words)


def tute_word(kind: str, lang: str, deck: str | None = None) -> str:
    """What a tute of ``kind`` (``reyes`` or ``caballos``) holds: ``reyes``, ``caballos``
    (``reinas`` in the French deck).

    >>> tute_word("caballos", "es", "french"), tute_word("reyes", "en")
    ('reinas', 'kings')
    """
    return figure_words(lang, deck)["kings" if kind == "reyes" else "knights"]


def is_feminine(index: int, deck: str | None = None) -> bool:
    """Whether the Spanish name of the card is feminine (``la sota``, ``la reina``), for
    sentences that agree with it ("montar con ella").

    >>> is_feminine(CARDS[5].index), is_feminine(CARDS[6].index), is_feminine(6, "french")
    (True, False, True)
    """
    return _lookup(f"{_prefix(_deck(deck))}.gender.{CARDS[index].rank}", "es") == "f"


set_namers(card_name, suit_word)
