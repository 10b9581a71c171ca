"""Movement allowances and costs (EotE 5.1-5.3) and pinning (EotE 5.7)."""

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
from eote_ref.packs.eote.rules.results import MOVE_ALLOWANCE, PINNING_DISTANCE
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.rules.units import Formation, Weight


class Mover(enum.Enum):
    """What is moving (leaders have their own allowance)."""

    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    ARTILLERY = "artillery"
    LEADER = "leader"


@dataclass(frozen=True)
class MovementSituation:
    """A unit's movement this phase; ``routed`` units move at the rout rate."""

    arm: Mover
    formation: Formation | None = None
    weight: Weight | None = None
    horse_artillery: bool = False
    has_initiative: bool = True
    routed: bool = False
    figure_scale: str = "15mm"


def _allowance_key(s: MovementSituation) -> str:
    if s.arm is Mover.LEADER:
        return "leader"
    if s.routed:
        # 5.1 gives the rout rate for infantry; cavalry and artillery read it provisionally.
        return "rout" if s.arm is Mover.INFANTRY else "rout_cavalry_artillery"
    f = s.formation
    if f is None:
        raise RulesError("formation is needed", field="formation", rule="5.1")
    if s.arm is Mover.INFANTRY:
        keys = {
            Formation.LINE: "infantry_line",
            Formation.COLUMN: "infantry_column",
            Formation.FRENCH_ASSAULT_COLUMN: "infantry_column",
            Formation.SKIRMISH: "infantry_skirmish",
            Formation.SQUARE: "infantry_square",
        }
    elif s.arm is Mover.CAVALRY:
        keys = {
            Formation.LINE: "cavalry_line",
            Formation.COLUMN: "cavalry_column",
            Formation.SKIRMISH: "cavalry_skirmish",
        }
    else:
        if f is Formation.UNLIMBERED:
            return "artillery_prolong"
        if f is not Formation.LIMBERED:
            raise RulesError("artillery is limbered or unlimbered", field="formation", rule="5.1")
        if s.weight is None:
            raise RulesError("a battery's weight is needed", field="weight", rule="5.1")
        return f"artillery_{s.weight.value}"
    if f not in keys:
        raise RulesError(f"{s.arm.value} cannot move in {f.value}", field="formation", rule="5.1")
    return keys[f]


def _cost(rs: Ruleset, key: str, figure_scale: str) -> float:
    """A manoeuvre cost in inches (5.2, 5.3), scaled as option ``scale_manoeuvre_costs`` says.

    A free manoeuvre stays free at every figure scale.
    """
    printed = rs.movement[key].value
    if printed == 0 or rs.opts.scale_manoeuvre_costs == "as_printed":
        return printed
    return rs.scaled(printed, figure_scale)


def movement(s: MovementSituation, rs: Ruleset, dice: Dice) -> Outcome:
    """No roll: ``allowance_in`` and the costs of formation changes, wheels and about-faces."""
    key = _allowance_key(s)
    base_v = rs.movement[key]
    mods: list[Modifier] = []
    if (
        s.arm is Mover.ARTILLERY
        and s.horse_artillery
        and s.formation is Formation.LIMBERED
        and not s.routed
    ):
        mods.append(rs.movement["horse_artillery"].modifier())
    unscaled = base_v.value + sum(m.value for m in mods)
    mods += rs.scale_modifiers(unscaled, s.figure_scale)
    full = base_v.value + sum(m.value for m in mods)
    allowance = full
    halve = not s.routed or rs.opts.routed_move_without_initiative == "half"
    if not s.has_initiative and halve:
        frac = rs.movement["non_initiative_fraction"]
        allowance = full * frac.value
        reason = frac.reason
        if s.routed:
            reason += " (option routed_move_without_initiative=half)"
        mods.append(Modifier(allowance - full, reason, frac.rule, frac.source))
    details: dict[str, object] = {
        "allowance_in": allowance,
        "full_allowance_in": full,
        "allowance_source": base_v.source,
    }
    notes = []
    if s.arm is Mover.INFANTRY:
        change = rs.movement["infantry_formation_change_fraction"]
        details["formation_change_in"] = full * change.value
        if s.formation is Formation.SKIRMISH and not s.routed:
            # Reforming from full skirmish order takes the whole movement phase (5.2.1), and
            # only once out of pinning range (5.4).
            details["formation_change_in"] = allowance
            notes.append(
                "reforming from full skirmish order takes the whole movement phase (5.2.1), "
                "out of pinning range (5.4)"
            )
        details["wheel_in"] = _cost(rs, "wheel_infantry_artillery", s.figure_scale)
    elif s.arm is Mover.CAVALRY:
        details["formation_change_in"] = _cost(rs, "cavalry_formation_change", s.figure_scale)
        details["wheel_in"] = _cost(rs, "wheel_cavalry", s.figure_scale)
    elif s.arm is Mover.ARTILLERY:
        details["limber_in"] = _cost(rs, "artillery_limber", s.figure_scale)
        details["wheel_in"] = _cost(rs, "wheel_infantry_artillery", s.figure_scale)
    if s.arm is not Mover.LEADER:
        details["about_face_in"] = full * rs.movement["about_face_fraction"].value
    if s.routed and not s.has_initiative and not halve:
        notes.append(
            "without the initiative a routed unit still flees at the full rate "
            "(option routed_move_without_initiative=full)"
        )
    if base_v.source is Source.PROVISIONAL:
        notes.append(f"{base_v.reason}: provisional allowance")
    if key.startswith("cavalry"):
        notes.append("the cavalry rows of 5.1 may be damaged in the transcript")
    return Outcome(
        procedure="movement",
        rule="5.1",
        base=base_v.value,
        modifiers=tuple(mods),
        modified=allowance,
        roll=None,
        result="computed",
        probabilities=certain("computed"),
        details=details,
        value_name=MOVE_ALLOWANCE,
        notes=tuple(notes),
    )


