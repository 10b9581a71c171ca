"""Opening a database: the :class:`Database`, the single-instance lock, checks and upgrade.

:func:`open_database` is the only way the app gets an engine. For an SQLite file it:

1. follows a symbolic link to the real file and refuses a file with several hard links
   (SQLite names its journal after the path, so two names would mean two journals); then
   takes an OS lock on the sidecar ``FILE.lock`` and, on POSIX, an ``flock`` on the database
   file itself, so the lock follows the file however it is reached (a second instance gets
   :class:`~eote_ref.store.errors.DatabaseInUseError`; the OS drops the locks when a process
   dies, so a stale lock file never blocks; :mod:`eote_ref.store.file_lock`);
2. inspects the file without writing to it (:mod:`eote_ref.store.database_checks`): it must be
   an SQLite file (:class:`~eote_ref.store.errors.NotAnEoteDatabaseError`) whose header and
   size agree, pass SQLite's check of every page
   (:class:`~eote_ref.store.errors.CorruptDatabaseError`: the full ``integrity_check`` under
   :data:`~eote_ref.store.database_checks.VERIFY_BELOW_BYTES`, ``quick_check`` above), and
   carry the ``eote_meta`` marker and a schema revision this version knows
   (:class:`~eote_ref.store.errors.NewerVersionError`).
   A refused file stays byte-identical and gets no sidecar files;
3. for an older schema, writes a consistent backup copy next to the file
   (``NAME.before-REV-STAMP.sqlite``) and upgrades it with Alembic in one transaction
   (:mod:`eote_ref.store.upgrade`); a new or empty file is created at the newest schema;
4. returns a :class:`Database` whose engine runs every connection with WAL, foreign keys on,
   ``synchronous=FULL`` and a busy timeout, and whose transactions (DDL included) are real
   SQLite transactions (:mod:`eote_ref.store.sqlite_engines`).

A ``--database-url`` (e.g. PostgreSQL) gets the same schema checks and migrations, without the
file lock, backup and SQLite pragmas. ``sqlite://`` opens a private in-memory database.
"""

from __future__ import annotations

import contextlib
import functools
import os
import pathlib
import sys
import threading
from collections.abc import Callable, Iterator
from types import TracebackType
from typing import TYPE_CHECKING, Any

from eote_ref.store import migrate
from eote_ref.store.database_checks import (
    check_known,
    inspect_file,
    read_only_uri,
    schema_revision,
)
from eote_ref.store.errors import DatabaseError, NotAnEoteDatabaseError
from eote_ref.store.file_lock import FileIdentityLock, FileLock
from eote_ref.store.file_paths import disk_full, read_only_message, real_file, writable
from eote_ref.store.paths import default_database_path
from eote_ref.store.server_url import (
    PASSWORD_HINT,
    driver_reason,
    masked_url,
    parse_url,
    server_engine,
)
from eote_ref.store.sqlite_engines import file_engine, read_only_engine, sqlite_engine
from eote_ref.store.upgrade import upgrade_if_needed, write_backup

if TYPE_CHECKING:  # SQLAlchemy is imported when the first engine is made (not for the first paint)
    from sqlalchemy.engine import Connection, Engine
    from sqlmodel import Session

    from eote_ref.store.rows import RowReader


