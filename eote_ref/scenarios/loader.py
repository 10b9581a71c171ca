"""Load and validate scenario files, reporting every problem at once with its file:line:column.

A scenario goes through the project's one safe YAML loader and typed parse
(:mod:`eote_ref.yamlio`), as an army list does; then its army lists are loaded and every
reference to a command or unit is looked up in them (:mod:`.resolve`).
"""

from __future__ import annotations

import dataclasses
import pathlib
import typing
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from eote_ref.armylists.loader import ArmyListError, load_army_list
from eote_ref.armylists.model import ArmyList, StartingFormations, unit_model
from eote_ref.scenarios.model import FORMAT_VERSION, Scenario
from eote_ref.scenarios.resolve import Ref, ResolveError, order_issuers, resolve
from eote_ref.yamlio.document import Document, format_version_problem
from eote_ref.yamlio.loader import load_file, load_text
from eote_ref.yamlio.problems import Path, Problem, YamlError
from eote_ref.yamlio.text import is_blank, show, too_long
from eote_ref.yamlio.typed import parse

ERROR = "error"
WARNING = "warning"

#: The figure scales a scenario may name (as the new-game wizard offers them).
FIGURE_SCALES = ("6mm", "15mm", "25mm")

#: ``initiative:`` value asking for a roll when the game is made (EotE 4.0).
ROLL = "roll"


def no_order_issuer(side: str) -> str:
    """The warning for a side with no leader on the table able to issue orders (EotE 3.1)."""
    return (
        f"{side} has no army, wing or corps commander above its divisions on the table: no "
        "order can be issued and no reserve activated, and a division that fails its "
        "integrity check stays on DEFEND (EotE 3.1, 9.0); name one with 'commander:'"
    )


class ScenarioError(YamlError):
    """A scenario with at least one error; ``problems`` holds every error and warning."""


@dataclass(frozen=True)
class SidePlan:
    """One side of a loaded scenario: its lists and what of them is in play."""

    name: str
    lists: tuple[ArmyList, ...]
    paths: tuple[pathlib.Path, ...]
    #: The commands and units on the table at the start; empty tuple: the whole lists.
    in_play: tuple[Ref, ...]
    commander: Ref | None = None


@dataclass(frozen=True)
class LoadedScenario:
    """A valid scenario with its army lists loaded and its references found."""

    scenario: Scenario
    sides: tuple[SidePlan, SidePlan]
    #: For each of ``scenario.reinforcements``, the commands it brings (same order).
    reinforcements: tuple[tuple[Ref, ...], ...]
    file: pathlib.Path | None = None
    warnings: tuple[Problem, ...] = ()

    def side_index(self, name: str) -> int:
        """The position of the side called ``name``."""
        return [s.name for s in self.sides].index(name)


def scenario_document(source: pathlib.Path | str, file: str | None = None) -> Document:
    """A scenario's YAML document: the file at ``source``, or with ``file`` the text ``source``.

    Raises:
        ScenarioError: the YAML itself is unreadable (its problems as the loader reports them).
    """
    try:
        if file is None:
            return load_file(pathlib.Path(source))
        return load_text(str(source), file)
    except YamlError as exc:
        raise ScenarioError(exc.problems) from exc


def load_scenario(
    path: str | pathlib.Path, search: Sequence[pathlib.Path] = (), *, require_end: bool = False
) -> LoadedScenario:
    """Load a scenario file.

    Its army lists are looked for beside it, in its parent folder, then in ``search``.
    ``require_end``: refuse it without an end (as ``validate`` does; the wizard's own saved
    draft of the commands in play is played before its end is written).

    Raises:
        ScenarioError: the file has at least one error; ``problems`` lists all of them.
    """
    p = pathlib.Path(path)
    doc = scenario_document(p)
    loaded, problems = check_document(
        doc, [p.parent, p.parent.parent, *search], require_end=require_end
    )
    if loaded is None:
        raise ScenarioError(problems)
    return LoadedScenario(
        loaded.scenario, loaded.sides, loaded.reinforcements, p.resolve(), tuple(problems)
    )


def load_scenario_text(
    text: str, file: str = "<string>", search: Sequence[pathlib.Path] = ()
) -> LoadedScenario:
    """Load a scenario from text; its lists are looked for in ``search``. Raises ScenarioError."""
    loaded, problems = check_document(scenario_document(text, file), search)
    if loaded is None:
        raise ScenarioError(problems)
    return dataclasses.replace(loaded, warnings=tuple(problems))


