"""The end-of-turn wizards driven with typed dice, and the End battle summary dialog."""

from __future__ import annotations

import csv
import io
import pathlib

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QDialog, QTableWidgetItem
from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.session import Database
from eote_ref.referee.views import DivisionView, UnitView
from eote_ref.ui.battle_summary import BattleSummaryDialog
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.wizards import MENU
from eote_ref.ui.wizards.base import CheckWizard, FactsPage, ResultPage, RollPage
from tests.games import game_state, mark
from tests.ui.helpers import to_phase, wizard_for


def guards(game: GameService) -> DivisionView:
    return next(d for d in game.view().sides[1].divisions if d.name == "1st British Division")


def find(game: GameService, uid: int) -> UnitView:
    return next(u for s in game.view().sides for u in s.units if u.id == uid)


def type_keys(qtbot: QtBot, wizard: CheckWizard, *keys: Qt.Key) -> None:
    for key in keys:
        qtbot.keyClick(wizard.page_of(RollPage).edits[-1], key)


def test_leader_casualty_wizard_kills_and_undo_restores(qtbot: QtBot, demo: GameService) -> None:
    d = guards(demo)
    mark(demo, d.units[0].id, fought_this_turn=True)
    to_phase(demo, Phase.LEADER_CASUALTY)
    before = game_state(demo)
    wizard = wizard_for(qtbot, demo, "leader_casualty", division_id=d.id)
    assert "killed" in wizard.page_of(FactsPage).panel.odds.text()
    wizard.next()
    type_keys(qtbot, wizard, Qt.Key.Key_1)
    roll = wizard.page_of(RollPage)
    assert "killed" in roll.result.text()
    assert game_state(demo) == before
    wizard.next()
    assert wizard.currentPage() is wizard.page_of(ResultPage)
    lead = guards(demo).leader
    assert lead is not None
    assert lead.killed
    assert lead.replacement_due_turn == 3
    assert demo.journal(limit=1)[0].kind == "leader_casualty"
    demo.undo()
    assert game_state(demo) == before


def test_integrity_wizard_asks_the_second_die_only_on_a_failure(
    qtbot: QtBot, demo: GameService
) -> None:
    d = guards(demo)
    mark(demo, d.units[0].id, routed=True, routed_this_turn=True)
    to_phase(demo, Phase.INTEGRITY)
    before = game_state(demo)
    wizard = wizard_for(qtbot, demo, "integrity", division_id=d.id)
    assert "per routed unit" in wizard.page_of(FactsPage).panel.modifiers.text()
    wizard.next()
    roll = wizard.page_of(RollPage)
    type_keys(qtbot, wizard, Qt.Key.Key_3)  # base 9 - 6 = 3: passes
    assert len(roll.edits) == 1
    assert "holds" in roll.result.text()
    type_keys(qtbot, wizard, Qt.Key.Key_4)  # fails: the DI fail chart die appears
    assert len(roll.edits) == 2
    assert not roll.isComplete()
    type_keys(qtbot, wizard, Qt.Key.Key_2)
    assert "routs" in roll.result.text()
    wizard.next()
    assert guards(demo).routed
    entry = demo.journal(limit=1)[0]
    assert entry.result == "rout"
    assert entry.rolls == [{"name": "roll", "value": 4}, {"name": "second_roll", "value": 2}]
    demo.undo()
    assert game_state(demo) == before


def test_rally_wizard_needs_the_out_of_range_confirmation(qtbot: QtBot, demo: GameService) -> None:
    d = guards(demo)
    uid = d.units[0].id
    mark(demo, uid, routed=True, hits=4)
    before = game_state(demo)
    wizard = wizard_for(qtbot, demo, "rally", division_id=d.id)
    facts = wizard.page_of(FactsPage)
    assert not facts.isComplete()
    box = facts.widgets["out_of_tcr"]
    assert isinstance(box, QCheckBox)
    box.setChecked(True)
    assert facts.isComplete()
    wizard.next()
    type_keys(qtbot, wizard, Qt.Key.Key_4)  # CE 8 + 1 - 4 hits = 5: 4 rallies
    wizard.next()
    u = find(demo, uid)
    assert (u.routed, u.hits) == (False, 2)
    demo.undo()
    assert game_state(demo) == before


def test_all_cavalry_wizard_takes_no_die(qtbot: QtBot, demo: GameService) -> None:
    cav = [u.id for u in demo.view().sides[1].units if u.arm == "cavalry"][:2]
    mark(demo, cav[0], fought_this_turn=True)
    mark(demo, cav[1], fought_this_turn=True, fought_while_blown=True, blown=1)
    to_phase(demo, Phase.INTEGRITY)
    before = game_state(demo)
    wizard = wizard_for(qtbot, demo, "cavalry_end_of_turn_all")
    wizard.next()
    roll = wizard.page_of(RollPage)
    assert roll.isComplete()
    assert not roll.edits
    assert "1 blown, 1 disintegrated" in roll.result.text()
    wizard.next()
    assert find(demo, cav[0]).blown == 1
    assert find(demo, cav[1]).off_table
    assert demo.journal(limit=1)[0].summary == "cavalry end of turn: 1 blown, 1 disintegrated"
    demo.undo()
    assert game_state(demo) == before


