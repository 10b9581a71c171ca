"""The typed parse: plain YAML data into frozen dataclasses, every problem at its position."""

from __future__ import annotations

import dataclasses
import enum
import functools
import math
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar, Union, get_args, get_origin

from eote_ref.yamlio.document import Document
from eote_ref.yamlio.loader import gc_paused
from eote_ref.yamlio.problems import Path, Problem, YamlError
from eote_ref.yamlio.text import CONTROL_IN_TEXT, char_name, show

T = TypeVar("T")

#: Largest magnitude of a number in a YAML file; fields with their own range check that too.
MAX_MAGNITUDE = 10**15


def meta(
    *,
    min: float | None = None,  # noqa: A002 - reads naturally at the call site
    max: float | None = None,  # noqa: A002
    help: str = "",  # noqa: A002
    key: str | None = None,
) -> dict[str, Any]:
    """Field metadata for :func:`parse`: numeric range, a help text, the YAML key if renamed."""
    return {"min": min, "max": max, "help": help, "key": key}


def yaml_key(f: dataclasses.Field[Any]) -> str:
    """The YAML key of a dataclass field (its name unless ``meta(key=...)`` renames it)."""
    return str(f.metadata.get("key") or f.name)


def _type_name(tp: Any) -> str:
    origin = get_origin(tp)
    if origin is typing.Literal:
        return " | ".join(repr(a) for a in get_args(tp))
    if origin in (Union, types.UnionType):
        return " or ".join(_type_name(a) for a in get_args(tp))
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return " | ".join(repr(m.value) for m in tp)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return "a mapping"
    if origin in (list, tuple):
        return "a list"
    if origin is dict:
        return "a mapping"
    names = {int: "a whole number", float: "a number", str: "text", bool: "true or false"}
    return names.get(tp, getattr(tp, "__name__", str(tp)))


@functools.cache
def _shape(cls: type[Any]) -> tuple[dict[str, Any], dict[str, dataclasses.Field[Any]]]:
    """The resolved type hints and the YAML keys of a dataclass (computed once per class)."""
    hints = typing.get_type_hints(cls)
    return hints, {yaml_key(f): f for f in dataclasses.fields(cls) if f.init}


@functools.cache
def _kind(tp: Any) -> tuple[str, tuple[Any, ...]]:
    """What sort of type ``tp`` is for :class:`_Parser`, and its arguments (cached per type)."""
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        return "union", get_args(tp)
    if origin is typing.Literal:
        return "literal", get_args(tp)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return "enum", ()
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return "dataclass", ()
    if origin is list:
        return "list", get_args(tp)
    if origin is tuple:
        return "tuple", get_args(tp)
    if origin is dict:
        return "dict", get_args(tp)
    return "scalar", ()


@functools.cache
def _members(tp: type[enum.Enum]) -> dict[Any, enum.Enum]:
    """The members of an enum by value, for lookups that cannot raise anything but KeyError."""
    return {m.value: m for m in tp}


