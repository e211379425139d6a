"""The drills page: short sittings per skill with a target and stars, and endings to play.

Two tabs. **Drills**: pick a skill (a lesson of the path; ``?skill=ID`` opens one from a
link), answer the sitting's variants one by one (each checked by the engine, with its
explanation), watch the run toward the target, earn one to three stars, try again (a
new sitting, another seed). A finished sitting goes to the store at once; the best stars
per skill come from it. **Endings**: the last tricks of a real deal with every hand
shown; the learner plays seat 1 by clicking cards, the computers answer at once, and
after each card the solver's verdict on it (best, or the points it loses). Whether the
target was reached goes to the store.

Both follow the sidebar's rule set and flags (a skill about another table size uses its
own rule set, and says so); the session keeps only the seeds and the answers.
"""

from __future__ import annotations

import json
import random
from typing import Any

import streamlit as st

from tute_tutor.coach.drills import (
    BEST_CARD,
    SKILLS,
    DrillError,
    Score,
    Sitting,
    best_card,
    make_ahead,
    score,
    sitting,
    spec_of,
    star_symbols,
)
from tute_tutor.coach.endings import LEARNER, EndingError, EndingPlay, ending, same_side
from tute_tutor.coach.puzzles import Puzzle
from tute_tutor.engine.cards import CARDS, Card, cards_of, suit_name
from tute_tutor.engine.variants import Rules, find_rules
from tute_tutor.formats.limits import MAX_PARAM_CHARS
from tute_tutor.quiz.question import Answering, QuizQuestion
from tute_tutor.store import StoreError
from tute_tutor.store import drills as drill_store
from tute_tutor.ui.cards import clickable_hand, select_cards, show_cards, show_trick
from tute_tutor.ui.lessons import current_lessons
from tute_tutor.ui.profile import current_profile, get_store, store_message
from tute_tutor.ui.state import Settings, settings, tr, tr_count
from tute_tutor.words.cards import deck_names, spoken_deck
from tute_tutor.words.markup import escape_markdown

SKILL_PARAM = "skill"
"""URL parameter naming the skill to drill (a lesson id)."""
SITTING = "drills_sitting"
LINKED = "drills_linked"
SKILL_PICK = "drills_skill_pick"
NEXT_KEY = "drills_next"
RETRY_KEY = "drills_retry"
ENDING = "drills_ending"
NEW_ENDING_KEY = "drills_new_ending"
CARD_WIDTH = 84


# --------------------------------------------------------------------------- keys
def option_key(number: int, value: str) -> str:
    """Widget key of the button answering ``value`` to item ``number``."""
    return f"drills_opt_{number}_{value}"


def cards_key(seed: int, number: int) -> str:
    """Key of the cards answering item ``number`` of the sitting seeded ``seed``."""
    return f"drills_cards_{seed}_{number}"


def check_key(number: int) -> str:
    """Key of the button that checks the cards marked for item ``number``."""
    return f"drills_check_{number}"


def ending_hand_key(ending_id: str, played: int) -> str:
    """Key of the learner's hand in an ending after ``played`` of the learner's cards."""
    return f"drills_ending_hand_{ending_id.replace('/', '_')}_{played}"


# --------------------------------------------------------------------------- made once
def _new_seed() -> int:
    return random.SystemRandom().randrange(1, 10**6)


@st.cache_data(max_entries=256, show_spinner=False)
def cached_question(skill: str, seed: int, ruleset: str, overrides_json: str, index: int,
                    lang: str, deck: str = "spanish") -> QuizQuestion:
    """Item ``index`` of a sitting as a quiz question (pure, so cached)."""
    rules = find_rules(ruleset, json.loads(overrides_json) or None)
    with deck_names(deck):
        return sitting(skill, seed, rules).question(index, lang)


