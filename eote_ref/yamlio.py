"""The one safe YAML loader: positions for every value and strict typed parsing into dataclasses.

Every YAML file eote-ref reads (rulesets, army lists) goes through :func:`load_text` or
:func:`load_file`, which use PyYAML's safe loader, refuse duplicate keys and keep the
``file:line:column`` of every key and value. :func:`parse` then turns the plain data into
frozen dataclasses, rejecting unknown keys, missing keys, wrong types and out-of-range
numbers, and reports *all* problems at once, each with its position and key path.
"""

from __future__ import annotations

import dataclasses
import enum
import pathlib
import types
import typing
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, Union, get_args, get_origin

import yaml

T = TypeVar("T")

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Mark:
    """A position in a YAML file (1-based line and column)."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


def path_text(path: Path) -> str:
    """Render a key path as ``a.b[2].c``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out or "(document)"


@dataclass(frozen=True)
class Problem:
    """One validation problem: where, which key, what is wrong."""

    mark: Mark | None
    path: Path
    message: str
    severity: str = "error"

    def __str__(self) -> str:
        where = str(self.mark) if self.mark else "?"
        return f"{where}: {self.severity}: {path_text(self.path)}: {self.message}"


class YamlError(ValueError):
    """One or more problems in a YAML file; ``problems`` lists every one of them."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def _mark(file: str, m: yaml.Mark | None) -> Mark | None:
    if m is None:
        return None
    return Mark(file, m.line + 1, m.column + 1)


@dataclass
class Document:
    """Plain data loaded from YAML, with the position of every value and mapping key."""

    file: str
    data: Any
    marks: dict[Path, Mark] = field(default_factory=dict)
    key_marks: dict[Path, Mark] = field(default_factory=dict)

    def mark(self, path: Path) -> Mark | None:
        """Position of the value at ``path`` (or of its nearest parent that has one)."""
        p = tuple(path)
        while p:
            if p in self.marks:
                return self.marks[p]
            p = p[:-1]
        return self.marks.get((), None)

    def key_mark(self, path: Path) -> Mark | None:
        """Position of the mapping key that ends ``path`` (falls back to the value's)."""
        return self.key_marks.get(tuple(path)) or self.mark(path)


#: libyaml's parser when PyYAML was built with it (several times faster), else pure Python.
_Loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_text(text: str, file: str = "<string>") -> Document:
    """Safely load one YAML document from text, keeping positions; refuse duplicate keys."""
    loader = _Loader(text)
    try:
        root = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = _mark(file, exc.problem_mark or exc.context_mark)
        raise YamlError([Problem(mark, (), f"not valid YAML: {exc.problem or exc}")]) from exc
    except yaml.YAMLError as exc:  # pragma: no cover - PyYAML raises marked errors in practice
        raise YamlError([Problem(None, (), f"not valid YAML: {exc}")]) from exc
    finally:
        loader.dispose()
    doc = Document(file, None)
    problems: list[Problem] = []
    if root is None:
        doc.data = None
        doc.marks[()] = Mark(file, 1, 1)
        return doc
    doc.data = _build(loader, root, (), doc, problems)
    if problems:
        raise YamlError(problems)
    return doc


def load_file(path: str | pathlib.Path) -> Document:
    """Load a YAML file (UTF-8) through :func:`load_text`; unreadable files raise YamlError."""
    p = pathlib.Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise YamlError([Problem(Mark(str(p), 1, 1), (), f"cannot read file: {exc}")]) from exc
    return load_text(text, str(p))


#: Most values one document may hold once aliases are expanded (stops "billion laughs" files).
MAX_NODES = 500_000


def _build(
    loader: yaml.SafeLoader,
    node: yaml.Node,
    path: Path,
    doc: Document,
    problems: list[Problem],
    _state: dict[str, Any] | None = None,
) -> Any:
    state: dict[str, Any] = _state if _state is not None else {"active": set(), "count": 0}
    state["count"] += 1
    if state["count"] > MAX_NODES:
        if state["count"] == MAX_NODES + 1:
            problems.append(
                Problem(
                    _mark(doc.file, node.start_mark),
                    path,
                    f"too many values (more than {MAX_NODES}, counting expanded aliases)",
                )
            )
        return None
    if id(node) in state["active"]:
        problems.append(
            Problem(_mark(doc.file, node.start_mark), path, "an alias refers to its own container")
        )
        return None
    doc.marks[path] = _mark(doc.file, node.start_mark) or Mark(doc.file, 1, 1)
    if isinstance(node, yaml.MappingNode):
        state["active"].add(id(node))
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = _construct(loader, key_node, path, doc, problems)
            if key is _FAILED:
                continue
            if not isinstance(key, str | int | float | bool):
                problems.append(
                    Problem(_mark(doc.file, key_node.start_mark), path, "keys must be plain text")
                )
                continue
            skey: str | int = key if isinstance(key, str | int) else str(key)
            if isinstance(skey, bool):
                skey = str(skey).lower()
            child = (*path, skey)
            if skey in out:
                problems.append(
                    Problem(_mark(doc.file, key_node.start_mark), child, "duplicate key")
                )
                continue
            doc.key_marks[child] = _mark(doc.file, key_node.start_mark) or doc.marks[path]
            out[skey] = _build(loader, value_node, child, doc, problems, state)
        state["active"].discard(id(node))
        return out
    if isinstance(node, yaml.SequenceNode):
        state["active"].add(id(node))
        items = [
            _build(loader, item, (*path, i), doc, problems, state)
            for i, item in enumerate(node.value)
        ]
        state["active"].discard(id(node))
        return items
    value = _construct(loader, node, path, doc, problems)
    return None if value is _FAILED else value


_FAILED = object()


def _construct(
    loader: yaml.SafeLoader, node: yaml.Node, path: Path, doc: Document, problems: list[Problem]
) -> Any:
    """Construct a scalar (or a mapping key); an unknown tag becomes a problem, not a crash."""
    try:
        return loader.construct_object(node, deep=True)
    except yaml.MarkedYAMLError as exc:
        mark = _mark(doc.file, exc.problem_mark or exc.context_mark or node.start_mark)
        problems.append(Problem(mark, path, f"cannot read this value: {exc.problem or exc}"))
        return _FAILED
    except (ValueError, TypeError, OverflowError) as exc:  # e.g. a date like 2015-02-30
        problems.append(Problem(_mark(doc.file, node.start_mark), path, f"bad value: {exc}"))
        return _FAILED


class FlowMap(dict[str, Any]):
    """A mapping that :func:`dump` writes on one line in flow style: ``{name: x, rating: 2}``."""


class _Dumper(yaml.SafeDumper):
    """The safe dumper, plus :class:`FlowMap`."""


def _represent_flow_map(dumper: yaml.SafeDumper, data: FlowMap) -> yaml.Node:
    return dumper.represent_mapping("tag:yaml.org,2002:map", data, flow_style=True)


#: Line breaks PyYAML writes raw inside quotes, where loading would fold them into spaces.
_UNICODE_BREAKS = ("\x85", "\u2028", "\u2029")


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.Node:
    if any(ch in data for ch in _UNICODE_BREAKS):  # double quotes escape them (\N, \L, \P)
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style='"')
    return dumper.represent_str(data)


