"""``eote-ref db upgrade|check|backup|copy|roles`` against real databases."""

from __future__ import annotations

import pathlib
import sqlite3

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url

from eote_ref.cli import main
from eote_ref.referee.game import GameService
from eote_ref.referee.setup import NewGame, create_new_game, shipped_army_lists
from eote_ref.store import DatabaseError, ReadOnlyDatabaseError, open_database
from eote_ref.store.admin import game_checksums, row_counts
from tests.backends import DbTarget, admin_engine, require_server

LISTS = {p.name: p for p in shipped_army_lists()}


def club_file(path: pathlib.Path) -> pathlib.Path:
    """An SQLite file with a played game (a few journal entries) and its army lists."""
    with open_database(path) as db:
        spec = NewGame(
            "Ligny",
            {
                "Prussians": [LISTS["waterloo-1815-prussian.yaml"]],
                "French": [LISTS["waterloo-1815-french.yaml"]],
            },
        )
        game = GameService(db, create_new_game(db, spec))
        unit = game.view().sides[0].units[0].id
        game.set_unit(unit, "hits", 2)
        game.set_unit(unit, "disordered", True)
        game.undo()
    return path


def test_check_upgrade_and_backup_of_a_file(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = club_file(tmp_path / "club.sqlite")
    assert main(["--db", str(path), "db", "check"]) == 0
    assert capsys.readouterr().out == f"{path}: ok\n"
    assert main(["--db", str(path), "db", "upgrade"]) == 0
    assert "already up to date" in capsys.readouterr().out
    copy = tmp_path / "copies" / "club-backup.sqlite"
    with open_database(path):  # the app has the file open: the backup still works
        assert main(["--db", str(path), "db", "backup", str(copy)]) == 0
    with sqlite3.connect(copy) as c:
        assert c.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    c.close()
    with open_database(path) as a, open_database(copy) as b:
        assert row_counts(a) == row_counts(b)
        assert game_checksums(a) == game_checksums(b)
    assert main(["--db", str(path), "db", "backup", str(copy)]) == 1
    assert "exists already" in capsys.readouterr().err


def test_copy_to_the_backend_and_back(
    tmp_path: pathlib.Path, db_target: DbTarget, capsys: pytest.CaptureFixture[str]
) -> None:
    source = club_file(tmp_path / "club.sqlite")
    to = f"sqlite:///{db_target.path}" if db_target.path else str(db_target.url)
    assert main(["--db", str(source), "db", "copy", "--to", to]) == 0
    assert "row counts and game checksums match" in capsys.readouterr().out
    back = tmp_path / "back.sqlite"
    assert main(["--database-url", to, "db", "copy", "--to", f"sqlite:///{back}"]) == 0
    with open_database(source) as a, open_database(back) as b, db_target.open() as middle:
        assert row_counts(a) == row_counts(middle) == row_counts(b)
        assert game_checksums(a) == game_checksums(middle) == game_checksums(b)
        assert row_counts(a)["journal_event"] == 2
        # the copy plays on: new rows get new ids
        game = GameService(middle, 1)
        game.redo()
        game.set_unit(game.view().sides[1].units[0].id, "hits", 1)
    # a second copy into a database that has data is refused
    assert main(["--db", str(source), "db", "copy", "--to", to]) == 1
    assert "already holds" in capsys.readouterr().err


@pytest.mark.postgres
def test_roles_and_a_viewer_opens_read_only(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.backends import database_url, drop_database, new_database

    name = new_database()
    url = database_url(name)
    try:
        assert main(["--database-url", url, "db", "roles"]) == 0
        assert main(["--database-url", url, "db", "roles"]) == 0  # again: refreshed
        with open_database(url=url) as db:
            spec = NewGame(
                "Wavre",
                {
                    "P": [LISTS["waterloo-1815-prussian.yaml"]],
                    "F": [LISTS["waterloo-1815-french.yaml"]],
                },
            )
            game_id = create_new_game(db, spec)
        with admin_engine().connect() as c:
            for login, role in (("v_alice", "eote_viewer"), ("u_bob", "eote_umpire")):
                c.execute(text(f"DROP ROLE IF EXISTS {login}"))
                c.execute(text(f"CREATE ROLE {login} LOGIN IN ROLE {role}"))
        viewer_url = make_url(url).set(username="v_alice", password="s3cret-never-shown")
        with open_database(url=viewer_url.render_as_string(hide_password=False)) as db:
            assert db.read_only
            assert "s3cret" not in db.url
            game = GameService(db, game_id)
            assert game.view().name == "Wavre"  # reading works
            unit = game.view().sides[0].units[0].id
            with pytest.raises(ReadOnlyDatabaseError, match="may look at games"):
                game.set_unit(unit, "hits", 1)
        assert (
            main(
                ["--database-url", viewer_url.render_as_string(hide_password=False), "db", "check"]
            )
            == 0
        )
        out = capsys.readouterr().out
        assert "read-only for this account" in out
        assert "s3cret" not in out
        umpire_url = make_url(url).set(username="u_bob").render_as_string(hide_password=False)
        with open_database(url=umpire_url) as db:
            assert not db.read_only
            game = GameService(db, game_id)
            game.set_unit(game.view().sides[0].units[0].id, "hits", 1)
            with db.session() as s, pytest.raises(Exception, match="permission denied"):
                s.execute(
                    text(
                        "INSERT INTO campaign (name, created_at, points_win, points_draw,"
                        " points_loss, recovery_percent) VALUES ('x', now(), 3, 1, 0, 50)"
                    )
                )
    finally:
        drop_database(name)


@pytest.mark.postgres
def test_a_password_never_shows_in_a_connection_error() -> None:
    server = make_url(require_server())
    bad = server.set(username="nobody_here", password="s3cret", database="no_such_db")
    with pytest.raises(DatabaseError) as refused:
        open_database(url=bad.render_as_string(hide_password=False) + "?sslmode=disable")
    assert "s3cret" not in str(refused.value)
    assert "***" in str(refused.value)
