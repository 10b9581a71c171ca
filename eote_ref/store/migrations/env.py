"""Alembic environment: runs the migrations on the connection the store hands in.

At run time :func:`eote_ref.store.database.open_database` passes an open connection in
``config.attributes["connection"]``; no ``alembic.ini`` is needed. Developers writing a new
revision can point Alembic at a scratch database instead::

    python -c "from eote_ref.store.migrate import make_revision; make_revision('add x')"
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine
from sqlalchemy.engine import Connection

from eote_ref.store import campaign_models as campaign_models  # campaign tables on metadata
from eote_ref.store.models import metadata

config = context.config


def _run(connection: Connection) -> None:
    """Configure the context on ``connection`` and run the pending migrations."""
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=True,  # SQLite needs table rebuilds for ALTER; a no-op on PostgreSQL
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


_given = config.attributes.get("connection")
if _given is not None:
    _run(_given)
else:
    _url = config.get_main_option("sqlalchemy.url")
    if not _url:
        raise RuntimeError("set sqlalchemy.url or pass a connection in config.attributes")
    with create_engine(_url).connect() as _connection:
        _run(_connection)
        _connection.commit()
