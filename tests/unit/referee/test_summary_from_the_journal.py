"""The battle summary counts what happened, read from the journal's steps (issue 30).

Two Prussian battalions rout on their morale checks (EotE 7.5). In the integrity phase one
rallies (9.1: its hits come off); in the next command phase the other leaves the table (7.5).
Only the one gone still reads routed, and the side carries fewer hits than it took: the
summary still counts two units routed and every hit taken.
"""

from __future__ import annotations

from eote_ref.packs.eote.checks import open_check
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.setup import NewGame, create_new_game, shipped_army_lists
from eote_ref.referee.summary import battle_summary
from eote_ref.store import Database, SetField

LISTS = {p.name: p for p in shipped_army_lists()}


def _to(game: GameService, phase: Phase) -> None:
    game.advance_phase()
    while game.view().phase is not phase:
        game.advance_phase()


def _routs(game: GameService, unit_id: int) -> None:
    check = open_check(game, "morale", unit_id=unit_id)
    roll = next(
        r
        for r in range(10)
        if (t := check.trial({"roll": r})).outcome is not None and t.outcome.result == "rout"
    )
    check.apply({"roll": roll})


def _unit(game: GameService, unit_id: int) -> object:
    return next(u for u in game.view().sides[0].units if u.id == unit_id)


def test_routs_and_hits_count_though_rallied_or_gone(db: Database) -> None:
    game = GameService(
        db,
        create_new_game(
            db,
            NewGame(
                "Ligny",
                {
                    "Prussians": [LISTS["waterloo-1815-prussian.yaml"]],
                    "French": [LISTS["waterloo-1815-french.yaml"]],
                },
            ),
        ),
    )
    _to(game, Phase.FIRE)
    first, second = [u for u in game.view().sides[0].units if u.arm == "infantry"][:2]
    for u in (first, second):
        game.record("fire", "volley", [SetField("game_unit", u.id, "markers.hits", 3)])
        _routs(game, u.id)  # 7.5: a rout adds a hit
    taken = sum(u.hits for u in game.view().sides[0].units)
    assert taken == 8
    _to(game, Phase.INTEGRITY)
    rally = open_check(game, "rally", division_id=_unit(game, second.id).division_id)
    rally.set("unit_id", second.id)
    rally.set("out_of_tcr", True)  # 9.1: the division is out of tactical combat range
    roll = next(
        r
        for r in range(10)
        if (t := rally.trial({"roll": r})).outcome is not None and t.outcome.result == "rallied"
    )
    rally.apply({"roll": roll})
    assert not _unit(game, second.id).routed
    _to(game, Phase.COMMAND)  # turn 2
    leaves = open_check(game, "remove_routed", unit_id=first.id)
    leaves.apply({})
    view = game.view()
    assert sum(u.routed for u in view.sides[0].units) == 1  # the one gone, not the rallied
    assert _unit(game, first.id).off_table
    now = sum(u.hits for u in view.sides[0].units)
    assert now < taken  # the rally took hits off

    prussians = battle_summary(game).sides[0]
    assert prussians.units_routed == 2
    assert prussians.hits_taken == taken
    assert prussians.hits_rallied == taken - now
    # An umpire's edit that takes a hit or a rout back puts a mistake right: not counted.
    third = [u for u in view.sides[0].units if u.arm == "infantry"][2]
    game.set_unit(third.id, "hits", 2)
    game.set_unit(third.id, "routed", True)
    game.set_unit(third.id, "hits", 1)
    game.set_unit(third.id, "routed", False)
    again = battle_summary(game).sides[0]
    assert (again.units_routed, again.hits_taken, again.hits_rallied) == (2, taken + 1, taken - now)
