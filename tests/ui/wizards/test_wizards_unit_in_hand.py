"""Facts follow the unit in hand, and nothing is picked that the umpire did not select.

Issue 23, findings 5 and 8 and the second trial: a wizard's facts are derived for the unit
now chosen and again whenever the umpire changes it (the title follows); no firer, no unit
charged is chosen for the umpire; Return in a picker's filter takes the unit and no more.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox
from pytestqt.qtbot import QtBot

from eote_ref.packs.eote.checks import open_check
from eote_ref.packs.eote.checks.fire_queue import FireQueue
from eote_ref.packs.eote.ui.fire import FireWizard, QueuePage
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.store import Database
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.unit_picker import UnitPicker
from eote_ref.ui.wizards import MENU, build_wizard
from eote_ref.ui.wizards.base import FactsPage
from tests.games import mark, named
from tests.ui.helpers import choose, demo_window, to_phase, wizard_for


def _fire_wizard(qtbot: QtBot, demo: GameService, key: str, **target: object) -> FireWizard:
    wizard = build_wizard(GameHub(demo), key, **target)
    assert isinstance(wizard, FireWizard)
    qtbot.addWidget(wizard)
    wizard.show()
    return wizard


def _box(page: QueuePage | FactsPage, key: str) -> QCheckBox:
    box = page.widgets[key]
    assert isinstance(box, QCheckBox)
    return box


def test_bombardment_follows_each_battery_of_the_queue(qtbot: QtBot, demo: GameService) -> None:
    """EotE 6.4: a second battery firing at its own last-turn target bombards too."""
    to_phase(demo, Phase.FIRE)
    first, second = named(demo, "20/6 Foot Battery"), named(demo, "10/6 Foot Battery")
    x, y = named(demo, "2/30th Foot"), named(demo, "33rd Foot")
    queue = FireQueue(demo, "artillery")
    for battery, target in ((first, x), (second, y)):
        fire = queue.draft(unit_id=battery.id, target_id=target.id)
        fire.set("range_in", 14.0)
        queue.add(fire, {"roll": 9})
    queue.apply()
    to_phase(demo, Phase.FIRE, turn=2)
    wizard = _fire_wizard(qtbot, demo, "artillery_fire", unit_id=first.id)
    page = wizard.page_of(QueuePage)
    assert _box(page, "bombardment").isChecked()  # the battery it opened on
    qtbot.keyClick(page.die, Qt.Key.Key_9)
    assert page.add_current()
    # The next fire: the umpire picks the second battery and its own last-turn target.
    assert not page.draft.values["firers"]
    choose(page.widgets["firers"], second.id)
    choose(page.widgets["target"], y.id)
    assert page.draft.values["bombardment"] is True
    assert _box(page, "bombardment").isChecked()
    spin = page.widgets["range_in"]
    assert isinstance(spin, QDoubleSpinBox)
    assert spin.value() == 14.0
    assert any(m.rule == "6.4" for m in page.draft.preview().modifiers)
    # Another target: not last turn's, no bombardment.
    choose(page.widgets["target"], x.id)
    assert page.draft.values["bombardment"] is False
    assert not _box(page, "bombardment").isChecked()


def test_a_firer_charged_this_turn_is_being_assaulted(qtbot: QtBot, demo: GameService) -> None:
    """EotE 6.0: a unit contacted by this turn's charge is being assaulted: it does not fire."""
    to_phase(demo, Phase.MOVEMENT)
    cav = next(u for u in demo.view().sides[0].units if u.arm == "cavalry")
    charged = named(demo, "2/30th Foot")
    other = named(demo, "33rd Foot")
    charge = open_check(demo, "charge", unit_id=cav.id, target_id=charged.id)
    charge.apply({})
    to_phase(demo, Phase.FIRE)
    assert open_check(demo, "infantry_fire", unit_id=charged.id).values["firer_assaulted"]
    wizard = _fire_wizard(qtbot, demo, "infantry_fire", unit_id=other.id)
    page = wizard.page_of(QueuePage)
    assert not _box(page, "firer_assaulted").isChecked()
    choose(page.widgets["target"], named(demo, "1/54e Ligne").id)
    choose(page.widgets["firers"], charged.id)  # the umpire switches to the charged unit
    assert _box(page, "firer_assaulted").isChecked()
    assert "assaulted" in (page.draft.trial({"roll": 5}).error or "")
    choose(page.widgets["firers"], other.id)
    assert not _box(page, "firer_assaulted").isChecked()


def test_rally_facts_and_title_follow_the_unit_chosen(qtbot: QtBot, demo: GameService) -> None:
    """EotE 9.1: "routed from a morale check" is the chosen unit's, and so is the title."""
    division = next(d for d in demo.view().sides[1].divisions if len(d.units) >= 2)
    a, b = division.units[0], division.units[1]
    mark(demo, a.id, routed=True, routed_by_morale=True)
    mark(demo, b.id, routed=True, hits=3)
    wizard = wizard_for(qtbot, demo, "rally", division_id=division.id, unit_id=a.id)
    page = wizard.page_of(FactsPage)
    assert _box(page, "routed_by_morale").isChecked()
    assert a.name in wizard.windowTitle()
    combo = page.widgets["unit_id"]
    assert isinstance(combo, QComboBox)
    combo.setCurrentIndex(combo.findData(b.id))  # the umpire picks the other routed unit
    assert wizard.check.values["routed_by_morale"] is False
    assert not _box(page, "routed_by_morale").isChecked()
    assert b.name in wizard.windowTitle()
    assert a.name not in wizard.windowTitle()
    assert b.name in page.title()
    combo.setCurrentIndex(combo.findData(a.id))
    assert _box(page, "routed_by_morale").isChecked()


