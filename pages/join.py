"""Page: join a live class from a phone (``?class=CODE`` or the code typed), answer each
question by tapping. Everything is in ``tute_tutor.ui.join``."""

from tute_tutor.ui.join import render_join_page

render_join_page()