def cached_best_card(seed: int, ruleset: str, overrides_json: str, theme: str = "") -> Puzzle:
    """A best-card position (kept by the engine once made, maybe made ahead)."""
    return best_card(seed, find_rules(ruleset, json.loads(overrides_json) or None), theme)


def _overrides_json(rules: Rules) -> str:
    return json.dumps(rules.overrides_dict(), sort_keys=True)


# --------------------------------------------------------------------------- the store
def best_stars() -> dict[str, int]:
    """The current profile's best stars per skill (empty when the store fails)."""
    try:
        return drill_store.best_stars(get_store(), current_profile())
    except StoreError:
        return {}


def stars_text(count: int) -> str:
    """``count`` of three stars, drawn as filled and empty stars."""
    return star_symbols(count)


# --------------------------------------------------------------------------- drills
def _skill_titles(lang: str) -> dict[str, str]:
    lessons, _ = current_lessons()
    titles = {lesson.id: lesson.title[lang] for lesson in lessons}
    return {skill: titles.get(skill, skill) for skill in SKILLS}


def start_sitting(skill: str, current: Settings, seed: int | None = None) -> dict[str, Any]:
    """A new sitting of ``skill`` under the sidebar's rules, made the current one."""
    entry = {"skill": skill, "seed": _new_seed() if seed is None else seed,
             "ruleset": current.ruleset, "overrides": dict(current.overrides),
             "answers": [], "feedback": None, "recorded": False, "store_error": None}
    st.session_state[SITTING] = entry
    return entry


def _sitting_of(entry: dict[str, Any]) -> Sitting:
    return sitting(entry["skill"], entry["seed"],
                   find_rules(entry["ruleset"], entry["overrides"] or None))


def _on_skill() -> None:
    skill = st.session_state.get(SKILL_PICK)
    if skill in SKILLS:
        st.query_params[SKILL_PARAM] = skill
        st.session_state[LINKED] = skill
        start_sitting(skill, settings())


def _chosen_skill(current: Settings) -> str:
    """The skill from the link (once per new link), else the current sitting's."""
    state = st.session_state
    wanted = st.query_params.get(SKILL_PARAM)
    entry = state.get(SITTING)
    if wanted and wanted != state.get(LINKED):
        state[LINKED] = wanted
        if wanted in SKILLS:
            if entry is None or entry["skill"] != wanted:
                start_sitting(wanted, current)
        else:
            st.warning(tr("drills.unknown_skill",
                          skill=escape_markdown(str(wanted)[:MAX_PARAM_CHARS])))
    entry = state.get(SITTING)
    if entry is None:
        return SKILLS[0]
    skill: str = entry["skill"]
    return skill


def _matches(entry: dict[str, Any] | None, current: Settings) -> bool:
    return (entry is not None and entry["ruleset"] == current.ruleset
            and entry["overrides"] == dict(current.overrides))


def _record(entry: dict[str, Any], drill: Sitting, result: Score) -> None:
    if entry["recorded"]:
        return
    entry["recorded"] = True
    try:
        drill_store.record_sitting(get_store(), current_profile(), drill.skill,
                                   right=result.right, asked=result.asked, stars=result.stars)
    except StoreError as error:
        entry["store_error"] = store_message(error)


def answer_item(entry: dict[str, Any], drill: Sitting, right: bool, chosen: list[str]) -> None:
    """Mark the answer to the current item; a finished sitting goes to the store."""
    index = len(entry["answers"])
    entry["answers"].append(bool(right))
    entry["feedback"] = {"index": index, "chosen": chosen, "right": bool(right)}
    result = score(entry["answers"], drill.target, len(drill))
    if result.finished:
        _record(entry, drill, result)


def _cards(codes: list[str] | tuple[str, ...]) -> list[Card]:
    return [Card.parse(c) for c in codes]