class Database:
    """An open eote-ref database: its engine, sessions, and (for files) the instance lock.

    Use it as a context manager or call :meth:`close`. ``backup`` is the copy written before
    an upgrade, when one was needed.

    An SQLite file that needed no upgrade gets its engine (and so SQLAlchemy) on first use of
    :attr:`engine`; until then :meth:`rows` reads it with the standard library's ``sqlite3``,
    which is all the app's first window needs.
    """

    def __init__(
        self,
        engine: Engine | None = None,
        path: pathlib.Path | None = None,
        backup: pathlib.Path | None = None,
        upgraded_from: str | None = None,
        read_only: bool = False,
        notice: str | None = None,
        _lock: FileLock | None = None,
        _identity_lock: FileIdentityLock | None = None,
        can_play: bool = True,
        *,
        can_organise: bool = True,
        make_engine: Callable[[], Engine] | None = None,
        row_uri: str | None = None,
    ) -> None:
        if engine is None and make_engine is None:
            raise ValueError("a Database needs an engine or a way to make one")
        self._engine = engine
        self._make_engine = make_engine
        self._engine_lock = threading.Lock()
        self.path = path
        self.backup = backup
        self.upgraded_from = upgraded_from
        #: True when the file was opened for reading only (it, its folder or its disk is
        #: read-only).
        self.read_only = read_only
        #: Something the user should be told about how the file was opened, or None.
        self.notice = notice
        self._lock = _lock
        self._identity_lock = _identity_lock
        #: The account may play games (apply commands); false for a viewer or an organiser on
        #: a server. ``read_only`` above is also set for a viewer's role.
        self.can_play = can_play
        #: The account may keep campaigns (write their rows); false for a viewer or an umpire
        #: on a server.
        self.can_organise = can_organise
        #: The ``sqlite3`` URI :meth:`rows` connects to (SQLite files only).
        self._row_uri = row_uri
        self._rows: RowReader | None = None
        #: How many sessions :meth:`session` has opened (the store's units of work and
        #: reads each open one): what the benchmark and the tests of one read per step count.
        self.sessions_opened = 0

    @property
    def engine(self) -> Engine:
        """The SQLAlchemy engine, made (importing SQLAlchemy) on first use."""
        if self._engine is None:
            with self._engine_lock:  # the app's warm-up thread may be making it too
                if self._engine is None:
                    assert self._make_engine is not None
                    self._engine = self._make_engine()
        return self._engine

    @property
    def engine_ready(self) -> bool:
        """Whether the engine exists already (SQLAlchemy is loaded)."""
        return self._engine is not None

    def prime(self) -> None:
        """Make the engine and pay the ORM's first-use costs now, by reading only.

        The mappers are configured and a unit, the game and a journal event are read through
        a session, so the first command an umpire gives (on the app's warm-up thread, this
        runs after the first paint) does not compile them: about half of its time.
        """
        from sqlalchemy.orm import configure_mappers
        from sqlmodel import select

        from eote_ref.store.models import Game, GameUnit, JournalEvent

        configure_mappers()
        with self.session() as s:
            s.exec(select(Game).limit(1)).first()
            s.exec(select(GameUnit).limit(1)).first()
            s.exec(select(JournalEvent).limit(1)).first()

    def rows(self) -> RowReader | None:
        """A plain-row reader on the file through ``sqlite3`` (no ORM), or None off SQLite files."""
        if self._row_uri is None:
            return None
        if self._rows is None:
            from eote_ref.store.rows import RowReader

            self._rows = RowReader(self._row_uri)
        return self._rows

    def check_integrity(self) -> list[str]:
        """Run SQLite's full ``PRAGMA integrity_check``; ``["ok"]`` when the file is sound."""
        with self.engine.connect() as connection:
            return [str(row[0]) for row in connection.exec_driver_sql("PRAGMA integrity_check")]

    def session(self) -> Session:
        """A new session; objects stay readable after commit (``expire_on_commit=False``)."""
        from sqlmodel import Session

        self.sessions_opened += 1
        session = Session(self.engine, expire_on_commit=False)
        if not self.can_play:
            session.info["read_only"] = self.url
        return session

    @property
    def url(self) -> str:
        """The database URL with any password hidden."""
        return masked_url(self.engine.url)

    def close(self) -> None:
        """Dispose of the engine (checkpointing the WAL) and release the file lock."""
        if self._rows is not None:
            self._rows.close()
            self._rows = None
        if self._engine is not None:
            self._engine.dispose()
        if self._identity_lock is not None:
            self._identity_lock.release()
            self._identity_lock = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> Database:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def open_database(
    path: str | os.PathLike[str] | None = None,
    *,
    url: str | None = None,
    migrations_dir: pathlib.Path | None = None,
    verify: bool | None = None,
    read_only: bool = False,
) -> Database:
    """Open (creating or upgrading if needed) an eote-ref database.

    Args:
        path: an SQLite file (``--db``); default: ``eote-ref.sqlite`` in the user data
            directory. Its folder is created if missing.
        url: a SQLAlchemy URL instead of a file (``--database-url``), e.g.
            ``postgresql+psycopg://user@host/club``; ``sqlite:///FILE`` is treated as ``path``.
        migrations_dir: the Alembic script directory (tests use a copy with extra revisions).
        verify: check every page of an existing file (the default, True) or not (False: only
            for tests and tools that have just checked it). The header/size check always runs;
            :meth:`Database.check_integrity` runs the full check on demand.
        read_only: the caller only reads. A file that cannot be written (the file, its folder
            or its disk is read-only) is then opened for reading, with :attr:`Database.notice`
            saying so; without it such a file is refused with a message.

    Raises:
        DatabaseInUseError: another eote-ref instance has the file open (under any name).
        DatabaseError: the file has several hard links, or cannot be written (and
            ``read_only`` is false), or its folder cannot be created.
        NotAnEoteDatabaseError: the file is not an eote-ref database.
        CorruptDatabaseError: SQLite reports the file as damaged.
        NewerVersionError: the file was written by a newer eote-ref.
        ValueError: both ``path`` and ``url`` were given.
    """
    if path is not None and url is not None:
        raise ValueError("give a database file or a database URL, not both")
    file = database_file(path, url)
    if file is None:
        assert url is not None
        return _open_url(url, migrations_dir)
    if read_only and (not writable(file) or disk_full(file)):
        return _open_read_only(file, migrations_dir)
    return _open_file(file, migrations_dir, verify)


