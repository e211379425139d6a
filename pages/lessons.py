"""Page: lessons (its issue fills it in)."""

import streamlit as st

from tute_tutor.ui import tr

st.header(tr("nav.lessons"))
st.info(tr("app.coming_soon"))
