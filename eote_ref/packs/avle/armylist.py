"""AVlE army lists: one side's units in the pack's own unit types, its Generals and sectors.

An army list whose ``ruleset:`` is ``avle-1.2`` follows this schema instead of the EotE
command tree (``docs/PACKS.md``, *AVlE army lists*). The unit types, their elements and their
stats are the pack's (``avle-1.2.yaml``, the text's Reference Sheet); the list says which
units a side has, in which sector each starts (3.1: orders are given by sector), with how many
elements, from which turn it is on the map, and which General is attached to which unit
(6.3.1). The one YAML loader gives every problem with its file, line, column and key path.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from eote_ref.packs.avle.board import HEX_COLUMNS, HEX_ROWS, is_hex
from eote_ref.packs.avle.data import load_default
from eote_ref.packs.avle.model import AvleRules, UnitType
from eote_ref.packs.declaration import ListForm, ListTable
from eote_ref.yamlio.document import Document, format_version_problem
from eote_ref.yamlio.problems import Path, Problem, YamlError
from eote_ref.yamlio.text import is_blank, name_key, too_long
from eote_ref.yamlio.typed import meta, parse

#: The army-list format version (the same number as the EotE lists': one format, two schemas).
FORMAT_VERSION = 1
#: The ``ruleset:`` value that picks this schema.
RULESET = "avle-1.2"

Sector = Literal["left", "centre", "right"]
SECTORS: tuple[Sector, ...] = ("left", "centre", "right")
#: The flag on the white special-action dice a side's units react with (9.3).
Flag = Literal["french", "english", "prussian"]

#: A nation key: lower-case ASCII words joined by hyphens, e.g. ``dutch-belgian``.
NATION_KEY = re.compile(r"[a-z]+(?:-[a-z]+)*")

#: A General's elements and move on the Reference Sheet (he is one piece).
GENERAL_ELEMENTS = 1

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True, kw_only=True)
class AvleUnit:
    """One unit: a counter of one of the pack's unit types with its chips."""

    name: str
    type: str
    sector: Sector
    elements: int | None = field(
        default=None, metadata=meta(min=1, help="elements at the start (the type's)")
    )
    arrives: int = field(default=1, metadata=meta(min=1, max=6, help="turn it enters (4.1)"))
    #: Where it is set up (a scenario's hex, 13.1-13.3), or enters when it arrives later.
    hex: str | None = None
    flag: Flag | None = None
    nation: str | None = None
    historical: str | None = None
    notes: str | None = None


@dataclass(frozen=True, kw_only=True)
class AvleGeneral:
    """A General: one piece, ordered like a unit of his sector, attached to at most one unit."""

    name: str
    sector: Sector
    attached: str | None = None
    arrives: int = field(default=1, metadata=meta(min=1, max=6, help="turn he enters (4.1)"))
    #: Where he is set up (a scenario's hex); on his unit's hex when attached.
    hex: str | None = None
    notes: str | None = None


@dataclass(frozen=True, kw_only=True)
class AvleArmyList:
    """One side of an AVlE battle."""

    format: int
    ruleset: str
    name: str
    nation: str
    year: int = field(metadata=meta(min=1792, max=1815, help="the year of the battle"))
    flag: Flag
    battle: str | None = None
    sources: list[str] = field(default_factory=list)
    notes: str | None = None
    generals: list[AvleGeneral] = field(default_factory=list)
    units: list[AvleUnit]

    def unit_type(self, unit: AvleUnit, rules: AvleRules | None = None) -> UnitType:
        """The pack's unit type of ``unit`` (its elements, fire values, rally dice)."""
        return (rules or load_default()).data.units[unit.type]

    def start_elements(self, unit: AvleUnit, rules: AvleRules | None = None) -> int:
        """The elements ``unit`` starts with: its own count, else its type's."""
        return unit.elements or self.unit_type(unit, rules).elements

    def flag_of(self, unit: AvleUnit) -> Flag:
        """The flag ``unit`` reacts with (its own, else the side's)."""
        return unit.flag or self.flag

    def general_of(self, unit: AvleUnit) -> AvleGeneral | None:
        """The General attached to ``unit`` at the start, if any."""
        key = name_key(unit.name)
        for g in self.generals:
            if g.attached is not None and name_key(g.attached) == key:
                return g
        return None

    def in_sector(self, sector: str) -> list[AvleUnit]:
        """The units of ``sector``, in list order."""
        return [u for u in self.units if u.sector == sector]


#: The list in the roster editor: its facts, its units' and Generals' tables.
FORM = ListForm(
    facts=("name", "nation", "year", "flag", "battle"),
    tables=(
        ListTable(
            "units",
            ("name", "type", "sector", "elements", "arrives", "hex", "flag", "nation"),
            {"name": "New unit {n}", "type": "regular_infantry", "sector": "centre"},
        ),
        ListTable(
            "generals",
            ("name", "sector", "attached", "arrives", "hex"),
            {"name": "New General {n}", "sector": "centre"},
            row="General",
        ),
    ),
    numbers=frozenset({"year", "elements", "arrives"}),
    required=frozenset({"name", "type", "sector", "nation", "year", "flag"}),
)


