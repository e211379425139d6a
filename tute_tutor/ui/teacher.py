"""The teacher's page: build scenarios, order them into a sequence of slides, project them
step by step, share them by link or file, print worksheets, and replay a recorded hand
trick by trick. Every answer comes from the engine through :mod:`tute_tutor.ui.builder`
and :mod:`tute_tutor.ui.presenter`.
"""

from __future__ import annotations

import json
from functools import partial
from typing import Final

import streamlit as st

from tute_tutor.engine.cards import SUIT_LETTERS, suit_name
from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.variants import PRESETS
from tute_tutor.formats.inputs import InputError, decode_text
from tute_tutor.formats.limits import MAX_FIELD_CHARS, MAX_FILE_BYTES
from tute_tutor.formats.record import ReplayError, load_record_text
from tute_tutor.formats.scenario import Scenario
from tute_tutor.formats.share import (
    HAND_QUERY_KEY,
    QUERY_KEY,
    ShareError,
    encode_hand_link,
    encode_link,
    scenarios_from_file_bytes,
    scenarios_to_file_text,
)
from tute_tutor.render.qr import qr_svg
from tute_tutor.teach.worksheet import build_worksheet, ruleset_label, worksheet_html, worksheet_pdf
from tute_tutor.ui import builder as tb
from tute_tutor.ui import presenter as pr
from tute_tutor.ui import settings, tr
from tute_tutor.ui.cards import clickable_hand
from tute_tutor.ui.live_class import QUERY_KEY as LIVE_QUERY
from tute_tutor.ui.live_class import render_live_class
from tute_tutor.ui.state import keep_choices, tr_count
from tute_tutor.words.markup import escape_markdown

MODES = ("build", "deck", "present", "worksheet", "record", "live")
MODE = "teacher_mode"
MODE_WIDGET = "teacher_mode_w"
SLIDE, STEP = "pr_slide", "pr_step"
RECORD, RECORD_TRICK, RECORD_PROJECT = "rec_record", "rec_trick", "rec_project"
KEEP: Final = "session"  # widgets keep their values while another tool shows, and across pages

state = st.session_state


def set_mode(mode: str) -> None:
    state[MODE] = mode


def on_mode() -> None:
    state[MODE] = state[MODE_WIDGET]


# --------------------------------------------------------------------------- presenter
def present() -> None:
    current = settings()
    lang, style = current.lang, current.deck_style
    pr.hide_chrome()
    slides = tb.get_deck()
    if not slides:
        scenario, _ = tb.current_scenario()
        slides = [scenario] if scenario else []
    if not slides:
        st.warning(tr("teacher.nothing_to_present"))
        st.button(tr("teacher.exit_presenter"), on_click=set_mode, args=("build",))
        return
    state[SLIDE], state[STEP] = pr.clamp_position(state[SLIDE], state[STEP], len(slides))

    def move(forward: bool) -> None:
        step = pr.step_forward if forward else pr.step_back
        state[SLIDE], state[STEP] = step(state[SLIDE], state[STEP], len(slides))

    with st.container(horizontal=True, vertical_alignment="center"):
        st.button(tr("teacher.back"), key="pr_back", on_click=move, args=(False,),
                  shortcut="Left", icon=":material/arrow_back:")
        st.button(tr("teacher.next"), key="pr_next", on_click=move, args=(True,),
                  shortcut="Right", type="primary", icon=":material/arrow_forward:")
        st.caption(tr("teacher.keys_hint"))
        st.button(tr("teacher.exit_presenter"), key="pr_exit", on_click=set_mode,
                  args=("deck" if tb.get_deck() else "build",), shortcut="Esc",
                  type="tertiary")
    # A presentation clicker sends Page Down / Page Up: two more keys, buttons not shown.
    st.html("<style>.st-key-pr_page_back, .st-key-pr_page_next { display: none; }</style>")
    st.button(tr("teacher.back"), key="pr_page_back", on_click=move, args=(False,),
              shortcut="PageUp")
    st.button(tr("teacher.next"), key="pr_page_next", on_click=move, args=(True,),
              shortcut="PageDown")
    pr.render_slide(slides[state[SLIDE]], state[STEP], style=style, lang=lang,
                    number=state[SLIDE] + 1, total=len(slides))


