"""The ``eote-ref armylist`` sub-commands: validate army-list files, import and export them."""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Any

from eote_ref.armylists.loader import check_any_document, has_errors, pack_schema
from eote_ref.packs import registry
from eote_ref.yamlio.loader import load_file
from eote_ref.yamlio.problems import YamlError

#: The database side of ``armylist import`` and ``armylist export`` (written with the store).
_DB_MODULE = "eote_ref.commands.armylist_db"


def register(subparsers: Any) -> None:
    """Add ``armylist`` and its sub-commands to the ``eote-ref`` parser.

    Args:
        subparsers: the object returned by ``ArgumentParser.add_subparsers``.
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "armylist",
        help="validate, import and export army lists",
        description="Work with army-list YAML files (format: docs/army-list-format.md).",
    )
    sub = parser.add_subparsers(dest="armylist_command", metavar="ACTION", required=True)

    validate = sub.add_parser(
        "validate",
        help="check army-list files and report every problem",
        description="Check army-list files. Prints every problem as "
        "'file:line:column: severity: key.path: message' and 'OK: ...' for each file "
        "without errors. Exit status 1 when any file has an error (warnings alone give 0).",
    )
    validate.add_argument("files", nargs="+", metavar="FILE", help="army-list YAML files")
    validate.set_defaults(func=run_validate)

    imp = sub.add_parser(
        "import",
        help="import an army-list file into the database",
        description="Validate an army-list file and store it in the database: a list of any "
        "pack (its 'ruleset:'; an AVlE list is kept whole). A stored list of the same name is "
        "replaced.",
    )
    imp.add_argument("file", metavar="FILE", help="the army-list YAML file")
    imp.set_defaults(func=_run_import)

    exp = sub.add_parser(
        "export",
        help="write an army list from the database to a YAML file",
        description="Write the army list called NAME from the database to a YAML file.",
    )
    exp.add_argument("name", metavar="NAME", help="the army list's name in the database")
    exp.add_argument("-o", "--output", metavar="FILE", required=True, help="the YAML file to write")
    exp.set_defaults(func=_run_export)


def run_validate(args: argparse.Namespace) -> int:
    """``eote-ref armylist validate FILE...``: print every problem; 1 if any file has an error."""
    failed = False
    for file in args.files:
        try:
            pack, army_list, problems = check_any_document(load_file(file))
        except YamlError as exc:  # unreadable file or not YAML at all
            pack, army_list, problems = "", None, exc.problems
        for problem in problems:
            print(problem)
        if has_errors(problems) or army_list is None:
            failed = True
            continue
        if pack != registry.DEFAULT_PACK:
            schema = pack_schema(pack)
            print(f"OK: {file} ({pack}: {schema.summary(army_list)})")
            continue
        units = len(army_list.units())
        divisions = len(army_list.divisions())
        print(
            f"OK: {file} ({units} unit{'s' if units != 1 else ''}, "
            f"{divisions} division{'s' if divisions != 1 else ''})"
        )
    return 1 if failed else 0


def _db_command(name: str, args: argparse.Namespace) -> int:
    try:
        module = importlib.import_module(_DB_MODULE)
    except ModuleNotFoundError as exc:
        if exc.name != _DB_MODULE:
            raise
        print(
            f"error: 'armylist {args.armylist_command}' is not available in this build",
            file=sys.stderr,
        )
        return 2
    code: int = getattr(module, name)(args)
    return code


def _run_import(args: argparse.Namespace) -> int:
    return _db_command("run_import", args)


def _run_export(args: argparse.Namespace) -> int:
    return _db_command("run_export", args)
