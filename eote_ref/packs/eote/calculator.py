"""EotE's calculator: ``eote-ref rule`` for EotE's engine (contract: shared/docs/RULE-CLI.md).

Reads one JSON situation on stdin and writes one JSON outcome on stdout. Bad input of any
kind exits 2 with ``{"error": ..., "field": ...}``; it never prints a traceback. The command
and its arguments are the shared :mod:`eote_ref.commands.rule`'s, which reaches this module
through the packs' registry (:func:`eote_ref.packs.registry.get_calculator`); another pack's
calculator is :mod:`eote_ref.commands.rule_pack`, on the same contract.
"""

from __future__ import annotations

import argparse
import dataclasses
import typing
from typing import Any

from eote_ref.packs.eote.rules.core import RulesError
from eote_ref.packs.eote.rules.dice import EnteredDice, RandomDice
from eote_ref.packs.eote.rules.procedures import PROCEDURES, Procedure
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.rules.units import Unit
from eote_ref.packs.eote.rulesets import load_ruleset
from eote_ref.yamlio.document import Document
from eote_ref.yamlio.problems import YamlError, path_text
from eote_ref.yamlio.rule_contract import (  # the contract's pieces every pack shares
    InputError,
    _emit,
    _error,
    _read_stdin,
    options_of,
    parse_seed,
    read_situation,
    stable,
)
from eote_ref.yamlio.typed import parse

UNIT_FIELDS = {f.name for f in dataclasses.fields(Unit)}


def run(args: argparse.Namespace) -> int:
    """Run the calculator; returns 0, or 2 on bad input (1 on an internal fault)."""
    if getattr(args, "pack", None) not in (None, "eote"):  # cli.main sends these to rule_pack
        _emit(_error(f"pack '{args.pack}' is answered by eote_ref.commands.rule_pack", "pack"))
        return 2
    if getattr(args, "house", None):
        _emit(_error("--house takes a pack's house table file; give it with --pack", "house"))
        return 2
    try:
        if args.list:
            _emit(describe_all())
            return 0
        if not args.procedure:
            raise InputError("name a procedure (see --list)", "procedure")
        seed = parse_seed(args.seed)
        outcome = adjudicate(args.procedure, _read_stdin(), args.ruleset, args.option, seed=seed)
    except (InputError, RulesError) as exc:
        _emit(_error(str(exc), exc.field, getattr(exc, "rule", None)))
        return 2
    except YamlError as exc:
        first = exc.problems[0]
        field = path_text(first.path) if first.path else None
        _emit(_error("; ".join(p.message for p in exc.problems), field))
        return 2
    except Exception as exc:  # noqa: BLE001 - the contract: never a traceback
        _emit(_error(f"internal error: {exc!r}", None))
        return 1
    try:
        _emit(outcome)
    except ValueError as exc:  # a non-finite number in an outcome: never bare NaN on stdout
        _emit(_error(f"internal error: {exc}", None))
        return 1
    return 0


def load(ruleset_file: str | None, options: list[str]) -> Ruleset:
    """The ruleset for this call, with ``NAME=VALUE`` options applied."""
    try:
        rs = load_ruleset(ruleset_file)
    except YamlError as exc:
        raise InputError(f"ruleset file is not valid: {exc}", "ruleset") from exc
    try:
        return rs.with_options(options_of(options))
    except RulesError as exc:
        raise InputError(str(exc), exc.field) from exc


def adjudicate(
    name: str,
    text: str,
    ruleset_file: str | None = None,
    options: list[str] | None = None,
    seed: int | None = None,
) -> dict[str, Any]:
    """Parse a JSON situation for procedure ``name``, resolve it and return the JSON outcome."""
    if name not in PROCEDURES:
        known = ", ".join(PROCEDURES)
        raise InputError(f"unknown procedure '{name}' (known: {known})", "procedure")
    proc = PROCEDURES[name]
    rs = load(ruleset_file, options or [])
    data = read_situation(text)
    check_nations(data, (), known_nations(rs))
    rolls = {r: data.pop(r) for r in proc.rolls if r in data and data[r] is not None}
    for r in proc.rolls:
        data.pop(r, None)
    situation = parse_situation(proc, data)
    dice = EnteredDice(rolls, fallback=RandomDice(seed))
    return stable(proc.run(situation, rs, dice).to_json())


#: The nation a situation gives for any nation the rules rate as "other nations" (EotE 5.5.1).
OTHER_NATION = "other"


def known_nations(rs: Ruleset) -> frozenset[str]:
    """The nations the calculator takes.

    Those the ruleset rates by name (its skirmish table), the army lists' nations, and
    ``"other"``.
    """
    from eote_ref.packs.eote.rules.units import (  # not the skirmish procedure
        KNOWN_NATIONS,
        NOT_NATIONS,
    )

    rated = {k for k in rs.skirmish if k not in NOT_NATIONS}
    return KNOWN_NATIONS | rated | {OTHER_NATION}


