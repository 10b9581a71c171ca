"""The battle summary: final-state losses per side and hits per turn from the journal."""

from __future__ import annotations

import pytest

from eote_ref.referee.game import GameService
from eote_ref.referee.setup import NewGame, create_new_game, shipped_army_lists
from eote_ref.referee.summary import CARRIED_LOSSES_KIND, battle_summary
from eote_ref.store import Database, SetField

LISTS = {p.name: p for p in shipped_army_lists()}


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
    # turn 2: the French unit rallies (3 -> 2: one hit off), a second Prussian takes 4 and routs
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
    assert s.losses_per_turn == {1: {0: 3, 1: 3}, 2: {0: 4, 1: -1}}
    prussians, french = s.sides
    assert (prussians.hits_taken, prussians.units_routed, prussians.units_removed) == (7, 1, 1)
    assert (french.hits_taken, french.divisions_broken, french.divisions_falling_back) == (2, 1, 1)
    assert (french.leaders_killed, prussians.leaders_killed) == (1, 0)
    data = s.to_json()
    assert data["losses_per_turn"] == {"1": {"0": 3, "1": 3}, "2": {"0": 4, "1": -1}}
    assert data["sides"][0]["hits_taken"] == 7


def test_carried_hits_are_not_losses_of_this_battle(game: GameService) -> None:
    unit = game.view().sides[0].units[0]
    game.record(CARRIED_LOSSES_KIND, "carried", [SetField("game_unit", unit.id, "markers.hits", 2)])
    game.set_unit(unit.id, "hits", 3)
    s = battle_summary(game)
    assert s.sides[0].hits_taken == 1
    assert s.losses_per_turn == {1: {0: 1}}


def _hits_now(game: GameService) -> list[int]:
    return [sum(u.hits for u in side.units) for side in game.view().sides]


def _assert_consistent(game: GameService, start: list[int]) -> None:
    """Hits now == hits at the start + taken - rallied off, and the turns add up, per side."""
    s = battle_summary(game)
    now = _hits_now(game)
    for side in s.sides:
        assert side.hits_taken - side.hits_rallied == now[side.position] - start[side.position]
        assert side.hits_taken == sum(
            by_side.get(side.position, 0) for by_side in s.losses_per_turn.values()
        )


def test_summary_agrees_with_the_units_hits_on_one_game(game: GameService) -> None:
    """Marker edits and check results count, undone events and carried hits do not."""
    v = game.view()
    p1, p2, f1, f2 = (
        v.sides[0].units[0],
        v.sides[0].units[1],
        v.sides[1].units[0],
        v.sides[1].units[1],
    )
    game.record(CARRIED_LOSSES_KIND, "carried", [SetField("game_unit", f2.id, "markers.hits", 2)])
    start = _hits_now(game)
    assert start == [0, 2]
    game.adjust_unit(p1.id, "hits", 1)  # the umpire's marker edits on the dashboard
    game.adjust_unit(p1.id, "hits", 1)
    game.record(
        "fire", "volley", [SetField("game_unit", f1.id, "markers.hits", 3)]
    )  # a check's result
    game.adjust_unit(f2.id, "hits", 1)
    _assert_consistent(game, start)
    assert battle_summary(game).losses_per_turn == {1: {0: 2, 1: 4}}
    _next_turn(game)
    game.adjust_unit(p2.id, "hits", 4)
    game.adjust_unit(p2.id, "hits", 2)
    game.undo()  # undone: not a hit
    game.record("rally-routed", "rallied", [SetField("game_unit", f2.id, "markers.hits", 1)])
    _assert_consistent(game, start)
    s = battle_summary(game)
    # The rally took 2 hits off: they were taken all the same (issue 30).
    assert s.losses_per_turn == {1: {0: 2, 1: 4}, 2: {0: 4}}
    assert [x.hits_taken for x in s.sides] == [6, 4]
    assert [x.hits_rallied for x in s.sides] == [0, 2]
    game.undo()
    game.redo()
    _assert_consistent(game, start)


def test_the_dashboard_demo_edits_count_in_turn_one(db: Database) -> None:
    """The screenshot script's dashboard edits: 8 French and 9 allied hits, all in turn 1."""
    from eote_ref.referee.setup import demo_game

    game = GameService(db, demo_game(db))
    french, allied = game.view().sides
    for _ in range(3):
        game.advance_phase()
    d0 = french.divisions[0].units
    for uid, n in ((d0[2].id, 1), (d0[2].id, 1), (d0[0].id, 1), (d0[3].id, 3)):
        game.adjust_unit(uid, "hits", n)
    game.advance_phase()
    cav = next(u for u in french.units if u.arm == "cavalry")
    game.adjust_unit(cav.id, "hits", 2)
    a0 = allied.divisions[0].units
    for uid, n in ((a0[0].id, 4), (a0[1].id, 5), (a0[4].id, 1)):
        game.adjust_unit(uid, "hits", n)
    game.undo()
    s = battle_summary(game)
    assert [x.hits_taken for x in s.sides] == [8, 9] == _hits_now(game)
    assert s.losses_per_turn == {1: {0: 8, 1: 9}}


def test_turns_played_counts_whole_turns(game: GameService) -> None:
    """Issue 23: End battle at the start of turn 3 said "3 turns played"."""
    assert battle_summary(game).turns_text() == "0 turns played"
    game.advance_phase()
    assert battle_summary(game).turns_text() == "0 turns played, turn 1 up to its initiative phase"
    _next_turn(game)
    _next_turn(game)
    assert game.view().turn == 3
    assert battle_summary(game).turns_text() == "2 turns played"
