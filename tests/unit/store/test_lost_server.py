"""A club's server that stops answering: what was saved is said, and nothing is half-done.

Against real PostgreSQL servers (``postgres`` marker): a commit cut by a proxy after the
server carried it out (saved, though the client heard nothing) or before (not saved), a server
of the test's own stopped and started again by the test, and CLI commands whose server stops
in the middle. Each is told in a sentence, never a traceback.
"""

from __future__ import annotations

import datetime
import pathlib
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine, make_url

from eote_ref.cli import main
from eote_ref.referee.game import GameService
from eote_ref.referee.setup import NewGame, create_new_game
from eote_ref.store import Database, ServerGoneError, open_database
from eote_ref.store.server_errors import _settle, server_process
from tests.backends import database_url, drop_database, new_database
from tests.pg_server import CuttingProxy, OwnServer, own_server
from tests.shipped import LISTS

pytestmark = pytest.mark.postgres

SPEC = NewGame(
    "Ligny",
    {
        "Prussians": [LISTS["waterloo-1815-prussian.yaml"]],
        "French": [LISTS["waterloo-1815-french.yaml"]],
    },
)


def _unit(game: GameService) -> int:
    return next(u.id for u in game.view().sides[0].units if u.arm == "infantry")


def _hits(url: str, unit: int) -> tuple[int, list[str]]:
    """The unit's hits and the journal's summaries (done steps), read on a connection of its own."""
    engine = create_engine(url)
    try:
        with engine.connect() as c:
            markers = c.execute(
                text("SELECT markers FROM game_unit WHERE id = :u"), {"u": unit}
            ).scalar_one()  # PostgreSQL hands a JSON column back as data
            hits = int(markers.get("hits", 0))
            steps = [
                str(r[0])
                for r in c.execute(
                    text("SELECT summary FROM journal_event WHERE status = 'done' ORDER BY seq")
                )
            ]
        return hits, steps
    finally:
        engine.dispose()


@pytest.fixture
def proxied() -> Iterator[tuple[str, str, CuttingProxy]]:
    """A fresh database on the shared server: its URL, and its URL through a cutting proxy."""
    name = new_database()
    url = database_url(name)
    parsed = make_url(url)
    proxy = CuttingProxy(parsed.host or "127.0.0.1", parsed.port or 5432)
    through = parsed.set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
    try:
        yield url, through, proxy
    finally:
        proxy.close()
        drop_database(name)


def test_a_commit_cut_after_the_server_kept_it_is_reported_saved(
    proxied: tuple[str, str, CuttingProxy],
) -> None:
    direct, through, proxy = proxied
    with open_database(url=through) as db:
        game = GameService(db, create_new_game(db, SPEC))
        game.subscribe(game.view)  # as the app's GameHub does: every change is shown
        unit = _unit(game)
        name = game.unit_view(unit).name

        proxy.arm("after")  # the server commits; the answer is lost
        with pytest.raises(ServerGoneError, match="stopped answering") as gone:
            game.set_unit(unit, "hits", 1)
        assert proxy.cut.is_set(), str(gone.value)
        assert gone.value.saved is True
        assert "was saved all the same: it is in the journal" in str(gone.value)
        assert _hits(direct, unit) == (1, [f"{name}: hits 0 → 1"])
        assert game.unit_view(unit).hits == 1  # this copy shows it, and goes on
        game.set_unit(unit, "hits", 2)

        proxy.arm("before")  # the COMMIT never reaches the server
        with pytest.raises(ServerGoneError, match="stopped answering") as gone:
            game.set_unit(unit, "hits", 3)
        assert gone.value.saved is False
        assert "was not saved" in str(gone.value)
        assert _hits(direct, unit)[0] == 2

        proxy.arm("after")  # an undo, too
        with pytest.raises(ServerGoneError, match="undoing 1 step") as gone:
            game.undo()
        assert gone.value.saved is True
        assert _hits(direct, unit) == (1, [f"{name}: hits 0 → 1"])


