"""Printable worksheets: numbered "which cards may you play?" exercises and their answer key.

A :class:`Worksheet` is built from scenarios with the engine's answers already worked
out (:meth:`Scenario.analyse` and :func:`explain`), so the sheet and its key can never
disagree with the rules. It renders as HTML that prints on A4 (``@page`` CSS, one
exercise never split across pages, the key on its own pages) and as a PDF made with
fpdf2. Both draw the same cards, the SVG art of :mod:`tute_tutor.render.cards` in the
sheet's deck style (fpdf2 draws SVG as vector paths), and both name cards and suits in
the words of that deck (``rey de corazones (K♥)`` with the French deck).

>>> from tute_tutor.formats.scenario import Scenario
>>> s = Scenario.from_json({"ruleset": "clasico", "trump": "o", "hand": ["12c", "4c", "5b"],
...                         "trick": ["10c"]})
>>> sheet = build_worksheet([s], lang="en")
>>> [str(c) for c in sheet.items[0].analysis.legal], sheet.items[0].labels
(['12c'], ('Opponent before you (leads)',))
>>> worksheet_pdf(sheet)[:5]
b'%PDF-'
"""

from __future__ import annotations

import html
import io
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Final, Literal

from fpdf import FPDF

from tute_tutor.engine.cards import Card, known_deck, suit_name
from tute_tutor.engine.legal import PlayAnalysis
from tute_tutor.engine.variants import Rules
from tute_tutor.formats.scenario import Scenario
from tute_tutor.render.cards import CARD_ASPECT, CardWords, card_svg
from tute_tutor.words.cards import deck_names, spoken_deck
from tute_tutor.words.catalog import catalogue, t, t_count
from tute_tutor.words.explain import explain

FONT_DIRS: Final = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"),
                    Path("/usr/local/share/fonts"))
LEGAL_COLOUR: Final = (26, 127, 55)
"""The ring around a card that may be played, on the key (the HTML sheet's green)."""

Part = Literal["questions", "key", "both"]


def trick_labels(players: int, count: int, lang: str = "es") -> tuple[str, ...]:
    """Who played each card on the table, seen by the player to move; the first one leads.

    >>> trick_labels(4, 3, "en")
    ('Opponent after you (leads)', 'Partner', 'Opponent before you')
    >>> trick_labels(2, 1, "es")
    ('Rival (sale)',)
    """
    names = [t(f"worksheet.seat.{seat_key(players, count - position)}", lang)
             for position in range(count)]
    if names:
        names[0] = t("worksheet.seat.leads", lang, who=names[0])
    return tuple(names)


def seat_key(players: int, seats_before: int) -> str:
    """Catalogue key (``worksheet.seat.*``) of the player ``seats_before`` seats before you.

    >>> seat_key(4, 2), seat_key(3, 1), seat_key(2, 1)
    ('partner', 'previous_player', 'opponent')
    """
    if players == 4:
        return {1: "previous_opponent", 2: "partner", 3: "next_opponent"}[seats_before]
    if players == 3:
        return {1: "previous_player", 2: "next_player"}[seats_before]
    return "opponent"


def ruleset_label(ruleset: str, lang: str = "es") -> str:
    """The translated name of a preset (its id when the catalogue has none)."""
    label = t(f"worksheet.ruleset.{ruleset}", lang)
    return ruleset if label.startswith("worksheet.") else label


def card_text(card: Card, lang: str = "es", style: str = "spanish") -> str:
    """A card as words for sheets and keys, named in the deck it is drawn in:
    ``rey de copas`` or ``rey de corazones (K♥)``.

    >>> card_text(Card.parse("10e"), "es", "french"), card_text(Card.parse("10e"), "en")
    ('jota de picas (J♠)', 'jack of swords')
    """
    if style == "french":
        return f"{card.name(lang, 'french')} ({card.french_label()})"
    return card.name(lang, "spanish")


@dataclass(frozen=True)
class WorksheetItem:
    """One numbered exercise with the engine's answer."""

    number: int
    scenario: Scenario
    analysis: PlayAnalysis
    labels: tuple[str, ...]
    explanation: str

    @property
    def legal_codes(self) -> list[str]:
        return [str(c) for c in self.analysis.legal]

    def winning_sentence(self, lang: str, style: str = "spanish") -> str:
        """Who is winning the trick so far, or an empty string before the lead."""
        a = self.analysis
        if a.winning is None:
            return ""
        key = "winning_partner" if a.winning_by == "partner" else "winning_opponent"
        return t(f"worksheet.{key}", lang, card=card_text(a.winning, lang, style))


