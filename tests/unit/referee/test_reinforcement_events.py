"""Reinforcements on an event, held back by their owner, released early by the umpire."""

from __future__ import annotations

import pytest

from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.scenario_play import ScenarioService
from eote_ref.referee.scenario_setup import create_scenario_game, shipped_scenarios
from eote_ref.referee.todo import checks_due
from eote_ref.scenarios.loader import load_scenario_text
from eote_ref.store import Database, SetField

DERLON = next(p for p in shipped_scenarios() if p.stem == "waterloo-derlon")

#: D'Erlon's attack with two more arrivals: the Household brigade when the 5th British Division
#: breaks, the Union brigade when La Haye Sainte falls; Milhaud's cuirassiers by turn.
EVENTS = DERLON.read_text("utf-8").replace(
    """    commands:
      - Cavalry / 1st (Household) Brigade
      - Cavalry / 2nd (Union) Brigade
    turn: 3
""",
    """    commands: [Cavalry / 1st (Household) Brigade]
    event: {broken: 5th British Division}
  - side: Anglo-Allied
    commands: [Cavalry / 2nd (Union) Brigade]
    event: {objective: La Haye Sainte, by: French}
  - side: Anglo-Allied
    commands: [Cavalry / 3rd Brigade]
    turn: 4
""",
)


def _game(db: Database, text: str = EVENTS) -> GameService:
    loaded = load_scenario_text(text, "events.yaml", [DERLON.parent.parent])
    return GameService(db, create_scenario_game(db, loaded))


def _due(game: GameService) -> list[str]:
    return [c.key or "" for c in checks_due(game.view(), game) if c.procedure == "reinforcement"]


def test_a_reinforcement_comes_when_its_event_happens_and_goes_with_its_undo(
    db: Database,
) -> None:
    game = _game(db)
    scenario = ScenarioService(game)
    household, union, _third = scenario.view().reinforcements
    assert household.when() == "on an event: broken: 5th British Division"
    assert _due(game) == []
    with pytest.raises(RefereeError, match="wait for their event"):
        scenario.bring_on(household.key)
    fifth = next(d for d in game.view().sides[1].divisions if d.name == "5th British Division")
    game.record(
        "marker",
        "rout",
        [SetField("game_unit", u.id, "markers.routed", True) for u in fifth.units[:7]],
    )
    assert _due(game) == [household.key]
    before = len(game.view().sides[1].units)
    scenario.bring_on(household.key)
    assert len(game.view().sides[1].units) > before
    game.undo(1)
    assert len(game.view().sides[1].units) == before
    game.undo(1)  # the routs undone: the event has not happened, nothing is due
    assert _due(game) == []
    # an objective taken by the French brings the Union brigade
    scenario.set_held("La Haye Sainte", 0)
    assert _due(game) == [union.key]


def test_held_back_arrivals_wait_and_later_ones_queue_behind_released_early(
    db: Database,
) -> None:
    game = _game(db)
    scenario = ScenarioService(game)
    household, union, third = scenario.view().reinforcements
    scenario.hold_back(household.key, 3)  # turn 1 + 3: not before turn 4
    view = scenario.view()
    assert view.reinforcements[0].held_until == 4
    assert "held back until turn 4" in view.reinforcements[0].when()
    assert view.reinforcements[2].queued  # the 3rd brigade waits behind the Household
    while game.view().turn < 4:
        game.advance_phase()
    assert third.key not in _due(game)
    with pytest.raises(RefereeError, match="queue behind"):
        scenario.bring_on(third.key)
    # the umpire releases the Household early: one step, and the queue moves
    event = scenario.release_early(household.key)
    assert event.summary.startswith("Reinforcements arrive early (released by the umpire)")
    assert _due(game) == [third.key]
    game.undo(1)
    assert third.key not in _due(game)
    del union


def test_an_event_naming_nothing_is_refused_with_its_line() -> None:
    from eote_ref.referee.scenario_setup import search_folders
    from eote_ref.scenarios.loader import ScenarioError

    bad = EVENTS.replace("event: {broken: 5th British Division}", "event: {}").replace(
        "event: {objective: La Haye Sainte, by: French}", "event: {objective: Mont-Saint-Jean}"
    )
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(bad, "e.yaml", search_folders())
    found = [str(p) for p in caught.value.problems]
    line = bad.split("event: {}")[0].count("\n") + 1
    assert found[0] == (
        f"e.yaml:{line}:12: error: reinforcements[0].event: name one event: 'broken', "
        "'demoralised' (a side or command), 'objective' (a place taken) or 'routed' (a unit)"
    )
    assert found[1].startswith(f"e.yaml:{line + 3}:")
    assert found[1].endswith(
        "error: reinforcements[1].event.objective: no objective 'Mont-Saint-Jean' in the scenario "
        "(La Haye Sainte, The ridge and the sunken lane, Papelotte)"
    )


def test_a_named_unit_routed_or_a_side_demoralised_brings_them_on(db: Database) -> None:
    text = EVENTS.replace(
        "event: {broken: 5th British Division}",
        "event: {routed: 5th British Division / Rogers' Battery RA}",
    ).replace("event: {objective: La Haye Sainte, by: French}", "event: {demoralised: French}")
    game = _game(db, text)
    scenario = ScenarioService(game)
    household, union, _third = scenario.view().reinforcements
    assert _due(game) == []
    battery = next(u for u in game.view().sides[1].units if u.name == "Rogers' Battery RA")
    game.record("marker", "rout", [SetField("game_unit", battery.id, "markers.routed", True)])
    assert _due(game) == [household.key]
    others = game.view().sides[0].units[:12]  # 12 lost: 20 - 12 = 8, demoralised
    game.record(
        "marker", "rout", [SetField("game_unit", u.id, "markers.routed", True) for u in others]
    )
    assert _due(game) == [household.key, union.key]
