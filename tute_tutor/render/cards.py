"""Our own drawing of the Spanish and French decks as SVG strings.

Every card is drawn in a 200 x 310 box (the proportions of a Spanish naipe) and
scaled to the width asked for. Nothing here imports Streamlit: the functions return
markup that ``tute_tutor.ui.cards`` shows with ``st.markdown(..., unsafe_allow_html=True)``
or hands to the clickable-hand component.

* Spanish style: the four suits drawn by us (a gold coin, a red cup, a blue sword, a
  green club), pips laid out per rank, sota / caballo / rey as small figures, the rank
  number in two corners and the traditional *pintas* (breaks in the frame line: none
  for oros, one for copas, two for espadas, three for bastos) as a second suit cue.
* French style (a view option): ♦ ♥ ♠ ♣ for oros, copas, espadas, bastos and A, J, Q, K
  for as, sota, caballo, rey, with double-headed court cards.

Each SVG carries ``role="img"``, an ``aria-label`` and a ``<title>`` with the card's
name in the language asked for; the ids inside are unique per call so many cards can
share one page.

Every word on a card (its state, a face-down card, the group labels) comes from the
caller as a :class:`CardWords`; this module reads no message catalogue.

>>> from tute_tutor.engine.cards import Card
>>> from tute_tutor.words.catalog import catalogue
>>> english = CardWords.from_messages("en", catalogue("en"))
>>> svg = card_svg(Card.parse("3c"), words=english, width=60)
>>> 'aria-label="three of cups"' in svg, 'width="60"' in svg
(True, True)
>>> card_label(Card.parse("12c"), "en", style="french")
'K♥ · king of hearts'
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from html import escape
from typing import Final, Literal

from tute_tutor.engine.cards import DECKS, Card

DeckStyle = Literal["spanish", "french"]
DECK_STYLES: Final = DECKS

VIEW_WIDTH: Final = 200
VIEW_HEIGHT: Final = 310
CARD_ASPECT: Final = VIEW_HEIGHT / VIEW_WIDTH
"""Height over width of every card drawn here."""

FACE: Final = "#fffdf6"
"""Card face colour (a warm white)."""
OUTLINE: Final = "#2b2b2b"
LEGAL_RING: Final = "#0a7d3b"
WINNER_RING: Final = "#b35c00"
WINNER_TEXT_ON_TABLE: Final = "#9a4f00"
"""The "wins" badge under a card on the drawn table: darker than the ring, so that it
reads on the table's green tint (5.3:1; the ring's colour there is only 4.2:1)."""
FONT: Final = "'DejaVu Sans', Arial, Helvetica, sans-serif"
SKIN: Final = "#f2c6a0"
GOLD: Final = "#f2b705"


class _Palette:
    """Colours of one suit: main fill, dark outline, light accent, corner ink."""

    __slots__ = ("dark", "fill", "ink", "light")

    def __init__(self, fill: str, dark: str, light: str, ink: str) -> None:
        self.fill = fill
        self.dark = dark
        self.light = light
        self.ink = ink


SPANISH_PALETTES: Final = (
    _Palette("#f5b800", "#6b4500", "#ffe480", "#8a5a00"),  # oros
    _Palette("#d7262e", "#6e0a10", "#f6a3a7", "#b3121b"),  # copas
    _Palette("#2f6fc4", "#0b336b", "#d3e4fa", "#0d47a1"),  # espadas
    _Palette("#3f8f3a", "#16421a", "#b9e0a3", "#1b5e20"),  # bastos
)
_FRENCH_RED: Final = _Palette("#c8102e", "#7a0a1c", "#f7b2bd", "#b00d28")
_FRENCH_BLACK: Final = _Palette("#1c1c1c", "#000000", "#8a8a8a", "#111111")
FRENCH_PALETTES: Final = (_FRENCH_RED, _FRENCH_RED, _FRENCH_BLACK, _FRENCH_BLACK)


def _css_size(width: int) -> str:
    """Inline style: hand-sized cards shrink on narrow screens so five fit across a
    phone (about 64 px on a 375 px screen); presenter-sized cards keep their size."""
    shrink = "max-width:17vw;height:auto;" if width <= 120 else ""
    return f"display:block;flex:none;{shrink}"


_ids = itertools.count(1)
_UID: Final = "@uid@"
"""Placeholder for the per-card id prefix in cached drawings."""


def palette(suit: int, style: str = "spanish") -> _Palette:
    """The colours used for ``suit`` (0 oros .. 3 bastos) in ``style``."""
    return (FRENCH_PALETTES if style == "french" else SPANISH_PALETTES)[suit]


def _style(style: str) -> DeckStyle:
    return "french" if style == "french" else "spanish"


# ---------------------------------------------------------------------------
# Labels


def rank_text(card: Card, style: str = "spanish") -> str:
    """The corner index: ``12`` in the Spanish style, ``K`` in the French one."""
    if _style(style) == "french":
        return card.french_label()[:-1]
    return str(card.rank)


@dataclass(frozen=True, slots=True)
class CardWords:
    """The words drawn cards carry, given by the caller: the language of card names,
    the spoken states of a card and the labels of a face-down card, an empty place, a
    hand and a trick, and the badge under a trick's winning card."""

    lang: str
    back: str
    empty_slot: str
    hand: str
    trick: str
    legal: str
    not_legal: str
    winning: str
    winning_badge: str

    @classmethod
    def from_messages(cls, lang: str, messages: Mapping[str, str]) -> CardWords:
        """The ``cards.*`` entries of a message catalogue (``catalogue(lang)``)."""
        return cls(lang, *(messages[f"cards.{name}"] for name in _WORD_KEYS))


_WORD_KEYS: Final = ("back", "empty_slot", "hand", "trick", "legal", "not_legal", "winning",
                     "winning_badge")


