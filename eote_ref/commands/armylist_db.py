"""The database side of ``eote-ref armylist import`` and ``armylist export``."""

from __future__ import annotations

import argparse
import pathlib
import sys

from eote_ref.armylists.loader import ArmyListError, load_any_army_list
from eote_ref.referee.rosters import (
    dump_any_army_list,
    export_any_army_list,
    import_any_army_list,
)
from eote_ref.store import StoreError, open_from_args
from eote_ref.store.rosters import roster_stored


def run_import(args: argparse.Namespace) -> int:
    """``eote-ref [--db FILE] armylist import FILE``: validate the file and store the list.

    A list of any pack (its ``ruleset:``): an AVlE list is stored whole, as its YAML.

    A stored list of the same name is replaced (games already set up keep their own copy).
    Returns 0 on success, 1 when the file has errors or the database cannot be opened.
    """
    try:
        result = load_any_army_list(args.file)
    except ArmyListError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"error: {args.file} was not imported", file=sys.stderr)
        return 1
    for warning in result.warnings:
        print(warning, file=sys.stderr)
    army_list = result.army_list
    try:
        with open_from_args(args) as db:
            replaced = roster_stored(db, army_list.name)
            import_any_army_list(db, result.pack, army_list, replace=True)
            where = db.path or db.url
    except (StoreError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    units = len(army_list.units() if callable(army_list.units) else army_list.units)
    verb = "Replaced" if replaced else "Imported"
    print(f"{verb} army list {army_list.name!r} ({units} units) in {where}")
    return 0


def run_export(args: argparse.Namespace) -> int:
    """``eote-ref [--db FILE] armylist export NAME -o FILE``: write a stored list as YAML.

    Returns 0 on success, 1 when the list is not stored or the database cannot be opened.
    """
    try:
        with open_from_args(args, read_only=True) as db:
            pack, army_list = export_any_army_list(db, args.name)
    except (StoreError, ArmyListError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    output = pathlib.Path(args.output)
    try:
        output.write_text(dump_any_army_list(pack, army_list), encoding="utf-8")
    except OSError as exc:
        print(f"error: cannot write {output}: {exc}", file=sys.stderr)
        return 1
    print(f"Exported army list {army_list.name!r} to {output}")
    return 0