def _draw_question(question: QuizQuestion, current: Settings) -> None:
    board, display = question.board, question.display
    style, lang = current.deck_style, current.lang
    drawn = set(board.drawn_facts)
    facts = [fact for index, fact in enumerate(question.facts) if index not in drawn]
    if facts:
        st.markdown("\n".join(f"- {fact}" for fact in facts))
    if display.hands and board.hands is not None:
        cols = st.columns(len(board.hands))
        for col, label, hand in zip(cols, board.hand_labels, board.hands, strict=True):
            with col:
                st.caption(label)
                show_cards(_cards(hand), style=style, lang=lang, width=48)
    else:
        if display.table and board.trick:
            st.caption(tr("drills.table"))
            show_trick(_cards(board.trick), labels=board.trick_labels, style=style,
                       lang=lang, width=CARD_WIDTH)
        if board.face_up:
            st.caption(tr("drills.face_up"))
            show_cards(_cards([board.face_up]), style=style, lang=lang, width=CARD_WIDTH)
        if display.hand and board.hand:
            st.caption(tr("drills.your_hand"))
            show_cards(_cards(board.hand), style=style, lang=lang, width=CARD_WIDTH)
    st.markdown(f"**{question.ask}**")


def _answer_question(entry: dict[str, Any], drill: Sitting, question: QuizQuestion,
                     current: Settings) -> None:
    number = len(entry["answers"])
    style, lang = current.deck_style, current.lang
    answering = question.display.answering
    chosen: list[str] | None = None
    if answering is Answering.MARK_CARDS:
        pressed: list[bool] = []

        def check_button() -> None:
            pressed.append(st.button(tr("drills.check"), key=check_key(number),
                                     type="primary"))

        picked = select_cards(_cards(question.options), key=cards_key(entry["seed"], number),
                              style=style, lang=lang, width=CARD_WIDTH, under=check_button)
        if any(pressed):
            chosen = [str(c) for c in picked]
    elif answering is Answering.CLICK_CARD:
        clicked = clickable_hand(_cards(question.options), key=cards_key(entry["seed"], number),
                                 style=style, lang=lang, width=CARD_WIDTH)
        if clicked is not None:
            chosen = [str(clicked)]
    else:
        with st.container(horizontal=True, key=f"drills_options_{number}"):
            for value, label in zip(question.options, question.option_labels, strict=True):
                if st.button(label, key=option_key(number, value)):
                    chosen = [value]
    if chosen is not None:
        answer_item(entry, drill, drill.check(question, chosen), chosen)
        st.rerun()


def _role(rules: Rules, seat: int) -> str:
    return tr("drills.partner" if same_side(rules, seat, LEARNER) else "drills.opponent")


def _draw_hands(rules: Rules, hands: tuple[int, ...] | list[int], current: Settings) -> None:
    others = [seat for seat in range(rules.players) if seat != LEARNER]
    cols = st.columns(len(others))
    for col, seat in zip(cols, others, strict=True):
        with col:
            st.caption(tr("drills.hand_of", seat=seat + 1, role=_role(rules, seat)))
            show_cards(cards_of(hands[seat]), style=current.deck_style, lang=current.lang,
                       width=44)


def _draw_best_card(entry: dict[str, Any], drill: Sitting, puzzle: Puzzle,
                    current: Settings) -> None:
    rules = drill.rules
    st.markdown(tr("drills.best_card_facts", suit=suit_name(puzzle.trump, current.lang)))
    _draw_hands(rules, puzzle.hands, current)
    if puzzle.stock:  # the last trick of the stock: what each side draws after it
        hidden, face = (CARDS[c] for c in puzzle.stock)
        st.caption(tr("drills.stock_left", hidden=hidden.name_with_article(current.lang),
                      face=face.name_with_article(current.lang)))
        show_cards([hidden, face], style=current.deck_style, lang=current.lang, width=44)
    if puzzle.trick:
        st.caption(tr("drills.table"))
        seats = [(puzzle.leader + i) % rules.players for i in range(len(puzzle.trick))]
        show_trick([CARDS[c] for c in puzzle.trick],
                   labels=[tr("drills.hand_of", seat=s + 1, role=_role(rules, s))
                           for s in seats], style=current.deck_style, lang=current.lang,
                   width=CARD_WIDTH)
    st.markdown(f"**{tr('drills.best_card_ask')}**")
    legal = [CARDS[c] for c, _ in puzzle.values]
    number = len(entry["answers"])
    clicked = clickable_hand(cards_of(puzzle.hands[puzzle.to_play]),
                             key=cards_key(entry["seed"], number), legal=legal,
                             style=current.deck_style, lang=current.lang, width=CARD_WIDTH)
    if clicked is None:
        return
    if clicked not in legal:
        st.warning(tr("drills.not_legal", card=clicked.name_with_article(current.lang)))
        return
    answer_item(entry, drill, puzzle.is_best(clicked.index), [str(clicked)])
    st.rerun()


