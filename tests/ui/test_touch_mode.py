"""Touch mode: finger-sized controls, tap to tick, and the d10 pad on every wizard's roll page."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from eote_ref.packs.eote.ui.fire import QueuePage
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.settings import app_settings
from eote_ref.ui.touch import TOUCH_MODE, restore_touch_mode, set_touch_mode, touch_mode
from eote_ref.ui.unit_picker import VALUE_ROLE, UnitPicker
from eote_ref.ui.wizards import build_wizard
from eote_ref.ui.wizards.base import CheckWizard, RollPage


@pytest.fixture
def touch(qapp: QApplication) -> Iterator[None]:
    set_touch_mode(True)
    yield
    set_touch_mode(False)


def infantry(game: GameService) -> int:
    return next(u.id for u in game.view().sides[0].units if u.arm == "infantry")


def morale_wizard(qtbot: QtBot, demo: GameService) -> tuple[GameHub, CheckWizard]:
    hub = GameHub(demo)
    wizard = build_wizard(hub, "morale", unit_id=infantry(demo))
    assert wizard is not None
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.next()
    return hub, wizard


def test_touch_mode_is_remembered_and_styles_the_app(touch: None, qapp: QApplication) -> None:
    assert touch_mode()
    assert "min-height" in qapp.styleSheet()
    assert str(app_settings().value(TOUCH_MODE)).lower() == "true"
    set_touch_mode(False)
    assert qapp.styleSheet() == ""
    assert not restore_touch_mode()
    set_touch_mode(True)
    assert restore_touch_mode()


def test_die_pad_types_the_die_and_apply_writes_it(
    qtbot: QtBot, touch: None, demo: GameService
) -> None:
    hub, wizard = morale_wizard(qtbot, demo)
    roll = wizard.page_of(RollPage)
    assert roll.pad.isVisible()
    assert [b.text() for b in roll.pad.buttons] == [str(n) for n in range(1, 11)]
    qtbot.mouseClick(roll.pad.buttons[9], Qt.MouseButton.LeftButton)  # the 10
    assert roll.edits[-1].text() == "0"
    qtbot.mouseClick(roll.pad.buttons[2], Qt.MouseButton.LeftButton)  # a 3 replaces it
    assert roll.rolls() == {"roll": 3}
    assert roll.isComplete()
    wizard.next()
    assert wizard.outcome is not None
    assert wizard.outcome.roll == 3
    assert hub.service.journal(limit=1)[0].rolls == [{"name": "roll", "value": 3}]


def test_no_pad_without_touch_mode(qtbot: QtBot, demo: GameService) -> None:
    assert not touch_mode()
    _hub, wizard = morale_wizard(qtbot, demo)
    assert not wizard.page_of(RollPage).pad.isVisible()


def test_a_tap_on_the_row_ticks_a_unit_once(qtbot: QtBot, touch: None, demo: GameService) -> None:
    while demo.view().phase is not Phase.FIRE:
        demo.advance_phase()
    hub = GameHub(demo)
    firer = next(u.id for u in demo.view().sides[1].units if u.arm == "infantry")
    wizard = build_wizard(hub, "infantry_fire", unit_id=firer)
    assert wizard is not None
    qtbot.addWidget(wizard)
    wizard.show()
    page = wizard.page_of(QueuePage)
    assert page.pad.isVisible()
    picker = page.widgets["firers"]
    assert isinstance(picker, UnitPicker)
    lst, model = picker.list, picker.model
    item = next(
        model.item(i)
        for i in range(model.rowCount())
        if model.item(i).checkState() == Qt.CheckState.Unchecked
    )
    lst.scrollTo(item.index())
    rect = lst.visualRect(item.index())
    qtbot.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert item.checkState() == Qt.CheckState.Checked
    assert item.data(VALUE_ROLE) in picker.values()
    qtbot.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert item.checkState() == Qt.CheckState.Unchecked
    assert item.data(VALUE_ROLE) not in picker.values()
    qtbot.mouseClick(page.pad.buttons[4], Qt.MouseButton.LeftButton)
    assert page.die.text() == "5"


def test_the_batch_dialog_has_the_pad_and_fills_row_after_row(
    qtbot: QtBot, touch: None, demo: GameService
) -> None:
    """Every leader near a combat, or every morale check due, one tap a row (touch mode)."""
    from eote_ref.packs.eote.ui.batch_dialog import BatchDialog

    while demo.view().phase is not Phase.FIRE:
        demo.advance_phase()
    units = [u for u in demo.view().sides[0].units if u.arm == "infantry"][:2]
    for unit in units:  # two units due a morale check
        demo.set_unit(unit.id, "hits", demo.morale_threshold)
    hub = GameHub(demo)
    dialog = BatchDialog(hub, "morale_all")
    qtbot.addWidget(dialog)
    dialog.show()
    assert len(dialog.edits) >= 2
    assert dialog.pad.isVisible()
    rows = sorted(dialog.edits)
    qtbot.mouseClick(dialog.pad.buttons[9], Qt.MouseButton.LeftButton)  # a 10 on the first
    qtbot.mouseClick(dialog.pad.buttons[0], Qt.MouseButton.LeftButton)  # a 1 on the next
    assert [dialog.edits[r].text() for r in rows[:2]] == ["0", "1"]
    assert dialog.batch.items[rows[0]].rolls == {"roll": 0}
    assert dialog.batch.items[rows[1]].rolls == {"roll": 1}
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    first = dialog.edits[rows[0]]
    qtbot.mouseClick(first, Qt.MouseButton.LeftButton)  # a wrong die: tap its field...
    qtbot.waitUntil(first.hasFocus)
    qtbot.mouseClick(dialog.pad.buttons[2], Qt.MouseButton.LeftButton)  # ...then the face
    assert dialog.batch.items[rows[0]].rolls == {"roll": 3}
    assert dialog.batch.items[rows[1]].rolls == {"roll": 1}


def test_no_pad_on_the_batch_dialog_without_touch_mode(qtbot: QtBot, demo: GameService) -> None:
    from eote_ref.packs.eote.ui.batch_dialog import BatchDialog

    dialog = BatchDialog(GameHub(demo), "leader_casualty_all")
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.pad.isVisible()