@dataclass(frozen=True)
class Worksheet:
    """A sheet of exercises in one language, with its answer key; ``style`` is the deck
    it is drawn in and whose names it speaks (``spanish`` or ``french``)."""

    title: str
    lang: str
    items: tuple[WorksheetItem, ...]
    style: str = "spanish"

    def explanation(self, item: WorksheetItem, style: str) -> str:
        """The engine's explanation of ``item`` in the words of the deck ``style``."""
        if style == self.style:
            return item.explanation
        with deck_names(style):
            return explain(item.analysis, self.lang)


def build_worksheet(scenarios: Sequence[Scenario], *, lang: str = "es",
                    title: str | None = None, style: str | None = None) -> Worksheet:
    """Number the scenarios and work out every answer with the engine, the explanations
    in the words of the deck ``style`` (None: the deck being spoken, Spanish by default)."""
    deck = known_deck(spoken_deck() if style is None else style)
    items = []
    with deck_names(deck):
        for number, scenario in enumerate(scenarios, start=1):
            analysis = scenario.analyse()
            items.append(WorksheetItem(
                number=number, scenario=scenario, analysis=analysis,
                labels=trick_labels(scenario.rules.players, len(scenario.trick), lang),
                explanation=explain(analysis, lang)))
    return Worksheet(title=title or t("worksheet.title", lang), lang=lang, items=tuple(items),
                     style=deck)


def _header_line(item: WorksheetItem, lang: str) -> str:
    s = item.scenario
    parts = [t("worksheet.rules", lang, ruleset=ruleset_label(s.ruleset, lang)),
             t("worksheet.trump", lang, suit=suit_name(s.trump, lang))]
    if s.stock_left:
        parts.append(t_count("worksheet.stock_left", s.stock_left, lang))
    return " · ".join(parts)


def rule_notes(rules: Rules, lang: str) -> list[str]:
    """The rules in force that a scenario's reader must be told, one line each: the
    partner exemption where the rule set applies it (never with two or three players,
    whatever the flag says).

    >>> from tute_tutor.engine.variants import find_rules
    >>> rule_notes(find_rules("clasico", {"partner_exemption": True}), "en")
    ['partner exemption']
    >>> rule_notes(find_rules("a-tres", {"partner_exemption": True}), "en")
    []
    """
    notes = []
    if rules.has_partner_exemption:
        notes.append(t("worksheet.obligation.companero", lang))
    return notes


def _flags_note(rules: Rules, lang: str) -> str:
    return " · ".join(rule_notes(rules, lang))


# ------------------------------------------------------------------------- HTML

_CSS: Final = """
@page { size: A4; margin: 14mm 14mm 16mm 14mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Arial, sans-serif; color: #111; font-size: 11pt; margin: 0; }
h1 { font-size: 17pt; margin: 0 0 2mm 0; }
.name-line { margin: 2mm 0 3mm 0; }
.instructions { font-style: italic; margin-bottom: 4mm; }
.question, .answer { break-inside: avoid; page-break-inside: avoid;
  border-top: 0.3mm solid #999; padding: 2.5mm 0 3mm 0; }
.question h2, .answer h2 { font-size: 12pt; margin: 0 0 1mm 0; }
.meta { color: #333; font-size: 10pt; margin-bottom: 1.5mm; }
.row { display: flex; flex-wrap: wrap; gap: 2mm; align-items: flex-start; margin: 1mm 0; }
.row-label { font-weight: bold; min-width: 22mm; padding-top: 2mm; }
.card { display: inline-flex; flex-direction: column; align-items: center; font-size: 8pt;
  max-width: 22mm; text-align: center; }
.card svg { display: block; }
.legal { outline: 0.8mm solid #1a7f37; outline-offset: 0.3mm; border-radius: 1mm; }
.refused { opacity: 0.4; }
.key { break-before: page; page-break-before: always; }
.explanation { margin: 1mm 0; }
footer { font-size: 8pt; color: #666; margin-top: 4mm; }
@media screen { body { max-width: 190mm; margin: 8mm auto; } }
"""


def _html_card(card: Card | None, *, style: str, lang: str, width: int, caption: str = "",
               css_class: str = "") -> str:
    words = CardWords.from_messages(lang, catalogue(lang))
    cap = f"<span>{html.escape(caption)}</span>" if caption else ""
    return (f'<span class="card {css_class}" data-card="{card or ""}">'
            f"{card_svg(card, style=style, width=width, words=words)}{cap}</span>")


