"""Generals hit and captured (AVlE 9.4, 9.4.2, 9.4.3). Standard library only."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.dice import D10, Roller
from eote_ref.packs.outcome import Outcome, PackError

PACK = "avle"


@dataclass(frozen=True)
class GeneralHitSituation:
    """A General attached to a unit that has just lost ``losses`` elements in one result."""

    losses: int
    unit_may_ignore_retreat: bool = False


@dataclass(frozen=True)
class GeneralCaptureSituation:
    """An enemy unit moves into a lone General's hex and he must retreat (9.4.2)."""

    hexes_moved: int
    general_retreat_hexes: int | None = None


def _d10(need: int) -> dict[str, Fraction]:
    p = Fraction(max(0, min(need, 10)), 10)
    return {"yes": p, "no": 1 - p}


def general_hit(s: GeneralHitSituation, rules: AvleRules, roller: Roller) -> Outcome:
    """Is the attached General killed (9.4)? A d10 of at most the losses' value kills him."""
    if not 1 <= s.losses <= 10:
        raise PackError(
            "a General is at risk only when his unit loses 1..10 elements", "losses", "9.4"
        )
    notes: list[str] = []
    value = rules.general_kill().lookup(s.losses)
    if s.losses > 3:
        if rules.opt("general_kill_above_three") == "one_more_each":
            value = s.losses
        notes.append(
            f"{s.losses} losses: killed on 1-{value} "
            f"({rules.option_note('general_kill_above_three')})"
        )
    roll = roller.number("roll", D10)
    killed = roll <= value
    odds = _d10(value)
    details: dict[str, object] = {"kill_on": value, "killed": killed}
    if killed:
        compulsory = (
            rules.opt("general_death_retreat") == "must_retreat" or not s.unit_may_ignore_retreat
        )
        details |= {
            "extra_retreat": 1,
            "retreat_compulsory": compulsory,
            "counts_as_unit_lost": True,
        }
        notes.append(
            f"the unit retreats 1 more hex (9.4; "
            f"{rules.option_note('general_death_retreat')}); the General counts as "
            "a unit lost for victory (9.4.3)"
        )
    return Outcome.of_pack(
        pack=PACK,
        procedure="general_hit",
        rule="9.4",
        base=value,
        modifiers=(),
        modified=value,
        rolls=dict(roller.used),
        result="killed" if killed else "unhurt",
        probabilities={"killed": odds["yes"], "unhurt": odds["no"]},
        details=details,
        notes=tuple(notes),
    )


def general_capture(s: GeneralCaptureSituation, rules: AvleRules, roller: Roller) -> Outcome:
    """Is a lone General captured as he retreats (9.4.2)? +1 to the capture value a hex."""
    if not 1 <= s.hexes_moved <= 10:
        raise PackError("hexes_moved is 1..10", "hexes_moved")
    if s.general_retreat_hexes is not None and not 0 <= s.general_retreat_hexes <= 10:
        raise PackError("general_retreat_hexes is 0..10", "general_retreat_hexes")
    notes = ["6.1 forbids a unit to enter an enemy General's hex; 9.4.2 lets it (notes 14)"]
    if rules.opt("capture_value") == "general_retreat":
        if s.general_retreat_hexes is None:
            raise PackError(
                "give general_retreat_hexes (option capture_value=general_retreat)",
                "general_retreat_hexes",
                "9.4.2",
            )
        value = s.general_retreat_hexes
    else:
        value = s.hexes_moved
    notes.append(f"capture value {value} ({rules.option_note('capture_value')})")
    roll = roller.number("roll", D10)
    captured = roll <= value
    odds = _d10(value)
    return Outcome.of_pack(
        pack=PACK,
        procedure="general_capture",
        rule="9.4.2",
        base=value,
        modifiers=(),
        modified=value,
        rolls=dict(roller.used),
        result="captured" if captured else "escaped",
        probabilities={"captured": odds["yes"], "escaped": odds["no"]},
        details={"capture_on": value, "counts_as_unit_lost": captured},
        notes=tuple(notes),
    )
