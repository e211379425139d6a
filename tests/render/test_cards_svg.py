"""The drawn cards: well-formed SVG, right names in both languages, ids, states, contrast."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tute_tutor.engine.cards import CARDS, Card, parse_cards
from tute_tutor.render import CardWords, card_label, card_svg, hand_html, trick_html
from tute_tutor.render.cards import FACE, LEGAL_RING, WINNER_RING, palette
from tute_tutor.words.catalog import catalogue

SVG = "{http://www.w3.org/2000/svg}"
STYLES = ("spanish", "french")
LANGS = ("es", "en")

# Written out again from docs/RULES.md, "The cards", and the usual names, not taken from the engine.
RANK_WORDS = {
    "es": {
        1: "as",
        2: "dos",
        3: "tres",
        4: "cuatro",
        5: "cinco",
        6: "seis",
        7: "siete",
        10: "sota",
        11: "caballo",
        12: "rey",
    },
    "en": {
        1: "ace",
        2: "two",
        3: "three",
        4: "four",
        5: "five",
        6: "six",
        7: "seven",
        10: "jack",
        11: "knight",
        12: "king",
    },
}
SUIT_WORDS = {
    "es": {"o": "oros", "c": "copas", "e": "espadas", "b": "bastos"},
    "en": {"o": "coins", "c": "cups", "e": "swords", "b": "clubs"},
}
FRENCH_SUIT = {"o": "♦", "c": "♥", "e": "♠", "b": "♣"}
FRENCH_RANK = {1: "A", 10: "J", 11: "Q", 12: "K"}
# A card drawn French is named French: the poker deck's words for the same ranks and suits.
FRENCH_RANK_WORDS = {
    "es": {**RANK_WORDS["es"], 10: "jota", 11: "reina"},
    "en": {**RANK_WORDS["en"], 11: "queen"},
}
FRENCH_SUIT_WORDS = {
    "es": {"o": "diamantes", "c": "corazones", "e": "picas", "b": "tréboles"},
    "en": {"o": "diamonds", "c": "hearts", "e": "spades", "b": "clubs"},
}


def words_in(lang: str) -> CardWords:
    """The catalogue's card words in ``lang``, as the app passes them."""
    return CardWords.from_messages(lang, catalogue(lang))


def expected_name(card: Card, lang: str, style: str = "spanish") -> str:
    code = str(card)
    rank, suit = int(code[:-1]), code[-1]
    joiner = " de " if lang == "es" else " of "
    ranks, suits = (FRENCH_RANK_WORDS, FRENCH_SUIT_WORDS) if style == "french" else (
        RANK_WORDS, SUIT_WORDS)
    return ranks[lang][rank] + joiner + suits[lang][suit]


def expected_index(card: Card, style: str) -> str:
    rank = int(str(card)[:-1])
    return FRENCH_RANK.get(rank, str(rank)) if style == "french" else str(rank)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def all_ids(root: ET.Element) -> list[str]:
    return [el.attrib["id"] for el in root.iter() if "id" in el.attrib]


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_card_is_well_formed_svg_named_for_screen_readers(style: str, lang: str) -> None:
    for card in CARDS:
        root = parse(card_svg(card, style=style, words=words_in(lang)))
        assert root.tag == f"{SVG}svg"
        assert root.attrib["role"] == "img"
        label = root.attrib["aria-label"]
        name = expected_name(card, lang, style)
        if style == "french":
            code = str(card)
            assert label == f"{expected_index(card, style)}{FRENCH_SUIT[code[-1]]} · {name}"
        else:
            assert label == name
        title = root.find(f"{SVG}title")
        assert title is not None and title.text == label
        assert root.attrib["data-card"] == str(card)


@pytest.mark.parametrize("style", STYLES)
def test_corner_index_shows_the_rank_in_both_corners(style: str) -> None:
    for card in CARDS:
        root = parse(card_svg(card, style=style, words=words_in("es")))
        texts = [el.text for el in root.iter(f"{SVG}text")]
        assert texts == [expected_index(card, style)] * 2, str(card)


def test_card_label_matches_the_rules_mapping() -> None:
    assert card_label(Card.parse("12c"), "es") == "rey de copas"
    assert card_label(Card.parse("12c"), "en", style="french") == "K♥ · king of hearts"
    assert card_label(Card.parse("10b"), "es", style="french") == "J♣ · jota de tréboles"
    assert card_label(Card.parse("11e"), "en", style="french") == "Q♠ · queen of spades"
    assert card_label(Card.parse("1o"), "en", style="french") == "A♦ · ace of diamonds"


def test_card_label_names_the_drawn_deck_whatever_deck_the_text_speaks() -> None:
    from tute_tutor.words.cards import deck_names

    with deck_names("french"):
        assert card_label(Card.parse("12c"), "es") == "rey de copas"
    assert card_label(Card.parse("11c"), "es", style="french") == "Q♥ · reina de corazones"


