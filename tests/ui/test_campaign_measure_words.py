"""The losses an army carries, counted in the pack's words: one hit, two hits.

The campaign window's Armies tab, the army dialog and the report say ``1 hit carried`` and
``2 hits carried`` (EotE), ``1 element lost carried`` (AVlE): the pack gives its measure as
a word for one and a word for several (``CampaignInfo.measure``).
"""

from __future__ import annotations

import datetime

from pytestqt.qtbot import QtBot

from eote_ref.referee.campaign import CampaignService, NewBattle
from eote_ref.referee.campaign.report import campaign_report_html
from eote_ref.referee.game import GameService
from eote_ref.referee.pack_play import PackGameService
from eote_ref.store import Database
from eote_ref.ui.campaign_roster_dialogs import ArmyDialog
from eote_ref.ui.campaign_window import CampaignWindow
from tests.avle_games import ALLIED, FRENCH
from tests.shipped import LISTS
from tests.ui.helpers import tree_item
from tests.unit.referee.campaign.test_pack_campaign import FOY, _win_for_the_french


def _window(qtbot: QtBot, svc: CampaignService) -> CampaignWindow:
    w = CampaignWindow(svc)
    qtbot.addWidget(w)
    w.show()
    return w


def _army_dialog_text(window: CampaignWindow, row: int) -> str:
    window.armies.setCurrentItem(window.armies.topLevelItem(row))
    d = window.edit_army()
    assert isinstance(d, ArmyDialog)
    text = d.list_label.text()
    d.reject()
    return text


def test_an_eote_army_carrying_one_hit_says_hit(qtbot: QtBot, db: Database) -> None:
    svc = CampaignService(db)
    cid = svc.create_campaign("Hundred Days")
    for name in ("Alice", "Bob"):
        svc.add_member(cid, name)
    svc.add_army(cid, "Alice", LISTS["waterloo-1815-french.yaml"], name="French")
    svc.add_army(cid, "Bob", LISTS["waterloo-1815-prussian.yaml"], name="Prussians")
    battle = svc.add_battle(
        cid, NewBattle(datetime.date(2026, 3, 1), "Ligny", (["French"], ["Prussians"]))
    )
    game = GameService(db, svc.start_game(battle))
    french, prussian = (s.units[0] for s in game.view().sides)
    # Half of each unit's hits recovered, rounded down: 1 kept of 1, 2 kept of 4.
    game.set_unit(french.id, "hits", 1)
    game.set_unit(prussian.id, "hits", 4)
    svc.set_result(battle, "decisive", 0)
    svc.carry_losses(battle)
    window = _window(qtbot, svc)
    one, two = (tree_item(window.armies.topLevelItem(i)) for i in (0, 1))
    assert one.text(4).endswith(", 1 hit carried")
    assert two.text(4).endswith(", 2 hits carried")
    assert tree_item(one.child(0)).text(4).endswith(" units, 1 hit")
    assert tree_item(two.child(0)).text(4).endswith(" units, 2 hits")
    assert _army_dialog_text(window, 0).endswith("(0 destroyed, 1 hit carried).")
    assert _army_dialog_text(window, 1).endswith("(0 destroyed, 2 hits carried).")
    report = campaign_report_html(svc, cid)
    assert "carrying 1 hit." in report
    assert "carrying 2 hits." in report


def test_an_avle_army_carrying_one_element_lost_says_it_in_avles_words(
    qtbot: QtBot, db: Database
) -> None:
    svc = CampaignService(db)
    cid = svc.create_campaign("Hundred Days (AVlE)", pack="avle")
    for name in ("Alice", "Bob"):
        svc.add_member(cid, name)
    svc.add_army(cid, "Alice", FRENCH, name="Ney")
    svc.add_army(cid, "Bob", ALLIED, name="Wellington")
    battle = svc.add_battle(
        cid,
        NewBattle(
            datetime.date(2026, 6, 16),
            "Quatre Bras",
            (["Ney"], ["Wellington"]),
            side_names=("French", "Allies"),
        ),
    )
    game = PackGameService(db, svc.start_game(battle))
    foy = next(u.id for u in game.state().units if u.name == FOY)
    game.edit("unit", foy, "elements", 2)  # 2 of 4 lost, 1 kept (half recovered)
    _win_for_the_french(game)
    svc.decide_from_game(battle)
    svc.carry_losses(battle)
    window = _window(qtbot, svc)
    ney = tree_item(window.armies.topLevelItem(0))
    assert ney.text(4).endswith(", 1 element lost carried")
    assert _army_dialog_text(window, 0).endswith("(0 destroyed, 1 element lost carried).")
    assert "carrying 1 element lost." in campaign_report_html(svc, cid)
