"""The Watch page: computers play a whole hand (or a hand record is read) and the learner
steps through it card by card, with the reason for every card and declaration.

The hand and its reasons come from :mod:`tute_tutor.coach.watch`; this module only keeps
where the learner stands and draws it. A hand played by the computers is built once per
server for each (rule set, flags, seed, level) and kept (:func:`played_hand`): level 4
thinks for a while on each free card, so the first look shows a progress bar and every
later one is at once. The step, seed and level live in the URL (``?seed=&level=&step=``),
so a reload shows the same card; a shared hand comes in ``?h=`` (a hand link,
:func:`tute_tutor.formats.share.encode_hand_link`).
"""

from __future__ import annotations

import hashlib
import json
import random
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Final

import streamlit as st

from tute_tutor.coach.watch import (
    DEFAULT_LEVEL,
    Position,
    WatchedHand,
    edges_from_json,
    edges_to_json,
    play_for_watching,
    watch_game,
)
from tute_tutor.engine.cards import CARDS, Card, suit_name
from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.variants import find_rules
from tute_tutor.formats.inputs import InputError, decode_text
from tute_tutor.formats.limits import MAX_FILE_BYTES
from tute_tutor.formats.record import ReplayError, load_record_text, replay_game
from tute_tutor.formats.share import HAND_QUERY_KEY, ShareError, decode_hand_link, encode_hand_link
from tute_tutor.render import card_label, table_html
from tute_tutor.teach.worksheet import ruleset_label
from tute_tutor.ui.builder import public_root
from tute_tutor.ui.cards import card_words, show_cards
from tute_tutor.ui.state import Settings, keep_choices, settings, tr, tr_count
from tute_tutor.words.markup import escape_markdown
from tute_tutor.words.watch import outcome_text, seat_name, side_name, step_text, trick_text

SOURCE = "watch_source"
SOURCES: Final = ("deal", "record")
SEED = "watch_seed"
SEED_INPUT = "watch_seed_input"
LEVEL = "watch_level"
STEP = "watch_step"
STEP_OF = "watch_step_of"
"""Which hand the stored step belongs to (None: a step from the URL, for the first hand)."""
HAND = "watch_hand"
RECORD = "watch_record"
LINK = "watch_link"
SHOW_ALL = "watch_show_all"
UPLOAD, PASTE = "watch_upload", "watch_paste"
LEVELS: Final = (1, 2, 3, 4)
MAX_SEED: Final = 999_999_999
QUERY_SEED, QUERY_LEVEL, QUERY_STEP = "seed", "level", "step"
CACHED_HANDS: Final = 64
"""Hands played by the computers that the server keeps (the oldest goes first)."""
TABLE_WIDTH, HAND_WIDTH = 70, 54

state = st.session_state


def show_key(seat: int) -> str:
    """Session key of the toggle that shows ``seat``'s hand."""
    return f"watch_show_{seat}"


# --------------------------------------------------------------------------- the hands
@st.cache_resource(show_spinner=False)
def _played_hands() -> tuple[OrderedDict[str, tuple[dict[str, Any], list[list[object]]]],
                             threading.Lock]:
    """The server's hands played by the computers, by key, with a lock (one per server)."""
    return OrderedDict(), threading.Lock()


def played_hand(ruleset: str, overrides: dict[str, Any], seed: int, level: int,
                progress: Callable[[int, int], None] | None = None
                ) -> tuple[dict[str, Any], list[list[object]]]:
    """The hand computers of ``level`` play from ``seed``: its record and the edges of
    the rated cards (plain data). Played once per server and kept; ``progress`` is told
    the cards played while it is played."""
    key = json.dumps([ruleset, overrides, seed, level], sort_keys=True)
    hands, lock = _played_hands()
    with lock:
        if key in hands:
            hands.move_to_end(key)
            return hands[key]
    game, edges = play_for_watching(find_rules(ruleset, overrides), seed, (level,), progress)
    found = (game.to_record(), edges_to_json(edges))
    with lock:
        hands[key] = found
        while len(hands) > CACHED_HANDS:
            hands.popitem(last=False)
    return found


def _session_hand(key: str, build: Callable[[], WatchedHand]) -> WatchedHand:
    """The watched hand of ``key``, built once per session (a click only moves along it)."""
    kept = state.get(HAND)
    if isinstance(kept, tuple) and kept[0] == key:
        hand: WatchedHand = kept[1]
        return hand
    hand = build()
    state[HAND] = (key, hand)
    return hand


