"""A compiled copy of the shipped ruleset, kept beside the bytecode like a ``.pyc`` file.

Parsing and validating ``eote-6.2.yaml`` costs more than importing the whole rules engine,
and every ``eote-ref rule`` call and app start needs it. The validated
:class:`~eote_ref.rules.ruleset.Ruleset` is therefore pickled into the ``__pycache__``
folder next to the YAML file, under a name that carries the size and modification time of
the YAML file and of every source file the result depends on (the rules engine, the loader,
the YAML parser), plus the Python and eote-ref versions. Any change to one of them gives a
new name, so a stale copy is never read; an unwritable folder, a frozen app without sources
or ``PYTHONDONTWRITEBYTECODE`` simply means no copy is written. The file is trusted exactly
as far as the ``.pyc`` files beside it.
"""

from __future__ import annotations

import os
import pathlib
import pickle
import sys
import zlib
from collections.abc import Callable
from typing import TypeVar

import eote_ref

T = TypeVar("T")

_PACKAGE = pathlib.Path(eote_ref.__file__).parent
#: The sources a loaded ruleset depends on, besides the YAML file itself.
_SOURCES = ("rules/*.py", "rulesets/*.py", "yamlio/*.py")


def _key(yaml_file: pathlib.Path) -> str | None:
    """A digest of what the loaded ruleset depends on, or None if a source cannot be seen."""
    parts = [sys.version, eote_ref.__version__]
    files = [yaml_file] + sorted(p for pattern in _SOURCES for p in _PACKAGE.glob(pattern))
    if len(files) < 3:  # a frozen app ships no sources: nothing to compare a copy against
        return None
    try:
        for path in files:
            st = path.stat()
            parts.append(f"{path.name}:{st.st_size}:{st.st_mtime_ns}")
    except OSError:
        return None
    text = "|".join(parts).encode()
    return f"{zlib.crc32(text):08x}{zlib.adler32(text):08x}"


def cached(yaml_file: pathlib.Path, load: Callable[[], T], kind: type[T]) -> T:
    """``load()``, or its pickled result from an earlier call with the same sources."""
    key = _key(yaml_file)
    if key is None:
        return load()
    folder = yaml_file.parent / "__pycache__"
    copy = folder / f"{yaml_file.name}.{key}.pickle"
    try:
        obj = pickle.loads(copy.read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        obj = None
    if isinstance(obj, kind):
        return obj
    result = load()
    if not sys.dont_write_bytecode:
        _write(copy, f"{yaml_file.name}.*.pickle", pickle.dumps(result, pickle.HIGHEST_PROTOCOL))
    return result


def _write(copy: pathlib.Path, older: str, data: bytes) -> None:
    """Write ``copy`` atomically; remove the other copies matching ``older`` (best effort)."""
    try:
        copy.parent.mkdir(exist_ok=True)
        tmp = copy.with_name(f"{copy.name}.{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, copy)
        for old in copy.parent.glob(older):
            if old != copy:
                old.unlink(missing_ok=True)
    except OSError:
        pass
