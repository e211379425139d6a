"""The rooms page: play with friends by link (``?room=CODE``) or six-character code.

The room lives in the database (:mod:`tute_tutor.store.rooms`); this page only reads
it, draws one seat's view of it (:func:`~tute_tutor.live.room.seat_view`: the reader's
own hand, never another seat's cards) and sends the reader's actions through the
store's compare-and-set. A small fragment polls the room's version every second and
reruns the page when it changed; the same poll lets the computer seats move (any
session may compute the move; exactly one save wins).

A seat is found again after a reload, a lost connection or another replica by the
browser's learner token (a cookie): the room keeps only the SHA-256 of that token
joined with the room's code.
"""

from __future__ import annotations

import contextlib
import html
import json
import os
import time
from typing import Any, Final

import streamlit as st

from tute_tutor.engine.cards import SUIT_LETTERS, Card, suit_name
from tute_tutor.engine.variants import Rules, match_target
from tute_tutor.live import room as R
from tute_tutor.live.words import entry_text, error_text, outcome_text, seat_name
from tute_tutor.render.qr import qr_svg
from tute_tutor.store import StoreError
from tute_tutor.store import rooms as room_store
from tute_tutor.ui.builder import public_root
from tute_tutor.ui.cards import clickable_hand, show_cards, show_trick
from tute_tutor.ui.layout import draw_poller, fragment, page_header
from tute_tutor.ui.live_common import PACE, POLL_SECONDS, redraw_when_back
from tute_tutor.ui.profile import (
    browser_token,
    current_profile,
    get_store,
    store_message,
)
from tute_tutor.ui.state import settings, tr, tr_count
from tute_tutor.words.catalog import t

QUERY: Final = "room"
CODE_KEY: Final = "rooms_code"
SEEN_KEY: Final = "rooms_seen_version"
MESSAGE_KEY: Final = "rooms_message"
RECORDED_KEY: Final = "rooms_recorded"
HAND_KEY: Final = "rooms_hand"
COMPUTER_PAUSE: Final = 0.8 * PACE
"""Seconds a computer seat waits after the previous move (its card stays readable);
0.8 at the server's normal pace (``TUTE_TUTOR_PACE``)."""
TRICK_PAUSE: Final = 1.5 * PACE
"""Seconds before a computer leads after a trick (the finished trick also stays drawn
beside the table, as the last trick, until the next one is complete); 1.5 at the normal
pace."""
CAP_VAR: Final = "TUTE_TUTOR_ROOMS_CAP"
LOG_LINES: Final = 8


def _cap() -> int:
    try:
        return max(1, int(os.environ.get(CAP_VAR, room_store.DEFAULT_CAP)))
    except ValueError:
        return room_store.DEFAULT_CAP


def seat_hash(code: str) -> str:
    """This browser's seat token in room ``code``, hashed as the room keeps it."""
    return R.hash_token(f"{browser_token()}:{code}")


def _say(kind: str, text: str) -> None:
    st.session_state[MESSAGE_KEY] = (kind, text)


def _show_message() -> None:
    found = st.session_state.pop(MESSAGE_KEY, None)
    if found:
        kind, text = found
        (st.error if kind == "error" else st.warning if kind == "warning" else st.info)(text)


def _lang() -> str:
    return settings().lang


def _code() -> str | None:
    """The room of this session: the URL's ``?room=`` (cleaned), else the session's."""
    state = st.session_state
    raw = st.query_params.get(QUERY)
    if raw:
        try:
            code = R.clean_code(raw)
        except R.RoomError as err:
            st.error(error_text(err, _lang()))
            return None
        state[CODE_KEY] = code
        return code
    kept = state.get(CODE_KEY)
    if isinstance(kept, str):
        st.query_params[QUERY] = kept
        return kept
    return None


