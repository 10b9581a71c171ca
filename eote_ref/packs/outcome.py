"""What every procedure of every pack returns: sourced modifiers, rolls, a result, exact odds.

One vocabulary for both packs: EotE's engine (:mod:`eote_ref.packs.eote.rules`) and the AVlE
procedures build the same :class:`Outcome` from the same :class:`Modifier` and :class:`Source`, and
fail with the same :class:`PackError`. Its JSON is the ``eote-ref rule`` contract: the keys
``procedure``, ``rule``, ``base``, ``modifiers``, ``modified``, ``roll``, ``result``,
``probabilities`` in that order, then ``second_roll`` when there is one, the procedure's own
details, ``effects`` and ``notes``. An outcome that names its ``pack`` (the procedures behind
``eote-ref rule --pack``) also gives ``pack``, ``probabilities_exact`` and ``rolls`` (every die
used, by name) after the probabilities, lists only the results that can happen and gives ``effects``
only when it has some; EotE's engine keeps the contract as RULE-CLI.md first wrote it (every result
of the procedure, ``effects`` always). Standard library only.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol


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


class Reveals(enum.Enum):
    """What a figure or a journal line gives away to a player who does not know it (fog of war).

    The boundary's words for it, so the journal, the players' display and the corrections
    read a line's fog without a pack's engine. ``CE``: a unit's hidden quality figure (EotE's
    combat effectiveness: a modifier that states, cancels or halves it, such as a routed
    unit's CE 0, the half of a weaker unit's modified CE in EotE 7.9 or the floor at 0, lets
    anyone who sees it work the figure out). ``ORDER``: an order's words, sender or countdown
    (EotE 3.1-3.4: written and carried to the division, unseen by the other side).
    """

    CE = "ce"
    ORDER = "order"


def number(x: float) -> int | float:
    """Show whole numbers as int (JSON and UI read better), others as float."""
    return int(x) if float(x).is_integer() else float(x)


@dataclass(frozen=True)
class Modifier:
    """One modifier applied to a base value, with its reason, rules section and source.

    ``reveals`` says what the value gives away to a player who does not know it (an enum:
    the boundary's :class:`Reveals`; None: nothing but the modifier).
    """

    value: float
    reason: str
    rule: str
    source: Source
    reveals: enum.Enum | None = None

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


def total(base: float, modifiers: Iterable[Modifier]) -> float:
    """Base plus every modifier."""
    return base + sum(m.value for m in modifiers)


def whole_total(base: int, modifiers: Iterable[Modifier]) -> int:
    """Base plus every modifier, for a pack whose modifiers are whole numbers (AVlE)."""
    return int(total(base, modifiers))


Distribution = Mapping[str, Fraction]


def certain(result: str) -> dict[str, Fraction]:
    """The distribution of a result that needs no roll."""
    return {result: Fraction(1)}


@dataclass(frozen=True)
class Outcome:
    """The full, explained result of one adjudication, of any pack.

    ``roll`` is the die the contract calls ``roll`` (None when nothing was rolled) and
    ``second_roll`` a second d10 of the same procedure; ``rolls`` (a pack outcome's) names
    every die used. ``effects`` maps each party to what the result does to it (objects with a
    ``to_json``); ``details`` are the procedure's own keys, merged at the top level of the JSON.
    """

    procedure: str
    rule: str
    base: float
    modifiers: tuple[Modifier, ...]
    modified: float
    roll: Any
    result: str
    probabilities: Distribution
    effects: Mapping[str, Any] = field(default_factory=dict)
    details: Mapping[str, Any] = field(default_factory=dict)
    second_roll: int | None = None
    notes: tuple[str, ...] = ()
    pack: str | None = None
    rolls: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of_pack(
        cls,
        pack: str,
        procedure: str,
        rule: str,
        base: float,
        modifiers: tuple[Modifier, ...],
        modified: float,
        rolls: Mapping[str, Any],
        result: str,
        probabilities: Distribution,
        details: Mapping[str, Any] | None = None,
        notes: tuple[str, ...] = (),
    ) -> Outcome:
        """A pack procedure's outcome: every die by name in ``rolls`` (its ``roll`` among them)."""
        return cls(
            procedure=procedure,
            rule=rule,
            base=base,
            modifiers=modifiers,
            modified=modified,
            roll=rolls.get("roll"),
            result=result,
            probabilities=probabilities,
            details=details or {},
            notes=notes,
            pack=pack,
            rolls=rolls,
        )

    @classmethod
    def without_value(
        cls,
        pack: str,
        procedure: str,
        rule: str,
        rolls: Mapping[str, Any],
        result: str,
        probabilities: Distribution,
        details: Mapping[str, Any] | None = None,
        notes: tuple[str, ...] = (),
    ) -> Outcome:
        """:meth:`of_pack` for a procedure that works out no value (base and modified 0)."""
        return cls.of_pack(
            pack, procedure, rule, 0, (), 0, rolls, result, probabilities, details, notes
        )

    def to_json(self) -> dict[str, Any]:
        """The JSON object of the ``eote-ref rule`` contract (details merged at top level)."""
        of_pack = self.pack is not None
        odds = {str(k): v for k, v in self.probabilities.items() if v or not of_pack}
        out: dict[str, Any] = {
            "procedure": self.procedure,
            "rule": self.rule,
            "base": number(self.base),
            "modifiers": [m.to_json() for m in self.modifiers],
            "modified": number(self.modified),
            "roll": _jsonable(self.roll),
            "result": str(self.result),
            "probabilities": {k: float(v) for k, v in odds.items()},
        }
        if self.second_roll is not None:
            out["second_roll"] = self.second_roll
        if of_pack:
            out["pack"] = self.pack
            out["probabilities_exact"] = {k: str(v) for k, v in odds.items()}
            out["rolls"] = {k: _jsonable(v) for k, v in self.rolls.items()}
        out.update({k: _jsonable(v) for k, v in self.details.items()})
        if self.effects or not of_pack:
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


class ResultWords(Protocol):
    """How a pack's result codes read in words, for the journal and the players' display.

    A pack declares one apart from its engine (the registry's ``result_words`` line), so the
    journal's Result column reads it without loading the pack's procedures.
    """

    def label(self, procedure: str, code: str) -> str | None:
        """The words of ``code`` as a result of ``procedure`` (None: an open or unknown one)."""
        ...

    def parts(self, procedure: str, result: str) -> tuple[str, ...]:
        """The code each party gets of a result written for several; () for one code.

        An assault's attacker and defender, each one of ``procedure``'s codes.
        """
        ...


def check_distribution(dist: Distribution) -> None:
    """Refuse a distribution that does not sum to exactly 1 (a bug in a procedure)."""
    s = sum(dist.values(), Fraction(0))
    if s != 1:  # pragma: no cover - guarded by the property tests
        raise RuntimeError(f"probabilities sum to {s}, not 1")