def card_label(card: Card, lang: str = "es", style: str = "spanish") -> str:
    """The card's name for screen readers and buttons, in the words of the deck it is
    drawn in (whatever deck the surrounding text speaks).

    >>> from tute_tutor.engine.cards import Card
    >>> card_label(Card.parse("10b"), "es")
    'sota de bastos'
    >>> card_label(Card.parse("1o"), "es", style="french")
    'A♦ · as de diamantes'
    """
    deck = _style(style)
    if deck == "french":
        return f"{card.french_label()} · {card.name(lang, deck)}"
    return card.name(lang, deck)


def spoken_label(
    card: Card,
    words: CardWords,
    style: str = "spanish",
    *,
    highlight: bool = False,
    dimmed: bool = False,
    winning: bool = False,
) -> str:
    """The label a screen reader says for a drawn card, with its state when marked.

    >>> from tute_tutor.engine.cards import Card
    >>> from tute_tutor.words.catalog import catalogue
    >>> spoken_label(Card.parse("4c"), CardWords.from_messages("en", catalogue("en")),
    ...              dimmed=True)
    'four of cups, not playable'
    """
    label = card_label(card, words.lang, style)
    if winning:
        label = f"{label}, {words.winning}"
    elif highlight:
        label = f"{label}, {words.legal}"
    if dimmed:
        label = f"{label}, {words.not_legal}"
    return label


# ---------------------------------------------------------------------------
# Suit symbols, each centred on (0, 0) and about 96 units tall


