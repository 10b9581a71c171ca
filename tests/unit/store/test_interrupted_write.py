"""A file whose write a crash cut off is SQLite's to recover, never "damaged" (issue 36).

In rollback-journal mode a writer killed mid-transaction leaves a *hot* journal beside the
file, its pages half written. SQLite copies the old pages back the next time the file is
opened where it can be written; the pre-open checks read the file ``immutable``, which ignores
the journal, and called it damaged ("Restore a backup copy") in every command and the display.
The journal here is a real one: a child process killed (SIGKILL) inside its transaction.
"""

from __future__ import annotations

import os
import pathlib
import signal
import sqlite3
import subprocess
import sys

import pytest

from eote_ref.cli import main
from eote_ref.store import DatabaseError, create_game, load_game, open_database
from eote_ref.store.follow import DisplayWatcher, open_read_only

from .helpers import sides

#: Renames every unit and fills a new table in one transaction, then kills itself before the
#: commit; a two-page cache spills the changed pages into the file mid-transaction.
_CUT_OFF = r"""
import os, signal, sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("PRAGMA cache_size=2")
c.execute("BEGIN IMMEDIATE")
c.execute("UPDATE game_unit SET name = name || ' (renamed)'")
c.execute("CREATE TABLE filler (x)")
c.executemany("INSERT INTO filler VALUES (?)", [("x" * 500,) for _ in range(2000)])
os.kill(os.getpid(), signal.SIGKILL)
"""


def _club(folder: pathlib.Path) -> pathlib.Path:
    """A game file in rollback-journal mode, closed cleanly."""
    file = folder / "club.sqlite"
    with open_database(file) as db, db.session() as s:
        create_game(s, "Ligny", sides(2, 3))
    connection = sqlite3.connect(file)
    assert connection.execute("PRAGMA journal_mode=DELETE").fetchone() == ("delete",)
    connection.close()
    return file


def _cut_off_write(file: pathlib.Path) -> None:
    done = subprocess.run([sys.executable, "-c", _CUT_OFF, str(file)], check=False)
    assert done.returncode == -signal.SIGKILL
    assert os.path.getsize(file.with_name(file.name + "-journal")) > 0  # the hot journal


def _names(file: pathlib.Path) -> list[str]:
    with open_database(file) as db, db.session() as s:
        return [u.name for u in load_game(s, 1).units]


def test_a_file_with_a_hot_journal_opens_as_it_was_before_the_cut_off_write(
    tmp_path: pathlib.Path,
) -> None:
    file = _club(tmp_path)
    connection = sqlite3.connect(file)  # read as it is: the journal mode stays "delete"
    before = [r[0] for r in connection.execute("SELECT name FROM game_unit ORDER BY id")]
    connection.close()
    _cut_off_write(file)
    assert _names(file) == before  # nothing renamed: the write was rolled back
    assert not file.with_name("club.sqlite-journal").exists()
    connection = sqlite3.connect(file)
    try:
        tables = {r[0] for r in connection.execute("SELECT name FROM sqlite_master")}
        assert "filler" not in tables
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        connection.close()


def test_db_check_passes_a_file_sqlite_recovers(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = _club(tmp_path)
    _cut_off_write(file)
    assert main(["--db", str(file), "db", "check"]) == 0
    printed = capsys.readouterr()
    assert "damaged" not in printed.out + printed.err
    assert "backup" not in printed.out + printed.err


def test_the_display_opens_and_follows_a_file_sqlite_recovers(tmp_path: pathlib.Path) -> None:
    file = _club(tmp_path)
    _cut_off_write(file)
    with open_read_only(file) as db, db.session() as s:
        assert load_game(s, 1).game.name == "Ligny"
    # a crash while the display follows the file: the next look recovers it too
    with open_read_only(file) as db:
        watcher = DisplayWatcher(db)
        try:
            _cut_off_write(file)
            assert watcher.changed() in (True, False)  # no "damaged" refusal
            with db.session() as s:
                assert "(renamed)" not in load_game(s, 1).units[0].name
        finally:
            watcher.close()


#: Holds the file's write lock mid-transaction until its standard input closes.
_LIVE_WRITER = r"""
import sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("BEGIN EXCLUSIVE")
c.execute("UPDATE game_unit SET name = name || ' (renamed)'")
print("writing", flush=True)
sys.stdin.read()
"""


def test_a_journal_another_program_is_still_writing_is_waited_for_not_undone(
    tmp_path: pathlib.Path,
) -> None:
    """Its journal is not hot (the writer holds its lock): SQLite leaves it, and so do we."""
    file = _club(tmp_path)
    writer = subprocess.Popen(
        [sys.executable, "-c", _LIVE_WRITER, str(file)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert writer.stdout is not None
        assert writer.stdout.readline() == "writing\n"
        with pytest.raises(DatabaseError, match="is being written by another program"):
            open_database(file)
    finally:
        assert writer.stdin is not None
        writer.stdin.close()
        writer.wait(timeout=60)
    assert "(renamed)" not in _names(file)[0]  # the writer never committed