def _whole(text: object, top: int) -> int | None:
    if isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= 10:
        value = int(text)
        return value if value <= top else None
    return None


def _restore() -> None:
    """Seed, level and step from the URL the first time this session opens the page."""
    if SEED in state:
        return
    params = st.query_params
    state[SEED] = _whole(params.get(QUERY_SEED), MAX_SEED)  # None: nothing dealt yet
    level = _whole(params.get(QUERY_LEVEL), 4)
    state[LEVEL] = level if level in LEVELS else DEFAULT_LEVEL
    state[STEP] = _whole(params.get(QUERY_STEP), 10_000) or 0
    state[STEP_OF] = None


def _new_deal() -> None:
    state[SEED] = random.SystemRandom().randrange(1_000_000)
    state[SEED_INPUT] = state[SEED]


def _seed_typed() -> None:
    value = state.get(SEED_INPUT)
    if isinstance(value, int) and 0 <= value <= MAX_SEED:
        state[SEED] = value


def deal_source(current: Settings) -> tuple[str, WatchedHand, str] | None:
    """The hand the computers play at the sidebar's rules: seed, level, new deal."""
    state.setdefault(SEED_INPUT, int(state[SEED] or 0))
    keep_choices(LEVEL)
    with st.container(horizontal=True, vertical_alignment="bottom"):
        st.selectbox(tr("watch.level"), LEVELS, key=LEVEL,
                     format_func=lambda level: tr(f"practice.page.level.{level}"))
        st.number_input(tr("watch.seed"), min_value=0, max_value=MAX_SEED, step=1,
                        key=SEED_INPUT, on_change=_seed_typed, help=tr("watch.seed_help"))
        st.button(tr("watch.new_deal"), key="watch_new_deal", icon=":material/refresh:",
                  on_click=_new_deal)
    if state.get(SEED) is None:  # a first visit: the computers play when asked
        st.info(tr("watch.first_deal"))
        return None
    seed, level = int(state[SEED]), int(state[LEVEL])
    rules = current.rules
    key = json.dumps(["deal", rules.ruleset, dict(current.overrides), seed, level],
                     sort_keys=True)

    # The progress bar's place is drawn in every run, not only in the run that plays the
    # hand, so that every run puts each box at the same place: under load the page once
    # kept an empty copy of the reason's box (same key) beside the real one.
    bar = st.empty()

    def build() -> WatchedHand:
        def progress(done: int, total: int) -> None:
            bar.progress(done / max(total, 1), text=tr("watch.building", done=done,
                                                        total=total))

        record, edges = played_hand(rules.ruleset, dict(current.overrides), seed, level,
                                    progress)
        bar.empty()
        return watch_game(replay_game(record), edges_from_json(edges))

    hand = _session_hand(key, build)
    line = tr("watch.players_line", ruleset=ruleset_label(rules.ruleset, current.lang),
              players=rules.players, level=level, seed=seed)
    return key, hand, line


def record_source(current: Settings) -> tuple[str, WatchedHand, str] | None:
    """A hand record uploaded or pasted; a one-line error when it cannot be watched."""
    upload = st.file_uploader(tr("watch.record_upload"), type=["json"], key=UPLOAD)
    pasted = st.text_area(tr("watch.record_paste"), key=PASTE, height=90,
                          max_chars=MAX_FILE_BYTES)
    try:
        text = decode_text(upload.getvalue(), what=upload.name) if upload is not None \
            else str(pasted or "")
    except InputError as error:
        st.error(tr("watch.record_error", error=escape_markdown(error)))
        return None
    if not text.strip():
        text = str(state.get(RECORD) or "")  # the record already loaded stays on show
    if not text.strip():
        st.info(tr("watch.record_help"))
        return None
    try:
        record = load_record_text(text)
        game = replay_game(record)
    except (ReplayError, TuteError) as error:
        st.error(tr("watch.record_error", error=escape_markdown(error)))
        return None
    state[RECORD] = text
    key = "record:" + hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()
    hand = _session_hand(key, lambda: watch_game(game))
    return key, hand, tr("watch.record_line", ruleset=ruleset_label(game.ruleset,
                                                                     current.lang))


def _leave_link() -> None:
    state.pop(LINK, None)
    state[SOURCE] = "deal"


