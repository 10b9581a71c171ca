"""Fire at a detached skirmish stand through the fire wizard, and the stand on the dashboard."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QDoubleSpinBox
from pytestqt.qtbot import QtBot

from eote_ref.packs.eote.checks import open_check
from eote_ref.packs.eote.ui.fire import FireAppliedPage, FireWizard, QueuePage
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.unit_model import unit_status
from eote_ref.ui.unit_picker import UnitPicker
from eote_ref.ui.wizards import build_wizard
from tests.games import game_state, named
from tests.ui.helpers import to_phase

DIGITS = {n: getattr(Qt.Key, f"Key_{n}") for n in range(10)}


def test_fire_wizard_at_a_skirmish_stand(qtbot: QtBot, demo: GameService) -> None:
    ligne = named(demo, "1/54e Ligne")  # French, may detach skirmishers
    guards = named(demo, "2/1st Foot Guards")  # British CE 8
    to_phase(demo, Phase.MOVEMENT)
    open_check(demo, "skirmishers", unit_id=ligne.id).apply({})  # detach: parent 1 hit
    to_phase(demo, Phase.FIRE)
    before = game_state(demo)
    wizard = build_wizard(GameHub(demo), "infantry_fire", unit_id=guards.id)
    assert isinstance(wizard, FireWizard)
    qtbot.addWidget(wizard)
    wizard.show()
    page = wizard.page_of(QueuePage)
    firers = page.widgets["firers"]
    assert isinstance(firers, UnitPicker)
    target = page.widgets["target"]
    assert isinstance(target, UnitPicker)
    # A target without a stand out offers no stand; picking the detached unit does.
    target.set_value(named(demo, "2/54e Ligne").id)
    assert "at_stand" not in page.widgets
    target.set_value(ligne.id)
    box = page.widgets["at_stand"]
    assert isinstance(box, QCheckBox)
    assert "skirmish stand" in box.text()
    assert "(5.5)" in box.text()
    rebuilt = page.widgets["target"]
    assert isinstance(rebuilt, UnitPicker)
    assert rebuilt.value() == ligne.id  # the new form keeps the chosen target
    box.setChecked(True)
    spin = page.widgets["range_in"]
    assert isinstance(spin, QDoubleSpinBox)
    spin.setValue(4.0)  # 3" would be refused: any enemy within 3" in the arc (6.5)
    # CE 8 - 2 for a target in skirmish order (10.0) = 6: the 5-7 row, 3 is one hit (6.6).
    assert page.draft.preview().modified == 6
    qtbot.keyClick(page.die, DIGITS[3])
    assert "1 hit" in page.result.text()
    qtbot.mouseClick(page.add_button, Qt.MouseButton.LeftButton)
    assert "1/54e Ligne skirmish stand" in page.list.item(0).text()
    assert "1/54e Ligne skirmish stand: 1 hit" in page.totals.text()
    assert "morale" not in page.totals.text()
    # The next draft starts clean: the stand is not ticked for the next fire.
    assert page.draft.values["at_stand"] is False
    assert game_state(demo) == before
    wizard.next()  # Apply all
    applied = wizard.page_of(FireAppliedPage)
    assert "skirmish stand hits 0 → 1" in applied.label.text()
    u = named(demo, "1/54e Ligne")
    assert (u.hits, u.skirmish_hits, u.disordered) == (1, 1, False)
    assert unit_status(u) == "skirmishers out (1 hit)"
    demo.undo()
    assert game_state(demo) == before


def test_stand_hits_show_on_the_dashboard_status(demo: GameService) -> None:
    ligne = named(demo, "1/54e Ligne")
    demo.set_unit(ligne.id, "skirmishers_out", True)
    assert unit_status(named(demo, "1/54e Ligne")) == "skirmishers out"
    demo.set_unit(ligne.id, "skirmish_hits", 2)
    assert unit_status(named(demo, "1/54e Ligne")) == "skirmishers out (2 hits)"
