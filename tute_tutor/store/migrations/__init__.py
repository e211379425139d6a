"""Alembic migrations of the progress database (``env.py`` and ``versions/``).

The app runs them itself (:func:`tute_tutor.store.migrate.upgrade`); to write a new
revision, see the README's "Progress database" section.
"""
