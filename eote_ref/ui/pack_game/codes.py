"""Unit codes on a pack game's dashboard: the Code column and the code keys (issue 32).

The codes are the engine's, as EotE's dashboard has them: every unit of every pack's game
has one (``F3``: its side's letter and a number, given when the game is made), the same the
journal, the wizards and the base labels show.

* **The Code column** comes first on each side's table (:func:`place_code_first`): it is the
  last column of the tree, shown first, so the name stays column 0 and a name typed still
  finds its unit. A click on a heading sorts the units of each command by it; by code they
  sort by number (``F2`` before ``F10``), and the commands keep their order.
* **The code keys** are EotE's (:class:`~eote_ref.ui.code_keys.CodeKeys`): a number typed on
  a side's table goes to that side's unit (``1`` then ``2``: F12), Ctrl and the number marks
  the other side's unit as the target (:class:`PackCodeTables`), and the next check opened
  takes it where it asks for a unit among its choices (:func:`preset_target`); F6 gives the
  other table the keyboard.

Nothing here names a pack.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QItemSelectionModel, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem

from eote_ref.referee.picking import split_code
from eote_ref.ui.code_keys import CodeKeys

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

#: The heading of the Code column.
CODE_HEADING = "Code"

#: Item data: the order the row was made in (the commands keep it, whatever the sort).
ORDER_ROLE = Qt.ItemDataRole.UserRole + 7

#: Item data: ("unit" | "leader" | "command", row id), as the dashboard sets it.
ROW_ROLE = Qt.ItemDataRole.UserRole + 1

_made = itertools.count()


class CodedItem(QTreeWidgetItem):
    """A row of a side's table, sorted by code as numbers and with its command kept in place."""

    def __init__(self, cells: Sequence[str]) -> None:
        super().__init__(list(cells))
        self.setData(0, ORDER_ROLE, next(_made))

    def __lt__(self, other: QTreeWidgetItem) -> bool:
        tree = self.treeWidget()
        if tree is None:
            return self.text(0).casefold() < other.text(0).casefold()
        if self.parent() is None and other.parent() is None:  # the commands keep their order
            mine, theirs = self.data(0, ORDER_ROLE), other.data(0, ORDER_ROLE)
            if isinstance(mine, int) and isinstance(theirs, int):
                ascending = tree.header().sortIndicatorOrder() == Qt.SortOrder.AscendingOrder
                return mine < theirs if ascending else mine > theirs
        column = tree.sortColumn()
        if column == tree.columnCount() - 1:  # the Code column
            return _code_key(self.text(column)) < _code_key(other.text(column))
        # (Qt's own comparison is not called back: PySide would call this one again.)
        return self.text(column).casefold() < other.text(column).casefold()


def _code_key(code: str) -> tuple[str, int]:
    parsed = split_code(code) if code else None
    return (parsed[0], parsed[1]) if parsed is not None else ("", -1)


def place_code_first(tree: QTreeWidget) -> None:
    """Show the tree's last column (the code) first, the others after it in their order.

    The units sort by code until the umpire clicks another heading.
    """
    header = tree.header()
    count = header.count()
    if count == 0:
        return
    code = count - 1
    for visual, logical in enumerate([code, *range(count - 1)]):
        now = header.visualIndex(logical)
        if now != visual:
            header.moveSection(now, visual)
    if not tree.property("sortChosen"):
        header.setSortIndicator(code, Qt.SortOrder.AscendingOrder)
    tree.setSortingEnabled(True)


