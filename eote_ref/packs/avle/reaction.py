"""Reactions to a cavalry charge (AVlE 9.3): a pool of white dice looking for the army's flag.

One white die is rolled for each empty hex between the cavalry's start and the unit it charges
(in the charged unit's sight); any die showing the army's flag succeeds. A successful battery
then scores an automatic hit on the charging cavalry and reads a d6 on the combat effect
table's 1-hit column (AVlE 9.1). Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from eote_ref.packs.avle.fire import Terrain, square_ground
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.dice import D6, Roller
from eote_ref.packs.outcome import Outcome, PackError, certain

Nation = Literal["french", "english", "prussian"]
PACK = "avle"


@dataclass(frozen=True)
class ReactionSituation:
    """The unit a cavalry unit charges, and the ground the charge crossed."""

    reacting: str
    nation: Nation
    empty_hexes: int
    allies: list[Nation] = field(default_factory=list)
    charge_from_adjacent: bool = False
    through_front: bool = True
    terrain: Terrain = "open"
    charger_elements: int = 3
    reacted_this_round: bool = False
    charger_passed_morale: bool = False
    reacting_passed_morale: bool = False


def _no_reaction(why: str, rule: str) -> Outcome:
    return Outcome.without_value(
        PACK,
        "reaction",
        rule,
        {},
        "no_reaction",
        certain("no_reaction"),
        {
            "dice": 0,
            "flags": [],
            "success": False,
            "success_probability": Fraction(0),
            "why": why,
        },
        (why,),
    )


def _artillery_result(
    rules: AvleRules, face: int, charger_elements: int, passed: bool = False
) -> tuple[str, int]:
    loss, retreat = rules.combat_effect().lookup(1, face)
    if retreat and rules.opt("artillery_reaction_loss") == "three_four_only":
        loss = 0
    if loss >= charger_elements:
        # 15.0: cavalry at its third loss tests instead of going, unless it passed before.
        tests_at = rules.data.morale_losses["cavalry"].value
        full = max(u.elements for u in rules.data.units.values() if u.arm == "cavalry")
        lost = full - charger_elements + loss
        if rules.opt("morale_rule") and not passed and lost >= tests_at:
            return "charger_morale_test", loss
        return "charger_eliminated", loss
    if retreat:
        return ("stopped_with_loss" if loss else "stopped"), loss
    return "loss_then_shock", loss


def reaction(s: ReactionSituation, rules: AvleRules, roller: Roller) -> Outcome:
    """A unit reacts to a charge: artillery fires, cavalry counter-charges, infantry squares."""
    unit = rules.unit(s.reacting, "reacting")
    if not 0 <= s.empty_hexes <= 10:
        raise PackError(f"empty_hexes {s.empty_hexes} is out of range 0..10", "empty_hexes")
    if not 1 <= s.charger_elements <= 3:
        raise PackError("charger_elements is 1..3", "charger_elements")
    if unit.arm == "garrison":
        return _no_reaction("a garrison has no special action", "9.3")
    if s.reacted_this_round:
        return _no_reaction("a unit reacts once a round (9.3)", "9.3")
    if s.charge_from_adjacent:
        return _no_reaction("a charge from an adjacent hex allows no reaction", "9.3")
    if not s.through_front:
        return _no_reaction("a charge that never crosses the frontal arc allows no reaction", "9.3")
    if (
        s.reacting_passed_morale
        and unit.arm in ("artillery", "cavalry")
        and rules.opt("passed_morale_fire") == "no_fire"
    ):
        # 15.0: a combat factor of 0 until rallied; a battery's fire and a counter-charge are
        # fights, so the charge goes straight on to its shock.
        return _no_reaction(
            "it passed its morale test: a combat factor of 0 until rallied, so no fire or "
            f"counter-charge (15.0; {rules.option_note('passed_morale_fire')})",
            "15.0",
        )
    notes: list[str] = []
    if (
        unit.arm == "infantry"
        and rules.opt("reaction_square_terrain") == "as_6_0"
        and s.terrain not in square_ground(rules)
    ):
        return _no_reaction(
            f"infantry may not form square in {s.terrain} (6.0; "
            f"{rules.option_note('reaction_square_terrain')}; "
            f"{rules.option_note('square_ground')})",
            "6.0",
        )
    n = s.empty_hexes
    if rules.opt("reaction_dice") == "at_most_three" and n > 3:
        notes.append(f"3 white dice for {n} empty hexes ({rules.option_note('reaction_dice')})")
        n = 3
    flags = {s.nation}
    if rules.opt("allied_flags") == "any_allied_flag":
        flags |= set(s.allies)
    pool = rules.pool("action", n)
    faces = roller.pool("reaction_dice", pool)
    success = any(f in flags for f in faces)
    p_success = pool.p_any(flags)
    probabilities: dict[str, Fraction] = {"failed": 1 - p_success}
    success_code = {"infantry": "square", "cavalry": "counter_charge"}.get(unit.arm)
    details: dict[str, Any] = {
        "dice": n,
        "flags": sorted(flags),
        "success": success,
        "success_probability": p_success,
    }
    if success_code is not None:
        probabilities[success_code] = p_success
        result = success_code if success else "failed"
    else:  # artillery: an automatic hit and a d6 on the 1-hit column
        passed = s.charger_passed_morale
        if passed and s.charger_elements != 1:
            raise PackError(
                "a unit that passed its morale test has 1 element left", "charger_elements"
            )
        for face in range(1, 7):
            code = _artillery_result(rules, face, s.charger_elements, passed)[0]
            probabilities[code] = probabilities.get(code, Fraction(0)) + p_success / 6
        result = "failed"
        if success:
            face = roller.number("effect_roll", D6)
            result, loss = _artillery_result(rules, face, s.charger_elements, passed)
            details["charger_losses"] = loss
            notes.append(
                f"artillery reaction on the 1-hit column "
                f"({rules.option_note('artillery_reaction_loss')})"
            )
    if n == 0:
        notes.append("no empty hex in sight: no die to roll, the reaction cannot succeed")
    if success:
        notes.append("a unit that reacts does nothing else this round (9.3)")
    return Outcome.of_pack(
        pack=PACK,
        procedure="reaction",
        rule="9.3",
        base=n,
        modifiers=(),
        modified=n,
        rolls=dict(roller.used),
        result=result,
        probabilities={k: v for k, v in probabilities.items() if v},
        details=details,
        notes=tuple(notes),
    )
