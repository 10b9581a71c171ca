"""``eote-ref rule``: the headless rules calculator (contract: shared/docs/RULE-CLI.md).

Reads one JSON situation on stdin and writes one JSON outcome on stdout. Bad input of any
kind exits 2 with ``{"error": ..., "field": ...}``; it never prints a traceback.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import re
import sys
import typing
from typing import Any, NoReturn

from eote_ref.rules.core import RulesError
from eote_ref.rules.dice import EnteredDice, RandomDice
from eote_ref.rules.procedures import PROCEDURES, Procedure
from eote_ref.rules.ruleset import Ruleset
from eote_ref.rules.units import Unit
from eote_ref.rulesets import load_ruleset
from eote_ref.yamlio.document import Document
from eote_ref.yamlio.problems import YamlError, path_text
from eote_ref.yamlio.typed import parse

UNIT_FIELDS = {f.name for f in dataclasses.fields(Unit)}

# ------------------------------------------------------------------ input limits
# The calculator's input contract (docs/rule-cli.md, "Limits"): checked before any rules
# work, so a hostile or broken input is refused at once with the field named.

#: Characters of JSON on stdin.
MAX_INPUT_CHARS = 100_000
#: Nesting of objects and lists (a situation needs 4: sides → side → field, or a unit list).
MAX_DEPTH = 8
#: Entries in any one list (units in a fight, CEs of a division) or keys of one object.
MAX_ENTRIES = 50
#: Characters of any one string, and of one --option value.
MAX_STRING = 200
#: Digits of any one integer in the input (a d10, a CE or a year needs 4).
MAX_DIGITS = 6
#: Magnitude of any number without a bound of its own.
MAX_MAGNITUDE = 10_000
#: Bounds of fields by name: what the rules can mean (a CE of 500 means nothing).
FIELD_BOUNDS: dict[str, tuple[float, float]] = {
    "ce": (0, 30),
    "unit_ces": (0, 30),
    "hits": (0, 30),
    "parent_hits": (0, 30),
    "skirmish_hits": (0, 30),
    "hits_taken": (0, 30),
    "blown": (0, 10),
    "stands": (0, 100),
    "year": (1700, 1900),
    "range_in": (0, 1000),
    "distance_in": (0, 1000),
    "nearest_enemy_in": (0, 1000),
    "routed_units": (0, MAX_ENTRIES),
    "routed_this_turn": (0, MAX_ENTRIES),
    "units_with_3plus_hits": (0, MAX_ENTRIES),
    "divisions_without_leader": (0, MAX_ENTRIES),
    "cavalry_regiments": (0, MAX_ENTRIES),
    "divisions_on_attack_orders": (0, MAX_ENTRIES),
    "howitzer_batteries": (0, MAX_ENTRIES),
}
#: A seed for the engine's dice: a whole number of at most 19 digits.
SEED_PATTERN = re.compile(r"-?[0-9]{1,19}")

#: The keys every outcome starts with, in this order (RULE-CLI.md); extra keys follow them.
CONTRACT_KEYS = (
    "procedure",
    "rule",
    "base",
    "modifiers",
    "modified",
    "roll",
    "result",
    "probabilities",
)


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
        help="the ruleset pack: eote (default) or avle (--pack avle --list)",
    )
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="choose a ruleset option for this call (repeatable)",
    )
    p.add_argument("--seed", help="seed the engine's dice: a whole number (reproducible runs)")
    p.set_defaults(func=run)
    p.error = usage_error  # type: ignore[method-assign]


def usage_error(message: str) -> NoReturn:
    """Argument mistakes answer in the contract's JSON too (exit 2), never with usage text."""
    field = None
    for name in ("procedure", "ruleset", "option", "seed", "list", "pack"):
        if f"--{name}" in message or f"'{name}'" in message:
            field = name
    _emit(_error(f"bad arguments: {message}", field))
    raise SystemExit(2)


class InputError(ValueError):
    """Bad input to the calculator, with the field at fault."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def _emit(obj: dict[str, Any]) -> None:
    """Write one JSON object; NaN or an infinity can never reach the output (strict JSON).

    Text that is not Unicode (a lone surrogate from the input's JSON, or an argument that is
    not UTF-8 and so decoded with surrogate escapes) is written as a JSON escape, so the
    answer is always valid UTF-8 and never a ``UnicodeEncodeError``.
    """
    text = json.dumps(obj, ensure_ascii=False, indent=2, allow_nan=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(obj, ensure_ascii=True, indent=2, allow_nan=False)
    sys.stdout.write(text + "\n")


def _error(message: str, field: str | None, rule: str | None = None) -> dict[str, Any]:
    """The contract's error object: exactly ``error`` and ``field``; a rule is named in the text."""
    if rule and f"({rule})" not in message and f"rule {rule}" not in message:
        message = f"{message} (rule {rule})"
    return {"error": message, "field": field}


def _read_stdin() -> str:
    try:
        return sys.stdin.read()
    except UnicodeDecodeError as exc:
        raise InputError(f"input is not valid UTF-8 text: {exc.reason}", None) from exc


def run(args: argparse.Namespace) -> int:
    """Run the calculator; returns 0, or 2 on bad input (1 on an internal fault)."""
    if getattr(args, "pack", None) not in (None, "eote"):  # cli.main sends these to rule_pack
        _emit(_error(f"pack '{args.pack}' is answered by eote_ref.commands.rule_pack", "pack"))
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


def parse_seed(text: str | None) -> int | None:
    """The ``--seed`` value: a whole number of at most 19 digits (None when absent)."""
    if text is None:
        return None
    if not SEED_PATTERN.fullmatch(text.strip()):
        raise InputError(
            f"--seed must be a whole number of at most 19 digits, got {text[:40]!r}", "seed"
        )
    return int(text)