# --------------------------------------------------------------------------- builder
def builder() -> None:
    current = settings()
    lang, style = current.lang, current.deck_style
    keep_choices(tb.RULESET, tb.TRUMP, tb.TOPIC, tb.DIFFICULTY)
    left, right = st.columns([3, 2], gap="large")
    with left:
        with st.container(horizontal=True):
            st.selectbox(tr("teacher.ruleset"), list(PRESETS), key=tb.RULESET, persist_state=KEEP,
                         format_func=lambda r: ruleset_label(r, lang),
                         on_change=tb.on_ruleset_change)
            st.selectbox(tr("teacher.trump"), list(SUIT_LETTERS), key=tb.TRUMP, persist_state=KEEP,
                         # the deck given, not the spoken one: Streamlit may format
                         # the options again outside the run
                         format_func=lambda letter: suit_name(SUIT_LETTERS.index(letter), lang,
                                                              style))
            if PRESETS[state[tb.RULESET]].has_stock:
                st.number_input(tr("teacher.stock_left"), min_value=0, max_value=24, step=2,
                                key=tb.STOCK, persist_state=KEEP)
        with st.expander(tr("teacher.flags")):
            for name in tb.FLAGS:
                st.checkbox(tr(f"settings.flag.{name}.label"), key=tb.flag_key(name),
                            persist_state=KEEP)
        with st.container(border=True):
            st.markdown(f"**{tr('teacher.generate_title')}**")
            topics = tb.topics_for(tb.builder_rules())
            if state.get(tb.TOPIC) not in topics:
                state[tb.TOPIC] = tb.ANY_TOPIC
            with st.container(horizontal=True, vertical_alignment="bottom"):
                st.selectbox(tr("teacher.topic"), topics, key=tb.TOPIC, persist_state=KEEP,
                             format_func=lambda c: tr("teacher.any_topic") if c == tb.ANY_TOPIC
                             else tr(f"worksheet.obligation.{c}"))
                st.radio(tr("teacher.difficulty"), (1, 2, 3), key=tb.DIFFICULTY, persist_state=KEEP,
                         horizontal=True, format_func=lambda d: tr(f"teacher.level.{d}"))
                st.button(tr("teacher.generate"), key="tb_generate", icon=":material/casino:",
                          on_click=tb.on_generate, args=(lang,))
            with st.container(horizontal=True, vertical_alignment="bottom"):
                st.number_input(tr("teacher.gen_count"), min_value=1, max_value=40, value=10,
                                key=tb.GEN_COUNT, persist_state=KEEP, width=160)
                st.button(tr("teacher.generate_many"), key="tb_generate_many",
                          icon=":material/playlist_add:", on_click=tb.on_generate_many,
                          args=(lang,))
        fields = st.container()
        picker = st.container(border=True)
        with picker:
            st.radio(tr("teacher.target"), ("trick", "hand"), key=tb.TARGET, persist_state=KEEP,
                     horizontal=True,
                     format_func=lambda k: tr(f"teacher.target_{k}"))
            used = tb.used_codes(state[tb.TRICK], state[tb.HAND])
            clicked = None
            for suit, row in enumerate(tb.suit_rows(state[tb.RULESET])):
                free = [c for c in row if str(c) not in used]
                if not free:
                    continue
                card = clickable_hand(free, key=tb.pick_key(suit), style=style, lang=lang,
                                      width=46)
                clicked = clicked or card
        if clicked is not None:
            target = tb.TRICK if state[tb.TARGET] == "trick" else tb.HAND
            state[target] = tb.append_code(state[target], clicked)
            st.rerun()
        with fields:
            st.caption(tr("teacher.fields_help"))
            with st.container(horizontal=True, vertical_alignment="bottom"):
                st.text_input(tr("teacher.trick_codes"), key=tb.TRICK, persist_state=KEEP,
                              placeholder="10c, 2o", max_chars=MAX_FIELD_CHARS)
                st.button("", key="tb_back_trick", on_click=tb.remove_last, args=(tb.TRICK,),
                          icon=":material/backspace:", help=tr("teacher.remove_last"))
                st.button(tr("teacher.clear"), key="tb_clear_trick", on_click=tb.clear_field,
                          args=(tb.TRICK,))
            with st.container(horizontal=True, vertical_alignment="bottom"):
                st.text_input(tr("teacher.hand_codes"), key=tb.HAND, persist_state=KEEP,
                              placeholder="12c, 4c, 5b", max_chars=MAX_FIELD_CHARS)
                st.button("", key="tb_back_hand", on_click=tb.remove_last, args=(tb.HAND,),
                          icon=":material/backspace:", help=tr("teacher.remove_last"))
                st.button(tr("teacher.clear"), key="tb_clear_hand", on_click=tb.clear_field,
                          args=(tb.HAND,))
    scenario, problem = tb.current_scenario()
    with right:
        st.subheader(tr("teacher.answer"))
        if scenario is None:
            st.error(tr("teacher.invalid", error=tb.scenario_problem(str(problem), lang)),
                     icon=":material/block:")
        else:
            tb.render_answer(scenario, style=style, lang=lang)
            st.button(tr("teacher.add_to_deck"), key="tb_add", type="primary",
                      icon=":material/playlist_add:", on_click=add_current)
            st.caption(tr_count("teacher.deck_count", len(tb.get_deck())))