def _html_scenario(item: WorksheetItem, lang: str, style: str, *, key: bool) -> str:
    s, a = item.scenario, item.analysis
    width = 56
    table = "".join(_html_card(c, style=style, lang=lang, width=width, caption=label)
                    for c, label in zip(s.trick, item.labels, strict=True))
    if not s.trick:
        table = f"<span>{html.escape(t('worksheet.table_empty', lang))}</span>"
    hand = "".join(
        _html_card(c, style=style, lang=lang, width=width,
                   css_class=("legal" if a.is_legal(c) else "refused") if key else "")
        for c in s.hand)
    return (f'<div class="row"><span class="row-label">{html.escape(t("worksheet.table", lang))}'
            f"</span>{table}</div>"
            f'<div class="row"><span class="row-label">{html.escape(t("worksheet.hand", lang))}'
            f"</span>{hand}</div>")


def worksheet_html(sheet: Worksheet, *, style: str | None = None, part: Part = "both") -> str:
    """A standalone HTML document of the sheet, the key, or both (key on new pages), drawn
    in the deck ``style`` (None: the sheet's own) and naming cards in its words."""
    deck = known_deck(sheet.style if style is None else style)
    with deck_names(deck):
        return _worksheet_html(sheet, deck, part)


def _worksheet_html(sheet: Worksheet, style: str, part: Part) -> str:
    lang = sheet.lang
    esc = html.escape
    out = ["<!DOCTYPE html>", f'<html lang="{lang}"><head><meta charset="utf-8">',
           f"<title>{esc(sheet.title)}</title><style>{_CSS}</style></head><body>"]
    if part in ("questions", "both"):
        out.append(f'<section class="sheet"><h1>{esc(sheet.title)}</h1>'
                   f'<div class="name-line">{esc(t("worksheet.name_line", lang))}</div>'
                   f'<div class="instructions">{esc(t("worksheet.instructions", lang))}</div>')
        for item in sheet.items:
            note = _flags_note(item.scenario.rules, lang)
            out.append(
                f'<div class="question" data-number="{item.number}">'
                f'<h2>{esc(t("worksheet.number", lang, number=item.number))}</h2>'
                f'<div class="meta">{esc(_header_line(item, lang))}'
                f'{" · " + esc(note) if note else ""}</div>'
                f"{_html_scenario(item, lang, style, key=False)}"
                f'<div class="ask">{esc(t("worksheet.question", lang))}</div></div>')
        out.append("</section>")
    if part in ("key", "both"):
        css = "key" if part == "both" else ""
        heading = esc(t("worksheet.key_of", lang, title=sheet.title))
        out.append(f'<section class="{css}"><h1>{heading}</h1>')
        for item in sheet.items:
            a = item.analysis
            legal = ", ".join(card_text(c, lang, style) for c in a.legal)
            obligation = t(f"worksheet.obligation.{a.obligation}", lang)
            out.append(
                f'<div class="answer" data-number="{item.number}" '
                f'data-legal="{",".join(item.legal_codes)}" data-obligation="{a.obligation}">'
                f'<h2>{esc(t("worksheet.number", lang, number=item.number))}</h2>'
                f'<div class="meta">{esc(_header_line(item, lang))}</div>'
                f"{_html_scenario(item, lang, style, key=True)}"
                f'<div><strong>{esc(t("worksheet.answer_legal", lang, cards=legal))}</strong>'
                f' · {esc(t("worksheet.answer_obligation", lang, name=obligation))}</div>'
                f'<p class="explanation">{esc(sheet.explanation(item, style))}</p></div>')
        out.append("</section>")
    out.append(f"<footer>{esc(t('worksheet.generated', lang))} · {date.today().isoformat()}"
               "</footer></body></html>")
    return "\n".join(out)


# ------------------------------------------------------------------------- PDF

def find_unicode_font() -> tuple[Path, Path | None] | None:
    """DejaVu Sans (regular, bold) if installed, else None (core fonts are used)."""
    for folder in FONT_DIRS:
        regular = folder / "DejaVuSans.ttf"
        if regular.is_file():
            bold = folder / "DejaVuSans-Bold.ttf"
            return regular, bold if bold.is_file() else None
    return None


_ASCII_SUITS: Final = {"♦": "(D)", "♥": "(H)", "♠": "(S)", "♣": "(C)", "·": "-"}


