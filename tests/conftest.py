"""Shared test settings: hypothesis profile sized for a 2-core CI machine, and PostgreSQL.

``postgres_cluster`` is one throwaway cluster per test session (so one per xdist worker) in
a temporary folder, stopped at the end. It is never skipped: without Debian's postgresql
package the tests that use it error (``.ci/run`` installs it). ``postgres_url`` gives each
test a fresh empty database of that cluster, dropped afterwards.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from tute_tutor.serve.postgres import (
    Cluster,
    create_database,
    drop_database,
    scratch_folder,
    start_cluster,
    stop_cluster,
)

settings.register_profile(
    "ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

_database_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    """A running PostgreSQL cluster in a temporary folder, stopped after the session."""
    with scratch_folder() as folder:
        cluster = start_cluster(folder / "data")
        try:
            yield cluster
        finally:
            stop_cluster(cluster)


@pytest.fixture
def postgres_url(postgres_cluster: Cluster) -> Iterator[str]:
    """The SQLAlchemy URL of a fresh, empty database, dropped after the test."""
    name = f"test_{os.getpid()}_{next(_database_numbers)}"
    url = create_database(postgres_cluster, name)
    yield url
    drop_database(postgres_cluster, name)
