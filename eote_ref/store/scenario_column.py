"""The game's ``scenario`` column: EotE's scenario data, or another pack's scenario file.

A game of another pack made from a scenario file keeps the file under :data:`PACK_SCENARIO`
(its text, its name, its pack: ``scenario export --game`` writes it back); the EotE scenario
machinery reads no such game as one of its own scenarios. Standard library only (the first
window reads the column before SQLAlchemy is imported).
"""

from __future__ import annotations

from typing import Any

#: The key of the column holding another pack's scenario file.
PACK_SCENARIO = "pack_scenario"


def eote_scenario(data: Any) -> dict[str, Any]:
    """The column as the EotE scenario machinery reads it (another pack's file: empty)."""
    out = dict(data or {})
    return {} if PACK_SCENARIO in out else out
