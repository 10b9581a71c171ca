"""The roster editor's Qt tree model of the order of battle, its badges and its filter.

:class:`RosterTreeModel` shows the :class:`~eote_ref.armylists.tree.Node` tree in three columns
and lets a node be dragged within it; every change goes through its ``insert``/``remove``/
``move``/``set_value`` methods, which the undo commands (:mod:`.undo`) call.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QIcon, QPainter, QPixmap

from eote_ref.armylists.model import Unit
from eote_ref.armylists.tree import (
    Kind,
    Node,
    NodeProblem,
    build_tree,
    can_hold,
    command_summary,
    new_army_list,
    unit_summary,
)

ModelIndex = QModelIndex | QPersistentModelIndex

#: The MIME type of a dragged node (only drops inside the same model are accepted).
MIME_TYPE = "application/x-eote-ref-roster-node"


# ----------------------------------------------------------------------------- display

#: A unit's disc by the word of its arm; an arm of another list format reads grey.
_ARM_COLOURS = {
    "infantry": "#2f5d9e",
    "cavalry": "#2e7d4f",
    "artillery": "#a8322d",
    "engineers": "#8a6d1f",
}
_OTHER_ARM = "#6b6f76"
_ICONS: dict[str, QIcon] = {}


def _badge(key: str, letter: str, colour: str, *, round_: bool) -> QIcon:
    if key not in _ICONS:
        pixmap = QPixmap(32, 32)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(colour))
        if round_:
            painter.drawEllipse(2, 2, 28, 28)
        else:
            painter.drawRoundedRect(2, 2, 28, 28, 6, 6)
        font = QFont()
        font.setBold(True)
        font.setPixelSize(18)
        painter.setFont(font)
        painter.setPen(QColor("white"))
        painter.drawText(pixmap.rect(), Qt.AlignmentFlag.AlignCenter, letter)
        painter.end()
        _ICONS[key] = QIcon(pixmap)
    return _ICONS[key]


def node_icon(node: Node, problems: Sequence[NodeProblem] = ()) -> QIcon:
    """A small badge: the level letter of a command, a coloured disc by arm for a unit."""
    if any(p.severity == "error" for p in problems):
        return _badge("error", "!", "#c62828", round_=True)
    if node.kind is Kind.UNIT:
        unit: Unit = node.value
        arm = str(unit.arm)
        colour = _ARM_COLOURS.get(arm, _OTHER_ARM)
        return _badge(f"arm-{arm}", arm[:1].upper(), colour, round_=True)
    level = str(node.command.level)  # its initial: army A, wing W, corps C, division D...
    return _badge(f"level-{level}", level[:1].upper(), "#4a4f57", round_=False)


# ----------------------------------------------------------------------------- the model

COLUMNS = ("Order of battle", "Details", "CE")


class RosterTreeModel(QAbstractItemModel):
    """The order of battle as a Qt tree model over :class:`Node` objects.

    Signals:
        changed: any node was inserted, removed, moved or edited.
        touched(object): the node an edit or undo/redo just changed (for selecting it).
        moveRequested(object, object, int): a drag and drop asks to move a node to
            (new parent, final row); the window turns it into an undoable command.
    """

    changed = Signal()
    touched = Signal(object)
    moveRequested = Signal(object, object, int)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.root: Node = build_tree(new_army_list())
        self.problems: dict[Node, list[NodeProblem]] = {}

    # ------------------------------------------------------------------ structure

    def node(self, index: ModelIndex) -> Node | None:
        """The node at ``index`` (None for the invisible root)."""
        if not index.isValid():
            return None
        node = index.internalPointer()
        assert isinstance(node, Node)
        return node

    def index_of(self, node: Node | None, column: int = 0) -> QModelIndex:
        """The model index of ``node``."""
        if node is None:
            return QModelIndex()
        return self.createIndex(node.row, column, node)

    def index(self, row: int, column: int, parent: ModelIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        if column < 0 or column >= len(COLUMNS) or row < 0:
            return QModelIndex()
        parent_node = self.node(parent)
        if parent_node is None:
            return self.createIndex(row, column, self.root) if row == 0 else QModelIndex()
        if row >= len(parent_node.children):
            return QModelIndex()
        return self.createIndex(row, column, parent_node.children[row])

    def parent(self, index: ModelIndex = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        node = self.node(index)
        if node is None or node.parent is None:
            return QModelIndex()
        return self.index_of(node.parent)

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        if parent.isValid() and parent.column() != 0:
            return 0
        node = self.node(parent)
        return 1 if node is None else len(node.children)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return len(COLUMNS)

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        node = self.node(index)
        if node is None:
            return None
        column = index.column()
        problems = self.problems.get(node, [])
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(node, column)
        if role == Qt.ItemDataRole.DecorationRole and column == 0:
            return node_icon(node, problems)
        if role == Qt.ItemDataRole.ToolTipRole and problems:
            return "\n".join(f"{p.severity}: {p.text}" for p in problems)
        if role == Qt.ItemDataRole.ForegroundRole:
            if any(p.severity == "error" for p in problems):
                return QBrush(QColor("#b71c1c"))
            if problems and column == 0:
                return QBrush(QColor("#8d5a00"))
            if column == 1:
                return QBrush(QColor("#5f6368"))
        if role == Qt.ItemDataRole.FontRole and column == 0 and node.kind is not Kind.UNIT:
            font = QFont()
            font.setBold(node.kind is Kind.ARMY or not node.holds_units)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 2:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _display(self, node: Node, column: int) -> str:
        if column == 0:
            name = node.name.strip()
            if node.kind is Kind.UNIT:
                return name or "(unnamed unit)"
            return name or f"(unnamed {node.command.level})"
        if column == 1:
            return unit_summary(node.value) if node.kind is Kind.UNIT else command_summary(node)
        if node.kind is Kind.UNIT:
            return str(node.value.ce)
        return str(sum(u.ce for u in node.units()))

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        node = self.node(index)
        if node is None:
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if node.kind is not Kind.ARMY:
            flags |= Qt.ItemFlag.ItemIsDragEnabled
        if node.kind is not Kind.UNIT:
            flags |= Qt.ItemFlag.ItemIsDropEnabled
        return flags

    # ------------------------------------------------------------------ drag and drop

    def supportedDropActions(self) -> Qt.DropAction:  # noqa: N802
        return Qt.DropAction.MoveAction

    def supportedDragActions(self) -> Qt.DropAction:  # noqa: N802
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:  # noqa: N802
        return [MIME_TYPE]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:  # noqa: N802
        data = QMimeData()
        nodes = [n for n in (self.node(i) for i in indexes) if n is not None]
        if nodes:
            data.setData(MIME_TYPE, str(id(nodes[0])).encode())
        return data

    def _dragged(self, data: QMimeData) -> Node | None:
        if not data.hasFormat(MIME_TYPE):
            return None
        try:
            wanted = int(bytes(data.data(MIME_TYPE).data()).decode())
        except ValueError:
            return None
        return next((n for n in self.root.walk() if id(n) == wanted), None)

    def _drop_target(
        self, data: QMimeData, row: int, parent: ModelIndex
    ) -> tuple[Node, Node, int] | None:
        node = self._dragged(data)
        target = self.node(parent)
        if node is None or target is None or not can_hold(target, node):
            return None
        final = len(target.children) if row < 0 else min(row, len(target.children))
        if node.parent is target:
            if final > node.row:
                final -= 1
            final = min(final, len(target.children) - 1)
        elif node.kind is Kind.COMMAND and any(c.kind is Kind.UNIT for c in target.children):
            return None
        return node, target, final

    def canDropMimeData(  # noqa: N802
        self,
        data: QMimeData,
        action: Qt.DropAction,
        row: int,
        column: int,
        parent: ModelIndex,
    ) -> bool:
        return self._drop_target(data, row, parent) is not None

    def dropMimeData(  # noqa: N802
        self,
        data: QMimeData,
        action: Qt.DropAction,
        row: int,
        column: int,
        parent: ModelIndex,
    ) -> bool:
        """Ask for the move (the window pushes an undoable command).

        Returns False so the view never removes the dragged row itself: the move command
        has already moved it.
        """
        target = self._drop_target(data, row, parent)
        if target is not None:
            node, new_parent, final = target
            if node.parent is not new_parent or node.row != final:
                self.moveRequested.emit(node, new_parent, final)
        return False

    # ------------------------------------------------------------------ edits

    def reset(self, root: Node) -> None:
        """Show another list."""
        self.beginResetModel()
        self.root = root
        self.problems = {}
        self.endResetModel()
        self.changed.emit()

    def set_value(self, node: Node, value: Any) -> None:
        """Replace a node's frozen value."""
        node.value = value
        self._refresh(node)
        self.changed.emit()
        self.touched.emit(node)

    def _refresh(self, node: Node) -> None:
        self.dataChanged.emit(self.index_of(node, 0), self.index_of(node, len(COLUMNS) - 1))
        for ancestor in node.ancestors():  # the CE totals
            self.dataChanged.emit(self.index_of(ancestor, 2), self.index_of(ancestor, 2))

    def insert(self, parent: Node, row: int, node: Node) -> None:
        """Insert ``node`` as child ``row`` of ``parent``."""
        self.beginInsertRows(self.index_of(parent), row, row)
        parent.children.insert(row, node)
        node.parent = parent
        self.endInsertRows()
        self._refresh(parent)
        self.changed.emit()
        self.touched.emit(node)

    def remove(self, node: Node) -> tuple[Node, int]:
        """Take ``node`` out of the tree; returns where it was."""
        parent = node.parent
        assert parent is not None
        row = node.row
        self.beginRemoveRows(self.index_of(parent), row, row)
        del parent.children[row]
        self.endRemoveRows()
        self._refresh(parent)
        self.changed.emit()
        self.touched.emit(parent)
        return parent, row

    def move(self, node: Node, new_parent: Node, new_row: int) -> None:
        """Move ``node`` so it becomes child ``new_row`` of ``new_parent``."""
        old_parent = node.parent
        assert old_parent is not None
        old_row = node.row
        if old_parent is new_parent and old_row == new_row:
            return
        destination = new_row + 1 if old_parent is new_parent and new_row > old_row else new_row
        ok = self.beginMoveRows(
            self.index_of(old_parent), old_row, old_row, self.index_of(new_parent), destination
        )
        del old_parent.children[old_row]
        new_parent.children.insert(new_row, node)
        node.parent = new_parent
        if ok:
            self.endMoveRows()
        else:  # pragma: no cover - the commands never ask for an impossible move
            self.layoutChanged.emit()
        self._refresh(old_parent)
        self._refresh(new_parent)
        self.changed.emit()
        self.touched.emit(node)

    def set_problems(self, problems: dict[Node, list[NodeProblem]]) -> None:
        """Show new validation results (icons, colours, tooltips)."""
        before = set(self.problems)
        self.problems = problems
        for node in before | set(problems):
            if node is self.root or node.parent is not None:
                self.dataChanged.emit(self.index_of(node, 0), self.index_of(node, 0))


