"""The lessons page: the list with done marks, one lesson open, its scenarios answered.

The learner picks a card first; only then the page shows the engine's answer (the
legal cards, the obligation and the engine's explanation). Lesson files come from
:func:`tute_tutor.teach.lessons.load_lessons`; a broken file shows its one-line message and
the other lessons keep working.

The list is a path: each lesson is done, up next (the first one not done) or later. A
lesson is done when every closing question of it is answered right, never by a button
(the store keeps it), and, when the lesson has a drill, once a sitting of that drill
earned a star (:mod:`tute_tutor.teach.done`); each such lesson links to its drill
(``/drills?skill=ID``) with its best stars. A checked question keeps its verdict in view
and the verdict follows a changed answer. Opening a lesson (from the list or "next
lesson") starts at its top.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path

import streamlit as st

from tute_tutor.coach.drills import star_symbols
from tute_tutor.engine.cards import Card, suit_name
from tute_tutor.engine.errors import TuteError
from tute_tutor.formats.limits import MAX_PARAM_CHARS
from tute_tutor.formats.scenario import Scenario
from tute_tutor.quiz.question import Answering, QuizQuestion
from tute_tutor.quiz.srs import replay_history
from tute_tutor.store import drills as drill_store
from tute_tutor.teach.done import has_drill
from tute_tutor.teach.done import lessons_done as done_with_drills
from tute_tutor.teach.lessons import (
    Block,
    Lesson,
    LessonError,
    LessonQuestion,
    lessons_dir,
    load_lessons,
)
from tute_tutor.teach.placement import PlacementQuestion, is_right, lessons_earned, placement_test
from tute_tutor.teach.review import (
    ReviewItem,
    add_result,
    due_count,
    pick_sitting,
    read_history,
    review_items,
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
from tute_tutor.ui.state import keep_choices, settings, tr, tr_count
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
def questions_done() -> set[str]:
    """Ids of the lessons whose questions the current profile answered right (empty
    when the store fails)."""
    try:
        done: set[str] = get_store().lessons_done(current_profile())
    except TuteError:
        return set()
    return done


def drill_stars() -> dict[str, int]:
    """The current profile's best stars per drilled skill (empty when the store fails)."""
    try:
        return drill_store.best_stars(get_store(), current_profile())
    except TuteError:
        return {}


def lessons_done() -> set[str]:
    """Ids of the lessons the current profile has done: questions right and, for a
    lesson with a drill, a star in it (empty when the store fails)."""
    return done_with_drills(questions_done(), drill_stars())


DRILL_PAGE = "pages/drills.py"


def drill_link(lesson: Lesson, stars: dict[str, int]) -> None:
    """The link to the lesson's drill with its best stars (nothing for a lesson without)."""
    if not has_drill(lesson.id):
        return
    best = stars.get(lesson.id, 0)
    st.page_link(DRILL_PAGE, icon=":material/fitness_center:",
                 label=tr("lessons_page.drill_link", stars=star_symbols(best), count=best),
                 query_params={"skill": lesson.id})


def _record_done(lesson: Lesson) -> None:
    """Save ``lesson`` as done; on failure leave the one-line reason for the page."""
    try:
        get_store().record_lesson(current_profile(), lesson.id)
    except TuteError as error:
        st.session_state[_notice_key(lesson)] = (
            "error", tr("lessons_page.store_failed", error=str(error)))
        return
    st.session_state[_notice_key(lesson)] = ("success", tr("lessons_page.earned"))


def _notice_key(lesson: Lesson) -> str:
    return f"lesson_{lesson.id}_notice"


# --------------------------------------------------------------------------- navigation
SCROLL_TOP = "lesson_scroll_top"
"""Session flag: the lesson just opened is drawn from its top."""

_SCROLL_TOP_JS = """<script>
(() => {{  /* {nonce} */
  const toTop = () => {{
    window.scrollTo(0, 0);
    for (const box of document.querySelectorAll(
        "[data-testid='stMain'], [data-testid='stAppViewContainer']")) {{
      box.scrollTo(0, 0);
    }}
  }};
  // Again while the rest of the rerun lands and the page changes height.
  toTop();
  requestAnimationFrame(toTop);
  for (const wait of [100, 300]) setTimeout(toTop, wait);
}})();
</script>"""


def _open(lesson_id: str) -> None:
    st.query_params[LESSON_PARAM] = lesson_id
    st.session_state[SCROLL_TOP] = st.session_state.get(SCROLL_TOP, 0) + 1