def _go_to(code: str | None) -> None:
    state = st.session_state
    if code is None:
        state.pop(CODE_KEY, None)
        st.query_params.pop(QUERY, None)
    else:
        state[CODE_KEY] = code
        st.query_params[QUERY] = code
    state.pop(SEEN_KEY, None)


def change(code: str, action: Any) -> R.Room | None:
    """Apply ``action`` by compare-and-set; a refusal becomes the page's one-line
    message. The newest room, or None when it cannot be read."""
    try:
        room, _ = room_store.change(get_store(), code, action)
    except R.RoomError as err:
        _say("warning", error_text(err, _lang()))
        return None
    except StoreError as err:
        _say("error", store_message(err))
        return None
    return room


# --------------------------------------------------------------------------- no room yet
def _match_options(rules: Rules) -> tuple[str, int]:
    kind, target = match_target(rules)
    return kind, target


def create_panel() -> None:
    """Open a room with the sidebar's rule set and flags, a level and a match length."""
    current = settings()
    lang = current.lang
    st.subheader(tr("rooms.create.title"))
    try:
        kind, target = _match_options(current.rules)
    except Exception:  # the sidebar refuses bad flags itself; this is a safety net
        kind, target = "hands", 3
    st.caption(tr("rooms.create.rules", rules=t(f"settings.preset.{current.ruleset}.label",
                                                 lang),
                  players=current.rules.players))
    with st.form("rooms_create"):
        nickname = st.text_input(tr("rooms.page.nickname"), max_chars=R.MAX_NICKNAME,
                                 key="rooms_create_nick")
        level = st.select_slider(tr("rooms.create.level"), options=list(R.LEVELS), value=2,
                                 key="rooms_create_level")
        length = target
        if kind != "streak":
            length = int(st.number_input(tr(f"rooms.create.length_{kind}"), min_value=1,
                                         max_value=30, value=target, step=1,
                                         key="rooms_create_length"))
        idle = st.select_slider(tr("rooms.create.idle"), options=[30, 60, 120, 300, 600],
                                value=120, key="rooms_create_idle",
                                format_func=lambda s: tr("rooms.create.seconds", n=s))
        submitted = st.form_submit_button(tr("rooms.create.submit"), type="primary")
    if not submitted:
        return
    overrides = dict(current.overrides)
    if kind != "streak":
        overrides["match"] = f"{kind}:{length}"
    try:
        room_settings = R.make_settings(current.ruleset, overrides, level=level,
                                        idle_limit=idle)
        name = R.clean_nickname(nickname)
    except R.RoomError as err:
        _say("warning", error_text(err, lang))
        st.rerun()
    token = browser_token()

    def make(code: str) -> R.Room:
        return R.create(room_settings, name, R.hash_token(f"{token}:{code}"),
                        seed=int.from_bytes(os.urandom(6), "big"), code=code, now=time.time())

    try:
        made = room_store.create_room(get_store(), make, cap=_cap())
    except R.RoomError as err:
        _say("warning", error_text(err, lang))
        st.rerun()
    except StoreError as err:
        _say("error", store_message(err))
        st.rerun()
    _go_to(made.code)
    st.rerun()


def join_panel() -> None:
    """Type a code (or open the link a friend sent)."""
    st.subheader(tr("rooms.join.title"))
    with st.form("rooms_join"):
        typed = st.text_input(tr("rooms.join.code"), max_chars=12, key="rooms_join_code",
                              placeholder="K7MXQ4")
        go = st.form_submit_button(tr("rooms.join.submit"))
    if go:
        try:
            code = R.clean_code(typed)
        except R.RoomError as err:
            _say("warning", error_text(err, _lang()))
            st.rerun()
        _go_to(code)
        st.rerun()


# --------------------------------------------------------------------------- sharing
def room_link(code: str) -> str:
    """The link to this room (the rooms page with ``?room=CODE``) under the address the
    browser used (:func:`~tute_tutor.ui.builder.public_root`, as the teacher's links)."""
    return f"{public_root()}/rooms?{QUERY}={code}"


