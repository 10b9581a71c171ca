"""The AVlE pack's data as typed values (filled from ``avle-1.2.yaml`` by :mod:`.data`).

:class:`AvleData` mirrors the file; :class:`AvleRules` is what the procedures read: the data,
its dice and tables built as the shared kinds (:mod:`eote_ref.packs.dice`,
:mod:`eote_ref.packs.tables`), and the options chosen for this call. Standard library only.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from eote_ref.packs.declaration import OptionSpec, OptionValue
from eote_ref.packs.dice import Die, Pool, numbered, pictured
from eote_ref.packs.outcome import Modifier, PackError, Source
from eote_ref.packs.tables import Band, Bands, Columns, Grid, Rows

Arm = Literal["infantry", "cavalry", "artillery", "garrison"]
RANGES = ("1", "2", "3", "4", "5")
#: The black command die's faces that name an arm (1.2): the arm a die of that face orders
#: (5.1) and the arm it brings on as a reinforcement or a Prussian arrival (13.1, 14.0). The
#: flag and the General faces name none.
FACE_ARM: Mapping[str, str] = {"infantry": "infantry", "trooper": "cavalry", "cannon": "artillery"}


@dataclass(frozen=True)
class Value:
    """A number with its section and source."""

    value: int
    rule: str
    source: Source
    reason: str = ""

    def modifier(self, reason: str | None = None, factor: int = 1) -> Modifier:
        return Modifier(self.value * factor, reason or self.reason, self.rule, self.source)


@dataclass(frozen=True)
class DieData:
    """A die: numbered (``sides``) or with named faces (``faces``: name -> number of sides)."""

    title: str
    rule: str
    source: Source
    sides: int | None = None
    zero_reads: int | None = None
    faces: dict[str, int] | None = None


@dataclass(frozen=True)
class UnitType:
    """One line of the Reference Sheet (and its rally dice and morale value)."""

    arm: Arm
    title: str
    elements: int
    fires_after_move: int
    fire: list[int | None]
    rally_dice: int
    rule: str
    source: Source
    weight: Literal["light", "line", "heavy"] | None = None
    moving_fire: list[int | None] | None = None
    morale: int | None = None

    def fire_at(self, hexes: int, moving: bool = False) -> int | None:
        """The sheet's fire value at ``hexes`` (None beyond range)."""
        row = self.moving_fire if moving and self.moving_fire is not None else self.fire
        return row[hexes - 1] if 1 <= hexes <= len(row) else None


@dataclass(frozen=True)
class CombatEffectData:
    """The combat effect table (9.1): columns by hits, [losses, retreat] per d6 face."""

    rule: str
    source: Source
    columns: list[list[list[int]]]


@dataclass(frozen=True)
class RowsData:
    """A table of one row per value from 1."""

    rule: str
    source: Source
    rows: list[int]


@dataclass(frozen=True)
class BandData:
    """One band of a d6 table."""

    lo: int
    hi: int
    result: str


@dataclass(frozen=True)
class BandsData:
    """A d6 table of bands."""

    rule: str
    source: Source
    bands: list[BandData]


@dataclass(frozen=True)
class CardsData:
    """The command cards of each player (3.0) and the hand (4.1)."""

    deck: dict[str, int]
    hand: Value
    kept_unplayed: Value
    rule: str
    source: Source
    #: Each card's name in words, by its key (3.1, 3.2).
    names: dict[str, str] = field(default_factory=dict)

    def name(self, card: str) -> str:
        """Card ``card`` as the players name it (its key in words if not named)."""
        return self.names.get(card) or card.replace("_", " ")


@dataclass(frozen=True)
class ControlData:
    """A scenario's ground to control (Quatre Bras, 13.2) and its substantial victory counts."""

    control_hexes: list[str]
    controlling_side: str
    french_wins_at: Value
    allied_wins_at: Value
    rule: str
    source: Source


