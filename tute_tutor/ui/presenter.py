"""Presenter mode for the teacher's page: slides revealed step by step, hands trick by trick.

The pure half (no Streamlit calls) decides what each step shows and walks a hand record
play by play with the engine's analysis; the drawing half puts it on a projector with
big cards. Pages call :func:`render_slide` and :func:`render_record_trick`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import streamlit as st

from tute_tutor.coach.watch import reason_before
from tute_tutor.engine.cards import Card, known_deck, suit_from_letter, suit_name
from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.game import Game
from tute_tutor.engine.legal import PlayAnalysis
from tute_tutor.formats.record import apply_record_event, start_replay, summary
from tute_tutor.formats.scenario import Scenario
from tute_tutor.teach.worksheet import rule_notes, ruleset_label, seat_key, trick_labels
from tute_tutor.words.catalog import t, t_count
from tute_tutor.words.coach import reason_text
from tute_tutor.words.explain import describe_play, explain, explain_refusal
from tute_tutor.words.markup import escape_markdown

STEPS: Final = ("lead", "table", "hand", "legal")
"""What one slide reveals, in order: who leads, the table, your hand, the legal cards."""

BIG_CARD: Final = 220
"""Card width on the projector, in pixels."""


# --------------------------------------------------------------------------- navigation
def step_forward(slide: int, step: int, slides: int) -> tuple[int, int]:
    """The position after (slide, step): the next step, else the next slide's first step.

    >>> step_forward(0, 3, 2), step_forward(1, 3, 2), step_forward(0, 1, 2)
    ((1, 0), (1, 3), (0, 2))
    """
    if step < len(STEPS) - 1:
        return slide, step + 1
    if slide < slides - 1:
        return slide + 1, 0
    return slide, step


def step_back(slide: int, step: int, slides: int) -> tuple[int, int]:
    """The position before (slide, step): the previous step, else the previous slide's end.

    >>> step_back(1, 0, 2), step_back(0, 0, 2), step_back(1, 2, 2)
    ((0, 3), (0, 0), (1, 1))
    """
    if step > 0:
        return slide, step - 1
    if slide > 0:
        return slide - 1, len(STEPS) - 1
    return slide, step


def clamp_position(slide: int, step: int, slides: int) -> tuple[int, int]:
    """Keep a stored position inside a deck that may have shrunk."""
    if slides <= 0:
        return 0, 0
    return min(max(slide, 0), slides - 1), min(max(step, 0), len(STEPS) - 1)


def winning_position(scenario: Scenario, analysis: PlayAnalysis | None = None) -> int | None:
    """Index in the trick of the card winning it so far (None on an empty table)."""
    analysis = analysis or scenario.analyse()
    if analysis.winning is None:
        return None
    return scenario.trick.index(analysis.winning)


def leader_sentence(scenario: Scenario, lang: str) -> str:
    """Who led the trick, seen from the player to move."""
    if not scenario.trick:
        return t("presenter.you_lead", lang)
    key = seat_key(scenario.rules.players, len(scenario.trick))
    return t("presenter.leader", lang, who=t(f"worksheet.seat.{key}", lang))


def winning_sentence(analysis: PlayAnalysis, lang: str, style: str = "spanish") -> str:
    """"The rey de copas is winning: your partner's card" (empty before the lead)."""
    if analysis.winning is None:
        return ""
    key = "presenter.winning_partner" if analysis.winning_by == "partner" \
        else "presenter.winning_opponent"
    card = analysis.winning
    deck = known_deck(style)
    name = card.name_with_article(lang, deck)
    if deck == "french":
        name = f"{name} ({card.french_label()})"
    text = t(key, lang, card=name)
    return text[:1].upper() + text[1:]


def refusal_lines(analysis: PlayAnalysis, lang: str) -> list[str]:
    """One sentence per card that may not be played, saying which rule forbids it."""
    return [explain_refusal(analysis, card, lang) for card, _ in analysis.refused]


# --------------------------------------------------------------------------- hand records
@dataclass(frozen=True)
class PlayStep:
    """One card of a recorded hand, with the engine's analysis just before it was played."""

    seat: int
    card: Card
    analysis: PlayAnalysis
    sentence: str
    reason: str = ""
    """The coach's reason for a free card, read off that seat's view then ("" for a
    card that was the only one allowed: ``sentence`` already gives its rule)."""

    @property
    def is_legal(self) -> bool:
        return self.card in self.analysis.legal


