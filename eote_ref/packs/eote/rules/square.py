"""Going to square (EotE 5.6): a d10 under the modified CE forms square."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from eote_ref.packs.eote.rules.core import (
    Effect,
    Modifier,
    Outcome,
    RulesError,
    certain,
    d10_distribution,
)
from eote_ref.packs.eote.rules.dice import Dice
from eote_ref.packs.eote.rules.ruleset import Ruleset, Value
from eote_ref.packs.eote.rules.units import CombatArm, Formation, Unit, counts_as_british

RULE = "5.6"


@dataclass(frozen=True)
class SquareSituation:
    """An infantry unit attempting square as cavalry comes within pinning distance.

    ``within_cavalry_pinning`` false is the voluntary square of 5.6: no roll, but the unit's
    movement ends.
    """

    unit: Unit
    pinned_by_cavalry_at_start: bool = False
    cavalry_on_breakthrough: bool = False
    within_cavalry_pinning: bool = True


def square_modifiers(s: SquareSituation, rs: Ruleset) -> list[Modifier]:
    """Every square modifier that applies (EotE 5.6)."""
    u = s.unit
    mods: list[Modifier] = []
    if u.hits:
        mods.append(rs.mod("square", "per_hit").modifier(u.hits))
    if u.disordered:
        mods.append(rs.mod("square", "disordered").modifier())
    if s.pinned_by_cavalry_at_start:
        mods.append(rs.mod("square", "pinned_at_start").modifier())
    if s.cavalry_on_breakthrough:
        mods.append(rs.mod("square", "breakthrough").modifier())
    if not u.in_command:
        mods.append(rs.mod("square", "out_of_command").modifier())
    if u.leader_attached:
        mods.append(rs.mod("square", "leader_attached").modifier())
    british = counts_as_british(u.nation, rs)
    kgl = british and not u.british
    if u.formation is Formation.LINE and british:
        mods.append(_british(rs.mod("square", "british_line"), kgl))
    if u.formation.is_column:
        if british:
            mods.append(_british(rs.mod("square", "british_column"), kgl))
        else:
            mods.append(rs.mod("square", "column").modifier())
    return mods


def _british(v: Value, kgl: bool) -> Modifier:
    """A British modifier; a KGL unit's names the option that grants it."""
    if not kgl:
        return v.modifier()
    return v.modifier(reason=f"{v.reason} (KGL: option kgl_counts_as_british=all_british_rules)")


def square(s: SquareSituation, rs: Ruleset, dice: Dice) -> Outcome:
    """Resolve a square attempt; routed units may not try (result ``not_allowed``)."""
    u = s.unit
    if u.arm is not CombatArm.INFANTRY:
        raise RulesError("only infantry forms square", field="arm", rule=RULE)
    if u.formation is Formation.SQUARE:
        raise RulesError("the unit is already in square", field="formation", rule=RULE)
    if u.formation is Formation.SKIRMISH:
        raise RulesError("skirmishers cannot form square", field="formation", rule=RULE)
    mods = square_modifiers(s, rs)
    modified = u.ce + sum(m.value for m in mods)
    common = functools.partial(
        Outcome, procedure="square", rule=RULE, base=u.ce, modifiers=tuple(mods)
    )
    if u.routed:
        return common(
            modified=modified,
            roll=None,
            result="not_allowed",
            probabilities=certain("not_allowed"),
            notes=("a routed unit may not form square (5.6)",),
        )
    if not s.within_cavalry_pinning:
        return common(
            modified=modified,
            roll=None,
            result="formed",
            probabilities=certain("formed"),
            effects={"unit": Effect(notes=("formation square; its movement ends",))},
            details={"formation_after": Formation.SQUARE},
            notes=("outside cavalry pinning distance square needs no roll but ends movement",),
        )

    def result_of(roll: int) -> str:
        return "formed" if roll < modified else "failed"

    odds = d10_distribution(result_of)
    # A chance of 0 % asks no die: no face is under the modified CE (failed either way).
    roll = dice.d10() if "formed" in odds else None
    result = result_of(roll) if roll is not None else "failed"
    formed = result == "formed"
    after = Formation.SQUARE if formed else u.formation
    effect = Effect(
        notes=("formation square",) if formed else ("stays in formation, pinned",),
    )
    notes: tuple[str, ...] = ()
    if roll is None:
        notes = (f"no die: no d10 roll is under {modified:g}",)
    return common(
        modified=modified,
        roll=roll,
        result=result,
        probabilities=odds,
        effects={"unit": effect},
        details={"formation_after": after, "pinned": True, "target": f"roll under {modified:g}"},
        notes=notes,
    )
