"""Programmatic Alembic: the schema's head revision, upgrades on a connection, new revisions.

No ``alembic.ini`` is involved: the configuration is built in code around the script
directory inside the package (:data:`eote_ref.store.migrations.MIGRATIONS_DIR`).
"""

from __future__ import annotations

import functools
import pathlib
import tempfile

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection

from eote_ref.store.migrations import MIGRATIONS_DIR


def alembic_config(
    migrations_dir: pathlib.Path | None = None,
    *,
    connection: Connection | None = None,
    url: str | None = None,
) -> Config:
    """An Alembic configuration for ``migrations_dir`` (default: the package's migrations).

    Args:
        migrations_dir: the script directory holding ``env.py`` and ``versions/``.
        connection: an open connection the migrations run on (inside its transaction).
        url: a database URL, used only when no connection is given.
    """
    config = Config()
    config.set_main_option("script_location", str(migrations_dir or MIGRATIONS_DIR))
    if url is not None:
        config.set_main_option("sqlalchemy.url", url)
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@functools.lru_cache(maxsize=8)
def _script(migrations_dir: pathlib.Path) -> ScriptDirectory:
    return ScriptDirectory.from_config(alembic_config(migrations_dir))


def head_revision(migrations_dir: pathlib.Path | None = None) -> str:
    """The newest schema revision this version of eote-ref knows."""
    head = _script(migrations_dir or MIGRATIONS_DIR).get_current_head()
    if head is None:  # pragma: no cover - the package always ships a first revision
        raise RuntimeError("no migrations found")
    return head


def is_known_revision(revision: str, migrations_dir: pathlib.Path | None = None) -> bool:
    """Whether ``revision`` is one of this version's schema revisions (older or current)."""
    script = _script(migrations_dir or MIGRATIONS_DIR)
    return any(rev.revision == revision for rev in script.walk_revisions())


def upgrade(connection: Connection, migrations_dir: pathlib.Path | None = None) -> None:
    """Upgrade the database on ``connection`` to the head revision, inside its transaction."""
    command.upgrade(alembic_config(migrations_dir, connection=connection), "head")


def make_revision(message: str, *, autogenerate: bool = True) -> None:
    """Developer helper: write a new revision script comparing the models with the head schema.

    A scratch SQLite database is upgraded to the current head, then Alembic's autogenerate
    writes the differences into ``migrations/versions/``. Review the script before committing.
    """
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{pathlib.Path(tmp) / 'scratch.sqlite'}"
        config = alembic_config(url=url)
        command.upgrade(config, "head")
        command.revision(config, message=message, autogenerate=autogenerate)
