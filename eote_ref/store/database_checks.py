"""The checks of a database before it is opened (split from ``store/database.py``).

An SQLite file is inspected without writing to it (:func:`inspect_file`): it must be an SQLite
file whose header and size agree, pass SQLite's check of its pages, and carry the eote-ref
marker; a server database's marker and revision are read through SQLAlchemy
(:func:`schema_revision`); :func:`check_known` refuses a schema newer than this version's.
"""

from __future__ import annotations

import pathlib
import sqlite3
from typing import TYPE_CHECKING, Any

from eote_ref.store import migrate
from eote_ref.store.errors import (
    CorruptDatabaseError,
    DatabaseError,
    NewerVersionError,
    NotAnEoteDatabaseError,
)
from eote_ref.store.file_paths import disk_full
from eote_ref.store.sqlite_engines import BUSY_TIMEOUT_MS

if TYPE_CHECKING:  # SQLAlchemy is imported only for a server database
    from sqlalchemy.engine import Connection

#: The value of ``eote_meta.application`` that marks an eote-ref database.
APPLICATION = "eote-ref"

#: Files smaller than this get the full ``PRAGMA integrity_check`` at every open; larger ones
#: ``PRAGMA quick_check``, which still reads every page (about 3 ms/MiB) but skips comparing
#: each index with its table.
VERIFY_BELOW_BYTES = 8 * 2**20

_SQLITE_MAGIC = b"SQLite format 3\x00"


def inspect_file(file: pathlib.Path, verify: bool | None) -> tuple[str | None, bool]:
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
        check_header(header, file.stat().st_size, damaged)
    check = verify is not False
    pragma = (
        "PRAGMA integrity_check"
        if file.stat().st_size < VERIFY_BELOW_BYTES
        else "PRAGMA quick_check"
    )
    try:
        connection = read_only_connection(file)
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


def check_header(header: bytes, size: int, damaged: str) -> None:
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


def read_only_connection(file: pathlib.Path) -> sqlite3.Connection:
    """A read-only connection that creates no ``-wal``/``-shm`` files next to ``file``.

    Without a ``-wal`` file (the database was closed cleanly, or is not in WAL mode) the file
    is opened ``immutable``: SQLite reads it as it is and touches nothing. With one (a process
    was killed), its committed content must be read too, so a plain read-only open is used.
    """
    return sqlite3.connect(read_only_uri(file), uri=True)


def read_only_uri(file: pathlib.Path) -> str:
    """The ``sqlite3`` URI :func:`read_only_connection` opens (``immutable`` without a ``-wal``)."""
    wal = file.with_name(file.name + "-wal")
    mode = "mode=ro" if wal.exists() else "mode=ro&immutable=1"
    return f"{file.as_uri()}?{mode}"


def schema_revision(connection: Connection, name: str) -> str | None:
    """:func:`inspect_file` for a server database, through SQLAlchemy."""
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


def check_known(revision: str | None, name: str, migrations_dir: pathlib.Path | None) -> None:
    """Refuse a schema ``revision`` this version does not know: a newer eote-ref wrote it."""
    if revision is not None and not migrate.is_known_revision(revision, migrations_dir):
        raise NewerVersionError(
            f"{name} was written by a newer version of eote-ref (schema {revision}); this "
            f"version reads schemas up to {migrate.head_revision(migrations_dir)}. Install the "
            "newer eote-ref to open it; the file has not been changed."
        )
