"""The organiser's path through the windows, without a dead end.

A campaign is created and its members and first army added in the campaign window; a short
battle is played from the shipped lists (not from the campaign copies); at End battle it is
recorded in the campaign, its second army (and that army's player) added from the recording
dialog itself; its losses are carried by matching unit names; the campaign window, open
throughout, shows the battle, the carried losses and the league without being reopened.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QTableWidget
from pytestqt.qtbot import QtBot

from eote_ref.referee.campaign import CampaignService
from eote_ref.referee.game import GameService
from eote_ref.referee.setup import NewGame, create_new_game
from eote_ref.store import Database, SetField
from eote_ref.ui.battle_summary import BattleSummaryDialog
from eote_ref.ui.campaign_battle_dialog import BattleDialog
from eote_ref.ui.campaign_roster_dialogs import MemberDialog
from eote_ref.ui.campaign_tables import BATTLE_HEADERS
from eote_ref.ui.campaign_window import CampaignWindow
from eote_ref.ui.game_hub import GameHub
from tests.shipped import LISTS


@pytest.fixture
def window(qtbot: QtBot, db: Database) -> CampaignWindow:
    w = CampaignWindow(CampaignService(db))
    qtbot.addWidget(w)
    w.show()
    return w


def _member(window: CampaignWindow, name: str, role: str = "player") -> None:
    d = window.add_member()
    assert isinstance(d, MemberDialog)
    d.name_edit.setText(name)
    d.role_combo.setCurrentIndex(d.role_combo.findData(role))
    d.accept()


def _text(table: QTableWidget, row: int, column: int) -> str:
    item = table.item(row, column)
    assert item is not None
    return item.text()


def _cell(window: CampaignWindow, row: int, header: str) -> str:
    return _text(window.battles, row, BATTLE_HEADERS.index(header))


def _played(db: Database) -> tuple[GameService, list[str]]:
    """A short battle, French against Prussians, from the shipped lists.

    The French lose hits on two units; of the Prussians three are routed, one removed from
    the table and one has hits; one Prussian unit is renamed at the table, so its losses
    cannot be matched to the campaign army by name. Returns the game and the renamed name.
    """
    game = GameService(
        db,
        create_new_game(
            db,
            NewGame(
                "Ligny, played on the club night",
                {
                    "French": [LISTS["waterloo-1815-french.yaml"]],
                    "Prussians": [LISTS["waterloo-1815-prussian.yaml"]],
                },
            ),
        ),
    )
    french, prussian = game.view().sides[0].units, game.view().sides[1].units
    game.set_unit(french[0].id, "hits", 2)
    game.set_unit(french[1].id, "hits", 1)
    for u in prussian[:3]:
        game.set_unit(u.id, "routed", True)
    game.set_unit(prussian[3].id, "off_table", True)
    game.set_unit(prussian[4].id, "hits", 4)
    game.record(  # a unit renamed at the table
        "rename",
        "renamed",
        [SetField("game_unit", prussian[5].id, "name", "Landwehr of nowhere")],
    )
    return game, ["Landwehr of nowhere"]


def test_without_a_campaign_the_end_battle_dialog_starts_one(
    qtbot: QtBot, db: Database, window: CampaignWindow
) -> None:
    game, _ = _played(db)
    summary = BattleSummaryDialog(GameHub(game), None, CampaignService(db))
    qtbot.addWidget(summary)
    assert summary.campaign_id() is None
    assert not summary.campaign_button.isEnabled()
    assert "New campaign" in summary.campaign_label.text()
    assert window.campaign_combo.count() == 0

    asked = summary.new_campaign_dialog()
    assert asked.isVisible()
    asked.setTextValue("Hundred Days")
    asked.accept()
    cid = summary.campaign_id()
    assert cid is not None
    assert summary.campaign_combo.currentText() == "Hundred Days"
    assert summary.campaign_button.isEnabled()
    assert "recording adds one" in summary.campaign_label.text()
    # the open campaign window lists and shows it at once
    assert window.campaign_id == cid
    assert window.campaign_combo.currentText() == "Hundred Days"
    # a second campaign of the same name is refused in words
    assert summary.new_campaign("Hundred Days") is None
    assert "already a campaign" in summary.campaign_label.text()
    battle = summary.record_in_campaign()
    assert isinstance(battle, BattleDialog)
    assert battle.side_armies(0) == battle.side_armies(1) == []  # armies are added from here
    assert battle.add_army_buttons[0].isEnabled()
    battle.reject()
