"""Worksheets: N exercises give N questions and N answers that agree with the engine."""

from __future__ import annotations

import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from tests.formats.strategies import scenarios
from tute_tutor.engine.cards import Card
from tute_tutor.formats.scenario import Scenario
from tute_tutor.render.cards import palette
from tute_tutor.teach.worksheet import (
    build_worksheet,
    card_text,
    find_unicode_font,
    transliterate,
    trick_labels,
    worksheet_html,
    worksheet_pdf,
)

MONTAR = Scenario.from_json({"ruleset": "clasico", "trump": "o", "hand": ["12c", "4c", "5b"],
                             "trick": ["10c"]})
PISAR = Scenario.from_json({"ruleset": "clasico", "trump": "o", "hand": ["12o", "2o", "5b"],
                            "trick": ["10c", "4o"]})
BIG_HAND = Scenario.from_json({"ruleset": "a-tres", "trump": "e", "trick": ["10c"], "hand": [
    "12c", "4c", "5b", "1o", "3o", "7e", "10b", "11b", "2c", "6e", "1e", "3e", "12e"]})


def _pdf_text(data: bytes) -> tuple[int, str]:
    reader = PdfReader(io.BytesIO(data))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


@settings(max_examples=25)
@given(st.lists(scenarios(), min_size=1, max_size=8), st.sampled_from(["es", "en"]))
def test_html_has_n_questions_and_n_answers_agreeing_with_the_engine(
        sequence: list[Scenario], lang: str) -> None:
    page = worksheet_html(build_worksheet(sequence, lang=lang))
    questions = re.findall(r'class="question" data-number="(\d+)"', page)
    answers = re.findall(r'class="answer" data-number="(\d+)" data-legal="([^"]*)" '
                         r'data-obligation="(\w+)"', page)
    assert questions == [str(n) for n in range(1, len(sequence) + 1)]
    assert [a[0] for a in answers] == questions
    for scenario, (_, legal, obligation) in zip(sequence, answers, strict=True):
        analysis = scenario.analyse()
        assert legal.split(",") == [str(c) for c in analysis.legal]
        assert obligation == analysis.obligation


def test_rules_md_examples_are_answered_on_the_key() -> None:
    sheet = build_worksheet([MONTAR, PISAR], lang="es")
    assert sheet.items[0].legal_codes == ["12c"]  # asistir + montar: only the rey
    assert sheet.items[1].legal_codes == ["12o"]  # pisar with the rey de oros
    assert sheet.items[1].analysis.obligation == "pisar"
    page = worksheet_html(sheet, part="key")
    assert "Puedes jugar: rey de copas" in page
    assert "Obligación: pisar" in page


def test_question_part_does_not_leak_the_answers() -> None:
    page = worksheet_html(build_worksheet([MONTAR, PISAR], lang="en"), part="questions")
    assert 'class="answer"' not in page
    assert "You may play" not in page
    assert page.count("Which cards may you play?") == 2


def test_html_prints_on_a4_with_the_key_on_new_pages() -> None:
    page = worksheet_html(build_worksheet([MONTAR], lang="es"))
    assert "@page { size: A4" in page
    assert "break-inside: avoid" in page
    assert '<section class="key">' in page
    assert page.count("<svg") == 2 * (len(MONTAR.trick) + len(MONTAR.hand))


def test_html_escapes_the_teachers_title() -> None:
    page = worksheet_html(build_worksheet([MONTAR], title="<script>x</script> & co"))
    assert "<script>x" not in page
    assert "&lt;script&gt;x&lt;/script&gt; &amp; co" in page


def test_trick_labels_name_partner_two_cards_back_in_four_players() -> None:
    assert trick_labels(4, 2, "es") == ("Compañero (sale)", "Rival anterior")
    assert trick_labels(3, 2, "en") == ("Player after you (leads)", "Player before you")
    assert trick_labels(4, 0, "en") == ()


