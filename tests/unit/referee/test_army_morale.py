"""A scenario's army morale track: derived from the state, its effects in the checks."""

from __future__ import annotations

import pytest

from eote_ref.packs.eote.checks import open_check
from eote_ref.packs.eote.rules.core import Source
from eote_ref.referee import army_morale
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.scenario_setup import create_scenario_game, load, shipped_scenarios
from eote_ref.referee.todo import checks_due
from eote_ref.store import Database, SetField

SCENARIOS = {p.stem: p for p in shipped_scenarios()}


def _game(db: Database, stem: str = "waterloo-derlon") -> GameService:
    return GameService(db, create_scenario_game(db, load(SCENARIOS[stem])))


def _rout(game: GameService, count: int, side: int = 0) -> list[int]:
    units = [u for u in game.view().sides[side].units if not u.routed][:count]
    game.record(
        "marker", "rout", [SetField("game_unit", u.id, "markers.routed", True) for u in units]
    )
    return [u.id for u in units]


def _french(game: GameService) -> army_morale.TrackView:
    return army_morale.tracks(game)[0]


def test_the_track_is_counted_from_the_units_lost_and_undone_with_them(db: Database) -> None:
    game = _game(db)
    track = _french(game)
    assert (track.start, track.value, track.demoralised) == (20, 20, False)
    _rout(game, 5)
    assert _french(game).value == 15
    assert [line.text for line in _french(game).lines] == ["5 unit(s) lost"]
    game.undo(1)
    assert _french(game).value == 20


def test_an_event_recorded_costs_points_as_one_undoable_step(db: Database) -> None:
    game = _game(db)
    army_morale.record_event(game, "m1", "The eagle of the 45e taken")
    assert _french(game).value == 17
    with pytest.raises(RefereeError, match="already"):
        army_morale.record_event(game, "m1", "The eagle of the 45e taken")
    with pytest.raises(RefereeError, match="no event"):
        army_morale.record_event(game, "m1", "Nothing of the kind")
    game.undo(1)
    assert _french(game).value == 20


def test_a_quiet_turn_restores_but_never_above_the_start(db: Database) -> None:
    game = _game(db)
    _rout(game, 3)  # turn 1: three lost
    while game.view().turn < 3:
        game.advance_phase()
    # turn 1 lost units, turn 2 was quiet: 20 - 3 + 1
    assert _french(game).value == 18


def test_demoralised_the_side_morale_and_integrity_checks_carry_the_scenario_modifier(
    db: Database,
) -> None:
    game = _game(db)
    unit = [u for u in game.view().sides[0].units if u.arm == "infantry"][-1]
    check = open_check(game, "morale", unit_id=unit.id)
    assert not [m for m in check.preview().modifiers if m.rule == "scenario"]
    _rout(game, 12)  # 20 - 12 = 8: the level
    assert _french(game).demoralised
    check = open_check(game, "morale", unit_id=unit.id)
    house = [m for m in check.preview().modifiers if m.rule == "scenario"]
    assert [(m.value, m.source) for m in house] == [(-1, Source.HOUSE)]
    assert "French demoralised" in house[0].reason
    division = next(
        d for d in game.view().sides[0].divisions if any(u.id == unit.id for u in d.units)
    )
    integrity = open_check(game, "integrity", division_id=division.id)
    assert [m.value for m in integrity.preview().modifiers if m.rule == "scenario"] == [-1]
    # the other side is not demoralised: its checks are as the rules have them
    enemy = game.view().sides[1].units[0]
    check = open_check(game, "morale", unit_id=enemy.id)
    assert not [m for m in check.preview().modifiers if m.rule == "scenario"]


def test_the_turn_guide_says_when_a_side_is_demoralised(db: Database) -> None:
    game = _game(db)
    _rout(game, 12)
    titles = [c.title for c in checks_due(game.view(), game)]
    assert any("French army morale 8 of 20" in t and "DEMORALISED" in t for t in titles), titles
    assert any("no charges" in t for t in titles)


