"""The journal log after each step: only its newest rows change, and it shows the journal."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.journal_view import ENTRY_ROLE, JournalView


def _rows(log: JournalView) -> list[object]:
    log.flush()
    return [log.model.index(r, 0).data(ENTRY_ROLE) for r in range(log.model.rowCount())]


def test_the_log_follows_steps_undo_redo_and_a_step_after_an_undo(
    qtbot: QtBot, demo: GameService
) -> None:
    log = JournalView(GameHub(demo))
    qtbot.addWidget(log)
    unit = demo.view().sides[0].units[2]
    demo.toggle_unit(unit.id, "pinned")  # the log holds a step (an empty one is rebuilt)
    log.flush()
    inserted: list[int] = []
    removed: list[int] = []
    log.model.rowsInserted.connect(lambda _p, first, last: inserted.append(last - first + 1))
    log.model.rowsRemoved.connect(lambda _p, first, last: removed.append(last - first + 1))
    resets: list[bool] = []
    log.model.modelReset.connect(lambda: resets.append(True))

    demo.adjust_unit(unit.id, "hits", 1)
    demo.toggle_unit(unit.id, "disordered")
    assert _rows(log) == demo.journal()
    assert log.ui.countLabel.text().startswith(f"{len(demo.journal())} step")
    assert log.select_seq(demo.journal()[1].seq)  # the hit, below the newest step
    selected = log.selected_entry()
    assert selected is not None

    demo.undo()
    assert _rows(log) == demo.journal()
    assert "1 undone" in log.ui.countLabel.text()
    assert log.ui.redoButton.isEnabled()
    demo.redo()
    assert _rows(log) == demo.journal()
    demo.undo()
    demo.adjust_unit(unit.id, "hits", 1)  # discards the undone step
    assert _rows(log) == demo.journal()
    assert "undone" not in log.ui.countLabel.text()
    assert not log.ui.redoButton.isEnabled()
    # the selection stayed on its step, and no step rebuilt the log
    current = log.selected_entry()
    assert current is not None
    assert current.seq == selected.seq
    assert not resets
    assert inserted == [2]  # the two steps, read together
    assert not removed  # the discarded step's row shows the step that replaced it


def test_undo_to_the_selected_step_is_offered_only_below_a_done_step(
    qtbot: QtBot, demo: GameService
) -> None:
    log = JournalView(GameHub(demo))
    qtbot.addWidget(log)
    unit = demo.view().sides[1].units[0]
    for _ in range(3):
        demo.adjust_unit(unit.id, "hits", 1)
    newest = demo.journal()
    assert log.select_seq(newest[0].seq)
    assert not log.ui.undoToButton.isEnabled()  # nothing done after the newest step
    assert log.select_seq(newest[2].seq)
    assert log.ui.undoToButton.isEnabled()
    demo.undo(2)
    assert log.select_seq(newest[2].seq)
    assert not log.ui.undoToButton.isEnabled()  # the steps after it are undone
