"""Following a database another eote-ref writes: a read-only opening and a change probe.

The players' display on a second computer (``eote-ref display``) opens the club's database
without the single-instance lock and without migrating it, reads the game, and asks
:class:`ChangeWatcher` now and then whether anything was committed since. On SQLite that is
the store's change watcher (``notify.py``) seen as a yes/no.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import sqlite3
from collections.abc import Iterator
from typing import Any

from sqlalchemy import create_engine, text
from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import URL

from eote_ref.store import migrate, notify
from eote_ref.store.database import (
    BUSY_TIMEOUT_MS,
    Database,
    _revision_of,
    _schema_revision,
)
from eote_ref.store.errors import DatabaseError, NewerVersionError, NotAnEoteDatabaseError
from eote_ref.store.paths import default_database_path
from eote_ref.store.server_url import driver_reason, masked_url, parse_url, server_engine


def open_read_only(
    path: str | os.PathLike[str] | None = None, *, url: str | None = None
) -> Database:
    """Open an eote-ref database to read only: no lock taken, no upgrade, no write possible.

    Raises:
        NotAnEoteDatabaseError: the file is missing or not an eote-ref database.
        NewerVersionError: the schema is not this version's (open it once with the app).
        ValueError: both ``path`` and ``url`` were given.
    """
    if path is not None and url is not None:
        raise ValueError("give a database file or a database URL, not both")
    parsed = parse_url(url) if url is not None else None
    if (
        parsed is not None
        and parsed.get_backend_name() == "sqlite"
        and parsed.database not in (None, "", ":memory:")
    ):
        path = parsed.database
    if parsed is None or path is not None:
        file = pathlib.Path(path) if path is not None else default_database_path()
        file = file.expanduser().absolute()
        if not file.is_file():
            raise NotAnEoteDatabaseError(f"{file} does not exist")
        uri = f"{file.as_uri()}?mode=ro"

        def connect() -> sqlite3.Connection:
            return sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000)

        engine = create_engine("sqlite://", creator=connect)
        name = str(file)
    else:
        args: dict[str, Any] = {}
        if parsed.get_backend_name() == "postgresql":
            args["options"] = "-c default_transaction_read_only=on"
        engine = server_engine(parsed, pool_pre_ping=True, connect_args=args)
        name = masked_url(parsed)
        file = None
    try:
        with _reasons(name, None if file is not None else parsed), engine.connect() as connection:
            if file is not None:
                tables = {
                    str(r[0])
                    for r in connection.exec_driver_sql(
                        "SELECT name FROM sqlite_master WHERE type = 'table'"
                    )
                }
                revision = _revision_of(
                    tables,
                    lambda sql: [tuple(r) for r in connection.execute(text(sql))],
                    name,
                )
            else:
                revision = _schema_revision(connection, name) or ""
        if revision != migrate.head_revision():
            raise NewerVersionError(
                f"{name} has schema {revision}, this eote-ref reads {migrate.head_revision()}: "
                "open it once with the same version of eote-ref as the umpire's"
            )
    except BaseException:
        engine.dispose()
        raise
    return Database(engine=engine, path=file)


@contextlib.contextmanager
def _reasons(name: str, parsed: URL | None) -> Iterator[None]:
    """A failed connection to a server as a DatabaseError in the driver's words, masked."""
    try:
        yield
    except sa_exc.DBAPIError as error:
        if parsed is None:
            raise
        raise DatabaseError(f"cannot connect to {name}: {driver_reason(error, parsed)}") from None


class ChangeWatcher:
    """Tells whether the database changed since the last look (another process's commit).

    A yes/no view of the store's one change watcher (:class:`eote_ref.store.notify.ChangeWatcher`:
    ``PRAGMA data_version`` on SQLite, LISTEN/NOTIFY on PostgreSQL, each game's version read).

    Args:
        db: the database (read-only or not) to watch.
    """

    def __init__(self, db: Database) -> None:
        self.db = db
        self._watcher = notify.ChangeWatcher(db.engine)

    def changed(self) -> bool:
        """True once per batch of commits made since the previous call."""
        try:
            return bool(self._watcher.poll())
        except Exception as error:  # a server gone away: report, keep the last state
            raise DatabaseError(f"cannot read {self.db.url}: {error}") from error

    def close(self) -> None:
        """Release the watcher's connections."""
        self._watcher.close()
