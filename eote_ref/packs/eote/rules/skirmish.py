"""Skirmishers (EotE 5.4, 5.5): skirmish CE and the parent's hit bookkeeping."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

from eote_ref.packs.eote.rules.core import (
    Effect,
    Modifier,
    Outcome,
    RulesError,
    certain,
    require_finite,
)
from eote_ref.packs.eote.rules.dice import Dice
from eote_ref.packs.eote.rules.results import PARENT_HITS
from eote_ref.packs.eote.rules.ruleset import Ruleset, Value
from eote_ref.packs.eote.rules.units import (
    NOT_NATIONS as NOT_NATIONS,  # the skirmish table's other rows
)

#: Years a skirmish situation may name: input sanity, not a rule number.
PERIOD = range(1700, 1901)  # not a rule number: the years of the period


@dataclass(frozen=True)
class SkirmishSituation:
    """Skirmish stands of one nation in a given year."""

    nation: str
    year: int
    stands: float


def skirmish_rating(rs: Ruleset, nation: str, year: int) -> Value:
    """Skirmish points per stand for a nation and year (5.5.1)."""
    key = nation.strip().lower()
    if key in rs.skirmish and key not in NOT_NATIONS:
        return rs.skirmish[key]
    cutoff = int(rs.skirmish["cutoff_year"].value)
    after = year > cutoff or (year == cutoff and rs.opts.skirmish_1812_rating == "after")
    return rs.skirmish["others_from_1812" if after else "others_before_1812"]


def combat_ce(ce: float, rs: Ruleset) -> int:
    """The whole CE fire and assault take for a skirmish CE (option ``skirmish_half_ce``).

    5.5.1 gives a half per stand to other nations before 1812; fire (6.6) and assault read
    whole CEs and the text does not say which way a half goes.
    """
    return math.ceil(ce) if rs.opts.skirmish_half_ce == "up" else math.floor(ce)


def skirmish(s: SkirmishSituation, rs: Ruleset, dice: Dice) -> Outcome:
    """No roll: ``ce`` = stands × the nation's rating (the text's figure, a half included).

    ``combat_ce`` is that figure as the whole number to enter in fire or assault, rounded as
    option ``skirmish_half_ce`` says; a note shows the rounding when there was one.
    """
    require_finite(s.stands, "stands")
    if s.stands <= 0:
        raise RulesError("stands must be more than 0", field="stands", rule="5.5")
    if s.year not in PERIOD:
        raise RulesError("year must be a year of the period", field="year", rule="5.5.1")
    rating = skirmish_rating(rs, s.nation, s.year)
    ce = s.stands * rating.value
    whole = combat_ce(ce, rs)
    notes: tuple[str, ...] = ()
    if whole != ce:
        how = rs.opts.skirmish_half_ce
        notes = (
            f"fire and assault take whole CEs: enter {whole} for {ce:g} "
            f"(option skirmish_half_ce={how}, provisional)",
        )
    return Outcome(
        procedure="skirmish",
        rule="5.5.1",
        base=s.stands,
        modifiers=(
            Modifier(
                ce - s.stands, f"{rating.reason}: ×{rating.value:g}", rating.rule, rating.source
            ),
        ),
        modified=ce,
        roll=None,
        result="computed",
        probabilities=certain("computed"),
        details={"ce": ce, "rating_per_stand": rating.value, "combat_ce": whole},
        notes=notes,
    )


class SkirmishAction(enum.Enum):
    """What the skirmishers do."""

    DETACH = "detach"
    REFORM = "reform"
    HIT = "hit"
    FULL_REFORM = "full_reform"


@dataclass(frozen=True)
class SkirmishersSituation:
    """A parent unit and its skirmish stand: hits on each, and what happens now."""

    action: SkirmishAction
    parent_hits: int = 0
    skirmish_hits: int = 0
    hits_taken: int = 0


def skirmishers(s: SkirmishersSituation, rs: Ruleset, dice: Dice) -> Outcome:
    """Hit bookkeeping of 5.4 for detaching, reforming and hits on the stand.

    Detaching puts a hit on the parent; reforming removes it and brings back half the
    skirmish hits, rounded down; two hits make the stand ineffective; a unit leaving full
    skirmish order keeps half its hits.
    """
    if min(s.parent_hits, s.skirmish_hits, s.hits_taken) < 0:
        raise RulesError("hits cannot be negative", field="parent_hits", rule="5.4")
    detach = int(rs.skirmish["detach_hits"].value)
    limit = int(rs.skirmish["ineffective_hits"].value)
    parent, skirm = s.parent_hits, s.skirmish_hits
    notes: list[str] = []
    ineffective = False
    if s.action is SkirmishAction.DETACH:
        parent += detach
        skirm = 0
        notes.append("one hit marks the parent while its skirmishers are out (5.4)")
    elif s.action is SkirmishAction.REFORM:
        if parent < detach:
            raise RulesError("the parent should carry the detach hit", "parent_hits", "5.4")
        back = math.floor(skirm * rs.quantity("skirmish_reform_fraction").value)
        parent = parent - detach + back
        notes.append(f"half of {skirm} skirmish hits, rounded down, join the parent (5.4)")
        skirm = 0
    elif s.action is SkirmishAction.HIT:
        skirm += s.hits_taken
        ineffective = skirm >= limit
        if ineffective:
            notes.append("the stand is ineffective and goes back to reform (5.4)")
    else:
        parent = math.floor(parent * rs.quantity("full_skirmish_keep_fraction").value)
        notes.append("a unit leaving full skirmish order keeps half its hits (5.4)")
    result = "ineffective" if ineffective else "done"
    # modified = base plus modifiers (RULE-CLI contract): the change of the parent's hits
    change = parent - s.parent_hits
    source = rs.skirmish["detach_hits"].source
    reason = f"hits on the parent ({s.action.value.replace('_', ' ')})"
    mods = (Modifier(change, reason, "5.4", source),) if change else ()
    return Outcome(
        procedure="skirmishers",
        rule="5.4",
        base=s.parent_hits,
        modifiers=mods,
        modified=parent,
        roll=None,
        result=result,
        probabilities=certain(result),
        effects={"parent": Effect(hits=parent - s.parent_hits)},
        details={
            "parent_hits_after": parent,
            "skirmish_hits_after": skirm,
            "skirmish_ineffective": ineffective,
        },
        value_name=PARENT_HITS,
        notes=tuple(notes),
    )
