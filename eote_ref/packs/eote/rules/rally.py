"""Rallying routed units (EotE 9.1) and rallying from disorder (EotE 3.6, 5.7, 8.0)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from eote_ref.packs.eote.rules.core import Effect, Modifier, Outcome, RulesError, d10_distribution
from eote_ref.packs.eote.rules.dice import Dice
from eote_ref.packs.eote.rules.ruleset import Ruleset

RULE = "9.1"


@dataclass(frozen=True)
class RallySituation:
    """A routed unit of a division out of tactical combat range trying its one rally."""

    ce: int
    leader_rating: int
    hits: int = 0
    routed_by_morale: bool = False
    already_attempted: bool = False
    division_out_of_tcr: bool = True


def rally(s: RallySituation, rs: Ruleset, dice: Dice) -> Outcome:
    """``rallied`` (half the hits removed, rounded down) or ``failed``."""
    if s.already_attempted:
        raise RulesError("a unit gets one rally attempt per game", "already_attempted", RULE)
    if not s.division_out_of_tcr:
        raise RulesError(
            "routed units rally only when the division is out of tactical combat range",
            "division_out_of_tcr",
            "1.9",
        )
    low, high = rs.ratings()
    if not low <= s.leader_rating <= high:
        raise RulesError(f"leader_rating must be {low}..{high}", field="leader_rating", rule="3.6")
    if s.hits < 0 or s.ce < 0:
        raise RulesError("ce and hits cannot be negative", field="hits", rule=RULE)
    mods: list[Modifier] = []
    if s.leader_rating:
        mods.append(rs.mod("rally", "commander_rating").rated(s.leader_rating))
    if s.hits:
        mods.append(rs.mod("rally", "per_hit").modifier(s.hits))
    if s.routed_by_morale:
        mods.append(rs.mod("rally", "routed_by_morale").modifier())
    target = s.ce + sum(m.value for m in mods)

    def result_of(roll: int) -> str:
        return "rallied" if roll < target else "failed"

    roll = dice.d10()
    result = result_of(roll)
    shed = rs.quantity("rally_hits_removed").value
    removed = math.floor(s.hits * shed) if result == "rallied" else 0
    return Outcome(
        procedure="rally",
        rule=RULE,
        base=s.ce,
        modifiers=tuple(mods),
        modified=target,
        roll=roll,
        result=result,
        probabilities=d10_distribution(result_of),
        effects={"unit": Effect(hits=-removed, notes=("back in the fight",) if removed else ())},
        details={"hits_removed": removed, "hits_after": s.hits - removed},
    )


@dataclass(frozen=True)
class DisorderRallySituation:
    """A disordered unit in the command phase."""

    in_command: bool = True
    pinned: bool = False
    leader_can_rally: bool = True
    has_leader: bool = True


def disorder_rally(s: DisorderRallySituation, rs: Ruleset, dice: Dice) -> Outcome:
    """``rallied`` or ``cannot`` (no roll): in command, not pinned, with a leader able to rally."""
    reasons = []
    if not s.in_command:
        reasons.append("out of command radius (3.6)")
    if s.pinned:
        reasons.append("pinned (5.7)")
    if not s.has_leader:
        reasons.append("no leader until the replacement arrives (8.0)")
    elif not s.leader_can_rally:
        reasons.append("its leader cannot rally this turn (8.0) or is attached elsewhere (3.5.1)")
    result = "cannot" if reasons else "rallied"
    return Outcome.decided(
        "disorder_rally",
        "3.6",
        result,
        effects={"unit": Effect(notes=tuple(reasons))},
        details={"disordered_after": bool(reasons)},
        notes=tuple(reasons),
    )
