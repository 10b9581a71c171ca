"""The batch checks in one dialog: a die per unit, division or leader, results together.

*All routed units leave*, *Rally every disordered unit*, *Command radius: every division*,
*Cavalry end of turn* and *Leader casualties* (:mod:`eote_ref.referee.batch`): one row per
target due, with its die (typed, 0 reads 10, or *Roll for me* for every row) and its
result; targets the rules refuse are listed greyed with the reason. *Apply* writes the whole
batch as one journal step (Ctrl+Z takes it all back).
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from eote_ref.referee.batch import Batch
from eote_ref.referee.checks import DieSpec
from eote_ref.referee.errors import RefereeError
from eote_ref.rules.dice import RandomDice
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.touch import DiePad, touch_mode
from eote_ref.ui.wizards.base import DieEdit

COL_UNIT, COL_DIE, COL_RESULT, COL_MODIFIERS = range(4)


class BatchDialog(QDialog):
    """Every unit of a batch, its die and its result; Apply is one journal step."""

    def __init__(
        self,
        hub: GameHub,
        name: str,
        parent: QWidget | None = None,
        *,
        dice: Any = None,
        only: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(parent)
        self.hub = hub
        self.batch = Batch(hub.service, name, only=only)
        self.dice = dice if dice is not None else RandomDice()
        self.applied = False
        self.setObjectName(f"batch_{name}")
        kind = self.batch.kind
        self.setWindowTitle(f"{kind.title} (EotE {kind.rule})")
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        self.table = QTableWidget(len(self.batch.items), 4)
        self.table.setObjectName("batchTable")
        self.table.setHorizontalHeaderLabels(
            [kind.what.capitalize(), "Die", "Result", "Modifiers (EotE)"]
        )
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().hide()
        self.edits: dict[int, DieEdit] = {}
        layout.addWidget(self.table, 1)
        self.pad = DiePad(self)  # touch mode: each tap fills the row in focus, then the next
        self.pad.pressed.connect(self.type_die)
        self.pad.hide()
        layout.addWidget(self.pad)
        self.roll_button = QPushButton("&Roll for me (every row)")
        self.roll_button.setObjectName("batchRoll")
        self.roll_button.setAutoDefault(False)
        self.roll_button.clicked.connect(self.roll_all)
        QShortcut(QKeySequence("Ctrl+R"), self, self.roll_all)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Apply | QDialogButtonBox.StandardButton.Cancel
        )
        apply = self.buttons.button(QDialogButtonBox.StandardButton.Apply)
        apply.setText("&Apply all (one step)")
        apply.setDefault(True)
        apply.clicked.connect(self.apply)
        self.buttons.rejected.connect(self.reject)
        self.buttons.addButton(self.roll_button, QDialogButtonBox.ButtonRole.ActionRole)
        layout.addWidget(self.buttons)
        self.error = QLabel()
        self.error.setObjectName("batchError")
        layout.addWidget(self.error)
        self._fill()
        # Enter applies wherever the keyboard is (Escape cancels).
        cancel = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setAutoDefault(False)
        cancel.setDefault(False)
        apply.setAutoDefault(True)
        apply.setDefault(True)
        self.resize(760, 480)
        first = next(iter(self.edits.values()), None)
        if first is not None:
            first.setFocus()

    def _fill(self) -> None:
        items = self.batch.items
        due = sum(1 for i in items if i.check is not None and not i.refused)
        info = len(items) - due
        dice = any(i.needed_name for i in items)
        how = (
            "Type each die (0 reads 10) or press <b>Roll for me</b>; "
            if dice
            else "The table decides, no dice: check the results; "
        )
        self.heading.setText(
            f"<b>{due} {self.batch.kind.what}(s) due</b>"
            + (f", {info} not eligible (shown for information)" if info else "")
            + f". {how}Apply writes them all as one journal step."
        )
        self.table.setColumnHidden(COL_DIE, not dice)
        self.roll_button.setVisible(dice)
        self.pad.setVisible(dice and touch_mode())
        for row, item in enumerate(items):
            name = QTableWidgetItem(item.label)
            name.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.table.setItem(row, COL_UNIT, name)
            # Each row's modifiers, as the single check's wizard lists them.
            mods = QTableWidgetItem(item.modifiers)
            mods.setFlags(Qt.ItemFlag.ItemIsEnabled)
            mods.setToolTip(item.modifiers)
            self.table.setItem(row, COL_MODIFIERS, mods)
            if item.needed_name and row not in self.edits:
                edit = DieEdit(DieSpec(item.needed_name, item.needed, item.needed_kind or "d10"))
                edit.entered.connect(lambda r=row: self._die_typed(r))
                self.edits[row] = edit
                self.table.setCellWidget(row, COL_DIE, edit)
            self._show_result(row)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)

    def _show_result(self, row: int) -> None:
        item = self.batch.items[row]
        cell = QTableWidgetItem(item.result)
        cell.setFlags(Qt.ItemFlag.ItemIsEnabled)
        if item.check is None or item.refused:
            cell.setForeground(self.palette().placeholderText())
        elif item.changes:
            cell.setToolTip("\n".join(item.changes))
        self.table.setItem(row, COL_RESULT, cell)

    def _die_typed(self, row: int) -> None:
        edit = self.edits[row]
        value = edit.value()
        item = self.batch.items[row]
        rolls = {k: v for k, v in item.rolls.items() if k != edit.die.name}
        if value is not None:
            rolls[edit.die.name] = value
        self.batch.set_rolls(row, rolls)
        self._show_result(row)
        # On to the next die: one key per unit.
        rows = sorted(self.edits)
        nxt = next((r for r in rows if r > row and self.edits[r].value() is None), None)
        if value is not None and nxt is not None:
            self.edits[nxt].setFocus()

    def type_die(self, key: int) -> None:
        """A tap on the die pad (0 for a 10): the die in focus, else the first still empty."""
        rows = sorted(self.edits)
        row = next((r for r in rows if self.edits[r].hasFocus()), None)
        if row is None:
            row = next((r for r in rows if self.edits[r].value() is None), None)
        if row is None:
            return
        edit = self.edits[row]  # its signal records the die and moves on to the next row
        if edit.die.kind == "d10":
            edit.setText(str(key))
        elif len(edit.text()) < edit.maxLength():
            edit.setText(edit.text() + str(key))

    def roll_all(self) -> None:
        """The app rolls every die still needed."""
        self.batch.roll_all(self.dice)
        for row, edit in self.edits.items():
            value = self.batch.items[row].rolls.get(edit.die.name)
            if value is not None:
                edit.blockSignals(True)
                edit.setText(str(value % 10 if edit.die.kind == "d10" else value))
                edit.blockSignals(False)
            self._show_result(row)

    def apply(self) -> bool:
        """Write the batch as one journal step; False (the reason shown) when not ready."""
        try:
            self.batch.apply()
        except RefereeError as e:
            self.error.setText(html.escape(str(e)))
            return False
        self.hub.message.emit(f"Applied: {self.batch.summary()} (Ctrl+Z undoes it)")
        self.applied = True
        self.accept()
        return True
