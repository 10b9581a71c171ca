"""Opening databases: creation, pragmas, refusals that leave the file untouched, upgrades, locks."""

from __future__ import annotations

import argparse
import hashlib
import pathlib
import shutil
import sqlite3
import subprocess
import sys
import textwrap

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text

from eote_ref.store import (
    CorruptDatabaseError,
    DatabaseError,
    DatabaseInUseError,
    NewerVersionError,
    NotAnEoteDatabaseError,
    StoreError,
    create_game,
    load_game,
    open_database,
    open_from_args,
)
from eote_ref.store import campaign_models as campaign_models  # the campaign tables too
from eote_ref.store.migrate import head_revision
from eote_ref.store.migrations import MIGRATIONS_DIR
from eote_ref.store.models import metadata

from .helpers import sides


def digest(path: pathlib.Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def make_game_file(path: pathlib.Path, divisions: int = 4, units: int = 10) -> None:
    with open_database(path) as db, db.session() as s:
        create_game(s, "Waterloo", sides(divisions, units))


def assert_refused_untouched(
    path: pathlib.Path, error: type[StoreError], match: str, **kwargs: object
) -> None:
    before = digest(path)
    siblings = sorted(p.name for p in path.parent.iterdir())
    with pytest.raises(error, match=match):
        open_database(path, **kwargs)
    assert digest(path) == before
    assert sorted(p.name for p in path.parent.iterdir()) == siblings


# ----------------------------------------------------------------------------- creating


def test_new_file_gets_the_head_schema_and_marker(db_path: pathlib.Path) -> None:
    with open_database(db_path) as db:
        assert db.path == db_path
        assert db.upgraded_from is None
        assert db.backup is None
        with db.engine.connect() as c:
            assert c.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == (
                head_revision()
            )
            marker = c.execute(text("SELECT value FROM eote_meta WHERE key='application'"))
            assert marker.scalar_one() == "eote-ref"


def test_connections_use_wal_foreign_keys_busy_timeout_and_full_sync(db_path: pathlib.Path) -> None:
    with open_database(db_path) as db, db.engine.connect() as c:
        assert c.execute(text("PRAGMA journal_mode")).scalar_one() == "wal"
        assert c.execute(text("PRAGMA foreign_keys")).scalar_one() == 1
        assert c.execute(text("PRAGMA busy_timeout")).scalar_one() == 5000
        assert c.execute(text("PRAGMA synchronous")).scalar_one() == 2


def test_ddl_is_transactional(db_path: pathlib.Path) -> None:
    with open_database(db_path) as db:
        with db.engine.connect() as c:
            c.execute(text("CREATE TABLE scratch (x INTEGER)"))
            c.rollback()
        with db.engine.connect() as c:
            tables = c.execute(text("SELECT name FROM sqlite_master WHERE name='scratch'"))
            assert tables.all() == []


def test_migrations_match_the_models(db_path: pathlib.Path) -> None:
    with open_database(db_path) as db, db.engine.connect() as c:
        diff = compare_metadata(MigrationContext.configure(c), metadata)
    assert diff == []


def test_default_file_is_in_the_user_data_dir(tmp_path: pathlib.Path) -> None:
    with open_database() as db:
        assert db.path == tmp_path / "home" / "eote-ref.sqlite"
        assert db.path.exists()


def test_sqlite_url_is_a_file_and_memory_url_works(db_path: pathlib.Path) -> None:
    with open_database(url=f"sqlite:///{db_path}") as db:
        assert db.path == db_path
        assert (db_path.parent / "battle.sqlite.lock").exists()
    with open_database(url="sqlite://") as mem, mem.session() as s:
        game = create_game(s, "in memory", sides(1, 2))
        assert game.id is not None
        assert len(load_game(s, game.id).units) == 4
        assert mem.path is None


def test_path_and_url_together_are_refused(db_path: pathlib.Path) -> None:
    with pytest.raises(ValueError, match="not both"):
        open_database(db_path, url="sqlite://")


def test_open_from_args_reads_db_and_database_url(db_path: pathlib.Path) -> None:
    with open_from_args(argparse.Namespace(db=str(db_path), database_url=None)) as db:
        assert db.path == db_path
    with open_from_args(argparse.Namespace(db=None, database_url="sqlite://")) as db:
        assert db.path is None


def test_reopening_keeps_data_without_backup(db_path: pathlib.Path) -> None:
    make_game_file(db_path, 1, 2)
    with open_database(db_path) as db, db.session() as s:
        assert db.backup is None
        assert db.upgraded_from is None
        assert len(load_game(s, 1).units) == 4
    assert sorted(p.name for p in db_path.parent.iterdir()) == ["battle.sqlite"]


def test_priming_the_orm_reads_and_writes_nothing(db_path: pathlib.Path) -> None:
    """The app's warm-up primes the ORM on the umpire's file: it must not change the file."""
    make_game_file(db_path, 1, 2)
    with sqlite3.connect(db_path) as plain:
        before = plain.execute("SELECT count(*), max(id) FROM journal_event").fetchone()
    with open_database(db_path) as db:
        assert not db.engine_ready  # an up-to-date file opens without the ORM
        db.prime()
        assert db.engine_ready
        with db.session() as s:
            assert len(load_game(s, 1).units) == 4
    with sqlite3.connect(db_path) as plain:
        assert plain.execute("SELECT count(*), max(id) FROM journal_event").fetchone() == before


# ----------------------------------------------------------------------------- refusing


def test_text_file_is_not_an_eote_database(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "notes.sqlite"
    path.write_text("Ney attacks at 4 pm\n" * 100)
    assert_refused_untouched(path, NotAnEoteDatabaseError, "not an SQLite file")


def test_other_programs_sqlite_database_is_refused(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as c:
        c.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance REAL)")
        c.execute("INSERT INTO accounts VALUES (1, 10.5)")
    c.close()
    assert_refused_untouched(path, NotAnEoteDatabaseError, "another program")


def test_database_from_a_newer_version_is_refused(db_path: pathlib.Path) -> None:
    make_game_file(db_path, 1, 2)
    with sqlite3.connect(db_path) as c:
        c.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    c.close()
    assert_refused_untouched(db_path, NewerVersionError, "newer version of eote-ref")


def test_corrupt_pages_are_refused(db_path: pathlib.Path) -> None:
    make_game_file(db_path, 8, 12)
    scribble(db_path)
    assert_refused_untouched(db_path, CorruptDatabaseError, "damaged")


def scribble(path: pathlib.Path, last_pages: int | None = None) -> None:
    """Overwrite every other b-tree page (or only among the last ``last_pages``)."""
    with sqlite3.connect(path) as c:
        page_size = c.execute("PRAGMA page_size").fetchone()[0]
        pages = c.execute("PRAGMA page_count").fetchone()[0]
    c.close()
    assert pages > 6
    data = bytearray(path.read_bytes())
    first = 2 if last_pages is None else pages - last_pages
    for page in range(first, pages, 2):
        start = page * page_size
        data[start + 8 : start + 200] = b"\xa5" * 192
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("verify", [None, False])
def test_truncated_file_is_refused_even_without_the_full_check(
    db_path: pathlib.Path, verify: bool | None
) -> None:
    make_game_file(db_path, 8, 12)
    data = db_path.read_bytes()
    db_path.write_bytes(data[: len(data) // 2])
    assert_refused_untouched(db_path, CorruptDatabaseError, "damaged", verify=verify)


def test_full_check_can_be_skipped_and_run_on_demand(db_path: pathlib.Path) -> None:
    make_game_file(db_path, 8, 12)
    scribble(db_path, last_pages=4)  # data pages only: the schema stays readable
    assert_refused_untouched(db_path, CorruptDatabaseError, "damaged", verify=True)
    with open_database(db_path, verify=False) as db:
        assert db.check_integrity() != ["ok"]


def test_sound_file_passes_the_integrity_check(db_path: pathlib.Path) -> None:
    make_game_file(db_path, 1, 2)
    with open_database(db_path, verify=True) as db:
        assert db.check_integrity() == ["ok"]


# ----------------------------------------------------------------------------- upgrading


def migrations_with(tmp_path: pathlib.Path, body: str) -> pathlib.Path:
    """A copy of the package's migrations plus a test revision after the head."""
    target = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS_DIR, target, ignore=shutil.ignore_patterns("__pycache__"))
    upgrade_body = textwrap.indent(textwrap.dedent(body).strip(), "    ")
    script = (
        '"""Test revision."""\n'
        "import sqlalchemy as sa\n"
        "from alembic import op\n\n"
        'revision = "9999_test"\n'
        f"down_revision = {head_revision()!r}\n"
        "branch_labels = None\n"
        "depends_on = None\n\n\n"
        f"def upgrade():\n{upgrade_body}\n"
    )
    (target / "versions" / "9999_test.py").write_text(script)
    return target


def tables(path: pathlib.Path) -> set[str]:
    with sqlite3.connect(path) as c:
        names = {r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    c.close()
    return names


def revision_of(path: pathlib.Path) -> str:
    with sqlite3.connect(path) as c:
        rev: str = c.execute("SELECT version_num FROM alembic_version").fetchone()[0]
    c.close()
    return rev


def test_older_file_is_backed_up_then_upgraded(
    tmp_path: pathlib.Path, db_path: pathlib.Path
) -> None:
    make_game_file(db_path, 1, 2)
    newer = migrations_with(
        tmp_path,
        """
        op.create_table("test_extra", sa.Column("id", sa.Integer, primary_key=True))
        with op.batch_alter_table("game") as batch:
            batch.add_column(sa.Column("weather", sa.String, nullable=True))
        """,
    )
    with open_database(db_path, migrations_dir=newer) as db, db.session() as s:
        assert db.upgraded_from == head_revision()
        assert db.backup is not None
        assert len(load_game(s, 1).units) == 4  # data survived the table rebuild
    assert revision_of(db_path) == "9999_test"
    assert "test_extra" in tables(db_path)
    backup = db.backup
    assert backup.parent == db_path.parent
    assert backup.name.startswith(f"battle.before-upgrade-{head_revision()}-")
    assert backup.suffix == ".sqlite"
    assert revision_of(backup) == head_revision()
    assert "test_extra" not in tables(backup)
    with sqlite3.connect(backup) as c:
        assert c.execute("SELECT count(*) FROM game_unit").fetchone()[0] == 4
    c.close()
    # The backup opens with this version; the upgraded file is "newer" for it.
    with open_database(backup) as old:
        assert old.upgraded_from is None
    assert_refused_untouched(db_path, NewerVersionError, "newer version")


def test_failed_upgrade_is_rolled_back(tmp_path: pathlib.Path, db_path: pathlib.Path) -> None:
    make_game_file(db_path, 1, 2)
    broken = migrations_with(
        tmp_path,
        """
        op.create_table("test_extra", sa.Column("id", sa.Integer, primary_key=True))
        op.execute("INSERT INTO no_such_table VALUES (1)")
        """,
    )
    with pytest.raises(DatabaseError, match="rolled back"):
        open_database(db_path, migrations_dir=broken)
    assert revision_of(db_path) == head_revision()
    assert "test_extra" not in tables(db_path)
    assert not (db_path.parent / "battle.sqlite.lock").exists()
    with open_database(db_path) as db:  # still usable, and the lock was released
        assert db.upgraded_from is None


# ----------------------------------------------------------------------------- locking


def test_second_instance_is_told_the_file_is_in_use(db_path: pathlib.Path) -> None:
    lock = db_path.parent / "battle.sqlite.lock"
    with open_database(db_path):
        assert lock.exists()
        with pytest.raises(DatabaseInUseError, match="already open"):
            open_database(db_path)
    assert not lock.exists()
    with open_database(db_path):
        pass


def test_leftover_lock_file_does_not_block(db_path: pathlib.Path) -> None:
    make_game_file(db_path, 1, 1)
    (db_path.parent / "battle.sqlite.lock").write_text("pid 99999 on elsewhere\n")
    with open_database(db_path) as db:
        assert db.path == db_path


def test_lock_of_a_killed_process_does_not_block(db_path: pathlib.Path) -> None:
    make_game_file(db_path, 1, 1)
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\n"
            "from eote_ref.store import open_database\n"
            f"db = open_database({str(db_path)!r})\n"
            "print('ready', flush=True)\n"
            "time.sleep(60)\n",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        with pytest.raises(DatabaseInUseError, match=r"pid \d+"):
            open_database(db_path)
    finally:
        child.kill()
        child.wait()
    with open_database(db_path) as db, db.session() as s:
        assert len(load_game(s, 1).units) == 2


# ---------------------------------------------------------------- issue 27: odd paths, tables


def test_the_schema_tables_named_for_opening_are_the_models_tables() -> None:
    from eote_ref.store.database_checks import SCHEMA_TABLES

    assert set(metadata.tables) | {"alembic_version"} == SCHEMA_TABLES


def _listing(folder: pathlib.Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_odd_paths_are_named_for_what_they_are_and_nothing_is_made(tmp_path: pathlib.Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    before = _listing(tmp_path)
    with pytest.raises(DatabaseError, match="is a folder, not a database file"):
        open_database(folder)
    with pytest.raises(DatabaseError, match="symbolic link that leads back to itself"):
        open_database(tmp_path / "loop1")
    long_name = "a" * 243 + ".sqlite"  # 250 bytes: no room for 'NAME-journal' (255 at most)
    with pytest.raises(DatabaseError, match="250 bytes long.*at most 247 bytes"):
        open_database(tmp_path / long_name)
    assert _listing(tmp_path) == before
    assert _listing(folder) == []
    ok = tmp_path / ("b" * 240 + ".sqlite")  # 247 bytes: fits
    open_database(ok).close()
    with pytest.raises(DatabaseError, match="not a regular file"):
        open_database("/dev/zero")
    assert not pathlib.Path("/dev/zero-journal").exists()
    assert not pathlib.Path("/dev/zero.lock").exists()


def test_a_file_missing_a_table_is_damaged(db_path: pathlib.Path) -> None:
    open_database(db_path).close()
    raw = sqlite3.connect(db_path)
    raw.execute("DROP TABLE journal_change")
    raw.commit()
    raw.close()
    with pytest.raises(CorruptDatabaseError, match="table journal_change missing"):
        open_database(db_path, verify=False)
    with pytest.raises(CorruptDatabaseError, match="table journal_change missing"):
        open_database(db_path, read_only=True)
    from tests.cli_runner import run_in_process

    out = run_in_process("--db", str(db_path), "print", "report", "1", "-o", str(db_path) + ".pdf")
    assert out.returncode == 1
    assert "table journal_change missing" in out.stderr
    assert "Traceback" not in out.stderr + out.stdout