def _scroll_to_top() -> None:
    """Bring the page to its top once after a lesson was opened by a button.

    Streamlit keeps the scroll position across reruns, so "next lesson", pressed at the
    bottom of one lesson, would land at the bottom of the next one.
    """
    nonce = st.session_state.pop(SCROLL_TOP, None)
    if nonce is not None:
        st.html(_SCROLL_TOP_JS.format(nonce=f"{nonce}-{random.random()}"), width=1,
                unsafe_allow_javascript=True)


def _close() -> None:
    if LESSON_PARAM in st.query_params:
        del st.query_params[LESSON_PARAM]


def render_lessons_page() -> None:
    """The whole lessons page: one open lesson (``?lesson=id``) or the list."""
    lessons, errors = current_lessons()
    if render_sitting(lessons):
        return
    wanted = st.query_params.get(LESSON_PARAM)
    if wanted:
        by_id = {lesson.id: lesson for lesson in lessons}
        if wanted in by_id:
            render_lesson(by_id[wanted], lessons)
            return
        st.warning(tr("lessons_page.not_found",
                      lesson=escape_markdown(str(wanted)[:MAX_PARAM_CHARS])))
    render_list(lessons, errors)


def lesson_status(lessons: Sequence[Lesson], done: set[str]) -> dict[str, str]:
    """Where each lesson stands on the path: ``done``, ``next`` (the first one not done)
    or ``later``."""
    status: dict[str, str] = {}
    suggested = False
    for lesson in lessons:
        if lesson.id in done:
            status[lesson.id] = "done"
        elif not suggested:
            status[lesson.id] = "next"
            suggested = True
        else:
            status[lesson.id] = "later"
    return status


_STATUS_ICON = {"done": ":material/task_alt:", "next": ":material/play_circle:",
                "later": ":material/radio_button_unchecked:"}


def render_list(lessons: Sequence[Lesson], errors: Sequence[LessonError]) -> None:
    """The lessons as a path: each done, up next or later, with a button to open it."""
    lang = settings().lang
    st.title(tr("lessons_page.title"))
    st.markdown(tr("lessons_page.intro"))
    stars = drill_stars()
    done = done_with_drills(questions_done(), stars)
    status = lesson_status(lessons, done)
    if lessons:
        count = sum(1 for lesson in lessons if lesson.id in done)
        st.progress(count / len(lessons), text=tr_count("lessons_page.done_count", len(lessons),
                                                          done=count, total=len(lessons)))
    elif not errors:
        st.info(tr("lessons_page.no_lessons"))
    render_path_tools(lessons, done)
    for number, lesson in enumerate(lessons, 1):
        where = status[lesson.id]
        with st.container(border=True, key=f"lesson_path_{lesson.id}"):
            title, action = st.columns([5, 1], vertical_alignment="center")
            title.markdown(f"{_STATUS_ICON[where]} **{number}. {lesson.title[lang]}** · "
                           f"{tr(f'lessons_page.status.{where}')}")
            title.caption(lesson.summary[lang])
            with title:
                drill_link(lesson, stars)
            action.button(tr("lessons_page.start" if where == "next" else "lessons_page.open"),
                          key=f"lesson_open_{lesson.id}", on_click=_open, args=(lesson.id,),
                          type="primary" if where == "next" else "secondary")
    if errors:
        st.subheader(tr("lessons_page.broken_title"))
        for error in errors:
            st.error(escape_markdown(error), icon=":material/warning:")


