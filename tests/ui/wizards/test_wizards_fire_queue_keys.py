"""The fire queue from the keyboard, as an umpire's trial (Telnitz at 6mm) found it.

- The next firer from the other side: after a battery of one side was queued, the other
  side's battery typed by its code and Return went straight to the die with the last fire's
  target still chosen, a unit of its own side. The die was refused ("the target must be an
  enemy unit") and the umpire had to leave the keyboard to pick the target (EotE 6.2: a
  battery fires at an enemy in its arc).
- A target typed by its code: Return left the keyboard in the target's filter and a second
  Return applied the whole queue.
- Batteries at one target fired one by one: EotE 6.3 adds their modified CEs into one fire.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from eote_ref.packs.eote.ui.fire import FireWizard, QueuePage
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.unit_picker import UnitPicker
from eote_ref.ui.wizards import build_wizard
from tests.games import named
from tests.ui.helpers import queue_fire, to_phase


def test_a_firer_of_the_other_side_is_asked_its_target(qtbot: QtBot, demo: GameService) -> None:
    to_phase(demo, Phase.FIRE)
    french = named(demo, "20/6 Foot Battery")
    british = named(demo, "Rogers' Battery RA")
    target = named(demo, "2/30th Foot")  # British: the French battery's target
    wizard = build_wizard(GameHub(demo), "artillery_fire", unit_id=french.id)
    assert isinstance(wizard, FireWizard)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.activateWindow()
    qtbot.waitUntil(wizard.isActiveWindow)
    page = wizard.page_of(QueuePage)
    queue_fire(qtbot, page, french.id, target.id, 10.0, 7)
    firers = page.widgets["firers"]
    assert isinstance(firers, UnitPicker)
    qtbot.waitUntil(firers.edit.hasFocus)
    for ch in british.code:
        qtbot.keyClick(QApplication.focusWidget(), ch)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert page.draft.values["firers"] == (british.id,)
    # The British battery's own side is no target: the choice is the umpire's, asked next.
    assert page.draft.values["target"] is None
    picker = page.widgets["target"]
    assert isinstance(picker, UnitPicker)
    assert picker.isAncestorOf(QApplication.focusWidget()) or picker.hasFocus()
    assert not page.die.hasFocus()


def test_a_firer_of_the_same_side_keeps_the_target(qtbot: QtBot, demo: GameService) -> None:
    to_phase(demo, Phase.FIRE)
    first = named(demo, "20/6 Foot Battery")
    second = named(demo, "2/1 Horse Battery")
    target = named(demo, "2/30th Foot")
    wizard = build_wizard(GameHub(demo), "artillery_fire", unit_id=first.id)
    assert isinstance(wizard, FireWizard)
    qtbot.addWidget(wizard)
    wizard.show()
    page = wizard.page_of(QueuePage)
    queue_fire(qtbot, page, first.id, target.id, 10.0, 7)
    page.draft.set("firers", (second.id,))
    assert page.draft.values["target"] == target.id


def test_a_target_typed_by_its_code_leads_to_the_range_then_the_die(
    qtbot: QtBot, demo: GameService
) -> None:
    """Target code, Return, range, Return, die, Alt+A: the keyboard never leaves the fire.

    Before, Return on the target's code kept the keyboard in the target's filter (a digit
    typed next is a unit code, not a die) and a second Return went to the dialog's default
    button, *Apply all*, writing the queue without the fire being entered.
    """
    to_phase(demo, Phase.FIRE)
    battery = named(demo, "20/6 Foot Battery")
    first = named(demo, "2/30th Foot")
    second = named(demo, "1/28th Foot")
    wizard = build_wizard(GameHub(demo), "artillery_fire", unit_id=battery.id)
    assert isinstance(wizard, FireWizard)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.activateWindow()
    qtbot.waitUntil(wizard.isActiveWindow)
    page = wizard.page_of(QueuePage)
    queue_fire(qtbot, page, battery.id, first.id, 10.0, 7)
    horse = named(demo, "2/1 Horse Battery")
    firers = page.widgets["firers"]
    assert isinstance(firers, UnitPicker)
    qtbot.waitUntil(firers.edit.hasFocus)
    for ch in horse.code:
        qtbot.keyClick(QApplication.focusWidget(), ch)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    # Another target: it is the umpire's next choice (the die holds nothing yet).
    picker = page.widgets["target"]
    assert isinstance(picker, UnitPicker)
    picker.setFocus()
    for ch in second.code:
        qtbot.keyClick(QApplication.focusWidget(), ch)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert page.draft.values["target"] == second.id
    spin = page.widgets["range_in"]
    assert spin.hasFocus(), type(QApplication.focusWidget()).__name__
    qtbot.keyClicks(spin, "14")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert wizard.currentPage() is page, "Return applied the queue"
    assert page.die.hasFocus(), type(QApplication.focusWidget()).__name__
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_5)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_A, Qt.KeyboardModifier.AltModifier)
    assert len(page.queue.fires) == 2
    queued = page.queue.fires[1].check
    assert queued.values["target"] == second.id
    assert float(queued.values["range_in"]) == 14.0


def test_batteries_fired_one_by_one_at_one_target_are_pointed_out(
    qtbot: QtBot, demo: GameService
) -> None:
    """EotE 6.3: batteries at one target add their modified CEs into one fire.

    Found in the same trial: two batteries queued one after the other at one battalion were
    rolled apart (a 7 and a 4 where 6.3 gives one fire at 11) and nothing said so.
    """
    to_phase(demo, Phase.FIRE)
    first = named(demo, "20/6 Foot Battery")
    second = named(demo, "2/1 Horse Battery")
    target = named(demo, "2/30th Foot")
    other = named(demo, "33rd Foot")
    wizard = build_wizard(GameHub(demo), "artillery_fire", unit_id=first.id)
    assert isinstance(wizard, FireWizard)
    qtbot.addWidget(wizard)
    wizard.show()
    page = wizard.page_of(QueuePage)
    queue_fire(qtbot, page, first.id, target.id, 10.0, 7)
    assert page.queue.uncombined() == []
    assert "6.3" not in page.totals.text()
    queue_fire(qtbot, page, second.id, other.id, 10.0, 7)
    assert page.queue.uncombined() == []  # two targets: nothing to combine
    page.list.setCurrentRow(1)
    page.remove_current()
    queue_fire(qtbot, page, second.id, target.id, 10.0, 7)
    assert page.queue.uncombined() == [target.name]
    assert "EotE 6.3" in page.totals.text()
    assert target.name in page.totals.text()
