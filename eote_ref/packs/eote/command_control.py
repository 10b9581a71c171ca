"""Whether a unit is within its commander's radius (EotE 3.5.1, 3.6): one reading for all.

The checks (the command radius, the rally from disorder, attaching a leader, and every unit
they hand the rules engine) and the turn guide read a unit's command through these two
functions, so they never disagree. A unit is out of command when marked so, unless the
commander its division's radius is measured from is attached to it: he stands with it. Any
other leader attached to the unit (an army or corps leader, who attaches to the division
first, 3.5.1) is not that commander and does not bring the unit within the radius.

Who the commander is, the checks work out (``checks.command.radius_commander``: the
division's living leader, else an army or corps leader attached to the division who has
taken command). Standard library only: the turn guide reads it with the first window.
"""

from __future__ import annotations

from typing import Protocol


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
