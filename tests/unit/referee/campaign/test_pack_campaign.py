"""A campaign of AVlE battles (issue 26): two battles played headless, losses carried between.

The campaign records its pack; its armies are AVlE lists, each unit and General a campaign
unit; a battle started from the campaign is an AVlE game of the campaign copies; its result
is the victory check's (4.2) and its losses the elements lost, the units eliminated and the
Generals killed or captured, read through the pack's declared campaign reading; the next
battle starts without what was lost for good and with the elements kept lost.
"""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from eote_ref.referee.campaign import CampaignError, CampaignService, NewBattle, battles_csv
from eote_ref.referee.campaign.report import campaign_report_html
from eote_ref.referee.game import GameService
from eote_ref.referee.pack_play import PackGameService
from eote_ref.store import Database
from eote_ref.store.changes import SetField
from tests.avle_games import ALLIED, FRENCH
from tests.shipped import LISTS

FOY = "Foy's division (Gauthier)"
JAMIN = "Foy's division (Jamin)"
BATTERY = "Reille's divisional batteries (right)"


@pytest.fixture
def avle(db: Database) -> tuple[CampaignService, int]:
    svc = CampaignService(db)
    cid = svc.create_campaign("Hundred Days (AVlE)", pack="avle")
    svc.add_member(cid, "Alice")
    svc.add_member(cid, "Bob")
    svc.add_army(cid, "Alice", FRENCH, name="Ney")
    svc.add_army(cid, "Bob", ALLIED, name="Wellington")
    return svc, cid


def _battle(day: int, scenario: str, **kw: Any) -> NewBattle:
    return NewBattle(
        date=datetime.date(2026, 6, day),
        scenario=scenario,
        sides=(["Ney"], ["Wellington"]),
        side_names=("French", "Allies"),
        **kw,
    )


def _ids(game: PackGameService) -> dict[str, int]:
    return {u.name: u.id for u in game.state().units}


def _win_for_the_french(game: PackGameService) -> None:
    """The French win at the end of the round (4.2).

    Their count is set to 1 by hand, the Allies' tally of units lost to 1 by hand, and the
    round's victory check runs.
    """
    state = game.state()
    french, allies = (s.id for s in state.sides)
    game.edit("side", french, "wins_at", 1)
    game.edit("side", allies, "units_lost", 1)
    game.record(
        "mark",
        "cards played (the test)",
        [
            SetField("game_side", french, "pack_state.card", "centre"),
            SetField("game_side", allies, "pack_state.card", "centre"),
        ],
    )
    outcome = game.open_check("victory").apply()
    assert outcome is not None
    assert outcome.result == "substantial"


def test_the_campaign_records_its_pack_and_each_piece_of_its_armies(
    avle: tuple[CampaignService, int],
) -> None:
    svc, cid = avle
    view = svc.view(cid)
    assert view.info.pack == "avle"
    assert view.info.victory_levels == ("decisive", "substantial", "marginal", "moral", "drawn")
    ney = next(a for a in view.armies if a.name == "Ney")
    units = {u.name: u for u in ney.units}
    # 13 units and 3 Generals; a unit's strength is its elements (1.1), its group its sector.
    assert len(ney.units) == 16
    assert (units[FOY].division, units[FOY].arm, units[FOY].ce) == ("centre", "infantry", 4)
    assert (units[BATTERY].arm, units[BATTERY].ce) == ("artillery", 3)
    assert (units["Reille"].arm, units["Reille"].ce) == ("general", 0)
    assert svc.army_list(ney.id).flag == "french"


def test_an_army_of_another_pack_is_refused(avle: tuple[CampaignService, int]) -> None:
    svc, cid = avle
    with pytest.raises(CampaignError, match="pack eote; this campaign plays avle"):
        svc.add_army(cid, "Alice", LISTS["waterloo-1815-french.yaml"])
    eote = svc.create_campaign("EotE")
    svc.add_member(eote, "Alice")
    with pytest.raises(Exception, match="ruleset"):
        svc.add_army(eote, "Alice", FRENCH)
    with pytest.raises(CampaignError, match="unknown pack 'dba'"):
        svc.create_campaign("Other", pack="dba")