@pytest.mark.parametrize("style", STYLES)
def test_pip_cards_show_as_many_pips_as_their_rank(style: str) -> None:
    for card in CARDS:
        root = parse(card_svg(card, style=style, words=words_in("es")))
        pips = [el for el in root.iter() if el.attrib.get("class") == "tt-pip"]
        rank = int(str(card)[:-1])
        assert len(pips) == (rank if rank <= 7 else 0), str(card)


def test_spanish_frame_breaks_tell_the_suit() -> None:
    # oros none, copas one, espadas two, bastos three: on the top and the bottom line.
    for card in CARDS:
        root = parse(card_svg(card, style="spanish", words=words_in("es")))
        breaks = [el for el in root.iter(f"{SVG}rect") if el.attrib.get("class") == "tt-pinta"]
        assert len(breaks) == 2 * "oceb".index(str(card)[-1]), str(card)
    assert "tt-pinta" not in card_svg(Card.parse("5b"), style="french", words=words_in("es"))


@pytest.mark.parametrize("width", [60, 90, 220])
def test_size_follows_the_width_with_card_proportions(width: int) -> None:
    root = parse(card_svg(Card.parse("7e"), width=width, words=words_in("es")))
    assert root.attrib["width"] == str(width)
    assert int(root.attrib["height"]) == round(width * 310 / 200)
    assert root.attrib["viewBox"] == "0 0 200 310"


@pytest.mark.parametrize("lang", LANGS)
def test_card_back_hides_the_card_and_says_so(lang: str) -> None:
    for style in STYLES:
        root = parse(card_svg(None, style=style, words=words_in(lang)))
        assert root.attrib["aria-label"] == (
            "carta boca abajo" if lang == "es" else "face-down card"
        )
        assert root.attrib["data-card"] == "back"
        assert not list(root.iter(f"{SVG}text"))


def test_ids_are_unique_when_many_cards_share_a_page() -> None:
    page = (
        "<div>"
        + "".join(
            hand_html([*CARDS, None, None], style=style, words=words_in(lang), legal=CARDS[:5])
            for style in STYLES
            for lang in LANGS
        )
        + trick_html(parse_cards("1o,1o"), winning=0, words=words_in("es"))
        + "</div>"
    )
    root = ET.fromstring(page)
    counts = Counter(all_ids(root))
    assert counts and max(counts.values()) == 1
    # Every internal reference (the back's pattern, title ids) points inside its own SVG.
    for svg in root.iter(f"{SVG}svg"):
        own = set(all_ids(svg))
        for element in svg.iter():
            for name, value in element.attrib.items():
                refs = re.findall(r"url\(#([^)]+)\)", value)
                if name == "href":
                    refs.append(value.removeprefix("#"))
                for ref in refs:
                    assert ref in own


def test_legal_cards_are_highlighted_and_the_others_dimmed() -> None:
    hand = parse_cards("12c,4c,1o,3b")
    legal = parse_cards("12c,4c")
    root = ET.fromstring(hand_html(hand, legal=legal, words=words_in("en")))
    svgs = list(root.iter(f"{SVG}svg"))
    assert [s.attrib["data-card"] for s in svgs] == ["12c", "4c", "1o", "3b"]
    for svg in svgs:
        classes = svg.attrib["class"].split()
        is_legal = Card.parse(svg.attrib["data-card"]) in legal
        assert ("tt-legal" in classes) is is_legal
        assert ("tt-dimmed" in classes) is (not is_legal)
        assert svg.attrib["aria-label"].endswith("playable")
        assert svg.attrib["aria-label"].endswith("not playable") is (not is_legal)


def test_without_legal_no_card_is_marked() -> None:
    html = hand_html(parse_cards("12c,4c"), words=words_in("es"))
    assert "tt-legal" not in html and "tt-dimmed" not in html


def test_highlight_and_dim_change_the_drawing() -> None:
    card = Card.parse("5o")
    plain = card_svg(card, words=words_in("es"))
    es = words_in("es")
    assert LEGAL_RING in card_svg(card, highlight=True, words=es) and LEGAL_RING not in plain
    assert 'opacity="0.62"' in card_svg(card, dimmed=True, words=es)
    assert 'opacity="0.62"' not in plain


def test_trick_marks_the_winner_and_escapes_captions() -> None:
    cards = parse_cards("10c,12c,4o")
    html = trick_html(
        cards,
        labels=["Ana", "<script>x</script>", "Bea & Co"],
        winning=2,
        style="french",
        words=words_in("es"),
    )
    root = ET.fromstring(html)  # well-formed: the captions were escaped
    figures = list(root.iter("figure"))
    assert len(figures) == 3
    captions = ["".join(f.find("figcaption").itertext()) for f in figures]  # type: ignore[union-attr]
    assert captions[0] == "Ana" and captions[1] == "<script>x</script>"
    assert captions[2] == "Bea & Co★ gana"
    svgs = list(root.iter(f"{SVG}svg"))
    assert ["tt-winner" in s.attrib["class"] for s in svgs] == [False, False, True]
    assert WINNER_RING in html


