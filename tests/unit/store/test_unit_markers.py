"""EotE's unit state as markers (issue 26): migration 0011 from the 0010 schema, and the one path.

A game written at 0010 keeps its units' state in twenty columns and its journal names them
(``hits``); after 0011 the state is each unit's ``markers`` (only what differs from the
defaults) and the journal's steps written before still undo and redo, across the upgrade.
"""

from __future__ import annotations

import datetime
import json
from typing import Any

import sqlalchemy as sa
from alembic import command
from sqlalchemy import inspect, text
from sqlmodel import Session, select

from eote_ref.packs.eote.markers import UNIT_DEFAULTS, UNIT_MARKERS
from eote_ref.store import (
    Game,
    GameUnit,
    SetField,
    apply,
    create_game,
    load_game,
    redo,
    snapshot,
    undo,
)
from eote_ref.store.migrate import alembic_config
from eote_ref.store.models import JournalChange
from tests.backends import DbTarget

from .helpers import sides

#: The state columns of game_unit at 0010, with their defaults (copied: the test keeps
#: testing 0010's schema whatever the app's declaration becomes).
_STATE_0010: dict[str, Any] = {
    "hits": 0,
    "disordered": False,
    "blown": 0,
    "routed": False,
    "off_table": False,
    "formation": None,
    "limbered": False,
    "guns_abandoned": False,
    "skirmishers_out": False,
    "skirmish_hits": 0,
    "rallied_once": False,
    "pinned": False,
    "out_of_command": False,
    "changed_formation": False,
    "fought_this_turn": False,
    "routed_this_turn": False,
    "routed_by_morale": False,
    "disintegrated": False,
    "fought_while_blown": False,
    "fought_last_turn": False,
}

_AT = datetime.datetime(1815, 6, 18, tzinfo=datetime.UTC)


def test_the_declaration_names_every_state_column_of_0010_with_its_default() -> None:
    assert UNIT_DEFAULTS == _STATE_0010
    assert len({m.name for m in UNIT_MARKERS}) == len(UNIT_MARKERS)


def _sql(value: Any) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return "'" + str(value).replace("'", "''") + "'"


def _unit_0010(uid: int, command_id: int, name: str, code: str, **state: Any) -> dict[str, Any]:
    """A whole game_unit row as 0010's journal holds it (every column, JSON values)."""
    row: dict[str, Any] = {
        "id": uid,
        "game_id": 1,
        "command_id": command_id,
        "position": uid,
        "name": name,
        "arm": "cavalry" if name.endswith("Hussars") else "infantry",
        "type": "light" if name.endswith("Hussars") else "line",
        "nation": "french",
        "ce": 6,
        "stands": 4,
        "skirmish": "none",
        "weight": None,
        "howitzers": 0,
        "brigade": None,
        "notes": None,
    }
    row |= dict(_STATE_0010)
    row |= {"attached_leader_id": None, "code": code, "markers": {}}
    row |= state
    return row


def _insert_unit(c: Any, row: dict[str, Any]) -> None:
    columns = [k for k in row if k != "markers"]
    values = ", ".join(_sql(row[k]) for k in columns)
    c.execute(
        text(f"INSERT INTO game_unit ({', '.join(columns)}, markers) VALUES ({values}, '{{}}')")
    )


def _data(c: Any, raw: Any) -> Any:
    """A JSON column read by plain SQL: SQLite hands back its text, PostgreSQL the data."""
    return json.loads(raw) if c.dialect.name == "sqlite" and isinstance(raw, str) else raw


def _sequences_past_the_rows(c: Any) -> None:
    """On PostgreSQL, rows inserted with their ids leave the id sequences behind: move them."""
    if c.dialect.name != "postgresql":
        return
    for table in ("game", "game_side", "game_command", "game_unit", "game_link", "journal_event"):
        c.execute(
            text(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                f" (SELECT COALESCE(MAX(id), 1) FROM {table}))"
            )
        )


