"""The methods ``@dataclass`` writes, compiled once and kept beside the bytecode.

For every dataclass, :mod:`dataclasses` writes the source of its ``__init__``, ``__repr__``,
``__eq__``, ``__hash__`` (and, frozen, ``__setattr__`` and ``__delattr__``) and compiles it
with :func:`exec`: about six compilations a class, paid at each import. The desktop app's
first window imports about eighty dataclasses (the views, the ruleset's tables, the specs),
and compiling their methods was about a seventh of its CPU time to the first paint (issue 36).

:func:`install` makes :mod:`dataclasses` compile through a cache until :func:`finish`: a
method's source text already compiled in an earlier run is taken from a copy of the compiled
code (:mod:`marshal`, the format of ``.pyc`` files) in the package's ``__pycache__``, under a
name carrying the Python version; a source not in the copy is compiled as before, and the
copy is written again by :func:`finish`, with the methods this run compiled added.
The code run is the same (the same text compiled by the same interpreter, with no
``__future__`` flags, as :mod:`dataclasses` does); a damaged copy (its digest is checked) or
one marshal cannot read is ignored. ``PYTHONDONTWRITEBYTECODE`` means nothing is written. The
copy is trusted exactly as far as the ``.pyc`` files beside it. Standard library only.
"""

from __future__ import annotations

import builtins
import dataclasses
import marshal
import pathlib
import sys
from types import CodeType
from typing import Any

from eote_ref.yamlio.cache import PACKAGE, _checksum, _write

try:  # CPython's own BLAKE2, as the ruleset's copy (yamlio/cache.py): no OpenSSL
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - another Python than CPython
    from hashlib import blake2b

_CHECK = 16
#: The most methods a copy keeps from earlier runs (the app's first window asks for about 480).
KEEP = 4000


class _Methods:
    """One run's cache: the methods read from the copy, and those this run compiled."""

    def __init__(self, path: pathlib.Path) -> None:
        self.path = path
        self.known = _read(path)
        self.used: dict[str, CodeType] = {}
        self.compiled = 0

    def exec(self, source: Any, globals: Any = None, locals: Any = None, /) -> None:
        """:func:`exec` for :mod:`dataclasses`: a source text is compiled once per Python."""
        if isinstance(source, str):
            code = self.known.get(source)
            if code is None:
                code = compile(source, "<string>", "exec", dont_inherit=True)
                self.compiled += 1
            self.used[source] = code
            source = code
        builtins.exec(source, globals, locals)


_active: _Methods | None = None


def copy_path(name: str, folder: pathlib.Path | None = None) -> pathlib.Path:
    """Where the compiled methods of the runs called ``name`` live, for this Python.

    ``folder``: the package's ``__pycache__`` unless given (tests).
    """
    tag = blake2b(sys.version.encode(), digest_size=6).hexdigest()
    optimize = f".opt-{sys.flags.optimize}" if sys.flags.optimize else ""
    implementation = sys.implementation.cache_tag or "python"
    where = folder if folder is not None else PACKAGE / "__pycache__"
    return where / f"dataclass-methods.{name}.{implementation}-{tag}{optimize}"


def install(name: str, folder: pathlib.Path | None = None) -> None:
    """Compile dataclasses' methods through the copy called ``name`` until :func:`finish`.

    For the main thread of a process that has not started others (the app's start, a
    calculator call): the cache serves any thread meanwhile, and gives the same code a
    compilation would. Nothing happens if a cache is installed already.
    """
    global _active
    if _active is not None or "exec" in vars(dataclasses) or getattr(sys, "frozen", False):
        return  # a frozen app writes no bytecode beside its modules: no copy either
    _active = _Methods(copy_path(name, folder))
    dataclasses.exec = _active.exec  # type: ignore[attr-defined]  # shadows the builtin


def finish() -> int:
    """Stop using the copy; write it again if this run compiled a method it lacked.

    Returns how many methods were compiled (0: every one came from the copy; nothing to do
    when :func:`install` was not called).
    """
    global _active
    methods, _active = _active, None
    if methods is None:
        return 0
    if vars(dataclasses).get("exec") == methods.exec:
        del dataclasses.exec  # type: ignore[attr-defined]
    if methods.compiled and not sys.dont_write_bytecode:
        # The methods of earlier runs stay (the calculator's procedures need different ones)
        # unless the copy has grown past KEEP with sources edited since.
        kept = {**methods.known, **methods.used}
        data = marshal.dumps(kept if len(kept) <= KEEP else methods.used)
        _write(methods.path, methods.path.name, _checksum(data) + data)
    return methods.compiled


def _read(path: pathlib.Path) -> dict[str, CodeType]:
    """The compiled methods in a copy; empty when it is missing, damaged or unreadable."""
    try:
        raw = path.read_bytes()
    except OSError:
        return {}
    head, data = raw[:_CHECK], raw[_CHECK:]
    if len(head) != _CHECK or head != _checksum(data):
        return {}
    try:
        methods = marshal.loads(data)
    except (ValueError, EOFError, TypeError):
        return {}
    if not isinstance(methods, dict):
        return {}
    return {k: v for k, v in methods.items() if isinstance(k, str) and isinstance(v, CodeType)}
