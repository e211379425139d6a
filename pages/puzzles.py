"""Page: puzzles. Positions of real deals where one card is clearly best by the exact
solver, themed and rated (Glicko-2), with a daily puzzle and its streak."""

from tute_tutor.ui.puzzles import render_puzzles_page

render_puzzles_page()
