"""The campaign window: tabs filled from the service, deleting a battle, charts, CSV and report."""

from __future__ import annotations

import datetime
import pathlib

import pytest
from PySide6.QtCharts import QBarCategoryAxis, QBarSeries, QLineSeries
from PySide6.QtWidgets import QTableWidget
from pytestqt.qtbot import QtBot

from eote_ref.referee.campaign import CampaignService, CsvImportError, NewBattle
from eote_ref.referee.campaign.report import campaign_report_html
from eote_ref.referee.game import GameService
from eote_ref.store import Database, SetField
from eote_ref.ui.campaign_battle_dialog import BattleDialog
from eote_ref.ui.campaign_roster_dialogs import ArmyDialog
from eote_ref.ui.campaign_window import CampaignWindow
from eote_ref.ui.main_window import MainWindow
from tests.shipped import LISTS
from tests.ui.helpers import cell_text, header_texts, tree_item


@pytest.fixture
def service(db: Database) -> CampaignService:
    svc = CampaignService(db)
    cid = svc.create_campaign("Hundred Days")
    for name in ("Alice", "Bob"):
        svc.add_member(cid, name)
    svc.add_member(cid, "Ursula", "umpire")
    svc.add_army(cid, "Alice", LISTS["waterloo-1815-french.yaml"], name="French")
    svc.add_army(cid, "Bob", LISTS["waterloo-1815-prussian.yaml"], name="Prussians")
    b1 = svc.add_battle(
        cid,
        NewBattle(datetime.date(2026, 3, 1), "Ligny", (["French"], ["Prussians"]), umpire="Ursula"),
    )
    game = GameService(db, svc.start_game(b1))
    unit = game.view().sides[1].units[0]
    game.set_unit(unit.id, "hits", 3)
    game.advance_phase()
    svc.set_result(b1, "decisive", 0)
    svc.add_battle(
        cid,
        NewBattle(
            datetime.date(2026, 3, 8),
            "Wavre",
            (["Prussians"], ["French"]),
            victory="marginal",
            winner=0,
            losses={"Prussians": 4, "French": 9},
        ),
    )
    return svc


@pytest.fixture
def window(qtbot: QtBot, service: CampaignService) -> CampaignWindow:
    w = CampaignWindow(service)
    qtbot.addWidget(w)
    w.show()
    return w


def _cells(table: object, column: int) -> list[str]:

    assert isinstance(table, QTableWidget)
    return [table.item(r, column).text() for r in range(table.rowCount())]


def test_tabs_show_the_campaign(window: CampaignWindow) -> None:
    assert window.campaign_combo.currentText() == "Hundred Days"
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())] == [
        "Members",
        "Armies",
        "Battles",
        "League",
        "Charts",
    ]
    assert _cells(window.members, 0) == ["Alice", "Bob", "Ursula"]
    assert _cells(window.members, 1) == ["player", "player", "umpire"]
    assert window.armies.topLevelItemCount() == 2
    french = window.armies.topLevelItem(0)
    assert french.text(0) == "French"
    assert french.childCount() > 0
    assert _cells(window.battles, 1) == ["Ligny", "Wavre"]
    assert _cells(window.battles, 5) == ["Side A decisive", "Side A marginal"]
    assert _cells(window.battles, 7) == ["3", "9"]
    assert _cells(window.league, 1) == ["Bob", "Alice"]  # level on points, Bob +2, Alice -2
    assert _cells(window.league, 6) == ["3", "3"]
    assert _cells(window.league_nations, 1) == ["Prussian", "French"]


def test_charts(window: CampaignWindow) -> None:
    points = window.points_chart.chart()
    lines = [s for s in points.series() if isinstance(s, QLineSeries)]
    assert {s.name(): [p.y() for p in s.points()] for s in lines} == {
        "Alice": [3.0, 3.0],
        "Bob": [0.0, 3.0],
    }
    bars = window.losses_chart.chart().series()[0]
    assert isinstance(bars, QBarSeries)
    assert [bars.barSets()[i].at(0) for i in (0, 1)] == [0.0, 3.0]
    assert window.battle_combo.count() == 1
    turns = window.turns_chart.chart().series()[0]
    assert isinstance(turns, QBarSeries)
    assert [s.label() for s in turns.barSets()] == ["Side A", "Side B"]
    assert turns.barSets()[1].at(0) == 3.0