def dump_list(army_list: AvleArmyList) -> str:
    """The list as YAML text: loading it gives back an equal list (the roster database's copy).

    Keys in the schema's order, defaults left out, a unit or General on one line.
    """
    from eote_ref.yamlio.dumper import dataclass_data, dump

    return dump(dataclass_data(army_list, (AvleUnit, AvleGeneral)), width=4096, indent_lists=True)


def summary(army_list: AvleArmyList) -> str:
    """``18 units, 3 Generals`` for ``armylist validate``."""
    n, g = len(army_list.units), len(army_list.generals)
    return f"{n} unit{'s' if n != 1 else ''}, {g} General{'s' if g != 1 else ''}"


def check_document(doc: Document) -> tuple[AvleArmyList | None, list[Problem]]:
    """Parse and check an AVlE army list: the list (None on any error) and every problem."""
    data = doc.data
    later = format_version_problem(doc, FORMAT_VERSION)
    if later is not None:
        return None, [later]
    army: AvleArmyList | None
    try:
        army = parse(AvleArmyList, doc)
        problems: list[Problem] = []
    except YamlError as exc:
        army, problems = None, list(exc.problems)
    problems.extend(_Checker(doc, load_default()).check(data))
    unique = list(dict.fromkeys(problems))
    unique.sort(key=lambda p: (p.mark.line, p.mark.column) if p.mark else (0, 0))
    if any(p.severity == ERROR for p in unique):
        army = None
    return army, unique