def _n(value: float) -> str:
    """A number for SVG attributes, without useless decimals."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _coin(p: _Palette) -> str:
    dots = "".join(
        f'<circle cx="{_n(38.5 * _cos(i * 30))}" cy="{_n(38.5 * _sin(i * 30))}" r="2.2" '
        f'fill="{p.dark}"/>'
        for i in range(12)
    )
    return (
        f'<circle r="45" fill="{p.fill}" stroke="{p.dark}" stroke-width="4"/>'
        f'<circle r="33" fill="{p.light}" stroke="{p.dark}" stroke-width="2.5"/>'
        f"{dots}"
        f'<path d="{_star_path(8, 24, 10)}" fill="{p.fill}" stroke="{p.dark}" '
        f'stroke-width="2" stroke-linejoin="round"/>'
        f'<circle r="6" fill="{p.dark}"/>'
    )


def _cup(p: _Palette) -> str:
    return (
        f'<path d="M-26 46 C-22 33 -9 29 0 29 C9 29 22 33 26 46 Z" fill="{p.fill}" '
        f'stroke="{p.dark}" stroke-width="3.5" stroke-linejoin="round"/>'
        f'<rect x="-5" y="6" width="10" height="25" fill="{p.fill}" stroke="{p.dark}" '
        f'stroke-width="3"/>'
        f'<ellipse cy="18" rx="11" ry="5" fill="{GOLD}" stroke="{p.dark}" stroke-width="2.5"/>'
        f'<path d="M-36 -40 C-36 -6 -19 9 0 9 C19 9 36 -6 36 -40 Z" fill="{p.fill}" '
        f'stroke="{p.dark}" stroke-width="4" stroke-linejoin="round"/>'
        f'<path d="M-33 -24 C-22 -18 22 -18 33 -24" fill="none" stroke="{GOLD}" '
        f'stroke-width="5"/>'
        f'<path d="M-24 -12 C-19 -2 -10 3 -2 4" fill="none" stroke="{p.light}" '
        f'stroke-width="3.5" stroke-linecap="round"/>'
        f'<ellipse cy="-40" rx="36" ry="7.5" fill="{p.dark}" stroke="{p.dark}" '
        f'stroke-width="2"/>'
    )


def _sword(p: _Palette) -> str:
    return (
        f'<path d="M0 -50 L8.5 -37 L8.5 17 L-8.5 17 L-8.5 -37 Z" fill="{p.light}" '
        f'stroke="{p.dark}" stroke-width="3" stroke-linejoin="round"/>'
        f'<path d="M0 -41 V13" stroke="{p.fill}" stroke-width="3"/>'
        f'<path d="M-27 17 C-18 24 18 24 27 17 L27 26 C18 31 -18 31 -27 26 Z" '
        f'fill="{p.fill}" stroke="{p.dark}" stroke-width="3" stroke-linejoin="round"/>'
        f'<rect x="-5.5" y="27" width="11" height="15" fill="{p.dark}"/>'
        f'<circle cy="45" r="6.5" fill="{p.fill}" stroke="{p.dark}" stroke-width="3"/>'
    )


def _club(p: _Palette) -> str:
    wood = "#e3c987"  # the pale wood where branches were cut off
    stubs = "".join(
        f'<path d="M{x} {y} l{dx} {dy}" stroke="{p.dark}" stroke-width="11" '
        f'stroke-linecap="round"/>'
        f'<path d="M{x} {y} l{dx} {dy}" stroke="{p.fill}" stroke-width="6" '
        f'stroke-linecap="round"/>'
        f'<circle cx="{x + dx}" cy="{y + dy}" r="4.2" fill="{wood}" stroke="{p.dark}" '
        f'stroke-width="2"/>'
        for x, y, dx, dy in ((-10, -16, -11, -9), (9, 6, 11, -9), (-7, 28, -10, -8))
    )
    return (
        f"{stubs}"
        f'<path d="M-16 -36 C-18 -52 18 -52 16 -36 L8 42 C8 50 -8 50 -8 42 Z" '
        f'fill="{p.fill}" stroke="{p.dark}" stroke-width="3.5" stroke-linejoin="round"/>'
        f'<ellipse cy="-42" rx="11" ry="5" fill="{wood}" stroke="{p.dark}" stroke-width="2"/>'
        f'<path d="M-4 -30 C0 -10 -5 14 -1 40" fill="none" stroke="{p.light}" '
        f'stroke-width="3" stroke-linecap="round"/>'
        f'<path d="M6 -26 C8 -18 7 -12 5 -6 M-8 8 C-6 14 -6 18 -7 22" fill="none" '
        f'stroke="{p.dark}" stroke-width="2" stroke-linecap="round"/>'
    )


def _diamond(p: _Palette) -> str:
    return f'<path d="M0 -46 L35 0 L0 46 L-35 0 Z" fill="{p.fill}"/>'


def _heart(p: _Palette) -> str:
    return (
        '<path d="M0 42 C-18 26 -44 8 -44 -14 C-44 -32 -31 -43 -17 -43 C-8 -43 -2 -38 0 -30 '
        f'C2 -38 8 -43 17 -43 C31 -43 44 -32 44 -14 C44 8 18 26 0 42 Z" fill="{p.fill}"/>'
    )


def _spade(p: _Palette) -> str:
    return (
        '<path d="M0 -46 C-12 -28 -44 -12 -44 9 C-44 24 -32 31 -20 31 C-11 31 -5 27 -2 22 '
        "C-3 33 -8 41 -17 46 L17 46 C8 41 3 33 2 22 C5 27 11 31 20 31 C32 31 44 24 44 9 "
        f'C44 -12 12 -28 0 -46 Z" fill="{p.fill}"/>'
    )


def _club_french(p: _Palette) -> str:
    return (
        f'<circle cy="-23" r="17" fill="{p.fill}"/>'
        f'<circle cx="-21" cy="7" r="17" fill="{p.fill}"/>'
        f'<circle cx="21" cy="7" r="17" fill="{p.fill}"/>'
        f'<circle cy="0" r="9" fill="{p.fill}"/>'
        f'<path d="M-4 2 C-4 26 -9 38 -18 46 L18 46 C9 38 4 26 4 2 Z" fill="{p.fill}"/>'
    )


_SPANISH_SYMBOLS: Final[tuple[Callable[[_Palette], str], ...]] = (_coin, _cup, _sword, _club)
_FRENCH_SYMBOLS: Final[tuple[Callable[[_Palette], str], ...]] = (
    _diamond,
    _heart,
    _spade,
    _club_french,
)


def suit_symbol(suit: int, style: str = "spanish") -> str:
    """SVG of one suit symbol centred on (0, 0), about 96 units tall."""
    symbols = _FRENCH_SYMBOLS if _style(style) == "french" else _SPANISH_SYMBOLS
    return symbols[suit](palette(suit, style))


def _place(symbol: str, x: float, y: float, scale: float, angle: float = 0, css: str = "") -> str:
    rotate = f" rotate({_n(angle)})" if angle else ""
    klass = f' class="{css}"' if css else ""
    return (
        f'<g{klass} transform="translate({_n(x)} {_n(y)}) scale({_n(scale)}){rotate}">{symbol}</g>'
    )


# ---------------------------------------------------------------------------
# Geometry helpers


def _cos(degrees: float) -> float:
    return math.cos(math.radians(degrees))


def _sin(degrees: float) -> float:
    return math.sin(math.radians(degrees))


def _star_path(points: int, outer: float, inner: float) -> str:
    corners = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = -90 + i * 180 / points
        corners.append(f"{_n(radius * _cos(angle))} {_n(radius * _sin(angle))}")
    return "M" + " L".join(corners) + " Z"


# ---------------------------------------------------------------------------
# Pip layouts: (x, y) as fractions of the pip area, and the scale of each pip

_PIP_AREA: Final = (46.0, 34.0, 108.0, 242.0)  # x, y, width, height
_PIP_LAYOUTS: Final[dict[int, tuple[float, tuple[tuple[float, float], ...]]]] = {
    1: (1.05, ((0.5, 0.5),)),
    2: (0.82, ((0.5, 0.2), (0.5, 0.8))),
    3: (0.66, ((0.5, 0.14), (0.5, 0.5), (0.5, 0.86))),
    4: (0.58, ((0.22, 0.2), (0.78, 0.2), (0.22, 0.8), (0.78, 0.8))),
    5: (0.56, ((0.22, 0.14), (0.78, 0.14), (0.5, 0.5), (0.22, 0.86), (0.78, 0.86))),
    6: (0.56, ((0.22, 0.14), (0.78, 0.14), (0.22, 0.5), (0.78, 0.5), (0.22, 0.86), (0.78, 0.86))),
    7: (
        0.5,
        (
            (0.22, 0.1),
            (0.78, 0.1),
            (0.5, 0.36),
            (0.22, 0.63),
            (0.78, 0.63),
            (0.22, 0.9),
            (0.78, 0.9),
        ),
    ),
}


# Swords and clubs are long and narrow: they may be drawn larger than coins and cups.
_LONG_PIP_SCALES: Final = {2: 1.1, 3: 0.78, 4: 0.92, 5: 0.78, 6: 0.78, 7: 0.6}
_ACE_SCALES: Final = {"spanish": (1.18, 1.4, 1.8, 1.9), "french": (1.15, 1.05, 1.1, 1.05)}


def _pip_scale(card: Card, style: DeckStyle) -> float:
    if card.rank == 1:
        return _ACE_SCALES[style][card.suit]
    if style == "spanish" and card.suit in (2, 3):
        return _LONG_PIP_SCALES[card.rank]
    return _PIP_LAYOUTS[card.rank][0]


def _pips(card: Card, style: DeckStyle) -> str:
    symbol = suit_symbol(card.suit, style)
    spots = _PIP_LAYOUTS[card.rank][1]
    scale = _pip_scale(card, style)
    left, top, width, height = _PIP_AREA
    # Swords and clubs lean a little, as on Spanish cards; mirrored per column.
    lean = 14.0 if style == "spanish" and card.suit in (2, 3) and card.rank > 1 else 0.0
    parts = []
    if card.rank == 1 and style == "spanish":
        parts.append(_ace_flourish(card))
    # The symbol is defined once and reused (``_UID`` becomes the card's own id prefix).
    parts.append(f'<defs><g id="{_UID}-pip">{symbol}</g></defs>')
    for fx, fy in spots:
        angle = 0.0 if fx == 0.5 else (lean if fx < 0.5 else -lean)
        # Pips on the lower half are turned round, as printed cards do (not coins).
        flip = 180.0 if (style == "french" and fy > 0.55) else 0.0
        x, y = left + fx * width, top + fy * height
        rotate = f" rotate({_n(angle + flip)})" if angle + flip else ""
        parts.append(
            f'<use href="#{_UID}-pip" class="tt-pip" '
            f'transform="translate({_n(x)} {_n(y)}) scale({_n(scale)}){rotate}"/>'
        )
    return "".join(parts)


def _ace_flourish(card: Card) -> str:
    """A light oval behind the single pip of a Spanish as."""
    p = SPANISH_PALETTES[card.suit]
    return (
        f'<ellipse cx="100" cy="155" rx="58" ry="92" fill="{p.light}" opacity="0.35" '
        f'stroke="{p.fill}" stroke-width="2" stroke-dasharray="3 6"/>'
    )


# ---------------------------------------------------------------------------
# Figures (sota, caballo, rey) of the Spanish deck


def _head(x: float, y: float, r: float) -> str:
    return (
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{SKIN}" stroke="{OUTLINE}" '
        f'stroke-width="2.5"/>'
        f'<circle cx="{_n(x - r * 0.36)}" cy="{_n(y - r * 0.05)}" r="{_n(r * 0.11)}" '
        f'fill="{OUTLINE}"/>'
        f'<circle cx="{_n(x + r * 0.36)}" cy="{_n(y - r * 0.05)}" r="{_n(r * 0.11)}" '
        f'fill="{OUTLINE}"/>'
        f'<path d="M{_n(x - r * 0.3)} {_n(y + r * 0.42)} Q{_n(x)} {_n(y + r * 0.62)} '
        f'{_n(x + r * 0.3)} {_n(y + r * 0.42)}" fill="none" stroke="{OUTLINE}" '
        f'stroke-width="2" stroke-linecap="round"/>'
    )


def _arm(x1: float, y1: float, x2: float, y2: float, colour: str) -> str:
    return (
        f'<path d="M{_n(x1)} {_n(y1)} L{_n(x2)} {_n(y2)}" stroke="{OUTLINE}" stroke-width="13" '
        f'stroke-linecap="round"/>'
        f'<path d="M{_n(x1)} {_n(y1)} L{_n(x2)} {_n(y2)}" stroke="{colour}" stroke-width="8" '
        f'stroke-linecap="round"/>'
        f'<circle cx="{_n(x2)}" cy="{_n(y2)}" r="6" fill="{SKIN}" stroke="{OUTLINE}" '
        f'stroke-width="2"/>'
    )


def _trim(card: Card) -> str:
    """Accent colour of a figure's clothes: gold, or red on the gold clothes of oros."""
    return SPANISH_PALETTES[1].fill if card.suit == 0 else GOLD


