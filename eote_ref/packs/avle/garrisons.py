"""Garrisons dropped and taken back, and a General's place (AVlE 6.0, 6.3, 7.3, 9.4, 13.1).

Sections: 6.0, 6.1.1, 7.3 and 13.1 for garrisons; 6.3, 7.3.10-7.3.17, 9.4, 9.4.1, 12.1 and
13.1 for Generals.

Garrison: infantry moving through buildings may leave a disk behind as a garrison of one
element; a unit that moves into its hex may take it back, up to 4 elements. General: with a
friendly unit in his hex he is attached to it (one General a unit; at Waterloo never across
English and Prussian); alone he holds no hex and has no zone of control, and an enemy unit
entering his hex sends him back with a chance of capture. No dice. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from eote_ref.packs.avle.fire import BUILDINGS, Terrain
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.dice import Roller
from eote_ref.packs.outcome import Outcome, PackError, certain

PACK = "avle"
Nation = Literal["french", "english", "prussian"]


@dataclass(frozen=True)
class GarrisonSituation:
    """``drop``: a moving unit leaves a garrison; ``reabsorb``: a unit takes one back."""

    action: Literal["drop", "reabsorb"]
    unit: str
    elements: int | None = None
    terrain: Terrain = "farm"
    hougoumont: bool = False


def garrison(s: GarrisonSituation, rules: AvleRules, roller: Roller) -> Outcome:
    """May this unit leave, or take back, a garrison here (6.0)?"""
    del roller  # no dice
    unit = rules.unit(s.unit, "unit")
    if unit.arm == "garrison":
        raise PackError("give the unit that leaves or takes the garrison", "unit")
    elements = s.elements if s.elements is not None else unit.elements
    if not 1 <= elements <= unit.elements:
        raise PackError(f"elements is 1..{unit.elements} for {unit.title}", "elements")
    problems: list[dict[str, str]] = []

    def problem(text: str, rule: str) -> None:
        problems.append({"problem": text, "rule": rule})

    notes = [
        "a garrison: 1 element, fires at 4 on an adjacent hex only, never moves, has no zone "
        "of control, ignores retreat and never counts for victory (6.0, 7.3)",
    ]
    if s.terrain not in BUILDINGS:
        problem("a garrison stands only in buildings (farm, town, fortified)", "6.0")
    if s.action == "drop":
        if unit.arm != "infantry":
            problem("only infantry leaves a garrison", "6.0")
        if elements < 2:
            problem("the unit has no disk left to leave, only its stand-up counter", "6.0, 7.3")
        notes.append("the unit leaves it during its move; the one split allowed (6.1.1)")
        after = elements - 1
        done = "dropped"
    else:
        if unit.arm != "infantry" and rules.opt("garrison_reabsorb") == "infantry_only":
            problem(
                f"only infantry takes a garrison back ({rules.option_note('garrison_reabsorb')})",
                "6.0",
            )
        if s.hougoumont and unit.arm != "infantry":
            problem("only infantry may occupy Hougoumont", "13.1")
        limit = min(rules.data.movement["garrison_reabsorb_limit"].value, unit.elements)
        if elements + 1 > limit:
            problem(f"{elements} elements already: {limit} at most after taking it", "6.0")
        after = elements + 1
        done = "reabsorbed"
    result = "not_allowed" if problems else done
    details: dict[str, Any] = {
        "elements_after": None if problems else after,
        "garrison_elements": 1,
        "problems": problems,
    }
    return Outcome.without_value(
        PACK, "garrison", "6.0", {}, result, certain(result), details, tuple(notes)
    )


# ------------------------------------------------------------------------------ a General
@dataclass(frozen=True)
class GeneralSituation:
    """A General and what shares his hex: a friendly unit (attached) or nothing (alone)."""

    nation: Nation
    unit: str | None = None
    unit_nation: Nation | None = None
    unit_has_general: bool = False
    unit_ordered: bool = False
    general_ordered: bool = False


def general(s: GeneralSituation, rules: AvleRules, roller: Roller) -> Outcome:
    """Is this General attached, and what may he do and suffer (6.3, 7.3.1x, 9.4, 13.1)?"""
    del roller  # no dice
    notes: list[str] = []
    problems: list[dict[str, str]] = []
    details: dict[str, Any] = {}
    if s.unit is None:
        if s.unit_nation is not None or s.unit_has_general or s.unit_ordered:
            raise PackError("no unit in the hex: give unit first", "unit")
        details |= {
            "attached": False,
            "controls_hex": False,
            "zone_of_control": False,
            "may_be_captured": True,
            "may_be_killed": False,
            "fire_bonus": 0,
            "unit_may_ignore_retreat": False,
            "moves": "with his own order, 3 hexes (4 by road)" if s.general_ordered else "no",
        }
        notes += [
            "a General alone holds no hex and has no zone of control (9.4.1)",
            "an enemy unit entering his hex sends him back, with a capture roll "
            "(general_capture, 9.4.2); a General alone does not attack (7.3.15)",
            f"fire on a General alone: {rules.option_note('fire_on_lone_general')} (9.4.1)",
        ]
        result = "alone"
    else:
        unit = rules.unit(s.unit, "unit")
        nation = s.unit_nation or s.nation
        if {nation, s.nation} == {"english", "prussian"}:
            problems.append(
                {
                    "problem": "English and Prussian Generals attach only to their own",
                    "rule": "13.1",
                }
            )
        elif nation != s.nation:
            raise PackError(
                "a General may not enter a hex with an enemy unit (6.3)", "unit_nation", "6.3"
            )
        if s.unit_has_general:
            problems.append({"problem": "one General a unit, one a hex", "rule": "6.3.11, 7.3.16"})
        bonus = 2 if unit.arm in ("infantry", "cavalry") else 0
        moves = "no"
        if s.general_ordered:
            moves = "with his own order: may leave and attach to another unit (6.3.12)"
        elif s.unit_ordered:
            moves = "with the unit for its whole move, or stays (6.3.13)"
        details |= {
            "attached": not problems,
            "controls_hex": True,
            "zone_of_control": unit.arm != "garrison",
            "may_be_captured": False,
            "may_be_killed": True,
            "fire_bonus": bonus,
            "unit_may_ignore_retreat": unit.arm in ("infantry", "cavalry"),
            "moves": moves,
        }
        notes += [
            "+2 to the unit's fire or shock on an adjacent enemy, never artillery's, never "
            "more range (7.3.11-7.3.13)",
            "killed on the unit's losses (general_hit, 9.4); a General lost counts as a unit "
            "(9.4.3); his face counts when the unit rallies (12.1)",
        ]
        if not s.unit_ordered and not s.general_ordered:
            notes.append("he takes part in combat only with an ordered unit (5.1, 7.3.14)")
        result = "not_allowed" if problems else "attached"
    details["problems"] = problems
    return Outcome.without_value(
        PACK, "general", "6.3", {}, result, certain(result), details, tuple(notes)
    )
