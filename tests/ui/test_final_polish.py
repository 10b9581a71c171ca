"""Final polish: no-roll values named, phase steps in the journal, hit tips, room for names."""

from __future__ import annotations

import csv
import pathlib
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.store import Database, SetField
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.journal_view import JournalColumn
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.unit_model import Column
from eote_ref.ui.wizards import build_wizard
from eote_ref.ui.wizards.base import CheckWizard, FactsPage


def wizard_for(qtbot: QtBot, game: GameService, key: str, **target: Any) -> CheckWizard:
    wizard = build_wizard(GameHub(game), key, **target)
    assert wizard is not None, key
    qtbot.addWidget(wizard)
    wizard.show()
    return wizard


def to_phase(game: GameService, phase: Phase, *, new_turn: bool = False) -> None:
    while (new_turn and game.view().turn == 1) or game.view().phase is not phase:
        game.advance_phase()


# ---------------------------------------------------------------------- no-roll values
def test_a_no_roll_check_names_its_value_and_has_no_modified_row(
    qtbot: QtBot, demo: GameService
) -> None:
    to_phase(demo, Phase.COMMAND, new_turn=True)
    d = next(d for d in demo.view().sides[1].divisions if len(d.units) >= 4 and d.leader)
    wizard = wizard_for(qtbot, demo, "command_radius", division_id=d.id)
    panel = wizard.page_of(FactsPage).panel
    text = panel.modifiers.text()
    assert "Command radius" in text
    assert "EotE 3.6" in text
    assert "Base" not in text
    assert "Modified" not in text
    assert "From the rules" in panel.modifiers_heading.text()
    assert not panel.odds.isVisibleTo(panel)


def test_a_no_roll_check_with_a_modifier_shows_value_and_value_now(
    qtbot: QtBot, demo: GameService
) -> None:
    to_phase(demo, Phase.MOVEMENT)
    # The side without the initiative moves half (EotE 5.1): a modifier on the allowance.
    view = demo.view()
    side = next(s for s in view.sides if s.position != view.initiative)
    unit = next(u for u in side.units if u.arm == "infantry")
    wizard = wizard_for(qtbot, demo, "formation", unit_id=unit.id)
    panel = wizard.page_of(FactsPage).panel
    text = panel.modifiers.text()
    assert "Move allowance" in text
    assert "Move allowance now" in text
    assert "moves half" in text
    assert "Base" not in text
    assert "Modified" not in text
    assert "Modifiers" in panel.modifiers_heading.text()


def test_a_check_with_a_roll_keeps_base_and_modified(qtbot: QtBot, demo: GameService) -> None:
    unit = next(u for u in demo.view().sides[0].units if u.arm == "infantry")
    demo.set_unit(unit.id, "hits", 1)
    wizard = wizard_for(qtbot, demo, "square", unit_id=unit.id)
    panel = wizard.page_of(FactsPage).panel
    text = panel.modifiers.text()
    assert "Base" in text
    assert "Modified" in text
    assert "Modifiers" in panel.modifiers_heading.text()
    assert panel.odds.isVisibleTo(panel)


# ---------------------------------------------------------------------- journal
@pytest.fixture
def window(qtbot: QtBot, db: Database, demo: GameService) -> MainWindow:
    w = MainWindow(db)
    qtbot.addWidget(w)
    w.resize(1440, 900)
    w.show()
    w.open_demo()
    return w


def service(window: MainWindow) -> GameService:
    assert window.hub is not None
    return window.hub.service


def test_phase_steps_read_as_the_next_phase_beginning(
    window: MainWindow, tmp_path: pathlib.Path
) -> None:
    s = service(window)
    s.advance_phase()  # command -> initiative
    to_phase(s, Phase.COMMAND, new_turn=True)
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


# ---------------------------------------------------------------------- dashboard
def test_hits_cell_and_header_explain_the_track(window: MainWindow) -> None:
    assert window.dashboard is not None
    s = service(window)
    pane = window.dashboard.panes[0]
    unit = pane.model.divisions[0].units[0]
    s.set_unit(unit.id, "hits", 4)
    after = next(u for u in s.view().sides[0].units if u.id == unit.id)
    tip = pane.model.unit_index(unit.id, Column.HITS).data(Qt.ItemDataRole.ToolTipRole)
    assert tip == (
        f"4 hits; morale check from 3 hits (EotE 7.5); effective CE {after.effective_ce}"
    )
    s.set_unit(unit.id, "hits", 1)
    tip = pane.model.unit_index(unit.id, Column.HITS).data(Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("1 hit; ")
    # The other cells keep the unit's own tooltip.
    name_tip = pane.model.unit_index(unit.id, Column.UNIT).data(Qt.ItemDataRole.ToolTipRole)
    assert unit.name in name_tip
    header = str(
        pane.proxy.headerData(Column.HITS, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    )
    for words in ("ring", "threshold", "EotE 7.5"):
        assert words in header


def test_the_demos_unit_names_fit_at_1440_px(qtbot: QtBot, window: MainWindow) -> None:
    assert window.dashboard is not None
    qtbot.waitExposed(window)
    for pane in window.dashboard.panes:
        tree = pane.tree
        header = tree.header()
        # What the longest name needs (indentation and padding included) fits the column.
        assert header.sectionSize(Column.UNIT) >= tree.sizeHintForColumn(Column.UNIT), pane
        for column in Column:
            if column is not Column.UNIT:
                assert header.sectionSize(column) < header.sectionSize(Column.UNIT)


def test_the_leader_column_is_narrow_and_the_tooltip_names_the_leader(
    window: MainWindow,
) -> None:
    assert window.dashboard is not None
    s = service(window)
    pane = window.dashboard.panes[0]
    d = next(d for d in pane.model.divisions if d.leader)
    assert d.leader is not None
    unit = d.units[0]
    s.record("test", "set up", [SetField("game_unit", unit.id, "attached_leader_id", d.leader.id)])
    after = next(u for u in s.view().sides[0].units if u.id == unit.id)
    assert after.attached_leader
    tip = pane.model.unit_index(unit.id, Column.UNIT).data(Qt.ItemDataRole.ToolTipRole)
    assert f"★ {after.attached_leader} attached" in tip
    label = pane.proxy.headerData(Column.LEADER, Qt.Orientation.Horizontal)
    assert label == "Ldr"
