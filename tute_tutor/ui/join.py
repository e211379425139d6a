"""The students' side of a live class: open ``?class=CODE`` (or type the code), pick a
nickname, answer each question by tapping, see "answer received", wait for the next.

A phone is a participant by a token made from this browser's learner token (kept in
its cookie) and the class's code, so a reload or a phone that slept comes back with its
nickname, score and current answer; the class keeps only the token's SHA-256.
"""

from __future__ import annotations

import html
from typing import Final

import streamlit as st

from tute_tutor.live import classroom as cl
from tute_tutor.store import StoreError
from tute_tutor.ui import settings, tr
from tute_tutor.ui.layout import draw_poller, fragment, redraw_page
from tute_tutor.ui.live_common import (
    POLL_SECONDS,
    classes,
    draw_board,
    error_line,
    keep_class,
    kept_class,
    kept_message,
    question,
    redraw_when_back,
)
from tute_tutor.ui.profile import browser_token, current_profile, keep_token_in_browser
from tute_tutor.ui.state import tr_count

QUERY_KEY: Final = "class"
CODE_KEY: Final = "join_code"
SEEN_KEY: Final = "join_seen"
DRAWN_KEY: Final = "join_drawn"
"""The class as this phone last loaded it: ``(code, session)``, loaded again only when
the class's version moves on or this phone answered."""
MESSAGE_KEY: Final = "join_message"
PHONE_CARD: Final = 72
"""Card width on a phone (five cards fit 390 px)."""
state = st.session_state


def participant_token(code: str) -> str:
    """This browser's token in class ``code`` (its learner token, kept in the cookie)."""
    return f"{browser_token()}:{code}"


def _wanted_code() -> str | None:
    typed = state.get(CODE_KEY)
    if typed:
        return str(typed)
    linked = st.query_params.get(QUERY_KEY)
    return str(linked) if linked else None


def _on_code() -> None:
    typed = str(state.get("join_code_input") or "")
    try:
        code = cl.clean_code(typed)
    except cl.ClassError as error:
        state[MESSAGE_KEY] = error_line(error)
        return
    state[CODE_KEY] = code
    st.query_params[QUERY_KEY] = code


def code_form() -> None:
    st.text_input(tr("live.join.code"), key="join_code_input", max_chars=12,
                  placeholder="ABC123", on_change=_on_code)
    st.button(tr("live.join.go"), key="join_go", type="primary", on_click=_on_code)


def _on_join(code: str) -> None:
    nickname = state.get("join_nickname", "")
    try:
        store = classes()
        try:
            profile_id = store.profile_id(current_profile())
        except StoreError:
            profile_id = None  # the class still works; only the own progress is skipped
        store.join(code, nickname, participant_token(code), profile_id=profile_id)
    except (cl.ClassError, StoreError) as error:
        state[MESSAGE_KEY] = error_line(error)


def nickname_form(code: str) -> None:
    st.markdown(f"### {tr('live.join.welcome', code=code)}")
    st.text_input(tr("live.join.nickname"), key="join_nickname", max_chars=cl.MAX_NICKNAME)
    st.button(tr("live.join.enter"), key="join_enter", type="primary", on_click=_on_join,
              args=(code,))


def _on_answer(code: str, choice: list[str]) -> None:
    state.pop(DRAWN_KEY, None)  # an answer does not move the version: load it again
    try:
        classes().answer(code, participant_token(code), choice)
    except (cl.ClassError, StoreError) as error:
        state[MESSAGE_KEY] = error_line(error)


def _on_send_picked(code: str, pills_key: str) -> None:
    choice = list(state.get(pills_key) or [])
    if choice:
        _on_answer(code, choice)
    else:
        state[MESSAGE_KEY] = tr("live.join.pick_first")


@fragment(run_every=POLL_SECONDS)
def watch(code: str) -> None:
    """Before joining: every second one cheap read; the page redraws when the class
    moved on (it may have ended)."""
    try:
        poll = classes().poll(code)
    except (cl.ClassError, StoreError):
        return
    if poll.version != state.get(SEEN_KEY):  # the page's run wrote what it drew
        redraw_page()


def _version(session: cl.ClassSession) -> int:
    return session.version