@dataclass(frozen=True)
class TrickStep:
    """A trick of a recorded hand: its plays in order, who took it, and what came after."""

    number: int
    plays: tuple[PlayStep, ...]
    winner: int | None
    points: int | None
    notes: tuple[str, ...]


@dataclass(frozen=True)
class RecordWalk:
    """A whole recorded hand, ready to step through trick by trick."""

    ruleset: str
    players: int
    dealer: int
    trump: int
    tricks: tuple[TrickStep, ...]
    result: Mapping[str, Any]


def seat_name(seat: int, players: int, lang: str) -> str:
    """``Jugador 2 (pareja B)`` in four players, ``Jugador 2`` otherwise (seats from 1)."""
    if players == 4:
        return t("presenter.seat_team", lang, number=seat + 1, team="AB"[seat % 2])
    return t("presenter.seat", lang, number=seat + 1)


def walk_record(record: object, lang: str = "es") -> RecordWalk:
    """Replay a ``tute-hand/1`` record, explaining every card with the engine's analysis.

    Raises :class:`ReplayError` (one line, naming the event) when the record is wrong.
    """
    game, events = start_replay(record)
    assert isinstance(record, Mapping)
    players = game.players
    tricks: list[TrickStep] = []
    plays: list[PlayStep] = []
    notes: list[str] = []

    def close(number: int, winner: int | None, points: int | None) -> None:
        tricks.append(TrickStep(number, tuple(plays), winner, points, tuple(notes)))
        plays.clear()
        notes.clear()

    for index, event in enumerate(events):
        if isinstance(event, Mapping) and "play" in event and not game.finished:
            seat = game.turn
            analysis = game.analyse()
            reason = _free_reason(game, seat, event["play"], seat_name(seat, players, lang),
                                  lang)
            apply_record_event(game, index, event)
            card = Card.parse(str(event["play"]))
            plays.append(PlayStep(seat, card, analysis,
                                  describe_play(seat_name(seat, players, lang), analysis,
                                                card, lang), reason))
            if len(game.tricks) > len(tricks):
                done = game.tricks[-1]
                close(done.number, done.winner, done.points)
            continue
        apply_record_event(game, index, event)
        note = _event_note(event, players, lang)
        if tricks and not plays:  # a cante or swap belongs to the trick that opened it
            last = tricks.pop()
            tricks.append(TrickStep(last.number, last.plays, last.winner, last.points,
                                    (*last.notes, note)))
        else:
            notes.append(note)
    if plays:  # the hand stopped mid-trick (a renuncio, or an unfinished record)
        close(len(tricks) + 1, None, None)
    return RecordWalk(ruleset=str(record.get("ruleset")), players=players, dealer=game.dealer,
                      trump=game.trump, tricks=tuple(tricks), result=summary(game))


def _free_reason(game: Game, seat: int, code: object, name: str, lang: str) -> str:
    """The coach's reason for ``seat`` playing the card ``code`` now, if it had a choice
    ("" otherwise, and for a card that is not the seat's to play: the replay refuses it)."""
    try:
        card = Card.parse(str(code))
    except TuteError:
        return ""
    analysis = game.analyse(seat)
    if card not in analysis.legal or len(analysis.legal) < 2:
        return ""
    return reason_text(reason_before(game, seat, card), name, lang)


def _event_note(event: object, players: int, lang: str) -> str:
    assert isinstance(event, Mapping)
    who = seat_name(int(event.get("seat", 0)), players, lang)
    if "cante" in event:
        return t("presenter.note_cante", lang, who=who,
                 suit=suit_name(suit_from_letter(str(event["cante"])), lang))
    if "tute" in event:
        return t("presenter.note_tute", lang, who=who, kind=str(event["tute"]))
    return t("presenter.note_swap", lang, who=who)