def database_file(
    path: str | os.PathLike[str] | None = None, url: str | None = None
) -> pathlib.Path | None:
    """The SQLite file ``--db PATH`` or ``--database-url URL`` names, as opened.

    None for a server or an in-memory database.

    Every command that reads the file itself (``db backup``) takes its name from here, so
    it reads exactly the file the others open and lock: ``~`` expanded, symbolic links
    followed, a URL's ``%XX`` decoded, and a URL's options, a folder or a device refused.

    Raises:
        DatabaseError: the URL names a file with options, or the path is not a regular file.
    """
    if url is not None:
        parsed = parse_url(url)
        if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
            return None
        if parsed.query:  # e.g. sqlite:///club?mode=ro.sqlite: not dropped, so not file "club"
            raise DatabaseError(
                f"{masked_url(parsed)} names the SQLite file {parsed.database!r} with the "
                f"options {'&'.join(parsed.query)!r}, which eote-ref does not take; nothing was "
                "opened. To open a file whose name holds '?' or '%', give it with --db FILE."
            )
        path = parsed.database
    file = pathlib.Path(path) if path is not None else default_database_path()
    return real_file(file.expanduser().absolute())


def open_from_args(args: Any, *, read_only: bool = False) -> Database:
    """Open the database named by the top-level ``--db`` / ``--database-url`` options.

    ``read_only``: the command only reads; a read-only file is then opened for reading and a
    note saying so goes to standard error.
    """
    db = open_database(
        getattr(args, "db", None), url=getattr(args, "database_url", None), read_only=read_only
    )
    if db.notice:
        sys.stderr.write(f"note: {db.notice}\n")
    return db


def _open_url(url: str, migrations_dir: pathlib.Path | None) -> Database:
    """A server database (or in-memory SQLite): schema checks and migrations, no file lock."""
    from sqlalchemy import exc as sa_exc

    parsed = parse_url(url)
    if parsed.get_backend_name() == "sqlite":
        engine = sqlite_engine(url, memory=True)
    else:
        engine = server_engine(parsed, pool_pre_ping=True)
    name = masked_url(parsed)
    try:
        try:
            with engine.connect() as connection:
                revision = schema_revision(connection, name)
                can_play, can_organise = _privileges(connection)
                read_only = not (can_play or can_organise)
        except sa_exc.DBAPIError as error:
            # The driver's own words (never the password), without SQLAlchemy's echo of the URL.
            reason = driver_reason(error, parsed)
            if "password" in reason.lower():
                reason = f"{reason}; {PASSWORD_HINT}"
            raise DatabaseError(f"cannot connect to {name}: {reason}") from None
        check_known(revision, name, migrations_dir)
        upgraded_from = None if read_only else upgrade_if_needed(engine, revision, migrations_dir)
        if read_only and revision != migrate.head_revision(migrations_dir):
            raise DatabaseError(
                f"{name} needs an upgrade (schema {revision}) and this account may only read it; "
                "ask the club's organiser to run 'eote-ref db upgrade'."
            )
    except BaseException:
        engine.dispose()
        raise
    return Database(
        engine=engine,
        upgraded_from=upgraded_from,
        read_only=read_only,
        can_play=can_play,
        can_organise=can_organise,
    )


