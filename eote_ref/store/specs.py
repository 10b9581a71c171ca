"""Plain-data descriptions of an order of battle, used to save rosters and to set up games.

These frozen dataclasses mirror the army-list format (docs/army-list-format.md) without
depending on :mod:`eote_ref.armylists`; the referee layer converts between the two.
"""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True)
class LeaderSpec:
    """The leader of a command: name and leadership rating (EotE 3.6)."""

    name: str
    rating: int
    notes: str | None = None


@dataclass(frozen=True)
class UnitSpec:
    """One unit of a division or brigade."""

    name: str
    arm: str
    type: str
    ce: int
    stands: int
    skirmish: str = "none"
    weight: str | None = None
    howitzers: int = 0
    #: The unit's own starting formation (None: its arm's default, if the list gives one).
    formation: str | None = None
    brigade: str | None = None
    nation: str | None = None
    notes: str | None = None


#: The order-of-battle fields of a unit, declared once (by :class:`UnitSpec`): the army list's
#: ``Unit`` has exactly these, the roster's and the game's unit rows carry them, and the copies
#: between them go field by field through this tuple. ``tests/unit/store/test_unit_fields.py``
#: keeps the army list, the two tables and the view in step with it.
UNIT_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(UnitSpec))


@dataclass(frozen=True)
class CommandSpec:
    """A command (army, wing, corps, division or brigade) with its leader and subordinates."""

    name: str
    level: str
    leader: LeaderSpec
    commands: tuple[CommandSpec, ...] = ()
    units: tuple[UnitSpec, ...] = ()
    notes: str | None = None


@dataclass(frozen=True)
class RosterSpec:
    """A whole army list: its top-level facts and the command tree under ``army``."""

    name: str
    nation: str
    year: int
    army: CommandSpec
    format_version: int = 1
    ruleset: str = "eote-6.2"
    battle: str | None = None
    sources: tuple[str, ...] = ()
    notes: str | None = None
    #: The starting formation of each arm, ``(("infantry", "column"), ...)`` (any may be absent).
    formations: tuple[tuple[str, str], ...] = ()

    def formation_of(self, arm: str) -> str | None:
        """The starting formation the list gives ``arm`` (None when it leaves it open)."""
        return dict(self.formations).get(arm)

    def unit_count(self) -> int:
        """How many units the list holds."""
        return _count_units(self.army)


@dataclass(frozen=True)
class PackRosterSpec:
    """An army list of another pack than EotE (``ruleset`` ``avle-1.2``): its YAML text whole.

    Such a list has no command tree; its top-level facts are kept beside the text so that the
    list of stored lists reads them without parsing it.
    """

    name: str
    nation: str
    year: int
    ruleset: str
    text: str
    format_version: int = 1
    battle: str | None = None
    sources: tuple[str, ...] = ()
    notes: str | None = None


@dataclass(frozen=True)
class SideSpec:
    """One side of a game: a name and the army lists that make up its order of battle."""

    name: str
    rosters: tuple[RosterSpec, ...]


def _count_units(command: CommandSpec) -> int:
    return len(command.units) + sum(_count_units(c) for c in command.commands)
