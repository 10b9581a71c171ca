"""The usability review's fixes: battle summary words, dashboard hits and tips, wizard, campaign."""

from __future__ import annotations

import datetime

import pytest
from PySide6.QtCharts import QBarCategoryAxis, QBarSeries
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView, QTableWidget, QTreeWidgetItem, QWizard
from pytestqt.qtbot import QtBot

from eote_ref.referee.campaign import CampaignService, NewBattle
from eote_ref.referee.campaign.report import campaign_report_html
from eote_ref.referee.game import GameService
from eote_ref.referee.setup import SetupService, shipped_army_lists
from eote_ref.store import Database, SetField, list_games
from eote_ref.ui.battle_summary import BattleSummaryDialog
from eote_ref.ui.campaign_dialogs import ArmyDialog, BattleDialog
from eote_ref.ui.campaign_window import CampaignWindow
from eote_ref.ui.delegates import hit_pips_shown, hit_pips_width
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.new_game_wizard.initiative_page import InitiativePage
from eote_ref.ui.new_game_wizard.summary_page import SummaryPage
from eote_ref.ui.new_game_wizard.wizard import NewGameWizard
from eote_ref.ui.unit_model import Column

LISTS = {p.name: p for p in shipped_army_lists()}


def _texts(table: QTableWidget, vertical: bool) -> list[str]:
    n = table.rowCount() if vertical else table.columnCount()
    items = [
        table.verticalHeaderItem(i) if vertical else table.horizontalHeaderItem(i) for i in range(n)
    ]
    return [i.text() if i is not None else "" for i in items]


def _cell(table: QTableWidget, row: int, column: int) -> str:
    item = table.item(row, column)
    assert item is not None
    return item.text()


def _node(item: QTreeWidgetItem | None) -> QTreeWidgetItem:
    assert item is not None
    return item


# ---------------------------------------------------------------------------- battle summary
def test_battle_summary_words_turn_column_and_net_hits(qtbot: QtBot, demo: GameService) -> None:
    french, allied = demo.view().sides
    demo.adjust_unit(french.units[0].id, "hits", 3)  # the umpire's marker edit counts
    demo.adjust_unit(allied.units[0].id, "hits", 2)
    while demo.view().turn == 1:
        demo.advance_phase()
    demo.record("rally", "rallied", [SetField("game_unit", french.units[0].id, "hits", 1)])
    dialog = BattleSummaryDialog(GameHub(demo))
    qtbot.addWidget(dialog)
    labels = _texts(dialog.sides_table, vertical=True)
    assert "Turns played" not in labels
    assert "Off the table" in labels
    assert "Divisions routed" in labels
    assert not any("Removed" in x or "broken" in x for x in labels)
    hits_row = labels.index("Hits taken")
    header = dialog.sides_table.verticalHeaderItem(hits_row)
    assert header is not None
    assert "rallies" in header.toolTip()
    item = dialog.sides_table.item(hits_row, 0)
    assert item is not None
    assert item.text() == "1"
    turns = dialog.turns_table
    assert _texts(turns, vertical=False) == ["Turn", "French", "Anglo-Allied"]
    assert [[_cell(turns, r, c) for c in range(3)] for r in range(turns.rowCount())] == [
        ["1", "3", "2"],
        ["2", "-2", "0"],
    ]
    assert not dialog.no_turns.isVisibleTo(dialog)


# ---------------------------------------------------------------------------- dashboard
@pytest.fixture
def window(qtbot: QtBot, db: Database, demo: GameService) -> MainWindow:
    w = MainWindow(db)
    qtbot.addWidget(w)
    w.resize(1440, 900)
    w.show()
    w.open_demo()
    return w


def test_dashboard_header_tips_name_the_markers(window: MainWindow) -> None:
    assert window.dashboard is not None
    pane = window.dashboard.panes[0]
    tip = {
        c: str(pane.proxy.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole))
        for c in (Column.BLOWN, Column.PINNED, Column.COMMAND)
    }
    assert tip[Column.BLOWN].startswith("Blown")
    assert tip[Column.PINNED].startswith("Pinned")
    assert tip[Column.COMMAND].startswith("Command")


def test_unit_rows_carry_the_full_name_and_the_name_column_has_room(window: MainWindow) -> None:
    assert window.dashboard is not None
    assert window.hub is not None
    pane = window.dashboard.panes[1]
    unit = max(window.hub.view.sides[1].units, key=lambda u: len(u.name))
    index = pane.model.unit_index(unit.id)
    assert index.isValid()
    assert unit.name in str(index.data(Qt.ItemDataRole.ToolTipRole))
    header = pane.tree.header()
    em = pane.tree.fontMetrics().horizontalAdvance("M")
    # Type and Formation as wide as their longest label needs (no wider than they used to be);
    # the unit's name takes the rest
    assert header.sectionSize(Column.TYPE) <= em * 6.6
    assert header.sectionSize(Column.FORMATION) <= em * 7.4
    assert header.sectionResizeMode(Column.UNIT) == QHeaderView.ResizeMode.Stretch


