"""Rally (AVlE 12.0, 12.1), the optional morale test (AVlE 15.0) and cavalry pursuit (9.1.3).

Rally rolls black command dice; each face matching the unit's arm (and the General face when a
General is attached) recovers an element, at most 2 an attempt. Morale is a d10 against a
value (infantry: its close fire value less 4; cavalry and artillery: fixed values): above it
the unit routs. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from eote_ref.packs.avle.model import AvleRules, UnitType
from eote_ref.packs.dice import D10, Roller
from eote_ref.packs.outcome import Modifier, Outcome, PackError, certain, whole_total

PACK = "avle"
#: The command-die face that stands for each arm (notes: horse artillery is artillery, 6.0).
ARM_FACES = {"infantry": "infantry", "cavalry": "trooper", "artillery": "cannon"}


@dataclass(frozen=True)
class RallySituation:
    """A unit with losses, ordered to rally."""

    unit: str
    elements: int
    start_elements: int | None = None
    general_attached: bool = False
    hexes_from_enemy: int | None = None
    in_enemy_sight: bool = True
    passed_morale: bool = False
    ordered: bool = True


def rally(s: RallySituation, rules: AvleRules, roller: Roller) -> Outcome:
    """Recover elements with command dice (12.0, 12.1)."""
    unit = rules.unit(s.unit, "unit")
    if unit.arm == "garrison":
        raise PackError("a garrison has one element and no chips to recover", "unit", "12.0")
    if not s.ordered:
        raise PackError("only a unit given an order this round rallies", "ordered", "12.0")
    start = s.start_elements if s.start_elements is not None else unit.elements
    if not 1 <= start <= unit.elements:
        raise PackError(f"start_elements is 1..{unit.elements} for {unit.title}", "start_elements")
    if not 1 <= s.elements <= start:
        raise PackError(f"elements is 1..{start} (the unit's elements now)", "elements")
    if s.elements == start:
        raise PackError("the unit has lost no element: nothing to rally", "elements", "12.0")
    if s.hexes_from_enemy is not None and s.hexes_from_enemy < 1:
        raise PackError("hexes_from_enemy is 1 or more (a distance in hexes)", "hexes_from_enemy")
    reach = rules.data.rally["enemy_distance"].value
    if s.in_enemy_sight:
        if s.hexes_from_enemy is None:
            raise PackError(
                "give hexes_from_enemy, or in_enemy_sight false", "hexes_from_enemy", "12.0"
            )
        need = reach if rules.opt("rally_distance") == "at_least_four" else reach + 1
        if s.hexes_from_enemy < need:
            why = (
                f"{s.hexes_from_enemy} hexes from the enemy and in its sight: needs {need} "
                f"({rules.option_note('rally_distance')})"
            )
            return Outcome.without_value(
                PACK,
                "rally",
                "12.0",
                {},
                "not_allowed",
                certain("not_allowed"),
                {"recovered": 0},
                (why,),
            )
    n = unit.rally_dice
    notes: list[str] = []
    if s.unit == "old_guard":
        n = int(rules.opt("old_guard_rally_dice"))
        notes.append(f"the Old Guard rolls {n} dice ({rules.option_note('old_guard_rally_dice')})")
    faces = {ARM_FACES[unit.arm]} | ({"general"} if s.general_attached else set())
    cap = min(rules.data.rally["max_recovered"].value, start - s.elements)
    if s.passed_morale and rules.opt("morale_rally_limit") == "one_element":
        cap = min(cap, 1)
        notes.append(
            f"a unit that passed its morale test recovers at most 1 element (15.0; "
            f"{rules.option_note('morale_rally_limit')})"
        )
    pool = rules.pool("command", n)
    rolled = roller.pool("command_dice", pool)
    matches = sum(1 for f in rolled if f in faces)
    recovered = min(matches, cap)
    probabilities: dict[str, Fraction] = {}
    for k, p in pool.count_distribution(faces).items():
        code = f"recovered_{min(k, cap)}"
        probabilities[code] = probabilities.get(code, Fraction(0)) + p
    if s.general_attached:
        notes.append("the General face counts too (12.1)")
    notes.append("12.0 does not say whether the rally uses the unit's order for this round")
    return Outcome.of_pack(
        pack=PACK,
        procedure="rally",
        rule="12.1" if s.general_attached else "12.0",
        base=n,
        modifiers=(),
        modified=n,
        rolls=dict(roller.used),
        result=f"recovered_{recovered}",
        probabilities=probabilities,
        details={
            "dice": n,
            "matching_faces": sorted(faces),
            "matches": matches,
            "recovered": recovered,
            "elements_after": s.elements + recovered,
        },
        notes=tuple(notes),
    )


@dataclass(frozen=True)
class MoraleSituation:
    """A unit at the losses of 15.0 (infantry 4, cavalry and artillery 3)."""

    unit: str
    passed_before: bool = False
    surplus_losses: int = 0


def morale_value(rules: AvleRules, unit: UnitType, field: str) -> tuple[int, list[Modifier]]:
    """The unit's morale value: its base and the modifiers making it (15.0)."""
    if unit.arm == "infantry":
        off = rules.data.infantry_morale_offset
        return unit.fire[0] or 0, [off.modifier()]
    if unit.morale is None:
        raise PackError(f"15.0 gives {unit.title} no morale value", field, "15.0")
    return unit.morale, []