def _held(card: Card, x: float, y: float, scale: float) -> str:
    """The suit object the figure holds, its grip near the hand at (x, y)."""
    symbol = suit_symbol(card.suit, "spanish")
    if card.suit == 2:  # sword held by the grip, pointing up
        return _place(symbol, x, y - 36 * scale, scale)
    if card.suit == 3:  # club held like a staff
        return _place(symbol, x, y - 30 * scale, scale, 8)
    return _place(symbol, x, y - 52 * scale, scale)


def _sota(card: Card) -> str:
    p = SPANISH_PALETTES[card.suit]
    return (
        # ground shadow
        f'<ellipse cx="100" cy="268" rx="40" ry="6" fill="{OUTLINE}" opacity="0.15"/>'
        # legs and shoes
        f'<rect x="85" y="196" width="12" height="66" fill="{p.dark}" stroke="{OUTLINE}" '
        f'stroke-width="2"/>'
        f'<rect x="103" y="196" width="12" height="66" fill="{p.dark}" stroke="{OUTLINE}" '
        f'stroke-width="2"/>'
        f'<ellipse cx="88" cy="264" rx="12" ry="5.5" fill="{OUTLINE}"/>'
        f'<ellipse cx="112" cy="264" rx="12" ry="5.5" fill="{OUTLINE}"/>'
        # tunic with belt and hem
        f'<path d="M76 112 L124 112 L138 206 L62 206 Z" fill="{p.fill}" stroke="{OUTLINE}" '
        f'stroke-width="3" stroke-linejoin="round"/>'
        f'<path d="M66 192 L134 192 L138 206 L62 206 Z" fill="{_trim(card)}" stroke="{OUTLINE}" '
        f'stroke-width="2"/>'
        f'<rect x="71" y="148" width="58" height="8" fill="{OUTLINE}"/>'
        f'<rect x="96" y="147" width="8" height="10" fill="{GOLD}"/>'
        f'<path d="M88 112 L100 130 L112 112" fill="#ffffff" stroke="{OUTLINE}" '
        f'stroke-width="2" stroke-linejoin="round"/>'
        # arms: one on the hip, one holding the suit
        + _arm(78, 118, 64, 168, p.fill)
        + _held(card, 147, 96, 0.55)
        + _arm(122, 118, 144, 100, p.fill)
        # head with a feathered cap
        + _head(100, 90, 17)
        + f'<path d="M81 80 C82 62 118 62 119 80 Z" fill="{p.fill}" stroke="{OUTLINE}" '
        f'stroke-width="2.5" stroke-linejoin="round"/>'
        f'<path d="M92 68 C82 52 68 50 62 56 C72 58 82 64 88 72" fill="{p.light}" '
        f'stroke="{OUTLINE}" stroke-width="2"/>'
    )


