"""Undoing the latest step costs the same on a journal of 300 steps as on one of 6,000.

The work is counted in SQLite virtual-machine steps (a progress handler on every connection),
not in milliseconds: the count does not depend on the machine's load, and a query that reads
the whole journal shows up as growing with it. ``make bench`` times the same at 50,000 steps.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import event, insert
from sqlmodel import col, select

from eote_ref.referee.game import GameService
from eote_ref.store import Database, GameUnit, JournalEvent, create_game, open_database

from .helpers import sides


class StepCounter:
    """Counts SQLite VM steps (in hundreds) on every statement an engine runs."""

    def __init__(self, db: Database) -> None:
        self.steps = 0
        event.listen(db.engine, "before_cursor_execute", self._hook)

    def _hook(self, conn: Any, *_args: Any) -> None:
        raw = conn.connection.driver_connection
        raw.set_progress_handler(self._tick, 100)

    def _tick(self) -> int:
        self.steps += 1
        return 0

    def count(self, fn: Callable[[], object]) -> int:
        self.steps = 0
        fn()
        return self.steps


def _journal(db: Database, game_id: int, unit_id: int, events: int) -> None:
    """``events`` fire steps in bulk (as scripts/bench.py builds them), then two real ones."""
    with db.session() as s:
        s.execute(
            insert(JournalEvent),
            [
                {
                    "game_id": game_id,
                    "seq": i + 1,
                    "kind": "fire",
                    "status": "done",
                    "turn": 1,
                    "phase": "fire",
                    "summary": "volley",
                    "inputs": {},
                    "rolls": [3],
                    "outcome": {},
                }
                for i in range(events)
            ],
        )
        s.commit()
    game = GameService(db, game_id)
    game.adjust_unit(unit_id, "hits", 1)
    game.adjust_unit(unit_id, "hits", 1)


@pytest.fixture
def games(tmp_path: pathlib.Path) -> Iterator[dict[int, tuple[Database, int, int]]]:
    """Two files, each one small game: a journal of 300 steps and one of 6,000."""
    out: dict[int, tuple[Database, int, int]] = {}
    for n in (300, 6000):
        db = open_database(tmp_path / f"j{n}.sqlite")
        with db.session() as s:
            game = create_game(s, "Waterloo", sides())
            assert game.id is not None
            unit = s.exec(select(col(GameUnit.id)).where(GameUnit.game_id == game.id)).first()
            assert unit is not None
            out[n] = (db, game.id, unit)
        _journal(db, out[n][1], unit, n)
    yield out
    for db, _, _ in out.values():
        db.close()


def test_undo_of_the_latest_step_does_not_read_the_whole_journal(
    games: dict[int, tuple[Database, int, int]],
) -> None:
    cost: dict[str, list[int]] = {"undo": [], "undo back to here": [], "redo": []}
    for db, game_id, _unit in games.values():
        game = GameService(db, game_id)
        latest = game.journal(limit=2)
        counter = StepCounter(db)
        cost["undo"].append(counter.count(game.undo))
        cost["redo"].append(counter.count(game.redo))
        # The log's "undo back to here" on the step before the latest: one step undone.
        undone: list[str] = []

        def back_to_here(
            g: GameService = game, seq: int = latest[1].seq, out: list[str] = undone
        ) -> None:
            out.extend(g.undo_to(seq))

        cost["undo back to here"].append(counter.count(back_to_here))
        assert len(undone) == 1
    for what, (small, big) in cost.items():
        # 20 times the journal; the same work give or take the B-tree's extra level.
        assert big < small * 1.5 + 20, f"{what}: {small} -> {big} (hundreds of VM steps)"
