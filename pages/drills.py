"""Page: drills and endings. Short sittings per lesson skill with a target and stars, and
the last tricks of real deals played out against the solver, with its verdict per card."""

from tute_tutor.ui.drills import render_drills_page

render_drills_page()
