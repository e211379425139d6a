"""Page: the teacher's tools. Build scenarios, order them into a sequence of slides,
project them step by step, share them by link or file, print worksheets, and replay a
recorded hand trick by trick. Every answer comes from the engine through the helpers in
``tute_tutor.ui.builder`` and ``tute_tutor.ui.presenter``.
"""

from tute_tutor.ui.teacher import render_teacher_page

render_teacher_page()
