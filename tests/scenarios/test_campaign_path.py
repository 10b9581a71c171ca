"""The organiser's path through the windows, from an empty campaign to the league.

A campaign is created and its members and first army added in the campaign window; a short
battle is played from the shipped lists; at End battle it is recorded in the campaign, its
second army added from the recording dialog itself; its losses are carried by matching unit
names; the campaign window, open throughout, shows the battle, the carried losses and the
league without being reopened. The window and the played battle are tests/ui's
(test_campaign_flow.py).
"""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from eote_ref.referee.campaign import CampaignService, carried_hits
from eote_ref.store import Database
from eote_ref.ui.battle_summary import BattleSummaryDialog
from eote_ref.ui.campaign_battle_dialog import BattleDialog
from eote_ref.ui.campaign_roster_dialogs import ArmyDialog, MemberDialog
from eote_ref.ui.campaign_window import CampaignWindow
from eote_ref.ui.game_hub import GameHub
from tests.ui.test_campaign_flow import _cell, _member, _played, _text, window

__all__ = ["window"]


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
