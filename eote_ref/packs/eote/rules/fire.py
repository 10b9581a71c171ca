"""Tactical fire (EotE 6.x): artillery, multiple batteries, bombardment, infantry, skirmishers.

Pass-through fire during movement (6.7) is the same procedure with ``pass_through`` set.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass

from eote_ref.packs.eote.rules.combine import combine, floor_at_zero
from eote_ref.packs.eote.rules.core import (
    Effect,
    Modifier,
    Outcome,
    RulesError,
    d10_distribution,
    require_finite,
)
from eote_ref.packs.eote.rules.dice import Dice
from eote_ref.packs.eote.rules.ruleset import FireRow, Ruleset
from eote_ref.packs.eote.rules.units import (
    CombatArm,
    Formation,
    Unit,
    Weight,
    combat_modifiers,
    morale_check_due,
)

RULE = "6.6"
#: Result codes that are a number of hits (6.8).
HIT_CODES = ("1", "2")


class Cover(enum.Enum):
    """The target's cover against fire."""

    NONE = "none"
    WOODS = "woods"
    TOWN = "town"


@dataclass(frozen=True)
class FireSituation:
    """Fire at one target by one battalion, one or more batteries, or skirmishers.

    ``target_bridge`` is artillery firing at a bridge or pontoon (EotE 10.0): the target
    counts as a line and any hit destroys it; ``target`` may then be omitted.

    ``firer_ranges`` gives each of several batteries its own range (EotE 6.3: each battery's
    range band modifies its own CE); empty, every firer is at ``range_in``. ``firer_names``
    names the firers in the modifier rows (default "firer 1", "firer 2"...).

    ``nearest_enemy_in`` is the distance to the nearest enemy unit in the firing battalion's
    arc when one other than the target is nearer (EotE 6.5: any enemy unit within 3" in the
    arc forbids infantry fire); None when the target is the nearest.
    """

    firers: list[Unit]
    target: Unit | None
    range_in: float
    bombardment: bool = False
    target_cover: Cover = Cover.NONE
    pass_through: bool = False
    target_bridge: bool = False
    figure_scale: str = "15mm"
    firer_ranges: tuple[float, ...] = ()
    firer_names: tuple[str, ...] = ()
    nearest_enemy_in: float | None = None

    def range_of(self, index: int) -> float:
        """The range of firer ``index`` (its own when given, else ``range_in``)."""
        if self.firer_ranges:
            if len(self.firer_ranges) != len(self.firers):
                raise RulesError("give one range per firer", field="firer_ranges", rule="6.3")
            return self.firer_ranges[index]
        return self.range_in

    def name_of(self, index: int) -> str:
        """How firer ``index`` is named in the modifier rows."""
        if index < len(self.firer_names) and self.firer_names[index]:
            return self.firer_names[index]
        return f"firer {index + 1}"


def fire_row(rs: Ruleset, value: float) -> FireRow:
    """The fire-table row for a modified CE (a fractional CE reads the row it has reached)."""
    return rs.charts.fire_table.lookup(value)


def fire_result(row: FireRow, roll: int) -> str:
    """The result code of a d10 on one fire row: ``D``, ``1``, ``2`` or ``none``."""
    return row.results.lookup(roll)


def _kind(firers: list[Unit], target: Unit | None, rs: Ruleset) -> str:
    if not firers:
        raise RulesError("at least one firer is needed", field="firers", rule="6.2")
    for i, f in enumerate(firers):
        if f.routed:
            raise RulesError(f"firer {i + 1} is routed and cannot fire", "firers", "7.4")
        if f.arm is CombatArm.CAVALRY and f.formation is not Formation.SKIRMISH:
            raise RulesError("mounted cavalry does not use tactical fire", "firers", "5.17")
        if f.arm is CombatArm.ARTILLERY and f.formation is Formation.LIMBERED:
            raise RulesError("limbered artillery cannot fire", "firers", "1.0.1")
        if f.arm is CombatArm.INFANTRY and f.formation is Formation.COLUMN:
            raise RulesError(
                "infantry in column cannot fire (only a French assault column may)",
                "firers",
                "6.5.1",
            )
    arms = {f.arm for f in firers}
    if arms == {CombatArm.ARTILLERY}:
        return "artillery"
    if all(f.formation is Formation.SKIRMISH for f in firers):
        return "skirmish"
    if CombatArm.ARTILLERY in arms:
        raise RulesError(
            "artillery and infantry fire in separate sub-phases (2.0)", "firers", "2.0"
        )
    at_skirmishers = target is not None and target.formation is Formation.SKIRMISH
    combined = at_skirmishers and rs.opts.skirmish_combat_reading == "stands_times_rating"
    if len(firers) > 1 and not combined:
        raise RulesError(
            "infantry battalions fire one at a time; enter each battalion's fire", "firers", "6.5"
        )
    return "infantry"


