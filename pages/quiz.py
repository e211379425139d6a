"""Page: quiz. Generated questions of every kind, answered by clicking cards or options,
with the engine's explanation, a streak and spaced repetition per rule."""

from tute_tutor.ui.quiz import render_quiz_page

render_quiz_page()