def _caballo(card: Card) -> str:
    p = SPANISH_PALETTES[card.suit]
    horse = "#c98e56"
    horse_dark = "#5a3514"
    legs = "".join(
        f'<path d="M{x} 206 L{x + dx} 258" stroke="{OUTLINE}" stroke-width="11" '
        f'stroke-linecap="round"/>'
        f'<path d="M{x} 206 L{x + dx} 258" stroke="{horse}" stroke-width="7" '
        f'stroke-linecap="round"/>'
        f'<rect x="{x + dx - 6}" y="256" width="12" height="7" rx="2" fill="{OUTLINE}"/>'
        for x, dx in ((68, -6), (82, 2), (116, 4), (128, 12))
    )
    return (
        f'<ellipse cx="98" cy="268" rx="56" ry="6" fill="{OUTLINE}" opacity="0.15"/>'
        # tail
        f'<path d="M56 188 C40 196 38 222 46 240" fill="none" stroke="{horse_dark}" '
        f'stroke-width="8" stroke-linecap="round"/>'
        + legs
        # body, neck and head
        + f'<ellipse cx="97" cy="194" rx="45" ry="24" fill="{horse}" stroke="{OUTLINE}" '
        f'stroke-width="3"/>'
        f'<path d="M118 182 C124 160 130 146 136 134 L154 146 C146 158 142 176 136 196 Z" '
        f'fill="{horse}" stroke="{OUTLINE}" stroke-width="3" stroke-linejoin="round"/>'
        f'<path d="M134 128 L150 124 L166 146 C166 152 160 156 154 154 L140 146 Z" '
        f'fill="{horse}" stroke="{OUTLINE}" stroke-width="3" stroke-linejoin="round"/>'
        f'<path d="M138 128 L140 116 L146 126" fill="{horse}" stroke="{OUTLINE}" '
        f'stroke-width="2.5" stroke-linejoin="round"/>'
        f'<circle cx="150" cy="134" r="2.3" fill="{OUTLINE}"/>'
        f'<path d="M134 130 C126 146 122 160 118 176" fill="none" stroke="{horse_dark}" '
        f'stroke-width="6" stroke-linecap="round"/>'
        # saddle cloth in the suit colour, and the bridle
        f'<path d="M76 174 L118 174 L114 214 L80 214 Z" fill="{p.fill}" stroke="{OUTLINE}" '
        f'stroke-width="2.5" stroke-linejoin="round"/>'
        f'<path d="M80 206 L114 206" stroke="{GOLD}" stroke-width="4"/>'
        f'<path d="M156 146 L112 150" stroke="{OUTLINE}" stroke-width="2"/>'
        # rider: leg, body, arm holding the suit, head with a hat
        f'<path d="M96 170 L100 214" stroke="{OUTLINE}" stroke-width="14" '
        f'stroke-linecap="round"/>'
        f'<path d="M96 170 L100 214" stroke="{p.dark}" stroke-width="9" stroke-linecap="round"/>'
        f'<path d="M86 128 L112 128 L116 176 L82 176 Z" fill="{p.fill}" stroke="{OUTLINE}" '
        f'stroke-width="3" stroke-linejoin="round"/>'
        f'<rect x="83" y="158" width="32" height="6" fill="{OUTLINE}"/>'
        + _arm(108, 136, 114, 152, p.fill)
        + _held(card, 58, 114, 0.46)
        + _arm(88, 134, 59, 116, p.fill)
        + _head(99, 110, 14)
        + f'<path d="M82 102 C84 84 114 84 116 102 Z" fill="{p.fill}" stroke="{OUTLINE}" '
        f'stroke-width="2.5"/>'
        f'<path d="M78 102 L120 102" stroke="{OUTLINE}" stroke-width="4" '
        f'stroke-linecap="round"/>'
    )


def _rey(card: Card) -> str:
    p = SPANISH_PALETTES[card.suit]
    ermine = "".join(
        f'<path d="M{x} 253 l2 5 l-4 0 Z" fill="{OUTLINE}"/>' for x in range(66, 140, 12)
    )
    return (
        f'<ellipse cx="100" cy="270" rx="48" ry="6" fill="{OUTLINE}" opacity="0.15"/>'
        # robe, front band, ermine hem
        f'<path d="M72 118 L128 118 L148 264 L52 264 Z" fill="{p.fill}" stroke="{OUTLINE}" '
        f'stroke-width="3" stroke-linejoin="round"/>'
        f'<path d="M94 118 L106 118 L110 264 L90 264 Z" fill="{_trim(card)}" stroke="{OUTLINE}" '
        f'stroke-width="2"/>'
        f'<path d="M55 248 L145 248 L148 264 L52 264 Z" fill="#ffffff" stroke="{OUTLINE}" '
        f'stroke-width="2.5"/>'
        + ermine
        # ermine collar
        + f'<path d="M70 120 C80 134 120 134 130 120 L126 112 C116 122 84 122 74 112 Z" '
        f'fill="#ffffff" stroke="{OUTLINE}" stroke-width="2.5"/>'
        # arm holding the suit, the other on the chest
        + _held(card, 143, 140, 0.6)
        + _arm(124, 128, 140, 142, p.fill)
        + _arm(78, 130, 90, 168, p.fill)
        # head, beard and crown
        + _head(100, 94, 18)
        + f'<path d="M84 100 C86 126 114 126 116 100 C110 108 90 108 84 100 Z" '
        f'fill="#8d6e63" stroke="{OUTLINE}" stroke-width="2"/>'
        f'<path d="M81 80 L81 56 L90.5 67 L100 50 L109.5 67 L119 56 L119 80 Z" '
        f'fill="{GOLD}" stroke="{OUTLINE}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<circle cx="100" cy="72" r="3.5" fill="{SPANISH_PALETTES[1].fill}"/>'
        f'<circle cx="89" cy="74" r="2.5" fill="{SPANISH_PALETTES[2].fill}"/>'
        f'<circle cx="111" cy="74" r="2.5" fill="{SPANISH_PALETTES[3].fill}"/>'
    )


# ---------------------------------------------------------------------------
# French court cards: a bust, turned round for the lower half