def link_source(current: Settings, token: str) -> tuple[str, WatchedHand, str] | None:
    """The hand of a shared link (``?h=``); a one-line error when it cannot be watched."""
    try:
        record = decode_hand_link(token)
    except ShareError as error:
        st.error(tr("watch.link_error", error=escape_markdown(error)))
        if st.button(tr("watch.link_leave"), key="watch_leave_link"):
            del st.query_params[HAND_QUERY_KEY]
            _leave_link()
            st.rerun()
        return None
    key = "link:" + hashlib.sha256(token.encode()).hexdigest()
    hand = _session_hand(key, lambda: watch_game(replay_game(record)))
    return key, hand, tr("watch.link_line", ruleset=ruleset_label(hand.rules.ruleset,
                                                                   current.lang))


# --------------------------------------------------------------------------- stepping
def _move(how: str) -> None:
    """Move along the hand from the stored step (quick presses all count)."""
    kept = state.get(HAND)
    if not isinstance(kept, tuple):
        return
    hand: WatchedHand = kept[1]
    position = hand.clamp(int(state.get(STEP, 0)))
    moves: dict[str, Callable[[int], int]] = {
        "start": lambda p: 0, "trick_back": hand.trick_back, "back": hand.back,
        "forward": hand.forward, "trick_forward": hand.trick_forward,
        "end": lambda p: hand.size}
    state[STEP] = moves[how](position)


def nav_bar(hand: WatchedHand, position: int) -> None:
    """Start, a trick back, a card back, the next card, a whole trick, the end."""
    at_start, at_end = position == 0, position == hand.size
    with st.container(horizontal=True, key="watch_nav"):
        for how, icon, disabled, shortcut in (
                ("to_start", ":material/first_page:", at_start, None),
                ("trick_back", ":material/fast_rewind:", at_start, None),
                ("back", ":material/arrow_back:", at_start, "Left"),
                ("forward", ":material/arrow_forward:", at_end, "Right"),
                ("trick_forward", ":material/fast_forward:", at_end, None),
                ("to_end", ":material/last_page:", at_end, None)):
            move = {"to_start": "start", "to_end": "end"}.get(how, how)
            st.button(tr(f"watch.{how}"), key=f"watch_{move}", icon=icon, disabled=disabled,
                      on_click=_move, args=(move,), help=tr(f"watch.{how}_help"),
                      shortcut=shortcut, type="primary" if how == "forward" else "secondary")


def _trump_line(at: Position, current: Settings) -> str:
    game = at.game
    shown: Card = game.swaps[-1].given if game.swaps else CARDS[game.trump_card]
    line = tr("watch.trump", suit=suit_name(game.trump, current.lang),
              card=card_label(shown, current.lang, current.deck_style))
    if game.rules.has_stock:
        line += " · " + tr_count("practice.page.stock", game.stock_left)
    totals = game.result().totals if game.finished else game.points_so_far()
    points = ", ".join(f"{side_name(side, game.rules, current.lang)} {total}"
                       for side, total in enumerate(totals))
    return line + " · " + tr("watch.points", totals=points)


def table_view(at: Position, current: Settings) -> None:
    """The trick shown, each seat in its place with its name and cards left."""
    lang = current.lang
    players = at.game.players
    by_seat: list[Card | None] = [None] * players
    for seat, card in at.trick:
        by_seat[seat] = card
    names = [seat_name(seat, lang) for seat in range(players)]
    notes = [tr_count("watch.cards_left", len(at.hand(seat))) for seat in range(players)]
    st.markdown(table_html(by_seat, names=names, notes=notes, winning=at.winning,
                           style=current.deck_style, width=TABLE_WIDTH,
                           words=card_words(lang)), unsafe_allow_html=True)


def why_box(hand: WatchedHand, at: Position, current: Settings) -> None:
    """What the step just made did, and why (the reason read off that seat's view)."""
    lang = current.lang
    with st.container(border=True, key="watch_why"):
        step = at.step
        if step is None:
            st.markdown(tr("watch.at_start"))
            st.caption(tr("watch.leads", name=seat_name(at.game.leader, lang)))
            return
        st.caption(tr("watch.position", step=at.index, count=hand.size, trick=step.trick))
        st.markdown(step_text(step, hand.rules.players, lang))
        won = trick_text(step, hand.rules.players, lang)
        if won:
            st.markdown(f"**{won}**")
        if at.index == hand.size and at.game.finished:
            st.success(outcome_text(at.game.result(), hand.rules, lang))


