"""The journal view and its export: phase steps read as the next phase beginning."""

from __future__ import annotations

import csv
import pathlib

import pytest
from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.store import Database
from eote_ref.ui.journal_view import JournalColumn
from eote_ref.ui.main_window import MainWindow
from tests.ui.helpers import demo_window, service, to_phase


@pytest.fixture
def window(qtbot: QtBot, db: Database, demo: GameService) -> MainWindow:
    return demo_window(qtbot, db)


def test_phase_steps_read_as_the_next_phase_beginning(
    window: MainWindow, tmp_path: pathlib.Path
) -> None:
    s = service(window)
    s.advance_phase()  # command -> initiative
    to_phase(s, Phase.COMMAND, turn=2)
    journal = window.journal
    assert journal is not None
    journal.flush()
    model = journal.model
    shown = [model.data(model.index(row, JournalColumn.SUMMARY)) for row in range(model.rowCount())]
    phases = [model.data(model.index(row, JournalColumn.PHASE)) for row in range(model.rowCount())]
    assert shown[-1] == "→ Initiative phase begins"
    assert phases[-1] == Phase.COMMAND.label  # the step is kept under the phase it leaves
    assert shown[0].startswith(f"→ Turn 2 begins: {Phase.COMMAND.label} phase")
    journal.set_filter("begins")
    assert len(journal.visible_entries()) == len(shown)
    window.export_journal(tmp_path / "j.csv")
    rows = list(csv.reader((tmp_path / "j.csv").open(encoding="utf-8")))
    assert rows[1][3] == "→ Initiative phase begins"
    assert rows[-1][3] == shown[0]
    window.export_journal(tmp_path / "j.txt")
    assert "→ Movement phase begins" in (tmp_path / "j.txt").read_text(encoding="utf-8")
