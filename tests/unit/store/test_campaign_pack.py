"""The campaign migrations' data, written at the revision before each.

0012 (issue 26): a campaign records its pack, every older one EotE's. 0013 (issue 36): a game
belongs to one battle.
"""

from __future__ import annotations

import dataclasses
import datetime

import pytest
from alembic import command
from sqlalchemy import text

from eote_ref.referee.campaign import CampaignError, CampaignService
from eote_ref.store.migrate import alembic_config
from tests.backends import DbTarget

from .helpers import insert_ligny


def test_migration_0012_makes_every_older_campaign_an_eote_one(
    empty_db_target: DbTarget,
) -> None:
    engine = empty_db_target.engine()
    at = datetime.datetime(2026, 3, 1, tzinfo=datetime.UTC)
    try:
        with engine.begin() as c:
            command.upgrade(alembic_config(connection=c), "0011")
            c.execute(
                text(
                    "INSERT INTO campaign (name, created_at, points_win, points_draw,"
                    " points_loss, recovery_percent) VALUES ('Hundred Days', :at, 3, 1, 0, 50)"
                ),
                {"at": at},
            )  # no id given: PostgreSQL's sequence must number the next campaign after it
    finally:
        engine.dispose()
    with empty_db_target.open() as db:
        assert db.upgraded_from == "0011"
        svc = CampaignService(db)
        info = svc.view(1).info
        assert (info.name, info.pack, info.victory_levels) == (
            "Hundred Days",
            "eote",
            ("decisive", "marginal", "draw"),
        )
        svc.create_campaign("Quatre Bras league", pack="avle")
        assert {c.name: c.pack for c in svc.list_campaigns()} == {
            "Hundred Days": "eote",
            "Quatre Bras league": "avle",
        }


def test_migration_0013_keeps_a_game_on_its_first_battle_and_replays_the_carry(
    empty_db_target: DbTarget,
) -> None:
    """An older file with game 1 linked to two carried battles: its 4 hits were carried twice.

    The second battle is unlinked and no longer carried (a note says why), and the carried
    state is replayed: the unit keeps 2 of its 4 hits (50% recovery), not 3.
    """
    engine = empty_db_target.engine()
    at = datetime.datetime(2026, 3, 1, tzinfo=datetime.UTC)
    try:
        with engine.begin() as c:
            command.upgrade(alembic_config(connection=c), "0012")
            insert_ligny(c, "(1, 1, 0, 'French', '[]'), (2, 1, 1, 'Prussians', '[]')")
            c.execute(
                text(
                    "INSERT INTO campaign (id, name, created_at, points_win, points_draw,"
                    " points_loss, recovery_percent, pack) VALUES (1, 'Hundred Days', :at,"
                    " 3, 1, 0, 50, 'eote')"
                ),
                {"at": at},
            )
            c.execute(
                text(
                    "INSERT INTO campaign_member (id, campaign_id, name, role)"
                    " VALUES (1, 1, 'Alice', 'player')"
                )
            )
            c.execute(
                text(
                    "INSERT INTO campaign_army (id, campaign_id, player_id, name, nation,"
                    " army_list_yaml) VALUES (1, 1, 1, 'Nord', 'french', 'x')"
                )
            )
            c.execute(
                text(
                    "INSERT INTO campaign_unit (id, army_id, ref, name, division, arm, ce,"
                    " hits, destroyed, disintegrated) VALUES"
                    " (1, 1, 0, '1/1st Line', 'Bachelu', 'infantry', 4, 3, false, false),"
                    " (2, 1, 1, '2/1st Line', 'Bachelu', 'infantry', 4, 0, false, false)"
                )
            )
            for battle, scenario, notes in ((1, "Ligny", None), (2, "Ligny", "imported")):
                c.execute(
                    text(
                        "INSERT INTO campaign_battle (id, campaign_id, date, scenario,"
                        " table_size, figure_scale, side_names, game_id, carried, notes)"
                        " VALUES (:id, 1, '2026-03-01', :s, '', '15mm', '[\"A\", \"B\"]', 1,"
                        " true, :n)"
                    ),
                    {"id": battle, "s": scenario, "n": notes},
                )
                c.execute(
                    text(
                        "INSERT INTO campaign_battle_army (id, battle_id, army_id, side, losses,"
                        " units_lost, unit_map, unit_results) VALUES (:id, :id, 1, 0, 4, 0,"
                        " '{\"5\": 1}', '{\"1\": [4, 0, 0]}')"
                    ),
                    {"id": battle},
                )
    finally:
        engine.dispose()
    with empty_db_target.open() as db:
        assert db.upgraded_from == "0012"
        svc = CampaignService(db)
        first, second = svc.view(1).battles
        assert (first.game_id, first.carried, first.notes) == (1, True, None)
        assert (second.game_id, second.carried) == (None, False)
        assert second.notes == (
            "imported\nUnlinked from game 1 when the file was upgraded: battle 1 has that "
            "game, and a game belongs to one battle."
        )
        units = svc.view(1).armies[0].units
        assert [(u.hits, u.destroyed) for u in units] == [(2, False), (0, False)]
        with pytest.raises(CampaignError, match="belongs to battle 1"):
            svc.update_battle(2, dataclasses.replace(svc._spec_of(second), game_id=1))
