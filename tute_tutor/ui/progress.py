"""The progress page. The learner's history from the store: headline numbers, plotly charts
(accuracy over time, mastery per rule, lessons done, streaks), CSV export and a reset
that asks first. Figures are cached on the history's fingerprint, so reruns are fast.
A lesson counts as done as on the lesson path (:mod:`tute_tutor.teach.done`): its
questions right and, when it has a drill, a star in it."""

from __future__ import annotations

import re
from typing import Any

import streamlit as st

from tute_tutor.coach.mistakes import MISTAKE_KINDS, PRACTICE, MistakeKind
from tute_tutor.quiz import srs
from tute_tutor.quiz.generator import rule_label
from tute_tutor.render import charts
from tute_tutor.store import StoreError, stats
from tute_tutor.store import drills as drill_store
from tute_tutor.store.export import history_csv
from tute_tutor.store.mistakes import KindSummary, mistake_summary
from tute_tutor.teach.done import lessons_done
from tute_tutor.ui import settings, tr
from tute_tutor.ui.profile import (
    carry_panel,
    carry_request,
    current_profile,
    get_store,
    profile_markdown,
    store_message,
    store_or_error,
)
from tute_tutor.words.catalog import t
from tute_tutor.words.coach import mistake_lesson, mistake_name

CONFIRM = "progress_confirm_reset"
DRILLS_PAGE = "pages/drills.py"
"""The drills page (``/drills?skill=LESSON_ID``): each skill's drills."""
DONE = "progress_reset_done"


@st.cache_data(max_entries=64, show_spinner=False)
def progress_data(location: str, profile: str, fingerprint: tuple[int, ...],
                  stars: tuple[tuple[str, int], ...], lang: str) -> dict[str, Any]:
    """Summary and figures of ``profile`` (``location``, ``fingerprint`` and the drills'
    best ``stars`` key the cache)."""
    store = get_store()
    answers = store.answers(profile)
    lessons = store.lessons(profile)
    done = lessons_done((lesson.lesson_id for lesson in lessons), dict(stars))
    lessons = [lesson for lesson in lessons if lesson.lesson_id in done]
    hands = store.hands(profile)

    def text(key: str, **values: object) -> str:
        return t(f"progress.chart.{key}", lang, **values)

    def rule_name(rule: str) -> str:
        return rule_label(rule, lang)

    mastery = srs.rule_mastery(answers)
    figures = {}
    if answers:
        figures["accuracy"] = charts.accuracy_figure(stats.daily_accuracy(answers), text, lang)
        figures["mastery"] = charts.mastery_figure(mastery, text, rule_name, srs.BOXES)
        figures["streak"] = charts.streak_figure(stats.streak_series(answers), text)
    if lessons:
        figures["lessons"] = charts.lessons_figure(stats.lessons_series(lessons), text, lang)
    weakest = [rule_name(r["rule"]) for r in mastery[:3]]
    return {"summary": stats.summary(answers, lessons, hands), "figures": figures,
            "weakest": weakest, "csv": history_csv(store, profile)}


def confirm_reset(profile: str) -> None:
    """Ask before erasing: everything the profile did goes for good."""
    st.warning(tr("progress.reset_warning", name=profile_markdown(profile)))
    left, right = st.columns(2)
    if left.button(tr("progress.reset_confirm"), key="progress_reset_yes", type="primary"):
        try:
            get_store().reset(profile)
            st.session_state[DONE] = True
        except StoreError as error:
            st.session_state[DONE] = store_message(error)
        st.session_state[CONFIRM] = False
        st.session_state.pop("quiz_srs", None)  # the quiz replays the (now empty) history
        st.rerun()
    if right.button(tr("progress.reset_cancel"), key="progress_reset_no"):
        st.session_state[CONFIRM] = False
        st.rerun()


def _file_name(profile: str) -> str:
    return "tute-tutor-" + (re.sub(r"[^A-Za-z0-9_-]+", "-", profile).strip("-") or "profile") \
        + ".csv"


def _lesson_titles(lang: str) -> dict[str, str]:
    from tute_tutor.ui.lessons import current_lessons

    lessons, _ = current_lessons()
    return {lesson.id: lesson.title.get(lang) or lesson.id for lesson in lessons}


