"""Upgrading an older schema: the backup copy of the file first, then the migrations.

Split from ``store/database.py``, which calls these when the schema it opens is older than
this version's.
"""

from __future__ import annotations

import datetime
import pathlib
import sqlite3
from typing import TYPE_CHECKING

from eote_ref.store import migrate
from eote_ref.store.database_checks import read_only_connection
from eote_ref.store.errors import DatabaseError
from eote_ref.store.server_url import driver_reason, masked_url

if TYPE_CHECKING:  # SQLAlchemy is imported when the first engine is made (not for the first paint)
    from sqlalchemy.engine import Engine


def upgrade_if_needed(
    engine: Engine, revision: str | None, migrations_dir: pathlib.Path | None
) -> str | None:
    """Run the migrations from ``revision`` to head in one transaction; return the old revision."""
    from sqlalchemy import exc as sa_exc

    if revision == migrate.head_revision(migrations_dir):
        return None
    try:
        with engine.begin() as connection:
            migrate.upgrade(connection, migrations_dir)
    except sa_exc.DBAPIError as error:
        from eote_ref.store.server_errors import translate

        name = masked_url(engine.url)
        gone = translate(error, saved=f"the upgrade of {name} is rolled back whole")
        if gone is not None:  # a lost server, a missing right: the driver's words, no echo
            raise gone from None
        raise DatabaseError(
            f"upgrading {name} failed and was rolled back: {driver_reason(error, engine.url)}"
        ) from error
    return revision


def write_backup(file: pathlib.Path, revision: str) -> pathlib.Path:
    """Copy ``file`` (WAL content included) next to itself before an upgrade."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    suffix = file.suffix or ".sqlite"
    target = file.with_name(f"{file.stem}.before-upgrade-{revision}-{stamp}{suffix}")
    n = 1
    while target.exists():
        n += 1
        target = file.with_name(f"{file.stem}.before-upgrade-{revision}-{stamp}-{n}{suffix}")
    source = read_only_connection(file)
    try:
        copy_sqlite(source, target)
    finally:
        source.close()
    return target


def copy_sqlite(source: sqlite3.Connection, target: pathlib.Path) -> None:
    """Copy the open SQLite database ``source`` into the new file ``target`` (SQLite's backup)."""
    copy = sqlite3.connect(target)
    try:
        source.backup(copy)
    finally:
        copy.close()
