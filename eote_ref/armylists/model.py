"""Typed model of an army list: the command tree, its leaders and units (format version 1)."""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field

# The list format's words are EotE's unit model: this is the one module of the shared list
# layer that names it (issue 32); the loader, the tree, the rosters and the roster editor take
# them from here (re-exported), the store and scenarios from the pack's declared unit model.
from eote_ref.packs.eote.rules.command import Level as Level
from eote_ref.packs.eote.rules.units import FORMATIONS_BY_ARM as RULES_FORMATIONS_BY_ARM
from eote_ref.packs.eote.rules.units import KNOWN_NATIONS as KNOWN_NATIONS
from eote_ref.packs.eote.rules.units import Arm as Arm
from eote_ref.packs.eote.rules.units import CombatArm, starting_formation
from eote_ref.packs.eote.rules.units import Formation as Formation
from eote_ref.packs.eote.rules.units import Weight as Weight
from eote_ref.yamlio.typed import meta

#: The army-list format version this module reads and writes.
FORMAT_VERSION = 1

#: The ruleset an army list is set for when it does not say.
DEFAULT_RULESET = "eote-6.2"

#: Rulesets eote-ref knows; CE values set for another one get a warning.
KNOWN_RULESETS = frozenset({DEFAULT_RULESET})


class UnitType(enum.StrEnum):
    """The type of a unit; which types an arm allows is in :data:`TYPES_BY_ARM`."""

    LINE = "line"
    LIGHT = "light"
    GRENADIER = "grenadier"
    GUARD = "guard"
    MILITIA = "militia"
    MEDIUM = "medium"
    HEAVY = "heavy"
    FOOT = "foot"
    HORSE = "horse"
    SAPPERS = "sappers"
    PONTONNIERS = "pontonniers"


#: The unit types each arm allows, in the order the format document lists them.
TYPES_BY_ARM: dict[Arm, tuple[UnitType, ...]] = {
    Arm.INFANTRY: (
        UnitType.LINE,
        UnitType.LIGHT,
        UnitType.GRENADIER,
        UnitType.GUARD,
        UnitType.MILITIA,
    ),
    Arm.CAVALRY: (UnitType.LIGHT, UnitType.MEDIUM, UnitType.HEAVY),
    Arm.ARTILLERY: (UnitType.FOOT, UnitType.HORSE),
    Arm.ENGINEERS: (UnitType.SAPPERS, UnitType.PONTONNIERS),
}


class Skirmish(enum.StrEnum):
    """Skirmish capability (EotE 5.4): none, may detach skirmishers, or also full skirmish order."""

    NONE = "none"
    DETACH = "detach"
    FULL = "full"


#: The formations each arm may start in: for infantry, cavalry and artillery exactly those the rules
#: allow the arm (:data:`eote_ref.packs.eote.rules.units.FORMATIONS_BY_ARM`, in :class:`Formation`'s
#: order); engineers move as infantry in line or column. Army lists write a formation as its
#: :class:`Formation` value (``line``, ``french_assault_column``, ``limbered``...).
START_FORMATIONS_BY_ARM: dict[Arm, tuple[Formation, ...]] = {
    **{
        Arm(arm.value): tuple(f for f in Formation if f in RULES_FORMATIONS_BY_ARM[arm])
        for arm in CombatArm
    },
    Arm.ENGINEERS: (Formation.LINE, Formation.COLUMN),
}

#: Formations that a per-arm default may not name: not every unit of an arm may take them
#: (skirmish order needs full skirmish ability, EotE 5.4), or no army starts a battle in them.
NOT_A_DEFAULT = frozenset({Formation.SKIRMISH, Formation.SQUARE})


@dataclass(frozen=True, kw_only=True)
class StartingFormations:
    """The formation each arm starts in when a unit does not name its own (all optional)."""

    infantry: Formation | None = None
    cavalry: Formation | None = None
    artillery: Formation | None = None
    engineers: Formation | None = None

    def for_arm(self, arm: Arm | str) -> Formation | None:
        """The default of ``arm`` (None when the list leaves it open)."""
        value: Formation | None = getattr(self, str(arm), None)
        return value


@dataclass(frozen=True, kw_only=True)
class Leader:
    """The commander of a command; his level is the level of the command he leads."""

    name: str
    rating: int = field(metadata=meta(min=-1, max=4, help="leadership rating (EotE 3.6)"))
    notes: str | None = None


@dataclass(frozen=True, kw_only=True)
class Unit:
    """One unit on the table: a battalion, regiment, battery or engineer company."""

    name: str
    arm: Arm
    type: UnitType
    ce: int = field(metadata=meta(min=0, max=20, help="combat effectiveness (EotE 1.4)"))
    stands: int = field(metadata=meta(min=1, max=12, help="stands on the table"))
    skirmish: Skirmish = Skirmish.NONE
    weight: Weight | None = None
    howitzers: int = field(
        default=0, metadata=meta(min=0, max=8, help="howitzers in the battery (EotE 7.12)")
    )
    formation: Formation | None = None
    brigade: str | None = None
    nation: str | None = None
    notes: str | None = None


@dataclass(frozen=True, kw_only=True)
class Command:
    """A command of the order of battle (army, wing, corps, division or brigade) and its leader."""

    name: str
    level: Level
    leader: Leader
    commands: tuple[Command, ...] = ()
    units: tuple[Unit, ...] = ()
    notes: str | None = None

    def walk(self) -> Iterator[Command]:
        """This command, then every command below it, depth first in file order."""
        yield self
        for child in self.commands:
            yield from child.walk()

    def all_units(self) -> Iterator[Unit]:
        """Every unit of this command and of the commands below it, in file order."""
        for command in self.walk():
            yield from command.units


@dataclass(frozen=True, kw_only=True)
class ArmyList:
    """One side's order of battle as read from an army-list file."""

    format: int
    name: str
    nation: str
    year: int = field(metadata=meta(min=1792, max=1815, help="year of the battle"))
    ruleset: str = DEFAULT_RULESET
    battle: str | None = None
    sources: tuple[str, ...] = ()
    notes: str | None = None
    formations: StartingFormations | None = None
    army: Command

    def commands(self) -> Iterator[Command]:
        """Every command of the army, the army itself first, depth first in file order."""
        return self.army.walk()

    def divisions(self) -> tuple[Command, ...]:
        """The divisions and brigades, the manoeuvre units of EotE (EotE 1.0.1), in file order."""
        return tuple(c for c in self.army.walk() if c.level.is_manoeuvre)

    def units(self) -> tuple[Unit, ...]:
        """Every unit of the army in file order."""
        return tuple(self.army.all_units())

    def unit_nation(self, unit: Unit) -> str:
        """The nation of ``unit``: its own when given, else the army's."""
        return unit.nation or self.nation

    def unit_formation(self, unit: Unit) -> Formation | None:
        """The formation ``unit`` starts in: its own, else its arm's default (or None)."""
        default = self.formations.for_arm(unit.arm) if self.formations else None
        value = starting_formation(
            unit.formation.value if unit.formation else None,
            default.value if default else None,
            self.unit_nation(unit),
            self.nation,
        )
        return Formation(value) if value else None
