"""``eote-ref rule --pack PACK``: the calculator for a pack other than EotE's engine.

The contract is ``eote-ref rule``'s (docs/rule-cli.md): one JSON situation on stdin, one JSON
outcome on stdout, exit 2 with ``{"error", "field"}`` for bad input, never a traceback. The
input limits, the strict JSON reading, the error object and the emitter are the shared
:mod:`eote_ref.yamlio.rule_contract`'s, as for EotE's :mod:`eote_ref.packs.eote.calculator` (this
module imports no EotE module); the procedures, dice and options are the pack's.
"""

from __future__ import annotations

import argparse
import dataclasses
import typing
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from eote_ref.packs.declaration import Pack, ProcedureSpec
from eote_ref.packs.dice import Die, Roller, Sum
from eote_ref.packs.outcome import PackError
from eote_ref.packs.registry import get_pack, pack_ids
from eote_ref.yamlio.document import Document
from eote_ref.yamlio.problems import YamlError, path_text
from eote_ref.yamlio.rule_contract import (
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


def run(args: argparse.Namespace) -> int:
    """Answer one ``rule --pack`` call; 0, or 2 on bad input (1 on an internal fault)."""
    try:
        pack = _pack(args.pack)
        if args.ruleset:
            raise InputError("--ruleset takes an EotE ruleset file; not with --pack", "ruleset")
        if args.list:
            _emit(describe_pack(pack))
            return 0
        if not args.procedure:
            raise InputError("name a procedure (see --pack PACK --list)", "procedure")
        seed = parse_seed(args.seed)
        house = getattr(args, "house", None)
        out = adjudicate(pack, args.procedure, _read_stdin(), args.option, seed, house)
    except (InputError, PackError) as exc:
        _emit(_error(str(exc), exc.field, getattr(exc, "rule", None)))
        return 2
    except YamlError as exc:  # a house table file with errors: each placed in its file
        _emit(_error("; ".join(str(p) for p in exc.problems), "house"))
        return 2
    except Exception as exc:  # noqa: BLE001 - the contract: never a traceback
        _emit(_error(f"internal error: {exc!r}", None))
        return 1
    try:
        _emit(out)
    except ValueError as exc:  # pragma: no cover - a non-finite number never reaches stdout
        _emit(_error(f"internal error: {exc}", None))
        return 1
    return 0


def _pack(pack_id: str) -> Pack:
    if pack_id not in pack_ids():
        raise InputError(f"unknown pack '{pack_id}' (known: {', '.join(pack_ids())})", "pack")
    return get_pack(pack_id)


def adjudicate(
    pack: Pack,
    name: str,
    text: str,
    options: list[str] | None = None,
    seed: int | None = None,
    house: str | None = None,
) -> dict[str, Any]:
    """Parse a JSON situation for ``pack``'s procedure ``name`` and return the JSON outcome.

    ``house`` is a club's house table file (:mod:`eote_ref.packs.house`): its cells stand in
    for the pack's shipped ones, and every answer reading one says ``house``.
    """
    if name not in pack.procedures:
        known = ", ".join(pack.procedures)
        raise InputError(f"unknown procedure '{name}' (known: {known})", "procedure")
    proc = pack.procedures[name]
    if pack.configure is None:  # pragma: no cover - the EotE pack goes through rule.py
        raise InputError(f"pack {pack.id} is adjudicated without --pack", "pack")
    rules = pack.configure(options_of(options or []))
    if house:
        from eote_ref.packs.house import load_house_tables

        if pack.house_tables is None:
            raise InputError(f"pack {pack.id} takes no house tables", "house")
        rules = pack.house_tables.apply(rules, load_house_tables(house, pack).cells)
    data = read_situation(text)
    rolls = {r: data.pop(r) for r in proc.rolls if r in data and data[r] is not None}
    for r in proc.rolls:
        data.pop(r, None)
    situation = parse_situation(proc, data)
    check_entered_dice(pack, proc, rolls)
    outcome = proc.run(situation, rules, Roller(rolls, seed))
    return stable(outcome.to_json())


def check_entered_dice(pack: Pack, proc: ProcedureSpec, rolls: Mapping[str, Any]) -> None:
    """Refuse a die entered with a face it does not have, whether or not the answer reads it.

    A d6 of 7 entered for ``effect_roll`` after a miss, or an unknown flag face before the
    turn that rolls it, is a typo all the same: bad input naming the field (the contract).
    The die of each roll is the first word of its kind in ``ProcedureSpec.rolls``; a pool or
    a list takes a list of that die's faces (its length is the procedure's to check).
    """
    for name, value in rolls.items():
        kind = proc.rolls[name]
        die = pack.dice.get(kind.split()[0])
        if not isinstance(die, Die):  # pragma: no cover - a pack declares its dice
            continue
        if "pool" in kind or "list" in kind:
            if not isinstance(value, list):
                raise InputError(f"{name} must be a list of {die.title} faces", name)
            for i, v in enumerate(value):
                die.read(v, f"{name}[{i}]")
        else:
            die.read(value, name)


def parse_situation(proc: ProcedureSpec, data: Mapping[str, Any]) -> Any:
    """The JSON object as the procedure's situation dataclass (strict, errors name the field)."""
    try:
        return parse(proc.situation, Document("<stdin>", dict(data)))
    except YamlError as exc:
        first = exc.problems[0]
        path = first.path
        text = path_text(path) if path else None
        msg = first.message
        if msg.startswith("missing key"):
            key = msg.split("'")[1]
            msg = msg.replace("missing key", "missing field")
            text = path_text((*path, key))
        elif msg.startswith("unknown key"):
            if len(path) == 1:
                known = ", ".join(f["name"] for f in procedure_fields(proc))
                msg = f"unknown field '{path[-1]}' (known fields: {known})"
            else:
                known = msg.partition("known keys: ")[2].rstrip(")")
                msg = f"{path_text(path[:-1])}: unknown field '{path[-1]}' (known fields: {known})"
        elif text and text not in msg:
            msg = f"{text}: {msg}"
        raise InputError(msg, text) from exc


#: Fields that name a unit type of the pack (their type lists the pack's types).
UNIT_TYPE_FIELDS = ("firer", "target", "unit", "reacting")


def _type_text(tp: Any) -> str:
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is typing.Literal:
        return " | ".join(str(a) for a in args)
    if origin is list:
        return f"list of {_type_text(args[0])}"
    if origin is dict:
        return f"object of {_type_text(args[1])}"
    if args and type(None) in args:
        return f"{_type_text(next(a for a in args if a is not type(None)))} or null"
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return "object"
    return {int: "int", str: "string", bool: "bool"}.get(tp, str(tp))


def describe_fields(cls: type[Any], unit_types: list[str]) -> list[dict[str, Any]]:
    """Fields of a situation dataclass: name, type, required or default (nested listed)."""
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        entry: dict[str, Any] = {"name": f.name, "type": _type_text(hints[f.name])}
        if f.name in UNIT_TYPE_FIELDS and unit_types:
            entry["type"] = " | ".join(unit_types)
        if f.default is not dataclasses.MISSING:
            entry["default"] = f.default
        elif f.default_factory is not dataclasses.MISSING:
            made = f.default_factory()
            is_object = dataclasses.is_dataclass(made) and not isinstance(made, type)
            entry["default"] = dataclasses.asdict(made) if is_object else made
        else:
            entry["required"] = True
        nested = [
            a
            for a in (hints[f.name], *typing.get_args(hints[f.name]))
            if isinstance(a, type) and dataclasses.is_dataclass(a)
        ]
        if nested:
            entry["fields"] = describe_fields(nested[0], unit_types)
        out.append(entry)
    return out


def procedure_fields(p: ProcedureSpec, unit_types: list[str] | None = None) -> list[dict[str, Any]]:
    """A procedure's input fields, then the dice it takes."""
    rolls = [
        {"name": r, "type": f"{kind} (a die you rolled; omit to roll)"}
        for r, kind in p.rolls.items()
    ]
    return describe_fields(p.situation, unit_types or []) + rolls


def describe_pack(pack: Pack) -> dict[str, Any]:
    """The ``--pack PACK --list`` output: procedures with fields and results, dice, options."""
    procs = [
        {
            "name": p.name,
            "rule": p.rule,
            "summary": p.summary,
            "fields": procedure_fields(p, list(pack.unit_types)),
            "rolls": list(p.rolls),
            "results": [{"code": r.code, "tone": r.tone, "label": r.text} for r in p.results],
        }
        for p in pack.procedures.values()
    ]
    dice: dict[str, dict[str, Any]] = {}
    for name, d in pack.dice.items():
        if isinstance(d, Die):
            dice[name] = {"title": d.title, "faces": list(d.faces)}
            if d.zero_reads is not None:
                dice[name]["zero_reads"] = d.zero_reads
            dist: Mapping[Any, Fraction] = d.distribution()
        elif isinstance(d, Sum):
            dice[name] = {"title": f"{d.n} × {d.die.title}, added", "die": d.die.id, "n": d.n}
            dist = d.distribution()
        else:
            dice[name] = {
                "title": f"{d.n} × {d.die.title}, read face by face",
                "die": d.die.id,
                "n": d.n,
            }
            continue
        dice[name]["distribution"] = {str(k): str(v) for k, v in dist.items()}
    options = [
        {
            "name": o.name,
            "default": o.default,
            "choices": list(o.choices),
            "rule": o.rule,
            "explanation": o.explanation,
        }
        for o in pack.options.values()
    ]
    return {
        "pack": pack.id,
        "title": pack.title,
        "procedures": procs,
        "dice": dice,
        "options": options,
    }