def transliterate(text: str) -> str:
    """Text the PDF core fonts can print: Latin-1 kept, suit symbols spelled, rest stripped.

    >>> transliterate("K♥ año · “ok”")
    'K(H) año - "ok"'
    """
    out = []
    for char in text:
        if char in _ASCII_SUITS:
            out.append(_ASCII_SUITS[char])
            continue
        try:
            char.encode("latin-1")
            out.append(char)
        except UnicodeEncodeError:
            if char in "“”„":
                out.append('"')
            elif char in "‘’":
                out.append("'")
            elif char in "–—":
                out.append("-")
            else:
                base = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
                out.append(base or "?")
    return "".join(out)


_TITLE_RE: Final = re.compile(r"<title[^>]*>.*?</title>", re.DOTALL)


def pdf_card_svg(card: Card, style: str, lang: str) -> str:
    """The SVG the PDF draws for ``card``: the HTML sheet's drawing without its
    ``<title>`` (fpdf2 has no use for it; the PDF's text says the card's name)."""
    words = CardWords.from_messages(lang, catalogue(lang))
    return _TITLE_RE.sub("", card_svg(card, style=style, width=120, words=words))


class _SheetPDF(FPDF):
    def __init__(self, font: tuple[Path, Path | None] | None, sheet: Worksheet) -> None:
        super().__init__(orientation="portrait", unit="mm", format="A4")
        self.sheet = sheet
        self.lang = sheet.lang
        self.unicode_font = font is not None
        if font is not None:
            self.add_font("Sheet", "", str(font[0]))
            self.add_font("Sheet", "B", str(font[1] or font[0]))
            self.sheet_family = "Sheet"
        else:
            self.sheet_family = "Helvetica"
        self.set_margins(14, 14, 14)
        self.set_auto_page_break(True, margin=16)
        self.alias_nb_pages()

    def clean(self, text: str) -> str:
        return text if self.unicode_font else transliterate(text)

    def use(self, size: float, bold: bool = False) -> None:
        self.set_font(self.sheet_family, "B" if bold else "", size)

    def footer(self) -> None:
        self.set_y(-11)
        self.use(8)
        self.set_text_color(110, 110, 110)
        self.cell(0, 5, self.clean(f"{t('worksheet.generated', self.lang)} · "
                                   f"{t('worksheet.page', self.lang, number=self.page_no())}"),
                  align="C")
        self.set_text_color(0, 0, 0)

    def para(self, text: str, size: float = 10, bold: bool = False, height: float = 5) -> None:
        self.use(size, bold)
        self.multi_cell(0, height, self.clean(text), new_x="LMARGIN", new_y="NEXT")

    def draw_card(self, card: Card, x: float, y: float, w: float, h: float, *, style: str,
                  mark: str = "") -> None:
        """The card's SVG drawing, the one the HTML sheet shows; on the key a green ring
        round a card that may be played and a veil over one that may not (the HTML
        sheet's outline and faded cards)."""
        self.image(io.BytesIO(pdf_card_svg(card, style, self.lang).encode()), x=x, y=y, w=w,
                   h=h)
        if mark == "refused":
            with self.local_context(fill_opacity=0.6):
                self.set_fill_color(255, 255, 255)
                self.rect(x, y, w, h, style="F", round_corners=True, corner_radius=w * 0.07)
        elif mark == "legal":
            self.set_line_width(0.8)
            self.set_draw_color(*LEGAL_COLOUR)
            self.rect(x - 0.5, y - 0.5, w + 1, h + 1, style="D", round_corners=True,
                      corner_radius=w * 0.09)
            self.set_draw_color(0, 0, 0)
            self.set_line_width(0.2)

    def card_row(self, label: str, cards: Sequence[Card], captions: Sequence[str], *,
                 style: str, marks: Sequence[str] = (), empty_text: str = "") -> None:
        gap, label_w = 1.3, 24.0
        room = self.w - self.l_margin - self.r_margin - label_w
        w = min(12.5, (room - gap * (len(cards) - 1)) / max(1, len(cards)))
        h = w * CARD_ASPECT
        caption_h = 7.0 if captions else 0.0
        if self.get_y() + h + caption_h + 2 > self.page_break_trigger:
            self.add_page()
        y = self.get_y()
        self.use(9, True)
        self.set_xy(self.l_margin, y + 1)
        self.cell(label_w, 4, self.clean(label))
        x = self.l_margin + label_w
        if not cards:
            self.use(9)
            self.set_xy(x, y + 1)
            self.cell(0, 4, self.clean(empty_text))
            self.set_xy(self.l_margin, y + 7)
            return
        slot = w + gap if not captions else 26.0
        for i, card in enumerate(cards):
            cx = x + i * slot
            self.draw_card(card, cx + (slot - gap - w) / 2 if captions else cx, y, w, h,
                           style=style, mark=marks[i] if marks else "")
            if captions:
                self.use(6.5)
                self.set_xy(cx, y + h + 0.5)
                self.multi_cell(slot - gap, 3, self.clean(captions[i]), align="C")
        self.set_xy(self.l_margin, y + h + caption_h + 2)

    def exercise_block(self, item: WorksheetItem, style: str, *, key: bool) -> None:
        # keep an exercise on one page: about 60 mm with a table row and a hand row
        needed = 14 + (25 if item.scenario.trick else 8) + 21 + (30 if key else 8)
        if self.get_y() + needed > self.page_break_trigger:
            self.add_page()
        self.set_draw_color(150, 150, 150)
        self.line(self.l_margin, self.get_y(), self.w - self.r_margin, self.get_y())
        self.set_draw_color(0, 0, 0)
        self.ln(1.5)
        self.para(t("worksheet.number", self.lang, number=item.number), 11.5, True, 6)
        note = _flags_note(item.scenario.rules, self.lang)
        self.para(_header_line(item, self.lang) + (f" · {note}" if note else ""), 9, False, 4.5)
        self.ln(1)
        s, a = item.scenario, item.analysis
        self.card_row(t("worksheet.table", self.lang), s.trick, item.labels, style=style,
                      empty_text=t("worksheet.table_empty", self.lang))
        marks = [("legal" if a.is_legal(c) else "refused") for c in s.hand] if key else []
        self.card_row(t("worksheet.hand", self.lang), s.hand, [], style=style, marks=marks)
        if not key:
            self.para(t("worksheet.question", self.lang), 10, False, 5)
            self.ln(2)
            return
        legal = ", ".join(card_text(c, self.lang, style) for c in a.legal)
        obligation = t(f"worksheet.obligation.{a.obligation}", self.lang)
        self.para(t("worksheet.answer_legal", self.lang, cards=legal), 10, True, 5)
        self.para(t("worksheet.answer_obligation", self.lang, name=obligation), 9.5, False, 4.5)
        # it already says who is winning
        self.para(self.sheet.explanation(item, style), 9.5, False, 4.5)
        self.ln(2)