def _event(c: Any, eid: int, status: str, changes: list[dict[str, Any]]) -> None:
    c.execute(
        text(
            "INSERT INTO journal_event (id, game_id, seq, kind, status, turn, phase, summary,"
            " inputs, rolls, outcome, created_at) VALUES (:id, 1, :id, 'marker', :status, 1,"
            " 'movement', :summary, '{}', '[]', '{}', :at)"
        ),
        {"id": eid, "status": status, "summary": f"step {eid}", "at": _AT},
    )
    for pos, ch in enumerate(changes):
        c.execute(
            _CHANGE.insert().values(
                event_id=eid,
                position=pos,
                op=ch["op"],
                entity="game_unit",
                row_id=ch["row_id"],
                field=ch.get("field"),
                before=ch.get("before"),
                after=ch.get("after"),
            )
        )


#: journal_change as 0010 has it (JSON values bound as JSON on every back end).
_CHANGE = sa.table(
    "journal_change",
    *(sa.column(n) for n in ("event_id", "position", "op", "entity", "row_id", "field")),
    sa.column("before", sa.JSON(none_as_null=True)),
    sa.column("after", sa.JSON(none_as_null=True)),
)


def _game_at_0010(target: DbTarget) -> dict[str, Any]:
    """A game written by 0010: three units, a link, and four journal steps (the last undone)."""
    engine = target.engine()
    late = _unit_0010(3, 2, "4e Hussars", "F3", blown=1, fought_this_turn=True)
    try:
        with engine.begin() as c:
            command.upgrade(alembic_config(connection=c), "0010")
            c.execute(
                text(
                    "INSERT INTO game (id, name, created_at, ruleset, ruleset_version, options,"
                    " turn, phase, figure_scale, initiative) VALUES (1, 'Ligny', :at, 'eote-6.2',"
                    " '', '{}', 1, 'movement', '15mm', 0)"
                ),
                {"at": _AT},
            )
            c.execute(
                text(
                    "INSERT INTO game_side (id, game_id, position, name, army_lists) VALUES"
                    " (1, 1, 0, 'French', '[]'), (2, 1, 1, 'Prussians', '[]')"
                )
            )
            c.execute(
                text(
                    "INSERT INTO game_command (id, game_id, side_id, parent_id, position, name,"
                    " level, falling_back, routed, objective_lost, in_town) VALUES"
                    " (1, 1, 1, NULL, 0, 'Army', 'army', false, false, false, false),"
                    " (2, 1, 1, 1, 0, 'Girard', 'division', false, false, false, false)"
                )
            )
            # The state as the journal's steps left it: 1/82e was hit twice then rallied back
            # to no hits (still disordered); 2/82e in line; the hussars arrived late (step 3).
            _insert_unit(c, _unit_0010(1, 2, "1/82e", "F1", disordered=True, formation="line"))
            _insert_unit(c, _unit_0010(2, 2, "2/82e", "F2", formation="line", pinned=True))
            _insert_unit(c, late)
            c.execute(
                text(
                    "INSERT INTO game_link (id, game_id, kind, turn, unit_id, other_id, data)"
                    " VALUES (1, 1, 'charge', 1, 1, 2, '{}')"
                )
            )
            _event(
                c,
                1,
                "done",
                [
                    {"op": "update", "row_id": 1, "field": "hits", "before": 0, "after": 2},
                    {
                        "op": "update",
                        "row_id": 1,
                        "field": "disordered",
                        "before": False,
                        "after": True,
                    },
                ],
            )
            _event(
                c,
                2,
                "done",
                [{"op": "update", "row_id": 1, "field": "hits", "before": 2, "after": 0}],
            )
            _event(c, 3, "done", [{"op": "insert", "row_id": 3, "after": late}])
            _event(
                c,
                4,
                "undone",
                [
                    {
                        "op": "update",
                        "row_id": 2,
                        "field": "formation",
                        "before": "line",
                        "after": "square",
                    }
                ],
            )
            _sequences_past_the_rows(c)
    finally:
        engine.dispose()
    return late


def _markers(s: Session) -> dict[int, dict[str, Any]]:
    s.expire_all()
    return {u.id or 0: dict(u.markers) for u in load_game(s, 1).units}


