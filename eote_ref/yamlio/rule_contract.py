"""The JSON contract of ``eote-ref rule``, every pack's calculator (shared/docs/RULE-CLI.md).

What ``eote-ref rule`` (EotE's engine, :mod:`eote_ref.packs.eote.calculator`) and ``eote-ref rule
--pack PACK`` (any other pack, :mod:`eote_ref.commands.rule_pack`) share: the input limits,
the strict reading of the JSON situation, the error object (``{"error", "field"}``, exit 2),
the JSON emitter, the ``--seed`` and ``--option`` words and the outcome's key order. It names
no pack and imports only the standard library and :mod:`.problems` (``pyproject.toml``'s
contracts).

It lives beside the YAML layer, not among the commands, because it is the reading of a JSON
document with positions named by path (:func:`.problems.path_text`), and because a ``rule``
call loads no command module but its own (tests/unit/commands/test_rule_cli.py).

``FIELD_BOUNDS`` names fields of EotE's situations (``ce``, ``hits``...); a field of the same
name in another pack's situation is held to the same bounds, as it was before this module was
split out of the EotE command.
"""

from __future__ import annotations

import json
import math
import re
import sys
from typing import Any, NoReturn

from eote_ref.yamlio.problems import path_text

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