def test_a_commit_still_on_its_way_when_the_connection_broke_is_told_as_it_ends(
    proxied: tuple[str, str, CuttingProxy],
) -> None:
    """What the copy says of a step is what became of it, though its COMMIT arrives late.

    The connection broke with the COMMIT still on its way to the server (a loaded server
    had not read it yet). The copy looked in the journal at once, found nothing and said
    "not saved", and then the server carried the COMMIT out: the umpire entered the step
    again, twice in the game. The proxy holds the COMMIT until the copy has said its word.
    """
    direct, through, proxy = proxied
    with open_database(url=through) as db:
        game = GameService(db, create_new_game(db, SPEC))
        unit = _unit(game)
        proxy.arm("late")
        with pytest.raises(ServerGoneError, match="stopped answering") as gone:
            game.set_unit(unit, "hits", 1)
        proxy.release()  # the COMMIT reaches the server only now
        assert proxy.late_done.wait(60)
        hits, steps = _hits(direct, unit)
        assert gone.value.saved is (hits == 1), (str(gone.value), hits, steps)
        assert gone.value.saved is not None, str(gone.value)  # the copy could tell


def test_a_commit_cut_behind_a_pooler_ends_no_other_member_s_session(
    proxied: tuple[str, str, CuttingProxy],
) -> None:
    """The process ended to settle a cut commit is the connection's own, as the server names it.

    Behind a pooler (PgBouncer) the process id a connection is given at its start is the
    pooler's, not the server's: the copy ended the server process of that id, which may be
    another member's session. The proxy here gives every connection the id of a bystander's.
    """
    direct, through, proxy = proxied
    bystander = create_engine(direct)
    try:
        with bystander.connect() as other:
            proxy.key_pid = int(other.execute(text("SELECT pg_backend_pid()")).scalar_one())
            other.commit()
            with open_database(url=through) as db:
                game = GameService(db, create_new_game(db, SPEC))
                unit = _unit(game)
                proxy.arm("after")
                with pytest.raises(ServerGoneError, match="stopped answering") as gone:
                    game.set_unit(unit, "hits", 1)
                assert proxy.cut.is_set(), str(gone.value)
                assert gone.value.saved is True, str(gone.value)
            assert other.execute(text("SELECT 1")).scalar_one() == 1  # its session lives on
    finally:
        bystander.dispose()


def test_a_commit_cut_behind_a_pooler_and_not_in_the_journal_is_told_not_known(
    proxied: tuple[str, str, CuttingProxy],
) -> None:
    """Behind a pooler the server process is not ended, so "not in the journal" is no proof.

    Under transaction pooling a COMMIT may be carried by another server process than the
    one named when the connection was made, and that one may serve another member by then:
    it is neither ended nor waited for, and a step the journal does not hold is told as not
    known (its COMMIT may still land), never as not saved.
    """
    direct, through, proxy = proxied
    bystander = create_engine(direct)
    try:
        with bystander.connect() as other:
            proxy.key_pid = int(other.execute(text("SELECT pg_backend_pid()")).scalar_one())
            other.commit()
            with open_database(url=through) as db:
                with db.session() as s:
                    kept = server_process(s)
                    assert kept is not None
                    assert kept[2] is False  # the ids differ: a pooler stands between
                game = GameService(db, create_new_game(db, SPEC))
                unit = _unit(game)
                proxy.arm("before")
                with pytest.raises(ServerGoneError, match="stopped answering") as gone:
                    game.set_unit(unit, "hits", 1)
                assert proxy.cut.is_set(), str(gone.value)
                assert gone.value.saved is None, str(gone.value)
                assert "not known yet" in str(gone.value)
                assert "pooler" in str(gone.value)
            assert _hits(direct, unit)[0] == 0
            # A process named behind a pooler, alive and another member's: left alone.
            row = other.execute(
                text("SELECT pid, backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()")
            ).one()
            other.commit()
            with bystander.connect() as checking:
                assert _settle(checking, (int(row[0]), row[1], False)) is False
            assert other.execute(text("SELECT 1")).scalar_one() == 1  # its session lives on
    finally:
        bystander.dispose()


