"""A scenario's private briefings and timed notes: each for one side's eyes only.

A briefing is shown on its side's order sheet (Game → Print order sheet) and, with the
players' own pages, on that side's screen; never on the players' display nor to the other
side. One with a ``turn`` is released from that turn on (a timed note).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from eote_ref.referee.game import GameService


@dataclass(frozen=True)
class BriefingView:
    """One briefing as its side reads it: its text and the turn it was released (None: start)."""

    text: str
    turn: int | None


def visible_briefings(data: Mapping[str, Any], side: int, turn: int) -> list[BriefingView]:
    """The briefings of scenario ``data`` side ``side`` may read on ``turn``, in file order."""
    return [
        BriefingView(str(b["text"]), b.get("turn"))
        for b in data.get("briefings") or []
        if int(b["side"]) == side and (b.get("turn") is None or int(b["turn"]) <= turn)
    ]


def side_briefings(game: GameService, side: int, turn: int | None = None) -> list[BriefingView]:
    """The briefings side position ``side`` of the open game may read on ``turn`` (default: now).

    Empty for a game not made from a scenario. The players' own pages read this.
    """
    from eote_ref.referee.scenario_play import scenario_of

    data, _state = scenario_of(game)
    if not data.get("briefings"):
        return []
    return visible_briefings(data, side, game.view().turn if turn is None else turn)