# ----------------------------------------------------------------------------- filter


class RosterFilterModel(QSortFilterProxyModel):
    """Shows the units whose name (or whose command's name or leader) matches, of one arm/nation.

    Commands stay visible while anything below them matches (recursive filtering).
    """

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.text = ""
        self.arm: str | None = None
        self.nation: str | None = None
        self.setRecursiveFilteringEnabled(True)

    @property
    def active(self) -> bool:
        """True when any filter is set."""
        return bool(self.text or self.arm or self.nation)

    def set_filter(self, text: str, arm: str | None, nation: str | None) -> None:
        """Filter by text (case-insensitive substring), arm and nation (None: any)."""
        self.beginFilterChange()
        self.text = " ".join(text.split()).casefold()
        self.arm = arm
        self.nation = nation
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def _matches_text(self, node: Node) -> bool:
        if not self.text:
            return True
        for n in (node, *node.ancestors()):
            words = [n.name]
            if n.kind is not Kind.UNIT:
                words.append(n.command.leader.name)
                if n.kind is Kind.ARMY:
                    words.append(n.command.name)
            if any(self.text in " ".join(w.split()).casefold() for w in words):
                return True
        return False

    def filterAcceptsRow(self, source_row: int, source_parent: ModelIndex) -> bool:  # noqa: N802
        model = self.sourceModel()
        assert isinstance(model, RosterTreeModel)
        node = model.node(model.index(source_row, 0, source_parent))
        if node is None or not self.active:
            return True
        if node.kind is not Kind.UNIT:
            return not (self.arm or self.nation) and self._matches_text(node)
        unit: Unit = node.value
        if self.arm is not None and unit.arm != self.arm:
            return False
        if self.nation is not None and (unit.nation or model.root.value.nation) != self.nation:
            return False
        return self._matches_text(node)
