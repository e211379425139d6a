"""The puzzles page: a position of a real deal with every hand face up, the learner
clicks the card they think best, and sees the solver's value of every legal card and
their Glicko-2 rating before and after; a theme filter, the daily puzzle and its streak.
With hidden hands the other hands stay face down, each with the cards the seat to play
knows it holds (:meth:`tute_tutor.coach.puzzles.Puzzle.known_cards`).

Puzzles come from a pool per rule set, with a queue per theme, shared by the server's
sessions (``st.cache_resource``) and made ahead in a background thread
(:class:`tute_tutor.coach.puzzles.PuzzlePool`), so the next one is ready at once. The
daily puzzle is the date's (:func:`tute_tutor.coach.puzzles.daily_puzzle`), the same for
everyone. Answers and ratings go to the store (:mod:`tute_tutor.store.puzzles`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, date, datetime
from typing import Any

import streamlit as st

from tute_tutor.coach.mistakes import PRACTICE
from tute_tutor.coach.puzzles import (
    DAILY_RULESET,
    THEMES,
    Puzzle,
    PuzzleError,
    PuzzlePool,
    daily_puzzle,
    themes_of,
)
from tute_tutor.engine.cards import CARDS, Card, cards_of, suit_name
from tute_tutor.engine.variants import find_rules
from tute_tutor.store import StoreError
from tute_tutor.store import puzzles as puzzle_store
from tute_tutor.store.mistakes import recent_kinds
from tute_tutor.ui.cards import clickable_hand, show_cards, show_trick
from tute_tutor.ui.profile import current_profile, get_store, store_message
from tute_tutor.ui.state import Settings, settings, tr, tr_count
from tute_tutor.words.catalog import t_count
from tute_tutor.words.coach import reason_text
from tute_tutor.words.markup import escape_markdown

CURRENT = "puzzles_current"
RESULT = "puzzles_result"
THEME_STATE = "puzzles_theme"
THEME_WIDGET = "puzzles_theme_pick"
NEXT_KEY = "puzzles_next"
DAILY_KEY = "puzzles_daily"
BACK_KEY = "puzzles_back"
HIDDEN_KEY = "puzzles_hidden"
"""The toggle of puzzles with hidden hands (sampled from what the learner sees)."""
SERVED = "puzzles_served"
THEME_PARAM = "theme"
"""URL parameter picking a theme (``/puzzles?theme=counting``: the progress page's
links to the puzzles that teach a mistake)."""
POOL_SEED = 1
"""Seed of the server's pools (each pool hands its puzzles out in order)."""
CARD_WIDTH = 84


def hand_key(puzzle_id: str) -> str:
    """Widget key of the learner's hand for ``puzzle_id`` (tests click it)."""
    return "puzzles_hand_" + puzzle_id.replace("/", "_").replace("-", "_")


def today() -> date:
    """The server's date in UTC (the daily puzzle and the streak follow it)."""
    return datetime.now(UTC).date()


@st.cache_resource(show_spinner=False)
def _pool(ruleset: str, sampled: bool, flags: str) -> PuzzlePool:
    return PuzzlePool(ruleset, seed=POOL_SEED, warm=not sampled and not json.loads(flags),
                      sampled=sampled, flags=json.loads(flags))


def pool_for(ruleset: str, sampled: bool = False,
             flags: Mapping[str, Any] | None = None) -> PuzzlePool:
    """The server's pool of ``ruleset`` with the sidebar's ``flags`` (made once, shared by
    every session); a pool of puzzles with hidden hands, or with flags, fills only the
    queues somebody asked for."""
    return _pool(ruleset, sampled, json.dumps(dict(flags or {}), sort_keys=True))


def hidden_hands() -> bool:
    """Is the learner solving with the other hands hidden?"""
    return bool(st.session_state.get(HIDDEN_KEY, False))


@st.cache_data(show_spinner=False, max_entries=4)
def _daily(day: date) -> Puzzle:
    return daily_puzzle(day)


def chosen_theme(ruleset: str) -> str | None:
    """The theme picked (None: any), dropped when the rule set cannot have it."""
    theme = st.session_state.get(THEME_STATE)
    if theme == "partner" and find_rules(ruleset).players != 4:
        return None
    return theme if theme in THEMES else None


def themes_for(ruleset: str) -> list[str]:
    """The themes of ``ruleset`` (``partner`` needs four players, ``stock`` a stock)."""
    return list(themes_of(ruleset))