def _draw_feedback(entry: dict[str, Any], drill: Sitting, current: Settings) -> None:
    feedback = entry["feedback"]
    index = feedback["index"]
    lang = current.lang
    item = drill.items[index]
    if item.kind == BEST_CARD:
        puzzle = cached_best_card(item.seed, drill.rules.ruleset, _overrides_json(drill.rules),
                                  item.rule)
        best = ", ".join(CARDS[c].name_with_article(lang) for c in puzzle.best)
        if feedback["right"]:
            st.success(tr("drills.right"), icon=":material/check_circle:")
        else:
            st.error(tr("drills.wrong_best", best=best), icon=":material/cancel:")
        rows = [f"- {tr('drills.value_row', card=CARDS[c].name(lang), value=v)}"
                for c, v in puzzle.values]
        st.markdown(tr("drills.values") + "\n\n" + "\n".join(rows))
        return
    question = cached_question(drill.skill, drill.seed, entry["ruleset"],
                               json.dumps(entry["overrides"], sort_keys=True), index, lang,
                               spoken_deck())
    if feedback["right"]:
        st.success(tr("drills.right"), icon=":material/check_circle:")
    else:
        right = ", ".join(question.label_of(v) for v in question.answer)
        st.error(tr("drills.wrong", right=right), icon=":material/cancel:")
    st.markdown(f"**{tr('drills.why')}** {question.explanation}")


def _draw_progress(drill: Sitting, result: Score, best: int) -> None:
    st.markdown(tr("drills.target", target=drill.target, count=len(drill)))
    st.progress(min(result.best_streak, drill.target) / drill.target,
                text=tr("drills.run", streak=result.streak, best=result.best_streak,
                        target=drill.target))
    st.caption(tr("drills.so_far", right=result.right, asked=result.asked,
                  misses=result.misses, stars=stars_text(best), best=best))


