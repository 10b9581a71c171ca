"""Keeping the campaign window's selections while its lists are filled again.

The campaign window re-reads its campaign after every edit, and when another copy of the app
changed it (:meth:`CampaignWindow.follow`). Rows are found again by what they show (a member's
or battle's id, an army tree item's names), never by their old position: a battle recorded
elsewhere may have moved every row below it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtWidgets import QComboBox, QTableWidget, QTreeWidget, QTreeWidgetItem


def _tree_path(item: QTreeWidgetItem | None) -> tuple[str, ...]:
    """The first column's texts from the top-level item down to ``item``."""
    path: list[str] = []
    while item is not None:
        path.append(item.text(0))
        item = item.parent()
    return tuple(reversed(path))


def _find_path(tree: QTreeWidget, path: Sequence[str]) -> QTreeWidgetItem | None:
    """The item at ``path`` (see :func:`_tree_path`), or the deepest one still there."""
    found: QTreeWidgetItem | None = None
    children = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    for text in path:
        match = next((c for c in children if c is not None and c.text(0) == text), None)
        if match is None:
            break
        found = match
        children = [match.child(i) for i in range(match.childCount())]
    return found


def _expanded(tree: QTreeWidget) -> set[tuple[str, ...]]:
    out: set[tuple[str, ...]] = set()
    stack = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    while stack:
        item = stack.pop()
        if item is None:
            continue
        if item.isExpanded():
            out.add(_tree_path(item))
        stack.extend(item.child(i) for i in range(item.childCount()))
    return out


@dataclass
class TableRows:
    """A table whose rows stand for ids (``ids()`` gives them in the table's order)."""

    table: QTableWidget
    ids: Callable[[], Sequence[int]]


def keep_selection(
    tables: Sequence[TableRows], tree: QTreeWidget, combos: Sequence[QComboBox]
) -> Callable[[], None]:
    """Note what is selected now; the function returned selects it again after a refill.

    Args:
        tables: tables whose current row is kept by id.
        tree: the army tree, whose current item and expanded branches are kept by name.
        combos: choosers whose current item is kept by its data.
    """
    rows: list[tuple[TableRows, int | None, int]] = []
    for t in tables:
        row = t.table.currentRow()
        ids = t.ids()
        rows.append(
            (t, ids[row] if 0 <= row < len(ids) else None, t.table.verticalScrollBar().value())
        )
    current = _tree_path(tree.currentItem()) if tree.currentItem() is not None else None
    expanded = _expanded(tree)
    tree_scroll = tree.verticalScrollBar().value()
    chosen = [(c, c.currentData()) for c in combos]

    def restore() -> None:
        for t, kept, scroll in rows:
            ids = list(t.ids())
            if kept is not None and kept in ids:
                t.table.setCurrentCell(ids.index(kept), max(t.table.currentColumn(), 0))
            t.table.verticalScrollBar().setValue(scroll)
        if expanded:
            stack = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
            while stack:
                item = stack.pop()
                if item is None:
                    continue
                item.setExpanded(_tree_path(item) in expanded)
                stack.extend(item.child(i) for i in range(item.childCount()))
        if current is not None:
            item = _find_path(tree, current)
            if item is not None:
                tree.setCurrentItem(item)
        tree.verticalScrollBar().setValue(tree_scroll)
        for combo, data in chosen:
            index = combo.findData(data) if data is not None else -1
            if index >= 0 and index != combo.currentIndex():
                combo.setCurrentIndex(index)

    return restore
