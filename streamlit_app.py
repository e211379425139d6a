"""Tute Tutor: the app's entry point (``streamlit run streamlit_app.py``).

It sets the session defaults (language from ``?lang=`` or the browser's locale, Spanish
by default), builds the navigation over the files in ``pages/`` with translated titles,
and draws the sidebar settings every page obeys: language, deck style, rule set and
its flags.
"""

import streamlit as st

from tute_tutor.ui import tr
from tute_tutor.ui.layout import render_sidebar
from tute_tutor.ui.state import init_session_defaults

PAGES = ("home", "lessons", "drills", "quiz", "puzzles", "practice", "watch", "rooms",
         "teacher", "try_it", "progress", "rules", "join")
ICONS = {
    "home": ":material/home:",
    "lessons": ":material/school:",
    "drills": ":material/fitness_center:",
    "quiz": ":material/quiz:",
    "puzzles": ":material/extension:",
    "practice": ":material/playing_cards:",
    "watch": ":material/visibility:",
    "rooms": ":material/groups:",
    "teacher": ":material/co_present:",
    "try_it": ":material/touch_app:",
    "progress": ":material/monitoring:",
    "rules": ":material/menu_book:",
    "join": ":material/phone_iphone:",
}

st.set_page_config(page_title="Tute Tutor", page_icon="🂡", layout="wide")
init_session_defaults()

navigation = st.navigation(
    [
        st.Page(f"pages/{name}.py", title=tr(f"nav.{name}"), icon=ICONS[name],
                url_path=name, default=name == "home")
        for name in PAGES
    ],
    expanded=True,  # every page listed: folded, the menu hides those past the tenth
)
render_sidebar()
navigation.run()