class _Checker:
    """The checks past types and ranges, on the plain data so they run where the parse failed."""

    def __init__(self, doc: Document, rules: AvleRules) -> None:
        self.doc = doc
        self.rules = rules

    def problem(self, path: Path, message: str, severity: str = ERROR) -> Problem:
        return Problem(self.doc.mark(path), path, message, severity)

    def text(self, mapping: dict[Any, Any], key: str, path: Path) -> Iterator[Problem]:
        value = mapping.get(key)
        if isinstance(value, str) and is_blank(value):
            yield self.problem((*path, key), "must not be empty")
        elif isinstance(value, str) and key == "name" and (long := too_long(value)):
            # the limit every database write has (store/limits.py): refused here, not at set-up
            yield self.problem((*path, key), f"{long} (a name is stored in the database)")

    def check(self, data: Any) -> Iterator[Problem]:
        if not isinstance(data, dict):
            return
        yield from self.text(data, "name", ())
        nation = data.get("nation")
        if isinstance(nation, str):
            yield from self.nation(nation, ("nation",))
        sources = data.get("sources")
        if isinstance(sources, list):
            for i, source in enumerate(sources):
                if isinstance(source, str) and is_blank(source):
                    yield self.problem(("sources", i), "must not be empty")
        units = data.get("units")
        names: dict[str, tuple[Path, dict[Any, Any]]] = {}
        if isinstance(units, list):
            if not units:
                yield self.problem(("units",), "the side has no units: it needs at least one")
            for i, unit in enumerate(units):
                if isinstance(unit, dict):
                    yield from self.unit(unit, ("units", i), names)
            yield from self.sectors([u for u in units if isinstance(u, dict)])
        generals = data.get("generals")
        yield from self.placements(
            units if isinstance(units, list) else [],
            generals if isinstance(generals, list) else [],
        )
        if isinstance(generals, list):
            yield from self.generals(generals, names)
            if not generals:
                yield self.problem(
                    ("generals",),
                    "a side without Generals: 5.1's General face orders none",
                    WARNING,
                )
        elif "generals" not in data:
            yield self.problem(
                (),
                "a side without Generals (no 'generals'): 5.1's General face orders none",
                WARNING,
            )

    def nation(self, nation: str, path: Path) -> Iterator[Problem]:
        if is_blank(nation):
            yield self.problem(path, "must not be empty: a nation key such as 'french'")
        elif not NATION_KEY.fullmatch(nation):
            yield self.problem(
                path, f"'{nation}' is not a nation key: write it in lower-case letters and hyphens"
            )

    def unit(
        self, unit: dict[Any, Any], path: Path, names: dict[str, tuple[Path, dict[Any, Any]]]
    ) -> Iterator[Problem]:
        yield from self.text(unit, "name", path)
        name = unit.get("name")
        if isinstance(name, str) and not is_blank(name):
            key = name_key(name)
            if key in names:
                first = self.doc.mark((*names[key][0], "name"))
                line = first.line if first else 0
                yield self.problem(
                    (*path, "name"), f"duplicate unit name '{name}' (first at line {line})"
                )
            else:
                names[key] = (path, unit)
        kind = unit.get("type")
        known = self.rules.data.units
        if isinstance(kind, str) and kind not in known:
            yield self.problem(
                (*path, "type"),
                f"unknown unit type '{kind}' (AVlE 1.2 types: {', '.join(known)})",
            )
            return
        elements = unit.get("elements")
        if isinstance(kind, str) and isinstance(elements, int) and not isinstance(elements, bool):
            most = known[kind].elements
            if elements > most:
                yield self.problem(
                    (*path, "elements"),
                    f"{known[kind].title} has {most} element{'s' if most != 1 else ''} at most "
                    f"(Reference Sheet, AVlE 1.1), found {elements}",
                )
        nation = unit.get("nation")
        if isinstance(nation, str):
            yield from self.nation(nation, (*path, "nation"))
        yield from self.hex(unit, path)

    def hex(self, item: dict[Any, Any], path: Path) -> Iterator[Problem]:
        """A set-up hex must be on the map (2.0: 21 columns A-V without J, 13 rows)."""
        where = item.get("hex")
        if isinstance(where, str) and not is_hex(where):
            yield self.problem(
                (*path, "hex"),
                f"'{where}' is not a hex of the map: a column {HEX_COLUMNS[0]}-"
                f"{HEX_COLUMNS[-1]} (no J) and a row 1-{HEX_ROWS}, as D8 (AVlE 2.0)",
            )

    def placements(self, units: list[Any], generals: list[Any]) -> Iterator[Problem]:
        """Set-up hexes: one unit a hex (6.1), one General a hex (6.3).

        A General set up in a unit's hex is attached to it (6.3.1).
        """
        taken: dict[tuple[int, str], str] = {}
        for i, u in enumerate(units):
            if not isinstance(u, dict) or not isinstance(u.get("hex"), str):
                continue
            key = (u.get("arrives", 1), u["hex"])
            if key in taken and u.get("arrives", 1) == 1:
                yield self.problem(
                    ("units", i, "hex"),
                    f"{u['hex']} holds '{taken[key]}' already: one unit a hex (AVlE 6.1)",
                )
            taken.setdefault(key, str(u.get("name")))
        seen: dict[str, str] = {}
        for i, g in enumerate(generals):
            if not isinstance(g, dict) or not isinstance(g.get("hex"), str):
                continue
            where = g["hex"]
            if where in seen and g.get("arrives", 1) == 1:
                yield self.problem(
                    ("generals", i, "hex"),
                    f"{where} holds General '{seen[where]}' already (AVlE 6.3)",
                )
            seen.setdefault(where, str(g.get("name")))
            there = taken.get((g.get("arrives", 1), where))
            if there is not None and not isinstance(g.get("attached"), str):
                yield self.problem(
                    ("generals", i, "hex"),
                    f"he is set up in {where} with '{there}', so he is attached to it "
                    "(AVlE 6.3.1): write attached: " + there,
                )

    def sectors(self, units: list[dict[Any, Any]]) -> Iterator[Problem]:
        """A sector with no unit at the start is lost at once (decisive victory, 4.2)."""
        present = {
            u["sector"]
            for u in units
            if isinstance(u.get("sector"), str) and u.get("arrives", 1) == 1
        }
        for sector in SECTORS:
            if sector not in present:
                yield self.problem(
                    ("units",),
                    f"no unit starts in the {sector} sector: the side has lost at once "
                    "(decisive victory, AVlE 4.2)",
                    WARNING,
                )

    def generals(
        self, generals: list[Any], units: dict[str, tuple[Path, dict[Any, Any]]]
    ) -> Iterator[Problem]:
        seen: dict[str, Path] = {}
        attached_to: dict[str, Path] = {}
        for i, g in enumerate(generals):
            path: Path = ("generals", i)
            if not isinstance(g, dict):
                continue
            yield from self.text(g, "name", path)
            yield from self.hex(g, path)
            name = g.get("name")
            if isinstance(name, str) and not is_blank(name):
                key = name_key(name)
                if key in seen:
                    yield self.problem((*path, "name"), f"duplicate General '{name}'")
                seen.setdefault(key, path)
            target = g.get("attached")
            if not isinstance(target, str) or is_blank(target):
                continue
            where: Path = (*path, "attached")
            found = units.get(name_key(target))
            if found is None:
                yield self.problem(where, f"no unit '{target}' in this list to attach him to")
                continue
            unit = found[1]
            if name_key(target) in attached_to:
                yield self.problem(
                    where,
                    f"'{target}' has a General attached already: one General a unit (AVlE 6.3.11)",
                )
            attached_to.setdefault(name_key(target), path)
            if unit.get("type") == "garrison":
                yield self.problem(where, "a garrison cannot have a General attached")
            if g.get("sector") != unit.get("sector"):
                yield self.problem(
                    (*path, "sector"),
                    f"he is attached to '{target}', which is in the {unit.get('sector')} sector",
                )
            if (
                isinstance(g.get("hex"), str)
                and isinstance(unit.get("hex"), str)
                and (g["hex"] != unit["hex"])
            ):
                yield self.problem(
                    (*path, "hex"),
                    f"he is attached to '{target}', which is set up in {unit['hex']}",
                )
            if g.get("arrives", 1) != unit.get("arrives", 1):
                yield self.problem(
                    (*path, "arrives"),
                    f"he is attached to '{target}', which arrives on turn {unit.get('arrives', 1)}",
                )
