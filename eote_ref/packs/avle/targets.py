"""Target choice (AVlE 7.0.2, 7.1, 7.3, 8.3, 8.4) and the retreat hex (AVlE 10.0, 10.1).

Target: which of the enemy units the players see may this unit fire on or shock. It must be
in range (the Reference Sheet's, a hex more for artillery on a hill), in the frontal arc
(units in buildings and squares fire all round) and in sight; cavalry shocks only the unit in
its front hex, in its arc when it set off, never in buildings; infantry reaches buildings only
next to them; infantry and garrisons must fire at the closest, the player choosing between
equals. Retreat: straight back (A) if it can, else the flank hex (B or C) the text's
priorities pick; a unit that cannot retreat loses another element. The board is the
players': they say where each unit or hex is. No dice. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from eote_ref.packs.avle.fire import BUILDINGS, Terrain
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.dice import Roller
from eote_ref.packs.outcome import Outcome, PackError, certain

PACK = "avle"


# ---------------------------------------------------------------------------- target choice
@dataclass(frozen=True)
class Candidate:
    """An enemy the firer might fire on: how far, and how the firer sees it."""

    hexes: int
    in_arc: bool = True
    in_sight: bool = True
    terrain: Terrain = "open"
    lone_general: bool = False
    in_front_hex: bool = True
    in_arc_at_start: bool = True


@dataclass(frozen=True)
class TargetSituation:
    """A unit about to fire or shock, the enemies around it, and (to check) the one chosen."""

    firer: str
    candidates: list[Candidate] = field(default_factory=list)
    chosen: int | None = None
    firer_terrain: Terrain = "open"
    firer_formation: Literal["combat", "square"] = "combat"


def _reach(rules: AvleRules, s: TargetSituation, arm: str, notes: list[str]) -> int:
    firer = rules.unit(s.firer, "firer")
    reach = len(firer.fire)
    if arm == "artillery" and s.firer_terrain == "hill":
        notes.append("artillery on a hill reaches a hex further (8.3)")
        reach += 1
    if arm == "garrison":
        reach = 1
    if firer.moving_fire is not None:
        notes.append("horse artillery that moved fires on its second row, same range (sheet)")
    return reach


def _why_not(
    rules: AvleRules, s: TargetSituation, arm: str, reach: int, c: Candidate
) -> tuple[str, str] | None:
    """Why the firer may not fire on ``c`` (reason, section), or None."""
    if not 1 <= c.hexes <= 10:
        raise PackError("a candidate's hexes is 1..10", "candidates")
    all_round = s.firer_terrain in BUILDINGS or (
        arm == "infantry" and s.firer_formation == "square"
    )
    if c.lone_general and rules.opt("fire_on_lone_general") == "no":
        return (
            f"a General alone is no unit to fire on ({rules.option_note('fire_on_lone_general')})",
            "9.4.1",
        )
    if c.hexes > reach:
        return f"{c.hexes} hexes is beyond its range of {reach}", "7.3"
    if not c.in_sight:
        return "out of its line of sight", "7.4"
    if not c.in_arc and not all_round:
        return "outside its frontal arc", "6.2.1, 7.1"
    if arm == "cavalry":
        if c.terrain in BUILDINGS:
            return "cavalry may not shock a unit in buildings", "8.4"
        if not c.in_front_hex:
            return "cavalry shocks only the unit straight ahead", "6.2.1, 7.3"
        if not c.in_arc_at_start:
            return "cavalry shocks only a unit in its arc when it set off", "7.3"
    if arm == "infantry" and c.terrain in BUILDINGS and c.hexes > 1:
        return "infantry fires on buildings only from next to them", "8.4"
    return None


def target(s: TargetSituation, rules: AvleRules, roller: Roller) -> Outcome:
    """Which enemies may this unit fire on, and must it take the closest (7.0.2, 7.3)?"""
    del roller  # no dice
    firer = rules.unit(s.firer, "firer")
    arm = firer.arm
    if s.firer_terrain in BUILDINGS and arm == "cavalry":
        if rules.opt("cavalry_in_building") == "no_fire":
            raise PackError(
                f"cavalry in buildings does not fire ({rules.option_note('cavalry_in_building')})",
                "firer_terrain",
                "6.0",
            )
        arm = "garrison"  # cavalry in buildings fires as a garrison (8.4)
    if s.firer_formation == "square" and arm != "infantry":
        raise PackError("only infantry forms square", "firer_formation", "6.0")
    if len(s.candidates) > 12:
        raise PackError("candidates: at most 12", "candidates")
    notes: list[str] = ["one target hex, its hits never divided (7.0.2)"]
    reach = _reach(rules, s, arm, notes)
    refused: dict[str, dict[str, str]] = {}
    eligible: list[int] = []
    for i, c in enumerate(s.candidates):
        why = _why_not(rules, s, arm, reach, c)
        if why:
            refused[str(i)] = {"problem": why[0], "rule": why[1]}
        else:
            eligible.append(i)
    closest_rule = arm in ("infantry", "garrison")
    may: list[int] = eligible
    if closest_rule and eligible:
        near = min(s.candidates[i].hexes for i in eligible)
        may = [i for i in eligible if s.candidates[i].hexes == near]
        for i in eligible:
            if i not in may:
                refused[str(i)] = {
                    "problem": f"not the closest: {near} hex(es) away is nearer",
                    "rule": "7.3",
                }
        notes.append(
            "infantry and garrisons fire at the closest enemy they may fire on; between equals "
            "the firer chooses (7.3)"
        )
    if s.chosen is not None:
        if not 0 <= s.chosen < len(s.candidates):
            raise PackError(f"chosen is 0..{len(s.candidates) - 1}", "chosen")
        result = "allowed" if s.chosen in may else "not_allowed"
    else:
        result = "none" if not may else "one" if len(may) == 1 else "choice"
    return Outcome.without_value(
        pack=PACK,
        procedure="target",
        rule="7.3",
        rolls={},
        result=result,
        probabilities=certain(result),
        details={
            "range": reach,
            "eligible": eligible,
            "may_choose": may,
            "closest_rule": closest_rule,
            "refused": refused,
        },
        notes=tuple(notes),
    )


# ------------------------------------------------------------------------------ retreat hex
@dataclass(frozen=True)
class RetreatHex:
    """One of the three hexes behind a unit: may it go there, and what is around it."""

    on_map: bool = True
    occupied: bool = False
    impassable: bool = False
    towards_own_edge: bool = False
    next_to_friendly: bool = False
    next_to_enemy: bool = False


@dataclass(frozen=True)
class RetreatSituation:
    """The rear hex (A) and the two flank hexes (B, C) of a unit that must retreat."""

    rear: RetreatHex = field(default_factory=RetreatHex)
    flank_b: RetreatHex = field(default_factory=RetreatHex)
    flank_c: RetreatHex = field(default_factory=RetreatHex)
    hexes: int = 1


def _free(h: RetreatHex) -> bool:
    return h.on_map and not h.occupied and not h.impassable


def _rank(rules: AvleRules, h: RetreatHex) -> tuple[int, int, int]:
    enemy = int(h.next_to_enemy)
    if rules.opt("retreat_next_to_enemy") == "avoid":
        enemy = -enemy
    return int(h.towards_own_edge), int(h.next_to_friendly), enemy


def retreat_hex(s: RetreatSituation, rules: AvleRules, roller: Roller) -> Outcome:
    """Where does a unit retreat (10.1)? A if it can, else B or C by the text's priorities."""
    del roller  # no dice
    if not 1 <= s.hexes <= 2:
        raise PackError("hexes is 1..2 (the hexes of retreat still to go)", "hexes")
    notes = [
        "woods and buildings do not stop a retreat (10.0), nor zones of control (6.2)",
        "after the retreat the unit faces the unit that attacked it (10.0); it may not move "
        "this round, but may fire (10.1 D)",
    ]
    details: dict[str, Any] = {"extra_loss": 0}
    if _free(s.rear):
        result = "A"
    else:
        free = {k: h for k, h in (("B", s.flank_b), ("C", s.flank_c)) if _free(h)}
        if not free:
            result = "cannot_retreat"
            extra = s.hexes if rules.opt("blocked_retreat_loss") == "per_hex" else 1
            details["extra_loss"] = extra
            notes.append(
                f"no hex to retreat into (off the map counts so, 10.1 C): {extra} more loss(es) "
                f"and it stays (10.1 B; {rules.option_note('blocked_retreat_loss')})"
            )
        elif len(free) == 1:
            result = next(iter(free))
        else:
            rb, rc = _rank(rules, s.flank_b), _rank(rules, s.flank_c)
            result = "B" if rb > rc else "C" if rc > rb else "either"
            notes.append(
                "between B and C: towards its own edge, then next to a friendly unit, then "
                f"next to an enemy unit (10.1; {rules.option_note('retreat_next_to_enemy')})"
            )
    if s.hexes == 2 and result != "cannot_retreat":
        notes.append("the second hex is chosen the same way from the hex reached (10.1)")
    return Outcome.without_value(
        pack=PACK,
        procedure="retreat_hex",
        rule="10.1",
        rolls={},
        result=result,
        probabilities=certain(result),
        details=details,
        notes=tuple(notes),
    )