def test_the_secret_threshold_is_asked_for_near_the_level_and_rolled_once(db: Database) -> None:
    game = _game(db)
    allied = army_morale.tracks(game)[1]
    assert not allied.secret_due
    _rout(game, 9, side=1)  # 18 - 9 = 9: within 3 of 6
    allied = army_morale.tracks(game)[1]
    assert allied.secret_due
    assert "secret" in allied.text(("French", "Anglo-Allied"))
    army_morale.roll_secret(game, allied.key, 6)  # 6 + 6 - 3: demoralised at 9
    allied = army_morale.tracks(game)[1]
    assert (allied.level, allied.demoralised, allied.secret_due) == (9, True, False)
    assert "secret" in allied.text(("French", "Anglo-Allied"), hide_secret=True)
    with pytest.raises(RefereeError, match="already"):
        army_morale.roll_secret(game, allied.key, 2)
    # revealed at the end, in the ledger
    from eote_ref.referee.scenario_play import victory_in

    result = victory_in(db, game.game_id)
    assert result is not None
    assert "Anglo-Allied's secret demoralisation level was 9" in result[0].reasons


def test_a_broken_command_s_breakpoint_carries_its_effects_to_its_checks(db: Database) -> None:
    """Breakpoints keep scoring and may carry effects: here, −2 to the broken division's morale."""
    from eote_ref.scenarios.loader import load_scenario_text

    path = SCENARIOS["waterloo-derlon"]
    text = path.read_text("utf-8").replace(
        "command: 5th British Division, share: 50, points: 2}",
        "command: 5th British Division, share: 50, points: 2,\n"
        "       effects: {morale: -2, no_advance: true}}",
    )
    loaded = load_scenario_text(text, "x.yaml", [path.parent.parent])
    game = GameService(db, create_scenario_game(db, loaded))
    allied = game.view().sides[1]
    fifth = next(d for d in allied.divisions if d.name == "5th British Division")
    other = next(d for d in allied.divisions if d.name != "5th British Division")
    units = list(fifth.units)
    game.record(
        "marker",
        "rout",
        [SetField("game_unit", u.id, "markers.routed", True) for u in units[: len(units) // 2]],
    )
    check = open_check(game, "morale", unit_id=units[-1].id)
    house = [m for m in check.preview().modifiers if m.rule == "scenario"]
    assert [(m.value, m.reason) for m in house] == [
        (-2, "scenario: 5th British Division broken (house rule)")
    ]
    check = open_check(game, "morale", unit_id=other.units[0].id)
    assert not [m for m in check.preview().modifiers if m.rule == "scenario"]
    titles = [c.title for c in checks_due(game.view(), game)]
    assert (
        "5th British Division is at its breakpoint: \u22122 to morale checks, "
        "no advance after combat"
    ) in titles
    from eote_ref.referee.scenario_play import ScenarioService

    view = ScenarioService(game).view()
    assert view is not None
    assert "5th British Division broken (+2 to French)" in view.victory.reasons


def test_a_track_whose_effects_end_the_battle_says_so_in_the_turn_guide(db: Database) -> None:
    from eote_ref.scenarios.loader import load_scenario_text

    path = SCENARIOS["waterloo-derlon"]
    text = path.read_text("utf-8").replace(
        "effects: {morale: -1, integrity: -1, no_charges: true}",
        "effects: {morale: -1, integrity: -1, no_charges: true, ends_battle: true}",
    )
    game = GameService(
        db, create_scenario_game(db, load_scenario_text(text, "x.yaml", [path.parent.parent]))
    )
    assert not [c for c in checks_due(game.view(), game) if c.procedure == "scenario_end"]
    _rout(game, 12)
    ends = [c for c in checks_due(game.view(), game) if c.procedure == "scenario_end"]
    assert [c.title for c in ends] == [
        "French is demoralised: the battle ends. End battle (Turn menu)"
    ]
    assert not ends[0].due  # for information: it blocks no phase


def test_a_demoralised_side_s_charge_check_says_it_may_not_charge(db: Database) -> None:
    game = _game(db)
    cavalry = next(u for u in game.view().sides[0].units if u.arm == "cavalry")
    enemy = game.view().sides[1].units[0]
    check = open_check(game, "charge", unit_id=cavalry.id, target_id=enemy.id)
    assert not [n for n in check.notes(check.preview()) if "house rule" in n]
    infantry = [u for u in game.view().sides[0].units if u.arm == "infantry"][:12]
    game.record(
        "marker", "rout", [SetField("game_unit", u.id, "markers.routed", True) for u in infantry]
    )
    check = open_check(game, "charge", unit_id=cavalry.id, target_id=enemy.id)
    assert "French demoralised: no charge (the scenario's house rule)" in check.notes(
        check.preview()
    )
