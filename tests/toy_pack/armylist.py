"""The toy pack's army lists: a side's units, each with its strength and its group.

Checked by the one YAML loader (every problem with its file, line and column), as a shipped
pack's format is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from eote_ref.packs.printed import boxes, esc, page, rows_table
from eote_ref.yamlio.document import Document
from eote_ref.yamlio.problems import Problem, YamlError
from eote_ref.yamlio.typed import meta, parse

RULESET = "toy-1"
FORMAT_VERSION = 1


@dataclass(frozen=True, kw_only=True)
class ToyUnit:
    """One unit: its name, strength (hits it can take, Toy 1) and the group it stands in."""

    name: str
    strength: int = field(metadata=meta(min=1, max=4, help="strength at the start (Toy 1)"))
    group: str = "Main body"


@dataclass(frozen=True, kw_only=True)
class ToyArmyList:
    """One side of a toy battle."""

    format: int
    ruleset: str
    name: str
    nation: str
    year: int = field(metadata=meta(min=1700, max=1900))
    battle: str | None = None
    units: list[ToyUnit]


def check_document(doc: Document) -> tuple[ToyArmyList | None, list[Problem]]:
    """The typed list (None on an error) and every problem."""
    data = doc.data
    if isinstance(data, dict) and data.get("format") != FORMAT_VERSION:
        message = f"unknown format version {data.get('format')!r}: the toy reads format 1"
        return None, [Problem(doc.mark(("format",)), ("format",), message)]
    try:
        army = parse(ToyArmyList, doc)
    except YamlError as exc:
        return None, list(exc.problems)
    names = [u.name for u in army.units]
    problems = [
        Problem(doc.mark(("units", i, "name")), ("units", i, "name"), f"unit {n!r} twice")
        for i, n in enumerate(names)
        if n in names[:i]
    ]
    return (None if problems else army), problems


def summary(army: ToyArmyList) -> str:
    """``3 units``."""
    return f"{len(army.units)} units"


def record_sheets_html(army: Any) -> str:
    """A box a point of strength, unit by unit."""
    rows = [["unit", "group", "strength"]]
    rows += [[esc(u.name), esc(u.group), boxes(u.strength)] for u in army.units]
    return page(f"{army.name} record sheet", f"<p>{esc(army.name)}</p>" + rows_table(rows))
