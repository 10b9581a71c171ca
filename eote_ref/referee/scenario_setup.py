"""A game made from a scenario: only the commands in play, the rest nowhere.

The game holds the commands and units the scenario puts on the table, nothing else: pickers,
batches, the initiative, the display and the sheets read the game, so they see only those.
Each side's order of battle is cut from its army lists (:func:`side_spec`): a command in play
comes whole; a single unit (a battery) comes with its division and no other unit of it; the
scenario's commander (EotE 4.0: the highest commander present when the army commander is
absent) is kept above the commands in play that serve under him, and every command above
him is left out. Reinforcements are kept in the game's scenario data, ready to be inserted
when they arrive (:mod:`eote_ref.referee.scenario_play`).
"""

from __future__ import annotations

import dataclasses
import pathlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from eote_ref.packs import registry
from eote_ref.referee.game_rules import eote_rules
from eote_ref.referee.phases import Phase
from eote_ref.referee.rosters import to_spec
from eote_ref.referee.setup import FIGURE_SCALES, SetupError, _with_formations, game_ruleset
from eote_ref.scenarios.export import dump_scenario
from eote_ref.store.specs import UNIT_FIELDS, CommandSpec, RosterSpec, SideSpec, UnitSpec

if TYPE_CHECKING:
    from eote_ref.packs.declaration import UnitModelSpec
    from eote_ref.scenarios.loader import LoadedScenario, SidePlan
    from eote_ref.scenarios.resolve import Ref
    from eote_ref.store import Database


def unit_model(pack: str) -> UnitModelSpec:
    """The words of pack ``pack``'s units (its arms, its starting formation), as it declares.

    A pack that declares no unit model (its units are in its own lists) is read with none of
    EotE's words: no arm, each unit in its own formation.
    """
    from eote_ref.packs.declaration import UnitModelSpec

    return registry.get_unit_model(pack) or UnitModelSpec((), (), frozenset())


def shipped_scenarios_dir() -> pathlib.Path | None:
    """Where the shipped scenarios are (``army_lists/scenarios``), if installed."""
    from eote_ref.referee.setup import shipped_army_lists_dir

    folder = shipped_army_lists_dir()
    if folder is None or not (folder / "scenarios").is_dir():
        return None
    return folder / "scenarios"


def shipped_scenarios(pack: str | None = "eote") -> list[pathlib.Path]:
    """The shipped scenario files of ``pack`` (None: of every pack), sorted by name.

    A scenario's pack is its lists' (:func:`eote_ref.scenarios.pack_scenario.pack_of_scenario`).
    """
    from eote_ref.scenarios.pack_scenario import pack_of_scenario

    folder = shipped_scenarios_dir()
    files = sorted(folder.glob("*.yaml")) if folder else []
    if pack is None:
        return files
    return [f for f in files if pack_of_scenario(f, search_folders()) == pack]


def search_folders() -> list[pathlib.Path]:
    """Where a scenario's army lists are looked for after its own folder: the shipped lists."""
    from eote_ref.referee.setup import shipped_army_lists_dir

    folder = shipped_army_lists_dir()
    return [folder] if folder else []


def load(path: str | pathlib.Path) -> LoadedScenario:
    """Load a scenario file (ScenarioError with every problem when it has any error)."""
    from eote_ref.scenarios.loader import load_scenario

    return load_scenario(path, search_folders())


@dataclass(frozen=True)
class Outline:
    """One command of an army list as the new-game wizard lists it for choosing."""

    reference: str
    name: str
    level: str
    depth: int
    units: int


def command_outline(path: pathlib.Path) -> list[Outline]:
    """Every command of an army-list file, depth first, with the reference that names it.

    Batteries come under their command, so that one can be put in play alone.
    """
    from eote_ref.armylists.loader import load_army_list

    army = load_army_list(path).army_list
    out: list[Outline] = []

    def walk(command: Any, names: tuple[str, ...]) -> None:
        here = (*names, command.name)
        out.append(
            Outline(
                " / ".join(here[1:]) or command.name,
                command.name,
                str(command.level),
                len(here) - 1,
                sum(1 for _ in command.all_units()),
            )
        )
        for child in command.commands:
            walk(child, here)
        for unit in command.units:  # a battery may be in play without its division
            if unit.arm == "artillery":
                ref = " / ".join((*here[1:], unit.name))
                out.append(Outline(ref, unit.name, "battery", len(here), 1))

    walk(army.army, ())
    return out


# ----------------------------------------------------------------------------- cutting