class Pinner(enum.Enum):
    """The enemy unit doing the pinning."""

    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    ARTILLERY = "artillery"


@dataclass(frozen=True)
class PinningSituation:
    """Is ``arm`` pinned by an enemy ``enemy_arm`` at ``distance_in``, inside its arc?"""

    arm: Mover
    enemy_arm: Pinner
    distance_in: float
    in_enemy_arc: bool = True
    enemy_cavalry_engaged_with_cavalry: bool = False
    figure_scale: str = "15mm"


def pinning(s: PinningSituation, rs: Ruleset, dice: Dice) -> Outcome:
    """``pinned`` or ``not_pinned`` (5.7), with the pinning distance at the figure scale."""
    if s.arm is Mover.LEADER:
        raise RulesError("leaders are not pinned", field="arm", rule="5.7")
    require_finite(s.distance_in, "distance_in")
    if s.distance_in < 0:
        raise RulesError("distance_in cannot be negative", field="distance_in")
    reasons: list[str] = []
    limit = 0.0
    if s.enemy_arm is Pinner.ARTILLERY:
        reasons.append("artillery does not pin (5.7)")
    elif s.arm is Mover.CAVALRY and s.enemy_arm is not Pinner.CAVALRY:
        reasons.append("only cavalry pins cavalry (5.7)")
    elif (
        s.enemy_arm is Pinner.CAVALRY
        and s.enemy_cavalry_engaged_with_cavalry
        and (s.arm is not Mover.CAVALRY or not rs.opts.cavalry_engaged_with_cavalry_pins_cavalry)
    ):
        reasons.append(
            "cavalry busy with enemy cavalry pins no other cavalry "
            "(5.7; option cavalry_engaged_with_cavalry_pins_cavalry=false)"
            if s.arm is Mover.CAVALRY
            else "cavalry busy with enemy cavalry does not pin (5.7)"
        )
    else:
        key = "pinning_cavalry" if s.enemy_arm is Pinner.CAVALRY else "pinning_infantry"
        limit = rs.scaled(rs.distance(key).value, s.figure_scale)
        if not s.in_enemy_arc:
            reasons.append("outside the enemy's arc of attack (1.6)")
        elif s.distance_in > limit:
            reasons.append(f'beyond {limit:g}"')
    result = "not_pinned" if reasons else "pinned"
    notes = tuple(reasons)
    if not reasons and s.arm is Mover.INFANTRY and s.enemy_arm is Pinner.CAVALRY:
        notes = ("infantry pinned by cavalry may attempt square (5.6)",)
    return Outcome(
        procedure="pinning",
        rule="5.7",
        base=s.distance_in,
        modifiers=(),
        modified=s.distance_in,
        roll=None,
        result=result,
        probabilities=certain(result),
        details={"pinning_distance_in": limit},
        value_name=PINNING_DISTANCE,
        notes=notes,
    )