def options_of(items: list[str]) -> dict[str, Any]:
    """``NAME=VALUE`` words as a mapping (a value that is JSON is read as JSON)."""
    chosen: dict[str, Any] = {}
    for item in items:
        name, sep, text = item.partition("=")
        if not sep or not name:
            raise InputError(f"--option needs NAME=VALUE, got {item[:MAX_STRING]!r}", "option")
        name = name.strip()
        if len(name) > MAX_STRING or len(text) > MAX_STRING:
            raise InputError(f"--option is longer than {MAX_STRING} characters", name[:MAX_STRING])
        try:
            chosen[name] = json.loads(text, parse_constant=lambda c: c)
        except ValueError:  # a bare word: the text itself
            chosen[name] = text
    return chosen


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


class _Huge(str):
    """An integer in the input with more digits than the calculator reads (kept as text)."""


class _Duplicate(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Duplicate(key)
        out[key] = value
    return out


def _parse_int(text: str) -> int | _Huge:
    digits = text.lstrip("-")
    return _Huge(text) if len(digits) > MAX_DIGITS else int(text)


def _check_depth(text: str) -> None:
    """Refuse JSON nested deeper than MAX_DEPTH before parsing it (naming the top field)."""
    depth = 0
    in_string = escaped = False
    top_key: str | None = None
    key_start = -1
    last = ""  # the last character outside strings that is not white space
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
                if key_start >= 0:
                    top_key = text[key_start:i][:MAX_STRING]
                    key_start = -1
        elif ch == '"':
            in_string = True
            if depth == 1 and last in ("{", ","):
                key_start = i + 1
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise InputError(f"input is nested deeper than {MAX_DEPTH} levels", top_key)
        elif ch in "]}":
            depth -= 1
        if not in_string and not ch.isspace():
            last = ch


def read_situation(text: str) -> dict[str, Any]:
    """Parse the JSON situation strictly: size, depth, duplicates, numbers, list lengths."""
    if len(text) > MAX_INPUT_CHARS:
        raise InputError(f"input is longer than {MAX_INPUT_CHARS} characters", None)
    if not text.strip():  # an empty pipe is a script's mistake, not a situation of defaults
        raise InputError(
            "no input: give one JSON object on stdin ({} keeps every field's default)", None
        )
    _check_depth(text)
    try:
        data = json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_int=_parse_int,
            parse_constant=lambda name: float(name.replace("Infinity", "inf")),
        )
    except _Duplicate as exc:
        raise InputError(f"field '{exc.key}' is given twice", exc.key[:MAX_STRING]) from exc
    except json.JSONDecodeError as exc:
        raise InputError(f"input is not valid JSON: {exc.msg} at line {exc.lineno}", None) from exc
    except (ValueError, RecursionError) as exc:
        raise InputError(f"input is not valid JSON: {exc}", None) from exc
    if not isinstance(data, dict):
        raise InputError("input must be one JSON object", None)
    check_values(data, ())
    return data


#: The nation a situation gives for any nation the rules rate as "other nations" (EotE 5.5.1).
OTHER_NATION = "other"


def known_nations(rs: Ruleset) -> frozenset[str]:
    """The nations the calculator takes.

    Those the ruleset rates by name (its skirmish table), the army lists' nations, and
    ``"other"``.
    """
    from eote_ref.rules.skirmish import NOT_NATIONS
    from eote_ref.rules.units import KNOWN_NATIONS

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


def check_values(data: Any, path: tuple[str | int, ...]) -> None:
    """Every value within the calculator's limits; errors name the JSON path of the field."""
    where = path_text(path) if path else None
    names = [p for p in path if isinstance(p, str)]
    name = names[-1] if names else None
    if isinstance(data, dict):
        if len(data) > MAX_ENTRIES:
            raise InputError(f"{where or 'input'}: more than {MAX_ENTRIES} fields", where)
        for key, value in data.items():
            if len(key) > MAX_STRING:
                raise InputError(f"a field name is longer than {MAX_STRING} characters", where)
            check_values(value, (*path, key))
    elif isinstance(data, list):
        if len(data) > MAX_ENTRIES:
            raise InputError(f"{where}: more than {MAX_ENTRIES} entries", where)
        for i, value in enumerate(data):
            check_values(value, (*path, i))
    elif isinstance(data, _Huge):
        raise InputError(f"{where}: {len(data)}-digit number is out of range", where)
    elif isinstance(data, str):
        if len(data) > MAX_STRING:
            raise InputError(f"{where}: text longer than {MAX_STRING} characters", where)
    elif isinstance(data, int | float) and not isinstance(data, bool):
        if not math.isfinite(data):
            raise InputError(f"{where}: {data} is not a number the rules can use", where)
        lo, hi = FIELD_BOUNDS.get(name or "", (-MAX_MAGNITUDE, MAX_MAGNITUDE))
        if not lo <= data <= hi:
            raise InputError(f"{where}: {data:g} is out of range {lo:g}..{hi:g}", where)


def stable(out: dict[str, Any]) -> dict[str, Any]:
    """The outcome with the contract's keys first, in the contract's order."""
    missing = [k for k in CONTRACT_KEYS if k not in out]
    if missing:  # pragma: no cover - Outcome.to_json always writes them
        raise RuntimeError(f"outcome lacks contract keys {missing}")
    head = {k: out[k] for k in CONTRACT_KEYS}
    return head | {k: v for k, v in out.items() if k not in head}


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
