"""Divisional integrity (EotE 9.0): a d10 against the division's modified CE base."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from eote_ref.packs.eote.rules.core import (
    Effect,
    Modifier,
    Outcome,
    RulesError,
    Source,
    certain,
    scenario_modifier,
)
from eote_ref.packs.eote.rules.dice import Dice
from eote_ref.packs.eote.rules.ruleset import BaseRow, Ruleset

RULE = "9.0"


@dataclass(frozen=True)
class IntegritySituation:
    """A division checking integrity.

    ``unit_ces`` are the CEs of its infantry and attached cavalry; ``routed_units`` counts
    every routed unit, those routed this turn included; ``routed_this_turn`` counts those.
    """

    unit_ces: list[int] = field(default_factory=list)
    routed_units: int = 0
    routed_this_turn: int = 0
    has_leader: bool = True
    objective_lost: bool = False
    units_with_3plus_hits: int = 0
    in_town: bool = False
    figure_scale: str = "15mm"
    #: A scenario's house modifier (a demoralised army, docs/scenario-format.md) and why.
    scenario_modifier: int = 0
    scenario_reason: str = ""


def average_ce(ces: list[int], rs: Ruleset) -> int:
    """The division's average CE, rounded as option ``di_average_rounding`` says."""
    avg = Fraction(sum(ces), len(ces))
    how = rs.opts.di_average_rounding
    if how == "up":
        return math.ceil(avg)
    if how == "nearest":
        return math.floor(avg + Fraction(1, 2))  # not a rule number: rounding to nearest
    return math.floor(avg)


def base_row(avg: int, rs: Ruleset) -> BaseRow:
    """The row of the 9.0 CE-base table for an average CE."""
    return rs.charts.integrity_base.lookup(avg)


def ce_base(avg: int, rs: Ruleset) -> int:
    """The CE base for an average CE (9.0 table)."""
    return base_row(avg, rs).base


def integrity(s: IntegritySituation, rs: Ruleset, dice: Dice) -> Outcome:
    """``pass``, ``fall_back`` (disordered, on DEFEND), ``rout`` or ``exempt`` (in a town)."""
    for name in ("routed_units", "routed_this_turn", "units_with_3plus_hits"):
        if getattr(s, name) < 0:
            raise RulesError(f"{name} cannot be negative", field=name, rule=RULE)
    if s.routed_this_turn > s.routed_units:
        raise RulesError(
            "routed_this_turn cannot exceed routed_units (which includes them)",
            field="routed_this_turn",
            rule=RULE,
        )
    if not s.unit_ces:
        raise RulesError("the division has no infantry or attached cavalry CE", "unit_ces", RULE)
    if any(ce < 0 for ce in s.unit_ces):
        raise RulesError("unit_ces cannot be negative", "unit_ces", "1.4")
    safe = rs.scaled(rs.distance("division_safe").value, s.figure_scale)
    avg = average_ce(s.unit_ces, rs)
    row = base_row(avg, rs)
    base = row.base
    notes: tuple[str, ...] = ()
    if row.source is not Source.TEXT:
        notes = (f"CE base {base} for an average of {avg} is {row.source.value}: {row.note}",)
    mods: list[Modifier] = []
    earlier = s.routed_units
    if not rs.opts.di_routed_this_turn_stacks:
        earlier -= s.routed_this_turn
    if earlier:
        mods.append(rs.mod("integrity", "per_routed_unit").modifier(earlier))
    if s.routed_this_turn:
        mods.append(rs.mod("integrity", "per_routed_this_turn").modifier(s.routed_this_turn))
    if not s.has_leader:
        mods.append(rs.mod("integrity", "without_leader").modifier())
    if s.objective_lost:
        mods.append(rs.mod("integrity", "objective_lost").modifier())
    pairs = s.units_with_3plus_hits // int(rs.quantity("battered_per").value)
    if pairs:
        mods.append(rs.mod("integrity", "per_two_battered").modifier(pairs))
    if (house := scenario_modifier(s.scenario_modifier, s.scenario_reason)) is not None:
        mods.append(house)
    modified = base + sum(m.value for m in mods)
    details: dict[str, object] = {
        "average_ce": avg,
        "ce_base": base,
        "ce_base_source": row.source.value,
    }
    if s.in_town:
        return Outcome(
            procedure="integrity",
            rule="7.12",
            base=base,
            modifiers=tuple(mods),
            modified=modified,
            roll=None,
            result="exempt",
            probabilities=certain("exempt"),
            details=details,
            notes=("a division occupying a town takes no integrity check (7.12)", *notes),
        )
    p_pass = Fraction(max(0, min(10, math.floor(modified))), 10)
    fail_bands = rs.charts.integrity_fail
    p_rout = Fraction(sum(1 for r in range(1, 11) if fail_bands.lookup(r) == "rout"), 10)
    probabilities = {
        "pass": p_pass,
        "rout": (1 - p_pass) * p_rout,
        "fall_back": (1 - p_pass) * (1 - p_rout),
    }
    roll = dice.d10()
    second = None
    if roll <= modified:
        result = "pass"
        effect = Effect()
    else:
        second = dice.d10("second_roll")
        result = fail_bands.lookup(second)
        if result == "rout":
            effect = Effect(
                rout=True,
                notes=(f'every unit routs, moves off beyond {safe:g}" of the enemy, then leaves',),
            )
        else:
            effect = Effect(
                disorder=True,
                notes=(
                    f'all units disordered; falls back until {safe:g}" from the enemy or in cover',
                    "then on DEFEND until the highest-ranking commander sends a new order",
                ),
            )
    return Outcome(
        procedure="integrity",
        rule=RULE,
        base=base,
        modifiers=tuple(mods),
        modified=modified,
        roll=roll,
        second_roll=second,
        result=result,
        probabilities={k: v for k, v in probabilities.items() if v},
        effects={"division": effect},
        details=details,
        notes=notes,
    )
