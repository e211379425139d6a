"""The Spanish deck: cards, suits, strength, points and the ``12c`` notation.

Every card has a compact index 0..39 used by the hot path: ``suit * 10 + strength``
where strength 0 is the weakest card of its suit (the 2) and 9 the strongest (the as).
So inside one suit a higher index always beats a lower one, and a set of cards is an
``int`` bitmask with bit ``index`` set.

>>> Card.parse("12c")
Card.parse('12c')
>>> str(Card.parse(" 1O "))
'1o'
>>> Card.parse("3c").beats(Card.parse("12c"))
True
>>> Card.parse("12c").name("es"), Card.parse("12c").name("en")
('rey de copas', 'king of cups')

The names themselves are words: they live in the catalogue and
:mod:`tute_tutor.words.cards` installs them here (importing :mod:`tute_tutor` does).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from tute_tutor.engine.errors import NotationError

SUIT_LETTERS: Final = ("o", "c", "e", "b")
"""Suit letters in display order: oros, copas, espadas, bastos."""

RANKS_BY_STRENGTH: Final = (2, 4, 5, 6, 7, 10, 11, 12, 3, 1)
"""Ranks from weakest to strongest; the position is the card's strength."""

POINTS_BY_STRENGTH: Final = (0, 0, 0, 0, 0, 2, 3, 4, 10, 11)

CardNamer = Callable[[int, str, bool, str | None], str]
"""``name(card_index, lang, with_article, deck)``: a card's name, installed by words/.
``deck`` is the deck whose names are wanted (``spanish``, ``french``), None for the one
words/ is speaking."""
SuitNamer = Callable[[int, str, str | None], str]
"""``name(suit, lang, deck)``: a suit's name, installed by words/."""
_namers: dict[str, Callable[..., str]] = {}


def set_namers(card: CardNamer, suit: SuitNamer) -> None:
    """Install the functions that name cards and suits (:mod:`tute_tutor.words.cards`)."""
    _namers["card"] = card
    _namers["suit"] = suit

DECKS: Final = ("spanish", "french")
"""The decks a card is drawn and named in, by id; the Spanish deck is the default."""


def known_deck(deck: object) -> str:
    """``deck`` if it is the id of a deck, else the Spanish deck (the default).

    >>> known_deck("french"), known_deck("tarot"), known_deck(None)
    ('french', 'spanish', 'spanish')
    """
    return deck if isinstance(deck, str) and deck in DECKS else DECKS[0]

FRENCH_SUITS: Final = ("♦", "♥", "♠", "♣")
FRENCH_RANKS: Final = {1: "A", 10: "J", 11: "Q", 12: "K"}

SUIT_MASKS: Final = tuple(((1 << 10) - 1) << (10 * s) for s in range(4))
FULL_DECK_MASK: Final = (1 << 40) - 1

