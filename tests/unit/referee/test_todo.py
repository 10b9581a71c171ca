"""The turn guide's to-do list, computed from a real game's state (EotE 2.0 phases)."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator

import pytest

from eote_ref.referee.game import GameService
from eote_ref.referee.markers import unit_change
from eote_ref.referee.phases import Phase
from eote_ref.referee.setup import NewGame, create_new_game, shipped_army_lists
from eote_ref.referee.todo import checks_due
from eote_ref.store import Database, GameLeader, SetField
from tests.conftest import DatabaseTemplates

LISTS = {p.name: p for p in shipped_army_lists()}


def setup_ligny(db: Database) -> int:
    spec = NewGame(
        "todo",
        {
            "Prussians": [LISTS["waterloo-1815-prussian.yaml"]],
            "French": [LISTS["waterloo-1815-french.yaml"]],
        },
    )
    return create_new_game(db, spec)


@pytest.fixture
def game(tmp_path: pathlib.Path, db_templates: DatabaseTemplates) -> Iterator[GameService]:
    """Prussians against French in a copy of a template set up once per process."""
    db = db_templates.open("todo-ligny", tmp_path / "t.sqlite", setup_ligny)
    game_id = db_templates.build("todo-ligny", setup_ligny)
    assert isinstance(game_id, int)
    yield GameService(db, game_id)
    db.close()


def go_to(game: GameService, phase: Phase) -> None:
    while game.view().phase is not phase:
        game.advance_phase()


def set_unit(game: GameService, unit_id: int, **fields: object) -> None:
    game.record("test", "set up", [unit_change(unit_id, k, v) for k, v in fields.items()])


def test_a_fresh_game_has_nothing_to_do_in_the_command_phase(game: GameService) -> None:
    assert checks_due(game.view()) == []


def test_command_phase_rallies_rest_and_removals(game: GameService) -> None:
    units = game.view().sides[0].units
    inf = [u for u in units if u.arm == "infantry"]
    cav = next(u for u in units if u.arm == "cavalry")
    set_unit(game, inf[0].id, disordered=True)
    set_unit(game, inf[1].id, disordered=True, pinned=True)
    set_unit(game, inf[2].id, routed=True, disordered=True)
    set_unit(game, cav.id, blown=1)
    checks = checks_due(game.view())
    by_unit = {c.unit_id: c for c in checks}
    assert by_unit[inf[0].id].procedure == "disorder_rally"
    assert by_unit[inf[0].id].title.endswith("may rally from disorder")
    assert by_unit[inf[1].id].title.endswith("cannot rally this turn")
    assert by_unit[inf[2].id].procedure == "remove_routed"
    assert by_unit[cav.id].procedure == "cavalry_rest"
    assert len(checks) == 4


def test_a_killed_divisional_leader_stops_rallying(game: GameService) -> None:
    div = game.view().sides[0].divisions[0]
    assert div.leader is not None
    game.record("test", "kill", [SetField(GameLeader, div.leader.id, "killed", True)])
    set_unit(game, div.units[0].id, disordered=True)
    radius, check = checks_due(game.view())
    assert check.title.endswith("cannot rally this turn")
    assert (radius.procedure, radius.division_id) == ("command_radius", div.id)


def test_a_leaderless_division_owes_its_command_radius_once_a_turn(game: GameService) -> None:
    from eote_ref.packs.eote.checks import REGISTRY

    assert checks_due(game.view(), game) == []  # every leader alive: nothing to tick
    div = game.view().sides[0].divisions[0]
    other = game.view().sides[1].divisions[1]
    for d in (div, other):
        assert d.leader is not None
        game.record("test", "kill", [SetField(GameLeader, d.leader.id, "killed", True)])
    due = checks_due(game.view(), game)
    assert [(c.procedure, c.division_id, c.rule) for c in due] == [
        ("command_radius", div.id, "3.6"),
        ("command_radius", other.id, "3.6"),
    ]
    assert due[0].title == f"{div.title}: no commander, command radius and control"
    check = REGISTRY["command_radius"](game, division_id=div.id)
    assert check.values["commanded"] is False
    check.apply({})
    assert all(u.out_of_command for u in game.view().sides[0].divisions[0].units)
    assert [c.division_id for c in checks_due(game.view(), game)] == [other.id]
    game.undo()
    assert [c.division_id for c in checks_due(game.view(), game)] == [div.id, other.id]
    # a corps commander attached to the division commands it (3.5.2): nothing to list
    chief = next(c for c in game.view().sides[1].commanders if c.leader is not None)
    assert chief.leader is not None
    game.record(
        "test", "attach", [SetField(GameLeader, chief.leader.id, "attached_command_id", other.id)]
    )
    assert [c.division_id for c in checks_due(game.view(), game)] == [div.id]
    # next turn the flags are cleared and the check is due again
    check = REGISTRY["command_radius"](game, division_id=div.id)
    check.apply({})
    assert checks_due(game.view(), game) == []
    while game.view().phase is not Phase.INTEGRITY:
        game.advance_phase()
    game.advance_phase()
    view = game.view()
    assert (view.turn, view.phase) == (2, Phase.COMMAND)
    assert [c.division_id for c in checks_due(view, game)] == [div.id]


def test_initiative_and_morale_checks(game: GameService) -> None:
    go_to(game, Phase.INITIATIVE)
    assert [c.procedure for c in checks_due(game.view())] == ["initiative"]
    go_to(game, Phase.FIRE)
    unit = game.view().sides[1].units[0]
    game.adjust_unit(unit.id, "hits", 3)
    (check,) = checks_due(game.view())
    assert (check.procedure, check.unit_id, check.side) == ("morale", unit.id, 1)
    go_to(game, Phase.MOVEMENT)
    assert checks_due(game.view()) == []


def test_integrity_after_infantry_routed_or_leader_killed(game: GameService) -> None:
    go_to(game, Phase.INTEGRITY)
    divs = game.view().sides[0].divisions
    routed_div = next(d for d in divs if any(u.arm == "infantry" for u in d.units))
    inf = next(u for u in routed_div.units if u.arm == "infantry")
    set_unit(game, inf.id, routed=True, routed_this_turn=True)
    other = next(d for d in divs if d.id != routed_div.id and d.leader is not None)
    assert other.leader is not None
    game.record("test", "kill", [SetField(GameLeader, other.leader.id, "killed", True)])
    cav = next(u for u in game.view().sides[1].units if u.arm == "cavalry")
    set_unit(game, cav.id, fought_this_turn=True)
    checks = checks_due(game.view())
    titles = {c.division_id or c.unit_id: c.title for c in checks}
    assert titles[routed_div.id].endswith("(infantry routed)")
    assert titles[other.id].endswith("(commander killed)")
    assert titles[cav.id].endswith("blown at the end of it")
    game.set_division(routed_div.id, "in_town", True)
    exempt = {c.division_id: c for c in checks_due(game.view())}[routed_div.id]
    assert (exempt.procedure, exempt.rule) == ("integrity_exempt", "7.12")


def test_pending_order_due(game: GameService) -> None:
    div = game.view().sides[0].divisions[0]
    game.record(
        "test",
        "order",
        [
            SetField("game_command", div.id, "pending_order", "ATTACK"),
            SetField("game_command", div.id, "pending_order_turns", 1),
        ],
    )
    # No item: the new turn's carry-over switches the order when due (referee/turn.py).
    assert checks_due(game.view()) == []
    go_to(game, Phase.INTEGRITY)
    game.advance_phase()
    after = game.view().sides[0].divisions[0]
    assert (after.current_order, after.pending_order) == ("ATTACK", None)


def test_the_shared_turn_guide_asks_the_games_pack_for_its_items(game: GameService) -> None:
    """EotE's pack names its turn guide's module; a pack that names none has no items here."""
    import dataclasses

    import eote_ref.packs.eote.todo as eote_todo
    from eote_ref.referee.todo import morale_checks_due, turn_guide

    assert turn_guide("eote-6.2") is eote_todo
    assert turn_guide("avle-1.2") is None  # its play lists what falls due (PackGameService.due)
    assert turn_guide("no-such-ruleset") is None
    view = game.view()
    assert checks_due(view, game) == eote_todo.checks_due(view, game)
    assert morale_checks_due(view) == eote_todo.morale_checks_due(view)
    avle_view = dataclasses.replace(view, ruleset="avle-1.2")
    assert checks_due(avle_view, game) == []
    assert morale_checks_due(avle_view) == set()