def render_lesson(lesson: Lesson, lessons: Sequence[Lesson]) -> None:
    """One lesson: its blocks in order, then its questions; all right, it is done."""
    lang = settings().lang
    st.button(tr("lessons_page.back"), key="lesson_back", on_click=_close)
    number = [item.id for item in lessons].index(lesson.id) + 1
    st.caption(tr("lessons_page.lesson_number", number=number, total=len(lessons)))
    st.title(lesson.title[lang])
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
    right = 0
    if lesson.questions:
        st.subheader(tr("lessons_page.questions"))
        st.caption(tr("lessons_page.questions_earn"))
        for index, question in enumerate(lesson.questions):
            try:
                if render_question(question, f"lesson_{lesson.id}_q{index}", index + 1):
                    right += 1
            except TuteError as error:
                st.error(escape_markdown(f"{lesson.path.name}: {error}"),
                     icon=":material/warning:")
    st.divider()
    total = len(lesson.questions)
    stars = drill_stars()
    answered = questions_done()
    was_done = lesson.id in done_with_drills(answered, stars)
    earned = total > 0 and right == total
    if earned and lesson.id not in answered:
        _record_done(lesson)
    needs_drill = has_drill(lesson.id) and stars.get(lesson.id, 0) < 1
    notice = st.session_state.pop(_notice_key(lesson), None)
    if notice is not None and notice[0] != "success":
        kind, text = notice
        getattr(st, kind)(text, icon=_NOTICE_ICON[kind])
    elif (earned or lesson.id in answered) and needs_drill:
        st.info(tr("lessons_page.drill_needed"), icon=":material/fitness_center:")
    elif earned:
        st.success(tr("lessons_page.earned"), icon=":material/task_alt:")
    elif was_done:
        st.success(tr("lessons_page.already_done"), icon=":material/task_alt:")
    elif total:
        st.progress(right / total, text=tr_count("lessons_page.right_so_far", total,
                                                 right=right, total=total))
    drill_link(lesson, stars)
    if number < len(lessons):
        following = lessons[number]
        st.button(tr("lessons_page.next_lesson", title=following.title[lang]),
                  key="lesson_next", on_click=_open, args=(following.id,),
                  type="primary" if earned or was_done else "secondary",
                  icon=":material/arrow_forward:")
    _scroll_to_top()  # last, once the lesson is drawn


_NOTICE_ICON = {"success": ":material/task_alt:", "warning": ":material/warning:",
                "error": ":material/error:"}


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
        line += "  \n" + tr_count("lessons_page.stock_line", scenario.stock_left)
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
def render_question(question: LessonQuestion, key: str, number: int) -> bool:
    """A closing question: one choice, several choices or "mark the legal cards".

    Once checked, its verdict stays in view and follows the answer as it changes; "Check"
    with nothing chosen asks for a choice first. Returns whether it is answered right.
    """
    lang = settings().lang
    checked_key = f"{key}_checked"
    empty_key = f"{key}_empty"
    with st.container(border=True, key=f"{key}_box"):
        st.markdown(f"**{tr('lessons_page.question_number', number=number)}.** "
                    f"{question.prompt[lang]}")
        if question.kind == "legal" and question.scenario is not None:
            scenario = question.scenario
            scenario_context(scenario)
            show_table(scenario)
            st.caption(tr("lessons_page.pick_legal"))
            chosen = pick_cards(scenario.hand, key=f"{key}_cards", width=80)
            picked = {scenario.hand.index(card) for card in chosen}
            nothing = "lessons_page.pick_a_card"
        else:
            options = question.options[lang]
            indices = list(range(len(options)))
            if len(question.answer) == 1:
                keep_choices(f"{key}_choice")
                choice = st.radio(tr("lessons_page.choose_one"), indices, index=None,
                                  key=f"{key}_choice",
                                  format_func=_option_label(options))
                picked = set() if choice is None else {choice}
            else:
                # Check boxes, not a multiselect: its "Choose options" stays English.
                st.markdown(tr("lessons_page.choose_many"))
                picked = {index for index in indices
                          if st.checkbox(options[index], key=f"{key}_choice_{index}")}
            nothing = "lessons_page.pick_an_answer"
        if st.button(tr("lessons_page.check"), key=f"{key}_check"):
            if picked:
                st.session_state[checked_key] = True
                st.session_state.pop(empty_key, None)
            else:
                st.session_state[empty_key] = True
        if st.session_state.get(checked_key):
            if picked:
                _show_verdict(question, picked)
            else:
                st.warning(tr(nothing), icon=":material/touch_app:")
        elif st.session_state.get(empty_key):
            st.warning(tr(nothing), icon=":material/touch_app:")
    return bool(st.session_state.get(checked_key)) and question.is_correct(picked)


def _option_label(options: Sequence[str]) -> Callable[[int], str]:
    def label(index: int) -> str:
        """The text of option ``index``."""
        return options[index]

    return label


def _show_verdict(question: LessonQuestion, picked: set[int]) -> None:
    """Right: say so, with the engine's cards and the explanation. Wrong: say so without
    the answer, so that the lesson is earned by finding it (a changed answer is checked
    again at once)."""
    lang = settings().lang
    if not question.is_correct(picked):
        st.error(tr("lessons_page.wrong_try_again"), icon=":material/cancel:")
        return
    st.success(tr("lessons_page.correct"), icon=":material/check_circle:")
    if question.kind == "legal" and question.scenario is not None:
        analysis = question.scenario.analyse()
        draw_cards(question.scenario.hand, legal=analysis.legal, width=70)
    st.info(question.explanation_in(lang), icon=":material/lightbulb:")