def test_a_process_id_now_another_s_is_not_ended(proxied: tuple[str, str, CuttingProxy]) -> None:
    """A connection keeps its server process's id and start; an id reused is left alone.

    Settling a cut commit ends the process with both: a later process given the same id
    (another member's session) has another start, and is neither ended nor waited for.
    """
    direct, _through, _proxy = proxied
    with open_database(url=direct) as db, db.session() as s:
        kept = server_process(s)
        assert kept is not None
        assert kept[0] == s.execute(text("SELECT pg_backend_pid()")).scalar_one()
        assert kept[2] is True  # no pooler between: the process is the connection's own
        s.rollback()
        with db.engine.connect() as checking:
            # The same id, started a second earlier: as if the id had been another's before.
            _settle(checking, (kept[0], kept[1] - datetime.timedelta(seconds=1), True))
        assert s.execute(text("SELECT 1")).scalar_one() == 1  # not ended


def _stop_at(server: OwnServer, words: str) -> Any:
    """A listener on every engine: stops ``server`` before a statement holding ``words``."""
    fired: list[str] = []

    def before(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if words in statement and not fired:
            fired.append(statement)
            server.stop()

    return before


@pytest.fixture
def stopping_server() -> Iterator[OwnServer]:
    with own_server() as server:
        yield server


def _club(server: OwnServer) -> str:
    engine = create_engine(server.url, isolation_level="AUTOCOMMIT")
    with engine.connect() as c:
        c.execute(text("CREATE DATABASE club"))
    engine.dispose()
    return make_url(server.url).set(database="club").render_as_string(hide_password=False)


def test_a_stopped_server_is_told_and_the_game_goes_on_when_it_is_back(
    stopping_server: OwnServer, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = _club(stopping_server)
    db: Database = open_database(url=url)
    try:
        game = GameService(db, create_new_game(db, SPEC))
        unit = _unit(game)
        game.set_unit(unit, "hits", 1)

        stopping_server.stop()
        for edit in (lambda: game.set_unit(unit, "hits", 2), game.undo, game.advance_phase):
            with pytest.raises(ServerGoneError, match="stopped answering") as gone:
                edit()
            assert "nothing of this step was saved" in str(gone.value)
        # a command started while the server is down is refused in words too
        for words in (["db", "check"], ["campaign", "list"]):
            assert main(["--database-url", url, *words]) == 1
            err = capsys.readouterr().err
            assert err.startswith("error: cannot connect to"), err
            assert "Traceback" not in err

        stopping_server.start()
        game.set_unit(unit, "hits", 2)  # the same copy goes on, on new connections
        assert _hits(url, unit)[0] == 2
        assert len(_hits(url, unit)[1]) == 2  # the two acknowledged steps, nothing else
    finally:
        db.close()


@pytest.mark.parametrize(
    ("command", "words"),
    [
        (["armylist", "import", str(LISTS["waterloo-1815-prussian.yaml"])], "INSERT INTO roster"),
        (["campaign", "list"], "FROM campaign"),
        (["db", "copy", "--to", "sqlite:///COPY"], "FROM game_unit"),
    ],
    ids=["armylist import", "campaign list", "db copy"],
)
def test_a_cli_command_whose_server_stops_says_so(
    stopping_server: OwnServer,
    command: list[str],
    words: str,
    tmp_path: pathlib.Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    command = [w.replace("COPY", str(tmp_path / "copy.sqlite")) for w in command]
    url = _club(stopping_server)
    open_database(url=url).close()
    listener = _stop_at(stopping_server, words)
    event.listen(Engine, "before_cursor_execute", listener)
    try:
        code = main(["--database-url", url, *command])
    finally:
        event.remove(Engine, "before_cursor_execute", listener)
    err = capsys.readouterr().err
    assert code == 1
    assert "Traceback" not in err
    assert err.startswith("error: The database server stopped answering"), err
    assert "saved whole or not at all" in err
    stopping_server.start()
    with open_database(url=url) as db, db.engine.connect() as c:  # nothing half-done
        assert c.execute(text("SELECT count(*) FROM roster_unit")).scalar_one() in (0,)