def _french_bust(card: Card) -> str:
    p = FRENCH_PALETTES[card.suit]
    robe = p.fill if card.suit in (0, 1) else "#1f3a93"
    trim = GOLD
    rank = card.rank
    hair = "#6d4c41"
    parts = []
    if rank == 11:  # queen: long hair falling on the shoulders
        parts.append(
            f'<path d="M74 84 C70 120 78 134 88 128 L112 128 C122 134 130 120 126 84 Z" '
            f'fill="{hair}" stroke="{OUTLINE}" stroke-width="2"/>'
        )
    parts.append(
        f'<path d="M51 155 L51 142 C53 124 70 116 86 114 L114 114 C130 116 147 124 149 142 '
        f'L149 155 Z" fill="{robe}" stroke="{OUTLINE}" stroke-width="2.5" '
        f'stroke-linejoin="round"/>'
        f'<path d="M88 114 L112 114 L117 155 L83 155 Z" fill="{trim}" stroke="{OUTLINE}" '
        f'stroke-width="2"/>'
        + "".join(f'<circle cx="100" cy="{y}" r="2.6" fill="{robe}"/>' for y in (124, 134, 144))
        + f'<path d="M60 140 C66 130 74 126 82 124 M140 140 C134 130 126 126 118 124" '
        f'fill="none" stroke="{trim}" stroke-width="3"/>'
        f'<rect x="93" y="100" width="14" height="12" fill="{SKIN}" stroke="{OUTLINE}" '
        f'stroke-width="2"/>'
        f'<ellipse cx="100" cy="114" rx="24" ry="6.5" fill="#ffffff" stroke="{OUTLINE}" '
        f'stroke-width="2"/>'
    )
    parts.append(_head(100, 84, 21))
    if rank == 12:  # king: beard, moustache and a tall crown
        parts.append(
            f'<path d="M82 88 C84 116 116 116 118 88 C112 97 88 97 82 88 Z" fill="{hair}" '
            f'stroke="{OUTLINE}" stroke-width="2"/>'
            f'<path d="M79 66 L79 40 L89.5 52 L100 34 L110.5 52 L121 40 L121 66 Z" '
            f'fill="{trim}" stroke="{OUTLINE}" stroke-width="2.5" stroke-linejoin="round"/>'
            f'<circle cx="100" cy="58" r="3.5" fill="{_FRENCH_RED.fill}"/>'
        )
    elif rank == 11:  # queen: a tiara with a jewel
        parts.append(
            f'<path d="M80 68 C84 54 116 54 120 68 C112 64 88 64 80 68 Z" fill="{trim}" '
            f'stroke="{OUTLINE}" stroke-width="2.5" stroke-linejoin="round"/>'
            f'<circle cx="100" cy="56" r="4.5" fill="{robe}" stroke="{OUTLINE}" '
            f'stroke-width="1.5"/>'
        )
    else:  # jack: a beret with a feather
        parts.append(
            f'<path d="M76 72 C76 52 124 52 124 72 C112 66 88 66 76 72 Z" fill="{robe}" '
            f'stroke="{OUTLINE}" stroke-width="2.5" stroke-linejoin="round"/>'
            f'<path d="M112 60 C122 40 138 38 144 44 C134 46 124 52 118 64" fill="{trim}" '
            f'stroke="{OUTLINE}" stroke-width="2"/>'
        )
    parts.append(_place(suit_symbol(card.suit, "french"), 60, 50, 0.28))
    return "".join(parts)


def _french_court(card: Card) -> str:
    bust = _french_bust(card)
    return (
        f'<rect x="49" y="30" width="102" height="250" rx="6" fill="#ffffff" '
        f'stroke="{OUTLINE}" stroke-width="2.5"/>'
        f"<g>{bust}</g>"
        f'<g transform="rotate(180 100 155)">{bust}</g>'
        f'<path d="M49 155 L151 155" stroke="{OUTLINE}" stroke-width="2.5"/>'
    )


# ---------------------------------------------------------------------------
# The whole card


def _corner(card: Card, style: DeckStyle) -> str:
    p = palette(card.suit, style)
    text = rank_text(card, style)
    # Two-digit ranks (10, 11, 12) are squeezed to the width of the corner.
    fit = ' textLength="38" lengthAdjust="spacingAndGlyphs"' if len(text) > 1 else ""
    index = (
        f'<text x="25" y="47" text-anchor="middle" font-family="{FONT}" font-weight="700" '
        f'font-size="42" fill="{p.ink}"{fit}>{text}</text>'
        + _place(suit_symbol(card.suit, style), 25, 68, 0.22)
    )
    return f'<g>{index}</g><g transform="rotate(180 100 155)">{index}</g>'


def _frame(card: Card, style: DeckStyle) -> str:
    """The inner frame; on Spanish cards its breaks (pintas) tell the suit."""
    p = palette(card.suit, style)
    frame = (
        f'<rect x="9" y="9" width="182" height="292" rx="9" fill="none" stroke="{p.ink}" '
        f'stroke-width="2.5"/>'
    )
    if style != "spanish":
        return frame
    breaks = {0: (), 1: (100,), 2: (84, 116), 3: (72, 100, 128)}[card.suit]
    gaps = "".join(
        f'<rect class="tt-pinta" x="{x - 6}" y="{y}" width="12" height="7" fill="{FACE}"/>'
        for x in breaks
        for y in (5.5, 297.5)
    )
    return frame + gaps


@cache
def _face(card: Card, style: DeckStyle) -> str:
    if card.rank <= 7:
        body = _pips(card, style)
    elif style == "french":
        body = _french_court(card)
    else:
        body = {10: _sota, 11: _caballo, 12: _rey}[card.rank](card)
    return _frame(card, style) + body + _corner(card, style)


def _back(style: DeckStyle, uid: str) -> str:
    navy, gold, light = "#16356f", GOLD, "#6d8fd1"
    emblem = "".join(
        _place(suit_symbol(suit, style), 100 + dx, 155 + dy, 0.2)
        for suit, (dx, dy) in enumerate(((-13, -13), (13, -13), (-13, 13), (13, 13)))
    )
    return (
        f'<defs><pattern id="{uid}-lattice" width="20" height="20" patternUnits="userSpaceOnUse">'
        f'<path d="M0 10 L10 0 L20 10 L10 20 Z" fill="none" stroke="{light}" '
        f'stroke-width="2"/></pattern></defs>'
        f'<rect x="10" y="10" width="180" height="290" rx="8" fill="{navy}"/>'
        f'<rect x="10" y="10" width="180" height="290" rx="8" fill="url(#{uid}-lattice)"/>'
        f'<rect x="18" y="18" width="164" height="274" rx="6" fill="none" stroke="{gold}" '
        f'stroke-width="3"/>'
        f'<circle cx="100" cy="155" r="36" fill="{FACE}" stroke="{gold}" stroke-width="5"/>'
        + emblem
    )


