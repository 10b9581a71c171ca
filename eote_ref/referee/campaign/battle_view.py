"""A battle of a campaign as read, with its armies: below the views and the packs' readings."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from eote_ref.referee.campaign.base import DRAW


@dataclass(frozen=True)
class BattleArmyView:
    """An army in a battle, with its losses there."""

    army_id: int
    army: str
    player: str
    nation: str
    side: int
    losses: int
    units_lost: int


@dataclass(frozen=True)
class BattleView:
    """A battle of a campaign with its result."""

    id: int
    date: datetime.date
    scenario: str
    table_size: str
    figure_scale: str
    umpire: str | None
    side_names: tuple[str, str]
    armies: tuple[BattleArmyView, ...]
    game_id: int | None
    victory: str | None
    winner: int | None
    notes: str | None
    carried: bool

    def side_armies(self, side: int) -> list[BattleArmyView]:
        """The armies on side ``side`` (0 or 1)."""
        return [a for a in self.armies if a.side == side]

    def players(self, side: int) -> tuple[str, ...]:
        """The players on side ``side``, without repeats."""
        return tuple(dict.fromkeys(a.player for a in self.side_armies(side)))

    def losses(self, side: int) -> int:
        """The hits side ``side`` took."""
        return sum(a.losses for a in self.side_armies(side))

    def units_lost(self, side: int) -> int:
        """The units side ``side`` lost for good."""
        return sum(a.units_lost for a in self.side_armies(side))

    @property
    def decided(self) -> bool:
        """Whether the umpire has given the result."""
        return self.victory is not None

    @property
    def result_text(self) -> str:
        """``French decisive``, ``draw`` or ``not played``."""
        if self.victory is None:
            return "not played"
        if self.victory == DRAW or self.winner is None:
            return "draw"
        return f"{self.side_names[self.winner]} {self.victory}"

    @property
    def label(self) -> str:
        """``2026-03-14 Quatre Bras`` (for charts and lists)."""
        return f"{self.date.isoformat()} {self.scenario}"