def _range_modifier(rs: Ruleset, range_in: float, figure_scale: str) -> Modifier:
    for band in rs.artillery_range:
        if range_in <= rs.scaled(band.max_in, figure_scale):
            reason = f'{band.reason} (up to {rs.scaled(band.max_in, figure_scale):g}")'
            return Modifier(band.value, reason, band.rule, band.source)
    # Reached only with an edited ruleset whose last band stops short of artillery_max.
    raise RulesError("beyond the last artillery range band", "range_in", "6.1")


def _check_ranges(s: FireSituation, kind: str, rs: Ruleset) -> None:
    for i in range(len(s.firers)):
        _check_range(s, kind, rs, s.range_of(i), s.name_of(i) if s.firer_ranges else "")


def _check_range(s: FireSituation, kind: str, rs: Ruleset, range_in: float, who: str) -> None:
    require_finite(range_in, "range_in")
    prefix = f"{who}: " if who else ""
    if range_in < 0:
        raise RulesError(f"{prefix}range_in cannot be negative", field="range_in")
    if kind == "artillery":
        key = "pass_through_artillery" if s.pass_through else "artillery_max"
    else:
        key = "pass_through_infantry" if s.pass_through else "infantry_fire"
    limit = rs.scaled(rs.distance(key).value, s.figure_scale)
    if range_in > limit:
        d = rs.distance(key)
        raise RulesError(
            f'{prefix}{range_in:g}" is beyond {d.reason} ({limit:g}")',
            field="range_in",
            rule=d.rule,
        )
    if kind == "infantry" and not s.pass_through:
        _check_close_enemy(s, rs, range_in)
    if s.bombardment:
        if kind != "artillery":
            raise RulesError("only artillery bombards", field="bombardment", rule="6.4")
        least = rs.scaled(rs.distance("bombardment_min").value, s.figure_scale)
        if range_in < least:
            raise RulesError(
                f'{prefix}bombardment needs a range of at least {least:g}"', "bombardment", "6.4"
            )


def _check_close_enemy(s: FireSituation, rs: Ruleset, range_in: float) -> None:
    """Infantry does not fire with any enemy unit within 3" in its arc (EotE 6.5).

    Skirmishers that close in count too unless option ``infantry_fire_at_close_skirmishers``
    is ``allowed`` (5.5 lets formed units fire back at them).
    """
    close = rs.scaled(rs.distance("infantry_no_fire").value, s.figure_scale)
    t = s.target
    if s.nearest_enemy_in is not None:
        require_finite(s.nearest_enemy_in, "nearest_enemy_in")
        if s.nearest_enemy_in < 0:
            raise RulesError("nearest_enemy_in cannot be negative", field="nearest_enemy_in")
        if s.nearest_enemy_in <= close:
            raise RulesError(
                f'an enemy unit {s.nearest_enemy_in:g}" away in the arc is within {close:g}": '
                "the battalion may not fire",
                field="nearest_enemy_in",
                rule="6.5",
            )
    if t is None or range_in > close:
        return
    if (
        t.formation is Formation.SKIRMISH
        and rs.opts.infantry_fire_at_close_skirmishers == "allowed"
    ):
        return
    then = ""
    if t.arm in (CombatArm.INFANTRY, CombatArm.ARTILLERY) and t.formation is not Formation.SKIRMISH:
        then = ": resolve an assault (7.6)"
    elif t.formation is Formation.SKIRMISH:
        then = " (option infantry_fire_at_close_skirmishers=refused)"
    raise RulesError(
        f'the target is within {close:g}" in the arc: the battalion may not fire{then}',
        field="range_in",
        rule="6.5",
    )


def firer_modifiers(
    f: Unit, kind: str, s: FireSituation, rs: Ruleset, range_in: float | None = None
) -> list[Modifier]:
    """The firer's own modifiers: its state, formation, battery weight and range band."""
    mods = combat_modifiers(f, rs)
    if f.formation is Formation.FRENCH_ASSAULT_COLUMN:
        mods.append(rs.mod("fire", "french_assault_column").modifier())
    if kind == "artillery":
        if f.weight is Weight.LIGHT:
            mods.append(rs.mod("fire", "light_battery").modifier())
        elif f.weight is Weight.HEAVY:
            mods.append(rs.mod("fire", "heavy_battery").modifier())
        at = s.range_in if range_in is None else range_in
        mods.append(_range_modifier(rs, at, s.figure_scale))
    return mods


