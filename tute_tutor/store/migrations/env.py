"""Alembic environment: runs on the connection the store hands over.

:func:`tute_tutor.store.migrate.upgrade` passes its open connection in
``config.attributes["connection"]``. Run from the ``alembic`` command line instead (to
write a revision), it connects to ``TUTE_TUTOR_DB`` (or the default file).
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from tute_tutor.store.tables import metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        # SQLite cannot alter constraints in place: batch mode copies the table.
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Migrate through the given connection, or one made from the configured URL."""
    given = context.config.attributes.get("connection")
    if given is not None:
        _run(given)
        return
    from tute_tutor.store.database import default_url, engine_url

    engine = create_engine(engine_url(default_url()))
    with engine.connect() as connection:
        _run(connection)
    engine.dispose()


# Alembic runs this file inside its environment; a plain import (a walk over every
# module, say) finds no environment and does nothing.
if hasattr(context, "config"):
    if context.is_offline_mode():
        raise SystemExit("offline (SQL script) migrations are not supported: give a database")
    run_migrations_online()
