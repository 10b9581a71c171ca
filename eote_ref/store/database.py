"""Opening a database: engine set-up, checks, upgrade with backup, and the single-instance lock.

:func:`open_database` is the only way the app gets an engine. For an SQLite file it:

1. follows a symbolic link to the real file and refuses a file with several hard links
   (SQLite names its journal after the path, so two names would mean two journals); then
   takes an OS lock on the sidecar ``FILE.lock`` and, on POSIX, an ``flock`` on the database
   file itself, so the lock follows the file however it is reached (a second instance gets
   :class:`~eote_ref.store.errors.DatabaseInUseError`; the OS drops the locks when a process
   dies, so a stale lock file never blocks);
2. inspects the file without writing to it: it must be an SQLite file
   (:class:`~eote_ref.store.errors.NotAnEoteDatabaseError`) whose header and size agree, pass
   SQLite's check of every page (:class:`~eote_ref.store.errors.CorruptDatabaseError`: the
   full ``integrity_check`` under :data:`VERIFY_BELOW_BYTES`, ``quick_check`` above), and
   carry the ``eote_meta`` marker and a schema revision this version knows
   (:class:`~eote_ref.store.errors.NewerVersionError`).
   A refused file stays byte-identical and gets no sidecar files;
3. for an older schema, writes a consistent backup copy next to the file
   (``NAME.before-REV-STAMP.sqlite``) and upgrades it with Alembic in one transaction; a new or
   empty file is created at the newest schema;
4. returns a :class:`Database` whose engine runs every connection with WAL, foreign keys on,
   ``synchronous=FULL`` and a busy timeout, and whose transactions (DDL included) are real
   SQLite transactions.

A ``--database-url`` (e.g. PostgreSQL) gets the same schema checks and migrations, without the
file lock, backup and SQLite pragmas. ``sqlite://`` opens a private in-memory database.
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import os
import pathlib
import sqlite3
import sys
import threading
from collections.abc import Callable, Iterator
from types import TracebackType
from typing import TYPE_CHECKING, Any

from eote_ref.store import migrate
from eote_ref.store.errors import (
    CorruptDatabaseError,
    DatabaseError,
    NewerVersionError,
    NotAnEoteDatabaseError,
)
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

if TYPE_CHECKING:  # SQLAlchemy is imported when the first engine is made (not for the first paint)
    from sqlalchemy.engine import URL, Connection, Engine
    from sqlmodel import Session

    from eote_ref.store.rows import RowReader

#: The value of ``eote_meta.application`` that marks an eote-ref database.
APPLICATION = "eote-ref"

#: How long (milliseconds) a connection waits for a lock held by another connection.
BUSY_TIMEOUT_MS = 5000

#: Files smaller than this get the full ``PRAGMA integrity_check`` at every open; larger ones
#: ``PRAGMA quick_check``, which still reads every page (about 3 ms/MiB) but skips comparing
#: each index with its table.
VERIFY_BELOW_BYTES = 8 * 2**20

_SQLITE_MAGIC = b"SQLite format 3\x00"


# ----------------------------------------------------------------------------- database


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
        engine = _sqlite_engine(url, memory=True)
    else:
        engine = server_engine(parsed, pool_pre_ping=True)
    name = masked_url(parsed)
    try:
        try:
            with engine.connect() as connection:
                revision = _schema_revision(connection, name)
                can_play, can_organise = _privileges(connection)
                read_only = not (can_play or can_organise)
        except sa_exc.DBAPIError as error:
            # The driver's own words (never the password), without SQLAlchemy's echo of the URL.
            reason = driver_reason(error, parsed)
            if "password" in reason.lower():
                reason = f"{reason}; {PASSWORD_HINT}"
            raise DatabaseError(f"cannot connect to {name}: {reason}") from None
        _check_known(revision, name, migrations_dir)
        upgraded_from = None if read_only else _upgrade_if_needed(engine, revision, migrations_dir)
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
        revision, checked = _inspect_file(file, verify)
        _check_known(revision, str(file), migrations_dir)
        backup = None
        if revision is not None and revision != migrate.head_revision(migrations_dir):
            if not checked and verify is not False:
                _inspect_file(file, True)
            backup = _backup(file, revision)
        make_engine = functools.partial(_file_engine, file)
        engine = None
        upgraded_from = None
        if revision != migrate.head_revision(migrations_dir):  # new or older: the ORM writes
            engine = make_engine()
            try:
                upgraded_from = _upgrade_if_needed(engine, revision, migrations_dir)
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
    revision, _checked = _inspect_file(file, True)
    _check_known(revision, str(file), migrations_dir)
    if revision is None:
        raise NotAnEoteDatabaseError(f"{file} is empty: there is nothing to read in it.")
    if revision != migrate.head_revision(migrations_dir):
        raise DatabaseError(
            f"{file} was written by an older eote-ref and must be upgraded, which needs "
            "writing; it cannot be written here. Copy it to a writable folder and open the copy."
        )
    uri = _read_only_uri(file)
    return Database(
        path=file,
        read_only=True,
        notice=read_only_message(file),
        make_engine=functools.partial(_read_only_engine, uri),
        row_uri=uri,
    )


def _read_only_engine(uri: str) -> Engine:
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


def _file_engine(file: pathlib.Path) -> Engine:
    """:func:`_sqlite_engine` on exactly ``file``: its name is never read as a URL.

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
    return _sqlite_engine(url, memory=False, creator=connect)