def record_error_line(error: TuteError, lang: str) -> str:
    """The one-line message shown for a record that cannot be replayed."""
    return t("presenter.record_error", lang, error=escape_markdown(error))


# --------------------------------------------------------------------------- drawing
def hide_chrome() -> None:
    """Hide the sidebar, its toggle and the top bar: the projector shows only the slide."""
    st.markdown(
        "<style>section[data-testid='stSidebar'], [data-testid='stSidebarCollapsedControl'],"
        " header[data-testid='stHeader'] { display: none !important; }"
        " .block-container { padding-top: 1rem; padding-bottom: 1rem;"
        " max-width: 100% !important; }"
        " .st-key-pr_talk p { font-size: 1.25rem; }"
        " .st-key-pr_refusals li, .st-key-pr_refusals p { font-size: 1rem; line-height: 1.35;"
        " margin-bottom: 0.2rem; }</style>",
        unsafe_allow_html=True)


def _cards_module() -> Any:
    from tute_tutor.ui import cards

    return cards


SLIDE_ROOM: Final = (620, 390)
"""Width and height (pixels) a slide's cards may take on a 1280x720 projector: the left
column, and what the heading, the labels and the captions leave of the height."""

MAX_REFUSALS_SHOWN: Final = 3
"""More cards refused than this, and their reasons fold into an expander."""

CARD_RATIO: Final = 1.55
"""A drawn card's height over its width."""


