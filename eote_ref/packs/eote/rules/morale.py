"""Unit morale (EotE 7.5): checked at the hit threshold and on each hit after it."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from eote_ref.packs.eote.rules.core import (
    Effect,
    Modifier,
    Outcome,
    RulesError,
    d10_distribution,
    scenario_modifier,
)
from eote_ref.packs.eote.rules.dice import Dice
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.rules.units import CombatArm, Formation, Unit

RULE = "7.5"


@dataclass(frozen=True)
class MoraleSituation:
    """A unit testing morale; ``artillery_supported`` matters for artillery only (EotE 1.7)."""

    unit: Unit
    leader_killed: bool = False
    pinned_by_cavalry: bool = False
    artillery_supported: bool = True
    in_town: bool = False
    figure_scale: str = "15mm"
    #: A scenario's house modifier (a demoralised army, docs/scenario-format.md) and why.
    scenario_modifier: int = 0
    scenario_reason: str = ""


#: What becomes of a routed unit, by the routed_units_leave_table option (EotE 7.5, 9.1).
_ROUTED_NOTE = {
    "next_command_phase_rally_eligible": "leaves the table at the next command phase; "
    "it may still rally once (9.1)",
    "next_command_phase_final": "leaves the table for good at the next command phase",
    "stay_until_rallied": "stays on the table until it rallies (9.1)",
}


def artillery_supported(s: MoraleSituation) -> bool:
    """Whether a battery has friends close by (EotE 1.7).

    The unit's ``supported`` and the situation's ``artillery_supported`` are one fact: either
    one set false makes the battery unsupported.
    """
    return s.unit.supported and s.artillery_supported


def _town_modifier(s: MoraleSituation, rs: Ruleset) -> Modifier | None:
    """The town modifier of 7.12 by option ``town_morale_modifier`` (None when none applies)."""
    if not s.in_town:
        return None
    choice = str(rs.opts.town_morale_modifier)
    if s.unit.arm is CombatArm.CAVALRY and choice != "replaces_formation_cavalry_included":
        return None
    v = rs.mod("morale", "in_town")
    u = s.unit
    formed = u.arm is CombatArm.INFANTRY and (
        u.formation.is_column or u.formation is Formation.SQUARE
    )
    if not formed and u.arm is not CombatArm.CAVALRY:
        return v.modifier()  # no formation modifier to replace or add to: the option is moot
    how = "added to" if choice == "adds_to_formation" else "instead of"
    if u.arm is CombatArm.CAVALRY:
        how = "cavalry included"
    reason = f"{v.reason}, {how} the formation modifier (option town_morale_modifier={choice})"
    return v.modifier(reason=reason)


def morale_modifiers(s: MoraleSituation, rs: Ruleset) -> list[Modifier]:
    """Every morale modifier that applies to the unit's original CE (EotE 7.5, 7.12)."""
    u = s.unit
    mods: list[Modifier] = []
    if u.hits:
        mods.append(rs.mod("morale", "per_hit").modifier(u.hits))
    if u.blown:
        mods.append(rs.mod("morale", "per_blown").modifier(u.blown))
    if s.leader_killed:
        mods.append(rs.mod("morale", "leader_killed").modifier())
    if s.pinned_by_cavalry and u.arm in (CombatArm.INFANTRY, CombatArm.ARTILLERY):
        mods.append(rs.mod("morale", "pinned_by_cavalry").modifier())
    if not u.in_command:
        mods.append(rs.mod("morale", "out_of_command").modifier())
    town = _town_modifier(s, rs)
    if town is None or rs.opts.town_morale_modifier == "adds_to_formation":
        if u.arm is CombatArm.INFANTRY and u.formation.is_column:
            mods.append(rs.mod("morale", "column").modifier())
        if u.arm is CombatArm.INFANTRY and u.formation is Formation.SQUARE:
            mods.append(rs.mod("morale", "square").modifier())
    if town is not None:
        mods.append(town)
    if u.arm is CombatArm.ARTILLERY and not artillery_supported(s):
        mods.append(rs.mod("morale", "unsupported_artillery").modifier())
    if u.leader_attached:
        mods.append(rs.mod("morale", "leader_attached").modifier())
    if (house := scenario_modifier(s.scenario_modifier, s.scenario_reason)) is not None:
        mods.append(house)
    return mods


