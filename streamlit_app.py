"""Tute Tutor: the app's entry point (``streamlit run streamlit_app.py``)."""

import streamlit as st

from tute_tutor.ui import tr

st.set_page_config(page_title="Tute Tutor", page_icon="🂡", layout="wide")
st.title(tr("app.name"))
st.write(tr("app.tagline"))