def _drill_link(label: str, lesson: str) -> None:
    """A link to the drills of ``lesson``; a plain link while the app has no drills page."""
    from streamlit.errors import StreamlitAPIException

    try:
        st.page_link(DRILLS_PAGE, label=label, query_params={"skill": lesson},
                     icon=":material/fitness_center:")
    except StreamlitAPIException:
        st.markdown(f"[{label}](/drills?skill={lesson})")


def mistakes_section(profile: str, lang: str) -> None:
    """The learner's mistakes by kind: how many, the points lost, the last day, the
    lesson, and links to the puzzles and the drills that teach each one."""

    st.subheader(tr("progress.mistakes.title"))
    try:
        summary: list[KindSummary] = mistake_summary(get_store(), profile)
    except StoreError as error:
        st.caption(store_message(error))
        return
    if not summary:
        st.caption(tr("progress.mistakes.none"))
        return
    st.caption(tr("progress.mistakes.intro"))
    titles = _lesson_titles(lang)
    for row in summary:
        if row.kind not in MISTAKE_KINDS:
            continue
        kind: MistakeKind = row.kind
        theme, lesson = PRACTICE[kind]
        with st.container(border=True, key=f"progress_mistake_{kind}"):
            st.markdown(f"**{mistake_name(kind, lang)}**")
            with st.container(horizontal=True, gap="medium"):
                st.metric(tr("progress.mistakes.count"), row.count, width="content")
                st.metric(tr("progress.mistakes.points"), row.points, width="content")
                st.metric(tr("progress.mistakes.last_seen"), row.last_seen.date().isoformat(),
                          width="content")
            st.markdown(mistake_lesson(kind, lang))
            with st.container(horizontal=True, gap="medium"):
                st.page_link("pages/puzzles.py", query_params={"theme": theme},
                             label=tr("progress.mistakes.puzzles",
                                      theme=tr(f"puzzles.theme.{theme}")),
                             icon=":material/extension:")
                _drill_link(tr("progress.mistakes.drill",
                               lesson=titles.get(lesson, lesson)),
                            lesson)


def render_progress_page() -> None:
    """Draw the learner's progress page."""
    lang = settings().lang
    profile = current_profile()
    st.title(tr("progress.title"))
    st.caption(tr("progress.intro", name=profile_markdown(profile)))
    done = st.session_state.pop(DONE, None)
    if done is True:
        st.success(tr("progress.reset_done"))
    elif done:
        st.error(str(done))
    store = store_or_error()
    if store is None:
        return
    carry_request()  # a carry link asks first, above everything
    try:
        stars = tuple(sorted(drill_store.best_stars(store, profile).items()))
        data = progress_data(store.location, profile, store.fingerprint(profile), stars,
                             lang)
    except StoreError as error:
        st.error(store_message(error))
        return
    summary = data["summary"]
    if not (summary.answers or summary.lessons or summary.hands):
        st.info(tr("progress.no_history"))
        st.page_link("pages/quiz.py", label=tr("progress.go_quiz"), icon=":material/quiz:")
    else:
        row = st.columns(6)
        row[0].metric(tr("progress.answers"), summary.answers)
        row[1].metric(tr("progress.accuracy"), f"{round(100 * summary.accuracy)} %")
        row[2].metric(tr("progress.streak"), summary.current_streak)
        row[3].metric(tr("progress.best_streak"), summary.best_streak)
        row[4].metric(tr("progress.lessons"), summary.lessons)
        row[5].metric(tr("progress.hands"), f"{summary.hands_won}/{summary.hands}")
        if data["weakest"]:
            st.markdown(tr("progress.weakest", rules=", ".join(data["weakest"])))
        figures = data["figures"]
        left, right = st.columns(2)
        for column, name in ((left, "accuracy"), (right, "mastery"), (left, "streak"),
                             (right, "lessons")):
            if name in figures:
                column.plotly_chart(figures[name], key=f"progress_{name}",
                                    config={"displaylogo": False})
    mistakes_section(profile, lang)
    st.divider()
    left, right = st.columns(2)
    left.download_button(tr("progress.export"), data=data["csv"], file_name=_file_name(profile),
                         mime="text/csv", key="progress_export", help=tr("progress.export_help"),
                         icon=":material/download:")
    if right.button(tr("progress.reset"), key="progress_reset", icon=":material/delete:"):
        st.session_state[CONFIRM] = True
    if st.session_state.get(CONFIRM):
        st.dialog(tr("progress.reset_title"))(confirm_reset)(profile)
    st.divider()
    carry_panel()
