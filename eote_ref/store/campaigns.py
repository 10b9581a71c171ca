"""Store queries for campaigns: find one by name, and load all its rows at once."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

# Registers the session events that tell other copies of the app of campaign writes.
from eote_ref.store import notify  # noqa: F401
from eote_ref.store.campaign_models import (
    Campaign,
    CampaignArmy,
    CampaignBattle,
    CampaignBattleArmy,
    CampaignMember,
    CampaignUnit,
)
from eote_ref.store.errors import NotFoundError
from eote_ref.store.models import Game


@dataclass(frozen=True)
class CampaignRows:
    """Every row of one campaign, each list ordered by id."""

    campaign: Campaign
    members: list[CampaignMember]
    armies: list[CampaignArmy]
    units: list[CampaignUnit]
    battles: list[CampaignBattle]
    battle_armies: list[CampaignBattleArmy]


def list_campaigns(session: Session) -> list[Campaign]:
    """Every campaign, by name."""
    return list(session.exec(select(Campaign).order_by(col(Campaign.name))).all())


def find_campaign(session: Session, name: str) -> Campaign:
    """The campaign called ``name``.

    Raises:
        NotFoundError: there is none.
    """
    row = session.exec(select(Campaign).where(Campaign.name == name)).first()
    if row is None:
        raise NotFoundError(f"there is no campaign called {name!r}")
    return row


def load_campaign(session: Session, campaign_id: int) -> CampaignRows:
    """All rows of a campaign in six queries.

    Raises:
        NotFoundError: there is no campaign with that id.
    """
    campaign = session.get(Campaign, campaign_id)
    if campaign is None:
        raise NotFoundError(f"there is no campaign with id {campaign_id}")
    armies = list(
        session.exec(
            select(CampaignArmy)
            .where(CampaignArmy.campaign_id == campaign_id)
            .order_by(col(CampaignArmy.id))
        ).all()
    )
    army_ids = [a.id for a in armies]
    battles = list(
        session.exec(
            select(CampaignBattle)
            .where(CampaignBattle.campaign_id == campaign_id)
            .order_by(col(CampaignBattle.id))
        ).all()
    )
    battle_ids = [b.id for b in battles]
    return CampaignRows(
        campaign=campaign,
        members=list(
            session.exec(
                select(CampaignMember)
                .where(CampaignMember.campaign_id == campaign_id)
                .order_by(col(CampaignMember.id))
            ).all()
        ),
        armies=armies,
        units=list(
            session.exec(
                select(CampaignUnit)
                .where(col(CampaignUnit.army_id).in_(army_ids))
                .order_by(col(CampaignUnit.army_id), col(CampaignUnit.ref))
            ).all()
        ),
        battles=battles,
        battle_armies=list(
            session.exec(
                select(CampaignBattleArmy)
                .where(col(CampaignBattleArmy.battle_id).in_(battle_ids))
                .order_by(col(CampaignBattleArmy.id))
            ).all()
        ),
    )


def game_exists(session: Session, game_id: int) -> bool:
    """Whether there is a game with this id."""
    return session.get(Game, game_id) is not None
