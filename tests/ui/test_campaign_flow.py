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

from eote_ref.referee.campaign import CampaignService, carried_hits
from eote_ref.referee.game import GameService
from eote_ref.referee.setup import NewGame, create_new_game
from eote_ref.store import Database, SetField
from eote_ref.ui.battle_summary import BattleSummaryDialog
from eote_ref.ui.campaign_dialogs import ArmyDialog, BattleDialog, MemberDialog
from eote_ref.ui.campaign_window import BATTLE_HEADERS, CampaignWindow
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


@pytest.mark.slow  # a whole scenario played through: make test-slow, which CI runs
def test_the_organisers_path_from_an_empty_campaign_to_the_league(
    qtbot: QtBot, db: Database, window: CampaignWindow
) -> None:
    # the campaign, its members and the first army, in the campaign window
    cid = window.new_campaign("Hundred Days")
    _member(window, "Alice")
    _member(window, "Bob")
    _member(window, "Ursula", "umpire")
    army = window.add_army()
    assert isinstance(army, ArmyDialog)
    army.player_combo.setCurrentIndex(army.player_combo.findData("Alice"))
    assert army.select_shipped("waterloo-1815-french")
    army.name_edit.setText("Armee du Nord")
    army.accept()
    assert window.members.rowCount() == 3
    assert window.armies.topLevelItemCount() == 1

    # the battle, played away from the campaign copies
    game, renamed = _played(db)

    # End battle: record it in the campaign (a service of its own, as the main window does)
    summary = BattleSummaryDialog(GameHub(game), None, CampaignService(db))
    qtbot.addWidget(summary)
    assert summary.campaign_id() == cid
    battle = summary.record_in_campaign()
    assert isinstance(battle, BattleDialog)
    assert battle.side_armies(0) == ["Armee du Nord"]  # matched by the list's name
    assert battle.side_armies(1) == []  # the Prussians have no campaign army yet
    assert "Tick at least one army for Prussians." in battle.problems()
    assert not battle.ok_button.isEnabled()

    # ... so it is added from here: a new player, then the army, suggested from the game
    battle.add_army_buttons[1].click()
    prussians = battle.army_dialog
    assert isinstance(prussians, ArmyDialog)
    assert prussians.isVisible()
    shipped = prussians.source_path()
    assert shipped is not None
    assert shipped.name == "waterloo-1815-prussian.yaml"  # the list the game's side used
    prussians.player_button.click()
    carol = prussians.member_dialog
    assert isinstance(carol, MemberDialog)
    carol.name_edit.setText("Carol")
    carol.accept()
    assert prussians.player_combo.currentData() == "Carol"
    prussians.name_edit.setText("Blucher")
    assert prussians.ok_button.isEnabled(), prussians.problem_label.text()
    prussians.accept()
    assert battle.side_armies(1) == ["Blucher"]
    assert battle.side_armies(0) == ["Armee du Nord"]
    # the campaign window followed both additions
    members = {_text(window.members, r, 0) for r in range(window.members.rowCount())}
    assert members == {"Alice", "Bob", "Carol", "Ursula"}
    assert window.armies.topLevelItemCount() == 2

    battle.victory_combo.setCurrentIndex(battle.victory_combo.findData("decisive"))
    battle.winner_combo.setCurrentIndex(0)
    assert battle.problems() == []
    battle.accept()
    assert battle.battle_id is not None

    # the open campaign window shows the battle at once, with its losses
    assert window.battles.rowCount() == 1
    assert _cell(window, 0, "Scenario") == "Ligny, played on the club night"
    assert _cell(window, 0, "Hits A") == "3"
    assert _cell(window, 0, "Hits B") == "4"
    recorded = window.service.battle(battle.battle_id)
    lost = {a.army: a.units_lost for a in recorded.armies}
    assert lost == {"Armee du Nord": 0, "Blucher": 4}  # 3 routed + 1 off the table
    assert _cell(window, 0, "Units lost") == "0 / 4"

    # carry the losses: matched by name, the renamed unit named
    assert not summary.carry_button.isHidden()
    changed = summary.carry_losses()
    assert changed is not None
    assert changed > 0
    assert f"Not matched by name: {', '.join(renamed)}." in summary.campaign_label.text()
    assert window.view is not None
    armies = {a.name: a for a in window.view.armies}  # the window read them again
    recovery = window.view.info.recovery_percent
    assert armies["Armee du Nord"].hits_carried == carried_hits(2, recovery) + carried_hits(
        1, recovery
    )
    assert armies["Blucher"].hits_carried == carried_hits(4, recovery)
    assert _cell(window, 0, "Carried") == "yes"

    # the league, in the window
    league = {
        _text(window.league, r, 1): [
            _text(window.league, r, c) for c in range(window.league.columnCount())
        ]
        for r in range(window.league.rowCount())
    }
    assert league["Alice"][2:7] == ["1", "1", "0", "0", "3"]  # P W D L Pts
    assert league["Carol"][2:7] == ["1", "0", "0", "1", "0"]
    assert "Bob" not in league or league["Bob"][2] == "0"


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
