"""Two writers on one game, on each backend: no lost update, no stale write, changes seen.

Each command raises the game's version in its own transaction (a compare-and-swap when the
caller says which version it saw); a :class:`ChangeWatcher` reports games changed elsewhere.
"""

from __future__ import annotations

import os
import pathlib
import sqlite3
import threading
import time
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session

from eote_ref.store import (
    Database,
    Game,
    GameUnit,
    SetField,
    StaleGameError,
    apply,
    history,
    snapshot,
    undo,
)
from eote_ref.store.journal import version_after
from eote_ref.store.notify import ChangeWatcher
from tests.backends import DbTarget, admin_engine

from .test_journal import first_unit


def version_of(db: Database, game_id: int) -> int:
    with db.session() as s:
        game = s.get(Game, game_id)
        assert game is not None
        return game.version


def test_every_command_raises_the_version_and_undo_too(session: Session, game: Game) -> None:
    assert game.id is not None
    unit = first_unit(session, game)
    start = session.get(Game, game.id)
    assert start is not None
    assert start.version == 0
    apply(session, game.id, "fire", changes=[SetField(GameUnit, unit.id, "markers.hits", 1)])
    assert version_after(session, game.id) == 1
    undo(session, game.id)
    assert version_after(session, game.id) == 2
    # the version is bookkeeping, not game state: the snapshot ignores it
    assert "version" not in snapshot(session, game.id)["game"][0]


def test_a_command_built_from_a_stale_view_is_refused(db: Database, game: Game) -> None:
    assert game.id is not None
    with db.session() as s:
        unit = first_unit(s, game).id
    seen = version_of(db, game.id)
    with db.session() as laptop:  # the umpire's laptop: saw `seen`, writes first
        apply(
            laptop,
            game.id,
            "fire",
            changes=[SetField(GameUnit, unit, "markers.hits", 2)],
            summary="Fire: 2 hits",
            expected_version=seen,
        )
    with db.session() as tablet, pytest.raises(StaleGameError) as refused:
        apply(
            tablet,
            game.id,
            "fire",
            changes=[SetField(GameUnit, unit, "markers.hits", 1)],
            expected_version=seen,
        )
    error = refused.value
    assert (error.expected, error.current) == (seen, seen + 1)
    assert "Fire: 2 hits" in str(error)
    assert str(error).startswith("Not written")
    with db.session() as s:
        assert [e.summary for e in history(s, game.id)] == ["Fire: 2 hits"]
        assert s.get(GameUnit, unit).hits == 2  # type: ignore[union-attr]
    # reloaded, the tablet's command goes through
    with db.session() as tablet:
        apply(
            tablet,
            game.id,
            "fire",
            changes=[SetField(GameUnit, unit, "markers.hits", 3)],
            expected_version=version_of(db, game.id),
        )
    with db.session() as tablet, pytest.raises(StaleGameError):
        undo(tablet, game.id, expected_version=seen)


def test_two_writers_at_once_lose_nothing(db: Database, game: Game) -> None:
    """Two threads, each its own connection, 40 commands each on one game, no version given."""
    assert game.id is not None
    game_id = game.id
    with db.session() as s:
        units = [u["id"] for u in snapshot(s, game_id)["game_unit"]][:2]
    errors: list[BaseException] = []

    def writer(unit: int) -> None:
        try:
            with db.session() as s:
                for n in range(40):
                    apply(
                        s,
                        game_id,
                        "hit",
                        changes=[SetField(GameUnit, unit, "markers.hits", n % 7)],
                        summary=f"{unit}:{n}",
                    )
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=writer, args=(u,)) for u in units]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with db.session() as s:
        events = history(s, game_id)
        assert [e.seq for e in events] == list(range(1, 81))
        assert sorted(e.summary for e in events) == sorted(
            f"{u}:{n}" for u in units for n in range(40)
        )
    assert version_of(db, game_id) == 80


#: How long a test waits for a notification: generous, for a loaded two-core machine (a
#: notification that never comes still fails the test, after this long).
NOTIFIED_WITHIN_S = 30


def _polled(watcher: ChangeWatcher, expected: dict[int, int]) -> dict[int, int]:
    """What the watcher reports over polls, until ``expected`` or :data:`NOTIFIED_WITHIN_S`.

    A PostgreSQL notification reaches the listener a moment after the writer's commit returns:
    the server hands it to each listening backend, which sends it when it is next scheduled,
    so on a busy machine a poll made at once may find nothing yet (the app's timer looks again
    a second later); SQLite's ``data_version`` moves at once.
    """
    seen: dict[int, int] = {}
    end = time.monotonic() + NOTIFIED_WITHIN_S
    while seen != expected and time.monotonic() < end:
        seen.update(watcher.poll())
        if seen != expected:
            time.sleep(0.01)  # the next look, as the app's timer (not a wait for a result)
    return seen


def test_the_watcher_reports_changes_made_elsewhere(db_target: DbTarget) -> None:
    from eote_ref.store import create_game

    from .helpers import sides

    db = db_target.open()
    with db.session() as s:
        game_id = create_game(s, "Waterloo", sides(1, 2)).id
        assert game_id is not None
        unit = first_unit(s, s.get(Game, game_id)).id  # type: ignore[arg-type]
    with ChangeWatcher(db.engine) as watcher:
        assert watcher.poll() == {}
        other = db_target.open() if db_target.backend == "postgres" else db
        with other.session() as s:
            apply(s, game_id, "fire", changes=[SetField(GameUnit, unit, "markers.hits", 1)])
            apply(s, game_id, "fire", changes=[SetField(GameUnit, unit, "markers.hits", 2)])
        assert _polled(watcher, {game_id: 2}) == {game_id: 2}
        assert watcher.poll() == {}
        with other.session() as s:
            second = create_game(s, "Ligny", sides(1, 2)).id
            assert second is not None
            apply(s, second, "fire", changes=[SetField("game", second, "turn", 2)])
        assert _polled(watcher, {second: 1}) == {second: 1}


