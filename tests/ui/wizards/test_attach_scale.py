"""An attached commander's reach in the game's inches (EotE 3.5.2; found in the EotE trial)."""

from __future__ import annotations

import html

import pytest
from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.setup import NewGame, create_new_game, shipped_army_lists
from eote_ref.store import Database
from eote_ref.store.changes import SetField
from eote_ref.ui.wizards.base import RollPage
from tests.ui.helpers import to_phase, wizard_for


def _game(db: Database, scale: str) -> GameService:
    lists = {p.name: p for p in shipped_army_lists()}
    spec = NewGame(
        "Austerlitz",
        {
            "French": [lists["austerlitz-1805-french.yaml"]],
            "Allies": [lists["austerlitz-1805-allied.yaml"]],
        },
        figure_scale=scale,
    )
    return GameService(db, create_new_game(db, spec))


@pytest.mark.parametrize(("scale", "reach"), [("15mm", '12"'), ("25mm", '14"'), ("6mm", '10"')])
def test_an_attached_commander_takes_a_leaderless_division_within_the_games_inches(
    qtbot: QtBot, db: Database, scale: str, reach: str
) -> None:
    """The trial at 25mm: the reach was shown as 12", the text's figure for 15mm figures.

    A corps or army commander attached to a division whose leader is dead takes command once
    within 12" of its farthest unit (3.5.2); the introduction shifts the listed distances
    by 2" for 25mm and 6mm figures, as every other distance a wizard says.
    """
    game = _game(db, scale)
    division = next(d for d in game.view().sides[0].divisions if d.leader is not None)
    assert division.leader is not None
    game.record("test", "killed", [SetField("game_leader", division.leader.id, "killed", True)])
    to_phase(game, Phase.MOVEMENT)
    wizard = wizard_for(qtbot, game, "attach_commander", division_id=division.id)
    wizard.next()
    shown = html.unescape(wizard.page_of(RollPage).result.text())
    assert f"takes command once within {reach} of its farthest unit (3.5.2, text)" in shown, shown
