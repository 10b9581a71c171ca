"""Scenarios of any pack: the lists say which pack; the shared keys, then the pack's section.

A scenario's army lists (their ``ruleset:``) pick its pack. The default pack's scenarios are
:mod:`.loader`'s, unchanged. Another pack's scenario has the shared keys that fit every pack
(name, battle, sources, notes, set-up text, the sides with their lists, the turn limit) and
a ``pack:`` section read and checked by what the pack declares
(:class:`eote_ref.packs.play.ScenarioSection`); the pack's own reinforcements and set-up
come from that section and from its lists. Every problem is reported at once with its
file:line:column. Nothing here names a pack: the registry answers.
"""

from __future__ import annotations

import dataclasses
import pathlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from eote_ref.armylists.loader import ArmyListError, load_any_army_list, pack_of
from eote_ref.packs import registry
from eote_ref.packs.play import ScenarioSection
from eote_ref.scenarios.loader import (
    ERROR,
    LoadedScenario,
    ScenarioError,
    _in_file_order,
    check_document,
    scenario_document,
)
from eote_ref.scenarios.model import FORMAT_VERSION
from eote_ref.yamlio.document import Document
from eote_ref.yamlio.loader import load_file
from eote_ref.yamlio.problems import Path, Problem, YamlError
from eote_ref.yamlio.text import is_blank, too_long
from eote_ref.yamlio.typed import meta, parse

#: The key of the pack's own section.
PACK_KEY = "pack"


@dataclass(frozen=True, kw_only=True)
class PackSide:
    """One side of another pack's scenario: its name and army lists (all of them in play)."""

    name: str
    lists: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class PackEnd:
    """The shared end of another pack's scenario: a turn limit (the pack's victory decides)."""

    turns: int | None = field(default=None, metadata=meta(min=1, max=99, help="turn limit"))


@dataclass(frozen=True, kw_only=True)
class PackScenario:
    """The shared keys of a scenario of another pack than the default one."""

    format: int
    name: str
    battle: str | None = None
    sources: tuple[str, ...] = ()
    notes: str | None = None
    setup: str | None = None
    sides: tuple[PackSide, ...]
    end: PackEnd = PackEnd()


@dataclass(frozen=True)
class LoadedPackScenario:
    """A valid scenario of another pack: its shared part, its section, each side's lists."""

    pack: str
    scenario: PackScenario
    section: Any
    #: Each side: its name and its lists as ``(path, typed list)``.
    sides: tuple[tuple[str, tuple[tuple[pathlib.Path, Any], ...]], ...]
    file: pathlib.Path | None = None
    warnings: tuple[Problem, ...] = ()
    source: str = ""

    def key(self) -> str | None:
        """The play's scenario key the section names (its victory conditions)."""
        declared = _declared(self.pack)
        assert declared is not None
        return declared.scenario(self.section)

    def options(self) -> dict[str, Any]:
        declared = _declared(self.pack)
        assert declared is not None
        return dict(declared.options(self.section))

    def kind(self) -> str:
        declared = _declared(self.pack)
        assert declared is not None
        return declared.kind(self.section)


AnyScenario = LoadedScenario | LoadedPackScenario


def _declared(pack: str) -> ScenarioSection | None:
    """The pack's scenario section (None: its scenarios are not files)."""
    play = registry.get_play(pack) if pack in registry.PLAYS else None
    return play.scenario_section if play is not None else None


def _find(name: str, search: Sequence[pathlib.Path]) -> pathlib.Path | None:
    for folder in search:
        candidate = folder / name
        if candidate.is_file():
            return candidate.resolve()
    return None


#: The ``ruleset:`` of each army-list file read, by its path, modification time and size:
#: a scenario's pack is its lists', asked again each time the shipped scenarios are offered.
_RULESETS: dict[tuple[str, int, int], str | None] = {}


