"""The teacher's live class (the teacher's page, tool "Live class"): open a class from
the sequence or from generated questions, project the code, link and QR code, send the
questions one by one, watch the counts arrive, reveal the class's answers and the
explanation, and after class read the results, download them and see the weak spots.

Everything a class is lives in the database (tute_tutor/store/classes.py): the
projector reloading, or a second screen on another replica, shows the same class. The
class's code is also in the URL (``?live=CODE``) and only the browser that opened it
(its learner token) drives it.
"""

from __future__ import annotations

import html
import secrets
from typing import Any, Final

import pandas as pd
import streamlit as st

from tute_tutor.live import classroom as cl
from tute_tutor.live.deck import generated_specs, scenario_specs
from tute_tutor.quiz.generator import kind_label, rule_label
from tute_tutor.render.charts import answers_figure, weak_spots_figure
from tute_tutor.render.qr import qr_svg
from tute_tutor.store import StoreError
from tute_tutor.ui import builder as tb
from tute_tutor.ui import settings, tr
from tute_tutor.ui.layout import draw_poller, fragment
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
from tute_tutor.ui.profile import browser_token
from tute_tutor.ui.state import keep_choices, tr_count

CODE_KEY: Final = "live_code"
QUERY_KEY: Final = "live"
SEEN_KEY: Final = "live_seen"
STEP_KEY: Final = "live_step"
MESSAGE_KEY: Final = "live_message"
SOURCES: Final = ("generated", "sequence")
state = st.session_state


def _say(error: cl.ClassError | StoreError) -> None:
    state[MESSAGE_KEY] = error_line(error)


def _act(action: str, *args: Any, **options: Any) -> None:
    """A teacher's button: one store call; a refusal becomes one line."""
    code = state.get(CODE_KEY)
    if not code:
        return
    try:
        getattr(classes(), action)(code, *args, **options)
    except (cl.ClassError, StoreError) as error:
        _say(error)
    if action in ("send_next", "reveal"):
        state[STEP_KEY] = 0


def join_link(code: str) -> str:
    """The link students open (the join page with ``?class=CODE``) under the address the
    teacher's browser used (:func:`~tute_tutor.ui.builder.public_root`, as the teacher's
    share links)."""
    return f"{tb.public_root()}/join?class={code}"


# --------------------------------------------------------------------------- opening
def _open() -> None:
    current = settings()
    try:
        source = state.get("live_source", SOURCES[0])
        if source == "sequence":
            deck = scenario_specs(tb.get_deck(), state.get("live_seq_kind", "legal"))
        else:
            kinds = list(state.get("live_kinds") or cl.LIVE_KINDS)
            deck = generated_specs(kinds, int(state.get("live_count", 10)),
                                   rules=current.rules,
                                   difficulty=int(state.get("live_level", 1)),
                                   seed=secrets.randbelow(1 << 30))
        timer = state.get("live_timer", 0)
        chosen = cl.Settings(lock_lobby=False,
                             allow_change=bool(state.get("live_allow_change")),
                             timer=int(timer) if timer else None,
                             speed_points=bool(state.get("live_speed")))
        code = classes().open(chosen, deck, teacher=browser_token())
    except (cl.ClassError, StoreError) as error:
        _say(error)
        return
    state[CODE_KEY] = code
    st.query_params[QUERY_KEY] = code


def open_form() -> None:
    lang = settings().lang
    st.subheader(tr("live.open_title"))
    st.caption(tr("live.open_intro"))
    for key, first in (("live_source", SOURCES[0]), ("live_seq_kind", "legal"),
                       ("live_kinds", list(cl.LIVE_KINDS)), ("live_level", 1)):
        state.setdefault(key, first)
    keep_choices("live_source", "live_seq_kind", "live_kinds", "live_level", "live_timer")
    st.segmented_control(tr("live.source"), SOURCES, key="live_source",
                         format_func=lambda s: tr(f"live.source_{s}"))
    if state.get("live_source", SOURCES[0]) == "sequence":
        count = len(tb.get_deck())
        st.caption(tr_count("live.sequence_count", count))
        st.segmented_control(tr("live.ask_as"), ("legal", "obligation"), key="live_seq_kind",
                             format_func=lambda k: kind_label(k, lang))
    else:
        st.pills(tr("live.kinds"), cl.LIVE_KINDS, selection_mode="multi", key="live_kinds",
                 format_func=lambda k: kind_label(k, lang))
        with st.container(horizontal=True):
            st.number_input(tr("live.count"), 1, cl.MAX_QUESTIONS, 10, key="live_count")
            st.segmented_control(tr("live.level"), (1, 2, 3), key="live_level",
                                 format_func=lambda d: tr(f"live.level_{d}"))
    with st.container(horizontal=True):
        st.toggle(tr("live.allow_change"), key="live_allow_change")
        st.toggle(tr("live.speed"), key="live_speed", help=tr("live.speed_help"))
        st.selectbox(tr("live.timer"), (0, *cl.TIMER_CHOICES), key="live_timer",
                     format_func=lambda s: tr("live.no_timer") if not s
                     else tr("live.seconds", seconds=s))
    st.button(tr("live.open"), key="live_open", type="primary", on_click=_open,
              icon=":material/cast_for_education:")