def _prune(command: CommandSpec, path: tuple[str, ...], refs: Sequence[Ref]) -> CommandSpec | None:
    """``command`` with only what ``refs`` put in play under it (None when nothing is)."""
    if any(r.unit is None and r.path == path for r in refs):
        return command
    children = [
        c for c in (_prune(child, (*path, child.name), refs) for child in command.commands) if c
    ]
    units = [u for u in command.units if any(r.unit == u.name and r.path == path for r in refs)]
    if not children and not units:
        return None
    return dataclasses.replace(command, commands=tuple(children), units=tuple(units))


def _at(root: CommandSpec, path: Sequence[str]) -> CommandSpec:
    command = root
    for name in path[1:]:
        command = next(c for c in command.commands if c.name == name)
    return command


def _roots(refs: Sequence[Ref], commander: Ref | None) -> list[tuple[int, tuple[str, ...]]]:
    """The commands heading the side's trees: the commander's first, then each other's own."""
    found: list[tuple[int, tuple[str, ...]]] = []
    for ref in refs:
        here = (ref.list_index, ref.path)
        if commander is not None and commander.list_index == ref.list_index:
            above = ref.path[: len(commander.path)] == commander.path
            if above:
                here = (commander.list_index, commander.path)
        if here not in found:
            found.append(here)
    if commander is not None:
        mine = (commander.list_index, commander.path)
        if mine in found:
            found.remove(mine)
            found.insert(0, mine)
    return [
        (i, p)
        for i, p in found
        if not any(j == i and len(q) < len(p) and p[: len(q)] == q for j, q in found)
    ]


def _rosters(plan: SidePlan, formations: Mapping[str, str]) -> list[RosterSpec]:
    return [_with_formations(to_spec(army), formations) for army in plan.lists]


def side_spec(plan: SidePlan, formations: Mapping[str, str] | None = None) -> SideSpec:
    """The order of battle the game holds for one side of a scenario."""
    rosters = _rosters(plan, formations or {})
    if not plan.in_play:
        return SideSpec(plan.name, tuple(rosters))
    out: list[RosterSpec] = []
    for index, path in _roots(plan.in_play, plan.commander):
        roster = rosters[index]
        tree = _prune(
            _at(roster.army, path), path, [r for r in plan.in_play if r.list_index == index]
        )
        if tree is not None:
            out.append(dataclasses.replace(roster, army=tree))
    return SideSpec(plan.name, tuple(out))


def _side_formations(
    plan: SidePlan, loaded: LoadedScenario, model: UnitModelSpec
) -> dict[str, str]:
    """The scenario's starting formation of each of the pack's arms for one side (arm -> value)."""
    side = loaded.scenario.side(plan.name)
    if side is None or side.formations is None:
        return {}
    out = {}
    for arm in model.arms:
        value = side.formations.for_arm(arm)
        if value is not None:
            out[str(arm)] = str(value)
    return out


# ----------------------------------------------------------------------------- scenario data


def _unit_row(u: UnitSpec, roster: RosterSpec, model: UnitModelSpec) -> dict[str, Any]:
    formation = model.starting_formation(
        u.formation, roster.formation_of(u.arm), u.nation or roster.nation, roster.nation
    )
    return {name: getattr(u, name) for name in UNIT_FIELDS} | {
        "nation": u.nation or roster.nation,
        "formation": formation,
        "limbered": formation == "limbered",
    }


def _tree(command: CommandSpec, roster: RosterSpec, model: UnitModelSpec) -> dict[str, Any]:
    return {
        "name": command.name,
        "level": command.level,
        "notes": command.notes,
        "leader": dataclasses.asdict(command.leader),
        "commands": [_tree(c, roster, model) for c in command.commands],
        "units": [_unit_row(u, roster, model) for u in command.units],
    }


def _reinforcement(
    loaded: LoadedScenario,
    index: int,
    side_specs: Sequence[SideSpec],
    formations: Sequence[Any],
    model: UnitModelSpec,
) -> dict[str, Any]:
    r = loaded.scenario.reinforcements[index]
    pos = loaded.side_index(r.side)
    plan = loaded.sides[pos]
    rosters = _rosters(plan, formations[pos])
    present = {c for roster in side_specs[pos].rosters for c in _names(roster.army)}
    commands = []
    for ref in loaded.reinforcements[index]:
        roster = rosters[ref.list_index]
        path = ref.path
        tree = _prune(_at(roster.army, path), path, [ref])
        assert tree is not None
        parent = next((name for name in reversed(path[:-1]) if name in present), None)
        commands.append({"parent": parent, "tree": _tree(tree, roster, model)})
    return {
        "key": f"r{index + 1}",
        "side": pos,
        "label": ", ".join(
            ref.path[-1] if ref.unit is None else ref.unit for ref in loaded.reinforcements[index]
        ),
        "turn": r.turn,
        "from_turn": r.from_turn,
        "roll": r.roll,
        "enters": r.enters,
        "commands": commands,
        "on": _arrival_event(loaded, r.event) if r.event is not None else None,
    }


