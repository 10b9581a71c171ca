"""Following a database another eote-ref writes: a read-only opening and a change probe.

The players' display on a second computer (``eote-ref display``) opens the club's database
without the single-instance lock and without migrating it, reads the game, and asks
:class:`DisplayWatcher` now and then whether anything was committed since. On SQLite that is
the store's change watcher (``notify.py``) seen as a yes/no.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import sqlite3
from collections.abc import Iterator
from typing import Any

from sqlalchemy import create_engine
from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import URL

from eote_ref.store import migrate, notify
from eote_ref.store.database import Database
from eote_ref.store.database_checks import (
    check_header,
    inspect_file,
    read_only_uri,
    schema_revision,
    undo_interrupted_write,
)
from eote_ref.store.errors import DatabaseError, NewerVersionError, NotAnEoteDatabaseError
from eote_ref.store.file_paths import real_file
from eote_ref.store.paths import default_database_path
from eote_ref.store.server_url import driver_reason, masked_url, parse_url, server_engine
from eote_ref.store.sqlite_engines import BUSY_TIMEOUT_MS

#: What reading a damaged or foreign database raises: the ORM's errors and SQLite's own.
READ_ERRORS: tuple[type[Exception], ...] = (sa_exc.SQLAlchemyError, sqlite3.Error)


def _checked_file(file: pathlib.Path) -> pathlib.Path:
    """The database file ``file`` names, checked as the app checks it, without writing a byte.

    A folder, a device, a symbolic-link loop, a missing or empty file, another program's
    file, a damaged one (header, every page, a table missing) or one of another schema is
    refused, each in its own words; no ``-wal``/``-shm`` file is made beside it. A write a
    crash cut off is undone first, as SQLite does (:func:`undo_interrupted_write`): the only
    change the display may make to the file, and only where it can be written.
    """
    real = real_file(file)  # a folder, a device, a loop, a name too long, hard links
    if not real.exists():
        raise NotAnEoteDatabaseError(f"{file} does not exist")
    if real.stat().st_size == 0:
        raise NotAnEoteDatabaseError(
            f"{file} is empty (0 bytes): eote-ref has saved nothing in it yet; give the "
            "umpire's database file"
        )
    revision, _checked = inspect_file(real, True)
    if revision is None:
        raise NotAnEoteDatabaseError(f"{file} holds no tables: it is not an eote-ref database")
    if revision != migrate.head_revision():
        raise NewerVersionError(
            f"{file} has schema {revision}, this eote-ref reads {migrate.head_revision()}: "
            "open it once with the same version of eote-ref as the umpire's"
        )
    return real


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
        given = pathlib.Path(path) if path is not None else default_database_path()
        file = _checked_file(given.expanduser().absolute())

        def connect() -> sqlite3.Connection:
            # Chosen at each connection: a file nobody writes is read as it is (immutable: no
            # sidecar files, and it works on a read-only share); one with a write-ahead log
            # being written is read with it.
            return sqlite3.connect(read_only_uri(file), uri=True, timeout=BUSY_TIMEOUT_MS / 1000)

        engine = create_engine("sqlite://", creator=connect)
        name = str(file)
    else:
        args: dict[str, Any] = {}
        if parsed.get_backend_name() == "postgresql":
            args["options"] = "-c default_transaction_read_only=on"
        engine = server_engine(parsed, pool_pre_ping=True, connect_args=args)
        name = masked_url(parsed)
        file = None
    if file is not None:  # checked above, before any connection
        return Database(engine=engine, path=file)
    try:
        with _reasons(name, parsed), engine.connect() as connection:
            revision = schema_revision(connection, name) or ""
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


def read_error_words(error: BaseException) -> str:
    """Why a followed database could not be read, in words.

    Never SQLAlchemy's echo of the statement, nor Python's own words alone for a value it
    could not convert (a value edited by another program).
    """
    orig = getattr(error, "orig", None)
    said = str(orig if orig is not None else error).strip()
    first = said.splitlines()[0][:300] if said else type(error).__name__
    if "malformed" in said or "not a database" in said:
        return f"the file is damaged (SQLite: {first})"
    if isinstance(error, READ_ERRORS):
        return first
    return (
        f"the database holds a value eote-ref cannot read ({type(error).__name__}: {first}); "
        "was it edited by another program?"
    )


class DisplayWatcher:
    """Tells whether the database changed since the last look (another process's commit).

    A yes/no view of the store's one change watcher (:class:`eote_ref.store.notify.ChangeWatcher`:
    ``PRAGMA data_version`` on SQLite, LISTEN/NOTIFY on PostgreSQL, each game's version read).
    On an SQLite file it also looks at the file itself, since a file deleted, replaced,
    truncated or damaged under a running display tells SQLite nothing: each of these raises
    :class:`DatabaseError` saying so, for the display to show instead of the last state.

    Args:
        db: the database (read-only or not) to watch.
    """

    def __init__(self, db: Database) -> None:
        self.db = db
        self._watcher = notify.ChangeWatcher(db.engine)
        self._probe = _FileProbe(db.path) if db.path is not None else None

    def changed(self) -> bool:
        """True once per batch of commits made since the previous call."""
        moved = False
        if self._probe is not None:
            moved = self._probe.check()
            if self._probe.reconnect:  # a write-ahead log came or went: read the file anew
                self._probe.reconnect = False
                self._watcher.close()
                self.db.engine.dispose()
                self._watcher = notify.ChangeWatcher(self.db.engine)
        try:
            return bool(self._watcher.poll()) or moved
        except Exception as error:  # a server gone away, a damaged file: report it
            where = self.db.path or self.db.url
            raise DatabaseError(f"cannot read {where}: {read_error_words(error)}") from error

    def close(self) -> None:
        """Release the watcher's connections."""
        self._watcher.close()


class _FileProbe:
    """The database file as the file system sees it: there, the same file, whole and sound."""

    def __init__(self, file: pathlib.Path) -> None:
        self.file = file
        self.wal = file.with_name(file.name + "-wal")
        info = os.stat(file)
        self.identity = (info.st_dev, info.st_ino)
        self.main = (info.st_size, info.st_mtime_ns)
        self.logged = self.wal.exists()
        self.last: tuple[object, ...] = (self.main, self._wal_signature())
        #: Set when the file's connections must be made again (a log appeared or went).
        self.reconnect = False

    def _wal_signature(self) -> tuple[int, int] | None:
        try:
            info = os.stat(self.wal)
        except OSError:
            return None
        return info.st_size, info.st_mtime_ns

    def check(self) -> bool:
        """Whether the file changed (True: read it again); raise if it is gone or damaged."""
        try:
            info = os.stat(self.file)
        except FileNotFoundError:
            raise DatabaseError(
                f"{self.file} no longer exists (deleted or moved, or its disk unplugged); "
                "the game cannot be followed any more"
            ) from None
        except OSError as error:
            raise DatabaseError(f"{self.file} cannot be read: {error.strerror or error}") from None
        if (info.st_dev, info.st_ino) != self.identity:
            raise DatabaseError(
                f"{self.file} was replaced by another file; start the display again to show it"
            )
        main = (info.st_size, info.st_mtime_ns)
        signature = (main, self._wal_signature())
        if signature == self.last:
            return False
        self.last = signature
        logged = signature[1] is not None
        if logged != self.logged:
            self.logged = logged
            self.reconnect = True
        if main != self.main:  # written outside the log (a checkpoint, or by another program)
            self.main = main
            self._check_sound()
        return True

    def _check_sound(self) -> None:
        damaged = f"{self.file} is damaged ({{}}); the display cannot go on showing it"
        undo_interrupted_write(self.file)  # a crash mid-write is SQLite's to undo, not damage
        try:
            with open(self.file, "rb") as handle:
                header = handle.read(100)
            if not self.logged:
                check_header(header, os.stat(self.file).st_size, damaged)
            connection = sqlite3.connect(read_only_uri(self.file), uri=True)
            try:
                problems = [str(r[0]) for r in connection.execute("PRAGMA quick_check")]
            finally:
                connection.close()
        except sqlite3.DatabaseError as error:
            raise DatabaseError(damaged.format(error)) from None
        except OSError as error:
            raise DatabaseError(f"{self.file} cannot be read: {error.strerror or error}") from None
        if problems != ["ok"]:
            raise DatabaseError(damaged.format("; ".join(problems[:3])))
