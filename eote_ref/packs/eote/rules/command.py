"""Command radius (EotE 3.6) and tactical combat range (EotE 1.9)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from eote_ref.packs.eote.rules.core import (
    Modifier,
    Outcome,
    RulesError,
    Source,
    certain,
    require_finite,
)
from eote_ref.packs.eote.rules.dice import Dice
from eote_ref.packs.eote.rules.results import COMMAND_RADIUS
from eote_ref.packs.eote.rules.ruleset import RadiusRow, Ruleset


class RadiusColumn(enum.Enum):
    """The columns of the command radius table (EotE 3.6); :attr:`Level.radius_column` maps.

    3.6 has no wing column: a wing commander reads the corps one, a provisional reading
    (:func:`column_inches`).
    """

    DIVISION = "division"
    CORPS = "corps"
    ARMY = "army"
    WING = "wing"


#: Why a wing commander's radius is provisional (EotE 3.6 prints no wing column).
WING_NOTE = "3.6 has no wing column: a wing commander reads the corps column (provisional)"


def column_inches(row: RadiusRow, column: RadiusColumn) -> float:
    """The radius of ``row`` in ``column`` as printed (a wing reads the corps column)."""
    read = RadiusColumn.CORPS if column is RadiusColumn.WING else column
    return float(getattr(row, read.value))


class Level(enum.StrEnum):
    """The level of a command in the order of battle (EotE 1.0.1): the one vocabulary.

    The army lists, the store and the referee use it; the command radius reads the column of
    :attr:`radius_column`.
    """

    ARMY = "army"
    WING = "wing"
    CORPS = "corps"
    DIVISION = "division"
    BRIGADE = "brigade"

    @property
    def rank(self) -> int:
        """Height in the command tree: army 4 > wing 3 > corps 2 > division = brigade 1."""
        return _RANK[self]

    @property
    def is_manoeuvre(self) -> bool:
        """True for a division or brigade, the commands that hold units (EotE 1.0.1)."""
        return self in (Level.DIVISION, Level.BRIGADE)

    @property
    def radius_column(self) -> RadiusColumn:
        """The radius column its leader reads (a wing's reads the corps one, EotE 3.6)."""
        return _COLUMN[self]


#: The levels whose commands hold units and carry a division's state (EotE 1.0.1), as words:
#: the one declaration of the unit model's ``manoeuvre_levels`` and the referee's
#: ``division_levels`` (:mod:`..unit_model`, :mod:`..pack`).
MANOEUVRE_LEVELS: frozenset[str] = frozenset(lv.value for lv in Level if lv.is_manoeuvre)

#: Heights in the command tree, for ordering only.
_RANK = dict(zip(Level, (4, 3, 2, 1, 1), strict=True))  # not a rule number: tree heights
_COLUMN = {
    Level.ARMY: RadiusColumn.ARMY,
    Level.WING: RadiusColumn.WING,
    Level.CORPS: RadiusColumn.CORPS,
    Level.DIVISION: RadiusColumn.DIVISION,
    Level.BRIGADE: RadiusColumn.DIVISION,
}


@dataclass(frozen=True)
class CommandRadiusSituation:
    """A leader's rating and level at a figure scale."""

    rating: int
    level: RadiusColumn = RadiusColumn.DIVISION
    figure_scale: str = "15mm"


def radius_row(rs: Ruleset, rating: int) -> RadiusRow:
    """The command-radius row of a rating (-1..4)."""
    try:
        return rs.charts.command_radius.lookup(rating)
    except RulesError:
        raise RulesError(f"rating {rating} is not -1..4", field="rating", rule="3.6") from None


def radius_in(rs: Ruleset, rating: int, level: RadiusColumn, figure_scale: str) -> float:
    """The command radius in inches at the figure scale."""
    return rs.scaled(column_inches(radius_row(rs, rating), level), figure_scale)


def command_radius(s: CommandRadiusSituation, rs: Ruleset, dice: Dice) -> Outcome:
    """No roll: ``radius_in`` from the 3.6 table, adjusted for the figure scale."""
    row = radius_row(rs, s.rating)
    base = column_inches(row, s.level)
    source = row.source
    notes = [row.note] if row.note else []
    if s.level is RadiusColumn.WING:
        source = Source.PROVISIONAL
        notes.append(WING_NOTE)
    mods: list[Modifier] = []
    scale = rs.scale_modifier(s.figure_scale)
    if scale:
        mods.append(scale)
    radius = rs.scaled(base, s.figure_scale)
    return Outcome(
        procedure="command_radius",
        rule="3.6",
        base=base,
        modifiers=tuple(mods),
        modified=radius,
        roll=None,
        result="computed",
        probabilities=certain("computed"),
        details={"radius_in": radius, "source": source},
        value_name=COMMAND_RADIUS,
        notes=tuple(notes),
    )


@dataclass(frozen=True)
class TacticalCombatRangeSituation:
    """Distance from a division's nearest unit to the nearest enemy."""

    nearest_enemy_in: float
    friendly_division_between: bool = False
    figure_scale: str = "15mm"


def tactical_combat_range(s: TacticalCombatRangeSituation, rs: Ruleset, dice: Dice) -> Outcome:
    """``in_range`` or ``out_of_range`` (needed to rally routed units, 9.1)."""
    require_finite(s.nearest_enemy_in, "nearest_enemy_in")
    if s.nearest_enemy_in < 0:
        raise RulesError("nearest_enemy_in cannot be negative", field="nearest_enemy_in")
    d = rs.distance("tactical_combat_range")
    limit = rs.scaled(d.value, s.figure_scale)
    out = s.friendly_division_between or s.nearest_enemy_in >= limit
    result = "out_of_range" if out else "in_range"
    return Outcome(
        procedure="tactical_combat_range",
        rule="1.9",
        base=s.nearest_enemy_in,
        modifiers=(),
        modified=s.nearest_enemy_in,
        roll=None,
        result=result,
        probabilities=certain(result),
        details={"range_in": limit},
        notes=("a friendly division in between screens it (1.9)",)
        if s.friendly_division_between
        else (),
    )
