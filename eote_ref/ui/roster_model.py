"""The roster editor's mutable order of battle: nodes, the Qt tree model, filter and undo commands.

The frozen :class:`~eote_ref.armylists.model.ArmyList` is split into a tree of :class:`Node`
objects (army → commands → units), each holding a frozen value without its children; an edit
replaces one node's value, or inserts, removes or moves one node, always through a
:class:`QUndoCommand` so it can be undone. :func:`to_army_list` puts the frozen list back
together for validation and saving.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterator, Sequence
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
from PySide6.QtGui import QBrush, QColor, QFont, QIcon, QPainter, QPixmap, QUndoCommand

from eote_ref.armylists.model import FORMAT_VERSION, ArmyList, Command, Leader, Unit
from eote_ref.rules.command import Level
from eote_ref.rules.units import Arm
from eote_ref.yamlio.problems import Path, Problem

ModelIndex = QModelIndex | QPersistentModelIndex

#: The MIME type of a dragged node (only drops inside the same model are accepted).
MIME_TYPE = "application/x-eote-ref-roster-node"


class Kind(enum.Enum):
    """What a node of the order of battle is."""

    ARMY = "army"
    COMMAND = "command"
    UNIT = "unit"


class Node:
    """One item of the order of battle: the army, a command or a unit.

    ``value`` is an :class:`ArmyList` whose ``army`` has no children (the army node), a
    :class:`Command` without children (a command node) or a :class:`Unit`.
    """

    def __init__(self, kind: Kind, value: Any, parent: Node | None = None) -> None:
        self.kind = kind
        self.value = value
        self.parent = parent
        self.children: list[Node] = []

    def __repr__(self) -> str:
        return f"Node({self.kind.value}, {self.name!r})"

    @property
    def row(self) -> int:
        """Position among the parent's children (0 for the army)."""
        return self.parent.children.index(self) if self.parent is not None else 0

    @property
    def command(self) -> Command:
        """The command of an army or command node."""
        if self.kind is Kind.ARMY:
            command: Command = self.value.army
            return command
        if self.kind is Kind.COMMAND:
            value: Command = self.value
            return value
        raise TypeError("a unit has no command")

    def with_command(self, command: Command) -> Any:
        """The node's value with its command replaced (army or command node)."""
        if self.kind is Kind.ARMY:
            return dataclasses.replace(self.value, army=command)
        return command

    @property
    def level(self) -> Level | None:
        """The level of an army or command node, None for a unit."""
        return None if self.kind is Kind.UNIT else self.command.level

    @property
    def holds_units(self) -> bool:
        """True for a division or brigade (EotE 1.0.1)."""
        level = self.level
        return level is not None and level.is_manoeuvre

    @property
    def name(self) -> str:
        """The name shown in the tree (the list's name for the army)."""
        return str(self.value.name)

    def walk(self) -> Iterator[Node]:
        """This node and every node below it, depth first."""
        yield self
        for child in self.children:
            yield from child.walk()

    def ancestors(self) -> Iterator[Node]:
        """The parent, its parent, … up to the army."""
        node = self.parent
        while node is not None:
            yield node
            node = node.parent

    def units(self) -> list[Unit]:
        """Every unit at or below this node."""
        return [n.value for n in self.walk() if n.kind is Kind.UNIT]

    def clone(self) -> Node:
        """A deep copy of this subtree (values are frozen, so they are shared)."""
        copy = Node(self.kind, self.value)
        for child in self.children:
            c = child.clone()
            c.parent = copy
            copy.children.append(c)
        return copy


# ----------------------------------------------------------------------------- conversion


def _bare(command: Command) -> Command:
    return dataclasses.replace(command, commands=(), units=())


def build_tree(army_list: ArmyList) -> Node:
    """The node tree of an army list."""
    root = Node(Kind.ARMY, dataclasses.replace(army_list, army=_bare(army_list.army)))
    _fill(root, army_list.army)
    return root


def _fill(node: Node, command: Command) -> None:
    for child in command.commands:
        child_node = Node(Kind.COMMAND, _bare(child), node)
        node.children.append(child_node)
        _fill(child_node, child)
    for unit in command.units:
        node.children.append(Node(Kind.UNIT, unit, node))


def to_army_list(root: Node) -> ArmyList:
    """Put the frozen army list back together from the node tree."""
    army_list: ArmyList = dataclasses.replace(root.value, army=_command_of(root))
    return army_list


