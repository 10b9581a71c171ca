"""``eote-ref rule``: every pack's headless rules calculator (contract: shared/docs/RULE-CLI.md).

Reads one JSON situation on stdin and writes one JSON outcome on stdout. Bad input of any
kind exits 2 with ``{"error": ..., "field": ...}``; it never prints a traceback. This module
is the command and its arguments only: a pack with a calculator of its own (EotE's
:mod:`eote_ref.packs.eote.calculator`) is reached through the packs' registry
(:func:`~eote_ref.packs.registry.get_calculator`), any other on its declaration by
:mod:`eote_ref.commands.rule_pack`.
"""

from __future__ import annotations

import argparse

from eote_ref.packs import registry
from eote_ref.yamlio.rule_contract import usage_error


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``rule`` sub-command."""
    p = sub.add_parser(
        "rule",
        help="adjudicate one procedure: JSON situation on stdin, JSON outcome on stdout",
        description="Adjudicate one EotE procedure. Input: one JSON object on stdin.",
    )
    p.add_argument("procedure", nargs="?", help="the procedure, e.g. square, fire, assault")
    p.add_argument("--list", action="store_true", help="list every procedure and its fields")
    p.add_argument("--ruleset", metavar="FILE", help="a ruleset YAML file (default: EotE 6.2)")
    p.add_argument(
        "--pack",
        metavar="PACK",
        help=f"the ruleset pack: {' or '.join(registry.pack_ids())} (default "
        f"{registry.DEFAULT_PACK}; --pack PACK --list lists its procedures)",
    )
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="choose a ruleset option for this call (repeatable)",
    )
    p.add_argument("--seed", help="seed the engine's dice: a whole number (reproducible runs)")
    p.add_argument(
        "--house",
        metavar="FILE",
        help="a club's house table file for the pack's tables (with --pack; docs/PACKS.md)",
    )
    p.set_defaults(func=run)
    p.error = usage_error  # type: ignore[method-assign]


def run(args: argparse.Namespace) -> int:
    """Run the calculator of ``--pack`` (the default pack's without it); its exit code."""
    calculator = registry.get_calculator(getattr(args, "pack", None) or registry.DEFAULT_PACK)
    if calculator is None:  # a pack answered on its declaration
        from eote_ref.commands.rule_pack import run as run_pack

        return run_pack(args)
    code: int = calculator.run(args)
    return code
