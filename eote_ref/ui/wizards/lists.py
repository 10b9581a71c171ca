"""Wizard unit lists sized to whole rows, eliding long names instead of scrolling sideways."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget

#: Rows a unit list shows before it scrolls.
LIST_ROWS = 6


def fit_rows(lst: QListWidget, rows: int = LIST_ROWS, *, minimum: int = 3) -> int:
    """Give ``lst`` the height of a whole number of rows (between ``minimum`` and ``rows``).

    Long labels are elided (the full text stays in the item's tooltip) rather than cut by a
    horizontal scroll bar. Returns the number of rows shown.
    """
    lst.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    lst.setTextElideMode(Qt.TextElideMode.ElideMiddle)
    for i in range(lst.count()):
        item = lst.item(i)
        if not item.toolTip():
            item.setToolTip(item.text())
    shown = max(minimum, min(rows, lst.count()))
    row = lst.sizeHintForRow(0) if lst.count() else lst.fontMetrics().height() + 2
    row = max(row, lst.fontMetrics().height())
    height = shown * row + 2 * lst.frameWidth() + lst.spacing() * 2 * shown
    lst.setMinimumHeight(height)
    lst.setMaximumHeight(height)
    return shown
