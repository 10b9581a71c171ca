"""Unit codes: given at set-up through the order of battle, to late units, and by migration 0009."""

from __future__ import annotations

from alembic import command
from sqlalchemy import text
from sqlmodel import Session, col, select

from eote_ref.store import GameUnit, create_game, load_game
from eote_ref.store.migrate import alembic_config
from eote_ref.store.models import GameCommand
from eote_ref.store.unit_codes import next_unit_code, side_letters, split_code
from tests.backends import DbTarget

from .helpers import insert_ligny, sides


def test_side_letters_are_the_names_initials_unless_they_clash() -> None:
    assert side_letters(["French", "Allies"]) == ["F", "A"]
    assert side_letters(["Français", "Anglo-Allied", "Prussians"]) == ["F", "A", "P"]
    assert side_letters(["French", "Frankfurt"]) == ["A", "B"]
    assert side_letters(["1st side", "?"]) == ["A", "B"]


def test_split_code() -> None:
    assert split_code("f12") == ("F", 12)
    assert split_code(" B7 ") == ("B", 7)
    assert split_code("12") is None
    assert split_code("1/54e") is None


def test_a_new_game_numbers_each_side_through_its_order_of_battle(session: Session) -> None:
    game = create_game(session, "Ligny", sides(divisions=2, units=3))
    state = load_game(session, game.id or 0)
    commands = {c.id: c for c in state.commands}
    by_side: dict[int, list[GameUnit]] = {}
    for u in state.units:
        by_side.setdefault(commands[u.command_id].side_id, []).append(u)
    french, allies = (by_side[s.id or 0] for s in state.sides)
    # The first division's units first, by position: 1, 2, 3; then the second's: 4, 5, 6.
    by_code = {u.code: (commands[u.command_id].name, u.position) for u in french}
    assert by_code == {
        "F1": ("Armé1", 0),
        "F2": ("Armé1", 1),
        "F3": ("Armé1", 2),
        "F4": ("Armé2", 0),
        "F5": ("Armé2", 1),
        "F6": ("Armé2", 2),
    }
    assert sorted(u.code or "" for u in allies) == ["A1", "A2", "A3", "A4", "A5", "A6"]


def test_a_late_unit_gets_the_next_number_of_its_side(session: Session) -> None:
    game = create_game(session, "Ligny", sides(divisions=2, units=3))
    assert game.id is not None
    division = session.exec(
        select(GameCommand)
        .where(GameCommand.game_id == game.id, GameCommand.level == "division")
        .order_by(col(GameCommand.id).desc())
    ).first()
    assert division is not None
    assert division.id is not None
    assert next_unit_code(session, game.id, division.id) == "A7"


#: The counted state columns of game_unit at 0008 (the others are booleans).
_COUNTS = frozenset({"hits", "blown", "skirmish_hits"})

#: The state columns of game_unit at 0008 (all NOT NULL, no server default): a fixed list,
#: so the test keeps writing 0008's schema after 0011 moved them into ``markers``.
_STATE = [
    "hits",
    "disordered",
    "blown",
    "routed",
    "off_table",
    "limbered",
    "guns_abandoned",
    "skirmishers_out",
    "skirmish_hits",
    "rallied_once",
    "pinned",
    "out_of_command",
    "changed_formation",
    "fought_this_turn",
    "routed_this_turn",
    "routed_by_morale",
    "disintegrated",
    "fought_while_blown",
    "fought_last_turn",
]


def test_migration_0009_gives_codes_to_the_games_made_before(empty_db_target: DbTarget) -> None:
    engine = empty_db_target.engine()
    try:
        with engine.begin() as c:
            command.upgrade(alembic_config(connection=c), "0008")
            insert_ligny(c, "(1, 1, 0, 'Prussians', '[]'), (2, 1, 1, 'Prussia''s allies', '[]')")
            # Inserted out of order: the second division (position 1) has the lower id.
            c.execute(
                text(
                    "INSERT INTO game_command (id, game_id, side_id, parent_id, position, name,"
                    " level, falling_back, routed, objective_lost, in_town) VALUES"
                    " (1, 1, 1, NULL, 0, 'Army', 'army', false, false, false, false),"
                    " (2, 1, 1, 1, 1, 'Second', 'division', false, false, false, false),"
                    " (3, 1, 1, 1, 0, 'First', 'division', false, false, false, false),"
                    " (4, 1, 2, NULL, 0, 'Other', 'division', false, false, false, false)"
                )
            )
            # Booleans as false, counts as 0: PostgreSQL takes no integer for a boolean.
            zeros = ", ".join("0" if n in _COUNTS else "false" for n in _STATE)
            values = ", ".join(
                f"({uid}, 1, {cmd}, {pos}, '{name}', 'infantry', 'line', 'x', 5, 4, 'none', 0,"
                f" {zeros})"
                for uid, cmd, pos, name in [
                    (1, 2, 0, "second-a"),
                    (2, 3, 1, "first-b"),
                    (3, 3, 0, "first-a"),
                    (4, 4, 0, "other-a"),
                ]
            )
            c.execute(
                text(
                    "INSERT INTO game_unit (id, game_id, command_id, position, name, arm, type,"
                    f" nation, ce, stands, skirmish, howitzers, {', '.join(_STATE)}) VALUES "
                    + values
                )
            )
    finally:
        engine.dispose()
    with empty_db_target.open() as db, db.session() as s:
        assert db.upgraded_from == "0008"
        codes = {u.name: u.code for u in load_game(s, 1).units}
    # Both sides start with P: letters by position instead.
    assert codes == {"first-a": "A1", "first-b": "A2", "second-a": "A3", "other-a": "B1"}
