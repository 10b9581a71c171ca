"""Dice: injected into every procedure, never a global random (EotE uses one d10; 0 reads 10).

The dice themselves are the pack boundary's :class:`~eote_ref.packs.dice.Die`:
:data:`~eote_ref.packs.dice.D10` (its face marked 0 read as 10) and
:data:`~eote_ref.packs.dice.PERCENTILE` (00 read as 100). This module reads the umpire's
entries with them and rolls them for a procedure that asks by name.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol

from eote_ref.packs.dice import D10, PERCENTILE, Die
from eote_ref.packs.eote.rules.core import RulesError


class Dice(Protocol):
    """Anything that can roll the dice a procedure asks for by name."""

    def d10(self, name: str = "roll") -> int:
        """A d10 result 1..10 for the roll called ``name`` (e.g. ``roll``, ``second_roll``)."""
        ...  # pragma: no cover

    def percentile(self, name: str = "percentile") -> int:
        """A percentile result 1..100."""
        ...  # pragma: no cover


def _read(die: Die, value: object, name: str, accepts: str, outside: str) -> int:
    """A face of ``die`` entered by the umpire (0 reads as the die says).

    ``accepts`` names the entries allowed, ``outside`` says what a number beyond them is.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name} must be a whole number {accepts}", field=name)
    if value != 0 and value not in die.faces:
        raise RulesError(f"{name} {value} {outside}", field=name)
    return int(die.read(value, name))


def read_d10(value: object, name: str = "roll") -> int:
    """A die face entered by the umpire: 0..10, where 0 (the face marked 0) reads as 10."""
    accepts = f"0..{D10.sides} (0 reads as {D10.zero_reads})"
    return _read(D10, value, name, accepts, f"is not a d10 face: enter {accepts}")


def read_percentile(value: object, name: str = "percentile") -> int:
    """A percentile roll entered by the umpire: 1..100 (00 entered as 0 or 100 reads 100)."""
    accepts = f"1..{PERCENTILE.sides}"
    return _read(PERCENTILE, value, name, accepts, f"is out of range {accepts}")


def _roll(rng: random.Random, die: Die) -> int:
    """One roll of a numbered die (as ``randint`` over its faces: seeded rolls stay the same)."""
    return rng.randint(int(min(die.faces)), int(max(die.faces)))


class RandomDice:
    """Rolls with a private, optionally seeded random generator."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self.rolled: dict[str, int] = {}

    def d10(self, name: str = "roll") -> int:
        value = _roll(self._rng, D10)
        self.rolled[name] = value
        return value

    def percentile(self, name: str = "percentile") -> int:
        value = _roll(self._rng, PERCENTILE)
        self.rolled[name] = value
        return value


class EnteredDice:
    """Rolls the umpire entered from physical dice, by name; missing ones come from ``fallback``.

    Without a fallback, asking for a roll that was not entered is an error.
    """

    def __init__(self, rolls: Mapping[str, int], fallback: Dice | None = None) -> None:
        self._rolls: dict[str, int] = {}
        for name, value in rolls.items():
            reader = read_percentile if name.startswith("percentile") else read_d10
            self._rolls[name] = reader(value, name)
        self._fallback = fallback

    def _get(self, name: str) -> int | None:
        return self._rolls.get(name)

    def d10(self, name: str = "roll") -> int:
        value = self._get(name)
        if value is not None:
            return value
        if self._fallback is None:
            raise RulesError(f"no {name} entered", field=name)
        return self._fallback.d10(name)

    def percentile(self, name: str = "percentile") -> int:
        value = self._get(name)
        if value is not None:
            return value
        if self._fallback is None:
            raise RulesError(f"no {name} entered", field=name)
        return self._fallback.percentile(name)
