"""AVlE games in the referee (issue 26): set up from the Quatre Bras lists, beside EotE games."""

from __future__ import annotations

import pathlib

import pytest

from eote_ref.referee.game import GameService
from eote_ref.referee.pack_play import NewPackGame, PackGameService, PackPlayError, new_pack_game
from eote_ref.store import Database
from tests.games import game_state

LISTS = pathlib.Path(__file__).resolve().parents[4] / "army_lists" / "avle"
FRENCH = LISTS / "quatre-bras-1815-french.yaml"
ALLIED = LISTS / "quatre-bras-1815-allied.yaml"


def quatre_bras(db: Database) -> PackGameService:
    spec = NewPackGame("Quatre Bras", "avle", {"French": [FRENCH], "Allies": [ALLIED]})
    return PackGameService(db, new_pack_game(db, spec))


def test_a_game_is_set_up_from_the_two_lists_beside_an_eote_game(
    db: Database, demo: GameService
) -> None:
    game = quatre_bras(db)
    state = game.state()
    assert state.ruleset == "avle-1.2"
    assert [s.name for s in state.sides] == ["French", "Allies"]
    assert state.sides[0].pack_state["flag"] == "french"
    assert state.sides[1].pack_state["flag"] == "english"
    french = [c for c in state.commands if c.side_id == state.sides[0].id]
    assert [c.name for c in french] == ["Left", "Centre", "Right"]
    # 13 French units: every one with its type's elements (AVlE 1.1: infantry 4).
    assert len(state.units_of(state.sides[0].id)) == 13
    foy = next(u for u in state.units if u.name == "Foy's division (Gauthier)")
    assert foy.markers == {"elements": 4, "start": 4, "arrives": 1, "flag": "french"}
    reille = next(g for g in state.leaders if g.name == "Reille")
    assert foy.attached_leader_id == reille.id
    assert reille.attached_unit_id == foy.id
    kellermann = next(g for g in state.leaders if g.name == "Kellermann")
    assert kellermann.markers == {"arrives": 3}
    assert game.turn_label() == "turn 1, round 1 of 6"
    assert [d.check for d in game.due()] == ["hand", "hand"]
    # The shared EotE view opens it without error (its sectors are no EotE divisions).
    assert [s.name for s in game.view().sides] == ["French", "Allies"]
    # The EotE game beside it is untouched and still opens as before.
    assert GameService(db, demo.game_id).view().sides


def test_a_hand_is_applied_and_undone_as_one_step(db: Database) -> None:
    game = quatre_bras(db)
    before = game_state(game)
    french = game.state().sides[0]
    check = game.open_check("hand", side_id=french.id)
    check.set("hand", ["left", "centre", "centre", "right", "right", "bombardment"])
    outcome = check.apply()
    assert outcome is not None
    assert outcome.result == "valid"
    assert game.state().sides[0].pack_state["hand"][-1] == "bombardment"
    game.undo()
    assert game_state(game) == before


def test_an_unlawful_hand_is_refused_and_nothing_written(db: Database) -> None:
    game = quatre_bras(db)
    before = game_state(game)
    check = game.open_check("hand", side_id=game.state().sides[0].id)
    check.set("hand", ["left", "left", "left", "centre", "right", "bombardment"])
    with pytest.raises(PackPlayError, match="more left than the deck"):
        check.apply()
    assert game_state(game) == before
