"""The try-it page: a student opens a teacher's link (``?s=...``), marks the cards they think
they may play, and only then sees the engine's answer and why. Read-only: nothing here
changes the teacher's scenarios.
"""

from __future__ import annotations

import hashlib
from urllib.parse import parse_qs, urlsplit

import streamlit as st

from tute_tutor.engine.cards import suit_name
from tute_tutor.formats.limits import MAX_PARAM_CHARS, MAX_TOKEN_CHARS
from tute_tutor.formats.scenario import Scenario
from tute_tutor.formats.share import QUERY_KEY, ShareError, decode_link
from tute_tutor.store import StoreError
from tute_tutor.teach.worksheet import card_text, rule_notes, ruleset_label, trick_labels
from tute_tutor.ui import presenter as pr
from tute_tutor.ui import settings, tr
from tute_tutor.ui.builder import link_error_line
from tute_tutor.ui.cards import (
    clear_selection,
    select_cards,
    selected_codes,
    show_cards,
    show_trick,
)
from tute_tutor.ui.profile import current_profile, get_store, store_message
from tute_tutor.ui.state import tr_count
from tute_tutor.words.catalog import t, t_count
from tute_tutor.words.explain import explain

TOKEN, INDEX, ANSWERS, PASTED = "try_token", "try_index", "try_answers", "try_paste"
STORE_PROBLEM = "try_store_problem"


def question_heading(scenario: Scenario, lang: str) -> str:
    """What the question is played under: trump, rule set, stock left, the rules in force
    (:func:`~tute_tutor.teach.worksheet.rule_notes`)."""
    parts = [t("worksheet.trump", lang, suit=suit_name(scenario.trump, lang)),
             t("worksheet.rules", lang, ruleset=ruleset_label(scenario.ruleset, lang))]
    if scenario.stock_left:
        parts.append(t_count("worksheet.stock_left", scenario.stock_left, lang))
    return " · ".join(parts + rule_notes(scenario.rules, lang))