@pytest.mark.parametrize("style", ["spanish", "french"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_pdf_opens_with_every_question_and_answer(style: str, lang: str) -> None:
    sequence = [MONTAR, PISAR, BIG_HAND]
    sheet = build_worksheet(sequence, lang=lang, title="Año 1 · ♥ práctica")
    pages, text = _pdf_text(worksheet_pdf(sheet, style=style))
    assert pages >= 2
    word = "Ejercicio" if lang == "es" else "Exercise"
    for number in range(1, len(sequence) + 1):
        assert text.count(f"{word} {number}") == 2  # once on the sheet, once on the key
    for item in sheet.items:
        legal = ", ".join(card_text(c, lang, style) for c in item.analysis.legal)
        prefix = "Puedes jugar: " if lang == "es" else "You may play: "
        assert (prefix + legal).replace(" ", "") in text.replace(" ", "").replace("\n", "")
    assert "Año 1" in text


def test_pdf_key_alone_has_only_answers() -> None:
    _, text = _pdf_text(worksheet_pdf(build_worksheet([MONTAR], lang="en"), part="key"))
    assert "You may play" in text
    assert "Which cards may you play?" not in text


def test_pdf_with_core_fonts_does_not_crash_on_spanish_or_suit_symbols() -> None:
    sheet = build_worksheet([MONTAR, PISAR], lang="es", title="Señora Muñoz ♥♦♠♣ “clase”")
    pages, text = _pdf_text(worksheet_pdf(sheet, style="french", font=None))
    assert pages >= 2
    assert "Señora Muñoz (H)(D)(S)(C)" in text


def test_unicode_font_is_found_on_this_machine() -> None:
    # .ci/run installs fonts-dejavu-core with chromium; the PDF then prints ♥ as a symbol
    font = find_unicode_font()
    assert font is not None
    _, text = _pdf_text(worksheet_pdf(build_worksheet([MONTAR], lang="en"), style="french"))
    assert "K♥" in text


def test_transliterate_keeps_latin1_and_spells_symbols() -> None:
    assert transliterate("¿Dónde? ñ ♠") == "¿Dónde? ñ (S)"
    assert transliterate("→") == "?"


def test_card_text_in_both_styles() -> None:
    card = Card.parse("12c")
    assert card_text(card, "es") == "rey de copas"
    assert card_text(card, "en", "french") == "king of hearts (K♥)"
    assert card_text(Card.parse("11o"), "es", "french") == "reina de diamantes (Q♦)"


def test_french_sheet_names_cards_and_suits_the_french_way() -> None:
    sheet = build_worksheet([MONTAR, PISAR], lang="es", style="french")
    assert sheet.style == "french"
    assert sheet.items[0].explanation.startswith("Tienes corazones: debes asistir, y tu rey "
                                                 "de corazones supera a la jota de corazones")
    page = worksheet_html(sheet, part="key")
    assert "Triunfo: diamantes" in page
    assert "Puedes jugar: rey de corazones (K♥)" in page
    assert "pisar con un triunfo mayor (el rey de diamantes)" in page
    for spanish in ("oros", "copas", "espadas", "bastos", "sota", "caballo"):
        assert spanish not in page


def test_sheet_drawn_in_another_deck_than_built_names_the_drawn_deck() -> None:
    sheet = build_worksheet([MONTAR], lang="en")  # Spanish names by default
    assert "king of cups" in sheet.items[0].explanation
    page = worksheet_html(sheet, style="french", part="key")
    assert "Trump: diamonds" in page
    assert "your king of hearts beats the jack of hearts" in page
    assert "cups" not in page


def _fill_colours(data: bytes) -> set[tuple[float, float, float]]:
    """Every fill colour (``r g b rg``) the PDF's pages paint with."""
    colours = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        stream = page.get_contents()
        assert stream is not None
        for match in re.finditer(rb"([\d.]+) ([\d.]+) ([\d.]+) rg",
                                 stream.get_data()):
            r, g, b = (round(float(value), 2) for value in match.groups())
            colours.add((r, g, b))
    return colours


def _rgb(hex_colour: str) -> tuple[float, float, float]:
    return tuple(round(int(hex_colour[i:i + 2], 16) / 255, 2)  # type: ignore[return-value]
                 for i in (1, 3, 5))


@pytest.mark.parametrize("style", ["spanish", "french"])
def test_pdf_draws_the_same_card_art_as_the_html_sheet(style: str) -> None:
    # MONTAR holds copas and bastos: the PDF paints with those suits' colours of the
    # deck asked for (the render module's palettes), never with the other deck's.
    other = "spanish" if style == "french" else "french"
    sheet = build_worksheet([MONTAR], lang="es", style=style)
    colours = _fill_colours(worksheet_pdf(sheet))
    for suit in (1, 3):
        wanted, unwanted = _rgb(palette(suit, style).fill), _rgb(palette(suit, other).fill)
        if len(set(wanted)) > 1:  # a grey (the French black) is painted with "g", not "rg"
            assert wanted in colours
        if len(set(unwanted)) > 1:
            assert unwanted not in colours
    # The corner indices are the drawing's text: K and J, or 12 and 10.
    _, text = _pdf_text(worksheet_pdf(sheet, part="questions"))
    corners = ("K", "J") if style == "french" else ("12", "10")
    lines = set(text.split("\n"))
    assert all(corner in lines for corner in corners)
    assert ("K" in lines) == (style == "french")


def test_pdf_key_marks_legal_cards_with_the_html_sheets_green() -> None:
    sheet = build_worksheet([MONTAR], lang="en", style="french")
    data = worksheet_pdf(sheet, part="key")
    stream = PdfReader(io.BytesIO(data)).pages[0].get_contents()
    assert stream is not None
    assert b"0.102 0.498 0.2157 RG" in stream.get_data()  # LEGAL_COLOUR as a stroke
    _, text = _pdf_text(data)
    assert "You may play: king of hearts (K♥)" in text
    assert "Trump: diamonds" in text


def _with_exemption_flag(ruleset: str) -> Scenario:
    return Scenario.from_json({"ruleset": ruleset, "overrides": {"partner_exemption": True},
                               "trump": "o", "hand": ["12c", "4c", "5b"], "trick": ["10c"]})


@pytest.mark.parametrize("lang", ["es", "en"])
def test_partner_exemption_is_announced_only_where_the_rule_set_applies_it(lang: str) -> None:
    # Three players have no partner: the flag set on a-tres changes no play, so no sheet
    # says it is in force; four players with the flag do.
    line = {"es": "exención del compañero", "en": "partner exemption"}[lang]
    three = build_worksheet([_with_exemption_flag("a-tres")], lang=lang)
    four = build_worksheet([_with_exemption_flag("clasico")], lang=lang)
    assert line not in worksheet_html(three)
    assert line not in _pdf_text(worksheet_pdf(three))[1]
    assert line in worksheet_html(four)
    assert line in _pdf_text(worksheet_pdf(four))[1]
