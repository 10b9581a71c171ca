"""What every part of the campaign package shares: the error, the named values, row look-ups."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

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
from eote_ref.store.campaigns import CampaignWork, campaign_work

if TYPE_CHECKING:
    from eote_ref.store.database import Database

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
    "unlinked_game_dropped",
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


@contextlib.contextmanager
def unlinked_game_dropped(db: Database, game_id: int) -> Iterator[None]:
    """Delete the game just set up if what follows (its link to the battle) fails.

    A refusal after the game was written (the server gone, a right revoked) would otherwise
    leave a game of the battle's units linked to no battle; the error is raised as it came.
    """
    try:
        yield
    except BaseException:
        with contextlib.suppress(Exception), campaign_work(db) as w:
            w.delete_game(game_id)
        raise