def render_try_it_page() -> None:
    """Draw the try-it page."""
    current = settings()
    lang, style = current.lang, current.deck_style
    state = st.session_state
    from_url = st.query_params.get(QUERY_KEY)
    if from_url and from_url != state.get(TOKEN):
        state[TOKEN] = from_url
        state[INDEX] = 0
        state[ANSWERS] = {}
    def token_from_text(text: str) -> str:
        """A pasted link or a bare token: the ``s`` value of a link, else the text itself."""
        text = text.strip()
        if "?" in text or "://" in text:
            values = parse_qs(urlsplit(text).query).get(QUERY_KEY)
            return values[0] if values else ""
        return text
    def on_paste() -> None:
        text = str(state.get(PASTED, "")).strip()
        if text:
            # a link without its scenario keeps a blank token, so the page says what is missing
            state[TOKEN] = token_from_text(text) or " "
            state[INDEX] = 0
            state[ANSWERS] = {}
    st.title(tr("try_it.title"))
    token = state.get(TOKEN)
    if not token:
        st.info(tr("try_it.no_link"))
        st.text_input(tr("try_it.paste"), key=PASTED, on_change=on_paste,
                      max_chars=MAX_TOKEN_CHARS + MAX_PARAM_CHARS)
        st.stop()
    try:
        scenarios = decode_link(token)
    except ShareError as error:
        st.error(link_error_line(error, lang))
        st.text_input(tr("try_it.paste"), key=PASTED, on_change=on_paste,
                      max_chars=MAX_TOKEN_CHARS + MAX_PARAM_CHARS)
        st.stop()
    state.setdefault(INDEX, 0)
    state.setdefault(ANSWERS, {})
    index = min(max(0, int(state[INDEX])), len(scenarios) - 1)
    answers: dict[int, list[str]] = state[ANSWERS]
    scenario: Scenario = scenarios[index]
    analysis = scenario.analyse()
    token_id = hashlib.sha1(token.encode()).hexdigest()[:10]
    pick_key = f"try_{token_id}_{index}"
    def go(offset: int) -> None:  # from the stored position: quick presses all count
        state[INDEX] = min(max(0, int(state.get(INDEX, 0)) + offset), len(scenarios) - 1)
    def check() -> None:
        # Read the marked cards now, not when the button was drawn: a card clicked just
        # before "check" may not have reached the last drawing yet.
        chosen = selected_codes(pick_key, scenario.hand)
        answers[index] = chosen
        record_progress(chosen)
    def record_progress(chosen: list[str]) -> None:
        """Count the answer in the learner's progress (a store problem is one line, no more)."""
        legal = [str(c) for c in analysis.legal]
        try:
            get_store().record_answer(
                current_profile(), kind="legal", rule=analysis.obligation,
                correct=chosen == legal,
                detail={"source": "try_it", "scenario": scenario.to_json(), "chosen": chosen})
        except StoreError as error:
            state[STORE_PROBLEM] = store_message(error)
    def again() -> None:
        answers.pop(index, None)
        clear_selection(pick_key)
    right = sum(1 for i, codes in answers.items()
                if i < len(scenarios) and codes == [str(c) for c in scenarios[i].analyse().legal])
    st.caption(tr_count("try_it.progress", len(answers), number=index + 1,
                        total=len(scenarios), right=right, answered=len(answers)))
    st.markdown("#### " + question_heading(scenario, lang))
    st.markdown(f"**{pr.leader_sentence(scenario, lang)}**")
    answered = index in answers
    if scenario.trick:
        show_trick(list(scenario.trick),
                   labels=trick_labels(scenario.rules.players, len(scenario.trick), lang),
                   winning=pr.winning_position(scenario, analysis) if answered else None,
                   style=style, lang=lang, width=100)
    st.markdown(f"**{tr('worksheet.hand')}** · {tr('try_it.question')}")
    if not answered:
        select_cards(list(scenario.hand), key=pick_key, style=style, lang=lang, width=100)
        st.button(tr("try_it.check"), key=f"try_check_{index}", type="primary",
                  on_click=check,
                  icon=":material/check:")
    else:
        problem = state.pop(STORE_PROBLEM, None)
        if problem:
            st.warning(problem)
        legal = [str(c) for c in analysis.legal]
        chosen_codes = answers[index]
        show_cards(list(scenario.hand), style=style, lang=lang, width=100,
                   legal=list(analysis.legal))
        if chosen_codes == legal:
            st.success(tr("try_it.right"), icon=":material/celebration:")
        else:
            missing = [c for c in analysis.legal if str(c) not in chosen_codes]
            extra = [c for c in scenario.hand if str(c) in chosen_codes and str(c) not in legal]
            lines = [tr("try_it.wrong")]
            if missing:
                lines.append(tr("try_it.missing",
                                cards=", ".join(card_text(c, lang, style) for c in missing)))
            if extra:
                lines.append(tr("try_it.extra",
                                cards=", ".join(card_text(c, lang, style) for c in extra)))
            st.error(" ".join(lines), icon=":material/close:")
        if analysis.winning is not None:
            st.markdown(pr.winning_sentence(analysis, lang, style))
        st.info(explain(analysis, lang))
        for line in pr.refusal_lines(analysis, lang):
            st.markdown(f"- {line}")
        st.button(tr("try_it.again"), key=f"try_again_{index}", on_click=again,
                  icon=":material/replay:")
    with st.container(horizontal=True):
        st.button(tr("try_it.previous"), key="try_prev", on_click=go, args=(-1,),
                  disabled=index == 0, icon=":material/arrow_back:", shortcut="Left")
        st.button(tr("try_it.next"), key="try_next", on_click=go, args=(1,),
                  disabled=index == len(scenarios) - 1, icon=":material/arrow_forward:",
                  shortcut="Right")