# --------------------------------------------------------------------------- path tools
# The placement test, the mixed review and the link to the quiz's spaced repetition: their
# own section, reached from the list (render_path_tools) and drawn instead of it
# (render_sitting) while ``?sitting=`` names one.
SITTING_PARAM = "sitting"
"""URL parameter naming the sitting drawn instead of the list: ``placement`` or ``review``."""
SITTINGS = ("placement", "review")
PLACEMENT_SEED = "placement_seed"
PLACEMENT_ANSWERS = "placement_answers"
REVIEW_ITEMS = "review_items"
REVIEW_RECORDED = "review_recorded"
REVIEW_ROUND = "review_round"
REVIEW_STATE_KEY = "lessons.review"
"""The saved state (per profile) holding the review history of lesson items."""


def _start_sitting(name: str) -> None:
    st.query_params[SITTING_PARAM] = name
    if name == "placement":
        st.session_state[PLACEMENT_SEED] = random.SystemRandom().randrange(10**9)
        st.session_state[PLACEMENT_ANSWERS] = {}
    else:
        st.session_state.pop(REVIEW_ITEMS, None)
        st.session_state[REVIEW_ROUND] = st.session_state.get(REVIEW_ROUND, 0) + 1
    st.session_state[SCROLL_TOP] = st.session_state.get(SCROLL_TOP, 0) + 1


def _end_sitting() -> None:
    if SITTING_PARAM in st.query_params:
        del st.query_params[SITTING_PARAM]


def render_sitting(lessons: Sequence[Lesson]) -> bool:
    """The placement test or a review sitting when ``?sitting=`` names one; whether one
    was drawn (the list is not drawn then)."""
    wanted = st.query_params.get(SITTING_PARAM)
    if wanted not in SITTINGS or not lessons:
        return False
    st.button(tr("lessons_page.back"), key="sitting_back", on_click=_end_sitting)
    if wanted == "placement":
        render_placement(lessons)
    else:
        render_review(lessons)
    _scroll_to_top()
    return True


def _quiz_due() -> int | None:
    """How many of the quiz's rules FSRS wants asked now (None before any quiz answer or
    when the store fails)."""
    try:
        answers = get_store().answers(current_profile())
    except TuteError:
        return None
    if not answers:
        return None
    return due_count(replay_history(answers), datetime.now(UTC).replace(tzinfo=None))


def render_path_tools(lessons: Sequence[Lesson], done: set[str]) -> None:
    """Above the path: the placement test, a mixed review of the lessons done and the
    quiz's spaced repetition with how many rules are due."""
    if not lessons:
        return
    with st.container(border=True, key="lesson_path_tools"):
        test, review, quiz = st.columns(3)
        with test:
            st.markdown(f"**{tr('lessons_page.path.placement_title')}**")
            st.caption(tr("lessons_page.path.placement_help"))
            st.button(tr("lessons_page.path.placement_start"), key="placement_start",
                      on_click=_start_sitting, args=("placement",),
                      icon=":material/fact_check:")
        with review:
            st.markdown(f"**{tr('lessons_page.path.review_title')}**")
            count = len(review_items(lessons, done))
            if count:
                st.caption(tr_count("lessons_page.path.review_help", count))
            else:
                st.caption(tr("lessons_page.path.review_none"))
            st.button(tr("lessons_page.path.review_start"), key="review_start",
                      on_click=_start_sitting, args=("review",), disabled=not count,
                      icon=":material/autorenew:")
        with quiz:
            st.markdown(f"**{tr('lessons_page.path.quiz_title')}**")
            due = _quiz_due()
            if due is None:
                st.caption(tr("lessons_page.path.quiz_new"))
            else:
                st.caption(tr_count("lessons_page.path.quiz_due", due))
            st.page_link("pages/quiz.py", label=tr("lessons_page.path.quiz_open"),
                         icon=":material/quiz:")


# -- the placement test
@st.cache_resource(show_spinner=False, max_entries=32)
def _placement(seed: int, lang: str, lesson_ids: tuple[str, ...]) -> list[PlacementQuestion]:
    return placement_test(seed, lang, lesson_ids)


