"""The battle summary: final-state losses per side and hits per turn from the journal."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator

import pytest

from eote_ref.referee.game import GameService
from eote_ref.referee.setup import NewGame, create_new_game, shipped_army_lists
from eote_ref.referee.summary import CARRIED_LOSSES_KIND, battle_summary
from eote_ref.store import Database, SetField, open_database

LISTS = {p.name: p for p in shipped_army_lists()}


@pytest.fixture
def db(tmp_path: pathlib.Path) -> Iterator[Database]:
    database = open_database(tmp_path / "s.sqlite")
    yield database
    database.close()


@pytest.fixture
def game(db: Database) -> GameService:
    spec = NewGame(
        "Ligny",
        {
            "Prussians": [LISTS["waterloo-1815-prussian.yaml"]],
            "French": [LISTS["waterloo-1815-french.yaml"]],
        },
    )
    return GameService(db, create_new_game(db, spec))


def _next_turn(game: GameService) -> None:
    start = game.view().turn
    while game.view().turn == start:
        game.advance_phase()


def test_a_fresh_game_has_no_losses(game: GameService) -> None:
    s = battle_summary(game)
    assert s.turns_played == 1
    assert s.losses_per_turn == {}
    assert [side.name for side in s.sides] == ["Prussians", "French"]
    v = game.view()
    assert [side.units_total for side in s.sides] == [len(side.units) for side in v.sides]
    for side in s.sides:
        assert (side.hits_taken, side.units_routed, side.leaders_killed) == (0, 0, 0)


def test_hand_worked_battle(game: GameService) -> None:
    v = game.view()
    p1, p2 = v.sides[0].units[0], v.sides[0].units[1]
    f1 = v.sides[1].units[0]
    # turn 1: Prussian unit takes 2 then 1 more; French unit takes 3
    game.set_unit(p1.id, "hits", 2)
    game.set_unit(p1.id, "hits", 3)
    game.set_unit(f1.id, "hits", 3)
    _next_turn(game)
    # turn 2: the French unit rallies (3 -> 2, not a loss), a second Prussian takes 4 and routs
    game.set_unit(f1.id, "hits", 2)
    game.set_unit(p2.id, "hits", 4)
    game.set_unit(p2.id, "routed", True)
    # an undone hit does not count
    game.set_unit(f1.id, "hits", 6)
    game.undo()
    div = v.sides[1].divisions[0]
    game.set_division(div.id, "routed", True)
    game.set_division(v.sides[1].divisions[1].id, "falling_back", True)
    assert div.leader is not None
    game.record("leader", "killed", [SetField("game_leader", div.leader.id, "killed", True)])
    game.set_unit(v.sides[0].units[2].id, "off_table", True)

    s = battle_summary(game)
    assert s.turns_played == 2
    assert s.losses_per_turn == {1: {0: 3, 1: 3}, 2: {0: 4}}
    prussians, french = s.sides
    assert (prussians.hits_taken, prussians.units_routed, prussians.units_removed) == (7, 1, 1)
    assert (french.hits_taken, french.divisions_broken, french.divisions_falling_back) == (3, 1, 1)
    assert (french.leaders_killed, prussians.leaders_killed) == (1, 0)
    data = s.to_json()
    assert data["losses_per_turn"] == {"1": {"0": 3, "1": 3}, "2": {"0": 4}}
    assert data["sides"][0]["hits_taken"] == 7


def test_carried_hits_are_not_losses_of_this_battle(game: GameService) -> None:
    unit = game.view().sides[0].units[0]
    game.record(CARRIED_LOSSES_KIND, "carried", [SetField("game_unit", unit.id, "hits", 2)])
    game.set_unit(unit.id, "hits", 3)
    s = battle_summary(game)
    assert s.sides[0].hits_taken == 1
    assert s.losses_per_turn == {1: {0: 1}}