def test_infantry_fire_next_ticks_no_firer(qtbot: QtBot, demo: GameService) -> None:
    """Finding 8: the infantry sub-phase after the artillery's opens with no firer ticked."""
    to_phase(demo, Phase.FIRE)
    wizard = _fire_wizard(qtbot, demo, "artillery_fire")
    assert not wizard.page_of(QueuePage).draft.values["firers"]
    infantry = wizard.open_infantry_fire()
    assert isinstance(infantry, FireWizard)
    qtbot.addWidget(infantry)
    page = infantry.page_of(QueuePage)
    assert page.draft.values["firers"] == ()
    firers = page.widgets["firers"]
    assert isinstance(firers, UnitPicker)
    assert firers.values() == ()
    # A typed firer is the only firer.
    ligne = named(demo, "1/54e Ligne")
    choose(firers, ligne.id)
    assert page.draft.values["firers"] == (ligne.id,)


def test_charge_has_no_target_until_the_umpire_picks_one(qtbot: QtBot, demo: GameService) -> None:
    """Finding 8: Enter, Enter, Enter on a fresh charge wizard records nothing."""
    to_phase(demo, Phase.MOVEMENT)
    cav = next(u for u in demo.view().sides[0].units if u.arm == "cavalry")
    wizard = wizard_for(qtbot, demo, "charge", unit_id=cav.id)
    assert wizard.check.values["target"] is None
    page = wizard.page_of(FactsPage)
    assert not page.isComplete()
    assert "choose the unit charged" in page.panel.error.text()
    for _ in range(3):
        qtbot.keyClick(wizard, Qt.Key.Key_Return)
    assert wizard.currentPage() is page
    assert not [f for f in demo.view().facts if f.kind == "charge"]


def test_charge_proposes_the_unit_ctrl_clicked(qtbot: QtBot, db: Database) -> None:
    """Second trial: the unit selected in the other side's table is the unit charged."""
    window = demo_window(qtbot, db)
    assert window.hub is not None
    assert window.dashboard is not None
    game = window.hub.service
    to_phase(game, Phase.MOVEMENT)
    cav = next(u for u in game.view().sides[0].units if u.arm == "cavalry")
    target = named(game, "2/30th Foot")
    dash = window.dashboard
    assert dash.select_unit(cav.id)
    pane = next(p for p in dash.panes if p.model.unit_index(target.id).isValid())
    index = pane.proxy.mapFromSource(pane.model.unit_index(target.id))
    pane.tree.scrollTo(index)
    qtbot.mouseClick(
        pane.tree.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.ControlModifier,
        pane.tree.visualRect(index).center(),
    )
    entry = next(m for m in MENU if m.key == "charge")
    wizard = window.run_menu_check(entry)
    assert wizard is not None
    assert wizard.check.target["unit_id"] == cav.id  # the charger, not the unit charged
    assert wizard.check.values["target"] == target.id
    wizard.reject()


def test_return_in_a_pickers_filter_takes_the_unit_and_stays(
    qtbot: QtBot, demo: GameService
) -> None:
    """Second trial: Return in the filter picks the unit found; the wizard does not move on."""
    to_phase(demo, Phase.MOVEMENT)
    cav = next(u for u in demo.view().sides[0].units if u.arm == "cavalry")
    target = named(demo, "2/30th Foot")
    wizard = wizard_for(qtbot, demo, "charge", unit_id=cav.id)
    page = wizard.page_of(FactsPage)
    picker = page.widgets["target"]
    assert isinstance(picker, UnitPicker)
    picker.setFocus()
    qtbot.keyClicks(picker.edit, "2/30th")
    qtbot.keyClick(picker.edit, Qt.Key.Key_Return)
    assert wizard.check.values["target"] == target.id
    assert wizard.currentPage() is page  # the confirm pages are still to be seen
    assert picker.edit.text() == ""
    assert not [f for f in demo.view().facts if f.kind == "charge"]


def test_rally_reads_out_of_range_from_a_fall_back_just_ended(
    qtbot: QtBot, demo: GameService
) -> None:
    """EotE 9.0, 9.1: a division that stopped falling back 18" clear is out of combat range."""
    to_phase(demo, Phase.INTEGRITY)
    division = next(d for d in demo.view().sides[1].divisions if len(d.units) >= 2)
    routed = division.units[0]
    mark(demo, routed.id, routed=True, hits=2)
    demo.set_division(division.id, "falling_back", True)
    before = wizard_for(qtbot, demo, "rally", division_id=division.id)
    assert not _box(before.page_of(FactsPage), "out_of_tcr").isChecked()
    before.reject()
    ended = open_check(demo, "falling_back_ended", division_id=division.id)
    ended.set("reason", "clear")
    ended.apply({})
    wizard = wizard_for(qtbot, demo, "rally", division_id=division.id)
    assert _box(wizard.page_of(FactsPage), "out_of_tcr").isChecked()
    assert wizard.check.trial({"roll": 1}).outcome is not None  # no "in combat range" refusal
    demo.undo()  # the fall back's end undone: no longer derived
    assert not open_check(demo, "rally", division_id=division.id).values["out_of_tcr"]