def check_nations(data: Any, path: tuple[str | int, ...], known: frozenset[str]) -> None:
    """Every ``nation`` given is one the rules know, or ``"other"`` on purpose.

    A typo ("fr[nch", "britsh") or an empty text would otherwise be rated silently as one of
    the "other nations" of EotE 5.5.1. Case and surrounding spaces are forgiven, as the engine
    forgives them. A nation left out keeps the documented default.
    """
    if isinstance(data, dict):
        for key, value in data.items():
            where = (*path, key)
            if key == "nation" and isinstance(value, str):
                if value.strip().lower() not in known:
                    names = ", ".join(sorted(known - {OTHER_NATION}))
                    raise InputError(
                        f"{path_text(where)}: {value[:40]!r} is not a nation the rules know "
                        f'({names}); give "{OTHER_NATION}" for any other nation, rated as '
                        "the other nations are (EotE 5.5.1)",
                        path_text(where),
                    )
            else:
                check_nations(value, where, known)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            check_nations(value, (*path, i), known)


def parse_situation(proc: Procedure, data: dict[str, Any]) -> Any:
    """Turn the JSON object into the procedure's situation dataclass (strict)."""
    if proc.unit_at_top:
        if "unit" in data:  # the unit's fields are written at the top level (RULE-CLI.md)
            raise InputError(_unknown_field_message("unit", procedure_fields(proc)), "unit")
        unit = {k: data.pop(k) for k in list(data) if k in UNIT_FIELDS}
        if proc.implied_arm:
            arm = unit.setdefault("arm", proc.implied_arm)
            if arm != proc.implied_arm:
                raise RulesError(f"{proc.name} is for {proc.implied_arm} only", "arm", proc.rule)
        data = {**data, "unit": unit}
    doc = Document("<stdin>", data)
    try:
        return parse(proc.situation, doc)
    except YamlError as exc:
        first = exc.problems[0]
        path = first.path
        if proc.unit_at_top and path[:1] == ("unit",):
            path = path[1:]
        text = path_text(path) if path else None
        msg = first.message
        if first.message.startswith("missing key"):
            key = first.message.split("'")[1]
            msg = first.message.replace("missing key", "missing field")
            if text:
                msg = f"{text}: {msg}"
            text = path_text((*path, key))
        elif first.message.startswith("unknown key"):
            if len(path) == 1:  # a top-level field: list the procedure's fields as --list does
                msg = _unknown_field_message(str(path[-1]), procedure_fields(proc))
            else:  # inside a unit, a side, a support: list the fields of that object
                known = first.message.partition("known keys: ")[2].rstrip(")")
                where = path_text(path[:-1])
                msg = f"{where}: unknown field '{path[-1]}' (known fields: {known})"
        elif text and text not in msg:
            msg = f"{text}: {msg}"
        raise InputError(msg, text) from exc


def _unknown_field_message(name: str, fields: list[dict[str, Any]]) -> str:
    known = ", ".join(f["name"] for f in fields)
    return f"unknown field '{name}' (known fields: {known})"


def _type_text(tp: Any) -> str:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is list:
        return f"list of {_type_text(args[0])}"
    if origin is dict:
        return f"object of {_type_text(args[1])}"
    if args and type(None) in args:
        inner = [a for a in args if a is not type(None)]
        return f"{_type_text(inner[0])} or null"
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return "object"
    if isinstance(tp, type) and hasattr(tp, "__members__"):
        return " | ".join(m.value for m in tp)  # type: ignore[attr-defined]
    return {int: "int", float: "number", str: "string", bool: "bool"}.get(tp, str(tp))


def _nested_dataclass(tp: Any) -> type[Any] | None:
    """The dataclass a field holds, directly or in a list, an object's values or an optional."""
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return tp
    for arg in typing.get_args(tp):
        found = _nested_dataclass(arg)
        if found is not None:
            return found
    return None


def describe_fields(cls: type[Any], skip: set[str] | None = None) -> list[dict[str, Any]]:
    """Fields of a situation dataclass: name, type, required or default."""
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        if skip and f.name in skip:
            continue
        entry: dict[str, Any] = {"name": f.name, "type": _type_text(hints[f.name])}
        if f.default is not dataclasses.MISSING:
            d = f.default
            entry["default"] = getattr(d, "value", d)
        elif f.default_factory is not dataclasses.MISSING:
            entry["default"] = f.default_factory()
        else:
            entry["required"] = True
        nested = _nested_dataclass(hints[f.name])
        if nested is not None:  # a unit, a side, a support: list its own fields too
            entry["fields"] = describe_fields(nested)
        out.append(entry)
    return out


def procedure_fields(p: Procedure) -> list[dict[str, Any]]:
    """The input fields of a procedure as written in JSON (unit fields flattened where so)."""
    fields = describe_fields(p.situation, {"unit"} if p.unit_at_top else None)
    if p.unit_at_top:
        unit_fields = describe_fields(Unit)
        if p.implied_arm:
            for f in unit_fields:
                if f["name"] == "arm":
                    f.pop("required", None)
                    f["default"] = p.implied_arm
        fields = unit_fields + fields
    return fields + [{"name": r, "type": "int (a die you rolled; omit to roll)"} for r in p.rolls]


def describe_all() -> dict[str, Any]:
    """The ``--list`` output: every procedure with its input fields and rolls."""
    procs = []
    for p in PROCEDURES.values():
        fields = procedure_fields(p)
        procs.append(
            {
                "name": p.name,
                "rule": p.rule,
                "summary": p.summary,
                "fields": fields,
                "rolls": list(p.rolls),
            }
        )
    unit = describe_fields(Unit)
    return {"procedures": procs, "unit_fields": unit}
