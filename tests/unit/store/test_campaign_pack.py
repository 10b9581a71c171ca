"""Migration 0012 (issue 26): a campaign records its pack; every older campaign is EotE's."""

from __future__ import annotations

import datetime

from alembic import command
from sqlalchemy import text

from eote_ref.referee.campaign import CampaignService
from eote_ref.store.migrate import alembic_config
from tests.backends import DbTarget


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
