"""Command control phase wizards driven by keyboard and mouse on the demo battle (EotE 3.x)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QListWidget
from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.views import DivisionView, UnitView
from eote_ref.store import GameUnit, SetField
from eote_ref.ui.unit_picker import UnitPicker
from eote_ref.ui.wizards.base import FactsPage, ResultPage, RollPage
from tests.games import game_state
from tests.ui.helpers import wizard_for


def division(game: GameService, side: int = 0) -> DivisionView:
    return next(d for d in game.view().sides[side].divisions if len(d.units) >= 4)


def find(game: GameService, unit_id: int) -> UnitView:
    return next(u for s in game.view().sides for u in s.units if u.id == unit_id)


def test_command_radius_wizard_ticks_units_out(qtbot: QtBot, demo: GameService) -> None:
    d = division(demo)
    before = game_state(demo)
    wizard = wizard_for(qtbot, demo, "command_radius", division_id=d.id)
    facts = wizard.page_of(FactsPage)
    assert "EotE 3.6" in facts.panel.modifiers.text()
    units = facts.widgets["out_of_radius"]
    if isinstance(units, UnitPicker):  # a big division: the typing picker
        units.set_value((d.units[1].id,))
    else:
        assert isinstance(units, QListWidget)
        units.item(1).setCheckState(Qt.CheckState.Checked)
    wizard.next()
    roll = wizard.page_of(RollPage)
    assert roll.isComplete()  # no die: the radius is read off the table
    assert f"1 of {len(d.units)} units out of command: {d.units[1].name}" in roll.result.text()
    wizard.next()
    assert wizard.currentPage() is wizard.page_of(ResultPage)
    assert find(demo, d.units[1].id).out_of_command
    assert demo.journal(limit=1)[0].kind == "command_radius"
    demo.undo()
    assert game_state(demo) == before


def test_rally_wizard_from_the_due_item(qtbot: QtBot, demo: GameService) -> None:
    uid = division(demo).units[0].id
    demo.record("test", "set up", [SetField(GameUnit, uid, "markers.disordered", True)])
    wizard = wizard_for(qtbot, demo, "disorder_rally", unit_id=uid)
    wizard.next()
    assert "rallies" in wizard.page_of(RollPage).result.text()
    wizard.next()
    assert not find(demo, uid).disordered
    demo.undo()
    assert find(demo, uid).disordered


def test_order_wizard_takes_a_typed_oac_die(qtbot: QtBot, demo: GameService) -> None:
    while demo.view().turn == 1 or demo.view().phase is not Phase.COMMAND:
        demo.advance_phase()
    d = division(demo)
    before = game_state(demo)
    wizard = wizard_for(qtbot, demo, "order", division_id=d.id)
    facts = wizard.page_of(FactsPage)
    order = facts.widgets["order"]
    assert isinstance(order, QComboBox)
    order.setCurrentIndex(order.findText("ATTACK"))
    distance = facts.widgets["distance_in"]
    assert isinstance(distance, QDoubleSpinBox)
    # Not measured yet: the page refuses to go on and says what to do.
    assert distance.value() == -1.0
    # Shown in words, not as a distance of -1.0" (the umpire's trial of the Arapiles).
    assert distance.text() == "not measured"
    assert not facts.isComplete()
    assert "measure the distance" in facts.panel.error.text()
    distance.setValue(30.0)
    assert facts.isComplete()
    first_turn = facts.widgets["first_turn"]
    assert isinstance(first_turn, QCheckBox)
    assert not first_turn.isChecked()
    assert "EotE 3.6" in facts.panel.modifiers.text()
    assert "turn" in facts.panel.odds.text()
    wizard.next()
    roll = wizard.page_of(RollPage)
    assert not roll.isComplete()
    qtbot.keyClick(roll.edits[-1], Qt.Key.Key_5)
    assert roll.isComplete()
    shown = roll.result.text()
    assert "ATTACK: takes effect on turn" in shown
    assert "Activating Orders d10" in roll.edits[-1].die.label
    wizard.next()
    after = next(x for x in demo.view().sides[0].divisions if x.id == d.id)
    assert after.pending_order == "ATTACK"
    assert (after.pending_order_turns or 0) >= 1
    assert f"takes effect on turn {demo.view().turn + (after.pending_order_turns or 0)}" in shown
    entry = demo.journal(limit=1)[0]
    assert (entry.kind, entry.rolls) == ("order_activation", [{"name": "roll", "value": 5}])
    demo.undo()
    assert game_state(demo) == before


def test_attach_leader_wizard(qtbot: QtBot, demo: GameService) -> None:
    uid = division(demo).units[0].id
    wizard = wizard_for(qtbot, demo, "attach_leader", unit_id=uid)
    wizard.next()
    wizard.next()
    assert find(demo, uid).attached_leader is not None
    assert "attached to" in demo.journal(limit=1)[0].summary


def test_ticking_attached_shows_the_distance_settled_not_asked(
    qtbot: QtBot, demo: GameService
) -> None:
    """EotE 3.5.2: a leader attached to the division is with it: his distance is not asked.

    The distance typed goes back to "not measured", greyed, with the reason under it; the
    page goes on (no roll: next turn, 3.1). Unticked, the distance is asked again.
    """
    while demo.view().turn == 1 or demo.view().phase is not Phase.COMMAND:
        demo.advance_phase()
    wizard = wizard_for(qtbot, demo, "order", division_id=division(demo).id)
    facts = wizard.page_of(FactsPage)
    distance = facts.widgets["distance_in"]
    attached = facts.widgets["attached"]
    assert isinstance(distance, QDoubleSpinBox)
    assert isinstance(attached, QCheckBox)
    note = facts.settled_notes["distance_in"]
    assert distance.isEnabled()
    assert note.isHidden()
    distance.setValue(80.0)
    attached.setChecked(True)
    assert not distance.isEnabled()
    assert distance.text() == "not measured"
    assert not note.isHidden()
    assert "attached to the division" in note.text()
    assert facts.isComplete()
    attached.setChecked(False)
    assert distance.isEnabled()
    assert note.isHidden()
    assert not facts.isComplete()  # not measured: asked again