def _command_of(node: Node) -> Command:
    return dataclasses.replace(
        node.command,
        commands=tuple(_command_of(c) for c in node.children if c.kind is Kind.COMMAND),
        units=tuple(c.value for c in node.children if c.kind is Kind.UNIT),
    )


def new_army_list() -> ArmyList:
    """The list File → New starts from: an army with a commander to name."""
    return ArmyList(
        format=FORMAT_VERSION,
        name="New army",
        nation="french",
        year=1815,
        army=Command(name="New army", level=Level.ARMY, leader=Leader(name="", rating=2)),
    )


def child_level(parent: Level) -> Level:
    """The level a new command gets under ``parent`` (the commonest: corps, then division)."""
    return Level.CORPS if parent in (Level.ARMY, Level.WING) else Level.DIVISION


def allowed_levels(node: Node) -> list[Level]:
    """The levels a command node may take where it stands, given its parent and children."""
    if node.kind is not Kind.COMMAND or node.parent is None:
        return [] if node.kind is Kind.UNIT else [Level.ARMY]
    parent_rank = node.parent.command.level.rank
    out = [lv for lv in Level if lv.rank < parent_rank]
    commands = [c for c in node.children if c.kind is Kind.COMMAND]
    if any(c.kind is Kind.UNIT for c in node.children):
        out = [lv for lv in out if lv.is_manoeuvre]
    if commands:
        top = max(c.command.level.rank for c in commands)
        out = [lv for lv in out if lv.rank > top and not lv.is_manoeuvre]
    return out


def can_hold(parent: Node, node: Node) -> bool:
    """True when ``node`` may be a child of ``parent`` (the loader's rules of the tree)."""
    if node.kind is Kind.ARMY or parent.kind is Kind.UNIT:
        return False
    if node.kind is Kind.UNIT:
        return parent.holds_units
    if parent.holds_units or parent is node or parent in list(node.walk()):
        return False
    return node.command.level.rank < parent.command.level.rank


def _name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


def unique_name(base: str, siblings: Sequence[Node], *, skip: Node | None = None) -> str:
    """``base``, or ``base 2``, ``base 3``… whichever no sibling uses (names ignore case)."""
    taken = {_name_key(s.name) for s in siblings if s is not skip}
    if _name_key(base) not in taken:
        return base
    n = 2
    while _name_key(f"{base} {n}") in taken:
        n += 1
    return f"{base} {n}"


# ----------------------------------------------------------------------------- display

_ARM_COLOURS = {
    Arm.INFANTRY: "#2f5d9e",
    Arm.CAVALRY: "#2e7d4f",
    Arm.ARTILLERY: "#a8322d",
    Arm.ENGINEERS: "#8a6d1f",
}
_LEVEL_LETTERS = {
    Level.ARMY: "A",
    Level.WING: "W",
    Level.CORPS: "C",
    Level.DIVISION: "D",
    Level.BRIGADE: "B",
}
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
        return _badge(
            f"arm-{unit.arm}", unit.arm.value[0].upper(), _ARM_COLOURS[unit.arm], round_=True
        )
    level = node.command.level
    return _badge(f"level-{level}", _LEVEL_LETTERS[level], "#4a4f57", round_=False)


def unit_summary(unit: Unit) -> str:
    """``line infantry · 4 stands · detach``, ``medium foot artillery · 2 howitzers``."""
    parts = [f"{unit.type} {unit.arm}"]
    if unit.weight is not None:
        parts = [f"{unit.weight} {unit.type} {unit.arm}"]
    parts.append(f"{unit.stands} stand{'s' if unit.stands != 1 else ''}")
    if unit.howitzers:
        parts.append(f"{unit.howitzers} howitzer{'s' if unit.howitzers != 1 else ''}")
    if unit.skirmish.value != "none":
        parts.append(f"skirmish {unit.skirmish}")
    if unit.nation:
        parts.append(unit.nation)
    return " · ".join(parts)


def command_summary(node: Node) -> str:
    """``corps · d'Erlon (2)``."""
    command = node.command
    leader = command.leader.name.strip() or "no leader yet"
    return f"{command.level} · {leader} ({command.leader.rating:+d})"


@dataclasses.dataclass(frozen=True)
class NodeProblem:
    """A validation problem located on a node: ``field`` is the key path below the node."""

    field: Path
    message: str
    severity: str

    @property
    def text(self) -> str:
        """``leader.name: must not be empty``."""
        where = ".".join(str(p) for p in self.field if not isinstance(p, int))
        return f"{where}: {self.message}" if where else self.message