def share_panel(code: str) -> None:
    """The code in large letters, the link and a QR code for phones."""
    link = room_link(code)
    left, right = st.columns([3, 1])
    with left:
        st.markdown(tr("rooms.share.code"))
        st.code(code, language=None)
        st.markdown(tr("rooms.share.link"))
        st.code(link, language=None)
    with right:
        st.markdown(f'<div class="tt-room-qr" aria-label="{html.escape(tr("rooms.share.qr"))}">'
                    f"{qr_svg(link)}</div>", unsafe_allow_html=True)


# --------------------------------------------------------------------------- lobby
def _seat_title(seat: R.PublicSeat, players: int, lang: str) -> str:
    number = t("rooms.seat.number", lang, number=seat.index + 1)
    if players == 4:
        number += " · " + t("rooms.seat.team", lang, team="AB"[seat.team])
    return number


def _seat_line(seat: R.PublicSeat, players: int, mine: int | None, lang: str) -> str:
    title = _seat_title(seat, players, lang)
    if seat.kind == "free":
        who = t("rooms.seat.free", lang)
    else:
        who = seat_name(seat, lang)
        if seat.host:
            who += " " + t("rooms.seat.host", lang)
        if seat.index == mine:
            who += " " + t("rooms.seat.you", lang)
        if seat.away:
            who += " " + t("rooms.seat.away", lang)
    return f"{title}: {who}"


def seats_list(view: R.SeatRoomView) -> None:
    """Every seat (nicknames as plain text, never Markdown)."""
    lang = _lang()
    for seat in view.seats:
        st.text(_seat_line(seat, len(view.seats), view.seat, lang))


def lobby(room: R.Room, mine: str) -> None:
    """Seats, joining with a nickname, and the host's start button."""
    lang = _lang()
    view = R.seat_view(room, R.seat_of(room, mine))
    seat = view.seat
    share_panel(room.code)
    st.subheader(tr("rooms.lobby.title"))
    seats_list(view)
    if seat is None:
        free = [s.index for s in view.seats if s.kind == "free"]
        if not free:
            st.warning(error_text(R.RoomError("room_full"), lang))
            return
        with st.form("rooms_sit"):
            nickname = st.text_input(tr("rooms.page.nickname"), max_chars=R.MAX_NICKNAME,
                                     key="rooms_sit_nick")
            chosen = st.radio(tr("rooms.lobby.pick_seat"), free, horizontal=True,
                              key="rooms_sit_seat",
                              format_func=lambda i: _seat_title(view.seats[i], len(view.seats),
                                                                lang))
            sit = st.form_submit_button(tr("rooms.lobby.sit"), type="primary")
        if sit:
            change(room.code, lambda r: R.join(r, nickname, mine, now=time.time(),
                                               seat=int(chosen)))
            st.rerun()
        return
    if seat == room.host:
        st.caption(tr("rooms.lobby.host_help"))
        with st.container(horizontal=True):
            if st.button(tr("rooms.lobby.start"), type="primary", key="rooms_start"):
                change(room.code, lambda r: R.start(r, mine, now=time.time()))
                st.rerun()
            host_removes(room, view, mine)
    else:
        st.info(tr("rooms.lobby.wait_host"))


# --------------------------------------------------------------------------- the table
def _names(view: R.SeatRoomView) -> list[str]:
    lang = _lang()
    return [seat_name(s, lang) + (" " + t("rooms.seat.you", lang) if s.index == view.seat
                                   else "") for s in view.seats]


def _turn_line(view: R.SeatRoomView) -> str:
    lang = _lang()
    if view.match_over:
        return tr("rooms.play.match_over")
    if view.hand_over:
        return tr("rooms.play.hand_over")
    if view.to_act is None:
        return ""
    if view.to_act == view.seat:
        return tr("rooms.play.your_turn_declare" if view.offers and not view.legal
                  else "rooms.play.your_turn")
    who = view.seats[view.to_act]
    key = "rooms.play.computer_turn" if who.kind == "computer" or who.away \
        else "rooms.play.their_turn"
    return tr(key, name=seat_name(who, lang))