# --------------------------------------------------------------------------- projector
def _moved(session: cl.ClassSession) -> tuple[int, int]:
    """What the projector's poll compares: the class's version and its answers."""
    return session.version, cl.counts(session).answered


@fragment(run_every=POLL_SECONDS)
def projector(code: str, deck_size: int) -> None:
    """Everything on the projector that changes, drawn again on every poll from one
    cheap read (the class loaded again only when it moved or an answer came): the
    counts, the teacher's controls, the students, the question and the results.

    Drawn here, not by a page run the poll would ask for: under load a projector once
    stayed without its Send button, and once without the chart of a question the class
    had revealed, until a reload.
    """
    try:
        poll = classes().poll(code)
        session = kept_class(SEEN_KEY, code, _moved, (poll.version, poll.answered))
    except (cl.ClassError, StoreError) as error:
        st.error(error_line(error))
        st.button(tr("live.leave"), key="live_leave_err", on_click=_leave)
        return
    message = kept_message(MESSAGE_KEY, poll.version)
    if message:
        st.warning(message)
    posed = session.current
    with st.container(horizontal=True, key="live_counts"):
        st.metric(tr("live.joined"), poll.joined)
        if poll.question >= 0:
            st.metric(tr("live.answered"), f"{poll.answered} / {poll.joined}")
        if posed is not None and posed.deadline is not None and posed.closed_at is None:
            if posed.is_open(poll.now):
                left = max(0, round(posed.deadline - poll.now))
                st.metric(tr("live.time_left"), tr("live.seconds", seconds=left))
            elif not posed.revealed:
                st.caption(tr("live.time_up"))  # the timer closed it, not the teacher
    controls(session, poll.now, deck_size)
    participants_block(session)
    question_block(session, poll.now)
    if session.ended or (posed is not None and posed.revealed):
        results_block(session)


def share_block(code: str) -> None:
    link = join_link(code)
    cols = st.columns([2, 1])
    with cols[0]:
        st.markdown(f"## {tr('live.code_is')}")
        st.markdown(f'<div class="tt-live-code" style="font-size:6rem;font-weight:700;'
                    f'letter-spacing:.4rem;font-family:monospace">{html.escape(code)}</div>',
                    unsafe_allow_html=True)
        st.caption(tr("live.go_to"))
        st.code(link, language=None)
    with cols[1]:
        st.markdown(f'<div class="tt-live-qr" role="img" '
                    f'aria-label="{html.escape(tr("live.qr"))}" style="max-width:340px">'
                    f"{qr_svg(link, scale=10)}</div>", unsafe_allow_html=True)


def participants_block(session: cl.ClassSession) -> None:
    people = session.active()
    with st.expander(tr("live.people", count=len(people))):
        if not people:
            st.caption(tr("live.nobody"))
        for person in people:
            with st.container(horizontal=True):
                st.text(person.nickname)  # typed by a student: plain text, never Markdown
                st.button(tr("live.remove"), key=f"live_remove_{person.id}",
                          type="tertiary", on_click=_act, args=("remove", person.id))


def chart(session: cl.ClassSession, lang: str) -> None:
    posed = session.current
    shown = cl.distribution(session)
    if posed is None or shown is None:
        return
    q = question(posed, lang)
    fig = answers_figure([q.label_of(o) for o in posed.options], list(shown.values()),
                         [o in posed.answer for o in posed.options],
                         lambda key, **v: tr(f"live.chart.{key}", **v))
    st.plotly_chart(fig, key=f"live_chart_{posed.index}", config={"displayModeBar": False})


def question_block(session: cl.ClassSession, now: float) -> None:
    current = settings()
    lang, style = current.lang, current.deck_style
    posed = session.current
    if posed is None:
        st.info(tr("live.lobby"))
        return
    q = question(posed, lang)
    st.markdown(f"## {tr('live.question_n', n=posed.index + 1)} · "
                f"{html.escape(kind_label(posed.kind, lang))}")
    for fact in q.facts:
        st.markdown(html.escape(fact))
    st.markdown(f"### {html.escape(q.ask)}")
    draw_board(q, style=style, lang=lang, width=130)
    if not q.option_cards:
        st.markdown(" · ".join(f"**{html.escape(label)}**" for label in q.option_labels))
    if not posed.revealed:
        st.caption(tr("live.hidden") if posed.is_open(now) else tr("live.closed_hidden"))
        return
    chart(session, lang)
    right = ", ".join(q.label_of(o) for o in posed.answer)
    st.success(tr("live.right_answer", answer=right))
    step = int(state.get(STEP_KEY, 0))
    if step >= 1:
        st.markdown(f"**{tr('live.why')}** {html.escape(q.explanation)}")
    else:
        st.button(tr("live.explain"), key="live_explain", icon=":material/lightbulb:",
                  on_click=lambda: state.__setitem__(STEP_KEY, 1), shortcut="Right")


