"""The lessons page: the list with done marks, one lesson open, its scenarios answered.

The learner picks a card first; only then the page shows the engine's answer (the
legal cards, the obligation and the engine's explanation). Lesson files come from
:func:`tute_tutor.teach.lessons.load_lessons`; a broken file shows its one-line message and
the other lessons keep working. "Mark as done" goes to the progress store when there
is one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import streamlit as st

from tute_tutor.engine.cards import Card, suit_name
from tute_tutor.engine.errors import TuteError
from tute_tutor.formats.limits import MAX_PARAM_CHARS
from tute_tutor.formats.scenario import Scenario
from tute_tutor.teach.lessons import (
    Block,
    Lesson,
    LessonError,
    LessonQuestion,
    lessons_dir,
    load_lessons,
)
from tute_tutor.teach.rulebook import trick_roles
from tute_tutor.ui.layout import (
    draw_cards,
    draw_trick,
    flag_value_label,
    pick_card,
    pick_cards,
)
from tute_tutor.ui.profile import current_profile, get_store
from tute_tutor.ui.state import settings, tr
from tute_tutor.words.explain import explain_refusal, join_names
from tute_tutor.words.markup import escape_markdown

LESSON_PARAM = "lesson"
"""URL parameter naming the open lesson, so a link opens it."""


# --------------------------------------------------------------------------- loading
def _stamp(folder: Path) -> tuple[tuple[str, float, int], ...]:
    """Names, times and sizes of the lesson files: the cache key changes with any edit."""
    stamp = []
    for path in sorted(folder.glob("*.toml")):
        try:
            info = path.stat()
        except OSError:
            continue
        stamp.append((path.name, info.st_mtime, info.st_size))
    return tuple(stamp)


@st.cache_resource(show_spinner=False, max_entries=8)
def _load(folder: str, stamp: tuple[tuple[str, float, int], ...]) -> tuple[
        list[Lesson], list[LessonError]]:
    return load_lessons(Path(folder))


def current_lessons() -> tuple[list[Lesson], list[LessonError]]:
    """Every lesson of the lessons folder and the errors of broken files (cached)."""
    folder = lessons_dir()
    return _load(str(folder), _stamp(folder))


# --------------------------------------------------------------------------- store
def lessons_done() -> set[str]:
    """Ids of the lessons the current profile has done (empty when the store fails)."""
    try:
        done: set[str] = get_store().lessons_done(current_profile())
    except TuteError:
        return set()
    return done


def _mark_done(lesson: Lesson) -> None:
    try:
        get_store().record_lesson(current_profile(), lesson.id)
    except TuteError as error:
        st.session_state[_notice_key(lesson)] = (
            "error", tr("lessons_page.store_failed", error=str(error)))
        return
    st.session_state[_notice_key(lesson)] = ("success", tr("lessons_page.marked_done"))


def _notice_key(lesson: Lesson) -> str:
    return f"lesson_{lesson.id}_notice"


# --------------------------------------------------------------------------- navigation
def _open(lesson_id: str) -> None:
    st.query_params[LESSON_PARAM] = lesson_id


def _close() -> None:
    if LESSON_PARAM in st.query_params:
        del st.query_params[LESSON_PARAM]


def render_lessons_page() -> None:
    """The whole lessons page: one open lesson (``?lesson=id``) or the list."""
    lessons, errors = current_lessons()
    wanted = st.query_params.get(LESSON_PARAM)
    if wanted:
        by_id = {lesson.id: lesson for lesson in lessons}
        if wanted in by_id:
            render_lesson(by_id[wanted], lessons)
            return
        st.warning(tr("lessons_page.not_found",
                      lesson=escape_markdown(str(wanted)[:MAX_PARAM_CHARS])))
    render_list(lessons, errors)


def render_list(lessons: Sequence[Lesson], errors: Sequence[LessonError]) -> None:
    """Every lesson with its summary, a done mark and a button to open it."""
    lang = settings().lang
    st.header(tr("lessons_page.title"))
    st.markdown(tr("lessons_page.intro"))
    done = lessons_done()
    if lessons:
        count = sum(1 for lesson in lessons if lesson.id in done)
        st.progress(count / len(lessons), text=tr("lessons_page.done_count", done=count,
                                                    total=len(lessons)))
    elif not errors:
        st.info(tr("lessons_page.no_lessons"))
    for number, lesson in enumerate(lessons, 1):
        with st.container(border=True):
            title, action = st.columns([5, 1], vertical_alignment="center")
            mark = ""
            if lesson.id in done:
                mark = f" · :material/task_alt: {tr('lessons_page.done_mark')}"
            title.markdown(f"**{number}. {lesson.title[lang]}**{mark}")
            title.caption(lesson.summary[lang])
            action.button(tr("lessons_page.open"), key=f"lesson_open_{lesson.id}",
                          on_click=_open, args=(lesson.id,))
    if errors:
        st.subheader(tr("lessons_page.broken_title"))
        for error in errors:
            st.error(escape_markdown(error), icon=":material/warning:")


def render_lesson(lesson: Lesson, lessons: Sequence[Lesson]) -> None:
    """One lesson: its blocks in order, its questions, and "mark as done"."""
    lang = settings().lang
    st.button(tr("lessons_page.back"), key="lesson_back", on_click=_close)
    number = [item.id for item in lessons].index(lesson.id) + 1
    st.caption(tr("lessons_page.lesson_number", number=number, total=len(lessons)))
    st.header(lesson.title[lang])
    st.markdown(f"*{lesson.summary[lang]}*")
    for index, block in enumerate(lesson.blocks):
        try:
            if block.kind == "text":
                st.markdown(block.text[lang])
            elif block.scenario is not None:
                render_scenario_block(block, f"lesson_{lesson.id}_b{index}")
        except TuteError as error:  # a lesson problem never breaks the page
            st.error(escape_markdown(f"{lesson.path.name}: {error}"),
                     icon=":material/warning:")
    if lesson.questions:
        st.subheader(tr("lessons_page.questions"))
        for index, question in enumerate(lesson.questions):
            try:
                render_question(question, f"lesson_{lesson.id}_q{index}", index + 1)
            except TuteError as error:
                st.error(escape_markdown(f"{lesson.path.name}: {error}"),
                     icon=":material/warning:")
    st.divider()
    done = lesson.id in lessons_done()
    if done:
        st.success(tr("lessons_page.already_done"), icon=":material/task_alt:")
    else:
        st.button(tr("lessons_page.mark_done"), key=f"lesson_done_{lesson.id}", type="primary",
                  on_click=_mark_done, args=(lesson,))
    notice = st.session_state.pop(_notice_key(lesson), None)
    if notice is not None and not done:
        kind, text = notice
        getattr(st, kind)(text)
    elif notice is not None and notice[0] == "success":
        st.toast(notice[1])
    position = number  # the next lesson in the list, if any
    if position < len(lessons):
        following = lessons[position]
        st.button(tr("lessons_page.next_lesson", title=following.title[lang]),
                  key="lesson_next", on_click=_open, args=(following.id,))


# --------------------------------------------------------------------------- scenarios
def scenario_context(scenario: Scenario) -> None:
    """The rules, the trump and (two players) the stock of a scenario, in one line."""
    lang = settings().lang
    line = tr("lessons_page.rules_line",
              ruleset=tr(f"settings.preset.{scenario.ruleset}.label"),
              trump=suit_name(scenario.trump, lang))
    if scenario.overrides:
        changed = ", ".join(
            f"{tr(f'settings.flag.{name}.label')}: {flag_value_label(name, value, lang)}"
            for name, value in scenario.overrides.items())
        line += "  \n" + tr("lessons_page.rules_changed", flags=changed)
    if scenario.stock_left:
        line += "  \n" + tr("lessons_page.stock_line", count=scenario.stock_left)
    st.markdown(line)


def show_table(scenario: Scenario) -> None:
    """The cards on the table with who played each, the winning one marked."""
    st.markdown(f"**{tr('lessons_page.table')}**")
    if not scenario.trick:
        st.caption(tr("lessons_page.table_empty"))
        return
    analysis = scenario.analyse()
    labels = [tr(f"lessons_page.role.{role}")
              for role in trick_roles(scenario.rules, len(scenario.trick))]
    winning = scenario.trick.index(analysis.winning) if analysis.winning in scenario.trick \
        else None
    draw_trick(scenario.trick, labels=labels, winning=winning, width=80)


def show_answer(scenario: Scenario, picked: Card | None) -> None:
    """The engine's answer: the verdict on the picked card, the legal cards, the reason."""
    lang = settings().lang
    analysis = scenario.analyse()
    answer = scenario.answer(lang)
    if picked is not None:
        if analysis.is_legal(picked):
            st.success(tr("lessons_page.picked_legal", card=picked.name_with_article(lang)))
        else:
            st.error(tr("lessons_page.picked_illegal",
                        reason=explain_refusal(analysis, picked, lang)))
    st.markdown(tr("lessons_page.engine_answer",
                   obligation=tr(f"lessons_page.obligation.{analysis.obligation}")))
    st.caption(tr("lessons_page.your_hand_after"))
    draw_cards(scenario.hand, legal=analysis.legal, width=80)
    st.markdown(tr("lessons_page.legal_cards", cards=join_names(analysis.legal, lang)))
    st.info(str(answer["explanation"]), icon=":material/lightbulb:")