def _privileges(connection: Connection) -> tuple[bool, bool]:
    """Whether the account may play games, and keep campaigns.

    Read from the server's privileges; on SQLite, and on a server database not set up yet, both.
    """
    from sqlalchemy import inspect, text

    if connection.dialect.name != "postgresql":
        return True, True
    tables = set(inspect(connection).get_table_names())
    if not {"journal_event", "campaign"} <= tables:  # the account is about to create them
        return True, True
    row = connection.execute(
        text(
            "SELECT has_table_privilege('journal_event', 'INSERT'), "
            "has_table_privilege('campaign', 'INSERT')"
        )
    ).one()
    connection.rollback()
    return bool(row[0]), bool(row[1])


def _open_file(
    file: pathlib.Path, migrations_dir: pathlib.Path | None, verify: bool | None
) -> Database:
    if not writable(file):
        raise DatabaseError(
            f"{file} cannot be written (the file, its folder or its disk is read-only), and "
            "this command changes it; nothing was changed. Copy the file to a folder you can "
            "write to, or make it writable."
        )
    if disk_full(file):
        raise DatabaseError(
            f"the disk is full where {file} is, and this command changes the file; nothing was "
            "changed. Free some space and try again."
        )
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        created = not file.exists()
        if created:
            file.touch()
    except OSError as exc:
        raise DatabaseError(f"cannot create {file}: {exc.strerror or exc}") from exc
    lock = FileLock(file.with_name(file.name + ".lock"))
    identity = FileIdentityLock(file)
    try:
        lock.acquire(file)
    except OSError as exc:
        raise DatabaseError(f"cannot lock {file}: {exc.strerror or exc}") from exc
    try:
        identity.acquire()
        revision, checked = inspect_file(file, verify)
        check_known(revision, str(file), migrations_dir)
        backup = None
        if revision is not None and revision != migrate.head_revision(migrations_dir):
            if not checked and verify is not False:
                inspect_file(file, True)
            backup = write_backup(file, revision)
        make_engine = functools.partial(file_engine, file)
        engine = None
        upgraded_from = None
        if revision != migrate.head_revision(migrations_dir):  # new or older: the ORM writes
            engine = make_engine()
            try:
                upgraded_from = upgrade_if_needed(engine, revision, migrations_dir)
            except BaseException:
                engine.dispose()
                raise
    except BaseException:
        identity.release()
        lock.release()
        if created:
            with contextlib.suppress(OSError):
                if file.stat().st_size == 0:
                    file.unlink()
        raise
    return Database(
        engine=engine,
        path=file,
        backup=backup,
        upgraded_from=upgraded_from,
        _lock=lock,
        _identity_lock=identity,
        make_engine=make_engine,
        row_uri=f"{file.as_uri()}?mode=rw",
    )


def _open_read_only(file: pathlib.Path, migrations_dir: pathlib.Path | None) -> Database:
    """A file that cannot be written, opened for reading: checks as usual, no lock, no upgrade.

    Nobody can write the file through this path, so no lock is needed; its schema must be the
    current one, since upgrading means writing.
    """
    if not file.exists():
        raise DatabaseError(f"{file} does not exist, and its folder cannot be written")
    revision, _checked = inspect_file(file, True)
    check_known(revision, str(file), migrations_dir)
    if revision is None:
        raise NotAnEoteDatabaseError(f"{file} is empty: there is nothing to read in it.")
    if revision != migrate.head_revision(migrations_dir):
        raise DatabaseError(
            f"{file} was written by an older eote-ref and must be upgraded, which needs "
            "writing; it cannot be written here. Copy it to a writable folder and open the copy."
        )
    uri = read_only_uri(file)
    return Database(
        path=file,
        read_only=True,
        notice=read_only_message(file),
        make_engine=functools.partial(read_only_engine, uri),
        row_uri=uri,
    )


@contextlib.contextmanager
def session_scope(database: Database) -> Iterator[Session]:
    """A session that commits on success and rolls back on any error."""
    with database.session() as session:
        try:
            yield session
            session.commit()
        except BaseException:
            session.rollback()
            raise
