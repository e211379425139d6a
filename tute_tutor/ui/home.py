"""The home page: what Tute Tutor is, where to start, and a first look at the cards.
"""

from __future__ import annotations

import streamlit as st

from tute_tutor.engine.cards import CARDS, suit_from_letter
from tute_tutor.ui import settings, tr
from tute_tutor.ui.layout import draw_cards
from tute_tutor.ui.lessons import current_lessons, lessons_done
from tute_tutor.ui.state import tr_count

START = ("lessons", "quiz", "practice", "teacher", "rules")


def render_home_page() -> None:
    """Draw the home page."""
    current = settings()
    st.title(tr("home.title"))
    st.markdown(tr("home.intro"))
    st.markdown(tr("home.what"))
    st.caption(tr("home.current_rules", ruleset=tr(f"settings.preset.{current.ruleset}.label"),
                  players=current.rules.players))
    st.subheader(tr("home.start_title"))
    columns = st.columns(len(START))
    for column, name in zip(columns, START, strict=True):
        with column, st.container(border=True):
            st.page_link(f"pages/{name}.py", label=tr(f"home.start.{name}.title"))
            st.caption(tr(f"home.start.{name}.text"))
    lessons, _ = current_lessons()
    done = lessons_done()
    waiting = [lesson for lesson in lessons if lesson.id not in done]
    if lessons and waiting:
        st.page_link("pages/lessons.py", icon=":material/play_circle:",
                     label=tr_count("home.continue", len(lessons),
                                    title=waiting[0].title[current.lang],
                                    done=len(lessons) - len(waiting), total=len(lessons)),
                     query_params={"lesson": waiting[0].id})
    elif lessons:
        st.success(tr_count("home.all_done", len(lessons), total=len(lessons)),
                   icon=":material/emoji_events:")
    st.subheader(tr("home.order_title"))
    oros = suit_from_letter("o")
    # One suit from its strongest card to its weakest: the card index orders strength.
    suit_by_strength = [CARDS[oros * 10 + strength] for strength in range(9, -1, -1)]
    draw_cards(suit_by_strength, width=72)
    st.markdown(tr("home.order_caption"))
    st.subheader(tr("home.points_title"))
    counted = [card for card in suit_by_strength if card.points]
    lines = [tr("home.points_line", card=card.name(current.lang), points=card.points)
             for card in counted]
    st.markdown("\n".join(f"- {line}" for line in [*lines, tr("home.points_zero")]))
    st.markdown(tr("home.points_total", total=sum(card.points for card in CARDS)))