def _sqlite_engine(
    url: str | URL, *, memory: bool, creator: Callable[[], sqlite3.Connection] | None = None
) -> Engine:
    """An SQLite engine with WAL, foreign keys, busy timeout and real (DDL too) transactions.

    ``creator`` makes each connection (for a file: :func:`_file_engine`).
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


def _inspect_file(file: pathlib.Path, verify: bool | None) -> tuple[str | None, bool]:
    """The schema revision of an existing file (``None``: new or empty) and whether it was checked.

    Reads through a read-only connection, so a refused file stays byte-identical; only a
    write cut off by a crash is undone first, as SQLite does (:func:`undo_interrupted_write`).
    """
    if not file.exists() or file.stat().st_size == 0:
        return None, False
    with open(file, "rb") as handle:
        header = handle.read(100)
    if header[: len(_SQLITE_MAGIC)] != _SQLITE_MAGIC:
        raise NotAnEoteDatabaseError(
            f"{file} is not an eote-ref database (it is not an SQLite file at all)."
        )
    damaged = f"{file} is damaged ({{}}); it has not been changed. Restore a backup copy."
    undo_interrupted_write(file)
    wal = file.with_name(file.name + "-wal")
    unclean = wal.exists() and wal.stat().st_size > 0
    if not unclean:
        _check_header(header, file.stat().st_size, damaged)
    check = verify is not False
    pragma = (
        "PRAGMA integrity_check"
        if file.stat().st_size < VERIFY_BELOW_BYTES
        else "PRAGMA quick_check"
    )
    try:
        connection = _read_only(file)
    except sqlite3.Error as error:  # pragma: no cover - the header was readable just now
        raise _unreadable(file, error, damaged) from error
    try:
        try:
            problems = [row[0] for row in connection.execute(pragma)] if check else []
            tables = {
                row[0]
                for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
            if not tables:
                return None, check
            query = lambda sql: connection.execute(sql).fetchall()  # noqa: E731
            revision = _revision_of(tables, query, str(file))
            if revision == migrate.head_revision():
                check_tables(tables, damaged)
        except sqlite3.DatabaseError as error:
            raise _unreadable(file, error, damaged) from error
        if check and problems != ["ok"]:
            raise CorruptDatabaseError(damaged.format("; ".join(problems[:3])))
        return revision, check
    finally:
        connection.close()


def _unreadable(file: pathlib.Path, error: sqlite3.Error, damaged: str) -> DatabaseError:
    """Why SQLite could not read ``file``: the disk's fault (full, failing), or damage.

    An I/O error is not damage: with the disk full, SQLite cannot make the index (``-shm``)
    it needs to read a write-ahead log, and the file is whole once there is room.
    """
    said = str(error)
    if not ("disk I/O error" in said or "unable to open" in said or "disk is full" in said):
        return CorruptDatabaseError(damaged.format(error))
    if disk_full(file):
        return DatabaseError(
            f"the disk is full where {file} is, and SQLite needs a little room even to read "
            f"it ({said}); it has not been changed. Free some space and try again."
        )
    return DatabaseError(
        f"the disk reported an error reading {file} ({said}); it has not been changed. Check "
        "the disk (and that it is still connected), then try again."
    )


def undo_interrupted_write(file: pathlib.Path) -> None:
    """Let SQLite undo a write a crash cut off, before the file's pages are checked.

    A file in rollback-journal mode whose writer died mid-transaction has a *hot* journal
    beside it (``NAME-journal``): its pages are half written until SQLite copies the old pages
    back, which it does when a connection that may write the file first reads it. The checks
    read the file ``immutable`` (no side files made, a read-only share readable), which ignores
    the journal and would call the file damaged: so such a file is opened normally once here
    and read, SQLite rolls the journal back (or finds it is not hot: a live writer's), and the
    checks then see the file as it was before the cut-off write. No ``-wal`` file is made (the
    file's journal mode is kept).

    Raises:
        DatabaseError: the journal cannot be rolled back here (the file or its folder is
            read-only): open it once where it can be written. It is not called damaged.
    """
    journal = file.with_name(file.name + "-journal")
    try:
        if journal.stat().st_size == 0:
            return
    except OSError:
        return
    try:
        connection = sqlite3.connect(
            f"{file.as_uri()}?mode=rw", uri=True, timeout=BUSY_TIMEOUT_MS / 1000
        )
        try:
            connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        if "malformed" in str(error) or "not a database" in str(error):
            return  # damaged whatever the journal says: the checks below say so
        if "locked" in str(error) or "busy" in str(error):
            raise DatabaseError(
                f"{file} is being written by another program ({error}); it has not been "
                "changed. Try again when that program has finished."
            ) from None
        raise DatabaseError(
            f"{file} holds a write that a crash cut off (its journal {journal.name} is beside "
            "it), which SQLite undoes the first time the file is opened where it can be "
            f"written; here it cannot ({error}). Open it once with eote-ref where the file "
            "and its folder can be written, its journal beside it; the file has not been "
            "changed, and nothing is lost."
        ) from None


#: The tables of the newest schema (tests/unit/store/test_database.py keeps it equal to the
#: models' metadata; kept here so opening a file never imports the ORM).
SCHEMA_TABLES = frozenset(
    {
        "alembic_version",
        "campaign",
        "campaign_army",
        "campaign_battle",
        "campaign_battle_army",
        "campaign_member",
        "campaign_unit",
        "eote_meta",
        "game",
        "game_command",
        "game_fact",
        "game_leader",
        "game_link",
        "game_side",
        "game_unit",
        "journal_change",
        "journal_event",
        "roster",
        "roster_command",
        "roster_unit",
    }
)


def check_tables(tables: set[str], damaged: str) -> None:
    """Refuse a file of the newest schema that lacks one of its tables (dropped by hand)."""
    missing = sorted(SCHEMA_TABLES - tables)
    if missing:
        raise CorruptDatabaseError(
            damaged.format(f"table{'s' if len(missing) > 1 else ''} {', '.join(missing)} missing")
        )


def _check_header(header: bytes, size: int, damaged: str) -> None:
    """Cheap checks of a cleanly closed file: valid page size, and no pages missing."""
    if len(header) < 100:
        raise CorruptDatabaseError(damaged.format("the file is shorter than its header"))
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        raise CorruptDatabaseError(damaged.format(f"invalid page size {page_size}"))
    pages = int.from_bytes(header[28:32], "big")
    counter_valid = header[24:28] == header[92:96]
    if size % page_size or (counter_valid and pages * page_size > size):
        raise CorruptDatabaseError(damaged.format("the file is truncated"))


def _read_only(file: pathlib.Path) -> sqlite3.Connection:
    """A read-only connection that creates no ``-wal``/``-shm`` files next to ``file``.

    Without a ``-wal`` file (the database was closed cleanly, or is not in WAL mode) the file
    is opened ``immutable``: SQLite reads it as it is and touches nothing. With one (a process
    was killed), its committed content must be read too, so a plain read-only open is used.
    """
    return sqlite3.connect(_read_only_uri(file), uri=True)


def _read_only_uri(file: pathlib.Path) -> str:
    wal = file.with_name(file.name + "-wal")
    mode = "mode=ro" if wal.exists() else "mode=ro&immutable=1"
    return f"{file.as_uri()}?{mode}"


def _schema_revision(connection: Connection, name: str) -> str | None:
    """:func:`_inspect_file` for a server database, through SQLAlchemy."""
    from sqlalchemy import inspect, text

    tables = set(inspect(connection).get_table_names())
    if not tables:
        return None
    revision = _revision_of(
        tables, lambda sql: [tuple(row) for row in connection.execute(text(sql))], name
    )
    connection.rollback()
    return revision


def _revision_of(tables: set[str], query: Any, name: str) -> str:
    """Check the eote-ref marker and return the Alembic revision recorded in the database."""
    not_ours = NotAnEoteDatabaseError(
        f"{name} is not an eote-ref database (it belongs to another program); "
        "it has not been changed."
    )
    if "eote_meta" not in tables or "alembic_version" not in tables:
        raise not_ours
    marker = query("SELECT value FROM eote_meta WHERE key = 'application'")
    if [tuple(row) for row in marker] != [(APPLICATION,)]:
        raise not_ours
    versions = query("SELECT version_num FROM alembic_version")
    if len(versions) != 1:
        raise CorruptDatabaseError(f"{name} has no single schema version; it has not been changed.")
    return str(versions[0][0])


def _check_known(revision: str | None, name: str, migrations_dir: pathlib.Path | None) -> None:
    if revision is not None and not migrate.is_known_revision(revision, migrations_dir):
        raise NewerVersionError(
            f"{name} was written by a newer version of eote-ref (schema {revision}); this "
            f"version reads schemas up to {migrate.head_revision(migrations_dir)}. Install the "
            "newer eote-ref to open it; the file has not been changed."
        )


def _upgrade_if_needed(
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


def _backup(file: pathlib.Path, revision: str) -> pathlib.Path:
    """Copy ``file`` (WAL content included) next to itself before an upgrade."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    suffix = file.suffix or ".sqlite"
    target = file.with_name(f"{file.stem}.before-upgrade-{revision}-{stamp}{suffix}")
    n = 1
    while target.exists():
        n += 1
        target = file.with_name(f"{file.stem}.before-upgrade-{revision}-{stamp}-{n}{suffix}")
    source = _read_only(file)
    try:
        copy = sqlite3.connect(target)
        try:
            source.backup(copy)
        finally:
            copy.close()
    finally:
        source.close()
    return target


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