_DEFAULT_FONT: Final = object()


def worksheet_pdf(sheet: Worksheet, *, style: str | None = None, part: Part = "both",
                  font: tuple[Path, Path | None] | object | None = _DEFAULT_FONT) -> bytes:
    """The sheet (and key, on new pages) as A4 PDF bytes, drawn in the deck ``style``
    (None: the sheet's own) with the HTML sheet's card drawings, naming cards in its words.

    ``font`` is a (regular, bold) TTF pair; by default DejaVu Sans when installed, and
    ``None`` forces the PDF core fonts with transliterated text.
    """
    deck = known_deck(sheet.style if style is None else style)
    # The app hands this function to a download button, which may call it outside the
    # script run: the deck's names are set here, not taken from the caller's context.
    with deck_names(deck):
        return _worksheet_pdf(sheet, deck, part, font)


def _worksheet_pdf(sheet: Worksheet, style: str, part: Part,
                   font: tuple[Path, Path | None] | object | None) -> bytes:
    chosen = find_unicode_font() if font is _DEFAULT_FONT else font
    pdf = _SheetPDF(chosen if isinstance(chosen, tuple) else None, sheet)
    pdf.set_title(pdf.clean(sheet.title))
    pdf.set_creator("Tute Tutor")
    lang = sheet.lang
    if part in ("questions", "both"):
        pdf.add_page()
        pdf.para(sheet.title, 17, True, 8)
        pdf.para(t("worksheet.name_line", lang), 10, False, 7)
        pdf.para(t("worksheet.instructions", lang), 9.5, False, 5)
        pdf.ln(2)
        for item in sheet.items:
            pdf.exercise_block(item, style, key=False)
    if part in ("key", "both"):
        pdf.add_page()
        pdf.para(t("worksheet.key_of", lang, title=sheet.title), 15, True, 8)
        pdf.ln(1)
        for item in sheet.items:
            pdf.exercise_block(item, style, key=True)
    return bytes(pdf.output())


__all__ = ["Worksheet", "WorksheetItem", "build_worksheet", "card_text", "find_unicode_font",
           "pdf_card_svg", "rule_notes", "ruleset_label", "seat_key", "transliterate",
           "trick_labels", "worksheet_html", "worksheet_pdf"]