def validate_file(path: str | pathlib.Path, search: Sequence[pathlib.Path] = ()) -> list[Problem]:
    """Every error and warning of a scenario file, in file order (empty when it is clean).

    A file with nothing to end the battle (no ``end``, or one that ends nothing) is refused.
    """
    try:
        load_scenario(path, search, require_end=True)
    except ScenarioError as exc:
        return list(exc.problems)
    except YamlError as exc:  # pragma: no cover - load_scenario wraps every YamlError
        return list(exc.problems)
    return []


def check_document(
    doc: Document, search: Sequence[pathlib.Path], *, require_end: bool = False
) -> tuple[LoadedScenario | None, list[Problem]]:
    """Parse and check a loaded scenario document; None and every problem when it has errors.

    ``require_end``: a scenario file must say how the battle ends (a turn limit, a side's
    breakpoint, an automatic victory, or an army morale track that ends it); the new-game
    wizard's draft of the commands ticked (read as text) need not.
    """
    later = format_version_problem(doc, FORMAT_VERSION)
    if later is not None:
        return None, [later]
    structural: list[Problem] = []
    broken: set[str] = set()
    try:
        scenario: Scenario | None = parse(Scenario, doc)
    except YamlError as exc:
        structural = [_formation_word(doc, p) for p in exc.problems]
        scenario, broken = _partial(doc)
        if scenario is None:
            return None, _in_file_order(structural)
    assert scenario is not None
    checker = _Checker(doc, scenario, search, broken=broken)
    loaded = checker.check()
    if require_end and "end" not in broken:
        checker.ending()
    problems = _in_file_order([*structural, *checker.problems])
    if any(p.severity == ERROR for p in problems):
        return None, problems
    return loaded, problems


#: The keys of a side's ``formations:`` (the arms a default formation may be given for).
_FORMATION_KEYS = frozenset(f.name for f in dataclasses.fields(StartingFormations))


def _formation_word(doc: Document, problem: Problem) -> Problem:
    """``problem``, worded as a bad formation word where it is a side's default formation.

    A side's default formation that is not text at all (a number, a list) is refused by the
    parse as "expected text": it names the formations instead, as a misspelt word's problem
    does (:meth:`_Checker.formations`), in the default pack's words, whose loader this is.
    """
    path = problem.path
    if not (
        len(path) == 4
        and path[0] == "sides"
        and path[2] == "formations"
        and path[3] in _FORMATION_KEYS
    ):
        return problem
    value: Any = doc.data
    for key in path:
        try:
            value = value[key]
        except (KeyError, IndexError, TypeError):
            return problem
    if value is None or isinstance(value, str):
        return problem
    choices = " | ".join(repr(w) for w in unit_model().formations)
    return dataclasses.replace(problem, message=f"expected one of {choices}, found {show(value)}")


def _partial(doc: Document) -> tuple[Scenario | None, set[str]]:
    """The parts of a scenario that parse, so that its other checks still run.

    Every problem is reported at once; the names of the top-level keys that did not parse
    (or are missing) come with it.
    """
    broken: set[str] = set()
    scenario = _parts(Scenario, doc, (), doc.data, broken)
    return (scenario if isinstance(scenario, Scenario) else None), broken


def _parts(cls: type[Any], doc: Document, path: Path, data: Any, broken: set[str]) -> Any:
    """``cls`` from the fields of ``data`` that parse (the others left at their defaults).

    A mapping field (``end``) is parsed the same way, field by field; a list is whole or
    left out, so the positions of its items stay those of the file.
    """
    if not isinstance(data, dict):
        return None
    hints = typing.get_type_hints(cls)
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            if f.default is dataclasses.MISSING:
                broken.add(".".join(map(str, (*path, f.name))))
            continue
        try:
            values[f.name] = parse(hints[f.name], doc, (*path, f.name), data[f.name])
        except YamlError:
            broken.add(".".join(map(str, (*path, f.name))))
            if dataclasses.is_dataclass(hints[f.name]):
                part = _parts(hints[f.name], doc, (*path, f.name), data[f.name], broken)
                if part is not None:
                    values[f.name] = part
    if cls is Scenario:
        values.setdefault("sides", ())
        values.setdefault("name", "")
        values["format"] = FORMAT_VERSION
    try:
        return cls(**values)
    except TypeError:  # a required field of a nested part is missing: leave the part out
        return None


