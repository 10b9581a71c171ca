"""VlE leaders: their bonuses, casualties, wounds and substitutes.

The bonus a stack may use is XIV.1, XIV.3 and XIV.4, casualties XIV.5, wounds
XVII.1 and substitutes (XIV.6). Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from eote_ref.packs.dice import Roller
from eote_ref.packs.outcome import Outcome, PackError
from eote_ref.packs.vle.model import D6, PACK, VleRules, check_range, d6_at_most, text

#: A substitute leader's values (XIV.6; initiative and obedience with the advanced rules).
SUBSTITUTE = {"combat": 0, "morale": 1, "movement": 10, "initiative": 2, "obedience": 2}


@dataclass(frozen=True)
class Leader:
    """A leader stacked with the unit: his role for it and his printed bonuses (XIV.2)."""

    name: str = ""
    role: Literal["own_corps", "army_commander", "other_corps"] = "own_corps"
    combat: int = 0
    morale: int = 0


@dataclass(frozen=True)
class LeaderBonusSituation:
    """The leaders in a unit's hex; the owner uses one (XIV.1)."""

    leaders: list[Leader]
    use: Literal["morale", "combat"] = "morale"


def leader_bonus(s: LeaderBonusSituation, rules: VleRules, roller: Roller) -> Outcome:
    """The best bonus one leader of the hex gives.

    Another corps's leader gives at most +1 morale (XIV.4); a combat value is the owner's
    choice unless negative (XIV.3).
    """
    if not s.leaders:
        return Outcome.without_value(
            PACK, "leader_bonus", "XIV.1", {}, "none", {"none": Fraction(1)},
            {"bonus": 0}, ("no leader in the hex",),
        )  # fmt: skip
    notes: list[str] = ["several leaders do not add: the owner picks one (XIV.1)"]
    options: list[tuple[int, str]] = []
    for i, ld in enumerate(s.leaders):
        check_range(ld.combat, -2, 3, f"leaders[{i}].combat", "XIV.2")
        check_range(ld.morale, -3, 6, f"leaders[{i}].morale", "XIV.2")
        label = ld.name or f"leader {i + 1}"
        if s.use == "morale":
            v = ld.morale
            if ld.role == "other_corps" and v > 1:
                v = 1
                notes.append(f"{label}: another corps's units, at most +1 (XIV.4)")
        else:
            v = ld.combat if ld.role != "other_corps" else 0
            if ld.role == "other_corps":
                notes.append(f"{label}: the combat bonus is for his own units only (XIV.3)")
        options.append((v, label))
    best, who = max(options)
    if s.use == "combat":
        negative = [v for v, _ in options if v < 0]
        if best <= 0 and negative and len(options) == len(negative):
            notes.append("a negative combat value must be used (XIV.3)")
        elif best > 0:
            notes.append("using the combat value is the owner's choice, declared before the roll")
        notes.append("added to the melee die attacking, taken from it defending; never on fire")
    mods = (text(best, f"{who}'s {s.use} bonus", "XIV.4" if s.use == "morale" else "XIV.3"),)
    return Outcome.of_pack(
        PACK, "leader_bonus", "XIV.4" if s.use == "morale" else "XIV.3", 0, mods, best, {},
        "bonus", {"bonus": Fraction(1)}, {"bonus": best, "leader": who}, tuple(notes),
    )  # fmt: skip


Cause = Literal["fire_2_or_3", "stack_eliminated", "alone_entered", "surrounded_lone_survivor"]


@dataclass(frozen=True)
class CasualtySituation:
    """A leader at risk (XIV.5), with XVII.1's wound roll when the leader rule is in use."""

    causes: list[Cause]
    wounds: bool = False
    army_commander: bool = False
    napoleon: bool = False
    turn: int = 1
    fire_steps_lost: int | None = None


