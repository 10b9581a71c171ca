"""A journal line in pieces, each saying what it reveals: fog of war on data, not on prose.

The umpire's journal keeps every line whole. The players' display shows the same line with
the pieces the game's fog of war hides left out (or replaced by their ``veiled`` words), so it
never has to guess from the words what a line gives away: a check says that its target
number is built on a CE, a correction that it changes one, a late arrival that it states one.

A line is kept with its event (``inputs["line"]``) when it is recorded; see
:meth:`eote_ref.referee.game.GameService.record`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from eote_ref.packs.outcome import Outcome, Reveals

#: Procedures whose target number (and base) is built on a unit's CE: the firer's for fire,
#: the division's average for integrity (EotE 6.6, 7.5, 5.6, 9.1, 7.6, 9.0).
CE_BASED = frozenset({"fire", "morale", "square", "rally", "assault", "integrity"})

#: What the players' display shows for an order's line (EotE 3.1: written, carried, unseen).
ORDER_SENT = "An order was written and sent (hidden)"
#: ... and for the umpire's edit of a division's orders.
ORDERS_CHANGED = "The umpire changed the orders of a division (hidden)"

#: The key of an event's ``inputs`` that keeps its line in pieces.
LINE_KEY = "line"


@dataclass(frozen=True)
class Piece:
    """Part of a line; ``reveals`` what it gives away, ``veiled`` the words shown instead."""

    text: str
    reveals: Reveals | None = None
    veiled: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text}
        if self.reveals is not None:
            out["reveals"] = self.reveals.value
            if self.veiled:
                out["veiled"] = self.veiled
        return out


@dataclass(frozen=True)
class Line:
    """A journal line as pieces; ``str(line)`` is the umpire's whole line."""

    pieces: tuple[Piece, ...] = ()

    @classmethod
    def of(cls, *parts: str | Piece | Line) -> Line:
        """A line from text (revealing nothing), pieces and other lines, in order."""
        out: list[Piece] = []
        for p in parts:
            if isinstance(p, Line):
                out += p.pieces
            elif isinstance(p, Piece):
                out.append(p)
            elif p:
                out.append(Piece(p))
        return cls(tuple(out))

    def __add__(self, other: str | Piece | Line) -> Line:
        return Line.of(self, other)

    def __radd__(self, other: str) -> Line:
        return Line.of(other, self)

    @property
    def text(self) -> str:
        """The whole line, as the umpire's journal keeps it."""
        return "".join(p.text for p in self.pieces)

    def __str__(self) -> str:
        return self.text

    def reveals(self) -> frozenset[Reveals]:
        """Everything some piece of the line gives away."""
        return frozenset(p.reveals for p in self.pieces if p.reveals is not None)

    def shown(self, hidden: Iterable[Reveals]) -> str:
        """The line without the pieces that reveal what ``hidden`` names (their veiled words)."""
        hide = set(hidden)
        return "".join(
            (p.veiled if p.reveals in hide else p.text) if p.reveals is not None else p.text
            for p in self.pieces
        )

    def to_json(self) -> list[dict[str, Any]]:
        return [p.to_json() for p in self.pieces]

    @classmethod
    def from_json(cls, data: Any) -> Line | None:
        """A line read back from an event (None when there is none or it is not one)."""
        if not isinstance(data, Sequence) or isinstance(data, str):
            return None
        pieces = []
        for item in data:
            if not isinstance(item, Mapping) or not isinstance(item.get("text"), str):
                return None
            try:
                reveals = Reveals(item["reveals"]) if "reveals" in item else None
            except ValueError:
                return None
            pieces.append(Piece(item["text"], reveals, str(item.get("veiled", ""))))
        return cls(tuple(pieces))


def roll_line(o: Outcome, procedure: str | None = None) -> Line:
    """The die against its target: `` (rolled 9 against 7, then 6)``, or an empty line.

    The target number of a CE-built procedure reveals the CE: a player under fog of war sees
    `` (rolled 9, then 6)``.
    """
    if o.roll is None:
        return Line()
    built = (procedure or o.procedure) in CE_BASED
    against = Piece(f" against {o.modified:g}", Reveals.CE if built else None)
    then = f", then {o.second_roll}" if o.second_roll is not None else ""
    return Line.of(f" (rolled {o.roll}", against, then, ")")
