"""Page: watch and learn. Computers play a whole hand (or a hand record is read) and the
learner steps through it card by card, with the reason for every card."""

from tute_tutor.ui.watch import render_watch_page

render_watch_page()
