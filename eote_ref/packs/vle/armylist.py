"""VlE army lists: one side's regiments with their printed values, its corps and leaders.

An army list whose ``ruleset:`` is ``vle-3`` follows this schema. A VlE counter prints its own
values (III.1: fire, melee, steps, movement, morale; a battery's range), so the list gives
them unit by unit; a leader's three values and, for the advanced rules, his initiative and
obedience (III.2, XVII.6, XVII.7). The one YAML loader gives every problem with its file,
line, column and key path. Standard library and the YAML layer only.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from eote_ref.packs.declaration import ListForm, ListTable
from eote_ref.yamlio.document import Document, format_version_problem
from eote_ref.yamlio.problems import Path, Problem, YamlError
from eote_ref.yamlio.text import is_blank, name_key
from eote_ref.yamlio.typed import meta, parse

FORMAT_VERSION = 1
RULESET = "vle-3"
NATION_KEY = re.compile(r"[a-z]+(?:-[a-z]+)*")
ERROR, WARNING = "error", "warning"

Arm = Literal["infantry", "cavalry", "artillery"]


@dataclass(frozen=True, kw_only=True)
class VleUnit:
    """One counter: a regiment (or two batteries) with its printed values (III.1)."""

    name: str
    arm: Arm
    corps: str
    steps: int = field(metadata=meta(min=1, max=12, help="steps at full strength (III.1)"))
    fire: int = field(default=0, metadata=meta(min=0, max=10, help="firepower (VII.1)"))
    melee: int = field(metadata=meta(min=0, max=6, help="melee value (VIII.3)"))
    morale: int = field(metadata=meta(min=2, max=12, help="morale (X)"))
    movement: int = field(metadata=meta(min=1, max=20, help="movement allowance (VI.1)"))
    range: int = field(default=1, metadata=meta(min=1, max=7, help="fire range (VII.2)"))
    light: bool = False
    guard: bool = False
    militia: bool = False
    arrives: int = field(default=1, metadata=meta(min=1, max=40, help="turn it enters (XIII)"))
    historical: str | None = None
    notes: str | None = None


@dataclass(frozen=True, kw_only=True)
class VleLeader:
    """A leader counter (III.2): combat, morale, movement; initiative and obedience (XVII)."""

    name: str
    corps: str | None = None
    army_commander: bool = False
    combat: int = field(default=0, metadata=meta(min=-2, max=3))
    morale: int = field(default=1, metadata=meta(min=-3, max=6))
    movement: int = field(default=10, metadata=meta(min=1, max=20))
    initiative: int = field(default=3, metadata=meta(min=1, max=6))
    obedience: int = field(default=3, metadata=meta(min=1, max=6))
    arrives: int = field(default=1, metadata=meta(min=1, max=40))
    notes: str | None = None


@dataclass(frozen=True, kw_only=True)
class VleArmyList:
    """One side of a VlE battle."""

    format: int
    ruleset: str
    name: str
    nation: str
    year: int = field(metadata=meta(min=1792, max=1815, help="the year of the battle"))
    battle: str | None = None
    sources: list[str] = field(default_factory=list)
    notes: str | None = None
    values: str | None = None
    leaders: list[VleLeader] = field(default_factory=list)
    units: list[VleUnit]

    def corps(self) -> list[str]:
        """The corps in the order the list first names them."""
        return list(dict.fromkeys(u.corps for u in self.units))

    def leader_of(self, corps: str) -> VleLeader | None:
        for ld in self.leaders:
            if ld.corps is not None and name_key(ld.corps) == name_key(corps):
                return ld
        return None

    def commander(self) -> VleLeader | None:
        return next((ld for ld in self.leaders if ld.army_commander), None)


def summary(army_list: VleArmyList) -> str:
    """``14 units, 3 corps, 4 leaders`` for ``armylist validate``."""
    n, c, g = len(army_list.units), len(army_list.corps()), len(army_list.leaders)
    return f"{n} units, {c} corps, {g} leaders"


def check_document(doc: Document) -> tuple[VleArmyList | None, list[Problem]]:
    """Parse and check a VlE army list: the list (None on any error) and every problem."""
    data = doc.data
    later = format_version_problem(doc, FORMAT_VERSION)
    if later is not None:
        return None, [later]
    army: VleArmyList | None
    try:
        army = parse(VleArmyList, doc)
        problems: list[Problem] = []
    except YamlError as exc:
        army, problems = None, list(exc.problems)
    problems.extend(_Checker(doc).check(data))
    unique = list(dict.fromkeys(problems))
    unique.sort(key=lambda p: (p.mark.line, p.mark.column) if p.mark else (0, 0))
    if any(p.severity == ERROR for p in unique):
        army = None
    return army, unique


class _Checker:
    """The checks past types and ranges, on the plain data."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc

    def problem(self, path: Path, message: str, severity: str = ERROR) -> Problem:
        return Problem(self.doc.mark(path), path, message, severity)

    def check(self, data: Any) -> Iterator[Problem]:
        if not isinstance(data, dict):
            return
        nation = data.get("nation")
        if isinstance(nation, str) and not NATION_KEY.fullmatch(nation):
            yield self.problem(("nation",), f"'{nation}' is not a nation key (lower case, hyphens)")
        units = data.get("units")
        corps: set[str] = set()
        if isinstance(units, list):
            if not units:
                yield self.problem(("units",), "the side has no units: it needs at least one")
            names: dict[str, int] = {}
            for i, u in enumerate(units):
                if isinstance(u, dict):
                    yield from self.unit(u, ("units", i), names)
                    if isinstance(u.get("corps"), str):
                        corps.add(name_key(u["corps"]))
        leaders = data.get("leaders")
        if isinstance(leaders, list):
            yield from self.leaders(leaders, corps)

    def unit(self, u: dict[Any, Any], path: Path, names: dict[str, int]) -> Iterator[Problem]:
        name = u.get("name")
        if isinstance(name, str):
            if is_blank(name):
                yield self.problem((*path, "name"), "must not be empty")
            elif name_key(name) in names:
                yield self.problem((*path, "name"), f"duplicate unit name '{name}'")
            else:
                names[name_key(name)] = 1
        arm = u.get("arm")
        fire, steps, rng = u.get("fire", 0), u.get("steps"), u.get("range", 1)
        if arm == "cavalry":
            if isinstance(fire, int) and fire:
                yield self.problem((*path, "fire"), "cavalry has no firepower (III.1, VII)")
            if isinstance(steps, int) and steps > 7:
                yield self.problem((*path, "steps"), "more than 7 steps of cavalry cannot stack "
                                   "in a hex (V.1)")  # fmt: skip
        if arm == "artillery" and isinstance(rng, int) and not 5 <= rng <= 7:
            yield self.problem((*path, "range"), "a battery's range is 5 to 7 hexes (VII.2)")
        if arm == "infantry" and isinstance(rng, int) and rng > 1 and not u.get("light"):
            yield self.problem((*path, "range"), "only light infantry fires at 2 (VII.2)")
        if arm == "infantry" and isinstance(steps, int) and steps > 10:
            yield self.problem((*path, "steps"), "more than 10 steps cannot stack in a hex (V.1)")
        morale = u.get("morale")
        if isinstance(morale, int) and not 6 <= morale <= 11:
            yield self.problem((*path, "morale"), "morale is usually 6 to 11 (III.1)", WARNING)
        if isinstance(steps, int) and steps > 9:
            yield self.problem((*path, "steps"), "the loss grid stops at 9 steps (X.4): option "
                               "loss_malus_above_row_9", WARNING)  # fmt: skip

    def leaders(self, leaders: list[Any], corps: set[str]) -> Iterator[Problem]:
        commanders = [i for i, ld in enumerate(leaders) if isinstance(ld, dict)
                      and ld.get("army_commander")]  # fmt: skip
        if len(commanders) > 1:
            yield self.problem(("leaders", commanders[1], "army_commander"),
                               "one army commander a side (XIV)")  # fmt: skip
        if not commanders:
            yield self.problem(("leaders",), "no army commander (XIV)", WARNING)
        led: set[str] = set()
        for i, ld in enumerate(leaders):
            if not isinstance(ld, dict):
                continue
            c = ld.get("corps")
            if isinstance(c, str):
                if name_key(c) not in corps:
                    yield self.problem(("leaders", i, "corps"), f"no unit of the list is in '{c}'")
                led.add(name_key(c))
        for c in sorted(corps - led):
            yield self.problem(("leaders",), f"corps '{c}' has no leader (XIV)", WARNING)


