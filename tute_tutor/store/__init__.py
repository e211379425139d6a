"""The learner's progress that lasts: answers, lessons done and practice hands per profile.

SQLAlchemy 2 over an embedded SQLite file created on first use in the user's data
folder (``platformdirs``). The location is one setting: the ``TUTE_TUTOR_DB``
environment variable or the ``url`` argument of :func:`open_store`, either a file path
or any SQLAlchemy URL (``postgresql+psycopg://...`` works the same way).

>>> store = open_store("sqlite://")
>>> store.record_answer("ana", kind="legal", rule="montar", correct=True)
>>> [(a.rule, a.correct) for a in store.answers("ana")]
[('montar', True)]
>>> store.answers("luis")
[]
"""

from __future__ import annotations

from tute_tutor.store import puzzles as _puzzles  # noqa: F401  (its methods on Store)
from tute_tutor.store.db import (
    DEFAULT_PROFILE,
    ENV_VAR,
    MAX_STATE_BYTES,
    Answer,
    HandPlayed,
    LessonDone,
    Store,
    StoreError,
    default_url,
    open_store,
)

__all__ = ["DEFAULT_PROFILE", "ENV_VAR", "MAX_STATE_BYTES", "Answer", "HandPlayed",
           "LessonDone", "Store", "StoreError", "default_url", "open_store"]