def add_current() -> None:
    scenario, _ = tb.current_scenario()
    if scenario is not None:
        tb.add_to_deck(scenario)
        state[tb.MESSAGE] = ("success", tr_count("teacher.added", len(tb.get_deck())))


def edit_slide(index: int) -> None:
    slides = tb.get_deck()
    if 0 <= index < len(slides):
        tb.load_into_builder(slides[index])
        state[MODE] = "build"


def start_presenting(index: int = 0) -> None:
    state[SLIDE], state[STEP] = index, 0
    state[MODE] = "present"


# --------------------------------------------------------------------------- sequence & sharing
def sequence() -> None:
    current = settings()
    lang = current.lang
    slides = tb.get_deck()
    st.subheader(tr("teacher.deck_title", count=len(slides)))
    if not slides:
        st.info(tr("teacher.deck_empty"))
    for index, line in enumerate(pr.deck_summary(slides, lang)):
        with st.container(horizontal=True, vertical_alignment="center"):
            st.markdown(f"**{index + 1}.** {line}")
            st.button("", key=f"deck_up_{index}", icon=":material/arrow_upward:",
                      on_click=tb.move_in_deck, args=(index, -1), disabled=index == 0,
                      help=tr("teacher.move_up"))
            st.button("", key=f"deck_down_{index}", icon=":material/arrow_downward:",
                      on_click=tb.move_in_deck, args=(index, 1),
                      disabled=index == len(slides) - 1, help=tr("teacher.move_down"))
            st.button("", key=f"deck_edit_{index}", icon=":material/edit:",
                      on_click=edit_slide, args=(index,), help=tr("teacher.edit"))
            st.button("", key=f"deck_show_{index}", icon=":material/slideshow:",
                      on_click=start_presenting, args=(index,), help=tr("teacher.present_from"))
            st.button("", key=f"deck_remove_{index}", icon=":material/delete:",
                      on_click=tb.remove_from_deck, args=(index,), help=tr("teacher.remove"))
    if slides:
        with st.container(horizontal=True):
            st.button(tr("teacher.present"), key="deck_present", type="primary",
                      icon=":material/slideshow:", on_click=start_presenting)
            st.button(tr("teacher.clear_deck"), key="deck_clear", on_click=tb.set_deck,
                      args=([],))
        share(slides)
    load_file()


def share(slides: list[Scenario]) -> None:
    current = settings()
    lang = current.lang
    st.subheader(tr("teacher.share_title"))
    links = tb.links_for(slides, lang)
    if links is None:
        st.warning(tr("teacher.link_too_long"))
    else:
        teacher_link, student_link = links
        st.markdown(tr("teacher.student_link"))
        st.code(student_link, language=None, wrap_lines=True)
        with st.expander(tr("teacher.qr_title"), icon=":material/qr_code_2:"):
            st.image(qr_svg(student_link), caption=tr("teacher.qr_caption"), width=260)
        st.markdown(tr("teacher.teacher_link"))
        st.code(teacher_link, language=None, wrap_lines=True)
        st.page_link("pages/try_it.py", label=tr("teacher.open_student_view"),
                     icon=":material/open_in_new:",
                     query_params={QUERY_KEY: encode_link(slides), "lang": lang})
    st.download_button(tr("teacher.save_file"), scenarios_to_file_text(slides),
                       file_name="tute-scenarios.json", mime="application/json",
                       icon=":material/download:", key="deck_save")


