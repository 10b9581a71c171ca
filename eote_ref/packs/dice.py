"""Dice as data: numbered dice, dice with named faces, sums and pools, with exact odds.

A :class:`Die` is its list of sides (a face may appear on several sides: a command die with
two infantry sides). A :class:`Sum` adds n numbered dice (2d6); a :class:`Pool` rolls n dice
together and reads each face (three white dice looking for a flag). Every distribution is
exact (:class:`~fractions.Fraction`). A :class:`Roller` gives a procedure its dice by name:
those the players entered from physical dice, checked face by face, else a seeded generator.
Standard library only.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from eote_ref.packs.outcome import PackError

Face = int | str


@dataclass(frozen=True)
class Die:
    """One die: its sides in order (repeats allowed) and how a side marked 0 reads."""

    id: str
    title: str
    faces: tuple[Face, ...]
    zero_reads: int | None = None

    @property
    def sides(self) -> int:
        return len(self.faces)

    @property
    def numbered(self) -> bool:
        return all(isinstance(f, int) for f in self.faces)

    def distinct(self) -> tuple[Face, ...]:
        """Each face once, in the order of the sides."""
        return tuple(dict.fromkeys(self.faces))

    def distribution(self) -> dict[Face, Fraction]:
        """The chance of each face."""
        counts = Counter(self.faces)
        return {f: Fraction(counts[f], self.sides) for f in self.distinct()}

    def p(self, matching: Collection[Face]) -> Fraction:
        """The chance that one roll shows one of the ``matching`` faces."""
        return Fraction(sum(1 for f in self.faces if f in matching), self.sides)

    def read(self, value: object, name: str) -> Face:
        """A face entered from a physical die (0 reads as ``zero_reads`` where the die says)."""
        if self.numbered:
            if isinstance(value, bool) or not isinstance(value, int):
                raise PackError(f"{name} must be a whole number (a {self.title})", field=name)
            if value == 0 and self.zero_reads is not None:
                return self.zero_reads
            if value not in self.faces:
                lo, hi = min(self.faces), max(self.faces)
                zero = f" (0 reads as {self.zero_reads})" if self.zero_reads is not None else ""
                raise PackError(
                    f"{name} {value} is not a face of the {self.title}: enter {lo}..{hi}{zero}",
                    field=name,
                )
            return value
        if not isinstance(value, str) or value not in self.faces:
            known = ", ".join(str(f) for f in self.distinct())
            raise PackError(
                f"{name}: {str(value)[:40]!r} is not a face of the {self.title} ({known})",
                field=name,
            )
        return value

    def roll(self, rng: random.Random) -> Face:
        return rng.choice(self.faces)


def numbered(die_id: str, title: str, sides: int, zero_reads: int | None = None) -> Die:
    """A die numbered 1..sides."""
    return Die(die_id, title, tuple(range(1, sides + 1)), zero_reads)


def pictured(die_id: str, title: str, counts: Mapping[str, int]) -> Die:
    """A die with named faces: ``{"infantry": 2, "flag": 1, ...}`` (sides in that order)."""
    faces: list[Face] = []
    for face, n in counts.items():
        faces.extend([face] * n)
    return Die(die_id, title, tuple(faces))


D10 = numbered("d10", "ten-sided die", 10, zero_reads=10)
D6 = numbered("d6", "six-sided die", 6)
PERCENTILE = numbered("percentile", "percentile dice", 100, zero_reads=100)


@dataclass(frozen=True)
class Sum:
    """n numbered dice added together (2d6)."""

    die: Die
    n: int

    @property
    def id(self) -> str:
        return f"{self.n}{self.die.id}"

    def distribution(self) -> dict[int, Fraction]:
        """The chance of each total (convolution of the dice)."""
        dist: dict[int, Fraction] = {0: Fraction(1)}
        one = self.die.distribution()
        for _ in range(self.n):
            nxt: dict[int, Fraction] = {}
            for t, p in dist.items():
                for f, q in one.items():
                    nxt[t + int(f)] = nxt.get(t + int(f), Fraction(0)) + p * q
            dist = nxt
        return dict(sorted(dist.items()))

    def read(self, value: object, name: str) -> int:
        """A total entered from the physical dice."""
        totals = self.distribution()
        if isinstance(value, bool) or not isinstance(value, int) or value not in totals:
            raise PackError(
                f"{name} must be a total of {self.id}: {min(totals)}..{max(totals)}", field=name
            )
        return value


@dataclass(frozen=True)
class Pool:
    """n dice of one kind rolled together and read face by face."""

    die: Die
    n: int

    def enumerate(self) -> Iterator[tuple[Face, ...]]:
        """Every ordered roll, each equally likely (sides ** n of them)."""
        return itertools.product(self.die.faces, repeat=self.n)

    def count_distribution(self, matching: Collection[Face]) -> dict[int, Fraction]:
        """The chance that exactly k dice show one of the ``matching`` faces (binomial)."""
        p = self.die.p(matching)
        return {
            k: Fraction(_choose(self.n, k)) * p**k * (1 - p) ** (self.n - k)
            for k in range(self.n + 1)
        }

    def p_any(self, matching: Collection[Face]) -> Fraction:
        """The chance that at least one die shows one of the ``matching`` faces."""
        return 1 - (1 - self.die.p(matching)) ** self.n

    def p_at_least(self, k: int, matching: Collection[Face]) -> Fraction:
        """The chance that at least ``k`` dice show one of the ``matching`` faces."""
        return sum((p for j, p in self.count_distribution(matching).items() if j >= k), Fraction(0))

    def distribution(self) -> dict[tuple[tuple[Face, int], ...], Fraction]:
        """The chance of each unordered result, as ``((face, count), ...)`` in side order."""
        order = {f: i for i, f in enumerate(self.die.distinct())}
        out: dict[tuple[tuple[Face, int], ...], Fraction] = {}
        step = Fraction(1, self.die.sides**self.n)
        for roll in self.enumerate():
            key = tuple(sorted(Counter(roll).items(), key=lambda fc: order[fc[0]]))
            out[key] = out.get(key, Fraction(0)) + step
        return out

    def read(self, value: object, name: str) -> tuple[Face, ...]:
        """The faces entered from the physical dice: a list of exactly n faces."""
        if not isinstance(value, list):
            raise PackError(f"{name} must be a list of {self.n} {self.die.title} faces", name)
        if len(value) != self.n:
            raise PackError(
                f"{name} has {len(value)} faces; this roll takes {self.n} {self.die.title}(s)",
                field=name,
            )
        return tuple(self.die.read(v, f"{name}[{i}]") for i, v in enumerate(value))


def _choose(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


@dataclass
class Roller:
    """The dice of one adjudication: entered ones by name, the others from a seeded generator.

    ``used`` records every roll in the order asked, for the outcome's ``rolls``.
    """

    entered: Mapping[str, Any] = field(default_factory=dict)
    seed: int | None = None
    used: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def die(self, name: str, die: Die) -> Face:
        face = die.read(self.entered[name], name) if name in self.entered else die.roll(self._rng)
        self.used[name] = face
        return face

    def number(self, name: str, die: Die) -> int:
        """A numbered die's face."""
        return int(self.die(name, die))

    def pool(self, name: str, pool: Pool) -> tuple[Face, ...]:
        if name in self.entered:
            faces = pool.read(self.entered[name], name)
        else:
            faces = tuple(pool.die.roll(self._rng) for _ in range(pool.n))
        self.used[name] = list(faces)
        return faces
