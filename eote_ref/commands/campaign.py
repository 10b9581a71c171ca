"""The ``eote-ref campaign`` sub-commands: list campaigns, write a report, export and import CSV."""

from __future__ import annotations

import argparse
import pathlib
import sys
from typing import Any

from eote_ref.referee.campaign import CampaignError, CampaignService, CsvImportError, csv_format
from eote_ref.referee.campaign.report import campaign_report_html
from eote_ref.store import StoreError, open_from_args


def register(subparsers: Any) -> None:
    """Add ``campaign`` and its sub-commands to the ``eote-ref`` parser.

    Args:
        subparsers: the object returned by ``ArgumentParser.add_subparsers``.
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "campaign",
        help="club campaigns: list, report, export and import",
        description="Work with the club campaigns kept in the database.",
    )
    sub = parser.add_subparsers(dest="campaign_command", metavar="ACTION", required=True)

    lst = sub.add_parser("list", help="list the campaigns", description="List every campaign.")
    lst.set_defaults(func=run_list)

    report = sub.add_parser(
        "report",
        help="write a campaign's HTML report",
        description="Write the league tables, battle list and charts of campaign NAME as one "
        "self-contained HTML file.",
    )
    report.add_argument("name", metavar="NAME", help="the campaign's name")
    report.add_argument("-o", "--output", metavar="FILE", required=True, help="the HTML file")
    report.set_defaults(func=run_report)

    export = sub.add_parser(
        "export",
        help="write a campaign's league tables and battle list as CSV",
        description="Write league.csv, league-armies.csv, league-nations.csv and battles.csv "
        "of campaign NAME into DIR.",
    )
    export.add_argument("name", metavar="NAME", help="the campaign's name")
    export.add_argument("--csv", metavar="DIR", required=True, help="the folder to write into")
    export.set_defaults(func=run_export)

    imp = sub.add_parser(
        "import",
        help="import battles from a CSV file",
        description="Add the battles of a CSV file (the format 'export' writes) to campaign "
        "NAME. Every bad row is reported by line and nothing is imported until the file is "
        "clean.",
    )
    imp.add_argument("name", metavar="NAME", help="the campaign's name")
    imp.add_argument("--csv", metavar="FILE", required=True, help="the battle-list CSV file")
    imp.set_defaults(func=run_import)


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 1


def run_list(args: argparse.Namespace) -> int:
    """``eote-ref campaign list``: one line per campaign (name, battles, points scheme)."""
    try:
        with open_from_args(args, read_only=True) as db:
            campaigns = CampaignService(db).list_campaigns()
    except StoreError as exc:
        return _fail(str(exc))
    if not campaigns:
        print("No campaigns.")
    for c in campaigns:
        p = c.points
        print(
            f"{c.name}\t{c.battles} battle{'s' if c.battles != 1 else ''}\t"
            f"points {p.win}/{p.draw}/{p.loss}\trecovery {c.recovery_percent}%"
        )
    return 0


def run_report(args: argparse.Namespace) -> int:
    """``eote-ref campaign report NAME -o FILE.html``."""
    output = pathlib.Path(args.output)
    try:
        with open_from_args(args, read_only=True) as db:
            svc = CampaignService(db)
            page = campaign_report_html(svc, svc.find(args.name))
    except (StoreError, CampaignError) as exc:
        return _fail(str(exc))
    try:
        output.write_text(page, encoding="utf-8")
    except OSError as exc:
        return _fail(f"cannot write {output}: {exc}")
    print(f"Wrote the report of {args.name!r} to {output}")
    return 0


def run_export(args: argparse.Namespace) -> int:
    """``eote-ref campaign export NAME --csv DIR``."""
    try:
        with open_from_args(args, read_only=True) as db:
            svc = CampaignService(db)
            files = svc.export_csv(svc.find(args.name), pathlib.Path(args.csv))
    except (StoreError, CampaignError) as exc:
        return _fail(str(exc))
    except OSError as exc:
        return _fail(f"cannot write {args.csv}: {exc}")
    for f in files:
        print(f"Wrote {f}")
    return 0


def run_import(args: argparse.Namespace) -> int:
    """``eote-ref campaign import NAME --csv FILE``."""
    try:
        raw = pathlib.Path(args.csv).read_bytes()
    except OSError as exc:
        return _fail(f"cannot read {args.csv}: {exc.strerror or exc}")
    try:
        text = csv_format.decode(raw)
    except csv_format.CsvFormatError as exc:
        for problem in exc.problems:
            print(f"{args.csv}:{problem.removeprefix('line ')}", file=sys.stderr)
        return _fail(f"{args.csv} was not imported")
    try:
        with open_from_args(args) as db:
            svc = CampaignService(db)
            n = svc.import_battles(svc.find(args.name), text)
    except CsvImportError as exc:
        for problem in exc.problems:
            print(f"{args.csv}:{problem.removeprefix('line ')}", file=sys.stderr)
        return _fail(f"{args.csv} was not imported")
    except (StoreError, CampaignError) as exc:
        return _fail(str(exc))
    print(f"Imported {n} battle{'s' if n != 1 else ''} into {args.name!r}")
    return 0