@dataclass(frozen=True)
class OptionData:
    """A named option as the file gives it."""

    default: OptionValue
    choices: list[OptionValue]
    rule: str
    explanation: str
    #: The option in words (its key in words if not given).
    label: str = ""
    #: Each choice in words, by the choice as the file writes it (its key in words if not).
    values: dict[str, str] = field(default_factory=dict)

    def value_words(self, value: object) -> str:
        """A choice of this option in words."""
        key = str(value).lower() if isinstance(value, bool) else str(value)
        if key in self.values:
            return self.values[key]
        if isinstance(value, bool) or key in ("true", "false"):
            return "yes" if key == "true" else "no"
        return key.replace("_", " ")

    def words(self, value: object, name: str = "") -> str:
        """``label: choice in words (section)``: the option as the players read it."""
        label = self.label or name.replace("_", " ")
        return f"{label}: {self.value_words(value)} ({self.rule})"


@dataclass(frozen=True)
class AvleData:
    """The whole of ``avle-1.2.yaml``."""

    name: str
    version: str
    title: str
    dice: dict[str, DieData]
    units: dict[str, UnitType]
    modifiers: dict[str, Value]
    target_terrain: dict[str, Value]
    firing_terrain: dict[str, Value]
    combat_effect: CombatEffectData
    general_kill: RowsData
    morale_losses: dict[str, Value]
    infantry_morale_offset: Value
    rally: dict[str, Value]
    victory: dict[str, Value]
    cards: CardsData
    hypothetical: dict[str, Value]
    quatre_bras: ControlData
    bands: dict[str, BandsData]
    options: dict[str, OptionData]
    #: Hexes of movement (6.0, 3.2) and a garrison's reabsorption limit (6.0).
    movement: dict[str, Value] = field(default_factory=dict)


#: Keys the procedures read: a club's copy of the file must keep every one.
REQUIRED: Mapping[str, frozenset[str]] = {
    "dice": frozenset({"d10", "d6", "command", "action"}),
    "modifiers": frozenset(
        {
            "general_attached",
            "infantry_on_square_flank",
            "infantry_from_square",
            "infantry_on_artillery_at_2",
            "infantry_on_cavalry",
            "cavalry_on_flank",
            "cavalry_on_open_infantry",
            "cavalry_on_square",
            "cavalry_on_artillery",
            "artillery_on_square",
            "artillery_on_flank",
            "artillery_on_artillery",
            "artillery_on_cavalry",
            "bombardment",
        }
    ),
    "morale_losses": frozenset({"infantry", "cavalry", "artillery"}),
    "rally": frozenset({"max_recovered", "enemy_distance"}),
    "victory": frozenset({"morale_reduction_percent", "hypothetical_units", "turns", "rounds"}),
    "hypothetical": frozenset(
        {
            "units",
            "generals",
            "sector_minimum",
            "reinforcements",
            "reinforcement_dice",
            "reinforcements_turn_3",
            "reinforcements_turn_4",
            "reinforcements_turn_5",
        }
    ),
    "bands": frozenset({"prussian_entry", "reinforcement_sector", "exploration"}),
    "movement": frozenset(
        {
            "infantry_and_fire",
            "infantry",
            "cavalry_and_shock",
            "cavalry",
            "artillery",
            "horse_artillery_and_fire",
            "horse_artillery",
            "general",
            "road",
            "manoeuvre_infantry_and_fire",
            "manoeuvre_infantry",
            "bombardment_artillery",
            "bombardment_horse_artillery",
            "garrison_reabsorb_limit",
        }
    ),
}


