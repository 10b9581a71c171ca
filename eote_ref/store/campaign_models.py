"""SQLModel tables of club campaigns: members, armies with carried losses, battles, results.

* ``campaign`` holds the league's points scheme and the recovery of hits between battles.
* ``campaign_member``: the players and umpires.
* ``campaign_army``: a player's *campaign copy* of an army list (the army-list YAML text,
  copied once, so later edits of the master list never reach the campaign), and
  ``campaign_unit``: each unit of that copy with the hits it carries and whether it was
  destroyed (disintegrated, or lost for good).
* ``campaign_battle``: a battle's date, scenario, table, figure scale, umpire, the linked game
  (if it was run in eote-ref) and its result; ``campaign_battle_army``: each army that fought
  in it, on which side, its losses, which game unit stood for which campaign unit, and what
  the battle did to each campaign unit (from which the carried state is replayed).

The tables share :data:`eote_ref.store.models.metadata` and use only portable types.
"""

import datetime
from typing import Any

from sqlalchemy import JSON, UniqueConstraint
from sqlmodel import Field, SQLModel

from eote_ref.store.models import utcnow

_NO_ID_REUSE: dict[str, Any] = {"sqlite_autoincrement": True}

#: Values of :attr:`CampaignMember.role`.
PLAYER = "player"
UMPIRE = "umpire"

#: Values of :attr:`CampaignBattle.victory` (EotE leaves victory to the umpire).
DECISIVE = "decisive"
MARGINAL = "marginal"
DRAW = "draw"


class Campaign(SQLModel, table=True):
    """A club campaign: its name, the league's points and the recovery between battles."""

    __tablename__ = "campaign"
    __table_args__ = _NO_ID_REUSE

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True, max_length=200)
    notes: str | None = None
    created_at: datetime.datetime = Field(default_factory=utcnow)
    points_win: int = 3
    points_draw: int = 1
    points_loss: int = 0
    #: Percent of a surviving unit's hits removed between battles, rounded down (50 = half).
    recovery_percent: int = 50
    #: The pack its battles are played with (``eote``, ``avle``): its armies are lists of it.
    pack: str = Field(default="eote", max_length=16, sa_column_kwargs={"server_default": "eote"})


class CampaignMember(SQLModel, table=True):
    """A player or umpire of a campaign."""

    __tablename__ = "campaign_member"
    __table_args__ = (
        UniqueConstraint("campaign_id", "name", name="uq_campaign_member_name"),
        _NO_ID_REUSE,
    )

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", ondelete="CASCADE", index=True)
    name: str = Field(max_length=200)
    role: str = Field(default=PLAYER, max_length=16)


class CampaignArmy(SQLModel, table=True):
    """A player's campaign copy of an army list."""

    __tablename__ = "campaign_army"
    __table_args__ = (
        UniqueConstraint("campaign_id", "name", name="uq_campaign_army_name"),
        _NO_ID_REUSE,
    )

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", ondelete="CASCADE", index=True)
    player_id: int = Field(foreign_key="campaign_member.id", ondelete="CASCADE", index=True)
    name: str = Field(max_length=200)
    nation: str
    #: The army list's YAML text (docs/army-list-format.md), copied when the army joined.
    army_list_yaml: str


class CampaignUnit(SQLModel, table=True):
    """One unit of a campaign army: its place in the list, carried hits, destroyed or not."""

    __tablename__ = "campaign_unit"
    __table_args__ = (
        UniqueConstraint("army_id", "ref", name="uq_campaign_unit_ref"),
        _NO_ID_REUSE,
    )

    id: int | None = Field(default=None, primary_key=True)
    army_id: int = Field(foreign_key="campaign_army.id", ondelete="CASCADE", index=True)
    #: The unit's index in the army list, in file order.
    ref: int
    name: str
    division: str
    arm: str
    ce: int
    hits: int = 0
    destroyed: bool = False
    disintegrated: bool = False


class CampaignBattle(SQLModel, table=True):
    """A battle of a campaign and its result (``victory`` is None until the umpire decides)."""

    __tablename__ = "campaign_battle"
    __table_args__ = _NO_ID_REUSE

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", ondelete="CASCADE", index=True)
    date: datetime.date
    scenario: str
    table_size: str = ""
    figure_scale: str = "15mm"
    umpire_id: int | None = Field(
        default=None, foreign_key="campaign_member.id", ondelete="SET NULL", index=True
    )
    #: The side names, by position (0 and 1).
    side_names: list[str] = Field(default_factory=list, sa_type=JSON)
    #: The game the battle was run in; a game belongs to one battle at most (unique).
    game_id: int | None = Field(
        default=None, foreign_key="game.id", ondelete="SET NULL", index=True, unique=True
    )
    victory: str | None = Field(default=None, max_length=16)
    #: The winning side's position; None for a draw or no result yet.
    winner: int | None = None
    notes: str | None = None
    #: Whether the losses were written back to the campaign copies.
    carried: bool = False


class CampaignBattleArmy(SQLModel, table=True):
    """An army in a battle: its side, its losses, and the game units standing for its units."""

    __tablename__ = "campaign_battle_army"
    __table_args__ = (
        UniqueConstraint("battle_id", "army_id", name="uq_campaign_battle_army"),
        _NO_ID_REUSE,
    )

    id: int | None = Field(default=None, primary_key=True)
    battle_id: int = Field(foreign_key="campaign_battle.id", ondelete="CASCADE", index=True)
    army_id: int = Field(foreign_key="campaign_army.id", ondelete="CASCADE", index=True)
    side: int
    #: Hits taken in the battle (from the game's journal, or entered by hand).
    losses: int = 0
    #: Units destroyed (disintegrated, or lost for good) in the battle.
    units_lost: int = 0
    #: ``{game unit id: campaign unit id}`` for a battle set up from the campaign copies.
    unit_map: dict[str, int] = Field(default_factory=dict, sa_type=JSON)
    #: What the battle did to each campaign unit, once its losses were carried:
    #: ``{campaign unit id: [net hits taken in this battle, destroyed, disintegrated]}``
    #: (flags as 0/1). The carried state of a campaign is replayed from these records.
    unit_results: dict[str, list[int]] = Field(default_factory=dict, sa_type=JSON)


#: Every campaign table's model (a write to any is a campaign change, :mod:`.notify`).
CAMPAIGN_TABLES = (
    Campaign,
    CampaignArmy,
    CampaignBattle,
    CampaignBattleArmy,
    CampaignMember,
    CampaignUnit,
)
