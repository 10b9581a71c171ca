"""Shared building blocks of the rules engine: errors, sources, modifiers, effects, outcomes.

The error, :class:`Source`, :class:`Modifier` and the outcome's fields and JSON are the pack
boundary's (:mod:`eote_ref.packs.outcome`), one vocabulary for every pack; this module keeps
what is EotE's own: a result's effects on each party, the reading of
results as EotE's result codes, and the d10.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from eote_ref.packs.dice import D10
from eote_ref.packs.eote.rules.results import (
    ANY_VALUE,
    Party,
    ResultCode,
    Tone,
    ValueName,
    result_code,
    tone_of,
)
from eote_ref.packs.outcome import (
    Modifier,
    PackError,
    Reveals,
    Source,
    certain,
    number,
    total,
)
from eote_ref.packs.outcome import Outcome as PackOutcome

#: The error of every pack (:class:`~eote_ref.packs.outcome.PackError`), under EotE's old name.
RulesError = PackError


def require_finite(value: float, field: str) -> None:
    """Refuse NaN and the infinities: no comparison with them means anything (a rule's input)."""
    if not math.isfinite(value):
        raise RulesError(f"{field} must be a finite number, not {value}", field=field)


@dataclass(frozen=True)
class Effect:
    """What a result does to one party (a unit, a side of an assault, a division)."""

    hits: int = 0
    disorder: bool = False
    fall_back_in: float = 0
    rout: bool = False
    guns_abandoned: bool = False
    breakthrough: bool = False
    blown_markers: int = 0
    engaged_next_turn: bool = False
    checks_due: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "hits": self.hits,
            "disorder": self.disorder,
            "fall_back_in": number(self.fall_back_in),
            "rout": self.rout,
            "guns_abandoned": self.guns_abandoned,
            "breakthrough": self.breakthrough,
            "blown_markers": self.blown_markers,
            "engaged_next_turn": self.engaged_next_turn,
            "checks_due": list(self.checks_due),
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class Outcome(PackOutcome):
    """An outcome of EotE's engine: the one pack outcome, its result read as EotE's codes.

    Its fields and its JSON are :class:`~eote_ref.packs.outcome.Outcome`'s; this adds only the
    reading of EotE's result codes (their tone for each party and their labels). ``result`` is the
    member of the procedure's result enum (:data:`~eote_ref.packs.eote.rules.results.RESULTS`); a
    procedure with open results (the side with the initiative, the turns an order takes, an
    assault's ``attacker/defender``) keeps its plain code. An outcome built with a code string is
    given its member, so both read and compare as the same string. ``value_name`` names the value a
    no-roll procedure computed (None: none named).
    """

    #: What the result does to each party (EotE's :class:`Effect`, a field of the shared outcome).
    effects: Mapping[str, Effect] = field(default_factory=dict)
    value_name: ValueName | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.result, ResultCode):
            member = result_code(self.procedure, self.result)
            if member is not None:
                object.__setattr__(self, "result", member)

    @classmethod
    def decided(cls, procedure: str, rule: str, result: str, **more: Any) -> Outcome:
        """An outcome the rules decide without a roll or modifiers (probability 1)."""
        return cls(
            procedure=procedure,
            rule=rule,
            base=0,
            modifiers=(),
            modified=0,
            roll=None,
            result=result,
            probabilities=certain(result),
            **more,
        )

    @property
    def code(self) -> ResultCode | None:
        """The result as its procedure's enum member (None for an open result)."""
        return self.result if isinstance(self.result, ResultCode) else None

    def tone(self, party: Party = Party.SUBJECT, result: str | None = None) -> Tone:
        """How the result (or another ``result`` of the same procedure) reads for ``party``."""
        return tone_of(self.procedure, self.result if result is None else result, party)

    def result_label(self, result: str | None = None) -> str:
        """The result (or another ``result`` of the procedure) in words: "no effect", "1 hit"."""
        code = result_code(self.procedure, self.result if result is None else result)
        return code.label if code is not None else (result or self.result).replace("_", " ")

    def value_label(self) -> tuple[str, str]:
        """The name and unit of the value a no-roll outcome computed (``("Value", "")``)."""
        named = self.value_name or ANY_VALUE
        return named.name, named.unit


#: EotE's die: a d10 whose face marked 0 reads 10 (the shared :class:`~eote_ref.packs.dice.Die`).
FACES = D10.faces


def d10_distribution(result_of: Callable[[int], str]) -> dict[str, Fraction]:
    """Probability of each result when ``result_of(roll)`` is evaluated over a fair d10."""
    counts: dict[str, Fraction] = {}
    for face in D10.faces:
        r = result_of(int(face))
        counts[r] = counts.get(r, Fraction(0)) + Fraction(1, D10.sides)
    return counts


__all__ = [
    "FACES",
    "Effect",
    "Modifier",
    "Outcome",
    "Reveals",
    "RulesError",
    "Source",
    "certain",
    "d10_distribution",
    "number",
    "require_finite",
    "total",
]


def scenario_modifier(value: int, reason: str) -> Modifier | None:
    """A scenario's own modifier to a check (a house rule; None when ``value`` is 0).

    EotE has no army morale: a scenario's demoralised side or broken command may change its
    checks (docs/scenario-format.md), shown with the scenario as the source.
    """
    if not value:
        return None
    return Modifier(value, reason or "the scenario (house rule)", "scenario", Source.HOUSE)
