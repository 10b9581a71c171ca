"""VlE stacking (V) and the movement costs the text gives in numbers.

Those are VI, IX.2 and XVI.4; the battle's own terrain costs are its chart's (entered as
``hex_cost``). Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from eote_ref.packs.dice import Roller
from eote_ref.packs.outcome import Outcome, PackError
from eote_ref.packs.vle.data import (
    CHARGE_FORBIDDEN,
    CHARGE_HEX_COST,
    CHARGE_HEXSIDE_COST,
    CHARGE_TURNS,
    cavalry_class,
)
from eote_ref.packs.vle.model import PACK, VleRules, check_range

Arm = Literal["infantry", "cavalry", "artillery"]


@dataclass(frozen=True)
class StackUnit:
    """One unit of a stack, top first."""

    arm: Arm
    steps: int
    formation: Literal[
        "line", "column", "general_order", "square", "tirailleur", "limbered", "unlimbered",
        "disorganized",
    ] = "line"  # fmt: skip


@dataclass(frozen=True)
class StackingSituation:
    """The units in one hex, top first (V)."""

    units: list[StackUnit]


def stacking(s: StackingSituation, rules: VleRules, roller: Roller) -> Outcome:
    """10 steps of infantry and artillery, or 7 of cavalry, never mixed; V.2's formations."""
    if not s.units:
        raise PackError("give the units of the hex, top first", "units", "V.1")
    problems: list[str] = []
    for i, u in enumerate(s.units):
        check_range(u.steps, 1, 20, f"units[{i}].steps", "V.1")
    arms = {u.arm for u in s.units}
    foot = sum(u.steps for u in s.units if u.arm != "cavalry")
    horse = sum(u.steps for u in s.units if u.arm == "cavalry")
    if "cavalry" in arms and len(arms) > 1:
        problems.append("cavalry with infantry or artillery: both disorganized and back 2 (V.2)")
    if foot > 10:
        problems.append(f"{foot} steps of infantry and artillery: at most 10 (V.1)")
    if horse > 7:
        problems.append(f"{horse} steps of cavalry: at most 7 (V.1)")
    forms = [u.formation for u in s.units if u.arm == "infantry"]
    if "square" in forms and any(f != "square" for f in forms):
        problems.append("a square stacks with no infantry in another formation (IV.4, V.7)")
    if "tirailleur" in forms and any(f != "tirailleur" for f in forms):
        problems.append("tirailleurs stack only with tirailleurs (V.7)")
    dis = [u.formation == "disorganized" for u in s.units]
    if any(dis) and not all(dis):
        problems.append("a disorganized unit stacks only with disorganized units (V.8)")
    result = "allowed" if not problems else "not_allowed"
    notes = problems + [
        "leaders do not count (XIV.1)",
        "the top unit fires, takes the losses and checks for the stack; each failure passes "
        "the check down at -2 (V.3-V.5)",
    ]
    return Outcome.without_value(
        PACK, "stacking", "V.1", {}, result, {result: Fraction(1)},
        {"infantry_artillery_steps": foot, "cavalry_steps": horse}, tuple(notes),
    )  # fmt: skip


@dataclass(frozen=True)
class Step:
    """One step of a path: a hex entered (its chart's cost), or a turn, or a formation change."""

    kind: Literal["hex", "facing", "countermarch", "formation", "rearward_hex"] = "hex"
    terrain: str = "clear"
    hex_cost: int = 1
    hexside: Literal["", "stream", "ridge_up", "ridge_down", "gully", "walls"] = ""
    hexside_cost: int = 0
    road: bool = False
    forced: bool = False


@dataclass(frozen=True)
class MovementSituation:
    """A unit's move, step by step, in the given formation (VI, IX.2)."""

    arm: Arm
    movement_allowance: int
    steps: list[Step] = field(default_factory=list)
    formation: Literal[
        "line", "column", "general_order", "square", "limbered", "unlimbered", "disorganized",
    ] = "column"  # fmt: skip
    charge: bool = False
    whole_move_on_road: bool = False
    unlimbering_back: bool = False


def movement(s: MovementSituation, rules: VleRules, roller: Roller) -> Outcome:
    """The MP a path costs and whether the allowance covers it."""
    check_range(s.movement_allowance, 0, 30, "movement_allowance", "VI.1")
    notes: list[str] = []
    allowance = s.movement_allowance
    if s.formation == "square":
        allowance = 1
        notes.append("a square has 1 MP (VI.1)")
    if s.whole_move_on_road and not s.charge:
        allowance += 2
        notes.append("the whole move on the road: +2 MP (VI.7)")
    spent = 2 if s.unlimbering_back else 0
    if s.unlimbering_back:
        notes.append("limbering costs 2 of the limbered allowance (VI.3)")
    turns = 0
    free_facing_used = False
    klass = cavalry_class(s.movement_allowance) if s.arm == "cavalry" else ""
    refused: list[str] = []
    for i, st in enumerate(s.steps):
        where = f"steps[{i}]"
        if st.kind == "formation":
            cost = 0 if st.forced else (1 if s.arm == "infantry" else 2)
            if s.charge:
                cost = 0
        elif st.kind == "countermarch":
            cost = 2
        elif st.kind == "facing":
            if s.charge:
                turns += 1
                cost = 2
            elif s.formation in ("column", "limbered") and not free_facing_used:
                cost = 0
                free_facing_used = True
            else:
                cost = 1
        else:
            check_range(st.hex_cost, 0, 20, f"{where}.hex_cost", "VI.2")
            check_range(st.hexside_cost, 0, 20, f"{where}.hexside_cost", "VI.2")
            free_facing_used = False
            if s.charge:
                if st.terrain in CHARGE_FORBIDDEN or st.hexside in CHARGE_FORBIDDEN:
                    refused.append(
                        f"{where}: no charge into or across {st.terrain or st.hexside} (IX.2)"
                    )
                hex_cost = CHARGE_HEX_COST.get(st.terrain, st.hex_cost)
                side = CHARGE_HEXSIDE_COST.get(st.hexside, st.hexside_cost)
                if (
                    st.hexside.startswith("ridge")
                    and rules.opt("charge_ridge_cost") == "whole_cost"
                ):
                    hex_cost = 0
                cost = hex_cost + side
            elif st.road:
                cost = 1
            else:
                if st.hexside in ("gully",) and s.charge:
                    refused.append(f"{where}: no charge across a gully (IX.2)")
                cost = st.hex_cost + st.hexside_cost
            if st.kind == "rearward_hex":
                cost += 1
        spent += cost
    if s.charge:
        if s.arm != "cavalry":
            refused.append("only cavalry charges (IX.1)")
        most = CHARGE_TURNS[klass] if rules.opt("cavalry_classes") and klass else 2
        if turns > most:
            refused.append(
                f"{turns} facing changes: a {klass or 'line'} cavalry charge allows "
                f"{most} (IX.2, XVI.4)"
            )
        if any(st.hexside.startswith("ridge") for st in s.steps):
            notes.append(rules.note("charge_ridge_cost"))
    if spent > allowance:
        refused.append(f"{spent} MP spent, {allowance} allowed (VI.1)")
    result = "not_allowed" if refused else "allowed"
    return Outcome.without_value(
        PACK, "movement", "IX.2" if s.charge else "VI.1", {}, result, {result: Fraction(1)},
        {"spent": spent, "allowance": allowance, "facing_changes": turns,
         "cavalry_class": klass or None},
        tuple(refused + notes),
    )  # fmt: skip