def locate(root: Node, problem: Problem) -> tuple[Node, NodeProblem]:
    """The node a loader problem is about, and its key path below that node.

    Top-level keys of the list (``name``, ``nation``, ``sources[2]``) land on the army node
    under ``("list", key)``; ``army.commands[1].units[3].ce`` lands on that unit as ``("ce",)``.
    """
    path = problem.path
    if not path or path[0] != "army":
        field: Path = ("list", path[0]) if path else ("list",)
        return root, NodeProblem(field, problem.message, problem.severity)
    node = root
    i = 1
    while i + 1 < len(path) and path[i] in ("commands", "units") and isinstance(path[i + 1], int):
        kind = Kind.COMMAND if path[i] == "commands" else Kind.UNIT
        kids = [c for c in node.children if c.kind is kind]
        index = path[i + 1]
        assert isinstance(index, int)
        if index >= len(kids):
            break
        node = kids[index]
        i += 2
    rest = tuple(path[i:])
    if not rest and node.kind is Kind.UNIT and "'weight'" in problem.message:
        rest = ("weight",)
    return node, NodeProblem(rest, problem.message, problem.severity)


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


# ----------------------------------------------------------------------------- undo commands


class SetValueCommand(QUndoCommand):
    """Replace one node's value; consecutive edits of the same field of a node merge."""

    ID = 1001

    def __init__(
        self, model: RosterTreeModel, node: Node, value: Any, text: str, field: str = ""
    ) -> None:
        super().__init__(text)
        self.model = model
        self.node = node
        self.old = node.value
        self.new = value
        self.field = field

    def id(self) -> int:
        return self.ID if self.field else -1

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802
        if not isinstance(other, SetValueCommand):
            return False
        if other.node is not self.node or other.field != self.field:
            return False
        self.new = other.new
        self.setObsolete(self.new == self.old)
        return True

    def redo(self) -> None:
        self.model.set_value(self.node, self.new)

    def undo(self) -> None:
        self.model.set_value(self.node, self.old)


class InsertCommand(QUndoCommand):
    """Insert a node (a new or duplicated command or unit)."""

    def __init__(
        self, model: RosterTreeModel, parent: Node, row: int, node: Node, text: str
    ) -> None:
        super().__init__(text)
        self.model = model
        self.parent = parent
        self.row = row
        self.node = node

    def redo(self) -> None:
        self.model.insert(self.parent, self.row, self.node)

    def undo(self) -> None:
        self.model.remove(self.node)


class RemoveCommand(QUndoCommand):
    """Delete a command (with everything under it) or a unit."""

    def __init__(self, model: RosterTreeModel, node: Node, text: str) -> None:
        super().__init__(text)
        self.model = model
        self.node = node
        assert node.parent is not None
        self.parent = node.parent
        self.row = node.row

    def redo(self) -> None:
        self.parent, self.row = self.model.remove(self.node)

    def undo(self) -> None:
        self.model.insert(self.parent, self.row, self.node)


class MoveCommand(QUndoCommand):
    """Move a node among its siblings or to another valid parent."""

    def __init__(
        self, model: RosterTreeModel, node: Node, new_parent: Node, new_row: int, text: str
    ) -> None:
        super().__init__(text)
        self.model = model
        self.node = node
        assert node.parent is not None
        self.old_parent = node.parent
        self.old_row = node.row
        self.new_parent = new_parent
        self.new_row = new_row

    def redo(self) -> None:
        self.model.move(self.node, self.new_parent, self.new_row)

    def undo(self) -> None:
        self.model.move(self.node, self.old_parent, self.old_row)


# ----------------------------------------------------------------------------- filter


class RosterFilterModel(QSortFilterProxyModel):
    """Shows the units whose name (or whose command's name or leader) matches, of one arm/nation.

    Commands stay visible while anything below them matches (recursive filtering).
    """

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.text = ""
        self.arm: Arm | None = None
        self.nation: str | None = None
        self.setRecursiveFilteringEnabled(True)

    @property
    def active(self) -> bool:
        """True when any filter is set."""
        return bool(self.text or self.arm or self.nation)

    def set_filter(self, text: str, arm: Arm | None, nation: str | None) -> None:
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
        if self.arm is not None and unit.arm is not self.arm:
            return False
        if self.nation is not None and (unit.nation or model.root.value.nation) != self.nation:
            return False
        return self._matches_text(node)
