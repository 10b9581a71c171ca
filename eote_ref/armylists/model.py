"""Typed model of an army list: the command tree, its leaders and units (format version 1)."""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from eote_ref.packs import registry
from eote_ref.yamlio.typed import meta

if TYPE_CHECKING:
    from eote_ref.packs.declaration import UnitModelSpec

#: The army-list format version this module reads and writes.
FORMAT_VERSION = 1

#: The ruleset an army list is set for when it does not say.
DEFAULT_RULESET = "eote-6.2"

#: Rulesets eote-ref knows; CE values set for another one get a warning.
KNOWN_RULESETS = frozenset({DEFAULT_RULESET})


def unit_model(ruleset: str | None = None) -> UnitModelSpec:
    """The words of a list of ``ruleset``: the unit model its pack declares (issue 32).

    The list format's arms, types, weights, formations, command levels and nations are the
    pack's (EotE's for the lists eote-ref ships), read through the registry without its rules
    tables; a ruleset no pack has reads the default pack's.

    Raises:
        KeyError: the pack declares no unit model (its lists have a format of their own).
    """
    model = registry.unit_model_of(ruleset)
    if model is None:
        pack = registry.pack_or_default(ruleset)
        raise KeyError(f"pack '{pack}' declares no unit model: its lists have their own format")
    return model


class Skirmish(enum.StrEnum):
    """Skirmish capability (EotE 5.4): none, may detach skirmishers, or also full skirmish order."""

    NONE = "none"
    DETACH = "detach"
    FULL = "full"


@dataclass(frozen=True, kw_only=True)
class StartingFormations:
    """The formation each arm starts in when a unit does not name its own (all optional).

    The keys are the arms of the list format; each value is a formation word of the list's
    unit model (the loader checks it against the arm's start formations).
    """

    infantry: str | None = None
    cavalry: str | None = None
    artillery: str | None = None
    engineers: str | None = None

    def for_arm(self, arm: str) -> str | None:
        """The default of ``arm`` (None when the list leaves it open)."""
        value: str | None = getattr(self, str(arm), None)
        return value


@dataclass(frozen=True, kw_only=True)
class Leader:
    """The commander of a command; his level is the level of the command he leads."""

    name: str
    rating: int = field(metadata=meta(min=-1, max=4, help="leadership rating (EotE 3.6)"))
    notes: str | None = None


@dataclass(frozen=True, kw_only=True)
class Unit:
    """One unit on the table: a battalion, regiment, battery or engineer company.

    ``arm``, ``type``, ``weight`` and ``formation`` are words of the list's unit model
    (:func:`unit_model`), checked by the loader.
    """

    name: str
    arm: str
    type: str
    ce: int = field(metadata=meta(min=0, max=20, help="combat effectiveness (EotE 1.4)"))
    stands: int = field(metadata=meta(min=1, max=12, help="stands on the table"))
    skirmish: Skirmish = Skirmish.NONE
    weight: str | None = None
    howitzers: int = field(
        default=0, metadata=meta(min=0, max=8, help="howitzers in the battery (EotE 7.12)")
    )
    formation: str | None = None
    brigade: str | None = None
    nation: str | None = None
    notes: str | None = None


@dataclass(frozen=True, kw_only=True)
class Command:
    """A command of the order of battle (army, wing, corps, division or brigade) and its leader.

    ``level`` is a command level of the list's unit model.
    """

    name: str
    level: str
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

    @property
    def unit_model(self) -> UnitModelSpec:
        """The words of this list: the unit model of its ruleset's pack."""
        return unit_model(self.ruleset)

    def divisions(self) -> tuple[Command, ...]:
        """The divisions and brigades, the manoeuvre units of EotE (EotE 1.0.1), in file order."""
        manoeuvre = self.unit_model.manoeuvre_levels
        return tuple(c for c in self.army.walk() if c.level in manoeuvre)

    def units(self) -> tuple[Unit, ...]:
        """Every unit of the army in file order."""
        return tuple(self.army.all_units())

    def unit_nation(self, unit: Unit) -> str:
        """The nation of ``unit``: its own when given, else the army's."""
        return unit.nation or self.nation

    def unit_formation(self, unit: Unit) -> str | None:
        """The formation ``unit`` starts in: its own, else its arm's default (or None).

        Which wins is the pack's rule (its unit model's ``starting_formation``).
        """
        default = self.formations.for_arm(unit.arm) if self.formations else None
        return self.unit_model.starting_formation(
            unit.formation or None, default, self.unit_nation(unit), self.nation
        )