def _rout_odds(value: int) -> dict[str, Fraction]:
    p = Fraction(max(0, min(10, 10 - value)), 10)
    return {"rout": p, "holds": 1 - p}


def morale(s: MoraleSituation, rules: AvleRules, roller: Roller) -> Outcome:
    """The optional morale test (15.0): above the morale value on a d10, the unit routs."""
    unit = rules.unit(s.unit, "unit")
    base, mods = morale_value(rules, unit, "unit")
    value = whole_total(base, mods)
    if s.surplus_losses < 0:
        raise PackError("surplus_losses is 0 or more", "surplus_losses")
    notes: list[str] = []
    if not rules.opt("morale_rule"):
        notes.append(
            f"15.0 is optional and off ({rules.option_note('morale_rule')}): "
            "without it the unit is simply eliminated (9.1.1)"
        )
    if s.passed_before:
        notes.append("a unit that passed once is removed at its next loss (15.0)")
        return Outcome.of_pack(
            PACK,
            "morale",
            "15.0",
            base,
            tuple(mods),
            value,
            {},
            "removed",
            certain("removed"),
            {"morale_value": value},
            tuple(notes),
        )
    roll = roller.number("roll", D10)
    odds = _rout_odds(value)
    result = "rout" if roll > value else "holds"
    if s.surplus_losses and rules.opt("morale_surplus_loss") == "removes":
        odds = {"rout": odds["rout"], "removed": odds["holds"]}
        result = "removed" if result == "holds" else result
        notes.append(
            f"a further loss in the same result removes it "
            f"({rules.option_note('morale_surplus_loss')})"
        )
    elif s.surplus_losses:
        notes.append(
            f"further losses of the same result are wasted (9.1.2; "
            f"{rules.option_note('morale_surplus_loss')})"
        )
    if result == "holds":
        notes.append("its last element fires at 0 until rallied; it may be withdrawn (15.0)")
    return Outcome.of_pack(
        pack=PACK,
        procedure="morale",
        rule="15.0",
        base=base,
        modifiers=tuple(mods),
        modified=value,
        rolls=dict(roller.used),
        result=result,
        probabilities=odds,
        details={"morale_value": value},
        notes=tuple(notes),
    )


@dataclass(frozen=True)
class PursuitSituation:
    """Cavalry that shocked (9.1.3): what became of its target, and may it enter the hex.

    ``target_result``: ``destroyed``, ``retreated`` or ``stayed`` (it took no retreat, or
    ignored it: a square or buildings, 10.1 E; a General, 7.3.17); null reads as destroyed or
    retreated. ``advance_breaks_zoc``: entering the vacated hex would break 6.2.
    """

    unit: str
    target_result: Literal["destroyed", "retreated", "stayed"] | None = None
    advance_breaks_zoc: bool = False


def pursuit(s: PursuitSituation, rules: AvleRules, roller: Roller) -> Outcome:
    """Must the cavalry advance into the vacated hex (9.1.3)? It must on a failed test."""
    unit = rules.unit(s.unit, "unit")
    if unit.arm != "cavalry":
        raise PackError("only cavalry pursues", "unit", "9.1.3")
    base, _ = morale_value(rules, unit, "unit")
    if s.target_result == "stayed":
        return Outcome.of_pack(
            PACK,
            "pursuit",
            "9.1.3",
            base,
            (),
            base,
            {},
            "not_due",
            certain("not_due"),
            {"morale_value": base, "target_result": s.target_result, "advances": False},
            ("the target neither left the hex nor was destroyed: no pursuit test (9.1.3)",),
        )
    if not rules.opt("morale_rule") and rules.opt("pursuit_without_morale") == "no_test":
        why = (
            f"no pursuit test without 15.0 ({rules.option_note('pursuit_without_morale')}): "
            "the player chooses"
        )
        return Outcome.of_pack(
            PACK,
            "pursuit",
            "9.1.3",
            base,
            (),
            base,
            {},
            "free",
            certain("free"),
            {"morale_value": base, "target_result": s.target_result, "advances": None},
            (why,),
        )
    roll = roller.number("roll", D10)
    odds = _rout_odds(base)
    must = roll > base
    notes = [
        f"a test against the 15.0 morale value "
        f"({rules.option_note('pursuit_without_morale')}); an advance must respect "
        "zones of control (6.2)",
        "9.1.3 does not say whether cavalry that holds may still choose to advance",
    ]
    if s.target_result is None:
        notes.append("target_result not given: read as destroyed or retreated (9.1.3)")
    if must and s.advance_breaks_zoc:
        notes.append("the vacated hex may not be entered without breaking 6.2: it stays")
    return Outcome.of_pack(
        pack=PACK,
        procedure="pursuit",
        rule="9.1.3",
        base=base,
        modifiers=(),
        modified=base,
        rolls=dict(roller.used),
        result="must_advance" if must else "holds",
        probabilities={"must_advance": odds["rout"], "holds": odds["holds"]},
        details={
            "morale_value": base,
            "target_result": s.target_result,
            "advances": must and not s.advance_breaks_zoc,
        },
        notes=tuple(notes),
    )
