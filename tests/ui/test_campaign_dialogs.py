"""Campaign dialogs driven with pytest-qt: members, armies, battles, results, start and delete."""

from __future__ import annotations

import datetime

import pytest
from PySide6.QtCore import QDate, Qt
from pytestqt.qtbot import QtBot

from eote_ref.referee.campaign import CampaignService, NewBattle
from eote_ref.referee.game import GameService
from eote_ref.store import Database
from eote_ref.ui.campaign_battle_dialog import BattleDialog
from eote_ref.ui.campaign_roster_dialogs import ArmyDialog, MemberDialog
from eote_ref.ui.campaign_window import CampaignWindow
from tests.shipped import LISTS


@pytest.fixture
def answers(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Delete confirmations answer yes without a modal box; the questions are kept."""
    asked: list[str] = []

    def confirm(self: CampaignWindow, title: str, text: str) -> bool:
        asked.append(text)
        return True

    monkeypatch.setattr(CampaignWindow, "confirm", confirm)
    return asked


@pytest.fixture
def window(qtbot: QtBot, db: Database, answers: list[str]) -> CampaignWindow:
    w = CampaignWindow(CampaignService(db))
    qtbot.addWidget(w)
    w.new_campaign("Hundred Days")
    w.show()
    return w


def _cells(window: CampaignWindow, column: int) -> list[str]:
    t = window.battles
    return [t.item(r, column).text() for r in range(t.rowCount())]


def _member(window: CampaignWindow, name: str, role: str = "player") -> None:
    d = window.add_member()
    assert isinstance(d, MemberDialog)
    d.name_edit.setText(name)
    d.role_combo.setCurrentIndex(d.role_combo.findData(role))
    d.accept()


def _army(window: CampaignWindow, player: str, shipped: str, name: str) -> None:
    d = window.add_army()
    assert isinstance(d, ArmyDialog)
    d.player_combo.setCurrentIndex(d.player_combo.findData(player))
    assert d.select_shipped(shipped)
    d.name_edit.setText(name)
    assert d.ok_button.isEnabled(), d.problem_label.text()
    d.accept()


@pytest.fixture
def club(window: CampaignWindow) -> CampaignWindow:
    for name in ("Alice", "Bob"):
        _member(window, name)
    _member(window, "Ursula", "umpire")
    _army(window, "Alice", "waterloo-1815-french", "French")
    _army(window, "Bob", "waterloo-1815-prussian", "Prussians")
    return window


def test_member_dialog_validates_in_place(window: CampaignWindow) -> None:
    d = window.add_member()
    assert isinstance(d, MemberDialog)
    assert not d.ok_button.isEnabled()
    assert d.problem_label.text() == "Enter the member's name."
    d.name_edit.setText("Alice")
    assert d.ok_button.isEnabled()
    d.accept()
    assert not d.isVisible()
    d = window.add_member()
    assert isinstance(d, MemberDialog)
    d.name_edit.setText("alice")
    assert not d.ok_button.isEnabled()
    assert "already a member" in d.problem_label.text()
    d.accept()  # refused: stays open, nothing added
    assert d.isVisible()
    d.reject()
    assert window.members.rowCount() == 1


def test_members_and_armies_add_edit_delete(club: CampaignWindow, answers: list[str]) -> None:
    w = club
    assert [w.members.item(r, 0).text() for r in range(3)] == ["Alice", "Bob", "Ursula"]
    assert [w.armies.topLevelItem(i).text(0) for i in range(2)] == ["French", "Prussians"]
    assert w.armies.topLevelItem(0).text(1) == "Alice"
    # edit by double-click path: select, edit
    w.members.selectRow(2)
    d = w.edit_member()
    assert isinstance(d, MemberDialog)
    assert d.name_edit.text() == "Ursula"
    d.name_edit.setText("Ulla")
    d.accept()
    assert w.members.item(2, 0).text() == "Ulla"
    # the army dialog: no player and unreadable file are explained
    d2 = w.add_army()
    assert isinstance(d2, ArmyDialog)
    d2.file_radio.setChecked(True)
    d2.file_edit.setText("/nowhere/list.yaml")
    assert not d2.ok_button.isEnabled()
    assert "cannot be read" in d2.problem_label.text()
    d2.shipped_radio.setChecked(True)
    assert d2.select_shipped("waterloo-1815-prussian")
    d2.name_edit.setText("prussians")
    assert "already an army" in d2.problem_label.text()
    d2.reject()
    w.armies.setCurrentItem(w.armies.topLevelItem(1).child(0))  # a unit selects its army
    d3 = w.edit_army()
    assert isinstance(d3, ArmyDialog)
    assert not d3.shipped_combo.isEnabled()
    d3.name_edit.setText("Blucher")
    d3.player_combo.setCurrentIndex(d3.player_combo.findData("Alice"))
    d3.accept()
    assert w.armies.topLevelItem(1).text(0) == "Blucher"
    assert w.armies.topLevelItem(1).text(1) == "Alice"
    w.armies.setCurrentItem(w.armies.topLevelItem(1))
    assert w.delete_army()
    assert w.armies.topLevelItemCount() == 1
    w.members.selectRow(1)
    assert w.delete_member()
    assert answers == ["Remove Blucher from the campaign?", "Remove Bob from the campaign?"]
    assert w.members.rowCount() == 2


def _fill_battle(d: BattleDialog, scenario: str, day: int, a: str, b: str) -> None:
    d.date_edit.setDate(QDate(2026, 3, day))
    d.scenario_edit.setText(scenario)
    d.table_edit.setText("6x4 ft")
    d.umpire_combo.setCurrentIndex(d.umpire_combo.findData("Ursula"))
    d.side_edits[0].setText("French")
    d.side_edits[1].setText("Prussians")
    d.set_side_armies(0, [a])
    d.set_side_armies(1, [b])


def test_manual_battle_with_result_and_edit(club: CampaignWindow) -> None:
    w = club
    d = w.add_battle()
    assert isinstance(d, BattleDialog)
    assert not d.ok_button.isEnabled()
    assert "Enter the scenario's name." in d.problem_label.text()
    _fill_battle(d, "Ligny", 1, "French", "French")
    assert "cannot fight on both sides" in d.problem_label.text()
    d.set_side_armies(1, ["Prussians"])
    assert d.ok_button.isEnabled()
    assert d.losses_table.rowCount() == 2
    assert d.losses_table.isEnabled()  # manual entry
    d.victory_combo.setCurrentIndex(d.victory_combo.findData("decisive"))
    assert d.winner_combo.isEnabled()
    assert d.winner_combo.itemText(1) == "Prussians"
    d.winner_combo.setCurrentIndex(0)
    d.set_losses("French", 4, 0)
    d.set_losses("Prussians", 11, 1)
    d.notes_edit.setPlainText("a rout")
    d.accept()
    assert _cells(w, 1) == ["Ligny"]
    assert _cells(w, 5) == ["French decisive"]
    assert (_cells(w, 6), _cells(w, 7)) == (["4"], ["11"])
    assert [w.league.item(r, 1).text() for r in range(2)] == ["Alice", "Bob"]
    assert w.points_chart.chart().series()[0].count() == 1

    # edit: the result becomes a draw; the league table follows
    w.battles.selectRow(0)
    e = w.edit_battle()
    assert isinstance(e, BattleDialog)
    assert e.scenario_edit.text() == "Ligny"
    assert e.notes_edit.toPlainText() == "a rout"
    e.victory_combo.setCurrentIndex(e.victory_combo.findData("draw"))
    assert not e.winner_combo.isEnabled()
    e.accept()
    assert _cells(w, 5) == ["draw"]
    assert [w.league.item(r, 6).text() for r in range(2)] == ["1", "1"]
    assert w.service.battle(w.view.battles[0].id).notes == "a rout"  # type: ignore[union-attr]


def test_start_next_battle_link_a_game_and_undo_a_carry(
    club: CampaignWindow, answers: list[str]
) -> None:
    w = club
    started: list[int] = []
    w.game_started.connect(started.append)
    d = w.add_battle()
    assert isinstance(d, BattleDialog)
    _fill_battle(d, "Ligny", 1, "French", "Prussians")
    d.accept()
    w.battles.clearSelection()
    game_id = w.start_next_battle()
    assert game_id is not None
    assert started == [game_id]
    assert _cells(w, 9) == [f"game {game_id}"]
    game = GameService(w.service.db, game_id)
    game.set_unit(game.view().sides[1].units[0].id, "hits", 5)
    # the result, from the dialog: losses come from the game's journal
    w.battles.selectRow(0)
    e = w.edit_battle()
    assert isinstance(e, BattleDialog)
    assert e.game_id() == game_id
    assert not e.losses_table.isEnabled()
    e.victory_combo.setCurrentIndex(e.victory_combo.findData("marginal"))
    e.winner_combo.setCurrentIndex(0)
    e.accept()
    assert (_cells(w, 6), _cells(w, 7)) == (["0"], ["5"])
    w.battles.selectRow(0)
    w.carry_selected_battle()
    assert w.armies.topLevelItem(1).child(0).child(0).text(4) == "3 hits"
    assert w.start_next_battle() is None  # nothing left to start

    # a battle fought earlier cannot be linked to that game too (a game belongs to one
    # battle: its losses would be counted twice); entered by hand, it can
    f = w.add_battle()
    assert isinstance(f, BattleDialog)
    _fill_battle(f, "Gilly", 2, "French", "Prussians")
    f.game_combo.setCurrentIndex(f.game_combo.findData(game_id))
    f.victory_combo.setCurrentIndex(f.victory_combo.findData("draw"))
    f.accept()
    assert f.isVisible()
    ligny = w.view.battles[0].id  # type: ignore[union-attr]
    assert f"game {game_id} belongs to battle {ligny} of this campaign" in f.problem_label.text()
    assert _cells(w, 1) == ["Ligny"]
    f.game_combo.setCurrentIndex(0)  # a manual entry
    f.set_losses("Prussians", 5, 0)
    f.accept()
    assert not f.isVisible()
    assert _cells(w, 1) == ["Ligny", "Gilly"]
    assert _cells(w, 7) == ["5", "5"]
    # deleting the carried battle undoes its carried losses
    w.battles.selectRow(0)
    assert w.delete_selected_battle()
    assert answers[-1].startswith("Delete 2026-03-01 Ligny")
    assert _cells(w, 1) == ["Gilly"]
    assert w.armies.topLevelItem(1).child(0).child(0).text(4) == "fresh"


def test_battle_dialog_is_keyboard_friendly(club: CampaignWindow, qtbot: QtBot) -> None:
    day = datetime.date.today()
    d = club.add_battle()
    assert isinstance(d, BattleDialog)
    qtbot.keyClicks(d.scenario_edit, "Wavre")
    d.set_side_armies(0, ["French"])
    d.set_side_armies(1, ["Prussians"])
    assert d.ok_button.isEnabled()
    assert d.ok_button.isDefault() or d.ok_button.autoDefault()
    qtbot.keyClick(d.scenario_edit, Qt.Key.Key_Return)
    assert not d.isVisible()
    assert _cells(club, 1) == ["Wavre"]
    # today's date (the day before, when the test ran over midnight)
    dated = club.service.view(club.campaign_id).battles[0].date  # type: ignore[arg-type]
    assert dated in (day, datetime.date.today())


def test_the_main_window_opens_a_started_battle(qtbot: QtBot, db: Database) -> None:
    from eote_ref.ui.main_window import MainWindow

    svc = CampaignService(db)
    cid = svc.create_campaign("Hundred Days")
    svc.add_member(cid, "Alice")
    svc.add_member(cid, "Bob")
    svc.add_army(cid, "Alice", LISTS["waterloo-1815-french.yaml"], name="French")
    svc.add_army(cid, "Bob", LISTS["waterloo-1815-prussian.yaml"], name="Prussians")
    svc.add_battle(cid, NewBattle(datetime.date(2026, 3, 1), "Ligny", (["French"], ["Prussians"])))
    main = MainWindow(db)
    qtbot.addWidget(main)
    main.open_campaigns()
    campaigns = next(x for x in main._windows if isinstance(x, CampaignWindow))
    game_id = campaigns.start_next_battle()
    assert main.hub is not None
    assert main.hub.view.id == game_id
    campaigns.close()
