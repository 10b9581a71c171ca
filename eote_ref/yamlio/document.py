"""Plain data loaded from YAML, with the position of every value and mapping key."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from eote_ref.yamlio.problems import Mark, Path, Problem

#: A position as stored: 1-based (line, column); a :class:`Mark` is made only when asked for.
Position = tuple[int, int]


class _MarkView(Mapping[Path, Mark]):
    """Read-only ``path -> Mark`` view over stored positions."""

    def __init__(self, file: str, positions: dict[Path, Position]) -> None:
        self._file = file
        self._positions = positions

    def __getitem__(self, path: Path) -> Mark:
        return Mark(self._file, *self._positions[path])

    def __iter__(self) -> Iterator[Path]:
        return iter(self._positions)

    def __len__(self) -> int:
        return len(self._positions)


@dataclass
class Document:
    """Plain data loaded from YAML, with the position of every value and mapping key."""

    file: str
    data: Any
    positions: dict[Path, Position] = field(default_factory=dict)
    key_positions: dict[Path, Position] = field(default_factory=dict)

    @property
    def marks(self) -> Mapping[Path, Mark]:
        """The position of every value, by key path."""
        return _MarkView(self.file, self.positions)

    @property
    def key_marks(self) -> Mapping[Path, Mark]:
        """The position of every mapping key, by the key path it ends."""
        return _MarkView(self.file, self.key_positions)

    def mark(self, path: Path) -> Mark | None:
        """Position of the value at ``path`` (or of its nearest parent that has one)."""
        p = tuple(path)
        positions = self.positions
        while p:
            if p in positions:
                return Mark(self.file, *positions[p])
            p = p[:-1]
        return Mark(self.file, *positions[()]) if () in positions else None

    def key_mark(self, path: Path) -> Mark | None:
        """Position of the mapping key that ends ``path`` (falls back to the value's)."""
        found = self.key_positions.get(tuple(path))
        return Mark(self.file, *found) if found else self.mark(path)


def format_version_problem(doc: Document, expected: int) -> Problem | None:
    """The problem of a document whose ``format:`` is a version other than ``expected``.

    None when it names ``expected``, names none, or is not a number (the typed parse then
    says what is wrong with it): a file of a later eote-ref is refused at its ``format`` key
    before anything else is read of it.
    """
    data = doc.data
    version = data.get("format") if isinstance(data, dict) else None
    if not isinstance(version, int) or isinstance(version, bool) or version == expected:
        return None
    message = f"unknown format version {version}: this eote-ref reads format {expected}"
    return Problem(doc.mark(("format",)), ("format",), message)
