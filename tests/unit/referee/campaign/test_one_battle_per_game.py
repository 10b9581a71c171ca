"""A game belongs to one campaign battle (issue 36): a second link is refused on every path.

Linked twice, a game's losses were counted, and carried, once for each battle: a unit's 4 hits
at 50% recovery were carried as 3 (2, then 2 + 2 less half) instead of 2.
"""

from __future__ import annotations

import dataclasses
import datetime
import pathlib

import pytest

from eote_ref.referee.campaign import (
    CampaignError,
    CampaignService,
    CsvImportError,
    NewBattle,
)
from eote_ref.referee.game import GameService
from eote_ref.store import Database
from eote_ref.store.campaigns import campaign_work
from eote_ref.store.errors import GameLinkedError
from tests.shipped import LISTS


@pytest.fixture
def played(db: Database) -> tuple[CampaignService, int, int, int]:
    """Ligny run in eote-ref: the first French unit takes 4 hits, decided and carried."""
    svc = CampaignService(db)
    cid = svc.create_campaign("Hundred Days")
    svc.add_member(cid, "Alice")
    svc.add_member(cid, "Bob")
    svc.add_army(cid, "Alice", LISTS["waterloo-1815-french.yaml"], name="Nord")
    svc.add_army(cid, "Bob", LISTS["waterloo-1815-prussian.yaml"], name="Blucher")
    battle_id = svc.add_battle(cid, _battle(1, "Ligny"))
    game = GameService(db, svc.start_game(battle_id))
    game.set_unit(game.view().sides[0].units[0].id, "hits", 4)
    svc.set_result(battle_id, "decisive", 0)
    svc.carry_losses(battle_id)
    return svc, cid, battle_id, game.game_id


def _battle(day: int, scenario: str, **kw: object) -> NewBattle:
    return NewBattle(
        date=datetime.date(2026, 3, day),
        scenario=scenario,
        sides=(["Nord"], ["Blucher"]),
        **kw,  # type: ignore[arg-type]
    )


def _carried(svc: CampaignService, cid: int) -> int:
    return next(a for a in svc.view(cid).armies if a.name == "Nord").units[0].hits


def test_importing_the_exported_battle_list_into_the_same_campaign_is_refused(
    played: tuple[CampaignService, int, int, int], tmp_path: pathlib.Path
) -> None:
    svc, cid, battle_id, game_id = played
    assert _carried(svc, cid) == 2  # 4 less half
    svc.export_csv(cid, tmp_path)
    text = (tmp_path / "battles.csv").read_text(encoding="utf-8")
    assert f",{game_id}," in text
    with pytest.raises(CsvImportError) as refused:
        svc.import_battles(cid, text)
    assert refused.value.problems == [
        f"line 2: game {game_id} belongs to battle {battle_id} of this campaign already "
        "(2026-03-01, Ligny); a game belongs to one battle"
    ]
    assert [b.id for b in svc.view(cid).battles] == [battle_id]  # nothing imported
    assert _carried(svc, cid) == 2


def test_one_file_linking_a_game_twice_is_refused_by_line(db: Database) -> None:
    svc = CampaignService(db)
    cid = svc.create_campaign("Hundred Days")
    svc.add_member(cid, "Alice")
    svc.add_army(cid, "Alice", LISTS["waterloo-1815-french.yaml"], name="Nord")
    svc.add_army(cid, "Alice", LISTS["waterloo-1815-prussian.yaml"], name="Blucher")
    from eote_ref.referee.setup import NewGame, create_new_game

    game_id = create_new_game(
        db,
        NewGame(
            "Ligny",
            {
                "Prussians": [LISTS["waterloo-1815-prussian.yaml"]],
                "French": [LISTS["waterloo-1815-french.yaml"]],
            },
        ),
    )
    rows = "".join(
        f"2026-03-0{day},{name},A,B,Nord,Blucher,{game_id}\n"
        for day, name in ((1, "Ligny"), (2, "Wavre"))
    )
    text = "date,scenario,side_a,side_b,armies_a,armies_b,game_id\n" + rows
    with pytest.raises(CsvImportError) as refused:
        svc.import_battles(cid, text)
    assert refused.value.problems == [
        f"line 3: game {game_id} is linked on line 2 too; a game belongs to one battle"
    ]
    assert svc.view(cid).battles == ()


def test_the_service_refuses_a_second_battle_of_one_game(
    played: tuple[CampaignService, int, int, int],
) -> None:
    svc, cid, battle_id, game_id = played
    words = f"game {game_id} belongs to battle {battle_id} of this campaign already"
    with pytest.raises(CampaignError, match=words):
        svc.add_battle(cid, _battle(2, "Gilly", game_id=game_id, victory="draw"))
    with pytest.raises(CampaignError, match=words):
        svc.save_battle(cid, _battle(2, "Gilly", game_id=game_id, victory="draw"))
    gilly = svc.add_battle(cid, _battle(2, "Gilly"))
    with pytest.raises(CampaignError, match=words):
        svc.update_battle(gilly, _battle(2, "Gilly", game_id=game_id))
    assert svc.battle(gilly).game_id is None
    assert _carried(svc, cid) == 2
    # the battle that has the game keeps it when edited
    spec = svc._spec_of(svc.battle(battle_id))
    svc.save_battle(cid, dataclasses.replace(spec, notes="a rout"), battle_id)
    assert svc.battle(battle_id).game_id == game_id
    assert svc.battle_of_game(game_id) == (cid, svc.battle(battle_id))


def test_another_campaign_cannot_link_the_game_either(
    played: tuple[CampaignService, int, int, int],
) -> None:
    svc, cid, battle_id, game_id = played
    other = svc.create_campaign("Peninsula")
    svc.add_member(other, "Carol")
    svc.add_army(other, "Carol", LISTS["waterloo-1815-french.yaml"], name="Nord")
    svc.add_army(other, "Carol", LISTS["waterloo-1815-prussian.yaml"], name="Blucher")
    with pytest.raises(
        CampaignError, match=f"battle {battle_id} of campaign 'Hundred Days' already"
    ):
        svc.add_battle(other, _battle(2, "Gilly", game_id=game_id))


def test_the_schema_refuses_a_second_link_written_past_the_checks(
    played: tuple[CampaignService, int, int, int],
) -> None:
    """Two copies of the app may both check before either writes: the unique index decides."""
    svc, cid, battle_id, game_id = played
    row = {
        "campaign_id": cid,
        "date": datetime.date(2026, 3, 2),
        "scenario": "Gilly",
        "side_names": ["A", "B"],
        "game_id": game_id,
    }
    with campaign_work(svc.db) as w, pytest.raises(GameLinkedError, match="one battle"):
        w.insert_battles([row])
    with campaign_work(svc.db) as w:
        gilly = w.battle(svc.add_battle(cid, _battle(2, "Gilly")))
        assert gilly is not None
        gilly.game_id = game_id
        w.add(gilly)
        with pytest.raises(GameLinkedError, match="nothing was written"):
            w.commit()
    assert [b.game_id for b in svc.view(cid).battles] == [game_id, None]