@pytest.mark.parametrize("hits", [1, 3, 4, 5, 7, 12, 20])
def test_the_hits_count_always_fits_beside_the_pips(window: MainWindow, hits: int) -> None:
    assert window.dashboard is not None
    tree = window.dashboard.panes[0].tree
    width = tree.header().sectionSize(Column.HITS) - 2.0
    count_width = tree.fontMetrics().horizontalAdvance(str(hits)) + 6.0
    d, gap = 10.0, 3.0
    shown = hit_pips_shown(width, d, gap, 3, hits, count_width)
    assert shown >= 1
    assert hit_pips_width(shown, d, gap, 3) + count_width <= width
    assert hit_pips_shown(1000.0, d, gap, 3, hits, count_width) == min(max(3, hits), 7)


# ---------------------------------------------------------------------------- new-game wizard
@pytest.fixture
def wizard(qtbot: QtBot, db: Database) -> NewGameWizard:
    w = NewGameWizard(SetupService(db))
    qtbot.addWidget(w)
    w.show()
    return w


def test_next_from_code_cannot_skip_the_army_lists(wizard: NewGameWizard) -> None:
    wizard.next()
    lists_id = wizard.currentId()
    wizard.next()
    assert wizard.currentId() == lists_id


def test_start_refuses_a_side_without_a_list(qtbot: QtBot, db: Database) -> None:
    w = NewGameWizard(SetupService(db))
    qtbot.addWidget(w)
    w.select_lists(["waterloo-1815-french.yaml"], [])
    summary = w.pages[-1]
    assert isinstance(summary, SummaryPage)
    summary.initializePage()
    assert not summary.validatePage()
    text = summary.ui.errorLabel.text()
    assert "Second side has no army list" in text
    with db.session() as s:
        assert list_games(s) == []


def test_initiative_and_summary_use_the_chosen_side_names(wizard: NewGameWizard) -> None:
    wizard.select_lists(["waterloo-1815-french.yaml"], ["waterloo-1815-anglo-allied.yaml"])
    for _ in range(3):
        wizard.next()
    page = wizard.currentPage()
    assert isinstance(page, InitiativePage)
    assert page.ui.firstStarts.text().endswith("French starts")
    assert page.ui.secondStarts.text().endswith("British starts")
    wizard.next()
    summary = wizard.currentPage()
    assert isinstance(summary, SummaryPage)
    html = summary.summary_html()
    assert "Armée du Nord" in html
    assert "Anglo-allied Army" in html
    assert "First side" not in html
    assert not summary.ui.errorLabel.isVisibleTo(summary)
    assert wizard.button(QWizard.WizardButton.FinishButton).isEnabled()


# ---------------------------------------------------------------------------- campaign
@pytest.fixture
def campaign(db: Database) -> tuple[CampaignService, int]:
    svc = CampaignService(db)
    cid = svc.create_campaign("Hundred Days")
    for name in ("Alice", "Bob"):
        svc.add_member(cid, name)
    svc.add_army(cid, "Alice", LISTS["waterloo-1815-french.yaml"])  # keeps its own name
    svc.add_army(cid, "Bob", LISTS["waterloo-1815-prussian.yaml"])
    french, prussian = "Armée du Nord", "Army of the Lower Rhine"
    b1 = svc.add_battle(
        cid,
        NewBattle(
            datetime.date(2026, 3, 1),
            "Ligny",
            ([french], [prussian]),
            side_names=("French", "Prussians"),
        ),
    )
    game = GameService(db, svc.start_game(b1))
    game.set_unit(game.view().sides[1].units[0].id, "hits", 3)
    svc.set_result(b1, "decisive", 0)
    svc.add_battle(
        cid,
        NewBattle(
            datetime.date(2026, 3, 8),
            "Plancenoit (played at a member's house)",
            ([prussian], [french]),
            victory="marginal",
            winner=0,
            losses={prussian: 4, french: 9},
            units_lost={prussian: 1, french: 2},
        ),
    )
    return svc, cid


@pytest.fixture
def cwindow(qtbot: QtBot, campaign: tuple[CampaignService, int]) -> CampaignWindow:
    w = CampaignWindow(campaign[0])
    qtbot.addWidget(w)
    w.show()
    return w