def _arrival_event(loaded: LoadedScenario, on: Any) -> dict[str, Any]:
    """What the game keeps of a reinforcement's event: its kind and what it names."""
    from eote_ref.scenarios.resolve import ResolveError, resolve

    names = [s.name for s in loaded.sides]
    by = names.index(on.by) if on.by is not None else None
    for kind in ("broken", "demoralised", "objective"):
        value = getattr(on, kind)
        if value:
            last = value if kind == "objective" else value.split("/")[-1].strip()
            return {"kind": kind, "name": last, "by": by, "text": f"{kind}: {value}"}
    for side, plan in enumerate(loaded.sides):
        try:
            ref = resolve(plan.lists, on.routed)
        except ResolveError:
            continue
        if ref.unit is not None:
            return {
                "kind": "routed",
                "name": ref.unit,
                "command": ref.path[-1],
                "side": side,
                "by": by,
                "text": f"routed: {on.routed}",
            }
    raise SetupError(f"no unit {on.routed!r} in either side's lists")


def _names(command: CommandSpec) -> list[str]:
    return [command.name, *(n for c in command.commands for n in _names(c))]


def scenario_data(
    loaded: LoadedScenario,
    side_specs: Sequence[SideSpec],
    formations: Sequence[Any],
    model: UnitModelSpec | None = None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """What the game keeps of the scenario, and its starting state (objectives held).

    ``model`` is the words of the game's pack's units (None: the default pack's).
    """
    model = model if model is not None else unit_model(registry.DEFAULT_PACK)
    sc = loaded.scenario
    names = [s.name for s in loaded.sides]
    data = {
        "name": sc.name,
        "battle": sc.battle,
        "setup": sc.setup,
        "file": loaded.file.name if loaded.file else None,
        "turns": sc.end.turns,
        "decisive_margin": sc.end.decisive_margin,
        "decisive_ratio": sc.end.decisive_ratio,
        "loss_points": sc.end.loss_points,
        "loss_ratio": dataclasses.asdict(sc.end.loss_ratio) if sc.end.loss_ratio else None,
        "automatic": [
            {
                "side": names.index(a.side),
                "leader_lost": a.leader_lost,
                "objective": a.objective,
                "turn": a.turn,
                "demoralised": a.demoralised.split("/")[-1].strip() if a.demoralised else None,
            }
            for a in sc.end.automatic
        ],
        "movement_minutes": sc.movement_minutes,
        "movement_penalty": sc.movement_penalty,
        "objectives": [
            {
                "name": o.name,
                "points": o.points,
                "notes": o.notes,
                "held_by": names.index(o.held_by) if o.held_by is not None else None,
            }
            for o in sc.end.objectives
        ],
        "breakpoints": [
            {
                "side": names.index(b.side),
                "command": b.command.split("/")[-1].strip() if b.command else None,
                "share": b.share,
                "points": b.points,
                "effects": dataclasses.asdict(b.effects),
            }
            for b in sc.end.breakpoints
        ],
        "army_morale": [
            {
                **dataclasses.asdict(t),
                "side": names.index(t.side),
                "command": t.command.split("/")[-1].strip() if t.command else None,
            }
            for t in sc.army_morale
        ],
        "reinforcements": [
            _reinforcement(loaded, i, side_specs, formations, model)
            for i in range(len(sc.reinforcements))
        ],
        "commanders": [s.commander.path[-1] if s.commander else None for s in loaded.sides],
        "briefings": [
            {"side": names.index(b.side), "text": b.text, "turn": b.turn} for b in sc.briefings
        ],
        "source": dump_scenario(sc),
    }
    held = {
        o.name: (names.index(o.held_by) if o.held_by is not None else None)
        for o in sc.end.objectives
    }
    return data, {"held": held, "arrived": {}, "rolled": {}, "events": {}, "secret": {}}


def reserve_reinforcement_codes(data: dict[str, Any], sides: Sequence[SideSpec]) -> None:
    """Give the reinforcements' units their codes now, after the units on the table (issue 24).

    The codes go into ``data``'s unit rows, so the base labels printed before the battle carry
    them and the units keep them on arrival. A new game numbers each side's units from 1 in
    order of battle (:func:`eote_ref.store.unit_codes.assign_unit_codes`); the reinforcements
    take the numbers after, in the order of the scenario and of their trees.
    """
    from eote_ref.store.unit_codes import side_letters

    letters = side_letters([s.name for s in sides])
    top = [sum(r.unit_count() for r in s.rosters) for s in sides]

    def walk(tree: dict[str, Any], pos: int) -> None:
        for unit in tree.get("units", []):
            top[pos] += 1
            unit["code"] = f"{letters[pos]}{top[pos]}"
        for child in tree.get("commands", []):
            walk(child, pos)

    for r in data.get("reinforcements", []):
        for item in r["commands"]:
            walk(item["tree"], int(r["side"]))


# ----------------------------------------------------------------------------- the game


def brought_twice(loaded: LoadedScenario) -> list[str]:
    """The commands a reinforcement brings that are in play, or that another brings before it.

    The scenario loader refuses such a file at the line of the second; this guards the game's
    set-up against a scenario built any other way.
    """
    from eote_ref.scenarios.resolve import Ref

    twice: list[str] = []
    brought: list[list[Ref]] = [  # no commands named: the whole lists are in play
        list(plan.in_play or (Ref(i, (a.army.name,)) for i, a in enumerate(plan.lists)))
        for plan in loaded.sides
    ]
    for r, refs in zip(loaded.scenario.reinforcements, loaded.reinforcements, strict=True):
        side = brought[loaded.side_index(r.side)]
        for ref in refs:
            if any(p.contains(ref) or ref.contains(p) for p in side):
                twice.append(ref.text())
            side.append(ref)
    return twice


def create_scenario_game(
    db: Database,
    loaded: LoadedScenario,
    *,
    name: str | None = None,
    figure_scale: str | None = None,
    options: Mapping[str, str | int | bool] | None = None,
    initiative: str | None = None,
    formations: Sequence[Mapping[str, str]] | None = None,
    pack: str | None = None,
) -> int:
    """Make a game of ``loaded``'s units in play and return its id.

    ``initiative`` (a side's name, ``"roll"``, or None) replaces the scenario's; so do
    ``figure_scale`` and ``name``; ``formations`` (per side, arm → formation, ``""`` for
    none) replace the scenario's starting formations arm by arm. The game's ruleset is its
    army lists' ``ruleset:`` (one pack for all; ``pack``, a command's ``--pack``, must agree);
    its arms and starting formations are that pack's (its unit model). An initiative rolled
    for is not rolled here: the game starts with it undecided and turn 1's initiative phase
    asks for the roll, modifiers and all, as every turn's (EotE 4.0), as a game made from
    lists does (:meth:`~eote_ref.referee.setup.SetupService.create`).
    """
    sc = loaded.scenario
    twice = brought_twice(loaded)
    if twice:
        raise SetupError(
            f"{', '.join(twice)} would come onto the table twice (the scenario lists "
            f"{'it' if len(twice) == 1 else 'them'} twice); a command comes onto the table once"
        )
    scale = figure_scale or sc.figure_scale or "15mm"
    if scale not in FIGURE_SCALES:
        raise SetupError(f"figure scale must be one of {', '.join(FIGURE_SCALES)}")
    ruleset_id = game_ruleset([a.ruleset for plan in loaded.sides for a in plan.lists], pack)
    model = unit_model(registry.pack_for(ruleset_id))
    per_side = [
        {**_side_formations(plan, loaded, model), **(dict(formations[i]) if formations else {})}
        for i, plan in enumerate(loaded.sides)
    ]
    sides = [side_spec(plan, per_side[i]) for i, plan in enumerate(loaded.sides)]
    data, state = scenario_data(loaded, sides, per_side, model)
    reserve_reinforcement_codes(data, sides)
    names = [s.name for s in loaded.sides]
    chosen = initiative if initiative is not None else sc.initiative
    start: int | None = None
    if chosen is not None and chosen != "roll":  # "roll": turn 1's initiative phase rolls
        if chosen not in names:
            raise SetupError(f"no side called {chosen!r}")
        start = names.index(chosen)
    opts = dict(options or {})
    ruleset = eote_rules(ruleset_id, opts)
    from eote_ref.store.game_queries import new_game

    return new_game(
        db,
        name or sc.name,
        sides,
        ruleset=ruleset_id,
        ruleset_version=ruleset.version,
        options=opts,
        phase=Phase.COMMAND.value,
        initiative=start,
        figure_scale=scale,
        scenario=data,
        scenario_state=state,
    )
