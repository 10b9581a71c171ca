"""End battle → campaign: the battle linked to the game, or a new one filled in from it."""

from __future__ import annotations

import datetime

import pytest
from pytestqt.qtbot import QtBot

from eote_ref.referee.campaign import CampaignService, NewBattle, carried_hits
from eote_ref.referee.game import GameService
from eote_ref.referee.summary import battle_summary
from eote_ref.store import Database
from eote_ref.ui.battle_summary import BattleSummaryDialog
from eote_ref.ui.campaign_battle_dialog import BattleDialog
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.main_window import MainWindow
from tests.shipped import LISTS


@pytest.fixture
def campaigns(db: Database) -> CampaignService:
    svc = CampaignService(db)
    cid = svc.create_campaign("Hundred Days")
    for name in ("Alice", "Bob", "Carol"):
        svc.add_member(cid, name)
    svc.add_army(cid, "Alice", LISTS["waterloo-1815-french.yaml"], name="Armee du Nord")
    svc.add_army(cid, "Bob", LISTS["waterloo-1815-prussian.yaml"], name="Blucher")
    svc.add_army(cid, "Carol", LISTS["waterloo-1815-anglo-allied.yaml"], name="Wellington")
    return svc


def summary_dialog(qtbot: QtBot, game: GameService, svc: CampaignService) -> BattleSummaryDialog:
    dialog = BattleSummaryDialog(GameHub(game), None, svc)
    qtbot.addWidget(dialog)
    return dialog


def test_a_game_started_from_the_campaign_records_its_result_and_carries_losses(
    qtbot: QtBot, db: Database, campaigns: CampaignService
) -> None:
    svc = campaigns
    cid = svc.find("Hundred Days")
    other = svc.create_campaign("Another club")  # listed, but not the game's
    bid = svc.add_battle(
        cid, NewBattle(datetime.date(2026, 3, 1), "Ligny", (["Blucher"], ["Armee du Nord"]))
    )
    game = GameService(db, svc.start_game(bid))
    prussian, french = game.view().sides[0].units[0], game.view().sides[1].units[0]
    game.set_unit(prussian.id, "hits", 3)
    game.set_unit(french.id, "hits", 1)

    dialog = summary_dialog(qtbot, game, svc)
    assert dialog.campaign_id() == cid  # the linked campaign is chosen
    assert dialog.campaign_combo.findData(other) >= 0
    assert not dialog.carry_button.isHidden()  # offered right away
    assert "Linked to 2026-03-01 Ligny: no result yet" in dialog.campaign_label.text()

    battle = dialog.record_in_campaign()
    assert isinstance(battle, BattleDialog)
    assert battle.battle_id == bid  # the linked battle, not a new one
    assert battle.game_id() == game.game_id
    assert battle.side_armies(0) == ["Blucher"]
    battle.victory_combo.setCurrentIndex(battle.victory_combo.findData("decisive"))
    battle.winner_combo.setCurrentIndex(1)
    battle.accept()
    assert not battle.isVisible()
    view = svc.battle(bid)
    assert (view.result_text, view.losses(0), view.losses(1)) == ("Side B decisive", 3, 1)
    assert len(svc.view(cid).battles) == 1
    assert dialog.carry_button.isDefault()

    changed = dialog.carry_losses()
    assert changed == 2
    assert svc.battle(bid).carried
    assert dialog.carry_button.isHidden()
    assert "2 units changed" in dialog.campaign_label.text()
    armies = {a.name: a for a in svc.view(cid).armies}
    recovery = svc.view(cid).info.recovery_percent
    assert armies["Blucher"].hits_carried == carried_hits(3, recovery)
    assert armies["Armee du Nord"].hits_carried == carried_hits(1, recovery)
    # a second summary of the same game: nothing left to carry
    again = summary_dialog(qtbot, game, svc)
    assert again.carry_button.isHidden()
    assert "its losses have been carried" in again.campaign_label.text()


def test_a_game_run_outside_the_campaign_becomes_a_new_prefilled_battle(
    qtbot: QtBot, db: Database, demo: GameService, campaigns: CampaignService
) -> None:
    svc = campaigns
    cid = svc.find("Hundred Days")
    french = demo.view().sides[0].units
    allied = demo.view().sides[1].units
    demo.set_unit(french[0].id, "hits", 2)
    demo.set_unit(allied[0].id, "hits", 4)
    demo.set_unit(allied[1].id, "hits", 1)

    dialog = summary_dialog(qtbot, demo, svc)
    assert dialog.linked_battle() is None
    assert dialog.carry_button.isHidden()  # not set up from the campaign copies
    assert "recording adds one" in dialog.campaign_label.text()
    battle = dialog.record_in_campaign()
    assert isinstance(battle, BattleDialog)
    assert battle.battle_id is None
    assert battle.windowTitle() == "Record the battle"
    view = demo.view()
    assert battle.scenario_edit.text() == view.name
    assert battle.scale_combo.currentText() == view.figure_scale
    assert [e.text() for e in battle.side_edits] == [s.name for s in view.sides]
    assert battle.side_armies(0) == ["Armee du Nord"]  # matched by army-list name
    assert battle.side_armies(1) == ["Wellington"]
    assert battle.game_id() == demo.game_id
    assert battle.problems() == []
    # the umpire only chooses the result
    battle.victory_combo.setCurrentIndex(battle.victory_combo.findData("marginal"))
    battle.winner_combo.setCurrentIndex(0)
    battle.accept()
    assert battle.battle_id is not None
    linked = svc.battle_of_game(demo.game_id)
    assert linked is not None
    assert linked[0] == cid
    b = linked[1]
    assert b.id == battle.battle_id
    hits = battle_summary(demo)
    assert (b.losses(0), b.losses(1)) == (hits.sides[0].hits_taken, hits.sides[1].hits_taken)
    assert (b.losses(0), b.losses(1)) == (2, 5)
    assert b.result_text == f"{view.sides[0].name} marginal"
    # its units are not the campaign copies: carrying matches them by name
    assert svc.can_carry_losses(b.id)
    assert "Linked to" in dialog.campaign_label.text()
    assert not dialog.carry_button.isHidden()

    # recording again edits that battle instead of adding another
    again = dialog.record_in_campaign()
    assert isinstance(again, BattleDialog)
    assert again.battle_id == b.id
    again.reject()
    assert len(svc.view(cid).battles) == 1


def test_without_a_campaign_nothing_can_be_recorded(
    qtbot: QtBot, demo: GameService, db: Database
) -> None:
    dialog = summary_dialog(qtbot, demo, CampaignService(db))
    assert not dialog.campaign_button.isEnabled()
    assert dialog.record_in_campaign() is None
    assert "No campaign" in dialog.campaign_label.text()
    plain = BattleSummaryDialog(GameHub(demo))  # no service: no hand-off row
    qtbot.addWidget(plain)
    assert plain.campaign_button.isHidden()
    assert plain.record_in_campaign() is None


def test_end_battle_from_the_turn_menu_offers_the_campaigns(
    qtbot: QtBot, db: Database, campaigns: CampaignService
) -> None:
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.open_demo()
    dialog = window.end_battle()
    assert isinstance(dialog, BattleSummaryDialog)
    assert dialog.campaigns is not None
    assert dialog.campaign_combo.currentText() == "Hundred Days"
    assert dialog.campaign_button.isEnabled()
    dialog.close()