def test_two_avle_battles_with_losses_carried(avle: tuple[CampaignService, int]) -> None:
    svc, cid = avle
    db = svc.db
    b1 = svc.add_battle(cid, _battle(16, "Quatre Bras"))
    game = PackGameService(db, svc.start_game(b1))
    ids = _ids(game)
    state = game.state()
    assert len(state.units) == 13 + 20  # the French list's units and the Allied list's
    assert state.ruleset == "avle-1.2"
    with pytest.raises(CampaignError, match="no victory yet"):
        svc.decide_from_game(b1)

    # The battle: Foy's Gauthier loses 2 of his 4 elements, the right battery is eliminated
    # (a unit lost, 4.2), Reille is killed (9.4): set through the service as the umpire does.
    game.edit("unit", ids[FOY], "elements", 2)
    game.edit("unit", ids[BATTERY], "eliminated", True)
    french, allies = (s.id for s in state.sides)
    game.edit("side", french, "units_lost", 1)
    reille = next(g.id for g in state.leaders if g.name == "Reille")
    game.edit("leader", reille, "killed", True)
    perponcher = next(u for u in state.units if u.side_id == allies and u.arm == "infantry")
    game.edit("unit", perponcher.id, "elements", int(perponcher.markers["elements"]) - 1)
    _win_for_the_french(game)

    # A battle recorded from the game is pre-filled with its result and its armies.
    pre = svc.battle_for_game(cid, game.game_id)
    assert (pre.victory, pre.winner, pre.sides) == ("substantial", 0, (["Ney"], ["Wellington"]))
    # The result and the losses are read from the game through the pack.
    assert svc.decide_from_game(b1) == ("substantial", 0)
    r1 = svc.battle(b1)
    assert r1.result_text == "French substantial"
    # French: 2 elements of Foy's brigade and the battery's (3) were lost; 2 pieces lost for
    # good (the battery, Reille); the Allies one element.
    assert (r1.losses(0), r1.losses(1)) == (5, 1)
    assert (r1.units_lost(0), r1.units_lost(1)) == (2, 0)
    assert svc.losses_per_turn(b1) == {1: {0: 2, 1: 1}}
    assert svc.can_carry_losses(b1)
    assert svc.carry_losses(b1) == 4
    with pytest.raises(CampaignError, match="already been carried"):
        svc.carry_losses(b1)

    ney = {u.name: u for u in next(a for a in svc.view(cid).armies if a.name == "Ney").units}
    # Half the elements lost are recovered, rounded down (the campaign's 50%): 2 -> 1 kept.
    assert (ney[FOY].hits, ney[FOY].destroyed, ney[FOY].state) == (1, False, "1 element lost")
    assert ney[BATTERY].destroyed
    assert ney["Reille"].destroyed
    assert ney[JAMIN].state == "fresh"

    # Battle 2 starts from what the armies carry.
    b2 = svc.add_battle(cid, _battle(18, "Waterloo"))
    game2 = PackGameService(db, svc.start_game(b2))
    state2 = game2.state()
    names = {u.name: u for u in state2.units}
    assert BATTERY not in names
    assert "Reille" not in {g.name for g in state2.leaders}
    assert (names[FOY].markers["elements"], names[FOY].markers["start"]) == (3, 3)
    assert names[JAMIN].markers["elements"] == 4
    assert len(state2.units) == 13 + 20 - 1
    game2.edit("unit", names[JAMIN].id, "elements", 1)
    _win_for_the_french(game2)
    svc.decide_from_game(b2)
    svc.carry_losses(b2)
    ney = {u.name: u for u in next(a for a in svc.view(cid).armies if a.name == "Ney").units}
    assert (ney[FOY].hits, ney[JAMIN].hits) == (1, 2)  # 3 lost, 2 kept

    # The league, the CSV and the report read battles of the pack as any other.
    v = svc.view(cid)
    alice = next(r for r in v.league if r.name == "Alice")
    assert (alice.played, alice.won, alice.points) == (2, 2, 6)
    assert "substantial" in battles_csv(v.battles)
    report = campaign_report_html(svc, cid)
    assert "French substantial" in report
    assert "Elements A-B" in report
    assert "units recover half their elements lost between battles" in report

    # Deleting the first battle replays the carried state from the second alone.
    svc.delete_battle(b1)
    ney = {u.name: u for u in next(a for a in svc.view(cid).armies if a.name == "Ney").units}
    assert not ney[BATTERY].destroyed
    assert (ney[FOY].hits, ney[JAMIN].hits) == (0, 2)


