"""Page: lessons. The list with done marks, or one lesson (``?lesson=id``) with its
scenarios (pick a card, then the engine's answer) and closing questions."""

from tute_tutor.ui.lessons import render_lessons_page

render_lessons_page()