def _in_file_order(problems: list[Problem]) -> list[Problem]:
    unique = list(dict.fromkeys(problems))
    return sorted(unique, key=lambda p: (p.mark.line, p.mark.column) if p.mark else (0, 0))


@dataclass
class _Checker:
    doc: Document
    scenario: Scenario
    search: Sequence[pathlib.Path]
    problems: list[Problem] = field(default_factory=list)
    cache: dict[pathlib.Path, ArmyList | None] = field(default_factory=dict)
    #: Top-level keys whose parse failed (their problems are reported already).
    broken: set[str] = field(default_factory=set)

    def report(self, severity: str, path: Path, message: str) -> None:
        self.problems.append(Problem(self.doc.mark(path), path, message, severity))

    def error(self, path: Path, message: str) -> None:
        self.report(ERROR, path, message)

    def warn(self, path: Path, message: str) -> None:
        self.report(WARNING, path, message)

    # ------------------------------------------------------------------ top level

    def check(self) -> LoadedScenario | None:
        sc = self.scenario
        self.texts()
        if "sides" in self.broken:
            return None  # the side checks need both sides parsed
        if len(sc.sides) != 2:
            self.error(("sides",), f"a scenario has two sides, found {len(sc.sides)}")
            return None
        names = [s.name for s in sc.sides]
        for i, side_name in enumerate(names):
            if long := too_long(side_name):
                self.error(("sides", i, "name"), f"{long} (a side's name is stored with the game)")
        if names[0].casefold() == names[1].casefold():
            self.error(("sides", 1, "name"), f"both sides are called '{names[1]}'")
        if sc.figure_scale is not None and sc.figure_scale not in FIGURE_SCALES:
            self.error(("figure_scale",), f"figure scale must be one of {', '.join(FIGURE_SCALES)}")
        if sc.initiative is not None and sc.initiative not in (*names, ROLL):
            self.error(
                ("initiative",),
                f"'{sc.initiative}' is neither a side ({', '.join(names)}) nor '{ROLL}'",
            )
        plans = [self.side(i) for i in range(2)]
        for i, plan in enumerate(plans):
            if plan is not None and not order_issuers(plan.lists, plan.in_play, plan.commander):
                self.warn(("sides", i), no_order_issuer(plan.name))
        brought: list[tuple[Ref, ...]] = []
        for i in range(len(sc.reinforcements)):
            brought.append(self.reinforcement(i, plans, brought))
        reinforcements = tuple(brought)
        self.end(plans, reinforcements)
        for i in range(len(sc.army_morale)):
            self.army_morale(i, plans, reinforcements)
        for i, briefing in enumerate(sc.briefings):
            self.briefing(i, briefing)
        for i, auto in enumerate(sc.end.automatic):
            self.automatic(i, auto, plans)
        ratio = sc.end.loss_ratio
        if ratio is not None and ratio.decisive < ratio.marginal:
            self.error(
                ("end", "loss_ratio", "decisive"),
                f"a decisive ratio ({ratio.decisive:g}) below the marginal one "
                f"({ratio.marginal:g}) can never be reached first",
            )
        self.unparsed_names(plans)
        if any(p is None for p in plans):
            return None
        a, b = plans
        assert a is not None
        assert b is not None
        return LoadedScenario(sc, (a, b), reinforcements)

    def texts(self) -> None:
        if self.scenario.movement_penalty is not None and self.scenario.movement_minutes is None:
            self.error(("movement_penalty",), "a penalty needs a timer: give 'movement_minutes'")
        for key in ("name", "battle", "notes", "setup", "movement_penalty"):
            value = getattr(self.scenario, key)
            if isinstance(value, str) and is_blank(value):
                self.error((key,), "must not be empty")
            elif key == "name" and isinstance(value, str) and (long := too_long(value)):
                self.error((key,), f"{long} (it becomes the game's name)")
        for i, source in enumerate(self.scenario.sources):
            if is_blank(source):
                self.error(("sources", i), "must not be empty")

    # ------------------------------------------------------------------ sides

    def find_list(self, name: str) -> pathlib.Path | None:
        for folder in self.search:
            candidate = folder / name
            if candidate.is_file():
                return candidate.resolve()
        return None

    def load_list(self, path: pathlib.Path, where: Path) -> ArmyList | None:
        if path not in self.cache:
            try:
                self.cache[path] = load_army_list(path).army_list
            except ArmyListError as exc:
                errors = [p for p in exc.problems if p.severity == ERROR]
                first = f": {errors[0]}" if errors else ""
                self.error(where, f"the army list '{path.name}' has {len(errors)} error(s){first}")
                self.cache[path] = None
        return self.cache[path]

    def side(self, index: int) -> SidePlan | None:
        side = self.scenario.sides[index]
        base: Path = ("sides", index)
        if not side.lists:
            self.error((*base, "lists"), "a side needs at least one army list")
            return None
        lists: list[ArmyList] = []
        paths: list[pathlib.Path] = []
        for i, name in enumerate(side.lists):
            found = self.find_list(name)
            if found is None:
                where = ", ".join(str(f) for f in self.search[:2]) or "the search folders"
                self.error((*base, "lists", i), f"no army list '{name}' (looked in {where})")
                continue
            army = self.load_list(found, (*base, "lists", i))
            if army is not None:
                lists.append(army)
                paths.append(found)
        if len(lists) != len(side.lists):
            return None
        in_play = self.refs(lists, side.commands, (*base, "commands"))
        commander = None
        if side.commander is not None:
            commander = self.ref(lists, side.commander, (*base, "commander"))
            if commander is not None and commander.unit is not None:
                self.error((*base, "commander"), "the commander must be a command, not a unit")
                commander = None
            elif (
                commander is not None
                and in_play
                and not any(commander.contains(r) or r.contains(commander) for r in in_play)
            ):
                self.warn(
                    (*base, "commander"),
                    f"'{side.commander}' is not above or among the commands in play: his "
                    "leader will not be on the table",
                )
        if side.formations is not None:
            self.formations(side.formations, (*base, "formations"), lists[0])
        if in_play is None:
            return None
        return SidePlan(side.name, tuple(lists), tuple(paths), in_play, commander)

    def ref(self, lists: Sequence[ArmyList], reference: str, where: Path) -> Ref | None:
        try:
            return resolve(lists, reference)
        except ResolveError as exc:
            self.error(where, str(exc))
            return None

    def refs(
        self, lists: Sequence[ArmyList], references: Sequence[str], where: Path
    ) -> tuple[Ref, ...] | None:
        out: list[Ref] = []
        ok = True
        for i, reference in enumerate(references):
            ref = self.ref(lists, reference, (*where, i))
            if ref is None:
                ok = False
                continue
            clash = next((r for r in out if r.contains(ref) or ref.contains(r)), None)
            if clash is not None:
                self.error((*where, i), f"'{reference}' overlaps '{clash.text()}' named before")
                ok = False
                continue
            out.append(ref)
        return tuple(out) if ok else None

    def formations(self, formations: StartingFormations, where: Path, army: ArmyList) -> None:
        """Each arm's default must be a starting formation of the lists' unit model."""
        model = army.unit_model
        for f in dataclasses.fields(StartingFormations):  # every arm of the list format
            arm = f.name
            value = formations.for_arm(arm)
            if value is None:
                continue
            if value not in model.formations:  # worded as the typed parse words a bad value
                choices = " | ".join(repr(w) for w in model.formations)
                self.error((*where, arm), f"expected one of {choices}, found {show(value)}")
                continue
            starts = model.start_formations_by_arm.get(arm, ())
            if value not in starts or value in model.not_a_default:
                allowed = ", ".join(s for s in starts if s not in model.not_a_default)
                self.error((*where, arm), f"{arm} cannot start in '{value}' ({allowed})")

    # ------------------------------------------------------------------ reinforcements

    def reinforcement(
        self, index: int, plans: list[SidePlan | None], earlier: Sequence[tuple[Ref, ...]]
    ) -> tuple[Ref, ...]:
        """The commands reinforcement ``index`` brings, checked; ``earlier``: those before it.

        A command comes onto the table once: not if it is in play, nor if an earlier
        reinforcement of its side brings it (or a command above or below it).
        """
        r = self.scenario.reinforcements[index]
        base: Path = ("reinforcements", index)
        names = [s.name for s in self.scenario.sides[:2]]
        if r.event is not None:
            self.arrival_event(r, base)
        elif r.turn is None and (r.from_turn is None or r.roll is None):
            self.error(
                base, "give 'turn' (arrives then), or 'from_turn' and 'roll' (a d10 each turn)"
            )
        elif r.turn is not None and (r.from_turn is not None or r.roll is not None):
            self.error(base, "give either 'turn' or 'from_turn' with 'roll', not both")
        limit = self.scenario.end.turns
        first = r.turn or r.from_turn
        if limit is not None and first is not None and first > limit:
            self.warn(base, f"arrives after the turn limit ({limit})")
        if r.enters is not None and is_blank(r.enters):
            self.error((*base, "enters"), "must not be empty")
        if r.side not in names:
            self.error((*base, "side"), f"no side '{r.side}' (sides: {', '.join(names)})")
            return ()
        plan = plans[names.index(r.side)]
        if plan is None:
            return ()
        if not r.commands:
            self.error((*base, "commands"), "name at least one command")
        refs = self.refs(plan.lists, r.commands, (*base, "commands")) or ()
        in_play = plan.in_play or tuple(Ref(i, (a.army.name,)) for i, a in enumerate(plan.lists))
        for i, ref in enumerate(refs):
            if any(p.contains(ref) or ref.contains(p) for p in in_play):
                self.error((*base, "commands", i), f"'{ref.text()}' is already in play")
                continue
            for k, before in enumerate(earlier):
                if self.scenario.reinforcements[k].side != r.side:
                    continue
                clash = next((p for p in before if p.contains(ref) or ref.contains(p)), None)
                if clash is not None:
                    also = "" if clash == ref else f" (it overlaps '{clash.text()}')"
                    self.error(
                        (*base, "commands", i),
                        f"'{ref.text()}' arrives with reinforcement {k + 1} already{also}: "
                        "a command comes onto the table once",
                    )
                    break
        return refs

    def arrival_event(self, r: Any, base: Path) -> None:
        """A reinforcement on an ``event``: one event, naming something of the scenario."""
        on = r.event
        where: Path = (*base, "event")
        if r.turn is not None or r.roll is not None:
            self.error(where, "a reinforcement on an event takes no 'turn' or 'roll'")
        given = [k for k in ("broken", "demoralised", "objective", "routed") if getattr(on, k)]
        if len(given) != 1:
            self.error(
                where,
                "name one event: 'broken', 'demoralised' (a side or command), "
                "'objective' (a place taken) or 'routed' (a unit)",
            )
            return
        kind = given[0]
        value = getattr(on, kind)
        names = [s.name for s in self.scenario.sides[:2]]
        if is_blank(value):
            self.error((*where, kind), "the event must name what happens")
            return
        if on.by is not None and on.by not in names:
            self.error((*where, "by"), f"no side '{on.by}' ({', '.join(names)})")
        if kind == "broken":
            known = [b.command or b.side for b in self.scenario.end.breakpoints]
        elif kind == "demoralised":
            known = [t.command or t.side for t in self.scenario.army_morale]
        elif kind == "objective":
            known = [o.name for o in self.scenario.end.objectives]
        else:
            found = False
            for side in self.scenario.sides[:2]:
                lists = [
                    a
                    for name in side.lists
                    if (p := self.find_list(name)) is not None
                    and (a := self.cache.get(p)) is not None
                ]
                try:
                    ref = resolve(lists, value)
                except ResolveError:
                    continue
                found = found or ref.unit is not None
            if not found:
                self.error((*where, kind), f"'{value}' names no unit of either side's lists")
            return
        if value not in known:
            what = {"broken": "breakpoint", "demoralised": "army morale track"}.get(kind, kind)
            listed = ", ".join(known) or "none"
            self.error((*where, kind), f"no {what} '{value}' in the scenario ({listed})")

    # ------------------------------------------------------------------ broken lists

    def unparsed_names(self, plans: list[SidePlan | None]) -> None:
        """The side and command names of a list that did not parse, checked all the same.

        A list with one bad item (a share of 150) is left out whole, so that its positions
        stay those of the file; every problem is reported at once, so its names are read from
        the file as written and a misspelt side or command is reported beside the bad value.
        """
        names = [s.name for s in self.scenario.sides[:2]]
        fields = {
            "reinforcements": ("side",),
            "end.objectives": ("held_by",),
            "end.breakpoints": ("side",),
            "end.automatic": ("side",),
            "army_morale": ("side",),
            "briefings": ("side",),
        }
        for dotted, keys in fields.items():
            if dotted not in self.broken:
                continue
            path = tuple(dotted.split("."))
            items = self.doc.data
            for key in path:
                items = items.get(key) if isinstance(items, dict) else None
            if not isinstance(items, list):
                continue
            for i, item in enumerate(items):
                if not isinstance(item, dict):
                    continue
                for key in keys:
                    value = item.get(key)
                    if isinstance(value, str) and value not in names:
                        where: Path = (*path, i, key)
                        self.error(where, f"no side '{value}' ({', '.join(names)})")
                side = item.get("side")
                commands = item.get("commands") if dotted == "reinforcements" else None
                if isinstance(side, str) and side in names and isinstance(commands, list):
                    plan = plans[names.index(side)]
                    for k, reference in enumerate(commands):
                        if plan is not None and isinstance(reference, str):
                            self.ref(plan.lists, reference, (*path, i, "commands", k))

    def automatic(self, index: int, auto: Any, plans: list[SidePlan | None]) -> None:
        """An automatic victory: its side, one condition, naming something of the scenario."""
        base: Path = ("end", "automatic", index)
        names = [s.name for s in self.scenario.sides[:2]]
        if auto.side not in names:
            self.error((*base, "side"), f"no side '{auto.side}' ({', '.join(names)})")
            return
        given = [k for k in ("leader_lost", "objective", "demoralised") if getattr(auto, k)]
        if len(given) != 1:
            self.error(
                base,
                "name one condition: 'leader_lost' (a leader), 'objective' (held from "
                "'turn'), or 'demoralised' (an enemy side or command)",
            )
            return
        kind = given[0]
        value = getattr(auto, kind)
        enemy = plans[1 - names.index(auto.side)]
        if kind == "leader_lost":
            if enemy is not None and not any(
                c.leader.name == value for a in enemy.lists for c in a.army.walk()
            ):
                self.error((*base, kind), f"no leader '{value}' in the enemy's lists")
        elif kind == "objective":
            known = [o.name for o in self.scenario.end.objectives]
            if value not in known:
                self.error((*base, kind), f"no objective '{value}' ({', '.join(known) or 'none'})")
        else:
            known = [t.command or t.side for t in self.scenario.army_morale if t.side != auto.side]
            if value not in known:
                listed = ", ".join(known) or "none"
                self.error((*base, kind), f"no enemy army morale track '{value}' ({listed})")

    def ending(self) -> None:
        """Refuse a scenario with nothing to end the battle."""
        sc = self.scenario
        data = self.doc.data
        if not isinstance(data, dict) or "end" not in data:
            self.error((), "the scenario has no 'end': give at least its 'turns' (a turn limit)")
            return
        ends = (
            sc.end.turns is not None
            or any(b.command is None for b in sc.end.breakpoints)
            or sc.end.automatic
            or any(t.effects.ends_battle for t in sc.army_morale)
        )
        if not ends:
            self.error(
                ("end",),
                "nothing ends the battle: give 'turns', a side's breakpoint, an automatic "
                "victory or an army morale track whose effects end it",
            )

    def briefing(self, index: int, briefing: Any) -> None:
        """A side's private briefing: its side named, its text written, its turn in the battle."""
        base: Path = ("briefings", index)
        names = [s.name for s in self.scenario.sides[:2]]
        if briefing.side not in names:
            self.error((*base, "side"), f"no side '{briefing.side}' ({', '.join(names)})")
        if is_blank(briefing.text):
            self.error((*base, "text"), "must not be empty")
        limit = self.scenario.end.turns
        if briefing.turn is not None and limit is not None and briefing.turn > limit:
            self.error((*base, "turn"), f"turn {briefing.turn} is after the turn limit ({limit})")

    # ------------------------------------------------------------------ army morale

    def in_play_or_arriving(
        self,
        side: str,
        plan: SidePlan,
        reference: str,
        where: Path,
        reinforcements: tuple[tuple[Ref, ...], ...],
    ) -> Ref | None:
        """The command ``reference`` names, reported unless it is in play or arrives."""
        ref = self.ref(plan.lists, reference, where)
        if ref is None:
            return None
        arriving = [
            r
            for k, refs in enumerate(reinforcements)
            if self.scenario.reinforcements[k].side == side
            for r in refs
        ]
        present = plan.in_play or tuple(Ref(k, (a.army.name,)) for k, a in enumerate(plan.lists))
        if not any(p.contains(ref) or ref.contains(p) for p in (*present, *arriving)):
            self.error(where, f"'{reference}' is not in play")
            return None
        return ref

    def army_morale(
        self,
        index: int,
        plans: list[SidePlan | None],
        reinforcements: tuple[tuple[Ref, ...], ...],
    ) -> None:
        """A morale track: its side and command found, its level reachable, its events named."""
        track = self.scenario.army_morale[index]
        base: Path = ("army_morale", index)
        names = [s.name for s in self.scenario.sides[:2]]
        if track.side not in names:
            self.error((*base, "side"), f"no side '{track.side}' ({', '.join(names)})")
        elif track.command is not None and (plan := plans[names.index(track.side)]) is not None:
            self.in_play_or_arriving(
                track.side, plan, track.command, (*base, "command"), reinforcements
            )
        same = [
            t
            for t in self.scenario.army_morale[:index]
            if t.side == track.side and t.command == track.command
        ]
        if same:
            who = track.command or track.side
            self.error(base, f"'{who}' has a morale track already")
        if track.demoralised_at >= track.start:
            self.error(
                (*base, "demoralised_at"),
                f"the track starts at {track.start}: demoralised from the start "
                f"(give a level below {track.start})",
            )
        can_fall = (track.costs.unit_lost or track.costs.hit or track.costs.command_broken) or any(
            e.points < 0 for e in track.events
        )
        if not can_fall:
            self.error(
                base,
                "nothing costs this track points (costs or an event below 0): its "
                "demoralised level can never be reached",
            )
        seen: set[str] = set()
        for i, event in enumerate(track.events):
            where: Path = (*base, "events", i, "name")
            if is_blank(event.name):
                self.error(where, "an event must name what happens")
            elif event.name.casefold() in seen:
                self.error(where, f"two events are called '{event.name}'")
            seen.add(event.name.casefold())
            if event.points == 0:
                self.error((*base, "events", i, "points"), "an event of 0 points changes nothing")
        limit = self.scenario.end.turns
        for i, turn in enumerate(track.night_turns):
            if turn < 1 or (limit is not None and turn > limit):
                self.error(
                    (*base, "night_turns", i),
                    f"turn {turn} is not in the battle (turns 1 to {limit or 99})",
                )
        if track.night_turns and not track.restores.night:
            self.warn((*base, "night_turns"), "night restores nothing: give restores.night")

    # ------------------------------------------------------------------ the end

    def end(
        self, plans: list[SidePlan | None], reinforcements: tuple[tuple[Ref, ...], ...]
    ) -> None:
        end = self.scenario.end
        names = [s.name for s in self.scenario.sides[:2]]
        seen: set[str] = set()
        for i, obj in enumerate(end.objectives):
            where: Path = ("end", "objectives", i)
            if is_blank(obj.name):
                self.error((*where, "name"), "must not be empty")
            elif obj.name.casefold() in seen:
                self.error((*where, "name"), f"two objectives are called '{obj.name}'")
            seen.add(obj.name.casefold())
            if obj.held_by is not None and obj.held_by not in names:
                self.error((*where, "held_by"), f"no side '{obj.held_by}' ({', '.join(names)})")
        for i, bp in enumerate(end.breakpoints):
            where = ("end", "breakpoints", i)
            if bp.side not in names:
                self.error((*where, "side"), f"no side '{bp.side}' ({', '.join(names)})")
                continue
            plan = plans[names.index(bp.side)]
            if bp.command is None or plan is None:
                continue
            ref = self.ref(plan.lists, bp.command, (*where, "command"))
            if ref is None:
                continue
            side_reinforcements = [
                r
                for k, refs in enumerate(reinforcements)
                if self.scenario.reinforcements[k].side == bp.side
                for r in refs
            ]
            present = plan.in_play or tuple(
                Ref(k, (a.army.name,)) for k, a in enumerate(plan.lists)
            )
            if not any(
                p.contains(ref) or ref.contains(p) for p in (*present, *side_reinforcements)
            ):
                self.error((*where, "command"), f"'{bp.command}' is not in play")
