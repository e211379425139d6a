"""Page: home (its issue fills it in)."""

import streamlit as st

from tute_tutor.ui import tr

st.header(tr("nav.home"))
st.info(tr("app.coming_soon"))