def _pack_of_list(path: pathlib.Path) -> str:
    """The pack of an army-list file (:func:`pack_of`), its ``ruleset:`` read once a version.

    Raises:
        YamlError: the file does not read (never kept: read again next time).
    """
    try:
        stat = path.stat()
    except OSError:
        return pack_of(load_file(path))  # its own error, in words
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    if key not in _RULESETS:
        data = load_file(path).data
        ruleset = data.get("ruleset") if isinstance(data, dict) else None
        if len(_RULESETS) > 4096:
            _RULESETS.clear()
        _RULESETS[key] = ruleset if isinstance(ruleset, str) else None
    ruleset = _RULESETS[key]
    pack = registry.pack_of_ruleset(ruleset) if ruleset is not None else None
    return registry.DEFAULT_PACK if pack is None else pack


def scenario_pack(doc: Document, search: Sequence[pathlib.Path]) -> tuple[str, list[Problem]]:
    """The pack of a scenario's lists, and a problem at each list of another pack.

    The first list found gives the pack (none found: the default pack, whose loader reports
    the missing files); a scenario is of one pack.
    """
    data = doc.data
    sides = data.get("sides") if isinstance(data, dict) else None
    found: list[tuple[Path, str]] = []
    for i, side in enumerate(sides if isinstance(sides, list) else []):
        lists = side.get("lists") if isinstance(side, dict) else None
        for j, name in enumerate(lists if isinstance(lists, list) else []):
            path = _find(name, search) if isinstance(name, str) else None
            if path is None:
                continue
            try:
                pack = _pack_of_list(path)
            except YamlError:
                continue  # the list's own problems are reported when it is loaded
            found.append((("sides", i, "lists", j), pack))
    if not found:
        return registry.DEFAULT_PACK, []
    first = found[0][1]
    problems = [
        Problem(
            doc.mark(where),
            where,
            f"a list of pack {pack}, in a scenario whose lists are pack {first}'s: a scenario's "
            "lists are all of one pack",
        )
        for where, pack in found
        if pack != first
    ]
    return first, problems


def check_any_document(
    doc: Document, search: Sequence[pathlib.Path], *, require_end: bool = False
) -> tuple[AnyScenario | None, list[Problem]]:
    """Check a scenario of any pack; None and every problem when it has errors."""
    pack, mixed = scenario_pack(doc, search)
    if mixed:
        return None, mixed
    if pack == registry.DEFAULT_PACK:
        return check_document(doc, search, require_end=require_end)
    return _PackChecker(doc, search, pack).check()


def load_any_scenario(
    path: str | pathlib.Path, search: Sequence[pathlib.Path] = (), *, require_end: bool = False
) -> AnyScenario:
    """Load a scenario file of any pack (lists beside it, in its parent folder, in ``search``).

    Raises:
        ScenarioError: the file has at least one error; ``problems`` lists all of them.
    """
    p = pathlib.Path(path)
    doc = scenario_document(p)
    found, problems = check_any_document(
        doc, [p.parent, p.parent.parent, *search], require_end=require_end
    )
    if found is None:
        raise ScenarioError(problems)
    if isinstance(found, LoadedPackScenario):
        return dataclasses.replace(
            found, file=p.resolve(), warnings=tuple(problems), source=p.read_text("utf-8")
        )
    return LoadedScenario(
        found.scenario, found.sides, found.reinforcements, p.resolve(), tuple(problems)
    )


def load_any_scenario_text(
    text: str, file: str = "<string>", search: Sequence[pathlib.Path] = ()
) -> AnyScenario:
    """A scenario of any pack from text; its lists are looked for in ``search``."""
    doc = scenario_document(text, file)
    found, problems = check_any_document(doc, search)
    if found is None:
        raise ScenarioError(problems)
    return dataclasses.replace(found, warnings=tuple(problems))


def validate_any_file(
    path: str | pathlib.Path, search: Sequence[pathlib.Path] = ()
) -> list[Problem]:
    """Every error and warning of a scenario file of any pack, in file order."""
    try:
        load_any_scenario(path, search, require_end=True)
    except ScenarioError as exc:
        return list(exc.problems)
    return []


def pack_of_scenario(path: pathlib.Path, search: Sequence[pathlib.Path] = ()) -> str:
    """The pack of a scenario file's lists (the default pack when they cannot be read)."""
    try:
        doc = load_file(path)
    except YamlError:
        return registry.DEFAULT_PACK
    return scenario_pack(doc, [path.parent, path.parent.parent, *search])[0]


