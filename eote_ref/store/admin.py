"""Looking after a database: check, backup, copy between SQLite and a server, server roles.

Used by ``eote-ref db``. Nothing here stores or prints a password: URLs are shown masked,
and a server's password comes from libpq's own means (``~/.pgpass``, ``PGPASSFILE``, a
service file).
"""

from __future__ import annotations

import datetime
import hashlib
import json
import pathlib
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Table, func, insert, select, text

from eote_ref.store import campaign_models as campaign_models  # its tables are copied too
from eote_ref.store import migrate
from eote_ref.store.database import Database
from eote_ref.store.errors import DatabaseError, NotPermittedError
from eote_ref.store.games import snapshot
from eote_ref.store.models import Game, metadata
from eote_ref.store.upgrade import copy_sqlite

#: Tables copied by :func:`copy_database`, parents before children (the schema's own
#: bookkeeping, ``eote_meta`` and ``alembic_version``, is written by opening the target).
DATA_TABLES: tuple[Table, ...] = tuple(t for t in metadata.sorted_tables if t.name != "eote_meta")


# ----------------------------------------------------------------------------- check


def check(db: Database) -> list[str]:
    """Problems found (empty: sound): schema revision, and SQLite's full integrity check."""
    problems: list[str] = []
    with db.engine.connect() as connection:
        revision = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
        if revision != migrate.head_revision():
            problems.append(f"schema {revision}, expected {migrate.head_revision()}")
    if db.engine.dialect.name == "sqlite":
        result = db.check_integrity()
        if result != ["ok"]:
            problems.extend(result)
    return problems


def row_counts(db: Database) -> dict[str, int]:
    """The number of rows of each data table."""
    with db.engine.connect() as connection:
        return {
            t.name: int(connection.execute(select(func.count()).select_from(t)).scalar_one())
            for t in DATA_TABLES
        }


# ----------------------------------------------------------------------------- backup


def backup(file: pathlib.Path, target: pathlib.Path) -> pathlib.Path:
    """Copy the SQLite database ``file`` to ``target`` with SQLite's online backup API.

    Safe while the app has the file open (no instance lock is taken; the copy is one
    consistent state, committed work in the write-ahead log included).
    """
    if not file.exists():
        raise DatabaseError(f"{file} does not exist")
    if target.exists():
        raise DatabaseError(f"{target} exists already; choose a new file name")
    target.parent.mkdir(parents=True, exist_ok=True)
    source = sqlite3.connect(f"{file.absolute().as_uri()}?mode=ro", uri=True)
    try:
        copy_sqlite(source, target)
    except sqlite3.Error as error:
        target.unlink(missing_ok=True)
        raise DatabaseError(f"{file} could not be backed up: {error}") from error
    finally:
        source.close()
    return target


# ----------------------------------------------------------------------------- copy


def _plain(value: Any) -> Any:
    """A value as JSON, datetimes as UTC text (SQLite keeps them without a zone)."""
    if isinstance(value, datetime.datetime):
        if value.tzinfo is not None:
            value = value.astimezone(datetime.UTC).replace(tzinfo=None)
        return value.isoformat()
    return value


def game_checksums(db: Database) -> dict[int, str]:
    """A SHA-256 of each game's state (every journaled row), by game id."""
    out: dict[int, str] = {}
    with db.session() as s:
        for game_id in s.execute(select(Game.id).order_by(Game.id)).scalars():  # type: ignore[call-overload]
            state = snapshot(s, int(game_id))
            blob = json.dumps(state, sort_keys=True, default=_plain, ensure_ascii=False)
            out[int(game_id)] = hashlib.sha256(blob.encode()).hexdigest()
    return out


@dataclass
class CopyReport:
    """What :func:`copy_database` copied, and how it was verified."""

    rows: dict[str, int] = field(default_factory=dict)
    games: int = 0


def _utc(row: dict[str, Any]) -> dict[str, Any]:
    return {
        k: v.replace(tzinfo=datetime.UTC)
        if isinstance(v, datetime.datetime) and v.tzinfo is None
        else v
        for k, v in row.items()
    }


def copy_database(source: Database, target: Database) -> CopyReport:
    """Copy every army list, game (journal included) and campaign from ``source`` to ``target``.

    The target must hold no data yet. Ids are kept, so links between rows survive; the copy
    runs in one transaction and is verified by counting each table's rows and comparing a
    checksum of each game's state on both sides.

    Raises:
        DatabaseError: the target is not empty, or the copy does not match (nothing is kept).
    """
    if target.read_only:
        raise DatabaseError(f"{target.url} is open read-only; nothing was copied")
    if target.path is None and target.engine.dialect.name == "sqlite":
        raise DatabaseError(
            "the target is an in-memory database (sqlite:// or sqlite:///:memory:), which is "
            "gone when the command ends; nothing was copied. Name a file: sqlite:///FILE"
        )
    if any(row_counts(target).values()):
        raise DatabaseError(
            f"{target.url} already holds army lists, games or campaigns; copy into an empty one"
        )
    counts = row_counts(source)
    with source.engine.connect() as reader, target.engine.begin() as writer:
        for table in DATA_TABLES:
            rows = [
                _utc(dict(r))
                for r in reader.execute(
                    select(table).order_by(*table.primary_key.columns)
                ).mappings()
            ]
            for start in range(0, len(rows), 500):
                writer.execute(insert(table), rows[start : start + 500])
        if writer.dialect.name == "postgresql":
            for table in DATA_TABLES:
                if "id" in table.c:
                    writer.execute(
                        text(
                            f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                            f"COALESCE((SELECT max(id) FROM {table.name}), 0) + 1, false)"
                        )
                    )
    copied = row_counts(target)
    before, after = game_checksums(source), game_checksums(target)
    if copied != counts or before != after:
        wrong = [t for t in counts if counts[t] != copied.get(t)]
        games = [g for g in before if before[g] != after.get(g)]
        raise DatabaseError(
            f"the copy does not match the source (tables {wrong}, games {games}); "
            "empty the target and try again"
        )
    return CopyReport(rows=copied, games=len(after))


