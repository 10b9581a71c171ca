"""The ``eote-ref print`` sub-commands: record sheets, the quick reference and the battle report."""

from __future__ import annotations

import argparse
import pathlib
import sys
from typing import Any

from eote_ref.armylists.loader import ArmyListError, load_any_army_list, pack_schema
from eote_ref.packs import registry
from eote_ref.packs.outcome import PackError
from eote_ref.referee.setup import FIGURE_SCALES
from eote_ref.yamlio.problems import YamlError


def register(subparsers: Any) -> None:
    """Add ``print`` and its sub-commands to the ``eote-ref`` parser.

    Args:
        subparsers: the object returned by ``ArgumentParser.add_subparsers``.
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "print",
        help="print record sheets, the quick reference or a battle report to PDF",
        description="Write printable PDFs. The paper is US Letter in US and Canadian-style "
        "locales and A4 elsewhere, unless --paper says otherwise.",
    )
    sub = parser.add_subparsers(dest="print_command", metavar="WHAT", required=True)

    def common(p: argparse.ArgumentParser, suffix: str = ".pdf") -> None:
        p.add_argument(
            "-o", "--output", metavar="OUT", required=True, help=f"the file to write ({suffix})"
        )
        p.add_argument(
            "--paper", choices=("a4", "letter"), help="paper size (default: from the locale)"
        )

    roster = sub.add_parser(
        "roster",
        help="record sheets of an army list, divisions packed onto landscape pages",
        description="Record sheets of an army-list YAML file: divisions packed onto "
        "landscape pages (never split), each with its leader's command radius, a tracking "
        "strip for orders, falling back, integrity checks and the leader, and each unit's CE, "
        "skirmish ability, movement allowances and boxes for hits, disorder, blown and rout. "
        "A list of another pack (its 'ruleset:', e.g. avle-1.2) prints that pack's record "
        "sheets: for AVlE, one section a sector with the stats and a box for every element.",
    )
    roster.add_argument("file", metavar="FILE", help="the army-list YAML file")
    roster.add_argument("--scale", choices=FIGURE_SCALES, default="15mm", help="figure scale")
    roster.add_argument("--ruleset", metavar="FILE", help="a club's edited ruleset YAML")
    common(roster)
    roster.set_defaults(func=run_roster)

    qrs = sub.add_parser(
        "qrs",
        help="the one-page quick reference sheet of the ruleset",
        description="The quick reference sheet of the shipped ruleset or of a club's edited "
        "copy; provisional values are marked with a dagger, house values with a double one.",
    )
    qrs.add_argument("--ruleset", metavar="FILE", help="a club's edited ruleset YAML")
    qrs.add_argument("--scale", choices=FIGURE_SCALES, default="15mm", help="figure scale")
    qrs.add_argument(
        "--pack",
        choices=registry.pack_ids(),
        default=registry.DEFAULT_PACK,
        help="the ruleset pack: another than the default prints the reference sheet generated "
        "from that pack's tables",
    )
    qrs.add_argument(
        "--generated",
        action="store_true",
        help="the reference sheet generated from the pack's tables, each by its kind, for the "
        "default pack too (EotE's own sheet otherwise)",
    )
    common(qrs)
    qrs.set_defaults(func=run_qrs)

    cards = sub.add_parser(
        "cards",
        help="a command-card tracker for each player (packs with cards, e.g. AVlE)",
        description="A card tracker for the player of each army list given: the hand of each "
        "turn and the card, command dice and orders of each round, one player after another.",
    )
    cards.add_argument(
        "files", nargs="+", metavar="FILE", help="army-list YAML files, one a player"
    )
    common(cards)
    cards.set_defaults(func=run_cards)

    report = sub.add_parser(
        "report",
        help="the after-action report of a game (PDF, or HTML for an .html output)",
        description="The after-action report of a game in the database given by --db: the "
        "battle turn by turn from its journal, summary tables and a losses-per-turn chart. "
        "An output ending in .html is written as one self-contained HTML file.",
    )
    report.add_argument("game", metavar="GAME", help="the game's id or name")
    common(report, ".pdf or .html")
    report.set_defaults(func=run_report)

    sheets = sub.add_parser(
        "sheets",
        help="record sheets of a game's divisions, markers as they stand",
        description="Record sheets of every division of a game in the database given by --db.",
    )
    sheets.add_argument("game", metavar="GAME", help="the game's id or name")
    sheets.add_argument(
        "--sheet",
        metavar="TITLE",
        help="for a game of a pack with its own sheets (AVlE: 'record sheets', 'card "
        "trackers'), which one (default: its first)",
    )
    common(sheets)
    sheets.set_defaults(func=run_game_sheets)

    labels = sub.add_parser(
        "labels",
        help="base labels of a game's units (any pack's): each unit's code, name and command",
        description="A label per unit of a game in the database given by --db, its code "
        "large (the code every picker takes), to cut out and stick under the figures.",
    )
    labels.add_argument("game", metavar="GAME", help="the game's id or name")
    common(labels)
    labels.set_defaults(func=run_labels)


def _printing() -> Any:
    """The Qt printing module, with a (headless if need be) Qt application running."""
    from eote_ref.ui import printing

    printing.ensure_gui_app()
    return printing


def _ruleset(file: str | None) -> Any:
    from eote_ref.referee.game_rules import eote_ruleset_file

    return eote_ruleset_file(file)


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 1


def _load_lists(files: list[str]) -> list[Any] | None:
    """The army lists of ``files`` (any pack), or None after printing every problem."""
    loaded, failed = [], False
    for file in files:
        try:
            loaded.append(load_any_army_list(file))
        except (ArmyListError, YamlError) as exc:
            for problem in exc.problems:
                print(problem, file=sys.stderr)
            failed = True
        except OSError as exc:
            print(f"error: {exc}", file=sys.stderr)
            failed = True
    return None if failed else loaded


def _write_html(html: str, output: str, paper: str | None, title: str) -> int:
    printing = _printing()
    pages: int = printing.write_pdf(
        html, output, size=printing.page_size(paper), landscape=True, title=title
    )
    return pages


def run_roster(args: argparse.Namespace) -> int:
    """``eote-ref print roster FILE -o OUT.pdf``; 1 when the list or ruleset has errors."""
    lists = _load_lists([args.file])
    if lists is None:
        return _fail("nothing was printed")
    if lists[0].pack != registry.DEFAULT_PACK:
        if args.ruleset:
            return _fail("--ruleset is an EotE ruleset file; this list is for another pack")
        schema = pack_schema(lists[0].pack)
        html = schema.record_sheets_html(lists[0].army_list)
        pages = _write_html(
            html, args.output, args.paper, f"{lists[0].army_list.name} record sheet"
        )
        print(f"Wrote {pages} page{'s' if pages != 1 else ''} of record sheets to {args.output}")
        return 0
    from eote_ref.referee.game_rules import RulesetError, eote_rules

    try:
        army_list = lists[0].army_list
        base = _ruleset(args.ruleset) if args.ruleset else None
        ruleset = eote_rules(army_list.ruleset, base=base, what="the army list")
    except RulesetError as exc:
        return _fail(f"{exc}. Nothing was printed.")
    except (ArmyListError, YamlError) as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return _fail("nothing was printed")
    except OSError as exc:
        return _fail(str(exc))
    printing = _printing()
    pages = printing.print_record_sheets_for_list(
        army_list,
        ruleset,
        args.output,
        figure_scale=args.scale,
        size=printing.page_size(args.paper),
    )
    print(f"Wrote {pages} page{'s' if pages != 1 else ''} of record sheets to {args.output}")
    return 0


def run_qrs(args: argparse.Namespace) -> int:
    """``eote-ref print qrs -o OUT.pdf [--ruleset FILE] [--pack PACK]``; 1 on errors."""
    if args.pack != registry.DEFAULT_PACK or args.generated:
        if args.ruleset:
            other = args.pack != registry.DEFAULT_PACK
            with_what = f"--pack {args.pack}" if other else "--generated"
            return _fail(f"--ruleset is an EotE ruleset file; it cannot go with {with_what}")
        from eote_ref.packs.printed import reference_sheet_html

        pack = registry.get_pack(args.pack)
        pages = _write_html(
            reference_sheet_html(pack), args.output, args.paper, f"{pack.title} reference sheet"
        )
        print(
            f"Wrote the reference sheet ({pages} page{'s' if pages != 1 else ''}) to {args.output}"
        )
        return 0
    try:
        ruleset = _ruleset(args.ruleset)
    except YamlError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return _fail("nothing was printed")
    except (OSError, PackError) as exc:
        return _fail(str(exc))
    printing = _printing()
    pages = printing.print_quick_reference(
        ruleset,
        args.output,
        figure_scale=args.scale,
        size=printing.page_size(args.paper),
        pack=args.pack,
    )
    print(f"Wrote the quick reference ({pages} page{'s' if pages != 1 else ''}) to {args.output}")
    return 0


def run_cards(args: argparse.Namespace) -> int:
    """``eote-ref print cards FILE... -o OUT.pdf``: a card tracker a player; 1 on errors."""
    lists = _load_lists(args.files)
    if lists is None:
        return _fail("nothing was printed")
    pages_html = []
    for file, loaded in zip(args.files, lists, strict=True):
        pack = registry.get_pack(loaded.pack)
        tracker = pack.army_list.card_tracker_html if pack.army_list else None
        if tracker is None:
            return _fail(f"{file}: {pack.title} has no command cards; nothing was printed")
        pages_html.append(tracker(loaded.army_list))
    pages = _write_html(_joined(pages_html), args.output, args.paper, "card trackers")
    print(
        f"Wrote {len(lists)} card tracker{'s' if len(lists) != 1 else ''} "
        f"({pages} page{'s' if pages != 1 else ''}) to {args.output}"
    )
    return 0


def _joined(pages: list[str]) -> str:
    """Whole HTML pages as one document, each after a page break."""
    import re

    bodies = [re.search(r"<body>(.*)</body>", p, re.S) for p in pages]
    head = pages[0].split("<body>", 1)[0]
    brk = '<p style="page-break-before: always; margin: 0"></p>'
    return head + "<body>" + brk.join(b.group(1) for b in bodies if b) + "</body></html>"


def _open_game(args: argparse.Namespace) -> Any:
    """The database and the game's service for ``args.game`` (an id or a name)."""
    from eote_ref.referee.game import GameService
    from eote_ref.referee.session import list_games
    from eote_ref.store import open_from_args

    db = open_from_args(args, read_only=True)
    try:
        games = list_games(db)
    except BaseException:
        db.close()
        raise
    wanted = str(args.game)
    match = [g for g in games if str(g.id) == wanted] or [g for g in games if g.name == wanted]
    if not match:
        db.close()
        known = "; ".join(f"{g.id}: {g.name}" for g in games) or "none"
        raise LookupError(f"no game {wanted!r} in the database (games: {known})")
    try:
        return db, GameService(db, match[0].id)
    except BaseException:
        db.close()
        raise