def rout_hits(rs: Ruleset, *, from_assault: bool) -> int:
    """Hits a routing unit takes, by option ``rout_hits`` (EotE 7.3 vs 7.4/7.5)."""
    choice = rs.opts.rout_hits
    assault_hits = int(rs.quantity("assault_rout_hits").value)
    morale_hits = int(rs.quantity("morale_rout_hits").value)
    if choice == "always_2":
        return assault_hits
    if choice == "always_1":
        return morale_hits
    return assault_hits if from_assault else morale_hits


def morale(s: MoraleSituation, rs: Ruleset, dice: Dice) -> Outcome:
    """Resolve a morale check: ``pass``, ``fall_back`` (back, a hit, disorder) or ``rout``.

    A unit already routed is refused unless option ``routed_unit_morale`` is ``as_formed``.
    """
    u = s.unit
    as_formed = rs.opts.routed_unit_morale == "as_formed"
    if u.routed and not as_formed:
        raise RulesError(
            "a routed unit has no morale left to test (7.4; option routed_unit_morale=not_tested)",
            field="routed",
            rule=RULE,
        )
    mods = morale_modifiers(s, rs)
    modified = u.ce + sum(m.value for m in mods)
    table_reading = rs.opts.morale_result_reading == "table"

    def result_of(roll: int) -> str:
        if roll == modified:
            return "fall_back"
        passes = roll > modified if table_reading else roll < modified
        return "pass" if passes else "rout"

    roll = dice.d10()
    result = result_of(roll)
    notes: list[str] = []
    if table_reading:
        notes.append("option morale_result_reading=table: a roll above the modified CE passes")
    if u.routed:
        notes.append(
            "the unit is already routed: tested as if formed (option routed_unit_morale=as_formed)"
        )
    effect = Effect()
    hits_added = 0
    abandon = u.arm is CombatArm.ARTILLERY and result != "pass"
    if result == "fall_back":
        hits_added = int(rs.quantity("morale_fall_back_hits").value)
        distance = rs.scaled(rs.distance("morale_fall_back").value, s.figure_scale)
        effect = Effect(
            hits=hits_added,
            disorder=True,
            fall_back_in=distance,
            guns_abandoned=abandon,
            notes=("formed units passed through become disordered (7.5)",),
        )
    elif result == "rout":
        hits_added = rout_hits(rs, from_assault=False)
        checks = ["morale_of_units_passed_through"]
        if u.arm is CombatArm.INFANTRY:  # an infantry rout calls for the division's check (9.0)
            checks.append("divisional_integrity")
        effect = Effect(
            hits=hits_added,
            rout=True,
            guns_abandoned=abandon,
            checks_due=tuple(checks),
            notes=(
                "moves to the rear of its division; formed units it passes through test morale",
                _ROUTED_NOTE.get(
                    str(rs.opts.routed_units_leave_table),
                    "the game's option on routed units says when it leaves",
                ),
            ),
        )
    if abandon:
        notes.append("artillery that falls back or routs abandons its guns (7.5)")
    make = functools.partial(
        Outcome, procedure="morale", rule=RULE, base=u.ce, modifiers=tuple(mods)
    )
    return make(
        modified=modified,
        roll=roll,
        result=result,
        probabilities=d10_distribution(result_of),
        effects={"unit": effect},
        details={
            "hits_added": hits_added,
            "disordered_after": u.disordered or result == "fall_back",
            "routed_by_morale": result == "rout",
        },
        notes=tuple(notes),
    )