def render_placement(lessons: Sequence[Lesson]) -> None:
    """The placement test: every question drawn by the engine; each lesson whose every
    question is answered right is marked done, at once."""
    lang = settings().lang
    st.title(tr("lessons_page.placement.title"))
    st.markdown(tr("lessons_page.placement.intro"))
    state = st.session_state
    if PLACEMENT_SEED not in state:
        state[PLACEMENT_SEED] = random.SystemRandom().randrange(10**9)
        state[PLACEMENT_ANSWERS] = {}
    answers: dict[int, list[str]] = state.setdefault(PLACEMENT_ANSWERS, {})
    seed = int(state[PLACEMENT_SEED])
    test = _placement(seed, lang, tuple(lesson.id for lesson in lessons))
    titles = {lesson.id: lesson.title[lang] for lesson in lessons}
    # The seed names the test drawn (in the page, as a drill's heading names its sitting).
    with st.container(key=f"{PLACEMENT_SEED}_{seed}"):
        for index, item in enumerate(test):
            with st.container(border=True, key=f"placement_q{index}"):
                _placement_question(item, index, answers)
    earned = lessons_earned(test, answers)
    _mark_placed(earned, test)
    st.divider()
    st.progress(len(answers) / len(test),
                text=tr_count("lessons_page.placement.answered", len(test),
                              answered=len(answers), total=len(test)))
    if earned:
        st.success(tr("lessons_page.placement.marked",
                      lessons=", ".join(titles[lesson] for lesson in earned)),
                   icon=":material/task_alt:")
    if len(answers) == len(test):
        if not earned:
            st.info(tr("lessons_page.placement.none_marked"), icon=":material/school:")
        st.button(tr("lessons_page.placement.again"), key="placement_again",
                  on_click=_start_sitting, args=("placement",))


def _placement_question(item: PlacementQuestion, index: int,
                        answers: dict[int, list[str]]) -> None:
    """One question of the test: its facts and cards, then the answer, once."""
    question = item.question
    drawn = set(question.board.drawn_facts)
    st.markdown(f"**{tr('lessons_page.question_number', number=index + 1)}.** "
                + " ".join(fact for i, fact in enumerate(question.facts) if i not in drawn))
    board, display = question.board, question.display
    if display.table and board.trick:
        draw_trick([Card.parse(c) for c in board.trick], labels=board.trick_labels, width=70)
    if display.hand and board.hand:
        draw_cards([Card.parse(c) for c in board.hand], width=60)
    st.markdown(f"**{question.ask}**")
    key = f"placement_q{index}"
    chosen = answers.get(index)
    if chosen is None:
        chosen = _placement_answer(question, key)
        if chosen is not None:
            answers[index] = chosen
            st.rerun()  # drawn again without the answer widgets, the lessons marked
    if chosen is not None:
        if is_right(item, chosen):
            st.success(tr("lessons_page.placement.right"), icon=":material/check_circle:")
        else:
            right = ", ".join(question.label_of(value) for value in question.answer)
            st.error(tr("lessons_page.placement.wrong", right=right), icon=":material/cancel:")
        st.caption(question.explanation)


def _placement_answer(question: QuizQuestion, key: str) -> list[str] | None:
    """The learner's answer widgets; the chosen option values once given, else None."""
    answering = question.display.answering
    cards = [Card.parse(value) for value in question.options] if question.option_cards else []
    if answering is Answering.MARK_CARDS:
        st.caption(tr("lessons_page.pick_legal"))
        marked = pick_cards(cards, key=f"{key}_cards", width=70)
        if st.button(tr("lessons_page.check"), key=f"{key}_check"):
            if marked:
                return [str(card) for card in marked]
            st.warning(tr("lessons_page.pick_a_card"), icon=":material/touch_app:")
        return None
    if answering is Answering.CLICK_CARD:
        st.caption(tr("lessons_page.placement.click_card"))
        clicked = pick_card(cards, key=f"{key}_click", width=70)
        return None if clicked is None else [str(clicked)]
    options = list(range(len(question.options)))
    keep_choices(f"{key}_choice")
    choice = st.radio(tr("lessons_page.choose_one"), options, index=None, key=f"{key}_choice",
                      format_func=_option_label(question.option_labels))
    if st.button(tr("lessons_page.check"), key=f"{key}_check"):
        if choice is not None:
            return [question.options[choice]]
        st.warning(tr("lessons_page.pick_an_answer"), icon=":material/touch_app:")
    return None


