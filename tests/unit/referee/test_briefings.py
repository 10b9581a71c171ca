"""A scenario's private briefings: on its own side's order sheet, timed ones from their turn."""

from __future__ import annotations

import pytest

from eote_ref.referee.briefings import side_briefings
from eote_ref.referee.game import GameService
from eote_ref.referee.order_sheet import order_sheet, order_sheet_html
from eote_ref.referee.scenario_setup import (
    create_scenario_game,
    load,
    search_folders,
    shipped_scenarios,
)
from eote_ref.scenarios.loader import ScenarioError, load_scenario_text
from eote_ref.store import Database

DERLON = next(p for p in shipped_scenarios() if p.stem == "waterloo-derlon")


def test_each_side_reads_only_its_own_briefing_and_a_timed_note_from_its_turn(
    db: Database,
) -> None:
    game = GameService(db, create_scenario_game(db, load(DERLON)))
    french = order_sheet_html(order_sheet(game, 0))
    allied = order_sheet_html(order_sheet(game, 1))
    assert "The Emperor expects the ridge taken" in french
    assert "Hold the lane" not in french
    assert "Hold the lane and the hedges" in allied
    assert "The Emperor" not in allied
    assert "Frischermont" not in french  # released on turn 4
    assert [b.turn for b in side_briefings(game, 0, turn=4)] == [None, 4]
    while game.view().turn < 4:
        game.advance_phase()
    assert "<b>Turn 4:</b> Word from the right" in order_sheet_html(order_sheet(game, 0))
    assert "Frischermont" not in order_sheet_html(order_sheet(game, 1))


def test_a_briefing_for_no_side_or_with_no_text_is_refused_with_its_line() -> None:
    text = DERLON.read_text("utf-8").replace(
        "  - side: Anglo-Allied\n    text: >-", "  - side: Prussians\n    text: >-"
    )
    text = text.replace('turn: 4\n    text: "Word', 'turn: 40\n    text: "Word')
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(text, "b.yaml", search_folders())
    found = [str(p).split(" error: ")[1] for p in caught.value.problems]
    assert found == [
        "briefings[1].turn: turn 40 is after the turn limit (8)",
        "briefings[2].side: no side 'Prussians' (French, Anglo-Allied)",
    ]
    assert all(str(p).startswith("b.yaml:") for p in caught.value.problems)
