"""Crash test: SIGKILL a process in the middle of commands; the file stays whole and consistent."""

from __future__ import annotations

import pathlib
import random
import signal
import subprocess
import sys
import time
from typing import Any

import pytest
from sqlalchemy import text
from sqlmodel import Session

from eote_ref.store import create_game, history, snapshot
from eote_ref.store.journal import changes_of
from tests.backends import DbTarget

from .helpers import sides

WORKER = pathlib.Path(__file__).with_name("crash_worker.py")
#: The workers killed, each at a random moment of its commands.
KILLS = 8


def replay(start: dict[str, list[dict[str, Any]]], session: Session, game_id: int) -> Any:
    """The state the journal says the game is in: ``start`` plus every done event, in order."""
    state = {table: {row["id"]: dict(row) for row in rows} for table, rows in start.items()}
    events = history(session, game_id, include_discarded=True)
    done = [e for e in events if e.status == "done"]
    undone = [e for e in events if e.status == "undone"]
    # Undone events always follow the done ones.
    assert not done or not undone or max(e.seq for e in done) < min(e.seq for e in undone)
    for event in done:
        assert event.id is not None
        for change in changes_of(session, event.id):
            rows = state[change.entity]
            if change.op == "update":
                assert rows[change.row_id][change.field] == change.before
                rows[change.row_id][change.field] = change.after
            elif change.op == "insert":
                assert change.row_id not in rows
                rows[change.row_id] = dict(change.after)
            else:
                assert rows.pop(change.row_id) == change.before
    return {table: [rows[i] for i in sorted(rows)] for table, rows in state.items()}, len(events)


@pytest.mark.slow
def test_sigkill_never_leaves_a_half_applied_command(db_target: DbTarget) -> None:
    target = str(db_target.path or db_target.url)
    with db_target.open() as db, db.session() as s:
        game = create_game(s, "Waterloo", sides(3, 6))
        assert game.id is not None
        game_id = game.id
        start = snapshot(s, game_id)
    rng = random.Random(1815)
    # A count of kills, not a time: a busy machine starts each worker slowly, and a deadline
    # cut short on it failed a sound store (fewer kills than asked for).
    events = 0
    for _ in range(KILLS):
        child = subprocess.Popen(
            [sys.executable, str(WORKER), target, str(game_id), str(rng.randrange(10**6))],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.1, 0.8))
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        assert child.returncode == -signal.SIGKILL  # it was still working when killed
        # The killed process's lock does not block, and the database is whole and consistent.
        with db_target.open() as db, db.session() as s:
            if db_target.backend == "sqlite":
                assert s.execute(text("PRAGMA integrity_check")).scalars().all() == ["ok"]
            expected, n = replay(start, s, game_id)
            assert snapshot(s, game_id) == expected
            assert n >= events
            events = n
    # commands really were being applied between kills: each worker wrote one before "ready"
    assert events >= KILLS