def render_scenario_block(block: Block, key: str) -> None:
    """A scenario: the learner picks first (one card, every legal card or the best card),
    then sees the engine's verdict, its answer and the author's explanation."""
    scenario = block.scenario
    assert scenario is not None
    lang = settings().lang
    picked_key = f"{key}_picked"
    with st.container(border=True):
        st.markdown(f"**{block.prompt[lang]}**")
        scenario_context(scenario)
        show_table(scenario)
        picked_codes: list[str] | None = st.session_state.get(picked_key)
        if picked_codes is None:
            if block.ask == "all":
                st.caption(tr("lessons_page.pick_legal"))
                chosen = pick_cards(scenario.hand, key=f"{key}_cards", width=80)
                if st.button(tr("lessons_page.check"), key=f"{key}_check"):
                    picked_codes = [str(card) for card in chosen]
            else:
                st.caption(tr("lessons_page.your_hand_best" if block.ask == "best"
                              else "lessons_page.your_hand"))
                clicked = pick_card(scenario.hand, key=f"{key}_hand", width=80)
                if clicked is not None:
                    picked_codes = [str(clicked)]
            if picked_codes is not None:
                st.session_state[picked_key] = picked_codes
        if picked_codes is not None:
            picked = [Card.parse(code) for code in picked_codes]
            show_verdict(block, picked)
            single = picked[0] if len(picked) == 1 else None
            if block.ask == "all" or (block.ask == "best" and single is not None
                                      and scenario.analyse().is_legal(single)):
                single = None  # the verdict above already judged it
            show_answer(scenario, single)
            lines = block.judgement(lang)
            if lines:  # the best card first, then why, card by card
                st.markdown(f"**{lines[0]}**\n\n" + "\n".join(f"- {line}" for line in lines[1:]))
            if block.explanation:
                st.info(block.explanation[lang], icon=":material/school:")
            st.button(tr("lessons_page.try_again"), key=f"{key}_again",
                      on_click=st.session_state.pop, args=(picked_key, None))