def theme_from_url(ruleset: str) -> str | None:
    """Take ``?theme=`` from the URL as the chosen theme; a one-line message when no
    puzzle of ``ruleset`` can have it."""
    wanted = st.query_params.get(THEME_PARAM)
    if wanted is None:
        return None
    del st.query_params[THEME_PARAM]
    if wanted not in THEMES:
        return tr("puzzles.bad_theme", theme=escape_markdown(str(wanted)[:40]),
                  themes=", ".join(f"`{theme}`" for theme in themes_for(ruleset)))
    if wanted not in themes_for(ruleset):
        return tr("puzzles.theme_not_here", theme=tr(f"puzzles.theme.{wanted}"),
                  rules=tr(f"settings.preset.{ruleset}.label"))
    st.session_state[THEME_STATE] = wanted
    st.session_state[CURRENT] = None
    return None


def preferred_themes(ruleset: str, profile: str) -> list[str]:
    """The themes that teach the learner's most frequent recent mistakes (at most three,
    those ``ruleset`` can have)."""
    try:
        kinds = recent_kinds(get_store(), profile)
    except StoreError:
        return []
    available = themes_for(ruleset)
    themes: list[str] = []
    for kind in kinds:
        theme = PRACTICE[kind][0] if kind in PRACTICE else None
        if theme in available and theme not in themes:
            themes.append(theme)
    return themes[:3]


