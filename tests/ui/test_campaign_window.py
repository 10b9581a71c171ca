"""The campaign window: tabs filled from the service, deleting a battle, charts, CSV and report."""

from __future__ import annotations

import datetime
import pathlib

import pytest
from PySide6.QtCharts import QBarSeries, QLineSeries
from pytestqt.qtbot import QtBot

from eote_ref.referee.campaign import CampaignService, CsvImportError, NewBattle
from eote_ref.referee.game import GameService
from eote_ref.referee.setup import shipped_army_lists
from eote_ref.store import Database
from eote_ref.ui.campaign_window import CampaignWindow

LISTS = {p.name: p for p in shipped_army_lists()}


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
    from PySide6.QtWidgets import QTableWidget

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
    assert window.import_csv(tmp_path / "csv" / "battles.csv") == 2
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
    from eote_ref.ui.main_window import MainWindow

    main = MainWindow(service.db)
    qtbot.addWidget(main)
    main.actionCampaigns.trigger()
    opened = [w for w in main._windows if isinstance(w, CampaignWindow)]
    assert len(opened) == 1
    assert opened[0].isVisible()
    assert opened[0].campaign_combo.currentText() == "Hundred Days"
    opened[0].close()