#: What reading a database edited by hand raises: values of the wrong type or out of their
#: sets (an unknown phase, text where a number belongs, broken JSON).
_BAD_DATA = (ValueError, TypeError, LookupError)


def _bad_data(exc: BaseException) -> int:
    return _fail(
        f"the database holds a value eote-ref cannot read ({type(exc).__name__}: {exc}); "
        "was it edited by hand? Nothing was printed."
    )


def _pack_game_labels(args: argparse.Namespace, refused: BaseException) -> int:
    """The base labels of a game of a pack with declared play: a unit each, its code large.

    The labels are the engine's (:func:`~eote_ref.referee.pack_view.game_labels`), as the
    app's Game menu prints them; a game its pack cannot read is refused as before.
    """
    from eote_ref.referee.pack_play import PackGameService
    from eote_ref.referee.pack_view import game_labels_html
    from eote_ref.referee.session import list_games
    from eote_ref.store import open_from_args

    db = open_from_args(args, read_only=True)
    try:
        wanted = str(args.game)
        games = list_games(db)
        match = [g for g in games if str(g.id) == wanted] or [g for g in games if g.name == wanted]
        try:
            service = PackGameService(db, match[0].id)
            html = game_labels_html(service)
            name = service.state().name
        except _BAD_DATA:
            return _refused(refused)
        printing = _printing()
        pages = printing.write_pdf(
            html, args.output, size=printing.page_size(args.paper), title=f"{name} base labels"
        )
    finally:
        db.close()
    print(f"Wrote {pages} page{'s' if pages != 1 else ''} of base labels to {args.output}")
    return 0