def _mark_placed(earned: Sequence[str], test: Sequence[PlacementQuestion]) -> None:
    """Save as done each lesson the test earned that is not done yet: its questions, and
    for a lesson with a drill a one-star sitting of it (the lesson's questions of the test,
    all right: ``source="placement"`` in the store)."""
    answered = questions_done()
    stars = drill_stars()
    for lesson_id in earned:
        try:
            if lesson_id not in answered:
                get_store().record_lesson(current_profile(), lesson_id)
            if has_drill(lesson_id) and stars.get(lesson_id, 0) < 1:
                asked = sum(1 for item in test if item.skill.lesson == lesson_id)
                drill_store.record_sitting(get_store(), current_profile(), lesson_id,
                                           right=asked, asked=asked, stars=1,
                                           source="placement")
        except TuteError as error:
            st.error(tr("lessons_page.store_failed", error=str(error)),
                     icon=":material/error:")
            return


# -- the mixed review
def _review_history() -> dict[str, list[tuple[bool, datetime]]]:
    try:
        data = get_store().load_state(current_profile(), REVIEW_STATE_KEY)
    except TuteError:
        return {}
    return read_history(data)


def _record_review(key: str, correct: bool) -> str | None:
    """Add one result to the stored review history; the store's message on failure."""
    try:
        store = get_store()
        profile = current_profile()
        data = store.load_state(profile, REVIEW_STATE_KEY)
        store.save_state(profile, REVIEW_STATE_KEY,
                         add_result(data, key, correct, datetime.now(UTC)))
    except TuteError as error:
        return str(error)
    return None


def render_review(lessons: Sequence[Lesson]) -> None:
    """A mixed review sitting: items of the lessons done, the ones answered wrong or long
    ago first; each first answer is saved for the next sitting."""
    lang = settings().lang
    st.title(tr("lessons_page.review.title"))
    st.markdown(tr("lessons_page.review.intro"))
    state = st.session_state
    items = review_items(lessons, questions_done())  # every lesson studied
    if not items:
        st.info(tr("lessons_page.path.review_none"), icon=":material/school:")
        return
    if REVIEW_ITEMS not in state:
        chosen = pick_sitting(items, _review_history(), datetime.now(UTC).replace(tzinfo=None),
                              random.Random(random.SystemRandom().randrange(2**32)))
        state[REVIEW_ITEMS] = [item.key for item in chosen]
        state[REVIEW_RECORDED] = {}
    by_key = {item.key: item for item in items}
    keys = [key for key in state[REVIEW_ITEMS] if key in by_key]
    recorded: dict[str, bool] = state.setdefault(REVIEW_RECORDED, {})
    by_id = {lesson.id: lesson for lesson in lessons}
    round_ = state.get(REVIEW_ROUND, 0)
    for number, key in enumerate(keys, 1):
        item = by_key[key]
        lesson = by_id[item.lesson]
        widget = f"review{round_}_{key.replace('/', '_')}"
        st.caption(tr("lessons_page.review.from", number=number, title=lesson.title[lang]))
        try:
            right = _review_item(lesson, item, widget, number)
        except TuteError as error:
            st.error(escape_markdown(f"{lesson.path.name}: {error}"), icon=":material/warning:")
            continue
        if right is not None and key not in recorded:
            recorded[key] = right
            problem = _record_review(key, right)
            if problem is not None:
                st.warning(tr("lessons_page.store_failed", error=problem),
                           icon=":material/warning:")
    st.divider()
    answered = sum(1 for key in keys if key in recorded)
    right_count = sum(1 for key in keys if recorded.get(key))
    st.progress(answered / len(keys) if keys else 1.0,
                text=tr_count("lessons_page.review.score", len(keys), right=right_count,
                              answered=answered, total=len(keys)))
    if answered == len(keys):
        st.button(tr("lessons_page.review.again"), key="review_again", type="primary",
                  on_click=_start_sitting, args=("review",))


def _review_item(lesson: Lesson, item: ReviewItem, widget: str, number: int) -> bool | None:
    """Draw one review item; its first verdict once answered (right or not), else None."""
    if item.kind == "question":
        question = lesson.questions[item.index]
        right = render_question(question, widget, number)
        return right if st.session_state.get(f"{widget}_checked") else None
    block = lesson.blocks[item.index]
    render_scenario_block(block, widget)
    picked = st.session_state.get(f"{widget}_picked")
    if picked is None:
        return None
    return block.is_right([Card.parse(code) for code in picked])
