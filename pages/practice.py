"""Page: the guided practice table. Play whole hands and matches against computer players,
every card announced with the rule behind it, then review the hand."""

from tute_tutor.ui.practice import render_practice_page

render_practice_page()