_STRENGTH_OF_RANK: Final = {rank: i for i, rank in enumerate(RANKS_BY_STRENGTH)}
_CODE_RE: Final = re.compile(r"^[0-9]{1,2}[ocebOCEB]\Z")


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One card of the Spanish deck. Build it with :meth:`parse` or :func:`card_at`."""

    index: int

    @property
    def suit(self) -> int:
        """Suit number: 0 oros, 1 copas, 2 espadas, 3 bastos."""
        return self.index // 10

    @property
    def suit_letter(self) -> str:
        """Suit letter of the card: o, c, e or b."""
        return SUIT_LETTERS[self.index // 10]

    @property
    def strength(self) -> int:
        """0 for the 2 (weakest) up to 9 for the as (strongest)."""
        return self.index % 10

    @property
    def rank(self) -> int:
        """The printed rank: 1-7, 10 (sota), 11 (caballo), 12 (rey)."""
        return RANKS_BY_STRENGTH[self.index % 10]

    @property
    def points(self) -> int:
        """Card points: as 11, tres 10, rey 4, caballo 3, sota 2, else 0."""
        return POINTS_BY_STRENGTH[self.index % 10]

    @property
    def bit(self) -> int:
        """This card's bit in a hand bitmask."""
        return 1 << self.index

    def beats(self, other: Card) -> bool:
        """True when both cards share a suit and this one is stronger."""
        return self.suit == other.suit and self.index > other.index

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse the ``12c`` notation (upper case and surrounding spaces accepted)."""
        if not isinstance(text, str):
            raise NotationError(reason="card_not_text", value=text)
        code = text.strip().lower()
        if _CODE_RE.match(code) is None:
            raise NotationError(reason="bad_code", shown=_shown(text))
        rank = int(code[:-1])
        if rank not in _STRENGTH_OF_RANK or code[:-1] != str(rank):
            raise NotationError(reason="bad_rank", shown=_shown(text))
        return CARDS[SUIT_LETTERS.index(code[-1]) * 10 + _STRENGTH_OF_RANK[rank]]

    def __str__(self) -> str:
        return f"{self.rank}{self.suit_letter}"

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"

    def name(self, lang: str = "es", deck: str | None = None) -> str:
        """The card's name in Spanish or English, without article (its code until
        words/ has installed the names), in the words of ``deck`` (``spanish`` or
        ``french``; None: the deck words/ is speaking, the Spanish one by default)."""
        namer = _namers.get("card")
        return namer(self.index, lang, False, deck) if namer else str(self)

    def name_with_article(self, lang: str = "es", deck: str | None = None) -> str:
        """``la sota de copas`` / ``the jack of cups`` (``la jota de corazones`` in the
        French deck)."""
        namer = _namers.get("card")
        return namer(self.index, lang, True, deck) if namer else str(self)

    def french_label(self) -> str:
        """Label for the French-deck display option: ``K♥`` for the rey de copas."""
        return f"{FRENCH_RANKS.get(self.rank, str(self.rank))}{FRENCH_SUITS[self.suit]}"

    def sort_key(self) -> tuple[int, int]:
        """Suit order o, c, e, b, then strength high first."""
        return (self.suit, -self.strength)


def _shown(text: str) -> str:
    """A user's text quoted on one line (repr when it holds control characters): data for
    the error's sentence, the same in every language."""
    short = text.strip()
    if short.isprintable() and len(short) <= 40:
        return f"'{short}'"
    return repr(text[:40])


CARDS: Final = tuple(Card(i) for i in range(40))
"""Every card, indexed by its compact index."""


def card_at(index: int) -> Card:
    """The card of a compact index 0..39."""
    return CARDS[index]


def suit_from_letter(letter: str) -> int:
    """Suit number of a suit letter (``o``, ``c``, ``e``, ``b``; any case, spaces allowed)."""
    if not isinstance(letter, str) or letter.strip().lower() not in SUIT_LETTERS:
        shown = _shown(letter) if isinstance(letter, str) else repr(letter)
        raise NotationError(reason="bad_suit", shown=shown)
    return SUIT_LETTERS.index(letter.strip().lower())


def suit_name(suit: int, lang: str = "es", deck: str | None = None) -> str:
    """The name of a suit number in Spanish or English (``copas`` / ``cups``; its letter
    until words/ has installed the names), in the words of ``deck`` as for
    :meth:`Card.name`."""
    namer = _namers.get("suit")
    return namer(suit, lang, deck) if namer else SUIT_LETTERS[suit]


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse ``"12c,4c"`` or a list of codes; an empty string is an empty list."""
    if isinstance(text, str):
        parts = [p for p in text.split(",") if p.strip()] if text.strip() else []
    elif isinstance(text, Iterable) and not isinstance(text, (bytes, dict)):
        parts = list(text)
    else:
        raise NotationError(reason="cards_not_text", value=text)
    return [Card.parse(p) for p in parts]


def format_cards(cards: Iterable[Card]) -> str:
    """Cards back to the ``12c,4c`` notation."""
    return ",".join(str(c) for c in cards)


def mask_of(cards: Iterable[Card]) -> int:
    """The int bitmask of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def cards_of(mask: int) -> list[Card]:
    """Cards of a bitmask, sorted by suit (o, c, e, b) then strength, high first."""
    return sorted((CARDS[i] for i in iter_bits(mask)), key=Card.sort_key)


def iter_bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def deck(players: int = 4) -> list[Card]:
    """The deck for a number of players: 40 cards, 39 in tute a tres (no 2 de oros)."""
    if players == 3:
        return [c for c in CARDS if str(c) != "2o"]
    return list(CARDS)
