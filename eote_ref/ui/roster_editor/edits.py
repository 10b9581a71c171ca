"""The roster editor's structural edits: add, duplicate, move and delete commands and units."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QTimer
from PySide6.QtGui import QUndoCommand

from eote_ref.armylists.model import Command, Leader, Unit
from eote_ref.armylists.tree import Kind, Node, can_hold, child_level, unique_name
from eote_ref.ui.roster_editor.form import RosterForm
from eote_ref.ui.roster_editor.undo import InsertCommand, MoveCommand, RemoveCommand


class RosterEdits(RosterForm):
    """Adding, copying, moving and deleting items of the order of battle, each one undoable step."""

    def _push(self, command: QUndoCommand) -> None:
        self.undo_stack.push(command)

    def add_command(self) -> Node | None:
        """Add a command under the selected army/wing/corps, or after the selected division."""
        node = self._current
        if node is None:
            return None
        if node.kind is Kind.UNIT:
            node = node.parent
            assert node is not None
        if node.holds_units:
            parent = node.parent
            assert parent is not None
            row, level = node.row + 1, node.command.level
        else:
            parent, row, level = (
                node,
                len(node.children),
                child_level(node.command.level, node.unit_model),
            )
            if any(
                c.kind is Kind.UNIT for c in parent.children
            ):  # pragma: no cover - loader forbids
                return None
        name = unique_name(f"New {level}", parent.children)
        command = Command(name=name, level=level, leader=Leader(name="", rating=1))
        new = Node(Kind.COMMAND, command)
        self._push(InsertCommand(self.model, parent, row, new, f"add {level} {name!r}"))
        self._focus_name()
        return new

    def add_unit(self) -> Node | None:
        """Add a unit to the selected division/brigade, or after the selected unit.

        The new unit copies the arm, type, CE, stands and brigade of the unit before it.
        """
        node = self._current
        if node is None:
            return None
        if node.kind is Kind.UNIT:
            parent = node.parent
            assert parent is not None
            row, template = node.row + 1, node.value
        elif node.holds_units:
            parent, row = node, len(node.children)
            template = node.children[-1].value if node.children else None
        else:
            self._say("Units belong to a division or brigade: select one first.")
            return None
        name = unique_name("New unit", parent.children)
        if template is None:
            words = parent.unit_model
            arm = words.arms[0]
            unit = Unit(name=name, arm=arm, type=words.types_by_arm[arm][0], ce=5, stands=4)
        else:
            unit = dataclasses.replace(template, name=name, notes=None)
        new = Node(Kind.UNIT, unit)
        self._push(InsertCommand(self.model, parent, row, new, f"add unit {name!r}"))
        self._focus_name()
        return new

    def _focus_name(self) -> None:
        node = self._current
        if node is None:
            return
        edit = self.ui.unitNameEdit if node.kind is Kind.UNIT else self.ui.commandNameEdit
        edit.setFocus()
        edit.selectAll()

    def duplicate(self) -> Node | None:
        """Insert a copy of the selected command (with everything under it) or unit after it."""
        node = self._current
        if node is None or node.parent is None:
            return None
        copy = node.clone()
        name = unique_name(f"{node.name} (copy)", node.parent.children)
        if node.kind is Kind.UNIT:
            copy.value = dataclasses.replace(node.value, name=name)
        else:
            copy.value = dataclasses.replace(node.value, name=name)
        self._push(
            InsertCommand(self.model, node.parent, node.row + 1, copy, f"duplicate {node.name!r}")
        )
        return copy

    def move_by(self, step: int) -> bool:
        """Move the selected item up (-1) or down (+1) among its siblings."""
        node = self._current
        if node is None or node.parent is None:
            return False
        row = node.row + step
        if not 0 <= row < len(node.parent.children):
            return False
        where = "up" if step < 0 else "down"
        self._push(MoveCommand(self.model, node, node.parent, row, f"move {node.name!r} {where}"))
        return True

    def move_to(self, node: Node, new_parent: Node, row: int) -> bool:
        """Move ``node`` to child ``row`` of ``new_parent`` when the rules allow it."""
        if node.parent is None or not can_hold(new_parent, node):
            return False
        if node.kind is Kind.COMMAND and any(c.kind is Kind.UNIT for c in new_parent.children):
            return False
        limit = len(new_parent.children) - (1 if node.parent is new_parent else 0)
        row = max(0, min(row, limit))
        if node.parent is new_parent and node.row == row:
            return False
        self._push(
            MoveCommand(
                self.model, node, new_parent, row, f"move {node.name!r} to {new_parent.name!r}"
            )
        )
        return True

    def _on_move_requested(self, node: Node, new_parent: Node, row: int) -> None:
        # Queued: the drag's own bookkeeping must finish before the rows move.
        QTimer.singleShot(0, lambda: self.move_to(node, new_parent, row))

    def delete(self) -> bool:
        """Delete the selected command (with everything under it) or unit."""
        node = self._current
        if node is None or node.parent is None:
            return False
        self._push(RemoveCommand(self.model, node, f"delete {node.name!r}"))
        return True