@pytest.mark.parametrize(
    ("key", "typed", "summary"),
    [
        ("pontoon", (), "pontoon: work turn 1 of 4 counted; the bridge is ready after turn"),
        ("demolition", (), "demolition charge set"),
    ],
)
def test_engineering_wizards_record_their_task(
    qtbot: QtBot, demo: GameService, key: str, typed: tuple[Qt.Key, ...], summary: str
) -> None:
    uid = guards(demo).units[0].id
    before = game_state(demo)
    wizard = wizard_for(qtbot, demo, key, unit_id=uid)
    wizard.next()
    type_keys(qtbot, wizard, *typed)
    wizard.next()
    assert summary in demo.journal(limit=1)[0].summary
    demo.undo()
    assert game_state(demo) == before


def test_burning_wizard_reads_a_percentile(qtbot: QtBot, demo: GameService) -> None:
    wizard = wizard_for(qtbot, demo, "burning")
    wizard.next()
    type_keys(qtbot, wizard, Qt.Key.Key_9)
    assert "not burning" not in wizard.page_of(RollPage).result.text()
    assert "burning" in wizard.page_of(RollPage).result.text()
    wizard.next()
    assert demo.journal(limit=1)[0].result == "burning"


def test_falling_back_ended_wizard(qtbot: QtBot, demo: GameService) -> None:
    d = guards(demo)
    demo.set_division(d.id, "falling_back", True)
    wizard = wizard_for(qtbot, demo, "falling_back_ended", division_id=d.id)
    wizard.next()
    wizard.next()
    assert not guards(demo).falling_back


def test_menu_offers_the_end_of_turn_wizards_in_their_phases(qtbot: QtBot, db: Database) -> None:
    keys = {m.key: m for m in MENU}
    assert keys["leader_casualty"].phases == ("leader_casualty",)
    assert "integrity" in keys["integrity"].phases
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.open_demo()
    for key in ("leader_casualty", "integrity", "rally", "cavalry_end_of_turn_all"):
        assert window.adjudicate_actions[key].shortcut().toString()


def test_end_battle_dialog_shows_and_exports(
    qtbot: QtBot, db: Database, tmp_path: pathlib.Path
) -> None:
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.open_demo()
    assert window.hub is not None
    game = window.hub.service
    d = guards(game)
    game.set_unit(d.units[0].id, "hits", 2)
    game.set_unit(d.units[1].id, "routed", True)
    window.actionEndBattle.trigger()
    dialog = window.findChild(QDialog, "battleSummary")
    assert isinstance(dialog, BattleSummaryDialog)
    table = dialog.sides_table

    def text(item: QTableWidgetItem | None) -> str:
        assert item is not None
        return item.text()

    labels = [text(table.verticalHeaderItem(i)) for i in range(table.rowCount())]
    columns = [text(table.horizontalHeaderItem(j)) for j in range(table.columnCount())]
    british = columns.index(game.view().sides[1].name)
    assert text(table.item(labels.index("Hits taken"), british)) == "2"
    assert text(table.item(labels.index("Units routed"), british)) == "1"
    rows = list(csv.reader(io.StringIO(dialog.export(tmp_path / "s.csv").read_text())))
    assert ["Hits taken", "0", "2"] in rows
    page = dialog.export(tmp_path / "s.html").read_text()
    assert page.startswith("<!DOCTYPE html>")
    assert "<td>2</td>" in page
    dialog.close()


def test_the_guide_stays_on_the_second_integrity_roll_after_a_fall_back(
    qtbot: QtBot, demo: GameService
) -> None:
    """Issue 23: the guide's cursor goes to the division's second integrity check.

    After a failed check it went to the new "falling back" line; information rows came first.
    """
    from eote_ref.ui.game_hub import GameHub
    from eote_ref.ui.turn_guide import TurnGuide

    d = guards(demo)
    mark(demo, d.units[0].id, fought_this_turn=True)
    to_phase(demo, Phase.LEADER_CASUALTY)
    wizard = wizard_for(qtbot, demo, "leader_casualty", division_id=d.id)
    wizard.next()
    type_keys(qtbot, wizard, Qt.Key.Key_1)  # killed: a check for the commander (9.0)
    wizard.next()
    mark(demo, d.units[1].id, routed=True, routed_this_turn=True)  # and one for the rout
    to_phase(demo, Phase.INTEGRITY)
    hub = GameHub(demo)
    guide = TurnGuide(hub)
    qtbot.addWidget(guide)
    titles = [c.title for c in guide.checks]
    first = next(t for t in titles if t.endswith("integrity check (infantry routed)"))
    second = next(t for t in titles if t.endswith("integrity check (commander killed)"))
    assert titles.index(first) < titles.index(second)
    guide.list.setCurrentRow(titles.index(first))
    wizard = wizard_for(qtbot, demo, "integrity", division_id=d.id)
    wizard.next()
    type_keys(qtbot, wizard, Qt.Key.Key_0, Qt.Key.Key_5)  # fails, then falls back
    wizard.next()
    guide.show_view(hub.service.view())
    assert any(c.procedure == "falling_back_ended" for c in guide.checks)
    assert guide.checks[guide.list.currentRow()].title == second
    due = [c.due for c in guide.checks]
    assert due == sorted(due, reverse=True)  # what is owed, then what is for information