def _badge(kind: str) -> str:
    if kind == "legal":
        return (
            f'<circle cx="172" cy="30" r="17" fill="{LEGAL_RING}" stroke="#ffffff" '
            f'stroke-width="3"/>'
            '<path d="M163 30 L169.5 37 L181 23" fill="none" stroke="#ffffff" stroke-width="5" '
            'stroke-linecap="round" stroke-linejoin="round"/>'
        )
    if kind == "winner":
        return (
            f'<circle cx="172" cy="30" r="18" fill="{WINNER_RING}" stroke="#ffffff" '
            f'stroke-width="3"/>'
            f'<path transform="translate(172 31)" d="{_star_path(5, 13, 5.5)}" fill="#ffffff"/>'
        )
    return ""


def _svg(
    body: str,
    *,
    label: str,
    width: int,
    uid: str,
    code: str,
    ring: str | None,
    dimmed: bool,
) -> str:
    width = max(int(width), 8)
    height = round(width * CARD_ASPECT)
    ring_colour = {"legal": LEGAL_RING, "winner": WINNER_RING}.get(ring or "")
    border = (
        f'<rect x="4" y="4" width="192" height="302" rx="13" fill="none" '
        f'stroke="{ring_colour}" stroke-width="8"/>'
        if ring_colour
        else ""
    )
    veil = (
        '<rect x="0" y="0" width="200" height="310" rx="15" fill="#ffffff" opacity="0.62"/>'
        '<rect x="1.5" y="1.5" width="197" height="307" rx="14" fill="none" stroke="#9a9a9a" '
        'stroke-width="3" stroke-dasharray="10 7"/>'
        if dimmed
        else ""
    )
    state = " tt-legal" if ring == "legal" else " tt-winner" if ring == "winner" else ""
    state += " tt-dimmed" if dimmed else ""
    safe = escape(label, quote=True)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW_WIDTH} {VIEW_HEIGHT}" '
        f'width="{width}" height="{height}" role="img" aria-label="{safe}" '
        f'class="tt-card{state}" data-card="{code}" id="{uid}" '
        f'style="{_css_size(width)}">'
        f'<title id="{uid}-title">{safe}</title>'
        f'<rect x="1.5" y="1.5" width="197" height="307" rx="14" fill="{FACE}" '
        f'stroke="{OUTLINE}" stroke-width="3"/>'
        f"{body}{border}{_badge(ring or '')}{veil}</svg>"
    )


def card_svg(
    card: Card | None,
    *,
    style: str = "spanish",
    width: int = 90,
    words: CardWords,
    highlight: bool = False,
    dimmed: bool = False,
    winning: bool = False,
) -> str:
    """One card as an inline ``<svg>`` (``None`` draws the back of a card).

    ``highlight`` marks a legal card (green ring and a tick), ``dimmed`` greys out a
    card that may not be played, ``winning`` marks the card winning a trick (orange
    ring and a star). The state is also spoken: it is added to the ``aria-label``.

    >>> from tute_tutor.engine.cards import Card
    >>> from tute_tutor.words.catalog import catalogue
    >>> spanish = CardWords.from_messages("es", catalogue("es"))
    >>> svg = card_svg(Card.parse("12c"), words=spanish, highlight=True)
    >>> 'aria-label="rey de copas, se puede jugar"' in svg
    True
    >>> 'aria-label="carta boca abajo"' in card_svg(None, words=spanish)
    True
    """
    deck_style = _style(style)
    uid = f"tt{next(_ids)}"
    if card is None:
        return _svg(
            _back(deck_style, uid),
            label=words.back,
            width=width,
            uid=uid,
            code="back",
            ring=None,
            dimmed=False,
        )
    label = spoken_label(
        card, words, deck_style, highlight=highlight, dimmed=dimmed, winning=winning
    )
    ring = "winner" if winning else "legal" if highlight else None
    return _svg(
        _face(card, deck_style).replace(_UID, uid),
        label=label,
        width=width,
        uid=uid,
        code=str(card),
        ring=ring,
        dimmed=dimmed,
    )


def _slot_svg(width: int, words: CardWords) -> str:
    """An empty place on the table (a card not played yet)."""
    uid = f"tt{next(_ids)}"
    height = round(max(int(width), 8) * CARD_ASPECT)
    label = escape(words.empty_slot)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW_WIDTH} {VIEW_HEIGHT}" '
        f'width="{max(int(width), 8)}" height="{height}" role="img" aria-label="{label}" '
        f'class="tt-card tt-slot" id="{uid}" style="{_css_size(int(width))}">'
        f'<title id="{uid}-title">{label}</title>'
        f'<rect x="3" y="3" width="194" height="304" rx="14" fill="none" stroke="#8a8a8a" '
        f'stroke-width="4" stroke-dasharray="14 10"/></svg>'
    )


# ---------------------------------------------------------------------------
# Several cards


