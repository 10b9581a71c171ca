"""A batch of a pack's check in one dialog: a row a unit, its dice, its result; one step.

For any pack's check declared batchable (:attr:`eote_ref.packs.play.CheckSpec.batch`): every
unit (or leader) of the side, the ones the check refuses
greyed with the reason; each row takes its own dice (typed face by face, or *Roll for me*
for every row) and shows its result and changes. A row may be left out (its box unticked).
*Apply* writes the whole batch as one journal step (Ctrl+Z takes it all back)
(:class:`eote_ref.referee.pack_batch.PackBatch`). Names no pack.
"""

from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from eote_ref.packs import registry
from eote_ref.ui.pack_game.check_dialog import _DiceRow

COL_IN, COL_UNIT, COL_DICE, COL_RESULT = range(4)


class PackBatchDialog(QDialog):
    """Every target of a pack batch, its dice and its result; Apply is one journal step.

    Args:
        hub: the open game's :class:`~eote_ref.ui.pack_game.hub.PackHub`.
        batch: the batch opened (:func:`eote_ref.referee.pack_batch.open_batch`).
        parent: the parent widget.
    """

    def __init__(self, hub: Any, batch: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hub = hub
        self.batch = batch
        self.applied = False
        self._rng = random.Random()
        self.dice: dict[int, _DiceRow] = {}
        spec = batch.spec
        cite = registry.CITE.get(hub.service.pack_id, hub.service.pack_id)
        self.setObjectName(f"packBatch_{spec.key}")
        self.setWindowTitle(f"{spec.title}, several {spec.target}s ({cite} {spec.rule})")
        layout = QVBoxLayout(self)
        self.heading = QLabel(
            f"{spec.title} for each {spec.target} ticked, each with its own dice: enter the "
            "faces row by row, or press <b>Roll for me</b>. <b>Apply</b> writes them all as "
            "one journal step (Ctrl+Z takes it all back)."
        )
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        self.table = QTableWidget(len(batch.items), 4)
        self.table.setObjectName("packBatchTable")
        self.table.setHorizontalHeaderLabels(["", spec.target.capitalize(), "Dice", "Result"])
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().hide()
        layout.addWidget(self.table, 1)
        self.roll_button = QPushButton("&Roll for me (every row)")
        self.roll_button.setObjectName("packBatchRoll")
        self.roll_button.setAutoDefault(False)
        self.roll_button.clicked.connect(self.roll_all)
        QShortcut(QKeySequence("Ctrl+R"), self, self.roll_all)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Apply | QDialogButtonBox.StandardButton.Cancel
        )
        self.apply_button = self.buttons.button(QDialogButtonBox.StandardButton.Apply)
        self.apply_button.setText("&Apply all (one step)")
        self.apply_button.setDefault(True)
        self.apply_button.clicked.connect(self.apply)
        self.buttons.rejected.connect(self.reject)
        self.buttons.addButton(self.roll_button, QDialogButtonBox.ButtonRole.ActionRole)
        layout.addWidget(self.buttons)
        self.error = QLabel()
        self.error.setObjectName("packBatchError")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        for row, item in enumerate(batch.items):
            self._fill_row(row, item)
        self.table.resizeColumnsToContents()
        self.resize(760, 480)
        self._update_apply()
        self._focus_next_dice(-1)

    def _focus_next_dice(self, after: int) -> bool:
        """Put the keyboard in the first die of the first row after ``after`` still needing one."""
        for row in sorted(r for r in self.dice if r > after):
            dice = self.dice[row]
            empty = next((c for c in dice.combos if c.currentData() is None), None)
            if empty is not None:
                self.table.scrollTo(self.table.model().index(row, COL_DICE))
                empty.setFocus()
                return True
        return False

    # ------------------------------------------------------------------ rows
    def _fill_row(self, row: int, item: Any) -> None:
        box = QCheckBox()
        box.setObjectName(f"packBatchIn_{row}")
        box.setChecked(item.refused is None and not item.left_out)
        box.setEnabled(item.refused is None)
        box.toggled.connect(lambda on, r=row: self.take_in(r, on))
        self.table.setCellWidget(row, COL_IN, box)
        name = QTableWidgetItem(item.label)
        name.setFlags(name.flags() & ~Qt.ItemFlag.ItemIsEditable)
        self.table.setItem(row, COL_UNIT, name)
        if item.refused is not None:
            name.setForeground(self.palette().placeholderText())
            self._show_result(row, item.refused)
            return
        if item.trial is None:
            self.batch.set_rolls(row, item.rolls)
        self._show_dice(row)

    def _show_dice(self, row: int) -> None:
        """The dice row still to enter for target ``row`` (none once its outcome is in)."""
        item = self.batch.items[row]
        needed = item.trial.needed if item.trial is not None else None
        old = self.dice.pop(row, None)
        if old is not None:
            self.table.removeCellWidget(row, COL_DICE)
        if needed is not None and not item.left_out:
            dice = _DiceRow(needed)
            dice.setObjectName(f"packBatchDice_{row}")
            dice.setToolTip(needed.label)
            dice.entered.connect(lambda r=row: self._entered(r))
            self.table.setCellWidget(row, COL_DICE, dice)
            self.dice[row] = dice
            self.table.setItem(row, COL_DICE, QTableWidgetItem(""))
        else:
            rolls = "; ".join(f"{k}: {_faces(v)}" for k, v in item.rolls.items())
            self.table.setItem(row, COL_DICE, QTableWidgetItem(rolls))
        self._show_result(row, self._result_text(item))

    def _show_result(self, row: int, text: str) -> None:
        cell = QTableWidgetItem(text)
        cell.setToolTip(text)
        self.table.setItem(row, COL_RESULT, cell)

    def _result_text(self, item: Any) -> str:
        if item.left_out:
            return "left out"
        trial = item.trial
        if trial is None:
            return ""
        if trial.error:
            return str(trial.error)
        if trial.needed is not None:
            return f"enter the {trial.needed.label}"
        result = trial.outcome.result if trial.outcome is not None else "recorded"
        name = self.batch.spec.procedure
        if name:
            for r in self.hub.service.pack.procedure(name).results:
                if r.code == result:
                    result = r.text
        changes = "; ".join(trial.changes)
        if changes:
            return f"{result}: {changes}"
        # Nothing changes (a rally not allowed yet, VlE XI.1): the result's why, as the
        # check's own dialog says it under its result.
        why = "; ".join(trial.notes)
        return f"{str(result).replace('_', ' ')}: {why}" if why else str(result).replace("_", " ")

    def _entered(self, row: int) -> None:
        dice = self.dice.get(row)
        if dice is None:
            return
        value = dice.value()
        if value is None:
            return
        item = self.batch.items[row]
        typed = dice.isAncestorOf(self.focusWidget()) if self.focusWidget() else False
        self.set_rolls(row, {**item.rolls, dice.needed.name: value})
        # The row's dice typed: the keyboard goes on to the next die needed, else to Apply.
        if typed and not self._focus_next_dice(row - 1):
            self.apply_button.setFocus()

    # ------------------------------------------------------------------ actions
    def set_rolls(self, row: int, rolls: dict[str, Any]) -> None:
        """Target ``row``'s dice (tests type them here, as the combo boxes do)."""
        self.batch.set_rolls(row, rolls)
        self._show_dice(row)
        self._update_apply()

    def take_in(self, row: int, on: bool) -> None:
        """Tick (``on``) or untick target ``row``: only the ticked are checked."""
        self.batch.leave_out(row, not on)
        self._show_dice(row)
        self._update_apply()

    def roll_all(self) -> None:
        """Roll here every die still needed, row after row."""
        self.hub.attempt(lambda: self.batch.roll_all(self._rng.randrange(1 << 30)))
        for row, item in enumerate(self.batch.items):
            if item.refused is None:
                self._show_dice(row)
        self._update_apply()

    def _update_apply(self) -> None:
        ready = self.batch.ready()
        self.apply_button.setEnabled(ready)
        n = len(self.batch.due)
        self.error.setText("" if ready or not n else "Every row ticked needs its dice.")
        if not n:
            self.error.setText(f"No {self.batch.spec.target} ticked here may take this check.")

    def apply(self) -> None:
        """Write the batch as one journal step and close (a refusal stays, in words)."""
        done = self.hub.attempt(lambda: (self.batch.apply(), True))
        if done is None:
            self.error.setText("Not applied: see the status bar.")
            return
        self.applied = True
        self.accept()


def _faces(value: Any) -> str:
    faces = value if isinstance(value, list | tuple) else [value]
    return ", ".join(str(f).replace("_", " ") for f in faces)
