"""``eote-ref game``: start and play a game of a pack with declared play, headless (AVlE).

``game new`` sets a game up from army lists; ``game show`` prints the turn, the sides, the
units with their markers and what falls due; ``game check`` runs one of the pack's checks
and writes it as one journal step; ``game undo`` and ``game redo`` step through the journal.
Values of ``--answer`` and ``--roll`` are read as JSON when they parse (``3``, ``true``,
``["flag","infantry"]``), else as text.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from eote_ref.commands.arguments import count, game_id


def register(subparsers: Any) -> None:
    """Add ``game`` and its sub-commands to the ``eote-ref`` parser."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "game",
        help="start and play a game of a pack from the command line (AVlE, VlE)",
        description="Start and play a game of a ruleset pack that declares its play (avle, vle).",
    )
    sub = parser.add_subparsers(dest="game_command", metavar="ACTION", required=True)
    new = sub.add_parser("new", help="set a game up from army lists")
    new.add_argument("--pack", required=True, help="the pack (avle, vle)")
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
        help="a battle ready to start (its lists, sides and victory; see 'game battles'), or "
        "with --side the scenario whose victory conditions the lists take",
    )
    new.set_defaults(func=run_new)
    battles = sub.add_parser(
        "battles",
        help="the battles ready to start: the text's scenarios and the historical lists",
        description="List the battles of a pack ready to start with 'game new --scenario KEY': "
        "each one's scenario, whose set-up it is (the rules text's, or historical lists) and "
        "its sides' army lists.",
    )
    battles.add_argument("--pack", default="avle", help="the pack (avle)")
    battles.set_defaults(func=run_battles)
    show = sub.add_parser("show", help="the turn, sides, units and what falls due")
    show.add_argument("game", type=game_id, metavar="ID")
    show.set_defaults(func=run_show)
    check = sub.add_parser("check", help="run one check of the pack as one journal step")
    check.add_argument("game", type=game_id, metavar="ID")
    check.add_argument("check", metavar="CHECK", help="the check's key (fire, round, ...)")
    check.add_argument("--unit", help="the unit the check is on (its name)")
    check.add_argument("--leader", help="the General the check is on (his name)")
    check.add_argument("--side", help="the side the check is on (its name)")
    check.add_argument("--answer", action="append", default=[], metavar="KEY=VALUE", type=_pair)
    check.add_argument("--roll", action="append", default=[], metavar="NAME=VALUE", type=_pair)
    check.set_defaults(func=run_check)
    house = sub.add_parser(
        "house", help="put a club's house table file in the game (its cells, 'house')"
    )
    house.add_argument("game", type=int, metavar="ID")
    house.add_argument("file", nargs="?", metavar="FILE", help="the house table file (YAML)")
    house.add_argument("--remove", action="store_true", help="take the house tables out")
    house.set_defaults(func=run_house)
    for name in ("undo", "redo"):
        p = sub.add_parser(name, help=f"{name} journal steps")
        p.add_argument("game", type=game_id, metavar="ID")
        p.add_argument("--steps", type=count, default=1)
        p.set_defaults(func=run_undo if name == "undo" else run_redo)


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 1


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


def run_new(args: argparse.Namespace) -> int:
    """``eote-ref game new --pack avle --name N --side A=LIST --side B=LIST``.

    ``--scenario KEY`` of a ready battle (``game battles``) without ``--side`` takes its lists.
    """
    from eote_ref.armylists.loader import ArmyListError
    from eote_ref.referee.errors import RefereeError
    from eote_ref.referee.pack_lists import pack_battles
    from eote_ref.referee.pack_play import NewPackGame, PackGameService, new_pack_game
    from eote_ref.store import StoreError, open_from_args

    try:
        sides: dict[str, list[str]] = {}
        scenario = args.scenario
        battle = {b.key: b for b in pack_battles(args.pack)}.get(scenario or "")
        if battle is not None:
            scenario = battle.scenario
            if not args.side:  # the battle's own lists and sides
                sides = {name: [str(p) for p in paths] for name, paths in battle.sides}
        for item in args.side:
            name, sep, files = item.partition("=")
            if not sep or not name or not files:
                return _fail(f"--side {item!r} is not NAME=LIST[,LIST]")
            if name in sides:
                return _fail(f"--side {name} is given twice: list its files in one, NAME=LIST,LIST")
            sides[name] = files.split(",")
        options = dict(args.option)
        with open_from_args(args) as db:
            spec = NewPackGame(args.name, args.pack, sides, options, scenario)
            game_id = new_pack_game(db, spec)
            label = PackGameService(db, game_id).turn_label()
    except ArmyListError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 1
    except (RefereeError, StoreError, ValueError) as exc:
        return _fail(str(exc))
    print(f"Created game {game_id}: {args.name} ({args.pack}), {label}")
    return 0


