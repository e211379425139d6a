"""The quiz page: generated questions, answers by clicking cards or options, instant
feedback, a streak, and the next question drawn by what the learner needs (FSRS).

The page keeps only what it must in the session (the current question's seed and
settings, the streak, the FSRS states replayed once from the store); questions are
regenerated from their seed in the session's language (cached), every answer goes to
the store at once. An answer the store could not save waits in the session and is
saved with the next one, so a locked database loses nothing.
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime
from typing import Any

import streamlit as st

from tute_tutor.engine.cards import Card
from tute_tutor.engine.variants import find_rules
from tute_tutor.formats.limits import MAX_PARAM_CHARS
from tute_tutor.quiz.generator import (
    KINDS,
    QuizError,
    check_answer,
    generate_question,
    kind_label,
    kinds_for,
    rule_label,
    rules_for,
)
from tute_tutor.quiz.question import Answering, QuizQuestion, Reveal
from tute_tutor.quiz.srs import BOXES, RuleState, next_question, replay_history, review
from tute_tutor.store import StoreError
from tute_tutor.ui.cards import clickable_hand, select_cards, show_cards, show_trick
from tute_tutor.ui.profile import current_profile, get_store, store_message
from tute_tutor.ui.state import Settings, settings, tr
from tute_tutor.words.cards import deck_names, spoken_deck
from tute_tutor.words.markup import escape_markdown

CURRENT = "quiz_current"
RESULT = "quiz_result"
STREAK = "quiz_streak"
BEST = "quiz_best"
SRS = "quiz_srs"
PENDING = "quiz_pending"
KINDS_STATE = "quiz_kinds"
KINDS_WIDGET = "quiz_kinds_pick"
LEVEL_STATE = "quiz_level"
LEVEL_WIDGET = "quiz_level_pick"
NEXT_KEY = "quiz_next"
CARD_WIDTH = 84


# --------------------------------------------------------------------------- keys
def option_key(number: int, value: str) -> str:
    """Widget key of the button answering ``value`` to question ``number``."""
    return f"quiz_opt_{number}_{value}"


def cards_key(number: int) -> str:
    """Key of the clickable hand (or multi-select) answering question ``number``."""
    return f"quiz_cards_{number}"


def check_key(number: int) -> str:
    """Key of the button that checks the cards marked for question ``number``."""
    return f"quiz_check_{number}"


# --------------------------------------------------------------------------- questions
@st.cache_data(max_entries=512, show_spinner=False)
def cached_question(kind: str, seed: int, ruleset: str, overrides_json: str, lang: str,
                    difficulty: int, rule: str, deck: str = "spanish") -> QuizQuestion:
    """The question for these arguments (pure and reproducible, so cached), its cards
    and suits named in the words of ``deck``."""
    overrides = json.loads(overrides_json) or None
    with deck_names(deck):
        return generate_question(kind, seed, find_rules(ruleset, overrides), lang=lang,
                                 difficulty=difficulty, rule=rule)


def question_of(current: dict[str, Any], lang: str) -> QuizQuestion:
    """The question described by the session's ``quiz_current`` entry, in ``lang`` and
    the words of the deck being spoken."""
    return cached_question(current["kind"], current["seed"], current["ruleset"],
                           json.dumps(current["overrides"], sort_keys=True), lang,
                           current["difficulty"], current["rule"], spoken_deck())


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _rng() -> random.Random:
    state = st.session_state
    if "quiz_rng" not in state:
        state["quiz_rng"] = random.Random(random.SystemRandom().randrange(2**32))
    rng: random.Random = state["quiz_rng"]
    return rng


def srs_states(profile: str) -> dict[str, RuleState]:
    """The FSRS states of ``profile``, replayed from the store once per session."""
    state = st.session_state
    cached = state.get(SRS)
    if cached is None or cached.get("profile") != profile:
        try:
            answers = get_store().answers(profile)
        except StoreError:
            answers = []
        cached = {"profile": profile, "states": replay_history(answers),
                  "kinds": {answer.kind for answer in answers}}
        state[SRS] = cached
        state[STREAK] = 0
        state[BEST] = 0
    states: dict[str, RuleState] = cached["states"]
    return states


def _asked_kinds() -> set[str]:
    """The kinds this profile has answered (read with :func:`srs_states`)."""
    kinds: set[str] = st.session_state[SRS].setdefault("kinds", set())
    return kinds


def _kinds_from_link() -> None:
    """``?kinds=legal,cante`` (a teacher's link) picks the kinds once per session."""
    state = st.session_state
    wanted = st.query_params.get("kinds")
    if wanted and not state.get("quiz_link_read"):
        state["quiz_link_read"] = True
        picked = [k.strip() for k in wanted[:MAX_PARAM_CHARS].split(",") if k.strip() in KINDS]
        if picked:
            state[KINDS_STATE] = picked
            state[CURRENT] = None


def chosen_kinds(current: Settings) -> list[str]:
    """The kinds the learner picked that the rule set has (all of them if none)."""
    available = kinds_for(current.rules)
    picked = [k for k in st.session_state.get(KINDS_STATE, available) if k in available]
    return picked or available


def chosen_level() -> int:
    """The difficulty picked: 1 beginner, 2 intermediate, 3 expert."""
    level = st.session_state.get(LEVEL_STATE, 1)
    return level if level in (1, 2, 3) else 1


def new_question(current: Settings, profile: str) -> dict[str, Any]:
    """Draw the next kind by what the learner needs, its rule by FSRS, and a seed."""
    rules = current.rules
    level = chosen_level()
    trained = {kind: list(rules_for(kind, rules, level)) for kind in chosen_kinds(current)}
    rng = _rng()
    last = st.session_state.get(CURRENT, {}) or {}
    states = srs_states(profile)
    kind, rule = next_question(states, trained, _now(), rng, asked=_asked_kinds(),
                               last_kind=last.get("kind"), last_rule=last.get("rule"))
    entry = {"number": int(last.get("number", 0)) + 1, "kind": kind,
             "rule": rule, "seed": rng.randrange(10**9), "difficulty": level,
             "ruleset": current.ruleset, "overrides": dict(current.overrides)}
    st.session_state[CURRENT] = entry
    st.session_state[RESULT] = None
    return entry


def _matches(entry: dict[str, Any] | None, current: Settings) -> bool:
    if not entry:
        return False
    return (entry["ruleset"] == current.ruleset and entry["overrides"] == current.overrides
            and entry["difficulty"] == chosen_level()
            and entry["kind"] in chosen_kinds(current))


# --------------------------------------------------------------------------- answering
def _save(profile: str, row: dict[str, Any]) -> str | None:
    """Store the waiting answers and ``row``; the error message if the store refused."""
    state = st.session_state
    pending: list[dict[str, Any]] = list(state.get(PENDING, []))
    pending.append(row)
    try:
        store = get_store()
        while pending:
            item = pending[0]
            store.record_answer(item["profile"], kind=item["kind"], rule=item["rule"],
                                correct=item["correct"], detail=item["detail"],
                                at=datetime.fromisoformat(item["at"]))
            pending.pop(0)
    except StoreError as error:
        state[PENDING] = pending
        return store_message(error)
    state[PENDING] = []
    return None


def answer(question: QuizQuestion, entry: dict[str, Any], chosen: list[str], profile: str) -> None:
    """Mark the answer, update streak and mastery, store it."""
    state = st.session_state
    correct = check_answer(question, chosen)
    now = _now()
    state[STREAK] = state.get(STREAK, 0) + 1 if correct else 0
    state[BEST] = max(state.get(BEST, 0), state[STREAK])
    states = srs_states(profile)
    states[question.rule] = review(states.get(question.rule), question.rule, correct, now)
    _asked_kinds().add(question.kind)
    detail = {"seed": entry["seed"], "difficulty": entry["difficulty"],
              "ruleset": entry["ruleset"], "overrides": entry["overrides"],
              "chosen": chosen, "answer": list(question.answer)}
    problem = _save(profile, {"profile": profile, "kind": question.kind, "rule": question.rule,
                              "correct": correct, "detail": detail, "at": now.isoformat()})
    state[RESULT] = {"number": entry["number"], "chosen": chosen, "correct": correct,
                     "store_error": problem}


# --------------------------------------------------------------------------- drawing
def _cards(codes: list[str] | tuple[str, ...]) -> list[Card]:
    return [Card.parse(c) for c in codes]


def _draw_context(question: QuizQuestion, current: Settings) -> None:
    board, display = question.board, question.display
    style, lang = current.deck_style, current.lang
    if display.hands and board.hands is not None:
        cols = st.columns(len(board.hands))
        for col, label, hand in zip(cols, board.hand_labels, board.hands, strict=True):
            with col:
                st.caption(label)
                show_cards(_cards(hand), style=style, lang=lang, width=48)
        return
    if display.table and board.trick:
        st.caption(tr("quiz.page.table"))
        show_trick(_cards(board.trick), labels=board.trick_labels, style=style,
                   lang=lang, width=CARD_WIDTH)
    if board.face_up:
        st.caption(tr("quiz.page.face_up"))
        show_cards(_cards([board.face_up]), style=style, lang=lang, width=CARD_WIDTH)
    if display.hand and board.hand:
        st.caption(tr("quiz.page.your_hand"))
        show_cards(_cards(board.hand), style=style, lang=lang, width=CARD_WIDTH)


def _draw_answer_widgets(question: QuizQuestion, entry: dict[str, Any], current: Settings,
                         profile: str) -> None:
    number = entry["number"]
    style, lang = current.deck_style, current.lang
    answering = question.display.answering
    if answering is Answering.MARK_CARDS:
        st.caption(tr("quiz.page.your_hand_pick"))
        pressed: list[bool] = []

        def check_button() -> None:  # right under the cards, before the by-name buttons
            pressed.append(st.button(tr("quiz.page.check"), key=check_key(number),
                                     type="primary"))

        picked = select_cards(_cards(question.options), key=cards_key(number), style=style,
                              lang=lang, width=CARD_WIDTH, under=check_button)
        if any(pressed):
            answer(question, entry, [str(c) for c in picked], profile)
            st.rerun()
        return
    if answering is Answering.CLICK_CARD:
        st.caption(tr("quiz.page.click_card"))
        clicked = clickable_hand(_cards(question.options), key=cards_key(number), style=style,
                                 lang=lang, width=CARD_WIDTH)
        if clicked is not None:
            answer(question, entry, [str(clicked)], profile)
            st.rerun()
        return
    with st.container(horizontal=True):
        for value, label in zip(question.options, question.option_labels, strict=True):
            if st.button(label, key=option_key(number, value)):
                answer(question, entry, [value], profile)
                st.rerun()


def _draw_feedback(question: QuizQuestion, result: dict[str, Any], current: Settings,
                   profile: str) -> None:
    style, lang = current.deck_style, current.lang
    right = ", ".join(question.label_of(v) for v in question.answer)
    if result["correct"]:
        st.success(tr("quiz.page.right"), icon=":material/check_circle:")
    else:
        chosen = ", ".join(question.label_of(v) for v in result["chosen"]
                           if v in question.options) or tr("quiz.page.nothing_chosen")
        st.error(tr("quiz.page.wrong", chosen=chosen, right=right), icon=":material/cancel:")
    st.markdown(f"**{tr('quiz.page.why')}** {question.explanation}")
    board, reveal = question.board, question.display.reveal
    highlight = set(question.highlight)
    if reveal in (Reveal.TRICK, Reveal.TRICK_WINNER) and board.trick:
        trick = _cards(board.trick)
        st.caption(tr("quiz.page.cards_that_matter"))
        if reveal is Reveal.TRICK_WINNER:
            show_trick(trick, labels=board.trick_labels,
                       winning=board.trick.index(question.answer[0]), style=style,
                       lang=lang, width=CARD_WIDTH)
        else:
            show_cards(trick, style=style, lang=lang, width=CARD_WIDTH,
                       legal=[c for c in trick if str(c) in highlight])
    elif reveal is Reveal.HAND and board.hand:
        cards = _cards(board.hand)
        if board.face_up:
            cards.append(Card.parse(board.face_up))
        st.caption(tr("quiz.page.cards_that_matter"))
        show_cards(cards, style=style, lang=lang, width=CARD_WIDTH,
                   legal=[c for c in cards if str(c) in highlight])
    if result.get("store_error"):
        st.warning(tr("quiz.page.not_saved", message=result["store_error"]))
    state = srs_states(profile).get(question.rule)
    if state is not None:
        st.caption(tr("quiz.page.mastery", rule=rule_label(question.rule, lang), box=state.box,
                      boxes=BOXES))
        st.progress(state.mastery)
    if st.button(tr("quiz.page.next"), key=NEXT_KEY, type="primary"):
        new_question(current, profile)
        st.rerun()


def _on_kinds() -> None:
    st.session_state[KINDS_STATE] = list(st.session_state.get(KINDS_WIDGET) or [])
    st.session_state[CURRENT] = None


def _on_level() -> None:
    st.session_state[LEVEL_STATE] = st.session_state.get(LEVEL_WIDGET) or 1
    st.session_state[CURRENT] = None


def _controls(current: Settings) -> None:
    lang = current.lang
    available = kinds_for(current.rules)
    state = st.session_state
    left, right = st.columns([3, 1])
    with left:
        state[KINDS_WIDGET] = [k for k in chosen_kinds(current) if k in available]
        # Pills, not a multiselect: its "Choose options" and "Select all" stay English.
        st.pills(tr("quiz.page.kinds"), available, key=KINDS_WIDGET, selection_mode="multi",
                 format_func=lambda k: kind_label(k, lang), on_change=_on_kinds,
                 help=tr("quiz.page.kinds_help"))
    with right:
        state[LEVEL_WIDGET] = chosen_level()
        st.radio(tr("quiz.page.difficulty"), [1, 2, 3], key=LEVEL_WIDGET, horizontal=True,
                 format_func=lambda d: _level_name(d, lang), on_change=_on_level)


def _level_name(level: int, lang: str) -> str:
    from tute_tutor.words.catalog import t

    return t(f"quiz.page.level_{level}", lang)


def _scores(question: QuizQuestion, answered: bool, profile: str, lang: str) -> None:
    """Streak, best streak and the rule's box on one row (it stays a row on a phone)."""
    state = st.session_state
    rule_state = srs_states(profile).get(question.rule)
    box = rule_state.box if rule_state is not None else 0
    # The rule's name would give the answer away (an obligation question about montar):
    # it is named only in the feedback.
    label = (tr("quiz.page.rule_box", rule=rule_label(question.rule, lang)) if answered
             else tr("quiz.page.rule_box_hidden"))
    with st.container(horizontal=True, key="quiz_scores", gap="medium"):
        st.metric(tr("quiz.page.streak"), state.get(STREAK, 0), width="content")
        st.metric(tr("quiz.page.best"), state.get(BEST, 0), width="content")
        st.metric(label, f"{box}/{BOXES}" if box else tr("quiz.page.new_rule"),
                  width="content")


def render_quiz_page() -> None:
    """The whole quiz page: the question first (on a phone it is on the first screen),
    then the scores, then the kinds and level in a collapsed expander."""
    current = settings()
    lang = current.lang
    profile = current_profile()
    st.title(tr("quiz.page.title"))
    _kinds_from_link()
    state = st.session_state
    srs_states(profile)
    entry = state.get(CURRENT)
    if not _matches(entry, current):
        entry = new_question(current, profile)
    assert entry is not None
    try:
        question = question_of(entry, lang)
    except QuizError as error:
        st.error(tr("quiz.page.no_question", message=escape_markdown(error.message)))
        if st.button(tr("quiz.page.another"), key="quiz_another"):
            new_question(current, profile)
            st.rerun()
        _settings_panel(current)
        return
    result = state.get(RESULT)
    answered = bool(result and result.get("number") == entry["number"])
    st.subheader(f"{entry['number']}. {kind_label(question.kind, lang)}")
    drawn = set(question.board.drawn_facts)
    facts = [fact for index, fact in enumerate(question.facts) if index not in drawn]
    if facts:  # one list, not one block per fact: less room between them on a phone
        st.markdown("\n".join(f"- {fact}" for fact in facts))
    _draw_context(question, current)
    st.markdown(f"**{question.ask}**")
    if answered and result is not None:
        _draw_feedback(question, result, current, profile)
    else:
        _draw_answer_widgets(question, entry, current, profile)
    if state.get(PENDING):
        st.caption(tr("quiz.page.pending", n=len(state[PENDING])))
    _scores(question, answered, profile, lang)
    _settings_panel(current)


def _settings_panel(current: Settings) -> None:
    """What the page is, and the kinds and level to ask, folded under the question."""
    with st.expander(tr("quiz.page.choose"), icon=":material/tune:", key="quiz_settings"):
        st.caption(tr("quiz.page.intro"))
        _controls(current)


__all__ = ["KINDS", "answer", "cards_key", "new_question", "option_key", "render_quiz_page"]