@fragment(run_every=POLL_SECONDS)
def seat_poller(code: str) -> None:
    """A joined phone's whole view, drawn again on every poll from one cheap read (the
    class is loaded again only when its version moved on or this phone answered).

    The view is drawn here, not by the page: a page that only a poll's ``st.rerun()``
    brings up to date was once left on the old question by a busy browser while the
    server had run the new one. A removal sends the page its own run, which words it.
    """
    try:
        poll = classes().poll(code)
        session = kept_class(DRAWN_KEY, code, _version, poll.version)
    except (cl.ClassError, StoreError) as error:
        st.error(error_line(error))
        return
    message = kept_message(MESSAGE_KEY, poll.version)
    if message:
        st.error(message)
    person = session.by_token(participant_token(code))
    if person is None or person.removed:
        redraw_page()
        return
    seat_view(code, cl.seat(session, person.id), session, poll.now)


def answer_widgets(code: str, posed: cl.Posed, lang: str) -> None:
    q = question(posed, lang)
    if posed.multi:
        # A form: the taps stay on the phone until Send carries them all in one run, so a
        # tap never races the page's redraw of the one before (and 40 phones do not rerun
        # on every tap).
        with st.form(f"join_form_{posed.index}", border=False):
            st.pills(tr("live.join.pick"), list(q.options), selection_mode="multi",
                     key=f"join_pick_{posed.index}", format_func=q.label_of)
            st.form_submit_button(tr("live.join.send"), key=f"join_send_{posed.index}",
                                  type="primary", on_click=_on_send_picked,
                                  args=(code, f"join_pick_{posed.index}"), width="stretch")
        return
    for value in q.options:
        st.button(q.label_of(value), key=f"join_opt_{posed.index}_{value}", width="stretch",
                  on_click=_on_answer, args=(code, [value]))


def seat_view(code: str, seat: cl.Seat, session: cl.ClassSession, now: float) -> None:
    current = settings()
    lang, style = current.lang, current.deck_style
    with st.container(horizontal=True):
        st.text(seat.participant.nickname)  # typed by the student: plain text
        st.caption(tr_count("live.join.score", seat.score, score=seat.score))
    posed = session.current
    if session.ended:
        st.info(tr("live.join.ended"))
        return
    if posed is None:
        st.info(tr("live.join.waiting_first"))
        return
    q = question(posed, lang)
    st.caption(tr("live.question_n", n=posed.index + 1))
    st.markdown(f"### {html.escape(q.ask)}")
    draw_board(q, style=style, lang=lang, width=PHONE_CARD)
    mine = seat.answer
    if posed.revealed:
        right = ", ".join(q.label_of(o) for o in posed.answer)
        if mine is None:
            st.warning(tr("live.join.no_answer", answer=right))
        elif mine.right:
            st.success(tr("live.join.was_right"), icon=":material/check:")
        else:
            st.error(tr("live.join.was_wrong", answer=right), icon=":material/close:")
        st.caption(tr("live.join.waiting_next"))
        return
    if mine is not None:
        chosen = ", ".join(q.label_of(o) for o in mine.choice)
        st.success(tr("live.join.received", choice=chosen), icon=":material/done_all:")
        if not (session.settings.allow_change and posed.is_open(now)):
            st.caption(tr("live.join.waiting_next"))
            return
        st.caption(tr("live.join.may_change"))
    if not posed.is_open(now):
        st.info(tr("live.join.closed"))
        return
    answer_widgets(code, posed, lang)


def render_join_page() -> None:
    """The join page: the code, then the nickname, then the class's questions."""
    keep_token_in_browser()
    st.title(tr("live.join.title"))
    message = state.pop(MESSAGE_KEY, None)
    if message:
        st.error(message)
    wanted = _wanted_code()
    if not wanted:
        code_form()
        return
    try:
        code = cl.clean_code(wanted)
        store = classes()
        session, _now = store.load(code)
    except StoreError as error:  # the class is still there: stay in it, try again
        st.error(error_line(error))
        redraw_when_back(lambda: classes().load(code))
        return
    except cl.ClassError as error:
        st.error(error_line(error))
        state.pop(CODE_KEY, None)
        st.query_params.pop(QUERY_KEY, None)
        code_form()
        return
    state[SEEN_KEY] = session.version  # what :func:`watch` compares each poll with
    try:
        person = session.by_token(participant_token(code))
        if person is not None and person.removed:
            raise cl.ClassError("removed")
    except cl.ClassError as error:
        st.error(error_line(error))
        return
    if person is None:
        if session.ended:
            st.error(tr("live.err.ended"))
            return
        nickname_form(code)
        draw_poller(watch, code)
        return
    keep_class(DRAWN_KEY, code, _version, session)
    draw_poller(seat_poller, code)
