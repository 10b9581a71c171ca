"""What every part of the campaign package shares: the error, the named values, row look-ups."""

from __future__ import annotations

from collections.abc import Sequence

from eote_ref.referee.errors import RefereeError
from eote_ref.store.campaign_models import (
    DECISIVE,
    DRAW,
    MARGINAL,
    PLAYER,
    UMPIRE,
    Campaign,
    CampaignBattle,
)
from eote_ref.store.campaigns import CampaignWork

VICTORY_LEVELS = (DECISIVE, MARGINAL, DRAW)
ROLES = (PLAYER, UMPIRE)

__all__ = [
    "DECISIVE",
    "DRAW",
    "MARGINAL",
    "PLAYER",
    "ROLES",
    "UMPIRE",
    "VICTORY_LEVELS",
    "CampaignError",
    "CsvImportError",
    "battle_row",
    "campaign_row",
]


class CampaignError(RefereeError):
    """A campaign edit the referee refuses, with a sentence for the user."""


class CsvImportError(CampaignError):
    """A battle CSV file with bad rows; ``problems`` holds one ``line N: ...`` per problem."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = list(problems)


def campaign_row(w: CampaignWork, campaign_id: int) -> Campaign:
    """The stored campaign (CampaignError if there is none)."""
    c = w.campaign(campaign_id)
    if c is None:
        raise CampaignError(f"there is no campaign {campaign_id}")
    return c


def battle_row(w: CampaignWork, battle_id: int) -> CampaignBattle:
    """The stored battle (CampaignError if there is none)."""
    b = w.battle(battle_id)
    if b is None:
        raise CampaignError(f"there is no battle {battle_id}")
    return b