def test_deleting_a_battle_recomputes_the_league(window: CampaignWindow) -> None:
    window.battles.selectRow(1)
    assert window.delete_selected_battle(confirm=False)
    assert _cells(window.battles, 1) == ["Ligny"]
    assert _cells(window.league, 1) == ["Alice", "Bob"]
    assert _cells(window.league, 6) == ["3", "0"]


def test_carry_csv_and_report(window: CampaignWindow, tmp_path: pathlib.Path) -> None:
    window.battles.selectRow(0)
    window.carry_selected_battle()
    assert _cells(window.battles, 10) == ["yes", ""]
    prussians = window.armies.topLevelItem(1)
    assert prussians.child(0).child(0).text(4) == "2 hits"  # 3 less half rounded down
    files = window.export_csv(tmp_path / "csv")
    assert len(files) == 4
    bad = tmp_path / "bad.csv"
    bad.write_text("date,scenario,side_a,side_b,armies_a,armies_b\nnope,X,A,B,French,Nobody\n")
    with pytest.raises(CsvImportError) as info:
        window.import_csv(bad)
    assert info.value.problems[0].startswith("line 2:")
    assert window.battles.rowCount() == 2
    # imported back, Ligny's game would be linked to a second battle (issue 36)
    exported = tmp_path / "csv" / "battles.csv"
    with pytest.raises(CsvImportError) as info:
        window.import_csv(exported)
    assert [p.split(";")[0] for p in info.value.problems] == [
        "line 2: game 1 belongs to battle 1 of this campaign already (2026-03-01, Ligny)"
    ]
    assert window.battles.rowCount() == 2
    copy = tmp_path / "copy.csv"  # without the game, as battles entered by hand
    copy.write_text(exported.read_text(encoding="utf-8").replace(",1,decisive,", ",,decisive,"))
    assert window.import_csv(copy) == 2
    assert window.battles.rowCount() == 4
    report = tmp_path / "r.html"
    window.save_report(report)
    assert "<svg" in report.read_text()


def test_new_campaign_is_selected(window: CampaignWindow) -> None:
    cid = window.new_campaign("Peninsula")
    assert window.campaign_id == cid
    assert window.campaign_combo.currentText() == "Peninsula"
    assert window.battles.rowCount() == 0
    assert window.league.rowCount() == 0
    window.set_campaign(window.campaign_combo.itemData(0))
    assert window.campaign_combo.currentText() == "Hundred Days"


def test_main_window_opens_the_campaigns(qtbot: QtBot, service: CampaignService) -> None:

    main = MainWindow(service.db)
    qtbot.addWidget(main)
    main.actionCampaigns.trigger()
    opened = [w for w in main._windows if isinstance(w, CampaignWindow)]
    assert len(opened) == 1
    assert opened[0].isVisible()
    assert opened[0].campaign_combo.currentText() == "Hundred Days"
    opened[0].close()


# ---------------------------------------------------------------- words, league, armies, charts


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
    heads = header_texts(cwindow.battles, vertical=False)
    assert heads[6:11] == ["Hits A", "Hits B", "Units lost", "Game", "Carried"]
    carried = cwindow.battles.horizontalHeaderItem(heads.index("Carried"))
    assert carried is not None
    assert "next battle" in carried.toolTip()
    lost = [cell_text(cwindow.battles, r, 8) for r in range(cwindow.battles.rowCount())]
    assert lost == ["0 / 0", "1 / 2"]
    nations = [cell_text(cwindow.league_nations, r, 1) for r in range(2)]
    assert sorted(nations) == ["French", "Prussian"]
    players = [cell_text(cwindow.league, r, 1) for r in range(2)]
    armies = [cell_text(cwindow.league, r, 10) for r in range(2)]
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
    army = tree_item(tree.topLevelItem(0))
    assert (army.text(0), army.text(1), army.text(2)) == ("Armée du Nord", "Alice", "French")
    division = tree_item(army.child(0))
    assert division.text(0) == "1st Infantry Division"
    unit = tree_item(division.child(0))
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
    game.record("rally", "rallied", [SetField("game_unit", unit.id, "markers.hits", start + 2)])
    svc.set_result(b, "draw")
    battle = next(x for x in svc.view(cid).battles if x.id == b)
    assert battle.losses(1) == 2 == game.view().sides[1].units[1].hits - start
