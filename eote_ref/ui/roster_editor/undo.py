"""The roster editor's undoable edits: set a node's value, insert, remove or move a node."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoCommand

from eote_ref.armylists.tree import Node
from eote_ref.ui.roster_editor.tree_model import RosterTreeModel


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
