"""Page: try it. Students open a teacher's link (``?s=...``), mark the cards they think
they may play, and only then see the engine's answer and why. Read-only: nothing here
changes the teacher's scenarios.
"""

from tute_tutor.ui.try_it import render_try_it_page

render_try_it_page()
