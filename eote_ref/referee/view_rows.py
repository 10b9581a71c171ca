"""One builder each for a unit's, a leader's and a command's current leader's view.

The whole read (:mod:`eote_ref.referee.game_reading`) and the patch after a command
(:mod:`eote_ref.referee.view_read`) both build their views here, from ORM objects or the
plain rows of :mod:`eote_ref.store.rows` alike; this module imports neither of them (nor the
ORM), so the two readers do not import each other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from eote_ref.referee.markers import unit_state
from eote_ref.referee.views import LeaderView, UnitView

#: Whether a unit with ``hits`` (and routed or not) is due a morale check, as the game's rules
#: say (EotE 7.5, 6.8, with the game's threshold): given by the service that reads the game.
MoraleDue = Callable[[int, bool], bool]


def leader_view(row: Any) -> LeaderView:
    """A leader row as the dashboard shows it."""
    return LeaderView(
        id=row.id,
        name=row.name,
        level=row.level,
        rating=row.rating,
        killed=row.killed,
        no_rally_next_turn=row.no_rally_next_turn,
        replacement=row.replacement,
        replacement_due_turn=row.replacement_due_turn,
        no_rally_turn=row.no_rally_turn,
    )


def current_leader(leaders: Sequence[Any]) -> Any | None:
    """The command's living leader: its replacement when one has arrived, else the original."""
    alive = [lead for lead in leaders if not lead.killed]
    return alive[-1] if alive else (leaders[0] if leaders else None)


def unit_view(
    u: Any, division_id: int, leader_names: dict[int | None, str], morale_due: MoraleDue
) -> UnitView:
    """A unit row (model or plain row) with its markers (its ``markers`` over the defaults).

    ``u.arm`` is kept as the row has it (the arm's value).
    """
    m = unit_state(u.markers)
    hits, routed = m["hits"], m["routed"]
    return UnitView(
        id=u.id,
        division_id=division_id,
        name=u.name,
        arm=u.arm,
        type=u.type,
        nation=u.nation,
        ce=u.ce,
        stands=u.stands,
        weight=u.weight,
        skirmish=u.skirmish,
        brigade=u.brigade,
        hits=hits,
        disordered=m["disordered"],
        blown=m["blown"],
        routed=routed,
        off_table=m["off_table"],
        formation=m["formation"],
        limbered=m["limbered"],
        guns_abandoned=m["guns_abandoned"],
        pinned=m["pinned"],
        out_of_command=m["out_of_command"],
        skirmishers_out=m["skirmishers_out"],
        changed_formation=m["changed_formation"],
        fought_this_turn=m["fought_this_turn"],
        routed_this_turn=m["routed_this_turn"],
        attached_leader=leader_names.get(u.attached_leader_id) if u.attached_leader_id else None,
        morale_due=morale_due(hits, bool(routed)),
        fought_last_turn=m["fought_last_turn"],
        skirmish_hits=m["skirmish_hits"],
        code=u.code or "",
        attached_leader_id=u.attached_leader_id,
    )
