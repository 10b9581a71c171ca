"""Hypothesis: any commands, undone, restore the start exactly; redone, reproduce the end."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import Session

from eote_ref.store import (
    Database,
    DeleteRow,
    InsertRow,
    NewRow,
    SetField,
    apply,
    create_game,
    redo,
    snapshot,
    undo,
)
from eote_ref.store.journal import Change
from tests.budget import budget

from .helpers import sides

# Text columns hold any character but NUL (refused by the journal; PostgreSQL cannot store it).
names = st.text(st.characters(codec="utf-8", exclude_characters="\x00"), max_size=8)
optional_names = st.none() | names
small = st.integers(0, 12)

FIELDS: dict[str, dict[str, st.SearchStrategy[Any]]] = {
    "game": {
        "turn": st.integers(1, 30),
        "phase": names,
        "initiative": st.none() | st.integers(0, 1),
        "options": st.dictionaries(names, st.integers() | st.booleans(), max_size=3),
        "notes": optional_names,
    },
    "game_side": {"name": names, "army_lists": st.lists(names, max_size=3)},
    "game_command": {
        "current_order": optional_names,
        "pending_order": optional_names,
        "pending_order_turns": st.none() | small,
        "falling_back": st.booleans(),
        "routed": st.booleans(),
        "objective_lost": st.booleans(),
        "in_town": st.booleans(),
    },
    "game_leader": {
        "killed": st.booleans(),
        "no_rally_next_turn": st.booleans(),
        "replacement_due_turn": st.none() | small,
        "rating": st.integers(-1, 4),
    },
    "game_unit": {
        "markers.hits": small,
        "ce": small,
        "markers.disordered": st.booleans(),
        "markers.blown": st.integers(0, 3),
        "markers.routed": st.booleans(),
        "markers.off_table": st.booleans(),
        "markers.formation": st.sampled_from([None, "line", "column", "square", "skirmish"]),
        "markers.limbered": st.booleans(),
        "markers.guns_abandoned": st.booleans(),
        "markers.skirmishers_out": st.booleans(),
        "markers.rallied_once": st.booleans(),
        "markers.pinned": st.booleans(),
        "markers.out_of_command": st.booleans(),
        "markers.fought_this_turn": st.booleans(),
    },
}

set_intents = st.sampled_from(sorted(FIELDS)).flatmap(
    lambda table: st.sampled_from(sorted(FIELDS[table])).flatmap(
        lambda field: st.tuples(
            st.just("set"), st.just(table), st.integers(0, 99), st.just(field), FIELDS[table][field]
        )
    )
)
intents = st.one_of(
    set_intents,
    st.tuples(st.just("new-leader"), st.integers(0, 99), names, st.booleans()),
    st.tuples(st.just("drop-leader"), st.integers(0, 99)),
    st.tuples(st.just("attach"), st.integers(0, 99), st.integers(0, 99)),
    st.tuples(st.just("new-unit"), st.integers(0, 99), names),
    st.tuples(st.just("drop-unit"), st.integers(0, 99)),
)
commands = st.lists(st.lists(intents, min_size=1, max_size=4), min_size=1, max_size=12)


def resolve(state: dict[str, list[dict[str, Any]]], intents: list[Any]) -> list[Change]:
    """Turn abstract intents into concrete changes valid against ``state``."""
    rows = {table: [dict(r) for r in state[table]] for table in state}
    changes: list[Change] = []
    commands = [r["id"] for r in rows["game_command"]]
    for n, intent in enumerate(intents):
        kind = intent[0]
        if kind == "set":
            _, table, pick, field, value = intent
            if rows[table]:
                row = rows[table][pick % len(rows[table])]
                changes.append(SetField(table, row["id"], field, value))
                row[field] = value
        elif kind == "new-leader":
            _, pick, name, attach = intent
            ref = f"leader{n}"
            changes.append(
                InsertRow(
                    "game_leader",
                    {
                        "command_id": commands[pick % len(commands)],
                        "name": name,
                        "level": "division",
                        "rating": 0,
                        "replacement": True,
                    },
                    ref=ref,
                )
            )
            if attach and rows["game_unit"]:
                changes.append(
                    SetField(
                        "game_unit", rows["game_unit"][0]["id"], "attached_leader_id", NewRow(ref)
                    )
                )
        elif kind == "drop-leader" and rows["game_leader"]:
            leader = rows["game_leader"].pop(intent[1] % len(rows["game_leader"]))
            for unit in rows["game_unit"]:
                if unit["attached_leader_id"] == leader["id"]:
                    changes.append(SetField("game_unit", unit["id"], "attached_leader_id", None))
                    unit["attached_leader_id"] = None
            changes.append(DeleteRow("game_leader", leader["id"]))
        elif kind == "attach" and rows["game_unit"] and rows["game_leader"]:
            unit = rows["game_unit"][intent[1] % len(rows["game_unit"])]
            leader = rows["game_leader"][intent[2] % len(rows["game_leader"])]
            changes.append(SetField("game_unit", unit["id"], "attached_leader_id", leader["id"]))
            unit["attached_leader_id"] = leader["id"]
        elif kind == "new-unit":
            values = {
                "command_id": commands[intent[1] % len(commands)],
                "name": intent[2],
                "arm": "infantry",
                "type": "line",
                "nation": "french",
                "ce": 5,
                "stands": 4,
            }
            changes.append(InsertRow("game_unit", values))
        elif kind == "drop-unit" and rows["game_unit"]:
            unit = rows["game_unit"].pop(intent[1] % len(rows["game_unit"]))
            changes.append(DeleteRow("game_unit", unit["id"]))
    return changes


def new_game(session: Session) -> int:
    game = create_game(session, "property", sides(2, 2), phase="initiative")
    assert game.id is not None
    return game.id


SETTINGS = settings(
    max_examples=budget(10, 40),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@SETTINGS
@given(commands=commands)
def test_undo_all_restores_start_and_redo_all_reproduces_end(
    db: Database, commands: list[list[Any]]
) -> None:
    with db.session() as session:
        game_id = new_game(session)  # a fresh game per example, in the test's own file
        start = snapshot(session, game_id)
        for intents in commands:
            apply(session, game_id, "random", changes=resolve(snapshot(session, game_id), intents))
        end = snapshot(session, game_id)
        undo(session, game_id, len(commands))
        assert snapshot(session, game_id) == start
        redo(session, game_id, len(commands))
        assert snapshot(session, game_id) == end


steps = st.lists(
    st.one_of(
        st.tuples(st.just("apply"), st.lists(intents, min_size=1, max_size=3)),
        st.tuples(st.just("undo"), st.integers(1, 3)),
        st.tuples(st.just("redo"), st.integers(1, 3)),
    ),
    min_size=1,
    max_size=20,
)


@SETTINGS
@given(steps=steps)
def test_any_mix_of_apply_undo_redo_follows_the_snapshot_model(
    db: Database, steps: list[tuple[str, Any]]
) -> None:
    with db.session() as session:
        game_id = new_game(session)
        done = [snapshot(session, game_id)]  # states reachable by undo, current last
        undone: list[dict[str, Any]] = []  # states reachable by redo, next last
        for kind, arg in steps:
            if kind == "apply":
                apply(session, game_id, "random", changes=resolve(done[-1], arg))
                done.append(snapshot(session, game_id))
                undone.clear()
            elif kind == "undo" and arg < len(done):
                undo(session, game_id, arg)
                for _ in range(arg):
                    undone.append(done.pop())
            elif kind == "redo" and arg <= len(undone):
                redo(session, game_id, arg)
                for _ in range(arg):
                    done.append(undone.pop())
            assert snapshot(session, game_id) == done[-1]