def hand_html(
    cards: Sequence[Card | None],
    *,
    style: str = "spanish",
    width: int = 90,
    words: CardWords,
    legal: Collection[Card] | None = None,
) -> str:
    """A row of cards (wrapping on narrow screens); ``None`` entries show card backs.

    With ``legal`` given, those cards are highlighted and every other card is dimmed.

    >>> from tute_tutor.engine.cards import parse_cards
    >>> from tute_tutor.words.catalog import catalogue
    >>> html = hand_html(parse_cards("12c,4c,1o"), legal=parse_cards("12c"),
    ...                  words=CardWords.from_messages("es", catalogue("es")))
    >>> html.count("<svg"), html.count("tt-legal"), html.count("tt-dimmed")
    (3, 1, 2)
    """
    legal_set = None if legal is None else set(legal)
    items = []
    for card in cards:
        highlight = legal_set is not None and card is not None and card in legal_set
        dimmed = legal_set is not None and card is not None and card not in legal_set
        items.append(
            card_svg(card, style=style, width=width, words=words, highlight=highlight,
                     dimmed=dimmed)
        )
    gap = max(4, width // 12)
    return (
        f'<div class="tt-hand" role="group" aria-label="{escape(words.hand)}" '
        f'style="display:flex;flex-wrap:wrap;gap:{gap}px;align-items:flex-end;'
        f'margin:0 0 0.5rem 0">' + "".join(items) + "</div>"
    )


def trick_html(
    cards: Sequence[Card | None],
    *,
    labels: Sequence[str] = (),
    winning: int | None = None,
    style: str = "spanish",
    width: int = 90,
    words: CardWords,
) -> str:
    """The cards of a trick in the order played, each with a caption (the seat's name).

    ``winning`` is the position (in ``cards``) of the card winning the trick: it gets a
    ring, a star and the words "gana" / "wins" under it. ``None`` entries draw an
    empty place (a seat still to play). Captions are escaped: pass plain text.

    >>> from tute_tutor.engine.cards import parse_cards
    >>> from tute_tutor.words.catalog import catalogue
    >>> html = trick_html(parse_cards("10c,12c"), labels=["Ana", "<b>"], winning=1,
    ...                   words=CardWords.from_messages("en", catalogue("en")))
    >>> html.count("<figure"), "&lt;b&gt;" in html, html.count("★ wins")
    (2, True, 1)
    """
    figures = []
    for position, card in enumerate(cards):
        is_winner = winning == position and card is not None
        if card is None:
            svg = _slot_svg(width, words)
        else:
            svg = card_svg(card, style=style, width=width, words=words, winning=is_winner)
        caption = escape(labels[position]) if position < len(labels) else ""
        if is_winner:
            badge = escape(words.winning_badge)
            caption = (
                f'{caption}<br/><strong style="color:{WINNER_RING}">{badge}</strong>'
                if caption
                else f'<strong style="color:{WINNER_RING}">{badge}</strong>'
            )
        figures.append(
            '<figure style="margin:0;display:flex;flex-direction:column;align-items:center;'
            f'gap:4px">{svg}<figcaption style="text-align:center;font-size:0.9rem;'
            f'line-height:1.2;max-width:{max(width, 60) + 20}px">{caption}</figcaption></figure>'
        )
    gap = max(8, width // 6)
    return (
        f'<div class="tt-trick" role="group" aria-label="{escape(words.trick)}" '
        f'style="display:flex;flex-wrap:wrap;gap:{gap}px;align-items:flex-start;'
        f'margin:0 0 0.5rem 0">' + "".join(figures) + "</div>"
    )


SEAT_PLACES: Final = {2: ("bottom", "top"), 3: ("bottom", "right", "left"),
                      4: ("bottom", "right", "top", "left")}
"""Where each seat sits around the drawn table, seat 0 (the learner) at the bottom.
Play goes counterclockwise, as in Spanish games: the next seat is to your right."""

_AREAS: Final = {"top": "1 / 2 / 2 / 3", "left": "2 / 1 / 3 / 2", "right": "2 / 3 / 3 / 4",
                 "bottom": "3 / 2 / 4 / 3"}


def table_html(
    cards: Sequence[Card | None],
    *,
    names: Sequence[str],
    notes: Sequence[str] = (),
    winning: int | None = None,
    centre: str = "",
    style: str = "spanish",
    width: int = 72,
    words: CardWords,
) -> str:
    """The trick on a drawn table: each seat in a fixed place (you at the bottom, the
    partner opposite, the others left and right), the card it played this trick in front
    of it (an empty place until it plays), its name and a note under it.

    ``cards``, ``names`` and ``notes`` are indexed by seat; ``winning`` is the seat whose
    card is winning (ringed, with the "wins" badge); ``centre`` is a short text in the
    middle. Every text is escaped: pass plain text.

    >>> from tute_tutor.engine.cards import parse_cards
    >>> from tute_tutor.words.catalog import catalogue
    >>> html = table_html([*parse_cards("10c,12c"), None, None], names=["Tú", "B", "C", "<D>"],
    ...                   winning=1, words=CardWords.from_messages("es", catalogue("es")))
    >>> html.count("<figure"), "&lt;D&gt;" in html, "grid-area:3 / 2 / 4 / 3" in html
    (4, True, True)
    """
    players = len(cards)
    figures = []
    for seat, card in enumerate(cards):
        place = SEAT_PLACES[players][seat]
        is_winner = winning == seat and card is not None
        svg = _slot_svg(width, words) if card is None else card_svg(
            card, style=style, width=width, words=words, winning=is_winner)
        caption = f"<strong>{escape(names[seat])}</strong>"
        if is_winner:
            badge = escape(words.winning_badge)
            caption += f' <strong style="color:{WINNER_TEXT_ON_TABLE}">{badge}</strong>'
        if seat < len(notes) and notes[seat]:
            caption += f'<br/><span style="font-size:0.8rem">{escape(notes[seat])}</span>'
        figures.append(
            f'<figure data-seat="{seat}" data-place="{place}" style="grid-area:'
            f'{_AREAS[place]};margin:0;display:flex;flex-direction:column;'
            f'align-items:center;gap:3px">{svg}<figcaption style="text-align:center;'
            f'font-size:0.85rem;line-height:1.2;max-width:{width + 40}px">{caption}'
            "</figcaption></figure>"
        )
    middle = (
        '<div style="grid-area:2 / 2 / 3 / 3;display:flex;align-items:center;'
        'justify-content:center;text-align:center;font-size:0.85rem;padding:4px">'
        f"{escape(centre)}</div>"
    )
    return (
        f'<div class="tt-table" role="group" aria-label="{escape(words.trick)}" '
        'style="display:grid;grid-template-columns:1fr auto 1fr;'
        "grid-template-rows:auto auto auto;gap:6px 4px;justify-items:center;"
        "align-items:center;background:#1e6b3a14;border-radius:14px;padding:8px 4px;"
        'margin:0 0 0.5rem 0">' + "".join(figures) + middle + "</div>"
    )