@dataclass(frozen=True)
class AvleRules:
    """The data the procedures read, its dice and tables, and the options of this call."""

    data: AvleData
    chosen: Mapping[str, OptionValue] = field(default_factory=dict)

    # ------------------------------------------------------------------ dice
    def die(self, name: str) -> Die:
        d = self.data.dice[name]
        if d.faces is not None:
            return pictured(name, d.title, d.faces)
        return numbered(name, d.title, d.sides or 0, d.zero_reads)

    def pool(self, name: str, n: int) -> Pool:
        return Pool(self.die(name), n)

    # ------------------------------------------------------------------ tables
    def combat_effect(self) -> Columns[tuple[int, int]]:
        return self._combat_effect

    @functools.cached_property
    def _combat_effect(self) -> Columns[tuple[int, int]]:
        cols = tuple(
            tuple((int(c[0]), int(c[1])) for c in col) for col in self.data.combat_effect.columns
        )
        return Columns("combat effect (9.1)", 1, 6, cols, open_top=True)

    def general_kill(self, open_top: bool = True) -> Rows[int]:
        return Rows("General killed (9.4)", 1, tuple(self.data.general_kill.rows), open_top)

    def fire_values(self, moving: bool = False) -> Grid[int | None]:
        rows: dict[str, dict[str, int | None]] = {}
        for name, u in self.data.units.items():
            row = u.moving_fire if moving else u.fire
            if row is None:
                continue
            rows[name] = {r: (row[i] if i < len(row) else None) for i, r in enumerate(RANGES)}
        title = "fire values after a move (sheet)" if moving else "fire values (sheet)"
        return Grid(title, RANGES, rows)

    def modifier_table(self) -> Grid[str]:
        """The fire value modifiers (9.2, 7.3.11, 3.2) as a grid: each reason, value, section."""
        rows = {
            v.reason: {
                "value": f"{v.value:+d}" if name != "bombardment" else "x2",
                "section": v.rule,
            }
            for name, v in self.data.modifiers.items()
        }
        return Grid("fire value modifiers (9.2)", ("value", "section"), rows)

    def terrain_table(self) -> Grid[int | None]:
        """The terrain modifiers (8.x, 9.2): target in, and firing from, each kind of hex."""
        names = list(dict.fromkeys([*self.data.target_terrain, *self.data.firing_terrain]))
        rows: dict[str, dict[str, int | None]] = {}
        for name in names:
            target = self.data.target_terrain.get(name)
            firing = self.data.firing_terrain.get(name)
            rows[name] = {
                "target in": target.value if target else None,
                "firing from": firing.value if firing else None,
            }
        return Grid("terrain modifiers (8.0, 9.2)", ("target in", "firing from"), rows)

    def bands(self, name: str) -> Bands[str]:
        b = self.data.bands[name]
        lo, hi = b.bands[0].lo, b.bands[-1].hi
        return Bands(name, tuple(Band(x.lo, x.hi, x.result) for x in b.bands), lo, hi)

    # ------------------------------------------------------------------ units and options
    def unit(self, name: str, field_name: str) -> UnitType:
        try:
            return self.data.units[name]
        except KeyError:
            known = ", ".join(self.data.units)
            raise PackError(
                f"{field_name}: unknown unit type '{name}' (known: {known})", field=field_name
            ) from None

    def option_specs(self) -> dict[str, OptionSpec]:
        return {
            n: OptionSpec(n, o.default, tuple(o.choices), o.rule, o.explanation)
            for n, o in self.data.options.items()
        }

    def opt(self, name: str) -> OptionValue:
        """The chosen value of an option (its default when none was chosen)."""
        return self.chosen.get(name, self.data.options[name].default)

    def with_options(self, overrides: Mapping[str, object]) -> AvleRules:
        """These rules with options chosen; an unknown name or a value not offered is refused."""
        chosen = dict(self.chosen)
        for name, value in overrides.items():
            spec = self.data.options.get(name)
            if spec is None:
                known = ", ".join(self.data.options)
                raise PackError(f"unknown option '{name}' (known: {known})", field=name)
            match = [c for c in spec.choices if c == value and type(c) is type(value)]
            if not match:
                offered = ", ".join(
                    str(c).lower() if isinstance(c, bool) else str(c) for c in spec.choices
                )
                raise PackError(f"option {name}: {value!r} is not one of {offered}", field=name)
            chosen[name] = match[0]
        return dataclasses.replace(self, chosen=chosen)

    def option_note(self, name: str) -> str:
        """``name=value``, for a modifier's reason or a note naming the option it follows."""
        value = self.opt(name)
        text = str(value).lower() if isinstance(value, bool) else str(value)
        return f"option {name}={text}"