def load_file() -> None:
    current = settings()
    lang = current.lang
    st.subheader(tr("teacher.load_title"))
    upload = st.file_uploader(tr("teacher.load_file"), type=["json"], key="deck_upload")
    if upload is None:
        return
    try:
        loaded = scenarios_from_file_bytes(upload.getvalue())
    except ShareError as error:
        st.error(tb.link_error_line(error, lang, source="file"))
        return
    st.success(tr_count("teacher.file_ok", len(loaded)))
    with st.container(horizontal=True):
        st.button(tr("teacher.append_file"), key="deck_append",
                  on_click=lambda: tb.set_deck([*tb.get_deck(), *loaded]))
        st.button(tr("teacher.replace_file"), key="deck_replace",
                  on_click=partial(tb.set_deck, loaded))


# --------------------------------------------------------------------------- worksheet
def worksheet() -> None:
    current = settings()
    lang, style = current.lang, current.deck_style
    slides = tb.get_deck()
    sources = ("deck", "generate") if slides else ("generate",)
    keep_choices("ws_source", "ws_topic", "ws_difficulty")
    source = st.radio(tr("teacher.ws_source"), sources, key="ws_source", persist_state=KEEP,
                      horizontal=True,
                      format_func=lambda s: tr(f"teacher.ws_source_{s}", count=len(slides)))
    title = st.text_input(tr("teacher.ws_title_field"), value=tr("worksheet.title"),
                          key="ws_title", persist_state=KEEP, max_chars=120)
    if source == "generate":
        topics = tb.topics_for(current.rules)
        with st.container(horizontal=True, vertical_alignment="bottom"):
            count = st.number_input(tr("teacher.ws_count"), 1, 40, 10, key="ws_count",
                                    persist_state=KEEP)
            topic = st.selectbox(tr("teacher.topic"), topics, key="ws_topic", persist_state=KEEP,
                                 format_func=lambda c: tr("teacher.any_topic")
                                 if c == tb.ANY_TOPIC else tr(f"worksheet.obligation.{c}"))
            difficulty = st.radio(tr("teacher.difficulty"), (1, 2, 3), key="ws_difficulty",
                                  persist_state=KEEP,
                                  horizontal=True, format_func=lambda d: tr(f"teacher.level.{d}"))
            seed = st.number_input(tr("teacher.ws_seed"), 0, 10**6, 1, key="ws_seed",
                                   persist_state=KEEP,
                                   help=tr("teacher.ws_seed_help"))
        st.caption(tr("teacher.ws_rules_from_sidebar",
                      ruleset=ruleset_label(current.ruleset, lang)))
        try:
            slides = tb.generated_set(current.rules, topic, int(difficulty), int(count),
                                      int(seed))
        except TuteError as error:
            st.error(tr("teacher.generate_failed", error=escape_markdown(error)))
            return
    sheet = build_worksheet(slides, lang=lang, title=title.strip() or None, style=style)
    page = worksheet_html(sheet, style=style)
    st.caption(tr_count("teacher.ws_ready", len(sheet.items)))
    with st.container(horizontal=True):
        st.download_button(tr("teacher.ws_html"), page, file_name="tute-worksheet.html",
                           mime="text/html", icon=":material/html:", key="ws_dl_html")
        st.download_button(tr("teacher.ws_pdf"),
                           partial(worksheet_pdf, sheet, style=style),
                           file_name="tute-worksheet.pdf", mime="application/pdf",
                           icon=":material/picture_as_pdf:", key="ws_dl_pdf")
        st.download_button(tr("teacher.ws_key_pdf"),
                           partial(worksheet_pdf, sheet, style=style, part="key"),
                           file_name="tute-worksheet-key.pdf", mime="application/pdf",
                           icon=":material/key:", key="ws_dl_key")
    # Generated by worksheet_html, which escapes every text it takes from the teacher.
    st.iframe(page, height=720)