def table_area(view: R.SeatRoomView) -> None:
    """The trick on the table, the last trick, the trump card and the seats."""
    current = settings()
    lang = current.lang
    names = _names(view)
    players = len(view.seats)
    trick_col, last_col, trump_col = st.columns([4, 4, 1], gap="small")
    with trick_col:
        st.caption(tr("rooms.play.on_table"))
        waiting = view.to_act if view.to_act is not None else 0
        leader = view.trick[0][0] if view.trick else waiting
        order = [(leader + i) % players for i in range(players)]
        played = dict(view.trick)
        show_trick([played.get(s) for s in order], labels=[names[s] for s in order],
                   style=current.deck_style, lang=lang, width=64)
    with last_col:
        if view.last_trick:
            winner = view.last_trick_winner
            st.caption(tr("rooms.play.last_trick",
                          name=names[winner] if winner is not None else ""))
            seats = [s for s, _ in view.last_trick]
            show_trick([c for _, c in view.last_trick], labels=[names[s] for s in seats],
                       winning=seats.index(winner) if winner in seats else None,
                       style=current.deck_style, lang=lang, width=64)
    with trump_col:
        shown = view.face_up or view.trump_card
        if view.trump is not None:
            st.caption(tr("rooms.play.trumps", suit=suit_name(view.trump, lang)))
        if shown is not None:
            show_cards([shown], style=current.deck_style, lang=lang, width=48)
        if players == 2:
            st.caption(tr_count("rooms.play.stock", view.stock_left))
    sizes = " · ".join(tr_count("rooms.play.cards_left", n, name=names[i])
                       for i, n in enumerate(view.hand_sizes))
    st.text(sizes)


def my_area(view: R.SeatRoomView, code: str, mine: str) -> None:
    """My hand (legal cards highlighted, an illegal click explained) and my offers."""
    current = settings()
    lang = current.lang
    if view.seat is None:
        return
    my_card = bool(view.legal)
    st.markdown(f"**{tr('rooms.play.your_hand')}**")
    clicked = clickable_hand(list(view.hand), key=f"{HAND_KEY}_{view.hand_number}",
                             legal=list(view.legal) if my_card else None, show_legal=True,
                             style=current.deck_style, lang=lang, width=72,
                             disabled=view.hand_over)
    if clicked is not None:
        _play_card(view, code, mine, clicked)
    offers = view.offers
    if offers:
        st.markdown(f"**{tr('rooms.play.offers')}**")
        with st.container(horizontal=True):
            if offers.tute and st.button(tr("rooms.play.tute"), key="rooms_tute",
                                         type="primary"):
                _act(code, mine, "tute")
            for suit in offers.cantes:
                pair = t("practice.log.cuarenta" if suit == view.trump else
                         "practice.log.veinte", lang, suit=suit_name(suit, lang))
                if st.button(tr("rooms.play.sing", pair=pair), key=f"rooms_sing_{suit}",
                             type="primary"):
                    _act(code, mine, "cante", SUIT_LETTERS[suit])
            if offers.swap is not None and st.button(tr("rooms.play.swap"), key="rooms_swap",
                                                     type="primary"):
                _act(code, mine, "swap")
            if not view.legal and st.button(tr("rooms.play.pass"), key="rooms_pass"):
                _act(code, mine, "pass")


def _play_card(view: R.SeatRoomView, code: str, mine: str, card: Card) -> None:
    lang = _lang()
    if view.to_act != view.seat or not view.legal:
        _say("warning", error_text(R.RoomError("not_your_turn"), lang))
        st.rerun()
    if card not in view.legal:  # explained at once, nothing sent
        assert view.analysis is not None
        _say("warning", error_text(R.RoomError("illegal_card", card=str(card),
                                               analysis=view.analysis), lang))
        st.rerun()
    _act(code, mine, "play", str(card))