def test_a_commit_made_while_the_watcher_starts_is_reported(
    db_target: DbTarget, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A command committed between the watcher's first reading and its first look is seen.

    The watcher reads the games' versions when it starts; on a loaded machine another copy's
    commit can land right after that reading. It used to start listening (``LISTEN``, or
    ``PRAGMA data_version``'s first value) only then, so that commit moved nothing it would
    look at again: the change went unreported until the next one. Here the commit is made at
    that very moment, from another connection.
    """
    from eote_ref.store import create_game

    from .helpers import sides

    db = db_target.open()
    with db.session() as s:
        game_id = create_game(s, "Waterloo", sides(1, 2)).id
        assert game_id is not None
        unit = first_unit(s, s.get(Game, game_id)).id  # type: ignore[arg-type]
    # another copy: its own connections on a server, the pool's beside the watcher's on a file
    other = db_target.open() if db_target.backend == "postgres" else db
    reading = ChangeWatcher._read_versions
    landed: list[bool] = []

    def read_then_another_commits(watcher: ChangeWatcher, ids: set[int] | None = None) -> Any:
        versions = reading(watcher, ids)
        if not landed:  # the first reading: another copy commits right after it
            landed.append(True)
            with other.session() as s:
                apply(s, game_id, "fire", changes=[SetField(GameUnit, unit, "markers.hits", 1)])
        return versions

    monkeypatch.setattr(ChangeWatcher, "_read_versions", read_then_another_commits)
    with ChangeWatcher(db.engine) as watcher:
        assert landed
        assert _polled(watcher, {game_id: 1}) == {game_id: 1}


def test_many_watching_windows_leave_the_pool_to_the_commands(db: Database, game: Game) -> None:
    """Each open window watches the file; twenty of them must not starve a command.

    The engine's pool holds 5 (+10 overflow) connections: watchers that kept one each made
    the next command wait 30 s and fail.
    """
    assert game.id is not None
    with db.session() as s:
        unit = first_unit(s, game).id
    watchers = [ChangeWatcher(db.engine) for _ in range(20)]
    try:
        for w in watchers:
            assert w.poll() == {}
        started = time.monotonic()
        with db.session() as s:
            apply(s, game.id, "fire", changes=[SetField(GameUnit, unit, "markers.hits", 1)])
        # Starved, the command would wait for the pool's 30 s timeout and fail; under it
        # whatever the machine's load.
        assert time.monotonic() - started < 25
        # Each window is told, on PostgreSQL a moment after the commit (not at the first look).
        for w in watchers:
            assert _polled(w, {game.id: 1}) == {game.id: 1}
    finally:
        for w in watchers:
            w.close()


def _connections_to(target: DbTarget) -> int:
    """The connections open on ``target`` (this process's file handles, the server's sessions)."""
    if target.path is not None:
        fds = pathlib.Path("/proc/self/fd")
        return sum(1 for fd in fds.iterdir() if os.path.realpath(fd) == str(target.path))
    assert target.url is not None
    with admin_engine().connect() as connection:
        found = connection.execute(
            text("SELECT count(*) FROM pg_stat_activity WHERE datname = :d"),
            {"d": make_url(target.url).database},
        )
        return int(found.scalar_one())


@pytest.mark.skipif(not pathlib.Path("/proc/self/fd").is_dir(), reason="reads /proc")
def test_a_watcher_whose_first_reading_fails_leaves_no_connection_open(
    empty_db_target: DbTarget,
) -> None:
    """A database without the games' table: the watcher fails, and its connection is closed.

    It listens (or opens its own connection to the file) before it reads the versions; the
    reading's failure used to leave that connection open.
    """
    engine = empty_db_target.engine()
    if empty_db_target.path is not None:
        sqlite3.connect(empty_db_target.path).close()  # an empty file
    try:
        with pytest.raises(DBAPIError) as failed:
            ChangeWatcher(engine)
        engine.dispose()  # the pool's connections closed: the watcher's own are left
        assert failed.traceback  # the watcher's frame still held, its connections with it
        # A server's process ends a moment after its client closes: looked at until it has
        # (a connection left open never ends, and the test fails after the wait).
        deadline = time.monotonic() + 30
        while _connections_to(empty_db_target) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _connections_to(empty_db_target) == 0
    finally:
        engine.dispose()


def test_a_failing_close_neither_hides_the_start_s_error_nor_leaves_the_listener_open(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The watcher's start fails; closing its first connection fails too.

    The start's error is the one raised, and the second connection (on a server, the LISTEN
    one) is closed all the same. The failing close is a real one: an ``sqlite3`` connection
    used from a thread other than its own refuses to close.
    """
    foreign: list[sqlite3.Connection] = []
    made = threading.Thread(target=lambda: foreign.append(sqlite3.connect(":memory:")))
    made.start()
    made.join()
    listener = sqlite3.connect(":memory:")

    def fails(watcher: ChangeWatcher, ids: set[int] | None = None) -> Any:
        for opened in (watcher._connection, watcher._listener):  # its own, put aside
            if opened is not None:
                opened.close()
        watcher._connection = foreign[0]
        watcher._listener = listener
        raise RuntimeError("the first reading failed")

    monkeypatch.setattr(ChangeWatcher, "_read_versions", fails)
    with pytest.raises(RuntimeError, match="the first reading failed"):
        ChangeWatcher(db.engine)
    with pytest.raises(sqlite3.ProgrammingError, match="closed database"):
        listener.execute("SELECT 1")