def test_an_avle_draw_has_no_winner_and_a_level_of_another_pack_is_refused(
    avle: tuple[CampaignService, int],
) -> None:
    svc, cid = avle
    b = svc.add_battle(cid, _battle(16, "Ligny", victory="drawn", winner=0))
    assert svc.battle(b).winner is None
    assert svc.battle(b).result_text == "draw"
    with pytest.raises(CampaignError, match="victory must be one of decisive, substantial"):
        svc.add_battle(cid, _battle(17, "Wavre", victory="draw"))
    with pytest.raises(CampaignError, match="a moral victory needs a winning side"):
        svc.add_battle(cid, _battle(17, "Wavre", victory="moral"))


def test_a_game_of_another_pack_is_not_linked(
    avle: tuple[CampaignService, int], demo: GameService
) -> None:
    svc, cid = avle
    with pytest.raises(CampaignError, match=r"is a game of pack eote; this campaign plays avle"):
        svc.add_battle(cid, _battle(16, "Ligny", game_id=demo.game_id))


def test_campaigns_of_both_packs_share_one_database(
    avle: tuple[CampaignService, int], db: Database
) -> None:
    svc, cid = avle
    eote = svc.create_campaign("EotE league")
    svc.add_member(eote, "Carol")
    svc.add_member(eote, "Dan")
    svc.add_army(eote, "Carol", LISTS["waterloo-1815-french.yaml"], name="Armee du Nord")
    svc.add_army(eote, "Dan", LISTS["waterloo-1815-prussian.yaml"], name="Blucher")
    eb = svc.add_battle(
        eote,
        NewBattle(datetime.date(2026, 6, 16), "Ligny", (["Armee du Nord"], ["Blucher"])),
    )
    eg = GameService(db, svc.start_game(eb))
    eg.set_unit(eg.view().sides[1].units[0].id, "hits", 4)
    with pytest.raises(CampaignError, match="the umpire gives"):
        svc.decide_from_game(eb)
    svc.set_result(eb, "decisive", 0)
    assert svc.carry_losses(eb) == 1
    ab = svc.add_battle(cid, _battle(16, "Quatre Bras"))
    _win_for_the_french(PackGameService(db, svc.start_game(ab)))
    svc.decide_from_game(ab)
    assert {c.name: c.battles for c in svc.list_campaigns()} == {
        "EotE league": 1,
        "Hundred Days (AVlE)": 1,
    }
    assert svc.view(eote).info.pack == "eote"
    assert [b.result_text for b in svc.view(eote).battles] == ["Side A decisive"]
    assert [b.result_text for b in svc.view(cid).battles] == ["French substantial"]
    blucher = next(a for a in svc.view(eote).armies if a.name == "Blucher")
    assert blucher.units[0].state == "2 hits"


def test_a_pack_whose_play_has_no_campaign_reading_is_refused(db: Database) -> None:
    """VlE's play says nothing of campaigns yet: no campaign of it (not EotE's by default)."""
    with pytest.raises(CampaignError, match="does not say yet how its games serve"):
        CampaignService(db).create_campaign("Jena league", pack="vle")