def render_drills_tab(current: Settings) -> None:
    """The drills: the skill, the sitting's progress, the item or its feedback."""
    state = st.session_state
    skill = _chosen_skill(current)
    entry = state.get(SITTING)
    if not _matches(entry, current) or entry is None or entry["skill"] != skill:
        entry = start_sitting(skill, current)
    titles = _skill_titles(current.lang)
    state[SKILL_PICK] = skill
    st.selectbox(tr("drills.skill"), SKILLS, key=SKILL_PICK, on_change=_on_skill,
                 format_func=lambda s: titles[s])
    drill = _sitting_of(entry)
    if drill.rules.ruleset != current.ruleset:
        st.caption(tr("drills.own_rules",
                      ruleset=tr(f"settings.preset.{drill.rules.ruleset}.label")))
    flags = [name for name, value in spec_of(skill).flags
             if value != getattr(current.rules, name)]
    if flags:
        st.caption(tr("drills.own_flags",
                      flags=", ".join(tr(f"settings.flag.{name}.label") for name in flags)))
    result = score(entry["answers"], drill.target, len(drill))
    best = best_stars().get(skill, 0)
    st.subheader(tr("drills.heading", title=titles[skill], seed=drill.seed))
    _draw_progress(drill, result, best)
    if entry["store_error"]:
        st.warning(tr("drills.not_saved", message=entry["store_error"]))
    if entry["feedback"] is not None:
        _draw_feedback(entry, drill, current)
    if result.finished:
        if result.stars:
            st.success(tr_count("drills.earned", result.stars, stars=stars_text(result.stars)),
                       icon=":material/emoji_events:")
        else:
            st.error(tr("drills.missed", target=drill.target), icon=":material/replay:")
        if st.button(tr("drills.retry"), key=RETRY_KEY, type="primary",
                     icon=":material/replay:"):
            start_sitting(skill, current)
            st.rerun()
        return
    if entry["feedback"] is not None:
        if st.button(tr("drills.next"), key=NEXT_KEY, type="primary"):
            entry["feedback"] = None
            st.rerun()
        return
    index = len(entry["answers"])
    make_ahead(drill, index + 1)  # the next best-card position, while this one is read
    st.markdown(f"**{tr('drills.item', number=index + 1, count=len(drill))}**")
    item = drill.items[index]
    try:
        if item.kind == BEST_CARD:
            with st.spinner(tr("drills.making")):
                puzzle = cached_best_card(item.seed, drill.rules.ruleset,
                                          _overrides_json(drill.rules), item.rule)
            _draw_best_card(entry, drill, puzzle, current)
        else:
            question = cached_question(skill, drill.seed, entry["ruleset"],
                                       json.dumps(entry["overrides"], sort_keys=True), index,
                                       current.lang, spoken_deck())
            _draw_question(question, current)
            _answer_question(entry, drill, question, current)
    except DrillError as error:
        st.error(escape_markdown(error.message))


# --------------------------------------------------------------------------- endings
def new_ending(current: Settings, seed: int | None = None) -> dict[str, Any]:
    """A new ending under the sidebar's rules, the computers before the learner played."""
    play = EndingPlay(ending(_new_seed() if seed is None else seed, current.rules))
    play.advance()
    entry = {"ruleset": current.ruleset, "overrides": dict(current.overrides), "play": play,
             "recorded": False, "store_error": None}
    st.session_state[ENDING] = entry
    return entry


def _target_text(play: EndingPlay) -> str:
    target = play.ending.target
    if target.kind == "ultimas":
        return tr("drills.ending_target_ultimas")
    return tr("drills.ending_target_points", points=target.points)


def _record_ending(entry: dict[str, Any]) -> None:
    play: EndingPlay = entry["play"]
    if entry["recorded"] or not play.finished:
        return
    entry["recorded"] = True
    try:
        drill_store.record_ending(get_store(), current_profile(), play.ending.id,
                                  target=play.ending.target.kind,
                                  target_points=play.ending.target.points,
                                  points=play.taken[0], reached=bool(play.reached))
    except StoreError as error:
        entry["store_error"] = store_message(error)


def _verdict_line(verdict: Any, lang: str) -> str:
    card = CARDS[verdict.card].name_with_article(lang)
    if verdict.is_best:
        return tr("drills.verdict_best", card=card, value=verdict.value)
    best = ", ".join(CARDS[c].name_with_article(lang) for c, v in verdict.values
                     if v == verdict.best)
    return tr("drills.verdict_loses", card=card, loss=verdict.loss, best=best,
              value=verdict.value, best_value=verdict.best)


def _seat_label(rules: Rules, seat: int) -> str:
    if seat == LEARNER:
        return tr("drills.you")
    return tr("drills.hand_of", seat=seat + 1, role=_role(rules, seat))