class PackCodeTables(QObject):
    """The code keys on a pack game's dashboard (``dashboard.PackDashboard``).

    A :class:`~eote_ref.ui.code_keys.CodeTables`: the dashboard's side panes, its hub's
    view, and :attr:`target`, the other side's unit Ctrl and its number marked.
    """

    def __init__(self, dashboard: Any) -> None:
        super().__init__(dashboard)
        self.dashboard = dashboard
        self.keys = CodeKeys(self)
        #: The unit Ctrl+number marked on the other side's table (the next check's target).
        self.added: int | None = None

    @property
    def message(self) -> SignalInstance:
        signal: SignalInstance = self.dashboard.message
        return signal

    def watch(self, pane: Any) -> None:
        """Take the digits typed on ``pane``'s table (and forget the target on a click)."""
        tree = pane.tree
        tree.installEventFilter(self)
        tree.itemPressed.connect(self._forget)
        # A heading clicked: the umpire's order stays (the refills keep it).
        tree.header().sectionClicked.connect(lambda _c, t=tree: t.setProperty("sortChosen", True))

    def _forget(self, *_args: object) -> None:
        self.added = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            key = event.key()
            if Qt.Key.Key_0 <= key <= Qt.Key.Key_9 and mods in (
                Qt.KeyboardModifier.NoModifier,
                Qt.KeyboardModifier.ControlModifier,
            ):
                panes = self.dashboard.panes
                i = next((n for n, p in enumerate(panes) if p.tree is watched), None)
                if i is not None:
                    add = mods == Qt.KeyboardModifier.ControlModifier
                    self.keys.typed(i, chr(key), add)
                    return True
            if event.text().isprintable() and isinstance(watched, QTreeWidget):
                _search_names(watched)
                at = next((n for n, p in enumerate(self.dashboard.panes) if p.tree is watched), 0)
                self.keys.letter(at, event.text())  # a code typed whole (P2)
        return super().eventFilter(watched, event)

    # ------------------------------------------------------------------ CodeTables
    def coded_units(self, i: int) -> tuple[str, Sequence[tuple[int, str]]]:
        panes = self.dashboard.panes
        if not 0 <= i < len(panes):
            return "the other side", []
        side_id = panes[i].side_id
        state = self.dashboard.hub.view.state
        name = next((s.name for s in state.sides if s.id == side_id), "this side")
        return name, [(u.id, u.code) for u in state.units if u.side_id == side_id]

    def go_to_unit(self, i: int, unit_id: int) -> None:
        self.added = None
        item = self._item(i, unit_id)
        if item is not None:
            _show(item)
        if not self.dashboard.select("unit", unit_id):  # a row the table does not show
            unit = self.dashboard.hub.view.state.unit(unit_id)
            self.message.emit(f"{unit.label} is not shown on its side's table")

    def add_unit(self, typed_on: int, i: int, unit_id: int, replaced: int | None) -> bool:
        item = self._item(i, unit_id)
        if item is None:
            return False
        tree = self.dashboard.panes[i].tree
        # The other table shows the target as its current row; the subject stays this one's.
        tree.blockSignals(True)
        try:
            tree.setCurrentItem(item)
        finally:
            tree.blockSignals(False)
        _show(item)
        self.dashboard.focus_side(self.dashboard.panes[typed_on].side_id)
        self.added = unit_id
        unit = self.dashboard.hub.view.state.unit(unit_id)
        self.message.emit(f"Target: {unit.label} (the next check that asks for a unit takes it)")
        return True

    def _item(self, i: int, unit_id: int) -> QTreeWidgetItem | None:
        tree = self.dashboard.panes[i].tree
        found = tree.findItems("*", Qt.MatchFlag.MatchWildcard | Qt.MatchFlag.MatchRecursive)
        return next((it for it in found if it.data(0, ROW_ROLE) == ("unit", unit_id)), None)

    def likely(self) -> set[int]:
        """The units a check's unit question lists first: the selection and the target."""
        selected = self.dashboard.selected().get("unit_id")
        return {u for u in (selected, self.target()) if u is not None}

    def target(self) -> int | None:
        """The unit Ctrl+number marked, while it is still its table's current row."""
        if self.added is None:
            return None
        item = next(
            (
                it
                for p in self.dashboard.panes
                if (it := p.tree.currentItem()) is not None
                and it.data(0, ROW_ROLE) == ("unit", self.added)
            ),
            None,
        )
        return self.added if item is not None else None


def _search_names(tree: QTreeWidget) -> None:
    """Letters typed find a unit by its name: the search is in the current row's column.

    The Code column is shown first, so a table entered without a current row (Qt makes the
    first cell shown current) would search the codes; the name's column is made current.
    """
    index = tree.currentIndex()
    if index.isValid() and index.column() != 0:
        flag = QItemSelectionModel.SelectionFlag.NoUpdate
        tree.selectionModel().setCurrentIndex(index.siblingAtColumn(0), flag)


def _show(item: QTreeWidgetItem) -> None:
    parent = item.parent()
    if parent is not None:
        parent.setExpanded(True)
    tree = item.treeWidget()
    if tree is not None:
        tree.scrollToItem(item)


def preset_target(check: Any, unit_id: int | None) -> str | None:
    """Answer the first of ``check``'s unit questions that offers ``unit_id`` with it.

    The target Ctrl+number marked on the dashboard: a shock's target, the units a combat is
    fought against. Questions read from the state (``derived``) are left as they are. The
    question's key, or None when none offers the unit (or the check refuses it).
    """
    if unit_id is None:
        return None
    try:
        asks = check.facts()
        name = check.state.unit(unit_id).name
    except (ValueError, AttributeError):  # a refusal (the referee's are ValueErrors)
        return None
    for ask in asks:
        if ask.derived or ask.kind not in ("choice", "choices"):
            continue
        # A unit's choice: its value the unit's id, its label beginning with its name.
        if not any(v == unit_id and str(label).startswith(name) for v, label in ask.choices):
            continue
        if ask.kind == "choices":
            now = list(check.values.get(ask.key, ask.default) or [])
            if unit_id not in now and len(now) >= ask.maximum:
                continue
            value: object = now if unit_id in now else [*now, unit_id]
        else:
            value = unit_id
        try:
            check.set(ask.key, value)
        except ValueError:
            return None
        return str(ask.key)
    return None