def controls(session: cl.ClassSession, now: float, deck_size: int) -> None:
    posed = session.current
    sent = len(session.questions)
    with st.container(horizontal=True, key="live_controls"):
        if sent < deck_size and not session.ended:
            st.button(tr("live.send_first") if sent == 0 else tr("live.send_next"),
                      # one button per question: a press the browser repeats after
                      # the next one is drawn is still this one's, and sends nothing
                      key=f"live_send_{sent}", type="primary", on_click=_act,
                      args=("send_next",), kwargs={"sent": sent}, icon=":material/send:")
        if posed is not None and posed.is_open(now) and not session.ended:
            st.button(tr("live.close"), key="live_close", on_click=_act, args=("close",),
                      icon=":material/lock_clock:")
        if posed is not None and not posed.revealed:
            st.button(tr("live.reveal"), key="live_reveal", on_click=_act, args=("reveal",),
                      icon=":material/bar_chart:", type="primary" if not posed.is_open(now)
                      else "secondary")
        st.toggle(tr("live.lock"), value=session.settings.lock_lobby, key="live_lock",
                  on_change=lambda: _act("set_lock", bool(state.get("live_lock"))))
        if not session.ended:
            st.button(tr("live.end"), key="live_end", type="tertiary", on_click=_act,
                      args=("end",), icon=":material/stop_circle:")
        st.button(tr("live.leave"), key="live_leave", type="tertiary", on_click=_leave)
    st.caption(tr_count("live.progress", deck_size, sent=sent, total=deck_size))


def _leave() -> None:
    state.pop(CODE_KEY, None)
    state.pop(SEEN_KEY, None)
    st.query_params.pop(QUERY_KEY, None)
    st.rerun()  # from a button of the projector's fragment: the whole page, not the class


# --------------------------------------------------------------------------- after class
def results_table(session: cl.ClassSession, lang: str) -> pd.DataFrame:
    """Student by question (right / wrong / no answer, seconds), with the totals."""
    rows = []
    for row in cl.results(session):
        line: dict[str, Any] = {tr("live.col_student"): row.nickname}
        for posed, cell in zip(session.questions, row.cells, strict=True):
            name = tr("live.col_q", n=posed.index + 1)
            if not cell.answered:
                line[name] = tr("live.none")
            else:
                mark = tr("live.right") if cell.right else tr("live.wrong")
                line[name] = f"{mark} ({cell.seconds:.1f} s)"
        line[tr("live.col_right")] = row.right
        line[tr("live.col_score")] = row.score
        rows.append(line)
    return pd.DataFrame(rows)


def results_block(session: cl.ClassSession) -> None:
    lang = settings().lang
    if not session.questions:
        return
    st.subheader(tr("live.results"))
    table = results_table(session, lang)
    st.dataframe(table, hide_index=True, key="live_results")
    st.download_button(tr("live.download"), table.to_csv(index=False).encode(),
                       file_name=f"class-{session.code}.csv", mime="text/csv",
                       key="live_download", icon=":material/download:")
    spots = [{"rule": s.rule, "asked": s.asked, "missed": s.missed}
             for s in cl.weak_spots(session) if s.asked]
    if spots:
        fig = weak_spots_figure(spots, lambda key, **v: tr(f"live.chart.{key}", **v),
                                lambda rule: rule_label(rule, lang))
        st.plotly_chart(fig, key="live_weak", config={"displayModeBar": False})


# --------------------------------------------------------------------------- the page
def _code_in_url() -> str | None:
    wanted = st.query_params.get(QUERY_KEY)
    if not wanted:
        return None
    try:
        code = cl.clean_code(wanted)
        if classes().is_teacher(code, browser_token()):
            return code
        state[MESSAGE_KEY] = tr("live.err.not_teacher")
    except (cl.ClassError, StoreError) as error:
        _say(error)
    st.query_params.pop(QUERY_KEY, None)
    return None


def render_live_class() -> None:
    """The live-class tool: the opening form, or the projector of the open class."""
    code = state.get(CODE_KEY) or _code_in_url()
    message = state.pop(MESSAGE_KEY, None)
    if message:
        st.warning(message)
    if not code:
        open_form()
        return
    state[CODE_KEY] = code
    try:
        store = classes()
        session, _now = store.load(code)
        deck_size = len(store.deck(code))
    except (cl.ClassError, StoreError) as error:
        st.error(error_line(error))
        st.button(tr("live.leave"), key="live_leave_err", on_click=_leave)
        if isinstance(error, StoreError):
            redraw_when_back(lambda: classes().load(code))
        return
    keep_class(SEEN_KEY, code, _moved, session)
    share_block(code)
    draw_poller(projector, code, deck_size)