def _all_toggled() -> None:
    for seat in range(4):
        state[show_key(seat)] = bool(state.get(SHOW_ALL))


def hands_view(at: Position, current: Settings) -> None:
    """Every seat's hand, shown or face down as the learner chose (one toggle a seat)."""
    lang = current.lang
    players = at.game.players
    state.setdefault(SHOW_ALL, True)
    for seat in range(players):
        state.setdefault(show_key(seat), bool(state[SHOW_ALL]))
    with st.container(horizontal=True, key="watch_toggles"):
        st.toggle(tr("watch.show_all"), key=SHOW_ALL, on_change=_all_toggled)
        for seat in range(players):
            st.toggle(tr("watch.show_seat", name=seat_name(seat, lang)), key=show_key(seat))
    columns = st.columns(2)
    for seat in range(players):
        cards = at.hand(seat)
        with columns[seat % 2], st.container(key=f"watch_hand_{seat}"):
            st.markdown(f"**{tr('watch.hand_of', name=seat_name(seat, lang))}**")
            if state.get(show_key(seat)):
                show_cards(cards, style=current.deck_style, lang=lang, width=HAND_WIDTH)
            else:
                st.caption(tr_count("watch.hand_hidden", len(cards)))
                show_cards([None] * len(cards), style=current.deck_style, lang=lang,
                           width=HAND_WIDTH)


def log_view(hand: WatchedHand, at: Position, current: Settings) -> None:
    """Every step so far, numbered, in an expander."""
    lang = current.lang
    with st.expander(tr("watch.log_title")):
        lines = []
        for number, step in enumerate(hand.steps[:at.index], 1):
            text = step_text(step, hand.rules.players, lang)
            won = trick_text(step, hand.rules.players, lang)
            lines.append(f"{number}. {text}" + (f" **{won}**" if won else ""))
        if lines:
            st.markdown("\n".join(lines))


def share_view(hand: WatchedHand) -> None:
    """A link that opens this hand on the Watch page (for a class or a friend)."""
    try:
        token = encode_hand_link(hand.game.to_record())
    except ShareError:
        return
    with st.expander(tr("watch.share_title")):
        st.caption(tr("watch.share_link"))
        st.code(f"{public_root()}/watch?{HAND_QUERY_KEY}={token}&lang={settings().lang}",
                language=None)


def _keep_in_url(source: str, position: int) -> None:
    params = st.query_params
    wanted = {QUERY_STEP: str(position)}
    if source == "deal" and state.get(SEED) is not None:
        wanted |= {QUERY_SEED: str(state[SEED]), QUERY_LEVEL: str(state[LEVEL])}
    for key in (QUERY_SEED, QUERY_LEVEL, QUERY_STEP):
        if key in wanted:
            if params.get(key) != wanted[key]:
                params[key] = wanted[key]
        elif key in params:
            del params[key]


def render_watch_page() -> None:
    """Draw the Watch page: choose what to watch, then step through it."""
    current = settings()
    st.title(tr("nav.watch"))
    st.caption(tr("watch.intro"))
    _restore()
    token = st.query_params.get(HAND_QUERY_KEY)
    if token is not None:
        source = "link"
        found = link_source(current, str(token))
    else:
        state.setdefault(SOURCE, "deal")
        keep_choices(SOURCE)
        st.radio(tr("watch.source"), SOURCES, key=SOURCE, horizontal=True,
                 format_func=lambda s: tr(f"watch.source_{s}"))
        source = str(state[SOURCE])
        found = deal_source(current) if source == "deal" else record_source(current)
    if found is None:
        return
    key, hand, line = found
    if state.get(STEP_OF) not in (None, key):
        state[STEP] = 0
    state[STEP_OF] = key
    position = hand.clamp(int(state.get(STEP, 0)))
    state[STEP] = position
    at = hand.at(position)
    st.caption(line)
    nav_bar(hand, position)
    st.markdown(_trump_line(at, current))
    table_column, why_column = st.columns([3, 2], gap="medium")
    with table_column:
        table_view(at, current)
    with why_column:
        why_box(hand, at, current)
    hands_view(at, current)
    log_view(hand, at, current)
    share_view(hand)
    _keep_in_url(source, position)
