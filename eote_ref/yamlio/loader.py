"""The safe loader: PyYAML events to plain data, every position kept, every limit checked.

PyYAML is imported on first use: the typed parse (:mod:`eote_ref.yamlio.typed`) does not need it.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import math
import os
import pathlib
import re
import stat
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from eote_ref.yamlio.document import Document
from eote_ref.yamlio.problems import Mark, Path, Problem, YamlError
from eote_ref.yamlio.text import char_name, line_column, show

if TYPE_CHECKING:
    import yaml


def _import_yaml() -> None:
    """Import PyYAML on first use: the typed parse (:mod:`eote_ref.yamlio.typed`) does not need it.

    Reading or writing YAML text calls this first; ``eote-ref rule``, which parses JSON and
    reads the pre-parsed ruleset (:mod:`eote_ref.yamlio.cache`), never loads PyYAML.
    """
    global yaml  # noqa: PLW0603 - the module-level name the functions below use
    import yaml


def _mark(file: str, m: yaml.Mark | None) -> Mark | None:
    if m is None:
        return None
    return Mark(file, m.line + 1, m.column + 1)


def _loader(text: str) -> yaml.SafeLoader:
    """A parser of ``text``: libyaml's if PyYAML was built with it (faster), else Python's."""
    _import_yaml()
    cls: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return cls(text)


#: Largest YAML file (in bytes, or characters for text) eote-ref reads; checked before parsing.
MAX_FILE_BYTES = 16 * 2**20

#: Deepest nesting of mappings and lists a document may have (army lists need about 12).
MAX_DEPTH = 50


@functools.cache
def _not_allowed() -> re.Pattern[str]:
    """Characters YAML 1.1 does not allow in a file.

    Those are the C0/C1 controls other than tab and line breaks, DEL, lone surrogates and
    U+FFFE/U+FFFF. Compiled on first use: the class spans all of Unicode and takes some
    30 ms to compile, which ``eote-ref rule`` (it reads no YAML) should not pay.
    """
    return re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


#: Problems of one kind reported per file before the rest are summed up in one line.
MAX_REPORTED = 20


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
        line, column = line_column(text, index)
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
                f"the character {char_name(ch)} is not allowed in a YAML file: delete it "
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
    with gc_paused():
        return _load_checked_text(text, file)


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a large tree of new objects is built.

    Building a document allocates hundreds of thousands of objects that all stay alive;
    each collection would walk all of them again, making loading quadratic in practice. The
    app's start pauses it the same way while importing its modules.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


#: The parser's words for a line indented wrongly (a key one space too far in, or out);
#: the problem gets a hint in plain words, since the parser's own say nothing of spaces.
INDENTATION_HINTED = (
    "did not find expected key",
    "mapping values are not allowed here",
    "expected <block end>",
    "did not find expected '-' indicator",
)


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
        elif any(words in problem for words in INDENTATION_HINTED):
            problem += " (check this line's indentation against the lines above it)"
        raise YamlError([Problem(mark, (), f"not valid YAML: {problem}")]) from exc
    except yaml.YAMLError as exc:  # e.g. a reader error: a position, but no mark
        position = getattr(exc, "position", None)
        mark = Mark(file, *line_column(text, position)) if position is not None else None
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
        shown = show(node.value) if isinstance(node, yaml.ScalarNode) else "this value"
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
                f"{show(node.value)} is not a finite number (NaN and infinities are not allowed)",
            )
        )
        return _FAILED
    return value


#: Unicode categories that show nothing on their own: spaces, separators, controls, format