def show_verdict(block: Block, picked: Sequence[Card]) -> None:
    """Right or not for ``all`` and ``best`` blocks, graded by the lesson loader."""
    lang = settings().lang
    if block.ask == "one":
        return  # show_answer says whether the one card may be played
    expected = join_names(block.expected(), lang)
    if block.is_right(picked):
        st.success(tr(f"lessons_page.right_{block.ask}", cards=expected))
    else:
        st.error(tr(f"lessons_page.not_right_{block.ask}", cards=expected))


# --------------------------------------------------------------------------- questions
def render_question(question: LessonQuestion, key: str, number: int) -> None:
    """A closing question: choice (radio or several) or "mark the legal cards"."""
    lang = settings().lang
    checked_key = f"{key}_checked"
    with st.container(border=True):
        st.markdown(f"**{tr('lessons_page.question_number', number=number)}.** "
                    f"{question.prompt[lang]}")
        if question.kind == "legal" and question.scenario is not None:
            scenario = question.scenario
            scenario_context(scenario)
            show_table(scenario)
            st.caption(tr("lessons_page.pick_legal"))
            chosen = pick_cards(scenario.hand, key=f"{key}_cards", width=80)
            picked = {scenario.hand.index(card) for card in chosen}
        else:
            options = question.options[lang]
            indices = list(range(len(options)))
            if len(question.answer) == 1:
                choice = st.radio(tr("lessons_page.choose_one"), indices, index=None,
                                  key=f"{key}_choice",
                                  format_func=_option_label(options))
                picked = set() if choice is None else {choice}
            else:
                chosen_indices = st.multiselect(tr("lessons_page.choose_many"), indices,
                                                key=f"{key}_choice",
                                                format_func=_option_label(options))
                picked = set(chosen_indices)
        if st.button(tr("lessons_page.check"), key=f"{key}_check"):
            st.session_state[checked_key] = sorted(picked)
        checked = st.session_state.get(checked_key)
        if checked is not None:
            _show_verdict(question, set(checked))


def _option_label(options: Sequence[str]) -> Callable[[int], str]:
    def label(index: int) -> str:
        """The text of option ``index``."""
        return options[index]

    return label


def _show_verdict(question: LessonQuestion, picked: set[int]) -> None:
    lang = settings().lang
    if question.is_correct(picked):
        st.success(tr("lessons_page.correct"))
    else:
        right = ", ".join(question.options[lang][i] for i in question.answer)
        st.error(f"{tr('lessons_page.wrong')} {tr('lessons_page.right_answer', answer=right)}")
    if question.kind == "legal" and question.scenario is not None:
        analysis = question.scenario.analyse()
        draw_cards(question.scenario.hand, legal=analysis.legal, width=70)
    st.info(question.explanation[lang], icon=":material/lightbulb:")
