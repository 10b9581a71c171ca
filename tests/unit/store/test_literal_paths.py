"""A ``--db`` path is a file name, never a URL: ``%XX`` and ``?`` in it are plain characters.

Each command opens exactly the file it checked and locked, so a name like ``recipes%20book.sqlite``
never reaches another program's ``recipes book.sqlite``, a lock held on ``club games.sqlite`` is
never passed by through ``club%20games.sqlite``, and ``club?mode=ro.sqlite`` never writes to a
file named ``club``.
"""

from __future__ import annotations

import pathlib
import sqlite3

import pytest

from eote_ref.cli import main
from eote_ref.referee.setup import shipped_army_lists
from eote_ref.store import DatabaseError, DatabaseInUseError, open_database
from eote_ref.store.admin import row_counts

LIST = next(p for p in shipped_army_lists() if p.name == "waterloo-1815-prussian.yaml")
NAME = "Army of the Lower Rhine"


def _rosters(path: pathlib.Path) -> list[str]:
    """The army lists stored in the eote-ref file at ``path`` (read with sqlite3 directly)."""
    with sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True) as c:
        names = [str(r[0]) for r in c.execute("SELECT name FROM roster ORDER BY name")]
    c.close()
    return names


def _other_program(path: pathlib.Path) -> bytes:
    """Another program's SQLite file at ``path``; its bytes."""
    with sqlite3.connect(path) as c:
        c.execute("CREATE TABLE recipe (name TEXT)")
        c.execute("INSERT INTO recipe VALUES ('bread')")
    c.close()
    return path.read_bytes()


def test_percent_in_a_file_name_is_not_a_url_escape(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "recipes book.sqlite"
    before = _other_program(other)
    named = tmp_path / "recipes%20book.sqlite"
    assert main(["--db", str(named), "armylist", "import", str(LIST)]) == 0
    assert str(named) in capsys.readouterr().out
    assert other.read_bytes() == before  # another program's file: not one byte changed
    assert not (tmp_path / "recipes book.sqlite-wal").exists()
    assert _rosters(named) == [NAME]


def test_a_lock_is_not_passed_by_through_an_escaped_name(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    held = tmp_path / "club games.sqlite"
    with open_database(held) as db:  # the app has the club's file open
        counts = row_counts(db)
        escaped = tmp_path / "club%20games.sqlite"
        assert main(["--db", str(escaped), "armylist", "import", str(LIST)]) == 0
        capsys.readouterr()
        assert row_counts(db) == counts  # the held file got nothing
        # the same file under its own name is refused, as before
        with pytest.raises(DatabaseInUseError):
            open_database(held)
    assert _rosters(held) == []
    assert _rosters(escaped) == [NAME]


def test_a_question_mark_is_part_of_the_file_name(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    named = tmp_path / "club?mode=ro.sqlite"
    assert main(["--db", str(named), "armylist", "import", str(LIST)]) == 0
    capsys.readouterr()
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")) == [
        "club?mode=ro.sqlite"
    ]
    assert _rosters(named) == [NAME]
    with open_database(named) as db:  # and it opens again, through the ORM too
        assert row_counts(db)["roster"] == 1


@pytest.mark.parametrize("name", ["club%20games.sqlite", "club?mode=ro.sqlite", "a%3Fb#c.sqlite"])
def test_db_backup_copies_the_named_file(
    tmp_path: pathlib.Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    decoy = tmp_path / "club games.sqlite"
    _other_program(decoy)
    (tmp_path / "club").write_bytes(b"")
    named = tmp_path / name
    assert main(["--db", str(named), "armylist", "import", str(LIST)]) == 0
    copy = tmp_path / "copies" / f"copy of {name}"
    assert main(["--db", str(named), "db", "backup", str(copy)]) == 0
    assert f"backed up to {copy}" in capsys.readouterr().out
    assert _rosters(copy) == [NAME]
    assert (tmp_path / "club").read_bytes() == b""


def test_a_sqlite_url_with_a_query_is_refused(tmp_path: pathlib.Path) -> None:
    """As a URL, ``?mode=ro.sqlite`` is a query: refused, not dropped (which opens ``club``)."""
    with pytest.raises(DatabaseError, match="--db"):
        open_database(url=f"sqlite:///{tmp_path}/club?mode=ro.sqlite")
    assert list(tmp_path.iterdir()) == []


def test_db_backup_of_a_url_reads_the_file_the_url_opens(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``sqlite:///~/club.sqlite`` is the file in the home folder for every command, backup too."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    url = "sqlite:///~/club.sqlite"
    assert main(["--database-url", url, "armylist", "import", str(LIST)]) == 0
    assert _rosters(tmp_path / "club.sqlite") == [NAME]
    copy = tmp_path / "copy.sqlite"
    assert main(["--database-url", url, "db", "backup", str(copy)]) == 0
    assert f"backed up to {copy}" in capsys.readouterr().out
    assert _rosters(copy) == [NAME]


@pytest.mark.parametrize(
    ("given", "words"),
    [
        (["--database-url", "sqlite:///{dir}/club?mode=ro.sqlite"], "--db FILE"),
        (["--db", "{dir}"], "is a folder"),
        (["--database-url", "sqlite://"], "in-memory database has nothing to back up"),
    ],
)
def test_db_backup_refuses_what_the_other_commands_refuse(
    tmp_path: pathlib.Path, given: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "club").write_bytes(b"")  # the name a dropped query would leave
    argv = [a.format(dir=tmp_path) for a in given]
    assert main([*argv, "db", "backup", str(tmp_path / "copy.sqlite")]) == 1
    assert words in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club"]


@pytest.mark.parametrize("to", ["sqlite://", "sqlite:///:memory:", "sqlite:///"])
def test_db_copy_to_an_in_memory_database_is_refused(
    tmp_path: pathlib.Path, to: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A copy into memory is gone when the command ends: no 'copied ... match' for it."""
    club = tmp_path / "club.sqlite"
    assert main(["--db", str(club), "armylist", "import", str(LIST)]) == 0
    capsys.readouterr()
    assert main(["--db", str(club), "db", "copy", "--to", to]) == 1
    captured = capsys.readouterr()
    assert "copied" not in captured.out
    assert "in-memory database" in captured.err
    assert "nothing was copied" in captured.err