def record_sheets_html(army_list: VleArmyList) -> str:
    """A loss sheet (VII.8): each unit's values and a box a step, by corps."""
    e = html.escape
    parts = [f"<html><body><h1>{e(army_list.name)}</h1>"]
    if army_list.battle:
        parts.append(f"<p>{e(army_list.battle)}</p>")
    if army_list.leaders:
        parts.append("<h2>Leaders</h2><table border='1'><tr><th>leader</th><th>corps</th>"
                     "<th>combat</th><th>morale</th><th>MP</th><th>init.</th><th>obed.</th>"
                     "<th>lost</th></tr>")  # fmt: skip
        for ld in army_list.leaders:
            parts.append(
                f"<tr><td>{e(ld.name)}</td><td>{e(ld.corps or 'army')}</td><td>{ld.combat}</td>"
                f"<td>{ld.morale}</td><td>{ld.movement}</td><td>{ld.initiative}</td>"
                f"<td>{ld.obedience}</td><td>&#9744;</td></tr>"
            )
        parts.append("</table>")
    for corps in army_list.corps():
        parts.append(f"<h2>{e(corps)}</h2><table border='1'><tr><th>unit</th><th>arm</th>"
                     "<th>fire</th><th>melee</th><th>morale</th><th>MP</th><th>steps</th>"
                     "</tr>")  # fmt: skip
        for u in army_list.units:
            if u.corps != corps:
                continue
            boxes = "&#9744;" * u.steps
            parts.append(
                f"<tr><td>{e(u.name)}</td><td>{u.arm}</td><td>{u.fire}</td><td>{u.melee}</td>"
                f"<td>{u.morale}</td><td>{u.movement}</td><td>{boxes}</td></tr>"
            )
        parts.append("</table>")
    parts.append("</body></html>")
    return "".join(parts)