# ----------------------------------------------------------------------------- roles


#: The tables of campaigns (the organiser's), from their models.
_CAMPAIGN_TABLES: tuple[str, ...] = tuple(
    sorted(str(m.__tablename__) for m in campaign_models.CAMPAIGN_TABLES)
)
#: The tables of games and army lists (the umpire's): every other data table, so a table
#: added to the schema (``game_fact`` was) is granted with them.
_GAME_TABLES: tuple[str, ...] = tuple(t.name for t in DATA_TABLES if t.name not in _CAMPAIGN_TABLES)

#: The three roles ``eote-ref db roles`` creates, and the tables each may change (every role
#: reads every table; each table's id sequence goes with it).
ROLES: dict[str, tuple[str, ...]] = {
    "eote_viewer": (),
    "eote_umpire": _GAME_TABLES,
    "eote_organiser": _CAMPAIGN_TABLES,
}


def _sequences(connection: Any, schema: str, table: str) -> list[str]:
    """The sequences of ``table``'s columns (serial or identity), by name."""
    rows = connection.execute(
        text(
            "SELECT s.relname FROM pg_class s "
            "JOIN pg_depend d ON d.objid = s.oid AND d.deptype IN ('a', 'i') "
            "JOIN pg_class t ON d.refobjid = t.oid "
            "JOIN pg_namespace n ON t.relnamespace = n.oid "
            "WHERE s.relkind = 'S' AND t.relname = :t AND n.nspname = :s ORDER BY 1"
        ),
        {"t": table, "s": schema},
    )
    return [str(r[0]) for r in rows]


def _may_set_up_roles(connection: Any, schema: str) -> None:
    """Refuse, before any statement, an account that cannot create roles or grant the tables."""
    row = connection.execute(
        text("SELECT rolsuper, rolcreaterole FROM pg_roles WHERE rolname = current_user")
    ).one()
    missing = {
        t
        for (t,) in connection.execute(
            text(
                "SELECT tablename FROM pg_tables WHERE schemaname = :s "
                "AND NOT pg_has_role(current_user, tableowner, 'USAGE')"
            ),
            {"s": schema},
        )
    } & {t.name for t in DATA_TABLES}
    if not (row[0] or row[1]) or (missing and not row[0]):
        raise NotPermittedError(
            "this account may not create or change the server's roles: that needs the login "
            "that created the club's database (the owner of its tables), with the right to "
            "create roles. Nothing was changed; ask whoever runs the club's server to run "
            "'eote-ref db roles' as that login."
        )


def _if_still_missing(statement: str) -> str:
    """``CREATE ROLE`` that lets another set-up create the role first; other statements as given.

    Roles belong to the whole server, so two set-ups at once (two organisers, or two clubs'
    databases on one server) can both find a role missing; the second then meets the first's.
    """
    if not statement.startswith("CREATE ROLE "):
        return statement
    return (
        f"DO $$ BEGIN {statement}; "
        "EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$"
    )


def create_roles(db: Database) -> list[str]:
    """Create (or refresh) the viewer, umpire and organiser roles on a PostgreSQL server.

    They are group roles without login: give a member's login role one of them
    (``GRANT eote_umpire TO alice``). Every role reads every table; the umpire also plays games
    (games, their facts and journal, army lists), the organiser also keeps campaigns and
    members. Returns the SQL statements run.

    Raises:
        NotPermittedError: this account may not create roles or grant the tables.
    """
    if db.engine.dialect.name != "postgresql":
        raise DatabaseError("db roles is for a PostgreSQL server; an SQLite file has no roles")
    statements: list[str] = []
    with db.engine.begin() as connection:
        database = connection.execute(text("SELECT current_database()")).scalar_one()
        schema = connection.execute(text("SELECT current_schema()")).scalar_one()
        _may_set_up_roles(connection, schema)
        for role, tables in ROLES.items():
            exists = connection.execute(
                text("SELECT 1 FROM pg_roles WHERE rolname = :r"), {"r": role}
            ).first()
            sql = [] if exists else [f"CREATE ROLE {role} NOLOGIN"]
            sql += [
                f'GRANT CONNECT ON DATABASE "{database}" TO {role}',
                f'GRANT USAGE ON SCHEMA "{schema}" TO {role}',
                f'REVOKE ALL ON ALL TABLES IN SCHEMA "{schema}" FROM {role}',
                f'REVOKE ALL ON ALL SEQUENCES IN SCHEMA "{schema}" FROM {role}',
                f'GRANT SELECT ON ALL TABLES IN SCHEMA "{schema}" TO {role}',
            ]
            for table in tables:
                sql.append(f'GRANT INSERT, UPDATE, DELETE ON "{schema}"."{table}" TO {role}')
                for sequence in _sequences(connection, schema, table):
                    sql.append(f'GRANT USAGE, SELECT ON SEQUENCE "{schema}"."{sequence}" TO {role}')
            for statement in sql:
                connection.execute(text(_if_still_missing(statement)))
            statements += sql
    return statements