_Dumper.add_representer(FlowMap, _represent_flow_map)
_Dumper.add_representer(str, _represent_str)


class _IndentedDumper(_Dumper):
    """Indents the items of a block list under their key, as people write YAML by hand."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


def dump(data: Any, *, width: int | None = None, indent_lists: bool = False) -> str:
    """Write plain data as block-style YAML, keeping key order.

    Args:
        data: plain data (dicts, lists, text, numbers, booleans, None); any :class:`FlowMap`
            in it is written in flow style.
        width: preferred line width (PyYAML's default, 80, when None).
        indent_lists: indent the ``-`` of a list under its key by two spaces.
    """
    return yaml.dump(
        data,
        Dumper=_IndentedDumper if indent_lists else _Dumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=width,
    )


# --------------------------------------------------------------------------- typed parse


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


class _Parser:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.problems: list[Problem] = []

    def fail(self, path: Path, message: str, *, at_key: bool = False) -> None:
        mark = self.doc.key_mark(path) if at_key else self.doc.mark(path)
        self.problems.append(Problem(mark, path, message))

    def value(self, tp: Any, data: Any, path: Path, md: dict[str, Any] | None = None) -> Any:
        origin = get_origin(tp)
        if origin in (Union, types.UnionType):
            args = get_args(tp)
            if data is None and type(None) in args:
                return None
            non_none = [a for a in args if a is not type(None)]
            if len(non_none) == 1:
                return self.value(non_none[0], data, path, md)
            for a in non_none:
                if self._accepts(a, data):
                    return self.value(a, data, path, md)
            self.fail(path, f"expected {_type_name(tp)}, found {data!r}")
            return None
        if origin is typing.Literal:
            if data in get_args(tp) and type(data) in {type(a) for a in get_args(tp)}:
                return data
            self.fail(path, f"expected one of {_type_name(tp)}, found {data!r}")
            return None
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            try:
                return tp(data)
            except ValueError:
                self.fail(path, f"expected one of {_type_name(tp)}, found {data!r}")
                return None
        if isinstance(tp, type) and dataclasses.is_dataclass(tp):
            return self.dataclass(tp, data, path)
        if origin is list or origin is tuple:
            if not isinstance(data, list):
                self.fail(path, f"expected a list, found {data!r}")
                return [] if origin is list else ()
            (item_tp, *_rest) = get_args(tp)
            items = [self.value(item_tp, v, (*path, i), md) for i, v in enumerate(data)]
            return items if origin is list else tuple(items)
        if origin is dict:
            if not isinstance(data, dict):
                self.fail(path, f"expected a mapping, found {data!r}")
                return {}
            _key_tp, val_tp = get_args(tp)
            return {str(k): self.value(val_tp, v, (*path, k), md) for k, v in data.items()}
        return self.scalar(tp, data, path, md or {})

    def _accepts(self, tp: Any, data: Any) -> bool:
        if isinstance(tp, type) and dataclasses.is_dataclass(tp):
            return isinstance(data, dict)
        if get_origin(tp) in (list, tuple):
            return isinstance(data, list)
        if get_origin(tp) is dict:
            return isinstance(data, dict)
        if tp is float:
            return isinstance(data, int | float) and not isinstance(data, bool)
        if tp is int:
            return isinstance(data, int) and not isinstance(data, bool)
        if isinstance(tp, type):
            return isinstance(data, tp)
        return False  # pragma: no cover - only plain types reach here

    def scalar(self, tp: Any, data: Any, path: Path, md: dict[str, Any]) -> Any:
        if tp is Any:
            return data
        if not self._accepts(tp, data):
            self.fail(path, f"expected {_type_name(tp)}, found {data!r}")
            return None
        if tp is float:
            data = float(data)
        lo, hi = md.get("min"), md.get("max")
        if lo is not None and data < lo or hi is not None and data > hi:
            self.fail(path, f"{data!r} is out of range {lo}..{hi}")
        return data

    def dataclass(self, cls: type[Any], data: Any, path: Path) -> Any:
        if not isinstance(data, dict):
            self.fail(path, f"expected a mapping, found {data!r}")
            return None
        hints = typing.get_type_hints(cls)
        fields = {yaml_key(f): f for f in dataclasses.fields(cls) if f.init}
        for key in data:
            if key not in fields:
                known = ", ".join(sorted(fields))
                self.fail((*path, key), f"unknown key (known keys: {known})", at_key=True)
        kwargs: dict[str, Any] = {}
        before = len(self.problems)
        for key, f in fields.items():
            if key in data:
                md = dict(f.metadata)
                kwargs[f.name] = self.value(hints[f.name], data[key], (*path, key), md)
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                self.fail(path, f"missing key '{key}'")
        if len(self.problems) > before:
            return None
        try:
            return cls(**kwargs)
        except ValueError as exc:  # a dataclass's own checks (e.g. the rules engine's)
            bad = getattr(exc, "field", None)
            self.fail((*path, bad) if isinstance(bad, str) and bad in data else path, str(exc))
            return None


def parse(cls: type[T], doc: Document, path: Path = (), data: Any = dataclasses.MISSING) -> T:
    """Parse ``doc`` (or ``data`` at ``path`` in it) into ``cls``; raise YamlError on problems."""
    p = _Parser(doc)
    result = p.value(cls, doc.data if data is dataclasses.MISSING else data, path)
    if p.problems:
        raise YamlError(p.problems)
    return typing.cast(T, result)


def raise_if(problems: Iterable[Problem]) -> None:
    """Raise YamlError when ``problems`` holds any error (warnings alone do not raise)."""
    plist = list(problems)
    if any(p.severity == "error" for p in plist):
        raise YamlError(plist)
