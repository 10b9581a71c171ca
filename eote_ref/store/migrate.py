"""Programmatic Alembic: the schema's head revision, upgrades on a connection, new revisions.

No ``alembic.ini`` is involved: the configuration is built in code around the script
directory inside the package (:data:`eote_ref.store.migrations.MIGRATIONS_DIR`).

Alembic is imported only to upgrade or write a revision: opening an up-to-date database
needs just the revision ids, read straight from the scripts' ``revision`` and
``down_revision`` lines (falling back to Alembic for anything but a plain linear history).
"""

from __future__ import annotations

import functools
import pathlib
import re
import tempfile
from typing import TYPE_CHECKING

from eote_ref.store.migrations import MIGRATIONS_DIR

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory
    from sqlalchemy.engine import Connection

_REVISION = re.compile(r"""^revision\b[^=\n]*=\s*['"]([^'"]+)['"]\s*$""", re.MULTILINE)
_DOWN_REVISION = re.compile(
    r"""^down_revision\b[^=\n]*=\s*(?:None|['"]([^'"]+)['"])\s*$""", re.MULTILINE
)


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
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(migrations_dir or MIGRATIONS_DIR))
    if url is not None:
        config.set_main_option("sqlalchemy.url", url)
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@functools.lru_cache(maxsize=8)
def _script(migrations_dir: pathlib.Path) -> ScriptDirectory:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config(migrations_dir))


@functools.lru_cache(maxsize=8)
def _linear_history(migrations_dir: pathlib.Path) -> tuple[str, ...] | None:
    """The revision ids from first to head, read from the scripts; None unless plainly linear.

    Each script must name one ``revision`` and one (or no) ``down_revision`` as string
    literals, with exactly one first revision and each revision revised at most once.
    Anything else (merges, branches, computed ids) is left to Alembic.
    """
    down_of: dict[str, str | None] = {}
    for script in sorted((migrations_dir / "versions").glob("*.py")):
        text = script.read_text(encoding="utf-8")
        rev, down = _REVISION.findall(text), _DOWN_REVISION.findall(text)
        if script.name == "__init__.py" and not rev:
            continue
        if len(rev) != 1 or len(down) != 1 or rev[0] in down_of:
            return None
        down_of[rev[0]] = down[0] or None
    up_of = {down: rev for rev, down in down_of.items()}
    if not down_of or len(up_of) != len(down_of) or None not in up_of:
        return None
    history = [up_of[None]]
    while history[-1] in up_of:
        history.append(up_of[history[-1]])
    return tuple(history) if len(history) == len(down_of) else None


def head_revision(migrations_dir: pathlib.Path | None = None) -> str:
    """The newest schema revision this version of eote-ref knows."""
    history = _linear_history(migrations_dir or MIGRATIONS_DIR)
    if history is not None:
        return history[-1]
    head = _script(migrations_dir or MIGRATIONS_DIR).get_current_head()
    if head is None:  # pragma: no cover - the package always ships a first revision
        raise RuntimeError("no migrations found")
    return head


def is_known_revision(revision: str, migrations_dir: pathlib.Path | None = None) -> bool:
    """Whether ``revision`` is one of this version's schema revisions (older or current)."""
    history = _linear_history(migrations_dir or MIGRATIONS_DIR)
    if history is not None:
        return revision in history
    script = _script(migrations_dir or MIGRATIONS_DIR)
    return any(rev.revision == revision for rev in script.walk_revisions())


def upgrade(connection: Connection, migrations_dir: pathlib.Path | None = None) -> None:
    """Upgrade the database on ``connection`` to the head revision, inside its transaction."""
    from alembic import command

    command.upgrade(alembic_config(migrations_dir, connection=connection), "head")


def make_revision(message: str, *, autogenerate: bool = True) -> None:
    """Developer helper: write a new revision script comparing the models with the head schema.

    A scratch SQLite database is upgraded to the current head, then Alembic's autogenerate
    writes the differences into ``migrations/versions/``. Review the script before committing.
    """
    from alembic import command

    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{pathlib.Path(tmp) / 'scratch.sqlite'}"
        config = alembic_config(url=url)
        command.upgrade(config, "head")
        command.revision(config, message=message, autogenerate=autogenerate)