def target_modifiers(s: FireSituation, rs: Ruleset) -> list[Modifier]:
    """Modifiers for the target's formation and cover and for bombardment."""
    mods: list[Modifier] = []
    t = s.target
    if t is not None and not s.target_bridge:
        if t.formation.is_column:
            mods.append(rs.mod("fire", "target_column").modifier())
        elif t.formation is Formation.SQUARE:
            mods.append(rs.mod("fire", "target_square").modifier())
        elif t.formation is Formation.SKIRMISH:
            mods.append(rs.mod("fire", "target_skirmish").modifier())
    if s.target_cover is not Cover.NONE:
        mods.append(rs.mod("fire", "target_cover").modifier())
    if s.bombardment:
        mods.append(rs.mod("fire", "bombardment").modifier())
    return mods


def fire(s: FireSituation, rs: Ruleset, dice: Dice) -> Outcome:
    """Resolve one fire: result ``none``, ``D``, ``1`` or ``2`` (hits) on the target."""
    kind = _kind(s.firers, s.target, rs)
    if s.target is None and not s.target_bridge:
        raise RulesError("a target is needed", field="target", rule="6.2")
    if s.target_bridge and kind != "artillery":
        raise RulesError("only artillery fire destroys bridges", "target_bridge", "10.0")
    _check_ranges(s, kind, rs)
    tmods = target_modifiers(s, rs)
    per_each = kind == "artillery" and rs.opts.multi_battery_target_modifiers == "each"
    several = len(s.firers) > 1
    mods: list[Modifier] = []
    values: list[float] = []
    for i, f in enumerate(s.firers):
        own = firer_modifiers(f, kind, s, rs, s.range_of(i))
        if per_each:
            own += tmods
        if several:
            who = s.name_of(i)
            own = [m.labelled(f"{who}: {m.reason}") for m in own]
        v = f.ce + sum(m.value for m in own)
        # Each of several firers counts at least 0 before they are added or combined (6.3,
        # 7.9); a lone firer is floored once, on its fully modified CE, below.
        floor = floor_at_zero(v, rs) if several else None
        if floor:
            own.append(floor)
            v = 0.0
        mods += own
        values.append(v)
    base = float(sum(f.ce for f in s.firers))
    in_full = kind == "skirmish" and rs.opts.skirmish_combat_reading == "stands_times_rating"
    if kind == "artillery" or in_full:
        value = sum(values)
    else:
        who = "skirmishers" if kind == "skirmish" else "battalions"
        value, combo = combine(values, rs, who)
        if combo:
            if kind == "skirmish":
                combo = combo.labelled(
                    f"{combo.reason} (option skirmish_combat_reading=multiple_unit)"
                )
            else:
                combo = combo.labelled(
                    f"{combo.reason} against skirmishers "
                    "(5.5; option skirmish_combat_reading=stands_times_rating)"
                )
            mods.append(combo)
    if not per_each:
        mods += tmods
        value += sum(m.value for m in tmods)
    # All modifiers are added to the base CE before the house floor applies (10.0), so a
    # single battery fares the same under either multi_battery_target_modifiers choice.
    final_floor = floor_at_zero(value, rs)
    if final_floor:
        mods.append(final_floor)
        value = 0.0
    row = fire_row(rs, value)

    def result_of(roll: int) -> str:
        return fire_result(row, roll)

    roll = dice.d10()
    result = result_of(roll)
    hits = int(result) if result in HIT_CODES else 0
    disorder = result == "D"
    notes: list[str] = []
    if in_full and several:
        notes.append(
            "the skirmish groups' CEs add in full: stands × rating "
            "(5.5; option skirmish_combat_reading=stands_times_rating)"
        )
    if kind == "artillery" and len(s.firers) > 1:
        notes.append("multiple battery fire: the batteries' modified CEs are added (6.3)")
    if row.source.value == "provisional":
        notes.append("fire table row is provisional: replace it with your chart (6.6)")
    details: dict[str, object] = {"hits": hits, "disorder": disorder, "fire_kind": kind}
    effects: dict[str, Effect] = {}
    if s.target_bridge:
        details["bridge_destroyed"] = hits > 0
    else:
        t = s.target
        assert t is not None
        if disorder and t.disordered:
            notes.append("a second D on a disordered unit has no further effect (6.8)")
        # A routed unit takes the hits but has no morale left to test (7.4, 7.5).
        check = not t.routed and morale_check_due(t.hits, hits, rs)
        details["morale_check_due"] = check
        effects["target"] = Effect(
            hits=hits,
            disorder=disorder and not t.disordered,
            checks_due=("morale",) if check else (),
        )
    make = functools.partial(Outcome, procedure="fire", rule=RULE, base=base)
    return make(
        modifiers=tuple(mods),
        modified=value,
        roll=roll,
        result=result,
        probabilities=d10_distribution(result_of),
        effects=effects,
        details=details,
        notes=tuple(notes),
    )
