"""``eote-ref game``: start and play a game of any pack headless (EotE, AVlE).

``game new`` sets a game up from army lists (or an EotE scenario file); ``game show`` prints
the turn, the sides, the units with their codes and markers and what falls due; ``game check``
runs one of the pack's checks and writes it as one journal step (``game check ID next-phase``
moves an EotE game on); ``game undo`` and ``game redo`` step through the journal. One path per
sub-command: the game's pack picks its service (:mod:`eote_ref.referee.headless`).
Values of ``--answer`` and ``--roll`` are read as JSON when they parse (``3``, ``true``,
``["flag","infantry"]``), else as text. An argument that names nothing or is malformed is
refused with exit code 2, naming the argument; a step the rules refuse, with exit code 1;
nothing is written either way.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
from typing import Any

from eote_ref.commands.arguments import count, game_id
from eote_ref.packs import registry

#: EotE's figure scales (introduction); kept here so the parser loads no referee module.
FIGURE_SCALES = ("6mm", "15mm", "25mm")


def register(subparsers: Any) -> None:
    """Add ``game`` and its sub-commands to the ``eote-ref`` parser.

    The packs its help names are the registry's (a pack registered while the program runs
    too), as is ``battles``' default: the first pack with declared play (AVlE).
    """
    packs = ", ".join(registry.pack_ids())
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "game",
        help="start and play a game of a pack from the command line "
        f"({', '.join(registry.CITE.values())})",
        description=f"Start and play a game of a ruleset pack ({packs}) from the command line.",
    )
    sub = parser.add_subparsers(dest="game_command", metavar="ACTION", required=True)
    new = sub.add_parser("new", help="set a game up from army lists")
    new.add_argument("--pack", required=True, help=f"the pack ({packs})")
    new.add_argument("--name", required=True, help="the game's name")
    new.add_argument(
        "--side",
        action="append",
        default=[],
        metavar="NAME=LIST[,LIST]",
        help="a side and its army-list files (twice)",
    )
    new.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a pack option",
        type=_pair,
    )
    new.add_argument(
        "--scenario",
        help="a scenario file or a shipped scenario's name or key (its lists and sides, no "
        "--side; 'scenario list', 'game battles'); AVlE: with --side, the scenario whose "
        "victory conditions the lists take",
    )
    new.add_argument(
        "--scale", choices=FIGURE_SCALES, help="EotE: the figures' scale (default 15mm)"
    )
    new.set_defaults(func=run_new)
    battles = sub.add_parser(
        "battles",
        help="the battles ready to start: the text's scenarios and the historical lists",
        description="List the battles of a pack ready to start with 'game new --scenario KEY': "
        "each one's scenario, whose set-up it is (the rules text's, or historical lists) and "
        "its sides' army lists.",
    )
    battles.add_argument(
        "--pack", default=battles_default(), help=f"the pack ({packs}; default %(default)s)"
    )
    battles.set_defaults(func=run_battles)
    show = sub.add_parser("show", help="the turn, sides, units and what falls due")
    show.add_argument("game", type=game_id, metavar="ID")
    show.set_defaults(func=run_show)
    check = sub.add_parser("check", help="run one check of the pack as one journal step")
    check.add_argument("game", type=game_id, metavar="ID")
    check.add_argument(
        "check",
        metavar="CHECK",
        help="the check's key (morale, artillery_fire, round, ...); next-phase: EotE's next phase",
    )
    check.add_argument("--unit", help="the unit the check is on (its code, F12, or its name)")
    check.add_argument("--target", help="EotE: the unit fired at or charged (code or name)")
    check.add_argument("--leader", help="the General the check is on (his name)")
    check.add_argument("--side", help="the side the check is on (its name)")
    check.add_argument("--answer", action="append", default=[], metavar="KEY=VALUE", type=_pair)
    check.add_argument("--roll", action="append", default=[], metavar="NAME=VALUE", type=_pair)
    check.set_defaults(func=run_check)
    house = sub.add_parser(
        "house", help="put a club's house table file in the game (its cells, 'house')"
    )
    house.add_argument("game", type=game_id, metavar="ID")
    house.add_argument("file", nargs="?", metavar="FILE", help="the house table file (YAML)")
    house.add_argument("--remove", action="store_true", help="take the house tables out")
    house.set_defaults(func=run_house)
    for name in ("undo", "redo"):
        p = sub.add_parser(name, help=f"{name} journal steps")
        p.add_argument("game", type=game_id, metavar="ID")
        p.add_argument("--steps", type=count, default=1)
        p.set_defaults(func=run_undo if name == "undo" else run_redo)


def _fail(message: str, code: int = 1) -> int:
    print(f"error: {message}", file=sys.stderr)
    return code


def _bad(field: str, message: str) -> int:
    """Bad input: the argument named, exit code 2 (as argparse's own refusals)."""
    return _fail(f"{field}: {message}; nothing was written", 2)


#: How deep a value's lists and objects may nest (a check's answers nest two levels at most).
MAX_DEPTH = 20


def _value(text: str) -> Any:
    try:
        value = json.loads(text)
    except RecursionError:
        raise argparse.ArgumentTypeError(
            f"the value nests more than {MAX_DEPTH} lists or objects deep"
        ) from None
    except ValueError:
        return text
    if _depth(value) > MAX_DEPTH:
        raise argparse.ArgumentTypeError(
            f"the value nests more than {MAX_DEPTH} lists or objects deep"
        )
    return value


def _depth(value: Any) -> int:
    """How deep lists and objects nest in a JSON value (iteratively: no recursion limit)."""
    deepest, todo = 0, [(value, 0)]
    while todo:
        item, level = todo.pop()
        deepest = max(deepest, level)
        if isinstance(item, list):
            todo.extend((x, level + 1) for x in item)
        elif isinstance(item, dict):
            todo.extend((x, level + 1) for x in item.values())
    return deepest


def _pair(item: str) -> tuple[str, Any]:
    """An ``--answer``/``--roll`` argument: NAME=VALUE, VALUE read as JSON when it parses."""
    key, sep, value = item.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"{item[:80]!r} is not NAME=VALUE")
    return key, _value(value)


