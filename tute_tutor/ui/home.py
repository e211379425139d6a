"""The home page: what Tute Tutor is, where to start, and a first look at the cards.
"""

from __future__ import annotations

from typing import Final

import streamlit as st

from tute_tutor.engine.cards import CARDS, suit_from_letter
from tute_tutor.ui import settings, tr
from tute_tutor.ui.layout import draw_cards
from tute_tutor.ui.lessons import current_lessons, lessons_done
from tute_tutor.ui.state import tr_count

START: Final = (
    ("learn", ("lessons", "drills", "quiz")),
    ("play", ("puzzles", "watch", "practice")),
    ("more", ("teacher", "rules")),
)
"""The "where do I start?" cards, a row each: learning the game (the lessons, their drills,
the quiz), playing it well (the puzzles, the computers' games explained, whole hands), and
teaching it or looking a rule up. Each name is a page in ``pages/`` with words
``home.start.NAME``; each row has words ``home.start_row.ROW``."""
COLUMNS: Final = 3
"""Cards in a row at most (side by side on a laptop, one under the other on a phone)."""


def render_home_page() -> None:
    """Draw the home page."""
    current = settings()
    st.title(tr("home.title"))
    st.markdown(tr("home.intro"))
    st.markdown(tr("home.what"))
    st.caption(tr("home.current_rules", ruleset=tr(f"settings.preset.{current.ruleset}.label"),
                  players=current.rules.players))
    st.subheader(tr("home.start_title"))
    for row, names in START:
        render_start_row(row, names)
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


def render_start_row(row: str, names: tuple[str, ...]) -> None:
    """One row of the start section: what it is for, then a card per page (a link and a
    line), the cards of a row as tall as each other."""
    with st.container(key=f"home_start_{row}"):
        st.markdown(f"**{tr(f'home.start_row.{row}.title')}** · "
                    f"{tr(f'home.start_row.{row}.text')}")
        columns = st.columns(COLUMNS)
        for column, name in zip(columns, names, strict=False):
            with column, st.container(border=True, height="stretch",
                                      key=f"home_start_card_{name}"):
                st.page_link(f"pages/{name}.py", label=tr(f"home.start.{name}.title"))
                st.caption(tr(f"home.start.{name}.text"))
