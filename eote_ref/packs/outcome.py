"""What every pack procedure returns: sourced modifiers, rolls, a result and exact odds.

The JSON of an :class:`Outcome` has the keys of the ``eote-ref rule`` contract in its order
(``procedure``, ``rule``, ``base``, ``modifiers``, ``modified``, ``roll``, ``result``,
``probabilities``), then ``pack``, ``rolls`` (every die used, by name), the procedure's own
details and ``notes``. Standard library only.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any


class PackError(ValueError):
    """A situation a pack cannot adjudicate: bad input or something its rules forbid.

    Attributes:
        field: the input field at fault, when one is.
        rule: the rules section that forbids it, when one does.
    """

    def __init__(self, message: str, field: str | None = None, rule: str | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.rule = rule


class Source(enum.Enum):
    """Where a number comes from: the rules text, a project default, or a club's change."""

    TEXT = "text"
    PROVISIONAL = "provisional"
    HOUSE = "house"


@dataclass(frozen=True)
class Modifier:
    """One modifier applied to a base value, with its reason, section and source."""

    value: int
    reason: str
    rule: str
    source: Source

    def to_json(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "reason": self.reason,
            "rule": self.rule,
            "source": self.source.value,
        }


def total(base: int, modifiers: Iterable[Modifier]) -> int:
    """Base plus every modifier."""
    return base + sum(m.value for m in modifiers)


Distribution = Mapping[str, Fraction]


def certain(result: str) -> dict[str, Fraction]:
    """The distribution of a result that needs no roll."""
    return {result: Fraction(1)}


@dataclass(frozen=True)
class Outcome:
    """The explained result of one pack procedure (the shape of an EotE outcome)."""

    pack: str
    procedure: str
    rule: str
    base: int
    modifiers: tuple[Modifier, ...]
    modified: int
    rolls: Mapping[str, Any]
    result: str
    probabilities: Distribution
    details: Mapping[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()

    @property
    def roll(self) -> Any:
        """The d10 the contract calls ``roll``, or None for a procedure that rolls none."""
        return self.rolls.get("roll")

    def to_json(self) -> dict[str, Any]:
        """The ``eote-ref rule`` contract's object."""
        out: dict[str, Any] = {
            "procedure": self.procedure,
            "rule": self.rule,
            "base": self.base,
            "modifiers": [m.to_json() for m in self.modifiers],
            "modified": self.modified,
            "roll": _jsonable(self.roll),
            "result": self.result,
            "probabilities": {k: float(v) for k, v in self.probabilities.items() if v},
            "pack": self.pack,
            "probabilities_exact": {k: str(v) for k, v in self.probabilities.items() if v},
            "rolls": {k: _jsonable(v) for k, v in self.rolls.items()},
        }
        out.update({k: _jsonable(v) for k, v in self.details.items()})
        out["notes"] = list(self.notes)
        return out


def _jsonable(v: Any) -> Any:
    if isinstance(v, enum.Enum):
        return v.value
    if isinstance(v, Fraction):
        return float(v)
    if isinstance(v, Mapping):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_jsonable(x) for x in v]
    if hasattr(v, "to_json"):
        return v.to_json()
    return v


def check_distribution(dist: Distribution) -> None:
    """Refuse a distribution that does not sum to exactly 1 (a bug in a procedure)."""
    s = sum(dist.values(), Fraction(0))
    if s != 1:  # pragma: no cover - guarded by the property tests
        raise RuntimeError(f"probabilities sum to {s}, not 1")
