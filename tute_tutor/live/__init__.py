"""Live teaching: a class answering on phones while the projector shows the answers.

:mod:`~tute_tutor.live.classroom` is a class session as a pure state machine (no
Streamlit, no SQL); :mod:`~tute_tutor.live.deck` turns a deck entry into a quiz
question in either language.
"""
