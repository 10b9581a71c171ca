"""Tables by kind, each with one lookup and one check (the loader's).

- :class:`Bands`: a whole number falls in one band (``lo..hi``, either end open) of a result.
- :class:`Rows`: one row for each whole value from the first; the last may stand for "or more".
- :class:`Columns`: columns chosen by a whole value (the last may be "or more"), each with one
  cell per face of a die: a combat effect table.
- :class:`OddsColumns`: columns chosen by a ratio (the largest not above it), a cell per face.
- :class:`Grid`: named rows by named columns, every cell filled (a fire value sheet).

Each kind also renders itself as text rows (``render``) for a quick-reference sheet. A check
returns a list of ``(path, message)`` for the loader to place in its file; an empty
list means the table is usable. Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, TypeVar

from eote_ref.packs.outcome import PackError

T = TypeVar("T")
TableProblem = tuple[tuple[str | int, ...], str]


@dataclass(frozen=True)
class Band(Generic[T]):
    """``lo..hi`` (None: open) gives ``result``."""

    lo: int | None
    hi: int | None
    result: T


@dataclass(frozen=True)
class Bands(Generic[T]):
    """Bands of whole numbers, in order, over ``lo..hi`` of the value (None: unbounded)."""

    name: str
    bands: tuple[Band[T], ...]
    lo: int | None = None
    hi: int | None = None

    def lookup(self, value: float) -> T:
        """The result of the band holding ``value``.

        A fraction reads the band of its whole part: 7.5 has reached the band 5..7, not 8..10.
        """
        for b in self.bands:
            if (b.lo is None or value >= b.lo) and (b.hi is None or value < b.hi + 1):
                return b.result
        raise PackError(f"{self.name}: no band holds {value:g}")

    def render(self) -> list[list[str]]:
        """The table as text rows for a quick reference: a heading row, then one per band."""
        return [["value", "result"]] + [[_span(b.lo, b.hi), _cell(b.result)] for b in self.bands]

    def check(self) -> list[TableProblem]:
        out: list[TableProblem] = []
        if not self.bands:
            return [((), "has no bands")]
        first, last = self.bands[0], self.bands[-1]
        if first.lo != self.lo:
            start = "open below (low: null)" if self.lo is None else f"at {self.lo}"
            out.append(((0, "lo"), f"the first band starts at {first.lo}, not {start}"))
        if last.hi != self.hi:
            end = "open above (high: null)" if self.hi is None else f"at {self.hi}"
            out.append(((len(self.bands) - 1, "hi"), f"the last band ends at {last.hi}, not {end}"))
        for i, (a, b) in enumerate(itertools_pairs(self.bands)):
            if a.hi is None or b.lo is None or b.lo != a.hi + 1:
                out.append(((i + 1, "lo"), _seam(a.hi, b.lo)))
        for i, b in enumerate(self.bands):
            if b.lo is not None and b.hi is not None and b.lo > b.hi:
                out.append(((i,), f"band {b.lo}..{b.hi} is empty"))
        return out


def _seam(hi: int | None, lo: int | None) -> str:
    """What is wrong where one band ending at ``hi`` meets the next starting at ``lo``."""
    said = f"band starts at {lo} after one ending at {hi}"
    if hi is None or lo is None:
        return f"{said}: only the first band may be open below and the last open above"
    if lo > hi + 1:
        return f"{said}: expected {hi + 1} ({_values(hi + 1, lo - 1)} fall in no band)"
    return f"{said}: expected {hi + 1} ({_values(lo, hi)} fall in two bands)"


def _values(lo: int, hi: int) -> str:
    return str(list(range(lo, hi + 1))) if hi - lo < 10 else f"{lo}..{hi}"


def itertools_pairs(seq: Sequence[T]) -> list[tuple[T, T]]:
    """Neighbouring pairs of a sequence."""
    return list(zip(seq, seq[1:], strict=False))


@dataclass(frozen=True)
class Rows(Generic[T]):
    """One row per whole value ``first, first + 1, ...``; ``open_top``: the last is "or more"."""

    name: str
    first: int
    rows: tuple[T, ...]
    open_top: bool = False

    def lookup(self, value: int) -> T:
        i = value - self.first
        if i < 0 or (i >= len(self.rows) and not self.open_top):
            last = self.first + len(self.rows) - 1
            raise PackError(f"{self.name}: no row for {value} (rows {self.first}..{last})")
        return self.rows[min(i, len(self.rows) - 1)]

    def render(self) -> list[list[str]]:
        """A heading row, then one row per value (the last "or more" when open)."""
        out = [["value", "result"]]
        for i, row in enumerate(self.rows):
            more = "+" if self.open_top and i == len(self.rows) - 1 else ""
            out.append([f"{self.first + i}{more}", _cell(row)])
        return out

    def check(self) -> list[TableProblem]:
        return [] if self.rows else [((), "has no rows")]


@dataclass(frozen=True)
class Columns(Generic[T]):
    """Columns chosen by a whole value from ``first``, each a cell per die face ``1..faces``."""

    name: str
    first: int
    faces: int
    columns: tuple[tuple[T, ...], ...]
    open_top: bool = False

    def lookup(self, value: int, face: int) -> T:
        column = Rows(self.name, self.first, self.columns, self.open_top).lookup(value)
        if not 1 <= face <= len(column):
            raise PackError(f"{self.name}: no row for a roll of {face}")
        return column[face - 1]

    def render(self) -> list[list[str]]:
        """A heading of the column values, then one row per die face."""
        last = len(self.columns) - 1
        head = ["roll"] + [
            f"{self.first + i}{'+' if self.open_top and i == last else ''}"
            for i in range(len(self.columns))
        ]
        body = [
            [str(face)] + [_cell(col[face - 1]) for col in self.columns]
            for face in range(1, self.faces + 1)
        ]
        return [head, *body]

    def check(self) -> list[TableProblem]:
        out: list[TableProblem] = [] if self.columns else [((), "has no columns")]
        for i, col in enumerate(self.columns):
            if len(col) != self.faces:
                out.append(((i,), f"has {len(col)} cells, one per face needs {self.faces}"))
        return out


@dataclass(frozen=True)
class OddsColumns(Generic[T]):
    """Columns headed by ratios in rising order; a ratio reads the largest heading not above it."""

    name: str
    ratios: tuple[Fraction, ...]
    faces: int
    columns: tuple[tuple[T, ...], ...]

    def column_of(self, attack: int, defence: int) -> int:
        if defence <= 0:
            return len(self.ratios) - 1
        ratio = Fraction(attack, defence)
        best = None
        for i, r in enumerate(self.ratios):
            if r <= ratio:
                best = i
        if best is None:
            raise PackError(f"{self.name}: odds {attack}:{defence} are below the lowest column")
        return best

    def lookup(self, attack: int, defence: int, face: int) -> T:
        column = self.columns[self.column_of(attack, defence)]
        if not 1 <= face <= len(column):
            raise PackError(f"{self.name}: no row for a roll of {face}")
        return column[face - 1]

    def render(self) -> list[list[str]]:
        """A heading of the odds (``3:2``), then one row per die face."""
        head = ["roll"] + [f"{r.numerator}:{r.denominator}" for r in self.ratios]
        body = [
            [str(face)] + [_cell(col[face - 1]) for col in self.columns]
            for face in range(1, self.faces + 1)
        ]
        return [head, *body]

    def check(self) -> list[TableProblem]:
        out: list[TableProblem] = []
        if len(self.ratios) != len(self.columns) or not self.columns:
            out.append(((), f"{len(self.ratios)} headings for {len(self.columns)} columns"))
        for i, (a, b) in enumerate(itertools_pairs(self.ratios)):
            if b <= a:
                out.append(((i + 1,), f"odds {b} do not rise after {a}"))
        for i, col in enumerate(self.columns):
            if len(col) != self.faces:
                out.append(((i,), f"has {len(col)} cells, one per face needs {self.faces}"))
        return out


@dataclass(frozen=True)
class Grid(Generic[T]):
    """Named rows by named columns; every row has a cell for every column."""

    name: str
    columns: tuple[str, ...]
    rows: Mapping[str, Mapping[str, T]]

    def lookup(self, row: str, column: str) -> T:
        if row not in self.rows:
            raise PackError(f"{self.name}: no row '{row}'")
        cells = self.rows[row]
        if column not in cells:
            raise PackError(f"{self.name}: no column '{column}' in row '{row}'")
        return cells[column]

    def render(self) -> list[list[str]]:
        """A heading of the columns, then one row per named row."""
        return [["", *self.columns]] + [
            [name, *(_cell(cells.get(c)) for c in self.columns)]
            for name, cells in self.rows.items()
        ]

    def check(self) -> list[TableProblem]:
        out: list[TableProblem] = []
        want = set(self.columns)
        for name, cells in self.rows.items():
            missing = sorted(want - set(cells))
            extra = sorted(set(cells) - want)
            if missing:
                out.append(((name,), f"lacks column(s) {', '.join(missing)}"))
            if extra:
                out.append(((name,), f"has unknown column(s) {', '.join(extra)}"))
        return out


def _span(lo: int | None, hi: int | None) -> str:
    if lo == hi:
        return str(lo)
    if lo is None:
        return f"{hi} or less"
    if hi is None:
        return f"{lo} or more"
    return f"{lo}-{hi}"


def _cell(value: Any) -> str:
    """A cell as text: none as a dash, numbers as ``a/b``, words spaced, a nested table inline."""
    if value is None:
        return "-"
    if hasattr(value, "cell"):  # a row of a pack's own shape: what stands for it in a cell
        return _cell(value.cell())
    if isinstance(value, Bands):
        return " ".join(f"{_span(b.lo, b.hi)}:{_cell(b.result)}" for b in value.bands)
    if isinstance(value, tuple | list):
        joiner = " " if any(isinstance(v, str) for v in value) else "/"
        return joiner.join(_cell(v) for v in value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


Table = Bands[Any] | Rows[Any] | Columns[Any] | OddsColumns[Any] | Grid[Any]


def kind_of(table: Table) -> str:
    """The kind of a table as a pack declares it."""
    return {
        Bands: "bands",
        Rows: "rows",
        Columns: "columns",
        OddsColumns: "odds",
        Grid: "grid",
    }[type(table)]