def leader_casualty(s: CasualtySituation, rules: VleRules, roller: Roller) -> Outcome:
    """A d6: 6 hits him (4-6 surrounded); then XVII.1's d6: 1-5 turns out, 6 for good."""
    if not s.causes:
        raise PackError("name the cause(s) of the casualty roll", "causes", "XIV.5")
    check_range(s.turn, 1, 99, "turn", "XIV.6")
    notes: list[str] = []
    causes = list(dict.fromkeys(s.causes))
    actual = rules.opt("leader_casualty_basis") == "steps_actually_lost"
    few = s.fire_steps_lost is not None and s.fire_steps_lost < 2
    if "fire_2_or_3" in causes and actual and few:
        causes.remove("fire_2_or_3")
        notes.append(f"fewer than 2 steps actually lost ({rules.note('leader_casualty_basis')})")
    if not causes:
        return Outcome.without_value(
            PACK, "leader_casualty", "XIV.5", {}, "unhurt", {"unhurt": Fraction(1)}, {},
            tuple(notes),
        )  # fmt: skip
    per_cause = rules.opt("leader_casualty_multiple_causes") == "one_roll_per_cause"
    needs = [3 if c == "surrounded_lone_survivor" else 1 for c in causes]
    if not per_cause:
        needs = [max(needs)]
        if len(causes) > 1:
            notes.append(
                f"one roll for the event ({rules.note('leader_casualty_multiple_causes')})"
            )
    p_safe = Fraction(1)
    hit = False
    for i, n in enumerate(needs):
        p_safe *= 1 - Fraction(n, 6)
        face = roller.number("roll" if i == 0 else f"roll_{i + 1}", D6)
        hit = hit or face > 6 - n
    p_hit = 1 - p_safe
    details: dict[str, object] = {"hit_on": [f"{7 - n}-6" if n > 1 else "6" for n in needs]}
    if not hit:
        where = (
            "placed two hexes away (XIV.5)" if "surrounded_lone_survivor" in causes
            else "moved to an adjacent hex if alone (XIV.5)" if "alone_entered" in causes else ""
        )  # fmt: skip
        if where:
            notes.append(where)
        odds = {"unhurt": p_safe, "killed": p_hit}
        if s.wounds:  # a hit is then wounded on 1-5, killed on 6 (XVII.1)
            odds = {"unhurt": p_safe, "wounded": p_hit * Fraction(5, 6),
                    "killed": p_hit * Fraction(1, 6)}  # fmt: skip
        return Outcome.without_value(
            PACK, "leader_casualty", "XIV.5", dict(roller.used), "unhurt", odds, details,
            tuple(notes),
        )  # fmt: skip
    result = "killed"
    if s.army_commander:
        notes.append("the army commander lost: his army is demoralized at once (XIV.5)")
    if s.napoleon:
        notes.append("Napoleon lost: the French side loses the game (XIV.5)")
    if s.wounds:
        wound = roller.number("wound_roll", D6)
        if wound == 6:
            notes.append("killed or badly wounded: out for good (XVII.1)")
        else:
            result = "wounded"
            start = s.turn + 1 if rules.opt("wound_count_start") == "next_turn" else s.turn
            back = start + wound
            details |= {"turns_out": wound, "returns_turn": back}
            notes.append(
                f"out {wound} turn(s), from turn {start}; back on turn {back} "
                f"({rules.note('wound_count_start')}, XVII.1)"
            )
            notes.append("the victory points of a leader lost still count (XVII.1)")
        odds = {
            "unhurt": p_safe,
            "wounded": p_hit * Fraction(5, 6),
            "killed": p_hit * Fraction(1, 6),
        }
    else:
        odds = {"unhurt": p_safe, "killed": p_hit}
    substitute = result == "killed" or rules.opt("substitute_while_wounded") == "yes"
    if substitute:
        details["substitute"] = dict(SUBSTITUTE)
        notes.append(
            f"a substitute (combat 0, morale +1, 10 MP, initiative and obedience 2) joins a unit "
            f"of the corps at the start of turn {s.turn + 1} (XIV.6"
            + ("" if result == "killed" else f", {rules.note('substitute_while_wounded')}")
            + ")"
        )
    notes.append("these rolls come before the units' morale checks (XIV.5)")
    return Outcome.without_value(
        PACK, "leader_casualty", "XIV.5", dict(roller.used), result, odds, details, tuple(notes)
    )


_ = d6_at_most
