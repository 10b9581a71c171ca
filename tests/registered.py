"""A test's own pack: declared with nothing but what the test gives it, registered for a while.

A pack line (``registry.Shipped``) whose module is the test's names its ``declare()``; these
keep that declaration and the registration to one line each::

    def declare() -> Pack:
        return bare_pack(LINE, unit_model=WORDS)

    @pytest.fixture
    def words_pack() -> Iterator[None]:
        with registered(LINE):
            yield
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from eote_ref.packs import registry
from eote_ref.packs.declaration import Pack


def bare_pack(line: registry.Shipped, **fields: Any) -> Pack:
    """Pack ``line`` with no dice, tables, options or procedures, and ``fields``."""
    return Pack(
        id=line.id, title=line.title, dice={}, tables={}, options={}, procedures={}, **fields
    )


@contextmanager
def registered(line: registry.Shipped) -> Iterator[registry.Shipped]:
    """``line`` known to the registry inside the block, unknown again after (even on error)."""
    registry.register(line)
    try:
        yield line
    finally:
        registry.unregister(line.id)