# --------------------------------------------------------------------------- hand records
def records(projecting: bool = False) -> None:
    """Review a recorded hand; on the projector only the tricks show (record kept in state)."""
    current = settings()
    lang, style = current.lang, current.deck_style
    if projecting:
        pr.hide_chrome()
        text = str(state[RECORD])
    else:
        upload = st.file_uploader(tr("teacher.record_upload"), type=["json"], key="rec_upload")
        pasted = st.text_area(tr("teacher.record_paste"), key="rec_paste", persist_state=KEEP,
                              height=90, max_chars=MAX_FILE_BYTES)
        try:
            text = decode_text(upload.getvalue(), what=upload.name) if upload is not None \
                else pasted
        except InputError as error:
            st.error(pr.record_error_line(error, lang))
            return
        if not text.strip():
            text = str(state.get(RECORD) or "")  # the hand already loaded stays on show
    if not text.strip():
        st.info(tr("teacher.record_help"))
        return
    try:
        record = load_record_text(text)
        walk = pr.walk_record(record, lang)
    except (ReplayError, TuteError) as error:
        st.error(pr.record_error_line(error, lang))
        return
    if not walk.tricks:
        st.warning(tr("teacher.record_no_tricks"))
        return
    if state.get(RECORD) != json.dumps(record, sort_keys=True):
        state[RECORD] = json.dumps(record, sort_keys=True)
        state[RECORD_TRICK] = 0
    index = min(state.get(RECORD_TRICK, 0), len(walk.tricks) - 1)

    def move(offset: int) -> None:  # from the stored position: quick presses all count
        position = int(state.get(RECORD_TRICK, 0)) + offset
        state[RECORD_TRICK] = min(max(0, position), len(walk.tricks) - 1)

    with st.container(horizontal=True, vertical_alignment="center"):
        st.button(tr("teacher.back"), key="rec_back", on_click=move, args=(-1,),
                  shortcut="Left", disabled=index == 0, icon=":material/arrow_back:")
        st.button(tr("teacher.next"), key="rec_next", on_click=move, args=(1,),
                  shortcut="Right", type="primary", disabled=index == len(walk.tricks) - 1,
                  icon=":material/arrow_forward:")
        st.caption(tr("teacher.keys_hint"))
        st.toggle(tr("teacher.record_project"), key=RECORD_PROJECT, persist_state=KEEP)
        if not projecting:
            watch_link(record, lang)
    pr.render_record_trick(walk, index, style=style, lang=lang,
                           width=pr.BIG_CARD if projecting else 110)
    if index == len(walk.tricks) - 1:
        pr.render_record_result(walk, lang)


def watch_link(record: object, lang: str) -> None:
    """A link to the Watch page with this hand, every card with its reason (none when the
    hand is too long for a link)."""
    try:
        token = encode_hand_link(record)  # type: ignore[arg-type]
    except ShareError:
        return
    st.page_link("pages/watch.py", label=tr("teacher.record_watch"),
                 icon=":material/visibility:",
                 query_params={HAND_QUERY_KEY: token, "lang": lang})


def render_teacher_page() -> None:
    """Draw the teacher's page in its current mode."""
    current = settings()
    lang = current.lang
    tb.init_builder(current.rules)
    state.setdefault(MODE, "build")
    state.setdefault(SLIDE, 0)
    state.setdefault(STEP, 0)
    linked = tb.load_link_once(lang)
    if linked:
        tb.set_deck(linked)
        tb.load_into_builder(linked[0])
        state[MODE] = "deck"
        state[tb.MESSAGE] = ("success", tr_count("teacher.link_loaded", len(linked)))
    if st.query_params.get(LIVE_QUERY):
        state[MODE] = "live"  # the projector reloaded, or a link to the open class
    if state[MODE] == "present":
        present()
    elif state[MODE] == "record" and state.get(RECORD_PROJECT) and state.get(RECORD):
        records(projecting=True)
    else:
        st.title(tr("teacher.title"))
        st.caption(tr("teacher.intro"))
        state[MODE_WIDGET] = state[MODE]
        st.radio(tr("teacher.mode"), MODES, key=MODE_WIDGET, horizontal=True, on_change=on_mode,
                 format_func=lambda m: tr(f"teacher.mode_{m}"), label_visibility="collapsed")
        tb.show_message()
        {"build": builder, "deck": sequence, "worksheet": worksheet, "record": records,
         "live": render_live_class}.get(state[MODE], builder)()