#: The list in the roster editor: its facts, its leaders' and units' tables.
FORM = ListForm(
    facts=("name", "nation", "year", "battle"),
    tables=(
        ListTable(
            "leaders",
            ("name", "corps", "army_commander", "combat", "morale", "movement", "initiative",
             "obedience", "arrives"),
            {"name": "New leader {n}"},
        ),
        ListTable(
            "units",
            ("name", "arm", "corps", "steps", "fire", "melee", "morale", "movement", "range",
             "light", "guard", "militia", "arrives"),
            {"name": "New unit {n}", "arm": "infantry", "corps": "Corps", "steps": 4,
             "melee": 2, "morale": 8, "movement": 6},
        ),
    ),
    numbers=frozenset({"year", "combat", "morale", "movement", "initiative", "obedience",
                       "arrives", "steps", "fire", "melee", "range"}),
    required=frozenset({"name", "nation", "year", "arm", "corps", "steps", "melee", "morale",
                        "movement"}),
    flags=frozenset({"army_commander", "light", "guard", "militia"}),
)  # fmt: skip


def dump_list(army_list: VleArmyList) -> str:
    """The list as YAML text: loading it gives back an equal list (the roster database's copy).

    Keys in the schema's order, defaults left out, a unit or leader on one line.
    """
    from eote_ref.yamlio.dumper import dataclass_data, dump

    return dump(dataclass_data(army_list, (VleUnit, VleLeader)), width=4096, indent_lists=True)
