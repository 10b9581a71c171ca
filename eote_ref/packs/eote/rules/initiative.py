"""Initiative (EotE 4.0): each side rolls a d10 plus modifiers; the higher wins, ties re-roll."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from eote_ref.packs.eote.rules.core import Modifier, Outcome, RulesError
from eote_ref.packs.eote.rules.dice import Dice, read_d10
from eote_ref.packs.eote.rules.ruleset import Ruleset

RULE = "4.0"


@dataclass(frozen=True)
class Side:
    """One side's initiative factors; ``roll`` is its entered die (or None to roll)."""

    divisions_without_leader: int = 0
    cavalry_regiments: int = 0
    highest_commander_rating: int = 0
    had_initiative_last_turn: bool = False
    divisions_on_attack_orders: int = 0
    roll: int | None = None


@dataclass(frozen=True)
class InitiativeSituation:
    """Both sides, keyed by name (exactly two)."""

    sides: dict[str, Side]


def side_modifiers(name: str, side: Side, other: Side, rs: Ruleset) -> list[Modifier]:
    """One side's initiative modifiers (4.0)."""
    mods: list[Modifier] = []
    if side.divisions_without_leader:
        mods.append(
            rs.mod("initiative", "division_without_leader").modifier(side.divisions_without_leader)
        )
    if side.cavalry_regiments > other.cavalry_regiments:
        mods.append(rs.mod("initiative", "more_cavalry").modifier())
    if side.highest_commander_rating:
        mods.append(rs.mod("initiative", "commander_rating").rated(side.highest_commander_rating))
    if side.had_initiative_last_turn:
        mods.append(rs.mod("initiative", "initiative_last_turn").modifier())
    if side.divisions_on_attack_orders:
        mods.append(
            rs.mod("initiative", "division_attacking").modifier(side.divisions_on_attack_orders)
        )
    return [m.labelled(f"{name}: {m.reason}") for m in mods]


def initiative(s: InitiativeSituation, rs: Ruleset, dice: Dice) -> Outcome:
    """``result`` is the winning side's name, or ``reroll`` on a tie (``winner`` null).

    The top-level ``modifiers`` are both sides' own, each with its own sign and its reason
    naming its side; ``modified`` is the first side's advantage before the dice (its
    modifiers' total minus the second side's). ``sides`` has each side's modifiers, roll and
    total.
    """
    if len(s.sides) != 2:  # not a rule number: a battle has two sides
        raise RulesError("initiative needs exactly two sides", field="sides", rule=RULE)
    (a, sa), (b, sb) = s.sides.items()
    for name, side in s.sides.items():
        for f in ("divisions_without_leader", "cavalry_regiments", "divisions_on_attack_orders"):
            if getattr(side, f) < 0:
                raise RulesError(f"{name}: {f} cannot be negative", field=f, rule=RULE)
        low, high = rs.ratings()
        if not low <= side.highest_commander_rating <= high:
            raise RulesError(
                f"{name}: highest_commander_rating must be {low}..{high}",
                "highest_commander_rating",
            )
    ma, mb = side_modifiers(a, sa, sb, rs), side_modifiers(b, sb, sa, rs)
    adv = sum(m.value for m in ma) - sum(m.value for m in mb)
    ra = read_d10(sa.roll, f"sides.{a}.roll") if sa.roll is not None else dice.d10(f"{a}.roll")
    rb = read_d10(sb.roll, f"sides.{b}.roll") if sb.roll is not None else dice.d10(f"{b}.roll")
    ta = ra + sum(m.value for m in ma)
    tb = rb + sum(m.value for m in mb)
    winner = a if ta > tb else b if tb > ta else None
    probs: dict[str, Fraction] = {a: Fraction(0), b: Fraction(0), "reroll": Fraction(0)}
    for x in range(1, 11):
        for y in range(1, 11):
            key = a if x + adv > y else b if y > x + adv else "reroll"
            probs[key] += Fraction(1, 100)
    sides = {
        a: {"roll": ra, "modifiers": [m.to_json() for m in ma], "total": ta},
        b: {"roll": rb, "modifiers": [m.to_json() for m in mb], "total": tb},
    }
    return Outcome(
        procedure="initiative",
        rule=RULE,
        base=0,
        modifiers=tuple(ma) + tuple(mb),
        modified=adv,
        roll=None,
        result=winner or "reroll",
        probabilities={k: v for k, v in probs.items() if v},
        details={"totals": {a: ta, b: tb}, "winner": winner, "sides": sides},
        notes=() if winner else ("a tie: both sides roll again (4.0)",),
    )
