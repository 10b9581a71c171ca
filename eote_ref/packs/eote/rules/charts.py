"""EotE's charts as the pack boundary's table kinds (:mod:`eote_ref.packs.tables`).

The ruleset file writes each chart as rows (``eote-6.2.yaml``: a fire-table row per band of
modified CE, an assault-table column per band of attack values, ...). Those rows, with their
``rule`` and ``source``, are what a lookup returns; :func:`build` puts them into the kinds the
engine looks them up through (each kind's one ``lookup``), that the loader checks (each
kind's one ``check``) and that the EotE pack declares and prints (each kind's ``render``):

- ``fire_table``: :class:`~eote_ref.packs.tables.Bands` over the modified CE (6.6), each
  row's d10 results a nested ``Bands`` (:attr:`FireRow.results`);
- ``assault_table``: ``Bands`` over the size of the attack value (7.6);
- ``integrity_base``: ``Bands`` over the average CE (9.0);
- ``integrity_fail`` and ``leader_casualty``: ``Bands`` of named results over a d10 (9.0, 8.0);
- ``command_radius`` and ``oac``: :class:`~eote_ref.packs.tables.Rows`, one per leader
  rating (3.6, 3.1).

The artillery range bands (6.1) are bands of inches, not of whole numbers: they stay rows.
Standard library only (the boundary modules are too).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from eote_ref.packs.outcome import Source
from eote_ref.packs.tables import Band, Bands, Rows

#: The faces of EotE's d10 (the loader checks every d10 chart against them).
D10_LOW, D10_HIGH = 1, 10
#: The result of a fire-table face that no band of its row names.
NO_EFFECT = "none"


def _span(lo_hi: Sequence[int | None]) -> tuple[int | None, int | None]:
    """A ``[low, high]`` of the file as a band's ends (a malformed one reads open)."""
    pair = [*lo_hi, None, None]
    return pair[0], pair[1]


def d10_bands(name: str, ranges: Sequence[tuple[int, int, str]], fill: str) -> Bands[str]:
    """Bands over a d10 from the ``(low, high, result)`` given; the faces between read ``fill``."""
    out: list[Band[str]] = []
    face = D10_LOW
    for lo, hi, code in sorted(ranges):
        if lo > face:
            out.append(Band(face, lo - 1, fill))
        out.append(Band(lo, hi, code))
        face = hi + 1
    if face <= D10_HIGH:
        out.append(Band(face, D10_HIGH, fill))
    return Bands(name, tuple(out), D10_LOW, D10_HIGH)


@dataclass(frozen=True)
class FireRow:
    """One modified-CE row of the tactical fire table (EotE 6.6): d10 ranges per result."""

    ce: list[int | None]
    rule: str
    source: Source
    disorder: list[int] | None = None
    one_hit: list[int] | None = None
    two_hits: list[int] | None = None

    @functools.cached_property
    def results(self) -> Bands[str]:
        """The row's d10 chart: ``D``, ``1``, ``2``, the other faces ``none``."""
        ranges = [
            (band[0], band[1], code)
            for code, band in (("D", self.disorder), ("1", self.one_hit), ("2", self.two_hits))
            if band and len(band) == 2  # not a rule number: a band is [low, high]
        ]
        lo, hi = _span(self.ce)
        return d10_bands(f"fire table, CE {lo}..{hi}", ranges, NO_EFFECT)

    def cell(self) -> Bands[str]:
        """What stands for the row in a quick reference: its d10 chart."""
        return self.results


@dataclass(frozen=True)
class AssaultColumn:
    """One attack-value column of the assault table: ten cells ``attacker/defender`` by d10."""

    attack_value: list[int | None]
    cells: list[str]
    rule: str
    source: Source

    def cell(self) -> tuple[str, ...]:
        """What stands for the column in a quick reference: its cells by d10."""
        return tuple(self.cells)


@dataclass(frozen=True)
class RadiusRow:
    """Command radius in inches by level for one leader rating (EotE 3.6)."""

    rating: int
    division: float
    corps: float
    army: float
    rule: str
    source: Source
    note: str = ""

    def cell(self) -> tuple[float, ...]:
        """The division, corps and army radii (a quick reference's ``6/14/18``)."""
        return (self.division, self.corps, self.army)