def new_puzzle(ruleset: str, profile: str | None = None) -> dict[str, Any]:
    """Take the next puzzle of the pool and make it the current one: of the chosen
    theme, or else every other one of a theme that teaches the learner's recent
    mistakes."""
    state = st.session_state
    pool = pool_for(ruleset, hidden_hands(), settings().overrides)
    theme = chosen_theme(ruleset)
    because = None
    if theme is None and profile is not None:
        served = int(state.get(SERVED, 0))
        state[SERVED] = served + 1
        preferred = preferred_themes(ruleset, profile)
        if preferred and served % 2 == 0:
            theme = because = preferred[(served // 2) % len(preferred)]
    puzzle = pool.take(theme)
    entry = {"puzzle": puzzle, "daily": None, "for_mistakes": because}
    state[CURRENT] = entry
    state[RESULT] = None
    return entry


def open_daily() -> dict[str, Any]:
    """Make today's puzzle the current one."""
    day = today()
    entry = {"puzzle": _daily(day), "daily": day}
    st.session_state[CURRENT] = entry
    st.session_state[RESULT] = None
    return entry


def _card_name(card: int, lang: str) -> str:
    return CARDS[card].name_with_article(lang)


def answer(entry: dict[str, Any], card: Card, profile: str) -> None:
    """Mark the pick, rate it and store it."""
    puzzle: Puzzle = entry["puzzle"]
    solved = puzzle.is_best(card.index)
    result: dict[str, Any] = {"id": puzzle.id, "card": card.index, "solved": solved,
                              "change": None, "store_error": None}
    try:
        result["change"] = puzzle_store.record_answer(
            get_store(), profile, puzzle.id, card=str(card), solved=solved,
            daily=entry["daily"])
    except StoreError as error:
        result["store_error"] = store_message(error)
    st.session_state[RESULT] = result


def _role(puzzle: Puzzle, seat: int) -> str:
    rules = find_rules(puzzle.ruleset)
    same = rules.team_of(seat) == rules.team_of(puzzle.to_play)
    return tr("puzzles.partner" if same else "puzzles.opponent")


def _draw_position(puzzle: Puzzle, current: Settings, revealed: bool = False) -> None:
    style, lang = current.deck_style, current.lang
    facts = [tr("puzzles.trump", suit=suit_name(puzzle.trump, lang)),
             tr("puzzles.you_play", seat=puzzle.to_play + 1)]
    if not puzzle.trick:
        facts.append(tr("puzzles.lead"))
    st.markdown("\n".join(f"- {fact}" for fact in facts))
    others = [seat for seat in range(puzzle.players) if seat != puzzle.to_play]
    cols = st.columns(len(others))
    for col, seat in zip(cols, others, strict=True):
        with col:
            st.caption(tr("puzzles.hand_of", seat=seat + 1, role=_role(puzzle, seat)))
            if puzzle.sampled and not revealed:
                st.markdown(tr_count("puzzles.hidden_hand", puzzle.hands[seat].bit_count()))
                known = puzzle.known_cards(seat)
                if known:
                    st.caption(tr("puzzles.known_cards", cards=", ".join(
                        CARDS[c].name(lang) for c in range(40) if known >> c & 1)))
            else:
                show_cards(cards_of(puzzle.hands[seat]), style=style, lang=lang, width=44)
    if puzzle.sampled:
        played = ", ".join(CARDS[c].name(lang) for c in range(40) if puzzle.played >> c & 1)
        st.caption(tr("puzzles.played_before", cards=played or "-"))
    if puzzle.stock and puzzle.sampled and not revealed:
        st.caption(tr("puzzles.stock_left_hidden", face=CARDS[puzzle.stock[1]].name(lang)))
    elif puzzle.stock:
        st.caption(tr("puzzles.stock_left", hidden=CARDS[puzzle.stock[0]].name(lang),
                      face=CARDS[puzzle.stock[1]].name(lang)))
    if puzzle.trick:
        st.caption(tr("puzzles.table"))
        seats = [(puzzle.leader + i) % puzzle.players for i in range(len(puzzle.trick))]
        show_trick([CARDS[c] for c in puzzle.trick],
                   labels=[tr("puzzles.hand_of", seat=s + 1, role=_role(puzzle, s))
                           for s in seats], style=style, lang=lang, width=CARD_WIDTH)


def _draw_pick(entry: dict[str, Any], current: Settings, profile: str) -> None:
    puzzle: Puzzle = entry["puzzle"]
    legal = [CARDS[c] for c, _ in puzzle.values]
    st.caption(tr("puzzles.your_hand"))
    clicked = clickable_hand(cards_of(puzzle.hands[puzzle.to_play]), key=hand_key(puzzle.id),
                             legal=legal, style=current.deck_style, lang=current.lang,
                             width=CARD_WIDTH)
    if clicked is None:
        return
    if clicked not in legal:
        st.warning(tr("puzzles.not_legal", card=clicked.name_with_article(current.lang)))
        return
    answer(entry, clicked, profile)
    st.rerun()


def _draw_feedback(entry: dict[str, Any], result: dict[str, Any], current: Settings) -> None:
    puzzle: Puzzle = entry["puzzle"]
    lang = current.lang
    st.caption(tr("puzzles.your_hand_after"))
    show_cards(cards_of(puzzle.hands[puzzle.to_play]), style=current.deck_style, lang=lang,
               width=CARD_WIDTH, legal=[CARDS[c] for c in puzzle.best])
    best = ", ".join(_card_name(c, lang) for c in puzzle.best)
    if result["solved"]:
        st.success(tr("puzzles.right", card=_card_name(result["card"], lang)),
                   icon=":material/check_circle:")
    else:
        st.error(tr("puzzles.wrong", card=_card_name(result["card"], lang), best=best),
                 icon=":material/cancel:")
    rows = []
    for card, value in puzzle.values:
        row = tr("puzzles.value_row", card=CARDS[card].name(lang), value=value)
        if card in puzzle.best:
            row = f"**{row}** ({tr('puzzles.best_mark')})"
        rows.append(f"- {row}")
    intro = (tr_count("puzzles.values_sampled", len(puzzle.samples)) if puzzle.sampled
             else tr("puzzles.values"))
    st.markdown(intro + "\n\n" + "\n".join(rows))
    if puzzle.reason is not None:
        player = tr("puzzles.player", seat=puzzle.to_play + 1)
        st.info(tr("puzzles.why", reason=reason_text(puzzle.reason, player, lang)),
                icon=":material/lightbulb:")
    change = result.get("change")
    if change is not None:
        with st.container(horizontal=True, key="puzzles_rating_change", gap="medium"):
            st.metric(tr("puzzles.rating_change", before=change.learner_before.shown,
                         after=change.learner_after.shown), change.learner_after.shown,
                      delta=change.learner_after.shown - change.learner_before.shown,
                      width="content")
            st.metric(tr("puzzles.puzzle_rating", rating=change.puzzle_after.shown),
                      change.puzzle_after.shown, width="content")
    if result.get("store_error"):
        st.warning(tr("puzzles.not_saved", message=result["store_error"]))


def _on_hidden() -> None:
    st.session_state[CURRENT] = None


def _on_theme() -> None:
    picked = st.session_state.get(THEME_WIDGET)
    st.session_state[THEME_STATE] = picked if picked in THEMES else None
    st.session_state[CURRENT] = None


def _controls(ruleset: str, profile: str) -> None:
    """The theme pills, the daily puzzle button, the rating and the streak."""
    state = st.session_state
    available = themes_for(ruleset)
    state[THEME_WIDGET] = chosen_theme(ruleset)
    st.pills(tr("puzzles.theme_label"), available, key=THEME_WIDGET, selection_mode="single",
             format_func=lambda theme: tr(f"puzzles.theme.{theme}"), on_change=_on_theme)
    st.toggle(tr("puzzles.hidden"), key=HIDDEN_KEY, help=tr("puzzles.hidden_help"),
              on_change=_on_hidden)
    try:
        store = get_store()
        rating = puzzle_store.learner_rating(store, profile)
        status = puzzle_store.daily_status(store, profile, today())
    except StoreError as error:
        st.caption(store_message(error))
        return
    with st.container(horizontal=True, key="puzzles_scores", gap="medium"):
        st.metric(tr("puzzles.rating"), rating.shown, width="content")
        st.metric(tr("puzzles.streak_label"),
                  t_count("puzzles.streak", status["streak"], settings().lang),
                  width="content")
    entry = state.get(CURRENT)
    if entry is not None and entry.get("daily") is not None:
        if st.button(tr("puzzles.back_to_training"), key=BACK_KEY):
            new_puzzle(ruleset, profile)
            st.rerun()
    elif status["answered"]:
        st.caption(tr("puzzles.daily_done_solved" if status["solved"]
                      else "puzzles.daily_done_failed"))
    elif st.button(tr("puzzles.daily"), key=DAILY_KEY, icon=":material/today:"):
        open_daily()
        st.rerun()


def _matches(entry: dict[str, Any] | None, ruleset: str) -> bool:
    if entry is None:
        return False
    puzzle: Puzzle = entry["puzzle"]
    if entry.get("daily") is not None:
        return bool(entry["daily"] == today() and puzzle.ruleset == DAILY_RULESET)
    return (puzzle.ruleset == ruleset and puzzle.sampled == hidden_hands()
            and puzzle.overrides == settings().rules.overrides
            and chosen_theme(ruleset) in (None, puzzle.theme))


def _intro_key(hidden: bool) -> str:
    """The page's intro: every hand face up, or the other hands hidden (the daily
    puzzle is face up even with the toggle on)."""
    return "puzzles.intro_hidden" if hidden else "puzzles.intro"


def render_puzzles_page() -> None:
    """The whole page: the controls, the position, the pick or the feedback."""
    current = settings()
    ruleset = current.ruleset
    profile = current_profile()
    state = st.session_state
    st.title(tr("puzzles.title"))
    intro = st.empty()
    intro.caption(tr(_intro_key(hidden_hands())))
    problem = theme_from_url(ruleset)
    if problem:
        st.error(problem, icon=":material/error:")
    if current.overrides:
        st.caption(tr("puzzles.flags_note", rules=tr(f"settings.preset.{ruleset}.label")))
    entry = state.get(CURRENT)
    try:
        if not _matches(entry, ruleset):
            entry = new_puzzle(ruleset, profile)
    except PuzzleError as error:
        st.error(tr("puzzles.none_left", message=escape_markdown(error.message)))
        _controls(ruleset, profile)
        return
    assert entry is not None
    _controls(ruleset, profile)
    puzzle: Puzzle = entry["puzzle"]
    if puzzle.sampled != hidden_hands():
        intro.caption(tr(_intro_key(puzzle.sampled)))  # the daily puzzle, face up
    theme = tr(f"puzzles.theme.{puzzle.theme}")
    if entry.get("daily") is not None:
        st.subheader(tr("puzzles.heading_daily", day=entry["daily"].isoformat(), theme=theme))
    else:
        st.subheader(tr("puzzles.heading", id=puzzle.id, theme=theme))
        if entry.get("for_mistakes"):
            st.caption(tr("puzzles.for_mistakes", theme=theme))
    result = state.get(RESULT)
    answered = result is not None and result.get("id") == puzzle.id
    _draw_position(puzzle, current, revealed=answered)
    if answered:
        assert result is not None
        _draw_feedback(entry, result, current)
        if st.button(tr("puzzles.next"), key=NEXT_KEY, type="primary"):
            new_puzzle(ruleset, profile)
            st.rerun()
    else:
        _draw_pick(entry, current, profile)


__all__ = ["answer", "hand_key", "new_puzzle", "open_daily", "pool_for",
           "render_puzzles_page"]
