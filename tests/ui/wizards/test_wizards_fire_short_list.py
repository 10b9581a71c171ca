"""A fire queue with few batteries: the next battery's code and Return pick it (issue 30).

With eight firers or fewer the firers' list used to be a plain checklist: a battery's code
found its row, but Return went to the dialog's default button, *Apply all*, and wrote the
queue with one fire. The README's "code, Return, die, Alt+A" must hold however short the list.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from eote_ref.packs.eote.ui.fire import FireWizard, QueuePage
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.scenario_setup import create_scenario_game, load, shipped_scenarios
from eote_ref.store import Database
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.wizards import build_wizard
from eote_ref.ui.wizards.base import PICKER_FROM
from tests.ui.helpers import DIGITS, queue_fire, to_phase


def test_a_battery_code_and_return_in_a_short_queue_pick_it(qtbot: QtBot, db: Database) -> None:
    path = next(p for p in shipped_scenarios() if p.stem == "waterloo-hougoumont")
    game = GameService(db, create_scenario_game(db, load(path)))
    to_phase(game, Phase.FIRE)
    french, allied = game.view().sides
    batteries = [u for u in french.units if u.arm == "artillery"]
    assert 2 <= len(batteries) <= PICKER_FROM  # the short list
    first, second = batteries[:2]
    target = next(u for u in allied.units if u.arm == "infantry")
    wizard = build_wizard(GameHub(game), "artillery_fire", unit_id=first.id)
    assert isinstance(wizard, FireWizard)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.activateWindow()
    qtbot.waitUntil(wizard.isActiveWindow)
    page = wizard.page_of(QueuePage)
    queue_fire(qtbot, page, first.id, target.id, 10.0, 7)
    assert len(page.queue.fires) == 1
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    steps = len(game.journal())
    # The umpire: the next battery's code, Return, the die, Alt+A.
    for ch in second.code:
        qtbot.keyClick(QApplication.focusWidget(), ch)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert wizard.currentPage() is page, "Return applied the queue"
    assert wizard.applied_fires == 0
    assert len(game.journal()) == steps  # nothing written
    assert page.draft.values["firers"] == (second.id,)
    assert page.die.hasFocus()
    qtbot.keyClick(QApplication.focusWidget(), DIGITS[6])
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_A, Qt.KeyboardModifier.AltModifier)
    assert len(page.queue.fires) == 2
    assert page.queue.fires[1].check._ids() == (second.id,)
