"""Hostile inputs and faults answered in words (issue 36), bad input with exit code 2.

No ``OverflowError``, ``RecursionError``, raw ``disk I/O error`` nor SQLAlchemy's "Background
on this error" line.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import signal
import sqlite3
import subprocess
import sys

import pytest

from eote_ref.cli import main
from eote_ref.store import DatabaseError, create_game, open_database
from tests.avle_games import ALLIED, FRENCH
from tests.unit.hostile.test_database_inputs import tmpfs
from tests.unit.store.helpers import sides
from tests.unit.store.test_database import migrations_with

BIG = str(2**63)


def _avle_game(file: pathlib.Path) -> list[str]:
    db = ["--db", str(file)]
    new = [*db, "game", "new", "--pack", "avle", "--name", "Quatre Bras"]
    assert main([*new, "--side", f"French={FRENCH}", "--side", f"Allies={ALLIED}"]) == 0
    return db


def _refused(capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert words in err, err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("words", "why"),
    [
        (["game", "show", BIG], "is too large"),
        (["game", "show", "99999999999999999999999"], "is too large"),
        (["game", "check", BIG, "fire"], "is too large"),
        (["game", "undo", "1", "--steps", BIG], "is too large"),
        (["game", "redo", BIG], "is too large"),
        (["scenario", "export", "--game", BIG, "-o", "x.yaml"], "is too large"),
        (["game", "show", "١"], "is not a whole number (digits 0-9 only)"),  # Arabic-Indic 1
        (["game", "show", "1.0"], "is not a whole number"),
        (["game", "undo", "1", "--steps", "0"], "is not at least 1"),
    ],
)
def test_ids_and_counts_are_ascii_digits_within_range(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str], words: list[str], why: str
) -> None:
    db = _avle_game(tmp_path / "club.sqlite")
    capsys.readouterr()
    _refused(capsys, [*db, *words], why)


def test_a_deeply_nested_answer_or_roll_is_refused_in_words(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = _avle_game(tmp_path / "club.sqlite")
    capsys.readouterr()
    deep = "[" * 100_000 + "]" * 100_000
    check = [*db, "game", "check", "1", "hand", "--side", "French"]
    _refused(capsys, [*check, "--answer", f"x={deep}"], "nests more than 20 lists")
    _refused(capsys, [*check, "--roll", "d=" + '{"a":' * 30 + "1" + "}" * 30], "nests more than")
    _refused(capsys, [*check, "--roll", "no value"], "is not NAME=VALUE")
    assert main([*db, "game", "undo", "1"]) == 1  # nothing was written: nothing to undo


def test_a_failed_upgrade_says_why_without_sqlalchemys_lines(tmp_path: pathlib.Path) -> None:
    file = tmp_path / "club.sqlite"
    with open_database(file) as db, db.session() as s:
        create_game(s, "Waterloo", sides(1, 2))
    broken = migrations_with(tmp_path, 'op.execute("INSERT INTO no_such_table VALUES (1)")')
    with pytest.raises(DatabaseError) as refused:
        open_database(file, migrations_dir=broken)
    message = str(refused.value)
    assert message.endswith("failed and was rolled back: no such table: no_such_table")
    assert "Background on this error" not in message
    assert "[SQL:" not in message


# ----------------------------------------------------------------------------- a full disk


def _fill(folder: pathlib.Path, leave: int = 0) -> None:
    fd = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        free = os.statvfs(folder).f_bavail * os.statvfs(folder).f_frsize
        with contextlib.suppress(OSError):
            os.write(fd, b"\0" * max(0, free - leave))
        with contextlib.suppress(OSError):
            while not leave:
                os.write(fd, b"\0" * 4096)
    finally:
        os.close(fd)


def test_game_show_reads_a_game_on_a_nearly_full_disk(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with tmpfs(tmp_path / "mnt", "8m") as mnt:
        db = _avle_game(mnt / "club.sqlite")
        capsys.readouterr()
        _fill(mnt, leave=512 * 1024)  # under the 1 MiB a command that writes asks for
        assert main([*db, "game", "show", "1"]) == 0
        printed = capsys.readouterr()
        assert printed.out.startswith("Quatre Bras: Turn 1")
        assert "opened for reading only" in printed.err


#: Writes a step in WAL mode and dies before the log is checkpointed (its -wal left behind).
_KILLED_WRITER = r"""
import os, signal, sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("PRAGMA journal_mode=WAL")
c.execute("UPDATE game SET turn = 2")
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_a_disk_that_filled_while_a_game_was_open_is_not_called_damaged(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with tmpfs(tmp_path / "mnt", "8m") as mnt:
        file = mnt / "club.sqlite"
        with open_database(file) as db, db.session() as s:
            create_game(s, "Waterloo", sides(2, 3))
        done = subprocess.run([sys.executable, "-c", _KILLED_WRITER, str(file)], check=False)
        assert done.returncode == -signal.SIGKILL
        assert file.with_name("club.sqlite-wal").stat().st_size > 0
        file.with_name("club.sqlite-shm").unlink()  # SQLite must make it again to read
        _fill(mnt)
        for command in (["campaign", "list"], ["print", "report", "1", "-o", "r.html"]):
            assert main(["--db", str(file), *command]) == 1
            err = capsys.readouterr().err
            assert "the disk is full where" in err, err
            assert "damaged" not in err
            assert "backup" not in err
        (mnt / "filler").unlink()
        with contextlib.closing(sqlite3.connect(file)) as c:
            assert c.execute("SELECT turn FROM game").fetchone() == (2,)  # nothing lost


def test_a_new_game_on_a_full_disk_is_refused_in_words(tmp_path: pathlib.Path) -> None:
    """The app's new-game wizard shows a refusal (REFUSALS): it was an OperationalError."""
    from eote_ref.referee.errors import REFUSALS
    from eote_ref.referee.setup import NewGame, create_new_game
    from tests.shipped import LISTS

    spec = NewGame(
        "Ligny",
        {
            "Prussians": [LISTS["waterloo-1815-prussian.yaml"]],
            "French": [LISTS["waterloo-1815-french.yaml"]],
        },
    )
    with tmpfs(tmp_path / "mnt", "3m") as mnt:
        file = mnt / "club.sqlite"
        with open_database(file) as db:
            create_new_game(db, spec)
            _fill(mnt)
            with pytest.raises(REFUSALS, match="The game was not created: the disk is full"):
                create_new_game(db, spec)
        with contextlib.closing(sqlite3.connect(file)) as c:
            assert c.execute("SELECT count(*) FROM game").fetchone() == (1,)
