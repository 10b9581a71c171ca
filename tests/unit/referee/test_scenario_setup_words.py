"""A scenario game reads its pack's words (issue 32: no EotE import) and rolls no initiative.

The arms whose starting formation a scenario sets and the starting formation of each unit
are the game's pack's unit model (``Pack.unit_model``). An initiative "roll for it" is left
to turn 1's initiative phase, as the wizard's summary says and as a game made from lists
does: the one roll, with its modifiers, in the journal (EotE 4.0).
"""

from __future__ import annotations

from eote_ref.packs import registry
from eote_ref.referee.game import GameService
from eote_ref.referee.new_game_draft import ROLL, NewGameDraft
from eote_ref.referee.phases import Phase
from eote_ref.referee.scenario_setup import (
    create_scenario_game,
    load,
    shipped_scenarios,
    unit_model,
)
from eote_ref.referee.setup import SetupService
from eote_ref.referee.todo import checks_due
from eote_ref.store import Database

DERLON = next(p for p in shipped_scenarios() if p.stem == "waterloo-derlon")


def test_a_scenario_rolled_for_leaves_the_initiative_to_turn_ones_initiative_phase(
    db: Database,
) -> None:
    # The scenario's initiative replaced by "roll", as the wizard's choice does.
    draft = NewGameDraft(name="D'Erlon rolled for")
    draft.choose_scenario(load(DERLON))
    assert draft.initiative == 0  # the file's: the French
    draft.initiative = ROLL
    assert "turn 1's initiative phase" in draft.initiative_text()
    game = GameService(db, draft.create(SetupService(db)))
    assert game.view().initiative is None
    assert not [e for e in game.journal() if e.kind == "initiative"]
    while game.view().phase is not Phase.INITIATIVE:
        game.advance_phase()
    assert game.view().turn == 1
    assert [c.procedure for c in checks_due(game.view())] == ["initiative"]
    # A side named still starts with it, no roll due.
    named = GameService(db, create_scenario_game(db, load(DERLON), initiative="Anglo-Allied"))
    assert named.view().initiative == 1


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
