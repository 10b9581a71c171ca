"""Subprocess for the crash test: applies, undoes and redoes random commands until killed."""

from __future__ import annotations

import contextlib
import random
import sys

from eote_ref.store import (
    DeleteRow,
    GameUnit,
    InsertRow,
    NewRow,
    NothingToRedoError,
    NothingToUndoError,
    SetField,
    apply,
    open_database,
    redo,
    snapshot,
    undo,
)
from eote_ref.store.journal import Change


def main(target: str, game_id: int, seed: int) -> None:
    """``target``: an SQLite file, or a database URL (the PostgreSQL run)."""
    rng = random.Random(seed)
    db = open_database(url=target) if "://" in target else open_database(target)
    # "ready" once the first command is written: a worker killed later has applied at least
    # one (a busy machine may take longer than the test's pause to make the engine and
    # compile the first statements, and a test whose workers wrote nothing proves nothing).
    ready = False
    with db.session() as session:
        while True:
            roll = rng.random()
            if roll < 0.15:
                with contextlib.suppress(NothingToUndoError):
                    undo(session, game_id, rng.randint(1, 3))
                continue
            if roll < 0.25:
                with contextlib.suppress(NothingToRedoError):
                    redo(session, game_id, rng.randint(1, 2))
                continue
            state = snapshot(session, game_id)
            units = state["game_unit"]
            changes: list[Change] = [
                SetField(GameUnit, rng.choice(units)["id"], "ce", rng.randint(0, 9))
                for _ in range(rng.randint(1, 4))
            ]
            changes.append(SetField("game", game_id, "turn", rng.randint(1, 20)))
            if roll < 0.4:
                unit = rng.choice(units)
                changes.append(
                    InsertRow(
                        "game_leader",
                        {
                            "command_id": unit["command_id"],
                            "name": "Replacement",
                            "level": "division",
                            "rating": 0,
                            "replacement": True,
                        },
                        ref="new",
                    )
                )
                changes.append(SetField(GameUnit, unit["id"], "attached_leader_id", NewRow("new")))
            elif roll < 0.5:
                attached = {u["attached_leader_id"] for u in units}
                spare = [
                    r for r in state["game_leader"] if r["replacement"] and r["id"] not in attached
                ]
                if spare:
                    changes.append(DeleteRow("game_leader", rng.choice(spare)["id"]))
            apply(session, game_id, "random", changes=changes, inputs={"roll": roll})
            if not ready:
                ready = True
                sys.stdout.write("ready\n")
                sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
