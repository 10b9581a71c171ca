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


def register(subparsers: Any) -> None:
    """Add ``game`` and its sub-commands to the ``eote-ref`` parser."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "game",
        help="start and play a game of a pack from the command line (AVlE)",
        description="Start and play a game of a ruleset pack that declares its play (avle).",
    )
    sub = parser.add_subparsers(dest="game_command", metavar="ACTION", required=True)
    new = sub.add_parser("new", help="set a game up from army lists")
    new.add_argument("--pack", required=True, help="the pack (avle)")
    new.add_argument("--name", required=True, help="the game's name")
    new.add_argument(
        "--side",
        action="append",
        default=[],
        metavar="NAME=LIST[,LIST]",
        help="a side and its army-list files (twice)",
    )
    new.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a pack option"
    )
    new.add_argument("--scenario", help="the scenario whose victory conditions it takes")
    new.set_defaults(func=run_new)
    show = sub.add_parser("show", help="the turn, sides, units and what falls due")
    show.add_argument("game", type=int, metavar="ID")
    show.set_defaults(func=run_show)
    check = sub.add_parser("check", help="run one check of the pack as one journal step")
    check.add_argument("game", type=int, metavar="ID")
    check.add_argument("check", metavar="CHECK", help="the check's key (fire, round, ...)")
    check.add_argument("--unit", help="the unit the check is on (its name)")
    check.add_argument("--leader", help="the General the check is on (his name)")
    check.add_argument("--side", help="the side the check is on (its name)")
    check.add_argument("--answer", action="append", default=[], metavar="KEY=VALUE")
    check.add_argument("--roll", action="append", default=[], metavar="NAME=VALUE")
    check.set_defaults(func=run_check)
    for name in ("undo", "redo"):
        p = sub.add_parser(name, help=f"{name} journal steps")
        p.add_argument("game", type=int, metavar="ID")
        p.add_argument("--steps", type=int, default=1)
        p.set_defaults(func=run_undo if name == "undo" else run_redo)


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 1


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _pairs(items: list[str], what: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ValueError(f"{what} {item!r} is not NAME=VALUE")
        out[key] = _value(value)
    return out


def run_new(args: argparse.Namespace) -> int:
    """``eote-ref game new --pack avle --name N --side A=LIST --side B=LIST``."""
    from eote_ref.armylists.loader import ArmyListError
    from eote_ref.referee.errors import RefereeError
    from eote_ref.referee.pack_play import NewPackGame, PackGameService, new_pack_game
    from eote_ref.store import StoreError, open_from_args

    try:
        sides = {}
        for item in args.side:
            name, sep, files = item.partition("=")
            if not sep or not name or not files:
                return _fail(f"--side {item!r} is not NAME=LIST[,LIST]")
            if name in sides:
                return _fail(f"--side {name} is given twice: list its files in one, NAME=LIST,LIST")
            sides[name] = files.split(",")
        options = _pairs(args.option, "--option")
        with open_from_args(args) as db:
            spec = NewPackGame(args.name, args.pack, sides, options, args.scenario)
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


def _open(args: argparse.Namespace) -> Any:
    from eote_ref.store import open_from_args

    return open_from_args(args)


def run_show(args: argparse.Namespace) -> int:
    """``eote-ref game show ID``: the game as its pack keeps it, and what falls due."""
    from eote_ref.referee.errors import RefereeError
    from eote_ref.referee.pack_play import PackGameService
    from eote_ref.referee.pack_view import side_words, umpire_marker_words, unit_type_words
    from eote_ref.store import StoreError

    try:
        with _open(args) as db:
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
                print(f"    General {g.name} (id {g.id})" + (f"  {marks}" if marks else ""))
            for u in (u for u in state.units if u.command_id == command.id):
                marks = umpire_marker_words(units_spec, u.markers, u.type, state.turn)
                kind = unit_type_words(game, u.type)
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
        answers = _pairs(args.answer, "--answer")
        rolls = _pairs(args.roll, "--roll")
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
