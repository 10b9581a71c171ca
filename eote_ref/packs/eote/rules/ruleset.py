"""The ruleset data the engine reads: every table, modifier and distance with its source.

These frozen dataclasses are filled from ``eote_ref/packs/eote/rulesets/eote-6.2.yaml`` by the
loader in :mod:`eote_ref.packs.eote.rulesets`; the engine never hard-codes a number of the rules.
Each value carries the rules section it comes from and whether the text gives it (``text``), the
project filled a lost chart (``provisional``) or a club changed it (``house``).
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from typing import Any

from eote_ref.packs.eote.rules.charts import (
    AssaultColumn,
    BaseRow,
    Charts,
    FireRow,
    NamedBands,
    OacRow,
    RadiusRow,
    build,
)
from eote_ref.packs.eote.rules.core import Modifier, RulesError, Source
from eote_ref.packs.eote.rules.options import Options

OptionValue = str | int | bool


@dataclass(frozen=True)
class Value:
    """A number with provenance."""

    value: float
    rule: str
    source: Source
    reason: str = ""

    def modifier(self, count: float = 1, reason: str | None = None) -> Modifier:
        """This value as a modifier, multiplied by ``count`` (e.g. per hit marker)."""
        text = reason if reason is not None else self.reason
        if count < 0:  # a rating below 0: the count itself, signed ("(−1)", not "(×-1)")
            text = f"{text} ({_signed(count)})"
        elif count != 1:
            text = f"{text} (×{count:g})"
        return Modifier(self.value * count, text, self.rule, self.source)

    def rated(self, rating: float) -> Modifier:
        """This value per point of a leader's ``rating``, the rating named in words.

        "commander's rating of +3" (not "(×3)", which read as a count of something); the
        value a point is added only when it is not 1: "rating of +3, +2 a point".
        """
        text = f"{self.reason} of {_signed(rating)}"
        if self.value != 1:
            text += f", {_signed(self.value)} a point"
        return Modifier(self.value * rating, text, self.rule, self.source)


def _signed(number: float) -> str:
    """``+3``, ``\u22121``: a signed number with the minus sign, not a hyphen."""
    return f"{number:+g}".replace("-", "\u2212")


@dataclass(frozen=True)
class OptionSpec:
    """A named option settling a contradiction or gap of the rules text."""

    default: OptionValue
    choices: list[OptionValue]
    rule: str
    explanation: str


@dataclass(frozen=True)
class RangeBand:
    """An artillery range band: up to ``max_in`` inches, this modifier."""

    max_in: float
    value: float
    rule: str
    source: Source
    reason: str = ""


@dataclass(frozen=True)
class Ruleset:
    """The whole ruleset: tables, modifiers, distances and options."""

    name: str
    version: str
    title: str
    scales: dict[str, Value]
    distances: dict[str, Value]
    movement: dict[str, Value]
    modifiers: dict[str, dict[str, Value]]
    options: dict[str, OptionSpec]
    command_radius: list[RadiusRow]
    oac: list[OacRow]
    fire_table: list[FireRow]
    artillery_range: list[RangeBand]
    assault_table: list[AssaultColumn]
    support: dict[str, Value]
    skirmish: dict[str, Value]
    di_base: list[BaseRow]
    di_fail: NamedBands
    leader_casualty: NamedBands
    burning: dict[str, Value]
    engineering: dict[str, Value]
    quantities: dict[str, Value]
    chosen: dict[str, OptionValue] = field(default_factory=dict)
    #: The charts above as table kinds (:mod:`eote_ref.packs.eote.rules.charts`): what the engine
    #: reads.
    charts: Charts = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "charts",
            build(
                self.fire_table,
                self.assault_table,
                self.di_base,
                self.di_fail,
                self.leader_casualty,
                self.command_radius,
                self.oac,
            ),
        )

    # ---------------------------------------------------------------- options
    @functools.cached_property
    def opts(self) -> Options:
        """The options as chosen for this game (else their defaults), one typed attribute each.

        Read options through this (``rs.opts.morale_hit_threshold``): a misspelt name fails
        mypy; :meth:`option` is for code that walks every option by name.
        """
        return Options.read(self.option)

    def option(self, name: str) -> Any:
        """The value of option ``name`` for this game (chosen, else the default)."""
        if name not in self.options:
            raise RulesError(f"unknown option '{name}'", field=name)
        return self.chosen.get(name, self.options[name].default)

    def with_options(self, overrides: dict[str, OptionValue]) -> Ruleset:
        """A copy with some options chosen; unknown options and values are errors."""
        chosen = dict(self.chosen)
        for name, value in overrides.items():
            if name not in self.options:
                known = ", ".join(sorted(self.options))
                raise RulesError(f"unknown option '{name}' (known: {known})", field=name)
            spec = self.options[name]
            matches = [c for c in spec.choices if c == value and type(c) is type(value)]
            if not matches:
                allowed = ", ".join(repr(c) for c in spec.choices)
                raise RulesError(f"option {name} must be one of {allowed}", field=name)
            chosen[name] = value
        return dataclasses.replace(self, chosen=chosen)

    @property
    def uses_provisional(self) -> bool:
        """True when any value in use is provisional (the UI marks the ruleset)."""
        return any(v.source is Source.PROVISIONAL for v in self.all_values())

    def all_values(
        self,
    ) -> list[
        Value | FireRow | AssaultColumn | RangeBand | OacRow | RadiusRow | BaseRow | NamedBands
    ]:
        """Every sourced entry (for the provisional mark and the quick-reference sheet)."""
        out: list[Any] = [*self.scales.values(), *self.distances.values()]
        out += [*self.movement.values(), *self.support.values(), *self.skirmish.values()]
        out += [*self.burning.values(), *self.engineering.values(), *self.quantities.values()]
        for group in self.modifiers.values():
            out += group.values()
        out += [*self.fire_table, *self.assault_table, *self.artillery_range, *self.oac]
        out += [*self.command_radius, *self.di_base, self.di_fail, self.leader_casualty]
        return out

    # ---------------------------------------------------------------- look-ups
    def mod(self, group: str, key: str) -> Value:
        """Modifier ``key`` of ``group`` (e.g. ``square``, ``per_hit``)."""
        try:
            return self.modifiers[group][key]
        except KeyError:
            raise RulesError(f"ruleset has no modifier {group}.{key}") from None

    def quantity(self, key: str) -> Value:
        """A count or fraction the procedures read (e.g. ``multi_unit_fraction``)."""
        try:
            return self.quantities[key]
        except KeyError:
            raise RulesError(f"ruleset has no quantity {key}") from None

    def ratings(self) -> tuple[int, int]:
        """The lowest and highest leader rating the command radius table knows (EotE 3.6)."""
        radius = self.charts.command_radius
        return radius.first, radius.first + len(radius.rows) - 1

    def distance(self, key: str) -> Value:
        """Distance ``key`` at 15mm, as the text lists it."""
        try:
            return self.distances[key]
        except KeyError:
            raise RulesError(f"ruleset has no distance {key}") from None

    def scale_modifier(self, figure_scale: str) -> Modifier | None:
        """The figure-scale adjustment of a listed distance (introduction), or None for 15mm."""
        if figure_scale not in self.scales:
            known = ", ".join(self.scales)
            raise RulesError(f"figure_scale must be one of {known}", field="figure_scale")
        if self.opts.scale_adjusts == "none":
            return None
        v = self.scales[figure_scale]
        if v.value == 0:
            return None
        return v.modifier(reason=f"{figure_scale} figure scale")

    def scale_modifiers(self, inches: float, figure_scale: str) -> list[Modifier]:
        """The figure-scale adjustment of a listed distance and, below the floor, the floor.

        The floor is option ``scaled_distance_floor``: 0 follows the text (a distance is
        never below 0); a club may choose a floor in inches. It applies only to a distance
        the figure scale changed.
        """
        m = self.scale_modifier(figure_scale)
        if m is None:
            return []
        value = inches + m.value
        floor = float(self.opts.scaled_distance_floor)
        if value >= floor:
            return [m]
        source = Source.HOUSE if floor > 0 else Source.TEXT
        reason = f'not below {floor:g}" (option scaled_distance_floor={floor:g})'
        return [m, Modifier(floor - value, reason, "intro", source)]

    def scaled(self, inches: float, figure_scale: str) -> float:
        """A listed distance adjusted for the figure scale (option ``scaled_distance_floor``)."""
        return inches + sum(m.value for m in self.scale_modifiers(inches, figure_scale))


#: The named d10 bands' old name (:class:`~eote_ref.packs.eote.rules.charts.NamedBands`).
Bands = NamedBands

__all__ = [
    "AssaultColumn",
    "BaseRow",
    "Bands",
    "Charts",
    "FireRow",
    "NamedBands",
    "OacRow",
    "OptionSpec",
    "OptionValue",
    "RadiusRow",
    "RangeBand",
    "Ruleset",
    "Value",
]