def run_battles(args: argparse.Namespace) -> int:
    """``eote-ref game battles [--pack avle]``: the battles ready to start."""
    from eote_ref.referee.pack_lists import pack_battles

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
    from eote_ref.referee.pack_play import PackGameService
    from eote_ref.referee.pack_view import side_words, umpire_marker_words
    from eote_ref.store import StoreError

    try:
        with _open(args, read_only=True) as db:  # only reads: a full disk does not stop it
            game = PackGameService(db, args.game)
            state = game.state()
            due = game.due(state)
            label = game.turn_label(state)
    except (RefereeError, StoreError, ValueError) as exc:
        return _fail(str(exc))
    print(f"{state.name}: {label}")
    units_spec = tuple(getattr(game.pack, "unit_markers", ()))
    leaders_spec = tuple(getattr(game.pack, "leader_markers", ()))
    for side in state.sides:
        words = [w for k, v in side.pack_state.items() if (w := side_words(game, k, v))]
        print(f"\n{side.name}" + (f"  ({'; '.join(words)})" if words else ""))
        for command in (c for c in state.commands if c.side_id == side.id):
            print(f"  {command.name}")
            for g in (g for g in state.leaders if g.command_id == command.id):
                marks = umpire_marker_words(leaders_spec, g.markers, turn=state.turn)
                level = g.level.replace("_", " ").capitalize()  # the pack's word (a General)
                print(f"    {level} {g.name} (id {g.id})" + (f"  {marks}" if marks else ""))
            for u in (u for u in state.units if u.command_id == command.id):
                marks = umpire_marker_words(units_spec, u.markers, u.type, state.turn)
                kind = u.type.replace("_", " ")
                print(f"    {u.name} (id {u.id}, {kind})" + (f"  {marks}" if marks else ""))
    print("\nDue:")
    for d in due:
        target = " ".join(f"{k}={v}" for k, v in d.target.items())
        print(f"  {d.check} ({d.rule}): {d.label}" + (f"  [{target}]" if target else ""))
    return 0


def run_check(args: argparse.Namespace) -> int:
    """``eote-ref game check ID CHECK [--unit NAME] [--answer K=V] [--roll N=V]``."""
    from eote_ref.referee.errors import RefereeError
    from eote_ref.referee.pack_play import PackGameService
    from eote_ref.store import StoreError

    try:
        answers = dict(args.answer)
        rolls = dict(args.roll)
        with _open(args) as db:
            game = PackGameService(db, args.game)
            state = game.state()
            target: dict[str, int] = {}
            for key, name, rows in (
                ("unit_id", args.unit, state.units),
                ("leader_id", args.leader, state.leaders),
                ("side_id", args.side, state.sides),
            ):
                if name is not None:
                    found = [r.id for r in rows if r.name == name]
                    if not found:
                        return _fail(f"no {key[:-3]} called {name!r}")
                    target[key] = found[0]
            check = game.open_check(args.check, **target)
            names = {u.name: u.id for u in state.units}
            for key, value in list(answers.items()):
                # A side's question may be named by the side: card_French for card_1.
                for side in state.sides:
                    if key.endswith(f"_{side.name}"):
                        answers.pop(key)
                        key = key[: -len(side.name)] + str(side.id)
                        answers[key] = value
            for key, value in answers.items():
                # A unit asked for may be named: --answer target_unit="Kempt's brigade".
                if isinstance(value, str) and value in names:
                    value = names[value]
                check.set(key, value)
            outcome = check.apply(rolls)
            summary = check.last_summary
    except (RefereeError, StoreError, ValueError) as exc:
        return _fail(str(exc))
    print(summary)
    if outcome is not None:
        print(json.dumps({"result": outcome.result, "modified": outcome.modified}))
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
    from eote_ref.referee.pack_play import PackGameService
    from eote_ref.store import StoreError

    try:
        with _open(args) as db:
            game = PackGameService(db, args.game)
            done = game.undo(args.steps) if undo else game.redo(args.steps)
    except (RefereeError, StoreError, ValueError) as exc:
        return _fail(str(exc))
    for line in done:
        print(("Undid: " if undo else "Redid: ") + line)
    return 0