def slide_card_width(hand: int, trick: int, big: int = BIG_CARD,
                     room: tuple[int, int] = SLIDE_ROOM) -> int:
    """One card width for the table and the hand of a slide, so that the trick and the
    hand (in one or two rows, whichever lets the cards be bigger) fit in ``room``.

    >>> slide_card_width(3, 1), slide_card_width(5, 3), slide_card_width(10, 3)
    (123, 114, 80)
    """
    room_width, room_height = room
    best = 40
    for rows in (1, 2):
        per_row = -(-max(hand, 1) // rows)
        by_width = min(int((room_width + 12) / per_row) - 12,
                       int((room_width + 16) / max(trick, 1)) - 36)
        rows_of_cards = rows + (1 if trick else 0)
        by_height = int((room_height - 8 * rows) / rows_of_cards / CARD_RATIO)
        best = max(best, min(big, by_width, by_height))
    return best


def slide_caption(scenario: Scenario, lang: str) -> str:
    """The line under a slide's title: the rule set, the stock left, the rules in force
    (:func:`~tute_tutor.teach.worksheet.rule_notes`)."""
    extra = [t("worksheet.rules", lang, ruleset=ruleset_label(scenario.ruleset, lang))]
    if scenario.stock_left:
        extra.append(t_count("worksheet.stock_left", scenario.stock_left, lang))
    return " · ".join(extra + rule_notes(scenario.rules, lang))


def render_slide(scenario: Scenario, step: int, *, style: str, lang: str,
                 number: int, total: int, width: int = BIG_CARD) -> None:
    """Draw slide ``number`` of ``total`` revealed up to ``step`` (0-3, see :data:`STEPS`).

    The cards (table, then hand) take the left column, every sentence the right one,
    the cards sized by :func:`slide_card_width` (at most ``width``): on a 1280x720
    projector the answer step fits the screen. The size is the same at every step, so
    nothing moves as the slide is revealed.
    """
    cards = _cards_module()
    analysis = scenario.analyse()
    size = slide_card_width(len(scenario.hand), len(scenario.trick), width)
    trump_text = t("worksheet.trump", lang, suit=suit_name(scenario.trump, lang))
    st.markdown(f"### {t('presenter.slide_of', lang, number=number, total=total)}"
                f" · {trump_text}")
    st.caption(slide_caption(scenario, lang))
    table, column = st.columns([3, 2], gap="large")
    talk = column.container(key="pr_talk")
    with talk:
        st.markdown(f"#### {leader_sentence(scenario, lang)}")
    if step >= 1:
        with table:
            st.markdown(f"**{t('worksheet.table', lang)}**")
            if scenario.trick:
                labels = trick_labels(scenario.rules.players, len(scenario.trick), lang)
                cards.show_trick(list(scenario.trick), labels=labels,
                                 winning=winning_position(scenario, analysis), style=style,
                                 lang=lang, width=size)
            else:
                st.markdown(f"#### {t('worksheet.table_empty', lang)}")
        with talk:
            if scenario.trick:
                st.markdown(f"#### {winning_sentence(analysis, lang, style)}")
    if step >= 2:
        with table:
            st.markdown(f"**{t('worksheet.hand', lang)}**")
            legal = list(analysis.legal) if step >= 3 else None
            cards.show_cards(list(scenario.hand), style=style, lang=lang, width=size,
                             legal=legal)
    with talk:
        if step >= 3:
            obligation = t(f"worksheet.obligation.{analysis.obligation}", lang)
            st.markdown(f"### {t('presenter.obligation', lang, name=obligation)}")
            st.markdown(explain(analysis, lang))
            lines = refusal_lines(analysis, lang)
            listed = "\n".join(f"- {line}" for line in lines)
            if len(lines) > MAX_REFUSALS_SHOWN:  # folded, so that the slide fits the screen
                with st.expander(t("presenter.refusals", lang, count=len(lines)),
                                 key="pr_refusals_more"):
                    st.container(key="pr_refusals").markdown(listed)
            elif lines:
                st.container(key="pr_refusals").markdown(listed)
        else:
            st.caption(t("presenter.next_hint", lang,
                         step=t(f"presenter.step.{STEPS[step + 1]}", lang)))


def render_record_trick(walk: RecordWalk, index: int, *, style: str, lang: str,
                        width: int = BIG_CARD) -> None:
    """Draw trick ``index`` of a recorded hand with every play explained."""
    cards = _cards_module()
    trick = walk.tricks[index]
    st.markdown(f"### {t('presenter.trick_of', lang, number=trick.number, total=len(walk.tricks))}"
                f" · {t('worksheet.trump', lang, suit=suit_name(walk.trump, lang))}")
    labels = [seat_name(p.seat, walk.players, lang) for p in trick.plays]
    winning = None
    if trick.winner is not None:
        seats = [p.seat for p in trick.plays]
        winning = seats.index(trick.winner) if trick.winner in seats else None
    cards.show_trick([p.card for p in trick.plays], labels=labels, winning=winning,
                     style=style, lang=lang, width=width)
    for play in trick.plays:
        text = f"#### {play.sentence}"
        if play.is_legal:
            st.markdown(text)
            if play.reason:
                st.markdown(play.reason)
        else:
            st.error(play.sentence, icon="🚫")
    if trick.winner is not None:
        st.success(t("presenter.trick_winner", lang,
                     who=seat_name(trick.winner, walk.players, lang), points=trick.points))
    for note in trick.notes:
        st.info(note)


def render_record_result(walk: RecordWalk, lang: str) -> None:
    """The hand's totals once the last trick is shown."""
    result = walk.result
    totals = result.get("totals") or []
    if walk.players == 4:
        sides = [t("presenter.team", lang, team=team) for team in "AB"]
    else:
        sides = [seat_name(seat, walk.players, lang) for seat in range(walk.players)]
    parts = [f"{side}: {total}" for side, total in zip(sides, totals, strict=False)]
    st.markdown(f"**{t('presenter.totals', lang)}** " + " · ".join(parts))
    winner = result.get("winner")
    if isinstance(winner, int) and winner < len(sides):
        st.success(t("presenter.hand_winner", lang, who=sides[winner]))


def deck_summary(scenarios: Sequence[Scenario], lang: str) -> list[str]:
    """One short line per slide for the sequence list (rules, trump, table, hand)."""
    lines = []
    for s in scenarios:
        table = ",".join(str(c) for c in s.trick) or "—"
        hand = ",".join(str(c) for c in s.hand)
        lines.append(t("presenter.deck_line", lang, ruleset=ruleset_label(s.ruleset, lang),
                       suit=suit_name(s.trump, lang), table=table, hand=hand))
    return lines