def test_campaign_words_and_league(cwindow: CampaignWindow) -> None:
    assert cwindow.settings_label.text() == (
        "3 points a win, 1 a draw, 0 a loss; units recover half their hits between battles"
    )
    heads = _texts(cwindow.battles, vertical=False)
    assert heads[6:11] == ["Hits A", "Hits B", "Units lost", "Game", "Carried"]
    carried = cwindow.battles.horizontalHeaderItem(heads.index("Carried"))
    assert carried is not None
    assert "next battle" in carried.toolTip()
    lost = [_cell(cwindow.battles, r, 8) for r in range(cwindow.battles.rowCount())]
    assert lost == ["0 / 0", "1 / 2"]
    nations = [_cell(cwindow.league_nations, r, 1) for r in range(2)]
    assert sorted(nations) == ["French", "Prussian"]
    players = [_cell(cwindow.league, r, 1) for r in range(2)]
    armies = [_cell(cwindow.league, r, 10) for r in range(2)]
    assert dict(zip(players, armies, strict=True))["Alice"] == "Armée du Nord"
    # one army each: the army table would repeat the players' table
    assert not cwindow.league_boxes["Armies"].isVisibleTo(cwindow)


def test_armies_tree_groups_units_by_division(cwindow: CampaignWindow) -> None:
    tree = cwindow.armies
    header = tree.headerItem()
    assert [header.text(i) for i in range(tree.columnCount())] == [
        "Army / division / unit",
        "Player",
        "Nation",
        "CE",
        "State",
    ]
    army = _node(tree.topLevelItem(0))
    assert (army.text(0), army.text(1), army.text(2)) == ("Armée du Nord", "Alice", "French")
    division = _node(army.child(0))
    assert division.text(0) == "1st Infantry Division"
    unit = _node(division.child(0))
    assert unit.text(3).isdigit()
    assert unit.text(4) == "fresh"
    assert unit.text(1) == unit.text(2) == ""


def test_hits_chart_by_nation_with_scenario_labels(cwindow: CampaignWindow) -> None:
    chart = cwindow.losses_chart.chart()
    bars = chart.series()[0]
    assert isinstance(bars, QBarSeries)
    assert {s.label(): [s.at(i) for i in range(2)] for s in bars.barSets()} == {
        "French": [0.0, 9.0],
        "Prussian": [3.0, 4.0],
    }
    axis = next(a for a in chart.axes() if isinstance(a, QBarCategoryAxis))
    assert axis.categories()[0] == "Ligny"
    assert "2026" not in "".join(axis.categories())
    assert axis.categories()[1].startswith("Plancenoit<br>")  # wrapped, not cut


def test_army_dialog_names_the_list_not_its_file(cwindow: CampaignWindow) -> None:
    d = cwindow.add_army()
    assert isinstance(d, ArmyDialog)
    texts = [d.shipped_combo.itemText(i) for i in range(d.shipped_combo.count())]
    assert "Armée du Nord (French, 1815)" in texts
    assert not any("yaml" in t.lower() or "waterloo-1815" in t for t in texts)
    assert d.select_shipped("austerlitz-1805-allied")
    assert "(Russian, 1805)" in d.list_label.text()
    assert "YAML" not in d.list_label.text()
    d.reject()


def test_battle_dialog_game_combo_and_loss_columns(qtbot: QtBot, cwindow: CampaignWindow) -> None:
    cwindow.resize(1200, 800)
    cwindow.battles.selectRow(1)
    d = cwindow.edit_battle()
    assert isinstance(d, BattleDialog)
    qtbot.waitExposed(d)
    combo = d.game_combo
    assert combo.width() >= combo.fontMetrics().horizontalAdvance(combo.itemText(1))
    header = d.losses_table.horizontalHeader()
    assert header.sectionSize(3) < header.sectionSize(0)  # Units lost stays narrow
    d.reject()


def test_report_uses_the_windows_words(campaign: tuple[CampaignService, int]) -> None:
    page = campaign_report_html(*campaign, generated=datetime.date(2026, 4, 1))
    assert "Hits A-B" in page
    assert "Units lost A-B" in page
    assert "Losses A-B" not in page
    assert "units recover half their hits between battles" in page
    assert "<td>French</td>" in page
    assert "<td>french</td>" not in page
    assert "Armée du Nord" in page
    assert "Side A</text>" not in page


def test_campaign_battle_losses_are_net_of_rallies(campaign: tuple[CampaignService, int]) -> None:
    svc, cid = campaign
    db = svc.db
    french, prussian = "Armée du Nord", "Army of the Lower Rhine"
    b = svc.add_battle(cid, NewBattle(datetime.date(2026, 3, 15), "Wavre", ([french], [prussian])))
    game = GameService(db, svc.start_game(b))
    unit = game.view().sides[1].units[1]
    start = unit.hits
    game.set_unit(unit.id, "hits", start + 4)
    game.record("rally", "rallied", [SetField("game_unit", unit.id, "hits", start + 2)])
    svc.set_result(b, "draw")
    battle = next(x for x in svc.view(cid).battles if x.id == b)
    assert battle.losses(1) == 2 == game.view().sides[1].units[1].hits - start
