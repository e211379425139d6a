"""Page: the guided practice table. Play whole hands and matches against computer players,
every card announced with the rule behind it, then review the hand."""

import streamlit as st

from tute_tutor.ui import practice as table_ui
from tute_tutor.ui import settings, tr

current = settings()
st.header(tr("nav.practice"))
st.caption(tr("practice.page.intro"))

table = table_ui.get_table(current)
table_ui.setup_panel(table, current)
play_column, log_column = st.columns([3, 2], gap="medium")
changed = False
with play_column:
    table_ui.status_line(table, current)
    with st.container(border=True):
        table_ui.table_view(table, current)
    thinking = st.empty()
    notice = st.empty()
    if not table.finished:
        changed = table_ui.learner_area(table, current)
    changed = table_ui.action_bar(table, current) or changed
    table_ui.messages(table, current, notice)
with log_column:
    table_ui.latest(table, current)
    table_ui.full_log(table, current)
if table.finished:
    changed = table_ui.review_section(table, current) or changed

if changed or table_ui.run_computers(table, current, thinking):
    st.rerun()