def _act(code: str, mine: str, kind: R.ActionKind, arg: str = "") -> None:
    change(code, lambda r: R.act(r, mine, kind, arg, now=time.time()))
    st.rerun()


def log_area(view: R.SeatRoomView) -> None:
    """The newest announcements of this hand (every card with its reason), newest last;
    the whole hand behind an expander."""
    lang = _lang()
    lines = [entry_text(e, view.seats, view.seat, lang) for e in view.log
             if e.hand == view.hand_number]
    lines = [line for line in lines if line]
    for line in lines[-LOG_LINES:]:
        st.text(line)
    if len(lines) > LOG_LINES:
        with st.expander(tr("rooms.play.whole_log")):
            for line in lines:
                st.text(line)


def end_area(room: R.Room, view: R.SeatRoomView, mine: str) -> None:
    """The hand's outcome, the records to download, the next hand."""
    lang = _lang()
    if view.result is not None:
        st.success(outcome_text(view.result, view.seats, lang))
    if view.scores:
        st.text(tr("rooms.play.scores", scores=", ".join(
            f"{_side(view, s)} {v}" for s, v in enumerate(view.scores))))
    if view.records:
        data = json.dumps(list(view.records), ensure_ascii=False, indent=1)
        st.download_button(tr("rooms.play.download"), data, file_name=f"room-{room.code}.json",
                           mime="application/json", key="rooms_download")
    if view.hand_over:
        reasons_review(room, view)
    if view.hand_over and not view.match_over and view.seat is not None and st.button(
            tr("rooms.play.next_hand"), type="primary", key="rooms_next"):
        _act(room.code, mine, "next")


def reasons_review(room: R.Room, view: R.SeatRoomView) -> None:
    """Once the hand is over, why each computer played each card (never during the hand:
    a reason can tell what a computer holds)."""
    from tute_tutor.live.words import computer_reasons

    lines = computer_reasons(R.replay(room).game, view.seats, _lang())
    if not lines:
        return
    with st.expander(tr("rooms.play.reasons_title"), key="rooms_reasons"):
        st.caption(tr("rooms.play.reasons_intro"))
        st.markdown("\n".join(f"- {line}" for line in lines))


def _side(view: R.SeatRoomView, side: int) -> str:
    from tute_tutor.live.words import side_name

    return side_name(side, view.seats, _lang())


def record_progress(room: R.Room, view: R.SeatRoomView) -> None:
    """Each finished hand goes once into this learner's progress (its own seat's side)."""
    if view.seat is None or not view.records:
        return
    profile = current_profile()
    key = f"room-{room.code}"
    state = st.session_state
    done = state.get(RECORDED_KEY, {})
    try:
        store = get_store()
        if key not in done:
            saved = store.load_state(profile, key) or {}
            done[key] = int(saved.get("hands", 0))
        if done[key] >= len(view.records):
            return
        rules = room.settings.rules
        my_side = rules.team_of(view.seat)
        replayed = R.replay(room)
        for outcome in replayed.match.hands[done[key]:]:
            store.record_hand(profile, ruleset=room.settings.ruleset, record=outcome.record,
                              won=outcome.winner == my_side,
                              totals=list(outcome.result.totals))
        done[key] = len(view.records)
        store.save_state(profile, key, {"hands": done[key]})
    except StoreError as err:
        _say("error", store_message(err))
    state[RECORDED_KEY] = done


def playing(room: R.Room, mine: str) -> None:
    seat = R.seat_of(room, mine)
    view = R.seat_view(room, seat)
    if seat is None:
        st.info(tr("rooms.play.watching"))
    elif room.seats[seat].away:
        st.warning(tr("rooms.play.taken_over"))
        if st.button(tr("rooms.play.reclaim"), type="primary", key="rooms_reclaim"):
            change(room.code, lambda r: R.reclaim(r, mine, now=time.time()))
            st.rerun()
    st.markdown(f"**{html.escape(_turn_line(view))}**")
    table_area(view)
    my_area(view, room.code, mine)
    end_area(room, view, mine)
    log_area(view)
    record_progress(room, view)
    with st.expander(tr("rooms.play.room_info")):
        share_panel(room.code)
        seats_list(view)
        if seat == room.host and room.status == "playing":
            host_removes(room, view, mine)