def test_trick_with_seats_still_to_play_shows_empty_places() -> None:
    root = ET.fromstring(trick_html([Card.parse("3e"), None], words=words_in("en")))
    labels = [s.attrib["aria-label"] for s in root.iter(f"{SVG}svg")]
    assert labels == ["three of swords", "not played yet"]


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("style", STYLES)
def test_corner_numbers_have_high_contrast_on_the_card_face(style: str) -> None:
    # WCAG AA for text: 4.5:1. The corner ink is the colour every index is written in.
    for suit in range(4):
        ink = palette(suit, style).ink
        assert _contrast(ink, FACE) >= 4.5, (style, suit, ink)
        card = CARDS[suit * 10]
        assert f'fill="{ink}"' in card_svg(card, style=style, words=words_in("es"))


def test_state_rings_stand_out_from_the_face() -> None:
    assert _contrast(LEGAL_RING, FACE) >= 3
    assert _contrast(WINNER_RING, FACE) >= 3


@given(
    st.lists(st.sampled_from(CARDS), max_size=12),
    st.integers(min_value=8, max_value=400),
    st.sampled_from(STYLES),
    st.sampled_from(LANGS),
    st.lists(st.sampled_from(CARDS), max_size=6),
)
def test_any_hand_is_well_formed_markup(
    cards: list[Card], width: int, style: str, lang: str, legal: list[Card]
) -> None:
    root = ET.fromstring(hand_html(cards, style=style, width=width, words=words_in(lang),
                                   legal=legal))
    svgs = list(root.iter(f"{SVG}svg"))
    assert [s.attrib["data-card"] for s in svgs] == [str(c) for c in cards]
    assert all(s.attrib["width"] == str(width) for s in svgs)


@pytest.mark.parametrize("style", STYLES)
def test_every_card_has_its_own_drawing(style: str) -> None:
    bodies = set()
    for card in CARDS:
        svg = card_svg(card, style=style, words=words_in("es"))
        # Strip the per-call ids and the name, keep the drawing.
        body = re.sub(
            r'id="[^"]*"|href="[^"]*"|<title[^>]*>[^<]*</title>|aria-label="[^"]*"'
            r'|data-card="[^"]*"',
            "",
            svg,
        )
        bodies.add(body)
    assert len(bodies) == 40


def test_the_four_spanish_suits_have_four_different_colours() -> None:
    inks = {palette(suit, "spanish").ink for suit in range(4)}
    fills = {palette(suit, "spanish").fill for suit in range(4)}
    assert len(inks) == 4 and len(fills) == 4


def test_corner_number_is_readable_on_a_phone() -> None:
    # At 60 px wide the corner number must still be at least 12 px tall.
    root = parse(card_svg(Card.parse("12b"), width=60, words=words_in("es")))
    scale = 60 / 200
    sizes = [float(el.attrib["font-size"]) * scale for el in root.iter(f"{SVG}text")]
    assert sizes and min(sizes) >= 12


@pytest.mark.parametrize("lang", LANGS)
def test_states_are_spoken_in_the_language_asked(lang: str) -> None:
    card = Card.parse("7o")
    words = {
        "es": ("se puede jugar", "no se puede jugar", "gana la baza"),
        "en": ("playable", "not playable", "winning the trick"),
    }[lang]
    name = expected_name(card, lang)
    legal = parse(card_svg(card, words=words_in(lang), highlight=True)).attrib["aria-label"]
    dimmed = parse(card_svg(card, words=words_in(lang), dimmed=True)).attrib["aria-label"]
    winner = parse(card_svg(card, words=words_in(lang), winning=True)).attrib["aria-label"]
    assert (legal, dimmed, winner) == tuple(f"{name}, {w}" for w in words)


@given(
    st.lists(st.one_of(st.none(), st.sampled_from(CARDS)), max_size=5),
    st.lists(st.text(max_size=20), max_size=5),
    st.one_of(st.none(), st.integers(min_value=-1, max_value=6)),
)
def test_any_trick_is_well_formed_and_keeps_its_captions(
    cards: list[Card | None], labels: list[str], winning: int | None
) -> None:
    # Control characters (and carriage returns, which XML turns into newlines) cannot
    # survive an XML round trip; captions are plain text otherwise.
    labels = [re.sub(r"[\x00-\x08\x0b-\x1f\ud800-\udfff\ufffe\uffff]", "", x) for x in labels]
    root = ET.fromstring(trick_html(cards, labels=labels, winning=winning, words=words_in("en")))
    figures = list(root.iter("figure"))
    assert len(figures) == len(cards)
    for position, figure in enumerate(figures):
        caption = "".join(figure.find("figcaption").itertext())  # type: ignore[union-attr]
        expected = labels[position] if position < len(labels) else ""
        is_winner = winning == position and cards[position] is not None
        assert caption == expected + ("★ wins" if is_winner else "")


def test_hand_sized_cards_shrink_on_phones_and_presenter_cards_do_not() -> None:
    small = parse(card_svg(Card.parse("1c"), width=90, words=words_in("es"))).attrib["style"]
    large = parse(card_svg(Card.parse("1c"), width=220, words=words_in("es"))).attrib["style"]
    assert "max-width:17vw" in small and "height:auto" in small
    assert "max-width" not in large
