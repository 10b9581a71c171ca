"""The ``eote-ref scenario`` sub-commands: validate, list and export scenarios."""

from __future__ import annotations

import argparse
import pathlib
import sys
from typing import Any

from eote_ref.commands.arguments import game_id


def register(subparsers: Any) -> None:
    """Add ``scenario`` and its sub-commands to the ``eote-ref`` parser."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "scenario",
        help="validate, list and export scenarios",
        description="Work with scenario YAML files (format: docs/scenario-format.md).",
    )
    sub = parser.add_subparsers(dest="scenario_command", metavar="ACTION", required=True)
    validate = sub.add_parser(
        "validate",
        help="check scenario files and report every problem",
        description="Check scenario files and the army lists they name. Prints every problem "
        "as 'file:line:column: severity: key.path: message' and 'OK: ...' for each good file. "
        "Exit status 1 when any file has an error.",
    )
    validate.add_argument(
        "files", nargs="*", metavar="FILE", help="scenario files (default: the shipped ones)"
    )
    validate.set_defaults(func=run_validate)
    lst = sub.add_parser(
        "list",
        help="list the shipped scenarios of every pack",
        description="List the shipped scenarios of every pack, one a line: its pack in "
        "brackets ([eote], [avle]), its file, name, battle and sides.",
    )
    lst.set_defaults(func=run_list)
    exp = sub.add_parser(
        "export",
        help="write the scenario of a game, or one from chosen commands",
        description="Write a scenario file: the one a game was made from (--game ID), or one "
        "from chosen commands (two --side 'NAME:LIST[,LIST]:COMMAND[;COMMAND]'). The file is "
        "validated before it is written.",
    )
    exp.add_argument("--game", type=game_id, metavar="ID", help="a game made from a scenario")
    exp.add_argument(
        "--side",
        action="append",
        default=[],
        metavar="SPEC",
        help="'French:waterloo-1815-french.yaml:I Corps;II Corps / 6th Infantry Division'",
    )
    exp.add_argument("--name", default="New scenario", help="the scenario's name")
    exp.add_argument("--turns", type=int, help="the turn limit")
    exp.add_argument("-o", "--output", metavar="FILE", required=True, help="the YAML file to write")
    exp.set_defaults(func=run_export)


def _search() -> list[pathlib.Path]:
    from eote_ref.referee.scenario_setup import search_folders

    return search_folders()


def run_validate(args: argparse.Namespace) -> int:
    """``eote-ref scenario validate [FILE...]``: every problem; 1 if any file has an error.

    A scenario of any pack (its lists' ``ruleset:`` says which); without files, every shipped
    one.
    """
    from eote_ref.referee.scenario_setup import shipped_scenarios
    from eote_ref.scenarios.loader import ScenarioError
    from eote_ref.scenarios.pack_scenario import LoadedPackScenario, load_any_scenario

    files = args.files or [str(p) for p in shipped_scenarios(None)]
    failed = False
    for file in files:
        try:
            loaded = load_any_scenario(file, _search(), require_end=True)
        except ScenarioError as exc:
            for problem in exc.problems:
                print(problem)
            failed = True
            continue
        for problem in loaded.warnings:
            print(problem)
        if isinstance(loaded, LoadedPackScenario):
            units = ", ".join(f"{name}: {len(lists)} list(s)" for name, lists in loaded.sides)
            print(f"OK: {file} ({loaded.pack}; {loaded.scenario.name}; {units})")
            continue
        units = ", ".join(f"{p.name}: {len(p.in_play) or 'all'} command(s)" for p in loaded.sides)
        print(f"OK: {file} ({loaded.scenario.name}; {units})")
    return 1 if failed else 0


def run_list(args: argparse.Namespace) -> int:
    """``eote-ref scenario list``: the shipped scenarios of every pack, one a line.

    Each line names its pack (``[avle]``); 1 when any is invalid.
    """
    return list_scenarios(None)


def list_scenarios(pack: str | None) -> int:
    """Print the shipped scenarios of ``pack`` (None: of every pack), one a line.

    Each line names its pack (``[avle]``); 1 when any is invalid. ``game battles --pack P``
    of a pack whose battles are scenario files lists its own with this.
    """
    from eote_ref.referee.scenario_setup import shipped_scenarios
    from eote_ref.scenarios.loader import ScenarioError
    from eote_ref.scenarios.pack_scenario import (
        LoadedPackScenario,
        load_any_scenario,
        pack_of_scenario,
    )

    failed = False
    for path in shipped_scenarios(pack):
        try:
            loaded = load_any_scenario(path, _search())
        except ScenarioError as exc:
            pack = pack_of_scenario(path, _search())
            print(f"[{pack}] {path.name}: INVALID ({len(exc.problems)} problem(s))")
            failed = True
            continue
        sc = loaded.scenario
        pack = loaded.pack if isinstance(loaded, LoadedPackScenario) else _default_pack()
        sides = " against ".join(s.name for s in sc.sides)
        turns = f", {sc.end.turns} turns" if sc.end.turns else ""
        print(f"[{pack}] {path.name}: {sc.name} — {sc.battle or ''} ({sides}{turns})")
    return 1 if failed else 0


def _default_pack() -> str:
    from eote_ref.packs.registry import DEFAULT_PACK

    return DEFAULT_PACK


def _side(spec: str) -> Any:
    from eote_ref.scenarios.model import ScenarioSide

    parts = spec.split(":")
    if len(parts) < 2:
        raise ValueError(f"--side {spec!r}: write NAME:LIST[,LIST][:COMMAND[;COMMAND]]")
    name, lists = parts[0].strip(), [x.strip() for x in parts[1].split(",") if x.strip()]
    commands = [x.strip() for x in ":".join(parts[2:]).split(";") if x.strip()]
    return ScenarioSide(name=name, lists=tuple(lists), commands=tuple(commands))


def _where(problem: Any, args: argparse.Namespace) -> str:
    """A problem of an export from ``--side`` specs, named by its spec.

    The file:line:column of a file that was not written tells the umpire nothing; the
    ``--side`` spec he typed does: ``--side 'French:...:8th Divison': commands[0]: ...``.
    """
    from eote_ref.yamlio.problems import path_text

    path = tuple(problem.path)
    if args.game is not None or len(path) < 2 or path[0] != "sides":
        return str(problem)
    index = path[1]
    if not isinstance(index, int) or not 0 <= index < len(args.side):
        return str(problem)
    rest = path_text(path[2:])
    what = f"{rest}: " if path[2:] else ""
    return f"{problem.severity}: --side {args.side[index]!r}: {what}{problem.message}"


def run_export(args: argparse.Namespace) -> int:
    """``eote-ref scenario export``: write a game's scenario or one from chosen commands."""
    from eote_ref.scenarios.export import dump_scenario
    from eote_ref.scenarios.loader import ScenarioError
    from eote_ref.scenarios.model import FORMAT_VERSION, End, Scenario
    from eote_ref.scenarios.pack_scenario import load_any_scenario_text

    if args.game is not None:
        from eote_ref.store import StoreError, game_rows, open_from_args

        try:
            with open_from_args(args, read_only=True) as db, db.session() as s:
                data, _state = game_rows.scenario(s, args.game)
                data = data or game_rows.pack_scenario(s, args.game)
        except StoreError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        if not data.get("source"):
            print(f"error: game {args.game} was not made from a scenario", file=sys.stderr)
            return 1
        text = str(data["source"])
    else:
        if len(args.side) != 2:
            print("error: give --game ID, or two --side specs", file=sys.stderr)
            return 2
        try:
            sides = tuple(_side(spec) for spec in args.side)
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        scenario = Scenario(
            format=FORMAT_VERSION, name=args.name, sides=sides, end=End(turns=args.turns)
        )
        text = dump_scenario(scenario)
    try:
        load_any_scenario_text(text, args.output, [pathlib.Path.cwd(), *_search()])
    except ScenarioError as exc:
        for problem in exc.problems:
            print(_where(problem, args), file=sys.stderr)
        print(f"error: {args.output} was not written", file=sys.stderr)
        return 1
    pathlib.Path(args.output).write_text(text, encoding="utf-8")
    print(f"wrote {args.output}")
    return 0
