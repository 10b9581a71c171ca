"""The morale batch dialog chains a rout through the units it passes (EotE 7.5)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from eote_ref.packs.eote.ui.batch_dialog import BatchDialog
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.todo import checks_due
from eote_ref.ui.game_hub import GameHub
from tests.ui.helpers import DIGITS, to_phase


def test_a_rout_through_friends_adds_their_rows_and_applies_in_one_step(
    qtbot: QtBot, demo: GameService
) -> None:
    to_phase(demo, Phase.FIRE)
    router, first, second = [u for u in demo.view().sides[0].units if u.arm == "infantry"][:3]
    demo.set_unit(router.id, "hits", demo.morale_threshold + 2)
    dialog = BatchDialog(GameHub(demo), "morale_all")
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.table.rowCount() == 1
    assert 0 in dialog.passes  # the row's "passes through" menu
    dialog.passes_chosen(0, (first.id, second.id))
    assert dialog.table.rowCount() == 1  # nothing owed until it routs
    qtbot.keyClick(dialog.edits[0], DIGITS[0])  # a 10: routs
    assert dialog.batch.items[0].outcome is not None
    assert dialog.batch.items[0].outcome.result == "rout"
    assert dialog.table.rowCount() == 3
    assert sorted(dialog.edits) == [0, 1, 2]
    assert dialog.edits[1].hasFocus() or not dialog.isActiveWindow()
    qtbot.keyClick(dialog.edits[1], DIGITS[1])
    qtbot.keyClick(dialog.edits[2], DIGITS[1])
    steps = len(demo.journal())
    assert dialog.apply(), dialog.error.text()
    assert len(demo.journal()) == steps + 1
    assert not [c for c in checks_due(demo.view(), demo) if c.procedure == "morale"]
