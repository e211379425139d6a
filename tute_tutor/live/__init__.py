"""Live play and teaching: rooms to play with friends, and a class answering on phones.

:mod:`~tute_tutor.live.room` is a room as a pure state machine over the engine (no
Streamlit, no SQL) and :mod:`~tute_tutor.live.words` words its log for one seat (the
store keeps rooms in :mod:`tute_tutor.store.rooms`, one compare-and-set per move);
:mod:`~tute_tutor.live.classroom` is a class session as a pure state machine (no
Streamlit, no SQL); :mod:`~tute_tutor.live.deck` turns a deck entry into a quiz
question in either language.
"""
