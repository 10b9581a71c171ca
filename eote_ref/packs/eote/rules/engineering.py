"""Engineering and fire in towns: pontoons and demolition (EotE 10.0), burning buildings (7.12)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from eote_ref.packs.eote.rules.core import (
    Modifier,
    Outcome,
    RulesError,
    Source,
    certain,
    d10_distribution,
)
from eote_ref.packs.eote.rules.dice import Dice
from eote_ref.packs.eote.rules.results import TURNS_OF_WORK
from eote_ref.packs.eote.rules.ruleset import Ruleset


@dataclass(frozen=True)
class PontoonSituation:
    """One turn of an engineer battalion laying a pontoon bridge."""

    turns_done: int = 0
    under_fire_with_hits_or_disorder: bool = False
    assaulted_this_turn: bool = False


def pontoon(s: PontoonSituation, rs: Ruleset, dice: Dice) -> Outcome:
    """``counts``, ``no_progress`` or ``complete``; under effective fire a d10 under 6 counts."""
    needed = int(rs.engineering["pontoon_turns"].value)
    if not 0 <= s.turns_done < needed:
        raise RulesError(f"turns_done must be 0..{needed - 1}", field="turns_done", rule="10.0")
    below = rs.engineering["pontoon_progress_below"].value

    def done(progress: bool) -> str:
        if not progress:
            return "no_progress"
        return "complete" if s.turns_done + 1 >= needed else "counts"

    roll: int | None = None
    if s.assaulted_this_turn:
        result = done(False)
        probabilities = certain(result)
    elif s.under_fire_with_hits_or_disorder:

        def result_of(r: int) -> str:
            return done(r < below)

        roll = dice.d10()
        result = result_of(roll)
        probabilities = d10_distribution(result_of)
    else:
        result = done(True)
        probabilities = certain(result)
    after = s.turns_done + (0 if result == "no_progress" else 1)
    # modified = base plus modifiers (RULE-CLI contract): a turn that counts is the +1
    progress = after > s.turns_done
    counted = (Modifier(1, "this turn's work counts", "10.0", Source.TEXT),) if progress else ()
    return Outcome(
        procedure="pontoon",
        rule="10.0",
        base=s.turns_done,
        modifiers=counted,
        modified=after,
        roll=roll,
        result=result,
        probabilities=probabilities,
        details={"turns_done_after": after, "turns_needed": needed},
        value_name=TURNS_OF_WORK,
        notes=("assaulted: the turn does not count (10.0)",) if s.assaulted_this_turn else (),
    )


@dataclass(frozen=True)
class DemolitionSituation:
    """An engineer battalion at a bridge: setting the charge, or rolling for it to go off."""

    charge_set: bool = False


def demolition(s: DemolitionSituation, rs: Ruleset, dice: Dice) -> Outcome:
    """``charge_set`` (a turn setting it), then each artillery phase ``destroyed`` or ``reset``."""
    if not s.charge_set:
        return Outcome.decided(
            "demolition",
            "10.0",
            "charge_set",
            notes=("the charge is set this turn; roll in the next artillery fire phase",),
        )
    most = rs.engineering["demolition_max"].value

    def result_of(r: int) -> str:
        return "destroyed" if r <= most else "reset"

    roll = dice.d10()
    return Outcome(
        procedure="demolition",
        rule="10.0",
        base=roll,
        modifiers=(),
        modified=roll,
        roll=roll,
        result=result_of(roll),
        probabilities=d10_distribution(result_of),
        notes=("the battalion must set the charge again next turn",)
        if result_of(roll) == "reset"
        else (),
    )


class Building(enum.Enum):
    """Building material (7.12)."""

    WOOD = "wood"
    MASONRY = "masonry"
    STONE = "stone"


@dataclass(frozen=True)
class BurningSituation:
    """Howitzer batteries firing at a town block."""

    howitzer_batteries: int
    building: Building


def burning(s: BurningSituation, rs: Ruleset, dice: Dice) -> Outcome:
    """``burning`` when the percentile roll is within the chance, else ``not_burning``."""
    if s.howitzer_batteries < 1:
        raise RulesError(
            "burning needs at least one howitzer battery", "howitzer_batteries", "7.12"
        )
    per = rs.burning[s.building.value]
    chance = min(100.0, per.value * s.howitzer_batteries)
    mods = (Modifier(chance, f"{per.reason} ×{s.howitzer_batteries}", per.rule, per.source),)
    roll = dice.percentile()
    result = "burning" if roll <= chance else "not_burning"
    p = Fraction(int(chance), 100)
    probs = {"burning": p, "not_burning": 1 - p}
    return Outcome(
        procedure="burning",
        rule="7.12",
        base=0,
        modifiers=mods,
        modified=chance,
        roll=None,
        result=result,
        probabilities={k: v for k, v in probs.items() if v},
        details={"chance_percent": chance, "percentile": roll},
        notes=("the unit in the block must leave it next movement (7.12)",)
        if result == "burning"
        else (),
    )