def battles_default() -> str:
    """The pack ``game battles`` lists without ``--pack``: the first with declared play."""
    return next(iter(registry.PLAYS), registry.DEFAULT_PACK)


def run_new(args: argparse.Namespace) -> int:
    """``eote-ref game new --pack P --name N --side A=LIST --side B=LIST [--scenario S]``.

    AVlE: ``--scenario KEY`` of a ready battle (``game battles``) without ``--side`` takes its
    lists. EotE: ``--scenario FILE`` (or a shipped scenario's name) takes its lists and sides.
    """
    from eote_ref.packs.registry import PACKS
    from eote_ref.referee.errors import HeadlessInputError, RefereeError
    from eote_ref.referee.headless import HeadlessNew, new_game, open_headless
    from eote_ref.referee.pack_lists import pack_battles
    from eote_ref.store import StoreError, open_from_args
    from eote_ref.yamlio.problems import YamlError
    from eote_ref.yamlio.text import name_problem

    if args.pack not in PACKS:
        return _bad("--pack", f"no pack {args.pack!r} (the packs: {', '.join(PACKS)})")
    if (problem := name_problem(args.name.strip())) is not None:
        return _bad("--name", f"the game's name {problem}")
    sides: dict[str, list[str]] = {}
    scenario = args.scenario
    battle = {b.key: b for b in pack_battles(args.pack)}.get(scenario or "")
    if battle is not None and args.side:  # the lists chosen, with the battle's victory
        scenario = battle.scenario
    elif battle is not None and battle.file is None:  # the battle's own lists and sides
        scenario = battle.scenario
        sides = {name: [str(p) for p in paths] for name, paths in battle.sides}
    for item in args.side:
        name, sep, files = item.partition("=")
        if not sep or not name or not files:
            return _fail(f"--side {item[:80]!r} is not NAME=LIST[,LIST]", 2)
        if (problem := name_problem(name)) is not None:
            return _bad("--side", f"side {name[:80]!r}'s name {problem}")
        if name in sides:
            return _fail(f"--side {name} is given twice: list its files in one, NAME=LIST,LIST", 2)
        sides[name] = files.split(",")
    if args.side and len(sides) != 2:
        return _bad("--side", "a game has two sides: give --side twice")
    for name, files in sides.items():
        missing = next((f for f in files if not pathlib.Path(f).is_file()), None)
        if missing is not None:
            return _bad("--side", f"{name}'s army list {missing[:200]!r} is not a file")
    if not sides and scenario is None:
        return _bad("--side", "give two sides, NAME=LIST[,LIST] each, or a scenario")
    options = dict(args.option)
    if options:
        from eote_ref.packs.registry import rules_for, ruleset_of

        try:
            rules_for(ruleset_of(args.pack), options)
        except ValueError as exc:
            return _bad("--option", str(exc))
    try:
        with open_from_args(args) as db:
            spec = HeadlessNew(args.pack, args.name, sides, options, scenario, args.scale)
            game_id = new_game(db, spec)
            label = open_headless(db, game_id).label()
    except HeadlessInputError as exc:
        return _fail(f"{exc}; nothing was written", 2)
    except YamlError as exc:  # an army list or a scenario with errors: every problem
        for found in exc.problems:
            print(found, file=sys.stderr)
        return _fail("nothing was written")
    except (RefereeError, StoreError, ValueError) as exc:
        return _fail(str(exc))
    print(f"Created game {game_id}: {args.name} ({args.pack}), {label}")
    return 0


