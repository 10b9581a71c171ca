"""A scenario game reads its pack's words and takes any d10s (issue 32: no EotE import).

The arms whose starting formation a scenario sets and the starting formation of each unit
are the game's pack's unit model (``Pack.unit_model``); the initiative, when rolled for, is
rolled with whatever dice have ``d10(name)``: a pack's (EotE's entered dice) or, by default,
the boundary's :class:`~eote_ref.packs.dice.Roller`, seeded when asked.
"""

from __future__ import annotations

from eote_ref.packs import registry
from eote_ref.packs.eote.rules.dice import EnteredDice
from eote_ref.referee.game import GameService
from eote_ref.referee.scenario_setup import (
    D10s,
    RolledD10s,
    create_scenario_game,
    load,
    shipped_scenarios,
    unit_model,
)
from eote_ref.store import Database

DERLON = next(p for p in shipped_scenarios() if p.stem == "waterloo-derlon")


def _started(db: Database, dice: D10s | None) -> int | None:
    game_id = create_scenario_game(db, load(DERLON), initiative="roll", dice=dice)
    return GameService(db, game_id).view().initiative


def test_the_initiative_is_rolled_with_a_packs_dice_or_the_boundarys(db: Database) -> None:
    # French first, Anglo-Allied second: a tie is rolled again, the higher die starts.
    entered = EnteredDice({"French.roll": 4, "Anglo-Allied.roll": 9})
    assert _started(db, entered) == 1
    seeded = [RolledD10s(seed) for seed in (1, 1)]
    assert _started(db, seeded[0]) == _started(db, seeded[1])
    assert seeded[0].roller.used == seeded[1].roller.used
    assert set(seeded[0].roller.used) == {"French.roll", "Anglo-Allied.roll"}
    assert all(1 <= v <= 10 for v in seeded[0].roller.used.values())
    assert _started(db, None) in (0, 1)  # rolled, never left open


def test_the_scenarios_formations_and_each_units_start_are_the_packs_unit_models(
    db: Database,
) -> None:
    model = unit_model(registry.DEFAULT_PACK)
    assert model is registry.get_pack(registry.DEFAULT_PACK).unit_model
    assert "infantry" in model.arms
    game = GameService(db, create_scenario_game(db, load(DERLON)))
    french = game.view().sides[0]
    infantry = [u for u in french.units if u.arm == "infantry"]
    assert infantry
    assert {u.formation for u in infantry} == {"column"}  # the scenario's, for the French


def test_a_pack_without_a_unit_model_has_no_arms_and_keeps_each_units_formation() -> None:
    model = unit_model("avle")
    assert model.arms == ()
    assert model.starting_formation("line", "column", "french", "french") == "line"
    assert model.starting_formation(None, None, "french", "french") is None
