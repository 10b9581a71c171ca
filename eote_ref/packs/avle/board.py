"""The AVlE map's hexes (2.0): 21 columns A-V (the scenarios' hexes skip the letter J), 13 rows.

A hex is named by its column letter and its row (``D8``), as the scenarios of 13.1-13.3 set
their units up. Row 1 is the French edge of the map and row 13 the other side's (the French
set up in the low rows, the Allies and the Prussians in the high ones); column A is the French
left. Standard library only.
"""

from __future__ import annotations

import re

#: The map's columns, left to right as the French see them (2.0: 21 hexes wide).
HEX_COLUMNS = "ABCDEFGHIKLMNOPQRSTUV"
#: The map's rows (2.0: 13 hexes deep).
HEX_ROWS = 13
_HEX = re.compile(r"([A-Z])([1-9][0-9]?)")


def is_hex(text: str) -> bool:
    """Whether ``text`` names a hex of the map: a column A-V without J and a row 1-13."""
    m = _HEX.fullmatch(text)
    return m is not None and m.group(1) in HEX_COLUMNS and 1 <= int(m.group(2)) <= HEX_ROWS


def all_hexes() -> tuple[str, ...]:
    """Every hex of the map, column by column: ``A1`` ... ``V13``."""
    return tuple(f"{c}{r}" for c in HEX_COLUMNS for r in range(1, HEX_ROWS + 1))