def test_migration_0011_moves_the_state_into_markers_and_the_journal_with_it(
    empty_db_target: DbTarget,
) -> None:
    _game_at_0010(empty_db_target)
    with empty_db_target.open() as db, db.session() as s:
        assert db.upgraded_from == "0010"
        columns = {c["name"] for c in inspect(s.get_bind()).get_columns("game_unit")}
        assert not columns & set(_STATE_0010)
        assert {"attached_leader_id", "markers", "code"} <= columns
        # Only what differs from the defaults; booleans and counts as JSON's own.
        assert _markers(s) == {
            1: {"disordered": True, "formation": "line"},
            2: {"formation": "line", "pinned": True},
            3: {"blown": 1, "fought_this_turn": True},
        }
        rows = {u.id: u for u in load_game(s, 1).units}
        assert (rows[1].hits, rows[1].disordered, rows[2].pinned, rows[3].blown) == (
            0,
            True,
            True,
            1,
        )
        # Dropping the columns in place kept the units' links (no table rebuilt, no cascade).
        assert s.execute(text("SELECT COUNT(*) FROM game_link")).scalar() == 1
        changes = s.exec(select(JournalChange).order_by(JournalChange.id)).all()
        assert [(c.field, c.before, c.after) for c in changes if c.op == "update"] == [
            ("markers.hits", None, 2),
            ("markers.disordered", None, True),
            ("markers.hits", 2, None),
            ("markers.formation", "line", "square"),
        ]
        inserted = next(c.after for c in changes if c.op == "insert")
        assert not set(inserted) & set(_STATE_0010)
        assert inserted["markers"] == {"blown": 1, "fought_this_turn": True}
        after_upgrade = snapshot(s, 1)

        # Undo the three done steps written before the upgrade: the late unit goes, 1/82e is
        # back to no markers but its formation.
        undo(s, 1, 3)
        assert _markers(s) == {1: {"formation": "line"}, 2: {"formation": "line", "pinned": True}}
        # Redo them and the step undone before the upgrade: 2/82e forms square.
        redo(s, 1, 4)
        assert _markers(s)[2] == {"formation": "square", "pinned": True}
        undo(s, 1)
        assert snapshot(s, 1) == after_upgrade
        # A new step writes the same keys the migrated journal names, and undoes.
        apply(s, 1, "hit", changes=[SetField(GameUnit, 2, "markers.hits", 1)])
        assert _markers(s)[2] == {"formation": "line", "pinned": True, "hits": 1}
        undo(s, 1)
        assert snapshot(s, 1) == after_upgrade


def test_migration_0011_goes_back_down_to_the_columns(empty_db_target: DbTarget) -> None:
    _game_at_0010(empty_db_target)
    with empty_db_target.open() as db:
        assert db.upgraded_from == "0010"
    engine = empty_db_target.engine()
    try:
        with engine.begin() as c:
            command.downgrade(alembic_config(connection=c), "0010")
            units = c.execute(
                text(
                    "SELECT id, hits, disordered, blown, formation, pinned, markers"
                    " FROM game_unit ORDER BY id"
                )
            ).all()
            assert [(u[0], u[1], bool(u[2]), u[3], u[4], bool(u[5])) for u in units] == [
                (1, 0, True, 0, "line", False),
                (2, 0, False, 0, "line", True),
                (3, 0, False, 1, None, False),
            ]
            assert all(_data(c, u[6]) == {} for u in units)
            fields = c.execute(
                text(
                    "SELECT field, before, after FROM journal_change"
                    " WHERE op = 'update' ORDER BY id"
                )
            ).all()
            assert [f[0] for f in fields] == ["hits", "disordered", "hits", "formation"]
            assert [_data(c, f[2]) for f in fields] == [
                2,
                True,
                0,
                "square",
            ]
    finally:
        engine.dispose()


def test_a_new_game_starts_with_only_its_formations_as_markers(session: Session) -> None:
    game = create_game(session, "Ligny", sides(divisions=1, units=3))
    units = load_game(session, game.id or 0).units
    for u in units:
        assert set(u.markers) <= {"formation", "limbered"}
        assert u.hits == 0
        assert not u.disordered
        if u.formation == "limbered":
            assert u.markers["limbered"] is True


def test_the_row_reads_its_markers_with_the_declared_defaults(session: Session, game: Game) -> None:
    unit = session.exec(select(GameUnit).where(GameUnit.game_id == game.id)).first()
    assert unit is not None
    assert unit.id is not None
    apply(session, game.id or 0, "hit", changes=[SetField(GameUnit, unit.id, "markers.hits", 3)])
    session.expire_all()
    again = session.get(GameUnit, unit.id)
    assert again is not None
    assert (again.hits, again.blown, again.routed) == (3, 0, False)