def _pack_game_sheets(args: argparse.Namespace, refused: BaseException) -> int:
    """A game of a pack with its own printed sheets: the one ``--sheet`` names, as it stands.

    The sheets come from the pack's declaration (``game_sheets``) through the referee's pack
    view, as the app's Game menu prints them; a pack with none is refused as before.
    """
    from eote_ref.referee.pack_play import PackGameService
    from eote_ref.referee.pack_view import game_sheet_html, game_sheet_titles
    from eote_ref.referee.session import list_games
    from eote_ref.store import open_from_args

    db = open_from_args(args, read_only=True)
    try:
        wanted = str(args.game)
        games = list_games(db)
        match = [g for g in games if str(g.id) == wanted] or [g for g in games if g.name == wanted]
        try:  # a game whose rows its pack cannot read (edited by hand) is refused as before
            service = PackGameService(db, match[0].id)
            titles = game_sheet_titles(service)
            title = args.sheet or (titles[0] if titles else "")
            html = game_sheet_html(service, title) if title in titles else ""
        except _BAD_DATA:
            return _refused(refused)
        if not titles:
            return _refused(refused)
        if not html:
            return _fail(f"no sheet {title!r} for this game (its sheets: {', '.join(titles)})")
        printing = _printing()
        pages = printing.write_pdf(
            html,
            args.output,
            size=printing.page_size(args.paper),
            landscape=True,
            title=f"{service.state().name} {title}",
        )
    finally:
        db.close()
    print(f"Wrote {pages} page{'s' if pages != 1 else ''} of {title} to {args.output}")
    return 0


