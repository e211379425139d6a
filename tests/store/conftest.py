"""The store's tests run on both databases: ``db_url`` is a fresh SQLite file or a fresh
database on the session's real PostgreSQL cluster (``postgres_url``, never skipped)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty progress database of either kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'progress.sqlite3'}"
    url: str = request.getfixturevalue("postgres_url")
    return url
