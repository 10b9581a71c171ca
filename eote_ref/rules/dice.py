"""Dice: injected into every procedure, never a global random (EotE uses one d10; 0 reads 10)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol

from eote_ref.rules.core import RulesError


class Dice(Protocol):
    """Anything that can roll the dice a procedure asks for by name."""

    def d10(self, name: str = "roll") -> int:
        """A d10 result 1..10 for the roll called ``name`` (e.g. ``roll``, ``second_roll``)."""
        ...  # pragma: no cover

    def percentile(self, name: str = "percentile") -> int:
        """A percentile result 1..100."""
        ...  # pragma: no cover


def read_d10(value: object, name: str = "roll") -> int:
    """A die face entered by the umpire: 0..10, where 0 (the face marked 0) reads as 10."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name} must be a whole number 0..10 (0 reads as 10)", field=name)
    if not 0 <= value <= 10:
        raise RulesError(f"{name} {value} is not a d10 face: enter 0..10 (0 reads as 10)", name)
    return 10 if value == 0 else value


def read_percentile(value: object, name: str = "percentile") -> int:
    """A percentile roll entered by the umpire: 1..100 (00 entered as 0 or 100 reads 100)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name} must be a whole number 1..100", field=name)
    if not 0 <= value <= 100:
        raise RulesError(f"{name} {value} is out of range 1..100", field=name)
    return 100 if value == 0 else value


class RandomDice:
    """Rolls with a private, optionally seeded random generator."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self.rolled: dict[str, int] = {}

    def d10(self, name: str = "roll") -> int:
        value = self._rng.randint(1, 10)
        self.rolled[name] = value
        return value

    def percentile(self, name: str = "percentile") -> int:
        value = self._rng.randint(1, 100)
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
