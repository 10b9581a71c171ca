"""A scenario game's scenario and its state, and the breakpoints counted from the game.

The reads the other scenario modules share (:mod:`.scenario_play`, :mod:`.army_morale`,
:mod:`.scenario_victory`), kept below them all so that none imports another in a circle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from eote_ref.referee.game import GameService

Read = Callable[..., Any]


def _rows() -> Any:
    """The store's game reads (:mod:`eote_ref.store.game_rows`), imported on first use."""
    from eote_ref.store import game_rows

    return game_rows


@dataclass(frozen=True)
class BreakpointView:
    """A breakpoint and how near it is: ``lost`` of ``total`` units, broken at ``share`` %."""

    side: int
    command: str | None
    share: int
    points: int
    lost: int
    total: int

    @property
    def broken(self) -> bool:
        """Whether the share of units lost has reached the breakpoint."""
        return self.total > 0 and self.lost * 100 >= self.share * self.total

    def text(self, side_names: tuple[str, ...]) -> str:
        """E.g. ``French: 6 of 30 units lost (breaks at 50%)``."""
        who = self.command or side_names[self.side]
        mark = ": BROKEN" if self.broken else ""
        return f"{who}: {self.lost} of {self.total} units lost (breaks at {self.share}%){mark}"


def scenario_of(game: GameService) -> tuple[dict[str, Any], dict[str, Any]]:
    """The game's scenario and its state, read without the ORM from an SQLite file.

    The turn guide asks in the command phase, which the app's first window paints before
    SQLAlchemy is imported.
    """
    reader = game.db.rows()
    if reader is None:
        data, state = game.read(_rows().scenario)
        return dict(data), dict(state)
    row = reader.game(game.game_id)
    if row is None:
        return {}, {}
    from eote_ref.store.scenario_column import eote_scenario

    return eote_scenario(row.scenario), dict(row.scenario_state or {})


def breakpoints_of(read: Read, data: Mapping[str, Any]) -> tuple[BreakpointView, ...]:
    """Each breakpoint of the scenario ``data`` with the units lost, counted from the state.

    ``read`` runs one of the store's game reads (:meth:`GameService.read`).
    """
    commands = read(_rows().commands)
    sides = read(_rows().side_ids)
    position_of_side = {sid: pos for pos, sid in sides.items()}
    parent = {c.id: c.parent_id for c in commands}
    side_of = {c.id: position_of_side.get(c.side_id) for c in commands}
    losses = read(_rows().unit_losses)

    def under(command_id: int, top: set[int]) -> bool:
        cid: int | None = command_id
        while cid is not None:
            if cid in top:
                return True
            cid = parent.get(cid)
        return False

    out = []
    for bp in data.get("breakpoints", []):
        side = int(bp["side"])
        if bp.get("command"):
            top = {
                c.id
                for c in commands
                if c.name == bp["command"] and c.id is not None and side_of.get(c.id) == side
            }
            units = [lost for _u, cid, lost in losses if under(cid, top)]
        else:
            units = [lost for _u, cid, lost in losses if side_of.get(cid) == side]
        out.append(
            BreakpointView(
                side,
                bp.get("command"),
                int(bp["share"]),
                int(bp.get("points", 0)),
                sum(units),
                len(units),
            )
        )
    return tuple(out)


def objectives_of(
    data: Mapping[str, Any], state: Mapping[str, Any]
) -> tuple[tuple[str, int, int | None], ...]:
    """Each objective of the scenario ``data``: its name, points and who holds it now."""
    held: Mapping[str, Any] = state.get("held", {})
    return tuple(
        (o["name"], int(o["points"]), held.get(o["name"])) for o in data.get("objectives", [])
    )