def _refused(exc: BaseException) -> int:
    """A game of another pack, or of a ruleset no pack has, said so; else bad data."""
    from eote_ref.referee.game_rules import RulesetError

    if isinstance(exc, RulesetError):
        return _fail(f"{exc}. Nothing was printed.")
    return _bad_data(exc)


def run_report(args: argparse.Namespace) -> int:
    """``eote-ref [--db FILE] print report GAME -o OUT.pdf|OUT.html``."""
    from eote_ref.store import StoreError

    try:
        db, game = _open_game(args)
    except StoreError as exc:
        return _fail(str(exc))
    except LookupError as exc:
        return _fail(str(exc)) if not isinstance(exc, KeyError) else _bad_data(exc)
    except _BAD_DATA as exc:
        return _refused(exc)
    try:
        return _write_report(args, game)
    except _BAD_DATA as exc:
        return _bad_data(exc)
    finally:
        db.close()


def _write_report(args: argparse.Namespace, game: Any) -> int:
    printing = _printing()
    out = pathlib.Path(args.output)
    if out.suffix.lower() in (".html", ".htm"):
        printing.write_report_html(game, out)
        print(f"Wrote the after-action report to {out}")
    else:
        pages = printing.print_report(game, out, size=printing.page_size(args.paper))
        print(f"Wrote the after-action report ({pages} pages) to {out}")
    return 0


def run_labels(args: argparse.Namespace) -> int:
    """``eote-ref [--db FILE] print labels GAME -o OUT.pdf``."""
    return run_game_sheets(args, what="labels")


def run_game_sheets(args: argparse.Namespace, what: str = "sheets") -> int:
    """``eote-ref [--db FILE] print sheets GAME -o OUT.pdf``."""
    from eote_ref.referee.game_rules import OtherPackGame
    from eote_ref.store import StoreError

    try:
        db, game = _open_game(args)
    except StoreError as exc:
        return _fail(str(exc))
    except OtherPackGame as exc:
        if what == "sheets":
            return _pack_game_sheets(args, exc)
        if what == "labels":
            return _pack_game_labels(args, exc)
        return _refused(exc)
    except LookupError as exc:
        return _fail(str(exc)) if not isinstance(exc, KeyError) else _bad_data(exc)
    except _BAD_DATA as exc:
        return _refused(exc)
    try:
        printing = _printing()
        write = (
            printing.print_unit_labels
            if what == "labels"
            else printing.print_record_sheets_for_game
        )
        pages = write(game, args.output, size=printing.page_size(args.paper))
    except _BAD_DATA as exc:
        return _bad_data(exc)
    finally:
        db.close()
    kind = "base labels" if what == "labels" else "record sheets"
    print(f"Wrote {pages} page{'s' if pages != 1 else ''} of {kind} to {args.output}")
    return 0