def run_battles(args: argparse.Namespace) -> int:
    """``eote-ref game battles [--pack P]``: the battles ready to start (P: AVlE's by default).

    EotE's are its shipped scenario files (those of ``scenario list`` whose lists are
    EotE's, no other pack's), started with ``game new --pack eote --scenario FILE``.
    """
    from eote_ref.packs.registry import DEFAULT_PACK
    from eote_ref.referee.pack_lists import pack_battles

    if args.pack == DEFAULT_PACK:
        from eote_ref.commands.scenario import list_scenarios

        return list_scenarios(args.pack)

    battles = pack_battles(args.pack)
    if not battles:
        return _fail(f"pack {args.pack} has no battles ready to start")
    for b in battles:
        whose = "the text's scenario" if b.kind == "text" else "historical lists"
        print(f"{b.key}: {b.title}")
        print(f"    {whose}; victory of scenario {b.scenario}")
        for name, paths in b.sides:
            print(f"    {name}: {', '.join(p.name for p in paths)}")
    return 0


def _open(args: argparse.Namespace, *, read_only: bool = False) -> Any:
    from eote_ref.store import open_from_args

    return open_from_args(args, read_only=read_only)


def run_show(args: argparse.Namespace) -> int:
    """``eote-ref game show ID``: the game as its pack keeps it, and what falls due."""
    from eote_ref.referee.errors import RefereeError
    from eote_ref.referee.headless import open_headless
    from eote_ref.store import StoreError

    try:
        with _open(args, read_only=True) as db:  # only reads: a full disk does not stop it
            lines = open_headless(db, args.game).show()
    except (RefereeError, StoreError, ValueError) as exc:
        return _fail(str(exc))
    print("\n".join(lines))
    return 0


def run_check(args: argparse.Namespace) -> int:
    """``eote-ref game check ID CHECK [--unit CODE|NAME] [--answer K=V] [--roll N=V]``."""
    from eote_ref.referee.errors import HeadlessInputError, RefereeError
    from eote_ref.referee.headless import Subject, open_headless
    from eote_ref.store import StoreError

    subject = Subject(args.unit, args.target, args.leader, args.side)
    try:
        with _open(args) as db:
            game = open_headless(db, args.game)
            done = game.check(args.check, subject, dict(args.answer), dict(args.roll))
    except HeadlessInputError as exc:
        return _fail(f"{exc}; nothing was written", 2)
    except (RefereeError, StoreError, ValueError) as exc:
        return _fail(str(exc))
    print(done.summary)
    if done.result is not None:
        print(json.dumps(done.result))
    for line in done.details:
        print(line)
    return 0


def run_house(args: argparse.Namespace) -> int:
    """``eote-ref game house ID FILE``: a club's house tables, one journal step."""
    from eote_ref.packs.house import load_house_tables
    from eote_ref.referee.errors import RefereeError
    from eote_ref.referee.pack_play import PackGameService
    from eote_ref.store import StoreError
    from eote_ref.yamlio.problems import YamlError

    if not args.remove and not args.file:
        return _fail("give the house table file, or --remove")
    try:
        with _open(args) as db:
            game = PackGameService(db, args.game)
            house = None if args.remove else load_house_tables(args.file, game.pack)
            game.set_house_tables(house)
    except YamlError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 1
    except (RefereeError, StoreError, ValueError) as exc:
        return _fail(str(exc))
    if house is None:
        print(f"Game {args.game}: house tables taken out")
    else:
        count = sum(len(c) for c in house.cells.values())
        print(f"Game {args.game}: house tables '{house.name}' in ({count} cells, house)")
    return 0


def run_undo(args: argparse.Namespace) -> int:
    """``eote-ref game undo ID [--steps N]``."""
    return _step(args, undo=True)


def run_redo(args: argparse.Namespace) -> int:
    """``eote-ref game redo ID [--steps N]``."""
    return _step(args, undo=False)


def _step(args: argparse.Namespace, *, undo: bool) -> int:
    from eote_ref.referee.errors import RefereeError
    from eote_ref.referee.headless import open_headless
    from eote_ref.store import StoreError

    try:
        with _open(args) as db:
            game = open_headless(db, args.game).service
            done = game.undo(args.steps) if undo else game.redo(args.steps)
    except (RefereeError, StoreError, ValueError) as exc:
        return _fail(str(exc))
    for line in done:
        print(("Undid: " if undo else "Redid: ") + line)
    return 0