@dataclass(frozen=True)
class OacRow:
    """Activating Orders Chart row: modified-roll thresholds for 1, 2, 3 turns; above: 4."""

    rating: int
    thresholds: list[int]
    rule: str
    source: Source

    def cell(self) -> tuple[int, ...]:
        """The thresholds of 1, 2 and 3 turns."""
        return tuple(self.thresholds)


@dataclass(frozen=True)
class BaseRow:
    """Divisional integrity CE-base row (EotE 9.0): average CE range → base."""

    ce: list[int | None]
    base: int
    rule: str
    source: Source
    note: str = ""

    def cell(self) -> int:
        """The CE base."""
        return self.base


@dataclass(frozen=True)
class NamedBands:
    """Named d10 bands of a small results chart (leader casualty, failed DI), as the file has them.

    The ruleset's :class:`Charts` hold them as a :class:`~eote_ref.packs.tables.Bands` kind
    (:func:`named_chart`), what the engine looks up.
    """

    bands: dict[str, list[int | None]]
    rule: str
    source: Source


def named_chart(title: str, chart: NamedBands) -> Bands[str]:
    """Named d10 bands as a kind: in order of their low ends, an open end taking what lies beyond.

    A chart with a closed end must start at 1 or end at 10 (the loader checks that every face
    of the d10 is in exactly one band).
    """
    named = [(name, _span(lo_hi)) for name, lo_hi in chart.bands.items()]
    named.sort(key=lambda n: D10_LOW - 1 if n[1][0] is None else n[1][0])
    bands = tuple(Band(lo, hi, name) for name, (lo, hi) in named)
    lo = None if not bands or bands[0].lo is None else D10_LOW
    hi = None if not bands or bands[-1].hi is None else D10_HIGH
    return Bands(title, bands, lo, hi)


def _ce_bands(name: str, rows: Sequence[Any], lo: int | None, attr: str) -> Bands[Any]:
    """Bands whose results are the file's rows, each over its ``[low, high]`` of ``attr``."""
    return Bands(name, tuple(Band(*_span(getattr(r, attr)), r) for r in rows), lo, None)


def _rating_rows(name: str, rows: Sequence[Any]) -> Rows[Any]:
    ordered = sorted(rows, key=lambda r: r.rating)
    return Rows(name, ordered[0].rating if ordered else 0, tuple(ordered))


@dataclass(frozen=True)
class Charts:
    """EotE's charts as table kinds, built from the ruleset's rows (:func:`build`)."""

    fire_table: Bands[FireRow]
    assault_table: Bands[AssaultColumn]
    integrity_base: Bands[BaseRow]
    integrity_fail: Bands[str]
    leader_casualty: Bands[str]
    command_radius: Rows[RadiusRow]
    oac: Rows[OacRow]

    def by_name(self) -> dict[str, Bands[Any] | Rows[Any]]:
        """Every chart under its name (the pack's ``tables``)."""
        return {
            "fire_table": self.fire_table,
            "assault_table": self.assault_table,
            "integrity_base": self.integrity_base,
            "integrity_fail": self.integrity_fail,
            "leader_casualty": self.leader_casualty,
            "command_radius": self.command_radius,
            "oac": self.oac,
        }


def build(
    fire_table: Sequence[FireRow],
    assault_table: Sequence[AssaultColumn],
    di_base: Sequence[BaseRow],
    di_fail: NamedBands,
    leader_casualty: NamedBands,
    command_radius: Sequence[RadiusRow],
    oac: Sequence[OacRow],
) -> Charts:
    """The charts of a ruleset's rows (the rows themselves are the results)."""
    return Charts(
        fire_table=_ce_bands("fire table (6.6): modified CE", fire_table, None, "ce"),
        assault_table=_ce_bands(
            "assault table (7.6): size of the attack value", assault_table, 0, "attack_value"
        ),
        integrity_base=_ce_bands("integrity CE base (9.0): average CE", di_base, None, "ce"),
        integrity_fail=named_chart("divisional integrity failed (9.0): second d10", di_fail),
        leader_casualty=named_chart("leader casualty (8.0): modified d10", leader_casualty),
        command_radius=_rating_rows("command radius (3.6): leader rating", command_radius),
        oac=_rating_rows("activating orders chart (3.1): leader rating", oac),
    )
