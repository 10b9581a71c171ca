"""The ``eote-ref db`` sub-commands: upgrade, check, backup, copy, and a server's roles.

Every URL printed is masked (``***`` for a password); give passwords to libpq through
``~/.pgpass``, ``PGPASSFILE`` or a service file, never on the command line.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
from typing import Any

from eote_ref.store import StoreError, open_database, open_from_args
from eote_ref.store.admin import backup, check, copy_database, create_roles
from eote_ref.store.database import database_file
from eote_ref.store.server_url import masked_url, parse_url


def register(subparsers: Any) -> None:
    """Add ``db`` and its sub-commands to the ``eote-ref`` parser."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "db",
        help="look after the database: upgrade, check, backup, copy, roles",
        description="Look after the database named by --db or --database-url.",
    )
    sub = parser.add_subparsers(dest="db_command", metavar="ACTION", required=True)
    up = sub.add_parser("upgrade", help="bring the schema up to this version's")
    up.set_defaults(func=run_upgrade)
    chk = sub.add_parser("check", help="check the schema version and (SQLite) the file's integrity")
    chk.set_defaults(func=run_check)
    bak = sub.add_parser(
        "backup",
        help="copy the SQLite file with the online backup API (safe while the app runs)",
    )
    bak.add_argument("file", metavar="FILE", type=pathlib.Path, help="the new copy")
    bak.set_defaults(func=run_backup)
    cp = sub.add_parser(
        "copy",
        help="copy every army list, game and campaign to another (empty) database",
        description="Copy everything from this database to the one at URL (a server, or "
        "sqlite:///FILE), then verify row counts and a checksum of each game's state.",
    )
    cp.add_argument("--to", metavar="URL", required=True, help="the target database")
    cp.set_defaults(func=run_copy)
    roles = sub.add_parser(
        "roles",
        help="create the viewer, umpire and organiser roles on a PostgreSQL server",
    )
    roles.set_defaults(func=run_roles)


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 1


def masked(url: str) -> str:
    """``url`` with any password replaced by ``***``."""
    return masked_url(url)


def run_upgrade(args: argparse.Namespace) -> int:
    """``eote-ref db upgrade``: opening upgrades (a file is backed up first)."""
    try:
        with open_from_args(args) as db:
            where = str(db.path or db.url)
            if db.upgraded_from is None:
                print(f"{where}: schema already up to date")
            else:
                print(f"{where}: upgraded from schema {db.upgraded_from}")
                if db.backup is not None:
                    print(f"backup of the old file: {db.backup}")
    except StoreError as exc:
        return _fail(str(exc))
    return 0


def run_check(args: argparse.Namespace) -> int:
    """``eote-ref db check``: schema version and integrity; exit 1 on a problem."""
    try:
        with open_from_args(args) as db:
            where = str(db.path or db.url)
            problems = check(db)
            access = " (read-only for this account)" if db.read_only else ""
    except StoreError as exc:
        return _fail(str(exc))
    if problems:
        for p in problems:
            print(f"{where}: {p}", file=sys.stderr)
        return 1
    print(f"{where}: ok{access}")
    return 0


def run_backup(args: argparse.Namespace) -> int:
    """``eote-ref db backup FILE``."""
    url = getattr(args, "database_url", None)
    try:
        file = database_file(args.db, url)  # the very file the other commands open and lock
        if file is None:
            if parse_url(url or "").get_backend_name() == "sqlite":
                return _fail("an in-memory database has nothing to back up")
            return _fail("db backup copies an SQLite file; back a server up with pg_dump")
        target = backup(file, args.file)
    except StoreError as exc:
        return _fail(str(exc))
    print(f"backed up to {target}")
    return 0


def run_copy(args: argparse.Namespace) -> int:
    """``eote-ref db copy --to URL``."""
    try:
        with open_from_args(args) as source, open_database(url=args.to) as target:
            report = copy_database(source, target)
    except StoreError as exc:
        return _fail(str(exc).replace(args.to, masked(args.to)))
    total = sum(report.rows.values())
    print(
        f"copied {total} rows ({report.games} game{'s' if report.games != 1 else ''}) to "
        f"{masked(args.to)}; row counts and game checksums match"
    )
    return 0


def run_roles(args: argparse.Namespace) -> int:
    """``eote-ref db roles``."""
    try:
        with open_from_args(args) as db:
            create_roles(db)
    except StoreError as exc:
        return _fail(str(exc))
    print(
        "roles eote_viewer, eote_umpire and eote_organiser are ready; give a member's login "
        "one of them, e.g. GRANT eote_umpire TO alice"
    )
    return 0
