"""The SQLAlchemy engines of SQLite databases (split from ``store/database.py``).

Every connection runs with foreign keys on and a busy timeout, a file's with WAL and
``synchronous=FULL`` too, and SQLAlchemy emits ``BEGIN`` itself, so that every transaction,
DDL and SAVEPOINTs included, is a real SQLite transaction. A file's connections are made on its
name as given, never read as a URL. SQLAlchemy is imported only when an engine is made.
"""

from __future__ import annotations

import pathlib
import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # SQLAlchemy is imported when the first engine is made (not for the first paint)
    from sqlalchemy.engine import URL, Connection, Engine

#: How long (milliseconds) a connection waits for a lock held by another connection.
BUSY_TIMEOUT_MS = 5000


def read_only_engine(uri: str) -> Engine:
    """An engine reading the file at ``uri`` (a ``sqlite3`` read-only URI)."""
    from sqlalchemy import create_engine, event
    from sqlalchemy.pool import StaticPool

    engine = create_engine(
        "sqlite://",
        creator=lambda: sqlite3.connect(uri, uri=True, check_same_thread=False),
        poolclass=StaticPool,
    )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: object) -> None:
        dbapi_connection.isolation_level = None
        dbapi_connection.execute("PRAGMA foreign_keys=ON")

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN")

    return engine


def file_engine(file: pathlib.Path) -> Engine:
    """:func:`sqlite_engine` on exactly ``file``: its name is never read as a URL.

    A name holding ``%20`` or ``?mode=ro`` is a plain file name here (SQLAlchemy would decode
    the one and take the other as options, and so open another file than the one checked and
    locked): the URL is built with the name as its database, unparsed, and every connection is
    made by ``sqlite3.connect`` on the name itself.
    """
    from sqlalchemy.engine import URL

    name = str(file)

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(name, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False)

    url = URL.create("sqlite+pysqlite", database=name)
    return sqlite_engine(url, memory=False, creator=connect)


def sqlite_engine(
    url: str | URL, *, memory: bool, creator: Callable[[], sqlite3.Connection] | None = None
) -> Engine:
    """An SQLite engine with WAL, foreign keys, busy timeout and real (DDL too) transactions.

    ``creator`` makes each connection (for a file: :func:`file_engine`).
    """
    from sqlalchemy import create_engine, event
    from sqlalchemy.pool import StaticPool

    if memory:
        engine = create_engine(url, poolclass=StaticPool, connect_args={"check_same_thread": False})
    elif creator is not None:
        engine = create_engine(url, creator=creator)
    else:
        engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: object) -> None:
        # Let SQLAlchemy emit BEGIN itself, so DDL and SAVEPOINTs are transactional too.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        if not memory:
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN")

    return engine
