"""The one safe YAML loader: positions for every value and strict typed parsing into dataclasses.

Every YAML file eote-ref reads (rulesets, army lists) goes through :func:`load_text` or
:func:`load_file`, which use PyYAML's safe loader, refuse duplicate keys and keep the
``file:line:column`` of every key and value. :func:`parse` then turns the plain data into
frozen dataclasses, rejecting unknown keys, missing keys, wrong types and out-of-range
numbers, and reports *all* problems at once, each with its position and key path.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import functools
import gc
import math
import os
import pathlib
import re
import stat
import sys
import types
import typing
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar, Union, get_args, get_origin

if TYPE_CHECKING:
    import yaml


def _import_yaml() -> None:
    """Import PyYAML on first use: the typed parse (:func:`parse`) does not need it.

    Reading or writing YAML text calls this first; ``eote-ref rule``, which parses JSON and
    reads the pre-parsed ruleset (:mod:`eote_ref.rulesets.cache`), never loads PyYAML.
    """
    global yaml  # noqa: PLW0603 - the module-level name the functions below use
    import yaml


T = TypeVar("T")

Path = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
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
            if not part.isprintable():  # a line break or control inside a key: show it escaped
                part = "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in part)
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


#: A position as stored: 1-based (line, column); a :class:`Mark` is made only when asked for.
Position = tuple[int, int]


class _MarkView(Mapping[Path, Mark]):
    """Read-only ``path -> Mark`` view over stored positions."""

    def __init__(self, file: str, positions: dict[Path, Position]) -> None:
        self._file = file
        self._positions = positions

    def __getitem__(self, path: Path) -> Mark:
        return Mark(self._file, *self._positions[path])

    def __iter__(self) -> Iterator[Path]:
        return iter(self._positions)

    def __len__(self) -> int:
        return len(self._positions)


@dataclass
class Document:
    """Plain data loaded from YAML, with the position of every value and mapping key."""

    file: str
    data: Any
    positions: dict[Path, Position] = field(default_factory=dict)
    key_positions: dict[Path, Position] = field(default_factory=dict)

    @property
    def marks(self) -> Mapping[Path, Mark]:
        """The position of every value, by key path."""
        return _MarkView(self.file, self.positions)

    @property
    def key_marks(self) -> Mapping[Path, Mark]:
        """The position of every mapping key, by the key path it ends."""
        return _MarkView(self.file, self.key_positions)

    def mark(self, path: Path) -> Mark | None:
        """Position of the value at ``path`` (or of its nearest parent that has one)."""
        p = tuple(path)
        positions = self.positions
        while p:
            if p in positions:
                return Mark(self.file, *positions[p])
            p = p[:-1]
        return Mark(self.file, *positions[()]) if () in positions else None

    def key_mark(self, path: Path) -> Mark | None:
        """Position of the mapping key that ends ``path`` (falls back to the value's)."""
        found = self.key_positions.get(tuple(path))
        return Mark(self.file, *found) if found else self.mark(path)


def _loader(text: str) -> yaml.SafeLoader:
    """A parser of ``text``: libyaml's if PyYAML was built with it (faster), else Python's."""
    _import_yaml()
    cls: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return cls(text)


#: Largest YAML file (in bytes, or characters for text) eote-ref reads; checked before parsing.
MAX_FILE_BYTES = 16 * 2**20

#: Deepest nesting of mappings and lists a document may have (army lists need about 12).
MAX_DEPTH = 50

#: Largest magnitude of a number in a YAML file; fields with their own range check that too.
MAX_MAGNITUDE = 10**15


@functools.cache
def _not_allowed() -> re.Pattern[str]:
    """Characters YAML 1.1 does not allow in a file.

    Those are the C0/C1 controls other than tab and line breaks, DEL, lone surrogates and
    U+FFFE/U+FFFF. Compiled on first use: the class spans all of Unicode and takes some
    30 ms to compile, which ``eote-ref rule`` (it reads no YAML) should not pay.
    """
    return re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


_CONTROL_NAMES = {
    0x00: "NUL", 0x07: "BEL", 0x08: "backspace", 0x0B: "vertical tab", 0x0C: "form feed",
    0x1A: "SUB", 0x1B: "ESC", 0x7F: "DEL",
}  # fmt: skip

#: Control characters a text value may not hold even when written as an escape (``"\\e"``);
#: tabs and line breaks are fine.
_CONTROL_IN_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")

#: Problems of one kind reported per file before the rest are summed up in one line.
MAX_REPORTED = 20


def _line_column(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of ``text[index]``."""
    line = text.count("\n", 0, index) + 1
    return line, index - text.rfind("\n", 0, index)


def _char_name(ch: str) -> str:
    code = ord(ch)
    name = _CONTROL_NAMES.get(code) or unicodedata.name(ch, "")
    if not name:
        name = "a control character" if code < 0x20 or 0x7F <= code < 0xA0 else "not a character"
    return f"U+{code:04X} ({name})"


def _bad_characters(text: str, file: str) -> list[Problem]:
    """One problem per character YAML does not allow, at its line and column, with its key."""
    found = [(m.start(), m.group()) for m in _not_allowed().finditer(text)]
    if not found:
        return []
    try:  # where each one sits: parse a copy with the characters replaced
        cleaned = _not_allowed().sub("\ufffd", text)
        marks = sorted((pos, path) for path, pos in load_text(cleaned, file).positions.items())
    except YamlError:
        marks = []
    problems = []
    lines = text.splitlines() if not marks else []
    for index, ch in found[:MAX_REPORTED]:
        line, column = _line_column(text, index)
        path: Path = ()
        for position, candidate in marks:
            if position > (line, column):
                break
            path = candidate
        if not marks and line <= len(lines):  # unparsable even so: the key before it, if any
            keys = re.findall(r"([A-Za-z_][\w-]*)\s*:(?:\s|$)", lines[line - 1][: column - 1])
            path = (keys[-1],) if keys else ()
        problems.append(
            Problem(
                Mark(file, line, column),
                path,
                f"the character {_char_name(ch)} is not allowed in a YAML file: delete it "
                "(it is often invisible in an editor)",
            )
        )
    if len(found) > MAX_REPORTED:
        problems.append(
            Problem(problems[-1].mark, (), f"{len(found) - MAX_REPORTED} more such characters")
        )
    return problems


def load_text(text: str, file: str = "<string>") -> Document:
    """Safely load one YAML document from text, keeping positions; refuse duplicate keys.

    Refused before parsing: text over :data:`MAX_FILE_BYTES` characters and characters YAML
    does not allow (NUL, ESC and other controls), each reported at its line and column.
    """
    if len(text) > MAX_FILE_BYTES:
        raise YamlError(
            [Problem(Mark(file, 1, 1), (), f"too large: over {MAX_FILE_BYTES // 2**20} MiB")]
        )
    bad = _bad_characters(text, file)
    if bad:
        raise YamlError(bad)
    with _gc_paused():
        return _load_checked_text(text, file)


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a large tree of new objects is built.

    Building a document allocates hundreds of thousands of objects that all stay alive;
    each collection would walk all of them again, making loading quadratic in practice.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _load_checked_text(text: str, file: str) -> Document:
    loader = _loader(text)
    doc = Document(file, None)
    problems: list[Problem] = []
    try:
        doc.data = _Builder(loader, doc, problems).document()
    except yaml.MarkedYAMLError as exc:
        mark = _mark(file, exc.problem_mark or exc.context_mark)
        problem = str(exc.problem or exc)
        if "maximum nesting depth" in problem:
            problem = f"nested too deeply (more than {MAX_DEPTH} levels of lists and mappings)"
        raise YamlError([Problem(mark, (), f"not valid YAML: {problem}")]) from exc
    except yaml.YAMLError as exc:  # e.g. a reader error: a position, but no mark
        position = getattr(exc, "position", None)
        mark = Mark(file, *_line_column(text, position)) if position is not None else None
        raise YamlError([Problem(mark, (), f"not valid YAML: {exc}")]) from exc
    finally:
        loader.dispose()
    if problems:
        raise YamlError(problems)
    return doc


def load_file(path: str | pathlib.Path) -> Document:
    """Load a YAML file through :func:`load_text`; unreadable files raise YamlError.

    The file must be a regular file of at most :data:`MAX_FILE_BYTES`, in UTF-8 (a byte-order
    mark is allowed) or UTF-16 with a byte-order mark.
    """
    p = pathlib.Path(path)
    where = Mark(str(p), 1, 1)
    try:
        with open(p, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise YamlError([Problem(where, (), "cannot read file: not a regular file")])
            if info.st_size > MAX_FILE_BYTES:
                raise YamlError(
                    [Problem(where, (), f"too large: over {MAX_FILE_BYTES // 2**20} MiB")]
                )
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise YamlError([Problem(where, (), f"cannot read file: {exc.strerror or exc}")]) from exc
    if len(raw) > MAX_FILE_BYTES:
        raise YamlError([Problem(where, (), f"too large: over {MAX_FILE_BYTES // 2**20} MiB")])
    return load_text(decode(raw, str(p)), str(p))


def decode(raw: bytes, file: str) -> str:
    """Text of a YAML file: UTF-8 (BOM optional) or UTF-16 with a BOM; else YamlError."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise YamlError(
                [Problem(Mark(file, 1, 1), (), f"not valid UTF-16 text: {exc.reason}")]
            ) from exc
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        start = exc.start
        line = raw.count(b"\n", 0, start) + 1
        column = len(raw[raw.rfind(b"\n", 0, start) + 1 : start].decode("utf-8", "replace")) + 1
        raise YamlError(
            [
                Problem(
                    Mark(file, line, column),
                    (),
                    f"cannot read file: not UTF-8 text (byte 0x{raw[start]:02X}): save it as UTF-8",
                )
            ]
        ) from exc


#: Most values one document may hold once aliases are expanded (stops "billion laughs" files).
MAX_NODES = 500_000


_Next = Callable[[], "yaml.Event"]


class _Builder:
    """Builds plain data straight from the parser's events, recording every position.

    No node tree is kept (it would take ten times the memory of the data). An anchored value's
    events are kept so that each alias to it is built again at its own key path. It never
    goes deeper than :data:`MAX_DEPTH` and stops after :data:`MAX_NODES` values (aliases
    expanded).
    """

    def __init__(self, loader: yaml.SafeLoader, doc: Document, problems: list[Problem]) -> None:
        self.loader = loader
        self.doc = doc
        self.positions = doc.positions
        self.key_positions = doc.key_positions
        self.file = doc.file
        self.problems = problems
        self.count = 0
        self.too_deep = False
        self.anchors: dict[str, list[yaml.Event]] = {}
        self.open_anchors: set[str] = set()
        self.recorders: list[list[yaml.Event]] = []
        #: Plain (unquoted, untagged) scalars already read, by their text (values are immutable).
        self.plain: dict[str, Any] = {}

    def mark(self, event: Any) -> Mark:
        m = event.start_mark
        return Mark(self.file, m.line + 1, m.column + 1)

    def pull(self) -> yaml.Event:
        event: yaml.Event = self.loader.get_event()  # type: ignore[no-untyped-call]
        if self.recorders:
            for recorder in self.recorders:
                recorder.append(event)
        return event

    def document(self) -> Any:
        """The data of the stream's single document (None for an empty stream)."""
        pull = self.pull
        pull()  # StreamStartEvent
        event = pull()
        if isinstance(event, yaml.StreamEndEvent):
            self.positions[()] = (1, 1)
            return None
        data = self.node(pull(), (), pull, replay=False)
        pull()  # DocumentEndEvent
        event = pull()
        if not isinstance(event, yaml.StreamEndEvent):
            self.problems.append(
                Problem(
                    self.mark(event),
                    (),
                    "the file holds more than one YAML document (a second '---' line)",
                )
            )
        return data

    def skip(self, event: yaml.Event, pull: _Next) -> None:
        """Consume the rest of the value that ``event`` starts."""
        depth = 1 if isinstance(event, yaml.CollectionStartEvent) else 0
        while depth:
            event = pull()
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1

    def node(self, event: Any, path: Path, pull: _Next, *, replay: bool) -> Any:
        self.count += 1
        if self.count > MAX_NODES or len(path) > MAX_DEPTH:
            self.limit(event, path)
            self.skip(event, pull)
            return None
        m = event.start_mark
        self.positions[path] = (m.line + 1, m.column + 1)
        if isinstance(event, yaml.AliasEvent):
            return self.alias(event, self.mark(event), path)
        anchor = None if replay else event.anchor
        if anchor is not None:
            recorder = [event]
            self.recorders.append(recorder)
            self.open_anchors.add(anchor)
        try:
            if isinstance(event, yaml.ScalarEvent):
                return self.scalar(event, path)
            if event.tag not in _COLLECTION_TAGS:
                self.problems.append(
                    Problem(
                        self.mark(event),
                        path,
                        f"the tag {_short_tag(event.tag)} is not allowed in eote-ref files",
                    )
                )
                self.skip(event, pull)
                return None
            if isinstance(event, yaml.SequenceStartEvent):
                items: list[Any] = []
                event = pull()
                while not isinstance(event, yaml.SequenceEndEvent):
                    items.append(self.node(event, (*path, len(items)), pull, replay=replay))
                    event = pull()
                return items
            return self.mapping(path, pull, replay=replay)
        finally:
            if anchor is not None:
                self.recorders.remove(recorder)
                self.open_anchors.discard(anchor)
                self.anchors[anchor] = recorder

    def limit(self, event: yaml.Event, path: Path) -> None:
        if self.count == MAX_NODES + 1:
            self.problems.append(
                Problem(
                    self.mark(event),
                    path,
                    f"too many values (more than {MAX_NODES}, counting expanded aliases)",
                )
            )
        elif len(path) > MAX_DEPTH and not self.too_deep:
            self.too_deep = True
            self.problems.append(
                Problem(
                    self.mark(event),
                    path,
                    f"nested too deeply (more than {MAX_DEPTH} levels of lists and mappings)",
                )
            )

    def alias(self, event: yaml.AliasEvent, mark: Mark, path: Path) -> Any:
        name = str(event.anchor)
        if name in self.open_anchors:
            self.problems.append(Problem(mark, path, "an alias refers to its own container"))
            return None
        events = self.anchors.get(name)
        if events is None:
            self.problems.append(Problem(mark, path, f"unknown alias '*{name}'"))
            return None
        self.open_anchors.add(name)
        try:
            source = iter(events)
            return self.node(next(source), path, source.__next__, replay=True)
        finally:
            self.open_anchors.discard(name)

    def scalar(self, event: yaml.ScalarEvent, path: Path) -> Any:
        tag = event.tag
        value = event.value
        if tag is None or tag == "!":
            if not event.implicit[0]:
                return value  # quoted: always text
            known = self.plain.get(value, _FAILED)
            if known is not _FAILED:
                return known
            tag = self.loader.resolve(  # type: ignore[no-untyped-call]
                yaml.ScalarNode, value, event.implicit
            )
            if tag == _STR_TAG:
                self.plain[value] = value
                return value
            constructed = self.construct(event, tag, path, explicit=False)
            if constructed is not _FAILED:
                self.plain[value] = constructed  # numbers, booleans, dates: immutable
            return None if constructed is _FAILED else constructed
        if tag == _STR_TAG:
            return value
        constructed = self.construct(event, tag, path, explicit=True)
        return None if constructed is _FAILED else constructed

    def construct(self, event: Any, tag: str, path: Path, *, explicit: bool) -> Any:
        node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
        value = _construct(self.loader, node, path, self.doc, self.problems, explicit=explicit)
        self.loader.constructed_objects.clear()
        return value

    def mapping(self, path: Path, pull: _Next, *, replay: bool) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        event = pull()
        while not isinstance(event, yaml.MappingEndEvent):
            key = self.key(event, path, pull)
            if key is _FAILED:
                self.skip(pull(), pull)
            else:
                child = (*path, key)
                if key in out:
                    self.problems.append(Problem(self.mark(event), child, "duplicate key"))
                    self.skip(pull(), pull)
                else:
                    m: Any = event.start_mark
                    self.key_positions[child] = (m.line + 1, m.column + 1)
                    out[key] = self.node(pull(), child, pull, replay=replay)
            event = pull()
        return out

    def key(self, event: yaml.Event, path: Path, pull: _Next) -> Any:
        """A mapping key as text or a whole number, or _FAILED (a problem is recorded)."""
        if isinstance(event, yaml.ScalarEvent):
            value = self.scalar(event, path)
            if value is None and event.value not in ("", "~", "null", "Null", "NULL"):
                return _FAILED  # the scalar could not be read: its problem is recorded
            if isinstance(value, bool):
                return str(value).lower()
            if isinstance(value, str):
                return sys.intern(value)
            if isinstance(value, int):
                return value
            if isinstance(value, float):
                return str(value)
        elif isinstance(event, yaml.AliasEvent):
            events = self.anchors.get(str(event.anchor))
            if events and isinstance(events[0], yaml.ScalarEvent):
                return self.key(events[0], path, pull)
        self.problems.append(Problem(self.mark(event), path, "keys must be plain text"))
        self.skip(event, pull)
        return _FAILED


_FAILED = object()


_STR_TAG = "tag:yaml.org,2002:str"


def _short_tag(tag: str) -> str:
    """``tag:yaml.org,2002:int`` as written in a file, ``!!int``."""
    return tag.replace("tag:yaml.org,2002:", "!!", 1)


#: Tags a list or mapping may carry (none, or the standard ones).
_COLLECTION_TAGS = {None, "!", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"}

_TAG_WORDS = {
    "int": "a whole number",
    "float": "a number",
    "bool": "true or false",
    "timestamp": "a date such as 1815-06-18",
    "null": "empty",
    "binary": "base64 data",
}


def _construct(
    loader: yaml.SafeLoader,
    node: yaml.Node,
    path: Path,
    doc: Document,
    problems: list[Problem],
    *,
    explicit: bool = True,
) -> Any:
    """Construct a scalar (or a mapping key); a bad or unknown tag is a problem, not a crash.

    ``explicit``: the tag was written in the file (else YAML guessed it from the text).
    """
    if node.tag == _STR_TAG and isinstance(node, yaml.ScalarNode):
        return node.value  # the common case, without the constructor's bookkeeping
    try:
        value = loader.construct_object(node, deep=True)
    except yaml.MarkedYAMLError as exc:
        mark = _mark(doc.file, exc.problem_mark or exc.context_mark or node.start_mark)
        problems.append(Problem(mark, path, f"cannot read this value: {exc.problem or exc}"))
        return _FAILED
    except Exception:  # noqa: BLE001 - PyYAML's constructors raise anything on bad text
        tag = str(node.tag).rsplit(":", 1)[-1]
        shown = _show(node.value) if isinstance(node, yaml.ScalarNode) else "this value"
        what = _TAG_WORDS.get(tag, f"a valid !!{tag} value")
        message = (
            f"{shown} is tagged !!{tag} but is not {what}: fix the value or drop the tag"
            if explicit
            else f"{shown} cannot be read as {what} (too long or malformed)"
        )
        problems.append(Problem(_mark(doc.file, node.start_mark), path, message))
        return _FAILED
    if isinstance(value, float) and not math.isfinite(value):
        problems.append(
            Problem(
                _mark(doc.file, node.start_mark),
                path,
                f"{_show(node.value)} is not a finite number (NaN and infinities are not allowed)",
            )
        )
        return _FAILED
    return value


#: Unicode categories that show nothing on their own: spaces, separators, controls, format
#: characters (zero-width space and joiners, BOM, direction marks).
_INVISIBLE = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf"})


def is_blank(text: str) -> bool:
    """True when ``text`` shows nothing: empty, spaces, or only invisible characters."""
    return all(ch.isspace() or unicodedata.category(ch) in _INVISIBLE for ch in text)


def name_key(name: str) -> str:
    """A name as compared for duplicates: NFC-normalised, case-folded, single-spaced.

    ``1/54e  Ligne`` and ``1/54E Ligne`` match, and so do the composed and decomposed
    spellings of an accented letter (``é`` as one character or as ``e`` plus an accent).
    """
    return " ".join(unicodedata.normalize("NFC", name).casefold().split())


class FlowMap(dict[str, Any]):
    """A mapping that :func:`dump` writes on one line in flow style: ``{name: x, rating: 2}``."""


def _represent_flow_map(dumper: yaml.SafeDumper, data: FlowMap) -> yaml.Node:
    return dumper.represent_mapping("tag:yaml.org,2002:map", data, flow_style=True)


#: Line breaks PyYAML writes raw inside quotes, where loading would fold them into spaces.
_UNICODE_BREAKS = ("\x85", "\u2028", "\u2029")


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.Node:
    if any(ch in data for ch in _UNICODE_BREAKS):  # double quotes escape them (\N, \L, \P)
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style='"')
    return dumper.represent_str(data)


@functools.cache
def _dumpers() -> tuple[type[yaml.SafeDumper], type[yaml.SafeDumper]]:
    """The safe dumper plus :class:`FlowMap`, and the same indenting lists under their key.

    Made on the first :func:`dump`, so that importing this module does not import PyYAML.
    """
    _import_yaml()

    class _Dumper(yaml.SafeDumper):
        """The safe dumper, plus :class:`FlowMap`."""

    _Dumper.add_representer(FlowMap, _represent_flow_map)
    _Dumper.add_representer(str, _represent_str)

    class _IndentedDumper(_Dumper):
        """Indents the items of a block list under their key, as people write YAML by hand."""

        def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
            super().increase_indent(flow, False)

    return _Dumper, _IndentedDumper


def dump(data: Any, *, width: int | None = None, indent_lists: bool = False) -> str:
    """Write plain data as block-style YAML, keeping key order.

    Args:
        data: plain data (dicts, lists, text, numbers, booleans, None); any :class:`FlowMap`
            in it is written in flow style.
        width: preferred line width (PyYAML's default, 80, when None).
        indent_lists: indent the ``-`` of a list under its key by two spaces.
    """
    plain, indented = _dumpers()
    return yaml.dump(
        data,
        Dumper=indented if indent_lists else plain,
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


def _show(data: Any, limit: int = 60) -> str:
    """``repr(data)`` cut to ``limit`` characters (a bad value may be a whole file's worth)."""
    if isinstance(data, list | dict) and len(data) > limit:
        return f"a {type(data).__name__} of {len(data)} items"
    text = repr(data) if not isinstance(data, int) or abs(data) < 10**30 else "a huge number"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class _Parser:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.problems: list[Problem] = []

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
            self.fail(path, f"expected {_type_name(tp)}, found {_show(data)}")
            return None
        if kind == "literal":
            if data in args and type(data) in {type(a) for a in args}:
                return data
            self.fail(path, f"expected one of {_type_name(tp)}, found {_show(data)}")
            return None
        if kind == "enum":
            try:
                return _members(tp)[data]
            except (KeyError, TypeError):
                self.fail(path, f"expected one of {_type_name(tp)}, found {_show(data)}")
                return None
        if kind == "dataclass":
            return self.dataclass(tp, data, path)
        if kind in ("list", "tuple"):
            if not isinstance(data, list):
                self.fail(path, f"expected a list, found {_show(data)}")
                return [] if kind == "list" else ()
            item_tp = args[0]
            items = [self.value(item_tp, v, (*path, i), md) for i, v in enumerate(data)]
            return items if kind == "list" else tuple(items)
        if kind == "dict":
            if not isinstance(data, dict):
                self.fail(path, f"expected a mapping, found {_show(data)}")
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
            self.fail(path, f"expected {_type_name(tp)}, found {_show(data)}")
            return None
        if isinstance(data, int | float) and not isinstance(data, bool):
            if isinstance(data, float) and not math.isfinite(data):
                self.fail(path, f"{data!r} is not a finite number")
                return None
            if abs(data) > MAX_MAGNITUDE:
                self.fail(path, f"{_show(data)} is too large (numbers stay within ±10^15)")
                return None
        if tp is str:
            bad = _CONTROL_IN_TEXT.search(data)
            if bad:
                self.fail(
                    path,
                    f"the text holds the control character {_char_name(bad.group())} "
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
            self.fail(path, f"expected a mapping, found {_show(data)}")
            return None
        hints, fields = _shape(cls)  # type: ignore[arg-type]
        for key in data:
            if key not in fields:
                known = ", ".join(sorted(fields))
                self.fail((*path, key), f"unknown key (known keys: {known})", at_key=True)
        kwargs: dict[str, Any] = {}
        before = len(self.problems)
        for key, f in fields.items():
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


def parse(cls: type[T], doc: Document, path: Path = (), data: Any = dataclasses.MISSING) -> T:
    """Parse ``doc`` (or ``data`` at ``path`` in it) into ``cls``; raise YamlError on problems."""
    p = _Parser(doc)
    with _gc_paused():
        result = p.value(cls, doc.data if data is dataclasses.MISSING else data, path)
    if p.problems:
        raise YamlError(p.problems)
    return typing.cast(T, result)


def raise_if(problems: Iterable[Problem]) -> None:
    """Raise YamlError when ``problems`` holds any error (warnings alone do not raise)."""
    plist = list(problems)
    if any(p.severity == "error" for p in plist):
        raise YamlError(plist)