@dataclass
class _PackChecker:
    doc: Document
    search: Sequence[pathlib.Path]
    pack: str
    problems: list[Problem] = field(default_factory=list)

    def error(self, path: Path, message: str) -> None:
        self.problems.append(Problem(self.doc.mark(path), path, message, ERROR))

    def check(self) -> tuple[LoadedPackScenario | None, list[Problem]]:
        data = self.doc.data
        declared = _declared(self.pack)
        if declared is None:
            self.error(
                ("sides",),
                f"the lists are pack {self.pack}'s, whose scenarios are not files yet",
            )
            return None, self.problems
        if not isinstance(data, dict):
            self.error((), "a scenario is a mapping of keys")
            return None, self.problems
        version = data.get("format")
        if isinstance(version, int) and version != FORMAT_VERSION:
            self.error(("format",), f"unknown format version {version}: this eote-ref reads "
                       f"format {FORMAT_VERSION}")  # fmt: skip
            return None, self.problems
        shared = {k: v for k, v in data.items() if k != PACK_KEY}
        scenario: PackScenario | None = None
        try:
            scenario = parse(PackScenario, self.doc, (), shared)
        except YamlError as exc:
            self.problems += exc.problems
        section: Any = None
        if PACK_KEY not in data:
            self.error((), f"a scenario of pack {self.pack} needs its '{PACK_KEY}:' section")
        else:
            try:
                section = parse(declared.section, self.doc, (PACK_KEY,), data[PACK_KEY])
            except YamlError as exc:
                self.problems += exc.problems
        sides = self.sides(scenario) if scenario is not None else None
        if scenario is not None:
            self.texts(scenario)
        if scenario is not None and section is not None and sides is not None:
            armies = [
                list(zip(side.lists, [a for _p, a in lists], strict=True))
                for side, (_n, lists) in zip(scenario.sides, sides, strict=True)
            ]
            for where, message in declared.check(section, armies):
                self.error(where, message)
            length = declared.turns(section)
            if scenario.end.turns is not None and length not in (None, scenario.end.turns):
                self.error(
                    ("end", "turns"),
                    f"this battle lasts {length} turns under pack {self.pack}'s rules: give "
                    f"{length} or leave 'end' out",
                )
        problems = _in_file_order(self.problems)
        if scenario is None or section is None or sides is None or problems:
            return None, problems
        return LoadedPackScenario(self.pack, scenario, section, sides), problems

    def texts(self, sc: PackScenario) -> None:
        for key in ("name", "battle", "notes", "setup"):
            value = getattr(sc, key)
            if isinstance(value, str) and is_blank(value):
                self.error((key,), "must not be empty")
        if long := too_long(sc.name):
            self.error(("name",), f"{long} (it becomes the game's name)")

    def sides(
        self, sc: PackScenario
    ) -> tuple[tuple[str, tuple[tuple[pathlib.Path, Any], ...]], ...] | None:
        if len(sc.sides) != 2:
            self.error(("sides",), f"a scenario has two sides, found {len(sc.sides)}")
            return None
        if sc.sides[0].name.casefold() == sc.sides[1].name.casefold():
            self.error(("sides", 1, "name"), f"both sides are called '{sc.sides[1].name}'")
        out = []
        ok = True
        for i, side in enumerate(sc.sides):
            if not side.lists:
                self.error(("sides", i, "lists"), "a side needs at least one army list")
                ok = False
            lists = []
            for j, name in enumerate(side.lists):
                where: Path = ("sides", i, "lists", j)
                found = _find(name, self.search)
                if found is None:
                    folders = ", ".join(str(f) for f in self.search[:2]) or "the search folders"
                    self.error(where, f"no army list '{name}' (looked in {folders})")
                    ok = False
                    continue
                try:
                    loaded = load_any_army_list(found)
                except ArmyListError as exc:
                    errors = [p for p in exc.problems if p.severity == ERROR]
                    first = f": {errors[0]}" if errors else ""
                    self.error(where, f"the army list '{name}' has {len(errors)} error(s){first}")
                    ok = False
                    continue
                lists.append((found, loaded.army_list))
            out.append((side.name, tuple(lists)))
        return tuple(out) if ok else None