def render_endings_tab(current: Settings) -> None:
    """An ending: the target, every hand, the table, the learner's hand, the verdicts."""
    state = st.session_state
    entry = state.get(ENDING)
    if not _matches(entry, current) or entry is None:
        try:
            with st.spinner(tr("drills.making")):
                entry = new_ending(current)
        except EndingError as error:
            st.error(escape_markdown(error.message))
            return
    play: EndingPlay = entry["play"]
    rules, lang, style = play.rules, current.lang, current.deck_style
    st.subheader(tr("drills.ending_heading", id=play.ending.id))
    st.markdown(f"**{_target_text(play)}**")
    st.markdown(tr("drills.ending_facts", suit=suit_name(play.ending.trump, lang),
                   tricks=play.ending.tricks))
    st.caption(tr("drills.ending_points", ours=play.taken[0], theirs=play.taken[1]))
    if play.verdicts:
        last = play.verdicts[-1]
        line = _verdict_line(last, lang)
        if last.is_best:
            st.success(line, icon=":material/check_circle:")
        else:
            st.warning(line, icon=":material/trending_down:")
    _draw_hands(rules, play.hands, current)
    if play.tricks:
        done = play.tricks[-1]
        seats = [(done.leader + i) % rules.players for i in range(len(done.cards))]
        st.caption(tr("drills.last_trick", who=_seat_label(rules, done.winner),
                      points=done.points))
        show_trick([CARDS[c] for c in done.cards],
                   labels=[_seat_label(rules, s) for s in seats],
                   winning=seats.index(done.winner), style=style, lang=lang, width=60)
    if play.trick:
        st.caption(tr("drills.table"))
        show_trick([CARDS[c] for c in play.trick],
                   labels=[_seat_label(rules, s) for s in play.trick_seats], style=style,
                   lang=lang, width=CARD_WIDTH)
    if entry["store_error"]:
        st.warning(tr("drills.not_saved", message=entry["store_error"]))
    if play.finished:
        if play.reached:
            st.success(tr("drills.ending_reached", points=play.taken[0]),
                       icon=":material/emoji_events:")
        else:
            st.error(tr("drills.ending_missed", points=play.taken[0]),
                     icon=":material/replay:")
        lines = [f"- {_verdict_line(v, lang)}" for v in play.verdicts]
        st.markdown(tr("drills.ending_cards") + "\n\n" + "\n".join(lines))
        st.button(tr("drills.new_ending"), key=NEW_ENDING_KEY, type="primary",
                  on_click=_on_new_ending)
        return
    legal = [CARDS[c] for c in play.legal()]
    st.caption(tr("drills.ending_your_hand"))
    with st.container(key="drills_ending_hand"):
        clicked = clickable_hand(cards_of(play.hands[LEARNER]),
                                 key=ending_hand_key(play.ending.id, len(play.verdicts)),
                                 legal=legal, style=style, lang=lang, width=CARD_WIDTH)
    if clicked is not None:
        if clicked not in legal:
            st.warning(tr("drills.not_legal", card=clicked.name_with_article(lang)))
        else:
            play.play(clicked.index)
            play.advance()
            _record_ending(entry)
            st.rerun()
    st.button(tr("drills.new_ending"), key=NEW_ENDING_KEY, on_click=_on_new_ending)


def _on_new_ending() -> None:
    """Drop the ending: the tab makes a new one as it draws (saying so if it cannot)."""
    st.session_state.pop(ENDING, None)


# --------------------------------------------------------------------------- the page
def render_drills_page() -> None:
    """The whole page: the drills tab and the endings tab."""
    current = settings()
    st.title(tr("drills.title"))
    st.caption(tr("drills.intro"))
    drills_tab, endings_tab = st.tabs([tr("drills.tab_drills"), tr("drills.tab_endings")])
    with drills_tab:
        render_drills_tab(current)
    with endings_tab:
        render_endings_tab(current)


__all__ = [
    "SKILL_PARAM",
    "answer_item",
    "best_stars",
    "cached_question",
    "cards_key",
    "ending_hand_key",
    "new_ending",
    "option_key",
    "render_drills_page",
    "stars_text",
    "start_sitting",
]