class _Parser:
    def __init__(self, doc: Document, *, null_is_absent: bool = False) -> None:
        self.doc = doc
        self.problems: list[Problem] = []
        self.null_is_absent = null_is_absent

    def fail(self, path: Path, message: str, *, at_key: bool = False) -> None:
        mark = self.doc.key_mark(path) if at_key else self.doc.mark(path)
        self.problems.append(Problem(mark, path, message))

    def value(self, tp: Any, data: Any, path: Path, md: Mapping[str, Any] | None = None) -> Any:
        kind, args = _kind(tp)
        if kind == "union":
            if data is None and type(None) in args:
                return None
            non_none = [a for a in args if a is not type(None)]
            if len(non_none) == 1:
                return self.value(non_none[0], data, path, md)
            for a in non_none:
                if self._accepts(a, data):
                    return self.value(a, data, path, md)
            self.fail(path, f"expected {_type_name(tp)}, found {show(data)}")
            return None
        if kind == "literal":
            if data in args and type(data) in {type(a) for a in args}:
                return data
            self.fail(path, f"expected one of {_type_name(tp)}, found {show(data)}")
            return None
        if kind == "enum":
            try:
                return _members(tp)[data]
            except (KeyError, TypeError):
                self.fail(path, f"expected one of {_type_name(tp)}, found {show(data)}")
                return None
        if kind == "dataclass":
            return self.dataclass(tp, data, path)
        if kind in ("list", "tuple"):
            if not isinstance(data, list):
                self.fail(path, f"expected a list, found {show(data)}")
                return [] if kind == "list" else ()
            item_tp = args[0]
            items = [self.value(item_tp, v, (*path, i), md) for i, v in enumerate(data)]
            return items if kind == "list" else tuple(items)
        if kind == "dict":
            if not isinstance(data, dict):
                self.fail(path, f"expected a mapping, found {show(data)}")
                return {}
            val_tp = args[1]
            return {str(k): self.value(val_tp, v, (*path, k), md) for k, v in data.items()}
        return self.scalar(tp, data, path, md or {})

    def _accepts(self, tp: Any, data: Any) -> bool:
        if tp is str:
            return isinstance(data, str)
        kind = _kind(tp)[0]
        if kind == "dataclass" or kind == "dict":
            return isinstance(data, dict)
        if kind == "list" or kind == "tuple":
            return isinstance(data, list)
        if tp is float:
            return isinstance(data, int | float) and not isinstance(data, bool)
        if tp is int:
            return isinstance(data, int) and not isinstance(data, bool)
        if isinstance(tp, type):
            return isinstance(data, tp)
        return False  # pragma: no cover - only plain types reach here

    def scalar(self, tp: Any, data: Any, path: Path, md: Mapping[str, Any]) -> Any:
        if tp is Any:
            return data
        if not self._accepts(tp, data):
            self.fail(path, f"expected {_type_name(tp)}, found {show(data)}")
            return None
        if isinstance(data, int | float) and not isinstance(data, bool):
            if isinstance(data, float) and not math.isfinite(data):
                self.fail(path, f"{data!r} is not a finite number")
                return None
            if abs(data) > MAX_MAGNITUDE:
                self.fail(path, f"{show(data)} is too large (numbers stay within ±10^15)")
                return None
        if tp is str:
            bad = CONTROL_IN_TEXT.search(data)
            if bad:
                self.fail(
                    path,
                    f"the text holds the control character {char_name(bad.group())} "
                    "(written as an escape?): remove it",
                )
                return None
            return data
        if tp is float:
            data = float(data)
        lo, hi = md.get("min"), md.get("max")
        if lo is not None and data < lo or hi is not None and data > hi:
            self.fail(path, f"{data!r} is out of range {lo}..{hi}")
        return data

    def dataclass(self, cls: type[Any], data: Any, path: Path) -> Any:
        if not isinstance(data, dict):
            self.fail(path, f"expected a mapping, found {show(data)}")
            return None
        hints, fields = _shape(cls)  # type: ignore[arg-type]
        for key in data:
            if key not in fields:
                known = ", ".join(sorted(fields))
                self.fail((*path, key), f"unknown key (known keys: {known})", at_key=True)
        kwargs: dict[str, Any] = {}
        before = len(self.problems)
        for key, f in fields.items():
            has_default = (
                f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
            )
            if key in data and data[key] is None and has_default and self.null_is_absent:
                continue  # ``key: null`` (or ``key:`` with nothing after it) reads as absent
            if key in data:
                kwargs[f.name] = self.value(hints[f.name], data[key], (*path, key), f.metadata)
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                self.fail(path, f"missing key '{key}'")
        if len(self.problems) > before:
            return None
        try:
            return cls(**kwargs)
        except (ValueError, TypeError) as exc:  # a dataclass's own checks (the rules engine's)
            bad = getattr(exc, "field", None)
            self.fail((*path, bad) if isinstance(bad, str) and bad in data else path, str(exc))
            return None


def parse(
    cls: type[T],
    doc: Document,
    path: Path = (),
    data: Any = dataclasses.MISSING,
    *,
    null_is_absent: bool = False,
) -> T:
    """Parse ``doc`` (or ``data`` at ``path`` in it) into ``cls``; raise YamlError on problems.

    ``null_is_absent``: a key with a default given as null is read as left out (the army-list
    format's rule); otherwise null is accepted only where the type allows None.
    """
    p = _Parser(doc, null_is_absent=null_is_absent)
    with gc_paused():
        result = p.value(cls, doc.data if data is dataclasses.MISSING else data, path)
    if p.problems:
        raise YamlError(p.problems)
    return typing.cast(T, result)
