"""Following a database another process writes: read-only opening and the change probe."""

from __future__ import annotations

import pathlib
import sqlite3

import pytest
from sqlalchemy import text
from sqlmodel import select

from eote_ref.store import Database, Game, open_database
from eote_ref.store.errors import NotAnEoteDatabaseError
from eote_ref.store.follow import DisplayWatcher, open_read_only


def test_read_only_beside_the_writer_sees_its_commits(db: Database) -> None:
    if db.path is None:
        pytest.skip("following a file: the server's follower is tested in test_concurrency")
    ro = open_read_only(db.path)  # the writer holds the instance lock: no lock is needed here
    try:
        watcher = DisplayWatcher(ro)
        assert not watcher.changed()
        with db.session() as s:
            s.add(Game(name="Ligny"))
            s.commit()
        assert watcher.changed()
        assert not watcher.changed()  # once per batch of commits
        with ro.session() as s:
            assert [g.name for g in s.exec(select(Game)).all()] == ["Ligny"]
        with pytest.raises(Exception, match="readonly"), ro.engine.begin() as c:
            c.execute(text("DELETE FROM game"))
        watcher.close()
    finally:
        ro.close()


def test_a_missing_or_foreign_file_is_refused(tmp_path: pathlib.Path) -> None:
    with pytest.raises(NotAnEoteDatabaseError):
        open_read_only(tmp_path / "none.sqlite")
    other = tmp_path / "other.sqlite"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.commit()
    with pytest.raises(NotAnEoteDatabaseError):
        open_read_only(other)


def test_read_only_after_the_writer_closed(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "closed.sqlite"
    open_database(path).close()
    ro = open_read_only(path)
    try:
        assert DisplayWatcher(ro).changed() is False
    finally:
        ro.close()


def test_a_value_edited_under_a_running_display_is_said_in_words(tmp_path: pathlib.Path) -> None:
    """Python's own "invalid literal for int()" was the display's message (issue 36)."""
    file = tmp_path / "club.sqlite"
    with open_database(file) as umpire:
        with umpire.session() as s:
            s.add(Game(name="Ligny"))
            s.commit()
        ro = open_read_only(file)
        watcher = DisplayWatcher(ro)
        try:
            assert not watcher.changed()
            raw = sqlite3.connect(file)
            raw.execute("UPDATE game SET version = 'three'")
            raw.commit()
            raw.close()
            with pytest.raises(ValueError, match="cannot read") as refused:
                watcher.changed()
        finally:
            watcher.close()
            ro.close()
    said = str(refused.value)
    assert said.startswith(f"cannot read {file}: the database holds a value eote-ref cannot")
    assert said.endswith("was it edited by another program?")
