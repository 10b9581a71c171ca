"""Shared building blocks of the rules engine: errors, sources, modifiers, effects, outcomes."""

from __future__ import annotations

import dataclasses
import enum
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from eote_ref.rules.results import (
    ANY_VALUE,
    Party,
    ResultCode,
    Tone,
    ValueName,
    result_code,
    tone_of,
)


class RulesError(ValueError):
    """A situation the engine cannot adjudicate: bad input or something the rules forbid.

    Attributes:
        field: the input field at fault, when one is.
        rule: the rules section that forbids it, when one does.
    """

    def __init__(self, message: str, field: str | None = None, rule: str | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.rule = rule


def require_finite(value: float, field: str) -> None:
    """Refuse NaN and the infinities: no comparison with them means anything (a rule's input)."""
    if not math.isfinite(value):
        raise RulesError(f"{field} must be a finite number, not {value}", field=field)


class Source(enum.Enum):
    """Where a number comes from."""

    TEXT = "text"
    PROVISIONAL = "provisional"
    HOUSE = "house"


class Reveals(enum.Enum):
    """What a figure or a line gives away to a player who does not know it (fog of war).

    A modifier that states, cancels or halves a unit's CE (a routed unit's CE 0, the half of a
    weaker unit's modified CE in 7.9, the floor at 0) lets anyone who sees it work the CE out.
    """

    CE = "ce"
    #: An order's words, sender or countdown (3.1-3.4: written and carried to the division).
    ORDER = "order"


@dataclass(frozen=True)
class Modifier:
    """One modifier applied to a base value, with its reason, rules section and source.

    ``reveals`` says what the value gives away (None: nothing but the modifier itself).
    """

    value: float
    reason: str
    rule: str
    source: Source
    reveals: Reveals | None = None

    def labelled(self, reason: str) -> Modifier:
        """The same modifier under another reason (a side's or a firer's name before it)."""
        return dataclasses.replace(self, reason=reason)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "value": number(self.value),
            "reason": self.reason,
            "rule": self.rule,
            "source": self.source.value,
        }
        if self.reveals is not None:
            out["reveals"] = self.reveals.value
        return out


def number(x: float) -> int | float:
    """Show whole numbers as int (JSON and UI read better), others as float."""
    return int(x) if float(x).is_integer() else float(x)


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
class Outcome:
    """The full, explained result of one adjudication.

    ``result`` is the member of the procedure's result enum (:data:`~eote_ref.rules.results.
    RESULTS`); a procedure with open results (the side with the initiative, the turns an order
    takes, an assault's ``attacker/defender``) keeps its plain code. An outcome built with a
    code string is given its member, so both read and compare as the same string.
    ``value_name`` names the value a no-roll procedure computed (None: none named).
    """

    procedure: str
    rule: str
    base: float
    modifiers: tuple[Modifier, ...]
    modified: float
    roll: int | None
    result: ResultCode | str
    probabilities: Mapping[str, Fraction]
    effects: Mapping[str, Effect] = field(default_factory=dict)
    details: Mapping[str, Any] = field(default_factory=dict)
    second_roll: int | None = None
    notes: tuple[str, ...] = ()
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

    def to_json(self) -> dict[str, Any]:
        """The JSON object of the ``eote-ref rule`` contract (details merged at top level)."""
        out: dict[str, Any] = {
            "procedure": self.procedure,
            "rule": self.rule,
            "base": number(self.base),
            "modifiers": [m.to_json() for m in self.modifiers],
            "modified": number(self.modified),
            "roll": self.roll,
            "result": str(self.result),
            "probabilities": {str(k): float(v) for k, v in self.probabilities.items()},
        }
        if self.second_roll is not None:
            out["second_roll"] = self.second_roll
        out.update({k: _jsonable(v) for k, v in self.details.items()})
        out["effects"] = {k: e.to_json() for k, e in self.effects.items()}
        out["notes"] = list(self.notes)
        return out


def _jsonable(v: Any) -> Any:
    if isinstance(v, enum.Enum):
        return v.value
    if isinstance(v, Fraction):
        return float(v)
    if isinstance(v, float):
        return number(v)
    if isinstance(v, Mapping):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_jsonable(x) for x in v]
    if hasattr(v, "to_json"):
        return v.to_json()
    return v


def total(base: float, modifiers: Iterable[Modifier]) -> float:
    """Base plus every modifier."""
    return base + sum(m.value for m in modifiers)


FACES = range(1, 11)


def d10_distribution(result_of: Callable[[int], str]) -> dict[str, Fraction]:
    """Probability of each result when ``result_of(roll)`` is evaluated over a fair d10."""
    counts: dict[str, Fraction] = {}
    for face in FACES:
        r = result_of(face)
        counts[r] = counts.get(r, Fraction(0)) + Fraction(1, 10)
    return counts


def certain(result: str) -> dict[str, Fraction]:
    """The distribution of a procedure that needs no roll."""
    return {result: Fraction(1)}