def host_removes(room: R.Room, view: R.SeatRoomView, mine: str) -> None:
    """The host's buttons to free another human's seat (a computer plays it then)."""
    lang = _lang()
    for other in view.seats:
        if other.kind == "human" and other.index != room.host and st.button(
                tr("rooms.lobby.remove", name=seat_name(other, lang)),
                key=f"rooms_remove_{other.index}"):
            change(room.code, lambda r, i=other.index: R.remove_seat(r, mine, i,
                                                                     now=time.time()))
            st.rerun()


# --------------------------------------------------------------------------- polling
def _pause(room: R.Room) -> float:
    """How long the table stays still before a computer seat moves."""
    if room.status != "playing":
        return 0.0
    game = R.replay(room).game
    if game.tricks and not game.trick_cards:
        return TRICK_PAUSE
    return COMPUTER_PAUSE


def drive(code: str) -> None:
    """What any session does for the room on each poll: a computer seat's move once the
    pause is over, an idle human seat handed to a computer. Saved by compare-and-set,
    so when several sessions do it at once exactly one move is made."""

    def step(room: R.Room) -> R.Room | None:
        now = time.time()
        if room.status != "playing":
            return None
        taken = R.take_over_idle(room, now=now)
        if taken is not None:
            return taken
        if now - room.moved_at < _pause(room):
            return None
        return R.computer_move(room, now=now)

    with contextlib.suppress(R.RoomError, StoreError):  # the page says it on its own run
        room_store.change(get_store(), code, step, tries=1)


@fragment(run_every=POLL_SECONDS)
def poll(code: str) -> None:
    """Every second: read the room's version (cheap), let computers move, and rerun
    the page when the room changed."""
    try:
        store = get_store()
        version = room_store.room_version(store, code)
        if version is not None:
            drive(code)
            version = room_store.room_version(store, code)
    except (R.RoomError, StoreError):
        return
    if version is not None and version != st.session_state.get(SEEN_KEY):
        st.rerun(scope="app")


# --------------------------------------------------------------------------- page
def room_page(code: str) -> None:
    lang = _lang()
    try:
        room = room_store.load_room(get_store(), code)
    except R.RoomError as err:
        st.error(error_text(err, lang))
        return
    except StoreError as err:
        st.error(store_message(err))
        redraw_when_back(lambda: room_store.load_room(get_store(), code))
        return
    if room is None:
        st.warning(error_text(R.RoomError("no_room"), lang))
        if st.button(tr("rooms.page.leave"), key="rooms_leave_missing"):
            _go_to(None)
            st.rerun()
        return
    st.session_state[SEEN_KEY] = room.version
    mine = seat_hash(code)
    st.caption(tr("rooms.page.in_room", code=code, rules=t(
        f"settings.preset.{room.settings.ruleset}.label", lang), level=room.settings.level))
    _show_message()
    if room.status == "lobby":
        lobby(room, mine)
    else:
        playing(room, mine)
    if st.button(tr("rooms.page.leave"), key="rooms_leave"):
        _go_to(None)
        st.rerun()
    if room.status != "finished":
        draw_poller(poll, code)


def render_rooms_page() -> None:
    """The page: a room when the URL or the session has one, else open or join one."""
    page_header("rooms.page.title", "rooms.page.intro")
    code = _code()
    if code is not None:
        room_page(code)
        return
    _show_message()
    left, right = st.columns(2, gap="large")
    with left:
        join_panel()
    with right:
        create_panel()


__all__ = ["render_rooms_page", "room_link", "seat_hash"]
