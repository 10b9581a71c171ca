"""Whether a unit is within its commander's radius, and whom he rallies (EotE 3.5.1, 3.6).

The checks (the command radius, the rally from disorder, attaching a leader, and every unit
they hand the rules engine) and the turn guide read a unit's command through these two
functions, so they never disagree. A unit is out of command when marked so, unless the
commander its division's radius is measured from is attached to it: he stands with it. Any
other leader attached to the unit (an army or corps leader, who attaches to the division
first, 3.5.1) is not that commander and does not bring the unit within the radius.

Who the commander is, the checks work out (``checks.command.radius_commander``: the
division's living leader, else an army or corps leader attached to the division who has
taken command). Standard library only: the turn guide reads it with the first window.

The rally from disorder and the turn guide also read through :func:`attached_elsewhere`
whether the division's leader, attached to some unit, is barred from rallying this one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar


class CommandedUnit(Protocol):
    """A unit's row or view, as far as its command goes."""

    @property
    def attached_leader_id(self) -> int | None: ...

    @property
    def out_of_command(self) -> bool: ...


def commander_attached(unit: CommandedUnit, commander_id: int | None) -> bool:
    """Whether the leader attached to ``unit`` is ``commander_id``, its radius's commander.

    Standing with the unit, he has it within his radius (EotE 3.5.1, 3.6).
    """
    return commander_id is not None and unit.attached_leader_id == commander_id


def in_command(unit: CommandedUnit, commander_id: int | None) -> bool:
    """Within its commander's radius: not marked out of it, or he is attached to it (3.6)."""
    return commander_attached(unit, commander_id) or not unit.out_of_command


class Carrier(Protocol):
    """A unit's row or view that a leader may be attached to."""

    @property
    def id(self) -> int | None: ...


C = TypeVar("C", bound=Carrier)


def attached_elsewhere(carriers: Sequence[C], unit_id: int | None) -> C | None:
    """The unit a leader stands with, if it is not unit ``unit_id``; else None.

    ``carriers`` are the units the leader is attached to, in id order (one at most, 3.5.1).
    Attached, he rallies no unit but that one (EotE 3.5.1); with ``unit_id`` None, any
    attachment bars him from rallying.
    """
    first = carriers[0] if carriers else None
    return first if first is not None and first.id != unit_id else None
