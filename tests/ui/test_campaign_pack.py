"""A campaign of another pack in the campaign window (issue 26).

The ruleset is chosen when the campaign is created, its own lists are offered, its victory
levels are the battle dialog's, and its result is read from the game.
"""

from __future__ import annotations

import datetime

import pytest
from pytestqt.qtbot import QtBot

from eote_ref.referee.campaign import CampaignService, NewBattle
from eote_ref.referee.pack_play import PackGameService
from eote_ref.store import Database
from eote_ref.ui.campaign_battle_dialog import BattleDialog
from eote_ref.ui.campaign_roster_dialogs import ArmyDialog, NewCampaignDialog
from eote_ref.ui.campaign_window import CampaignWindow
from tests.ui.helpers import cell_text
from tests.unit.referee.campaign.test_pack_campaign import _win_for_the_french


@pytest.fixture
def window(qtbot: QtBot, db: Database) -> CampaignWindow:
    w = CampaignWindow(CampaignService(db))
    qtbot.addWidget(w)
    w.show()
    return w


def test_a_new_campaign_takes_the_ruleset_chosen(window: CampaignWindow) -> None:
    d = window.new_campaign_dialog()
    assert isinstance(d, NewCampaignDialog)
    assert [d.pack_combo.itemData(i) for i in range(d.pack_combo.count())] == ["eote", "avle"]
    assert not d.ok_button.isEnabled()
    d.name_edit.setText("Quatre Bras league")
    d.pack_combo.setCurrentIndex(d.pack_combo.findData("avle"))
    d.accept()
    assert not d.isVisible()
    assert window.campaign_id == d.campaign_id
    assert window.service.view(d.campaign_id).info.pack == "avle"
    again = window.new_campaign_dialog()
    again.name_edit.setText("quatre bras league")
    assert "already a campaign" in again.problem_label.text()
    again.reject()


def test_an_avle_campaign_from_the_window_to_a_result_read_from_its_game(
    window: CampaignWindow, db: Database
) -> None:
    cid = window.new_campaign("Quatre Bras league", pack="avle")
    svc = window.service
    for name in ("Alice", "Bob"):
        svc.add_member(cid, name)
    window.refresh()
    for player, shipped, name in (
        ("Alice", "quatre-bras-1815-french", "Ney"),
        ("Bob", "quatre-bras-1815-allied", "Wellington"),
    ):
        d = window.add_army()
        assert isinstance(d, ArmyDialog)
        # only the pack's own lists are offered
        offered = [d.shipped_combo.itemData(i) for i in range(d.shipped_combo.count())]
        assert offered
        assert all("/avle/" in str(p).replace("\\", "/") for p in offered)
        d.player_combo.setCurrentIndex(d.player_combo.findData(player))
        assert d.select_shipped(shipped)
        assert "units" in d.list_label.text()
        d.name_edit.setText(name)
        assert d.ok_button.isEnabled(), d.problem_label.text()
        d.accept()
    assert [a.name for a in svc.view(cid).armies] == ["Ney", "Wellington"]
    head = window.armies.headerItem()
    assert (head.text(0), head.text(3)) == ("Army / sector / unit", "Elements")

    b = window.add_battle()
    assert isinstance(b, BattleDialog)
    levels = [b.victory_combo.itemData(i) for i in range(1, b.victory_combo.count())]
    assert levels == ["decisive", "substantial", "marginal", "moral", "drawn"]
    b.victory_combo.setCurrentIndex(b.victory_combo.findData("drawn"))
    assert not b.winner_combo.isEnabled()
    b.reject()

    battle = svc.add_battle(
        cid,
        NewBattle(
            datetime.date(2026, 6, 16),
            "Quatre Bras",
            (["Ney"], ["Wellington"]),
            side_names=("French", "Allies"),
        ),
    )
    window.refresh()
    game_id = window.start_next_battle()
    assert game_id is not None
    window.battles.selectRow(0)
    assert not window.result_from_game()  # no victory yet: said in the status bar
    assert "no victory yet" in window.statusBar().currentMessage()
    _win_for_the_french(PackGameService(db, game_id))
    window.battles.selectRow(0)
    assert window.result_from_game()
    assert svc.battle(battle).result_text == "French substantial"
    assert "French substantial" in [
        cell_text(window.battles, 0, c) for c in range(window.battles.columnCount())
    ]
    # the pack's words for its losses: the battles' headings, the charts
    head = window.battles.horizontalHeaderItem(6)
    assert head is not None
    assert head.text() == "Elements A"
    assert window.losses_chart.chart().title() == "Elements lost per battle"
