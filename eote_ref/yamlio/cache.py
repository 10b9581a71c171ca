"""A parsed copy of a shipped data file, kept beside the bytecode like a ``.pyc`` file.

Parsing and validating a pack's YAML file (EotE's ``eote-6.2.yaml``, AVlE's
``avle-1.2.yaml``) costs more than importing the code that reads it, and every
``eote-ref rule`` call and app start needs it. :func:`cached` therefore pickles the validated
result into the ``__pycache__`` folder next to the YAML file, under a name that carries a
digest of the YAML file's content and of the size and modification time of every source file
the result depends on (the pack's own modules, the loader, the YAML parser: ``sources``),
plus the Python and eote-ref versions and the result's class. Any change to one of them gives
a new name, so a stale copy is never read. The copy starts with a digest of its own bytes: a
damaged or truncated copy is not unpickled, and one that does not unpickle to ``kind`` is
ignored; either way the file is parsed again and the copy rewritten. An unwritable folder, a
frozen app without sources or ``PYTHONDONTWRITEBYTECODE`` simply means no copy is written.
The file is trusted exactly as far as the ``.pyc`` files beside it. Standard library only.
"""

from __future__ import annotations

import os
import pathlib
import pickle
import sys
from collections.abc import Callable, Sequence
from typing import TypeVar

import eote_ref

try:  # CPython's own BLAKE2: hashlib would load OpenSSL too, 2 ms of each calculator call
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - another Python than CPython
    from hashlib import blake2b

T = TypeVar("T")

PACKAGE = pathlib.Path(eote_ref.__file__).parent
#: Bytes of the digest at the head of a copy (BLAKE2b of the pickle after it).
_CHECK = 16


def key(data_file: pathlib.Path, kind: type[object], sources: Sequence[str]) -> str | None:
    """The digest naming a copy of ``data_file``'s result, or None if one cannot be made.

    ``sources`` are glob patterns under the ``eote_ref`` package
    (``"packs/eote/rules/*.py"``). None when the data file cannot be read or no source file is
    found (a frozen app ships none: nothing to compare a copy against).
    """
    files = sorted(p for pattern in sources for p in PACKAGE.glob(pattern))
    if not files:
        return None
    h = blake2b(digest_size=12)
    for part in (sys.version, eote_ref.__version__, kind.__module__, kind.__qualname__):
        h.update(part.encode() + b"\0")
    try:
        h.update(data_file.read_bytes())
        for path in files:
            st = path.stat()
            h.update(f"{path.relative_to(PACKAGE)}:{st.st_size}:{st.st_mtime_ns}\0".encode())
    except OSError:
        return None
    return h.hexdigest()


def copy_path(data_file: pathlib.Path, digest: str) -> pathlib.Path:
    """Where the copy of ``data_file`` with this digest lives."""
    return data_file.parent / "__pycache__" / f"{data_file.name}.{digest}.pickle"


def cached(
    data_file: pathlib.Path, load: Callable[[], T], kind: type[T], sources: Sequence[str]
) -> T:
    """``load()``, or its pickled result from an earlier call with the same file and sources."""
    digest = key(data_file, kind, sources)
    if digest is None:
        return load()
    copy = copy_path(data_file, digest)
    obj = _read(copy)
    if isinstance(obj, kind):
        return obj
    result = load()
    if not sys.dont_write_bytecode:
        data = pickle.dumps(result, pickle.HIGHEST_PROTOCOL)
        _write(copy, f"{data_file.name}.*.pickle", _checksum(data) + data)
    return result


def _checksum(data: bytes) -> bytes:
    return blake2b(data, digest_size=_CHECK).digest()


def _read(copy: pathlib.Path) -> object:
    """The object in a copy, or None when it is missing, damaged or does not unpickle."""
    try:
        raw = copy.read_bytes()
    except OSError:
        return None
    head, data = raw[:_CHECK], raw[_CHECK:]
    if len(head) != _CHECK or head != _checksum(data):
        return None
    try:
        return pickle.loads(data)
    except Exception:  # noqa: BLE001 - any failure to unpickle means: parse the file again
        return None


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
