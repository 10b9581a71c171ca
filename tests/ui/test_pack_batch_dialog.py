"""A pack's batch from the pack screen (issue 32): Adjudicate → Rally, several units (AVlE 12.0).

Ctrl+Alt+1 opens the first batchable check of the pack for the selected side; the dialog
lists every unit, the refused greyed with the reason; Roll for me fills each row's dice and
Apply writes one journal step that one undo takes back.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from eote_ref.store import Database
from eote_ref.ui.pack_game.batch_dialog import PackBatchDialog
from tests.avle_games import quatre_bras, saalfeld
from tests.ui.helpers import shown_window
from tests.unit.referee.packs.test_pack_batch import _three_to_rally


def test_a_rally_of_three_units_from_the_menu_is_one_step(qtbot: QtBot, db: Database) -> None:
    game = quatre_bras(db)
    ids = _three_to_rally(game)
    window = shown_window(qtbot, db, game.game_id)
    screen = window.pack_game
    assert screen.hub is not None
    action = next(
        a for a in window.menuAdjudicate.actions() if a.objectName() == "actionPackBatch_rally"
    )
    assert action.isVisible()
    assert action.shortcut().toString() == "Ctrl+Alt+1"
    assert action.text().replace("&", "") == "Rally, several units… (12.0)"
    action.trigger()
    dialog = screen.dialog
    assert isinstance(dialog, PackBatchDialog)
    assert dialog.windowTitle() == "Rally, several units (AVlE 12.0)"
    due = [i.check.target["unit_id"] for i in dialog.batch.due]
    assert due == ids  # the others are not ordered: listed, refused, unticked
    refused = next(r for r, i in enumerate(dialog.batch.items) if i.refused)
    assert "only an ordered unit rallies (12.0)" in dialog.table.item(refused, 3).text()
    assert not dialog.table.cellWidget(refused, 0).isEnabled()
    assert not dialog.apply_button.isEnabled()  # the dice first
    steps = len(screen.hub.service.journal())
    dialog.roll_button.click()
    assert dialog.apply_button.isEnabled()
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert dialog.applied
    service = screen.hub.service
    journal = service.journal()
    assert len(journal) == steps + 1
    assert journal[0].summary.startswith("Rally of 3 units (AVlE 12.0): ")
    service.undo()
    assert len([e for e in service.journal() if e.status == "done"]) == steps


def test_a_vle_rally_not_allowed_yet_says_why_in_its_row(qtbot: QtBot, db: Database) -> None:
    """Found in the trial of Saalfeld: a row of the rally batch read only *not allowed*.

    IR 49 Müffling, disorganized on turn 1, may not rally before its marker is two turns old
    (VlE XI.1); the check's own dialog said so under its result, the batch's row did not.
    """
    from tests.avle_games import mark

    game = saalfeld(db)
    unit = next(u for u in game.state().units if u.name == "IR 49 Müffling")
    mark(game, ("game_unit", unit.id, "markers.disorganized", 1))
    window = shown_window(qtbot, db, game.game_id)
    dialog = window.pack_game.open_batch("rally", unit.side_id)
    assert isinstance(dialog, PackBatchDialog)
    row = next(r for r, i in enumerate(dialog.batch.items) if i.check.target["unit_id"] == unit.id)
    text = dialog.table.item(row, 3).text()
    assert text == "not allowed: a unit rallies once its marker is two turns old (XI.1)"


def _saalfeld(db: Database) -> object:
    return saalfeld(db)


def test_a_vle_rally_not_allowed_yet_is_never_applied(qtbot: QtBot, db: Database) -> None:
    """Found in the trial of Saalfeld: a unit that may not rally yet (VlE XI.1) stayed ticked.

    On turn 3 IR 49, disorganized on turn 1, may rally and IR Prinz Louis Ferdinand,
    disorganized on turn 2, may not: its row is unticked with the reason, Apply writes the
    one allowed, and the batch object itself leaves out a not-allowed result it is given.
    """
    from tests.avle_games import mark

    game: Any = _saalfeld(db)
    prussians = [u for u in game.state().units if u.name.startswith("IR ")]
    ready, soon = prussians[0], prussians[1]
    mark(
        game,
        ("game", game.game_id, "turn", 3),
        ("game_unit", ready.id, "markers.disorganized", 1),
        ("game_unit", soon.id, "markers.disorganized", 2),
    )
    window = shown_window(qtbot, db, game.game_id)
    dialog = window.pack_game.open_batch("rally", ready.side_id)
    assert isinstance(dialog, PackBatchDialog)
    rows = {i.check.target["unit_id"]: r for r, i in enumerate(dialog.batch.items)}
    assert [i.check.target["unit_id"] for i in dialog.batch.due] == [ready.id]
    box = dialog.table.cellWidget(rows[soon.id], 0)
    assert not box.isChecked()
    assert not box.isEnabled()
    assert dialog.table.item(rows[soon.id], 3).text() == (
        "not allowed: a unit rallies once its marker is two turns old (XI.1)"
    )
    dialog.roll_button.click()
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert dialog.applied
    line = game.journal()[0].summary
    assert line.startswith("Rally of 1 unit (VlE XI.2): ")
    assert soon.name not in line


def test_a_not_allowed_result_that_reaches_apply_is_left_out_in_words(db: Database) -> None:
    """The batch itself never writes a result the rules do not allow (VlE XI.1), if ticked."""
    from eote_ref.referee.pack_batch import batch_targets, open_batch
    from tests.avle_games import mark

    game: Any = _saalfeld(db)
    prussians = [u for u in game.state().units if u.name.startswith("IR ")]
    ready, soon = prussians[0], prussians[1]
    mark(
        game,
        ("game", game.game_id, "turn", 3),
        ("game_unit", ready.id, "markers.disorganized", 1),
        ("game_unit", soon.id, "markers.disorganized", 2),
    )
    batch = open_batch(game, "rally", batch_targets(game, "rally", ready.side_id))
    for item in batch.items:  # as a row ticked by an older dialog would be
        if item.check.target["unit_id"] == soon.id:
            item.refused = None
    batch.roll_all(seed=3)
    steps = len(game.journal())
    batch.apply()
    assert len(game.journal()) == steps + 1
    line = game.journal()[0].summary
    head, _, left_out = line.partition("; not allowed, left out: ")
    assert head.startswith("Rally of 1 unit (VlE XI.2): ")
    assert soon.name not in head
    assert soon.name in left_out


def test_the_vle_rally_batch_is_the_side_whose_player_turn_it_is(
    qtbot: QtBot, db: Database
) -> None:
    """Found in the trial of Saalfeld: the rally batch offered the selected unit's side.

    The rally phase is the phasing player's (VlE II, XI.2): with a unit of the other side
    selected, Ctrl+Alt+1 still lists the units of the side whose player turn it is.
    """
    from tests.ui.pack_helpers import pack_dashboard

    game: Any = _saalfeld(db)
    state = game.state()
    acting = next(s for s in state.sides if s.pack_state.get("position") == 1)
    assert game.turn_label().endswith(f"{acting.name}'s player turn")
    other = next(u for u in state.units if u.side_id != acting.id)
    window = shown_window(qtbot, db, game.game_id)
    assert pack_dashboard(window).select("unit", other.id)
    action = next(
        a for a in window.menuAdjudicate.actions() if a.objectName() == "actionPackBatch_rally"
    )
    action.trigger()
    dialog = window.pack_game.dialog
    assert isinstance(dialog, PackBatchDialog)
    assert dialog.batch.side_id == acting.id
    sides = {state.unit(i.check.target["unit_id"]).side_id for i in dialog.batch.items}
    assert sides == {acting.id}


def test_the_vle_turn_guide_offers_the_rally_of_the_phasing_players_units_only(
    db: Database,
) -> None:
    """The rally phase is the phasing player's (VlE II, XI.2).

    The other side's units, disorganized as long, are not due a rally in it.
    """
    from tests.avle_games import mark

    game: Any = _saalfeld(db)
    state = game.state()
    acting = next(s for s in state.sides if s.pack_state.get("position") == 1)
    mine = next(u for u in state.units if u.side_id == acting.id)
    theirs = next(u for u in state.units if u.side_id != acting.id)
    mark(
        game,
        ("game", game.game_id, "turn", 3),
        ("game", game.game_id, "phase", "rally"),
        ("game_unit", mine.id, "markers.disorganized", 1),
        ("game_unit", theirs.id, "markers.disorganized", 1),
    )
    rallies = [d.target["unit_id"] for d in game.due() if d.check == "rally"]
    assert rallies == [mine.id]
