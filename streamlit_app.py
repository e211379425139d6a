"""Tute Tutor: the app's entry point (``streamlit run streamlit_app.py``).

It sets the session defaults, builds the navigation from the files in ``pages/`` and
holds the settings every page obeys.
"""

import streamlit as st

from tute_tutor.ui import tr
from tute_tutor.ui.state import init_session_defaults

st.set_page_config(page_title="Tute Tutor", page_icon="🂡", layout="wide")
init_session_defaults()

PAGES = ["home", "lessons", "quiz", "practice", "teacher", "try_it", "progress", "rules"]
navigation = st.navigation(
    [st.Page(f"pages/{name}.py", title=tr(f"nav.{name}"), url_path=name,
             default=name == "home") for name in PAGES]
)
navigation.run()
