"""Game set-up from plain data or stored rosters, the loads, and the roster tables."""

from __future__ import annotations

import pytest
from sqlalchemy import text
from sqlmodel import Session

from eote_ref.store import (
    CommandSpec,
    DuplicateNameError,
    Game,
    LeaderSpec,
    NotFoundError,
    RosterSpec,
    SetField,
    SideSpec,
    apply,
    create_game,
    create_game_from_rosters,
    delete_game,
    delete_roster,
    divisions,
    get_game,
    list_games,
    list_rosters,
    load_division,
    load_game,
    load_roster,
    save_roster,
)

from .helpers import division, roster, sides


def test_create_game_copies_the_order_of_battle(session: Session) -> None:
    game = create_game(
        session, "Waterloo", sides(2, 3), options={"rout_on": 4}, ruleset_version="6.2.1"
    )
    assert game.id is not None
    state = load_game(session, game.id)
    assert [s.name for s in state.sides] == ["French", "Allies"]
    assert [s.position for s in state.sides] == [0, 1]
    assert state.sides[0].army_lists == ["Armée du Nord"]
    assert len(state.commands) == 2 * (1 + 1 + 2)  # army, corps, two divisions per side
    assert len(state.leaders) == len(state.commands)
    assert len(state.units) == 2 * 2 * 3
    assert state.game.options == {"rout_on": 4}
    assert (state.game.turn, state.game.phase, state.game.ruleset) == (1, "", "eote-6.2")
    by_id = {c.id: c for c in state.commands}
    for unit in state.units:
        assert by_id[unit.command_id].level == "division"
        assert unit.nation == "french"  # the army list's nation fills in
        assert (unit.hits, unit.disordered, unit.attached_leader_id) == (0, False, None)
    corps = next(c for c in state.commands if c.level == "corps")
    assert by_id[corps.parent_id].level == "army"
    battery = next(u for u in state.units if u.arm == "artillery")
    assert (battery.weight, battery.howitzers) == ("medium", 2)
    assert load_game(session, game.id, units=False).units == []


def test_unit_nation_overrides_the_army(session: Session) -> None:
    nassau = division("Nassau", 2, nation="nassau")
    army = CommandSpec("Allies", "army", LeaderSpec("Wellington", 3), commands=(nassau,))
    spec = RosterSpec("Anglo-Allied", "british", 1815, army)
    game = create_game(session, "mixed", [SideSpec("Allies", (spec,))])
    assert {u.nation for u in load_game(session, game.id).units} == {"nassau"}


def test_divisions_and_one_division(session: Session, game: Game) -> None:
    assert game.id is not None
    divs = divisions(session, game.id)
    assert len(divs) == 4
    assert {d.level for d in divs} == {"division"}
    state = load_division(session, divs[0].id)
    assert state.command.id == divs[0].id
    assert [u.position for u in state.units] == [0, 1, 2]
    assert len(state.leaders) == 1
    assert state.leaders[0].level == "division"
    with pytest.raises(NotFoundError):
        load_division(session, 99999)


def test_game_queries_and_delete(session: Session, game: Game) -> None:
    assert game.id is not None
    other = create_game(session, "Ligny", sides(1, 1))
    assert [g.id for g in list_games(session)] == [other.id, game.id]
    unit = load_game(session, game.id).units[0]
    leader = load_game(session, game.id).leaders[0]
    apply(
        session,
        game.id,
        "attach",
        changes=[SetField("game_unit", unit.id, "attached_leader_id", leader.id)],
    )
    delete_game(session, game.id)
    with pytest.raises(NotFoundError):
        get_game(session, game.id)
    for table in ("game_side", "game_command", "game_leader", "game_unit", "journal_event"):
        count = session.execute(
            text(f"SELECT count(*) FROM {table} WHERE game_id = :g"), {"g": game.id}
        )
        assert count.scalar_one() == 0, table
    assert session.execute(text("SELECT count(*) FROM journal_change")).scalar_one() == 0
    assert len(load_game(session, other.id).units) == 2


def test_roster_round_trip(session: Session) -> None:
    spec = roster("Armée du Nord", 3, 4)
    saved = save_roster(session, spec)
    assert saved.id is not None
    assert load_roster(session, "Armée du Nord") == spec
    assert [r.name for r in list_rosters(session)] == ["Armée du Nord"]


def test_duplicate_roster_name_is_refused_unless_replacing(session: Session) -> None:
    save_roster(session, roster("Nord", 1, 2))
    with pytest.raises(DuplicateNameError, match="already stored"):
        save_roster(session, roster("Nord", 2, 2))
    assert load_roster(session, "Nord") == roster("Nord", 1, 2)
    save_roster(session, roster("Nord", 2, 5), replace=True)
    assert load_roster(session, "Nord") == roster("Nord", 2, 5)
    assert session.execute(text("SELECT count(*) FROM roster_unit")).scalar_one() == 10


def test_games_keep_their_copy_when_rosters_change(session: Session) -> None:
    save_roster(session, roster("Nord", 1, 2))
    save_roster(session, roster("Allies", 2, 2))
    game = create_game_from_rosters(
        session, "Waterloo", {"French": ["Nord"], "Allies": ["Allies"]}, phase="set-up"
    )
    assert game.phase == "set-up"
    before = load_game(session, game.id)
    save_roster(session, roster("Nord", 3, 3), replace=True)
    delete_roster(session, "Allies")
    after = load_game(session, game.id)
    assert [u.name for u in after.units] == [u.name for u in before.units]
    assert len(after.units) == 2 + 4
    with pytest.raises(NotFoundError, match="no army list named 'Allies'"):
        load_roster(session, "Allies")
