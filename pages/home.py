"""Page: home. What Tute Tutor is, where to start, and a first look at the cards."""

from tute_tutor.ui.home import render_home_page

render_home_page()
