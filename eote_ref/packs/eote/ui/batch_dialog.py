"""The batch checks in one dialog: a die per unit, division or leader, results together.

*All routed units leave*, *Rally every disordered unit*, *Command radius: every division*,
*Cavalry end of turn* and *Leader casualties* (:mod:`eote_ref.packs.eote.checks.batch`): one row per
target due, with its die (typed, 0 reads 10, or *Roll for me* for every row) and its
result; targets the rules refuse are listed greyed with the reason. In the morale batch each
row has a *Passes through* menu of the formed friendly units it would pass if it went (EotE
7.5): a rout through them adds a row for each, rolled in the same step. *Apply* writes the
whole batch as one journal step (Ctrl+Z takes it all back).
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMenu,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from eote_ref.packs.dice import D10
from eote_ref.packs.eote.checks import DieSpec
from eote_ref.packs.eote.checks.batch import Batch
from eote_ref.packs.eote.rules.dice import RandomDice
from eote_ref.referee.errors import RefereeError
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.touch import DiePad, touch_mode
from eote_ref.ui.wizards.base import DieEdit

COL_UNIT, COL_DIE, COL_RESULT, COL_MODIFIERS, COL_PASSES = range(5)


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
        self.table = QTableWidget(len(self.batch.items), 5)
        self.table.setObjectName("batchTable")
        self.table.setHorizontalHeaderLabels(
            [kind.what.capitalize(), "Die", "Result", "Modifiers (EotE)", "Passes through (7.5)"]
        )
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().hide()
        self.edits: dict[int, DieEdit] = {}
        self.passes: dict[int, QToolButton] = {}
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
        self.resize(self._wanted_width(), 480)
        first = next(iter(self.edits.values()), None)
        if first is not None:
            first.setFocus()

    def _fill(self) -> None:
        items = self.batch.items
        due = sum(1 for i in items if i.check is not None and not i.refused)
        info = len(items) - due
        dice = any(i.needed_name or i.rolls for i in items)
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
        passing = any(self.batch.passes_through(n) for n in range(len(items)))
        self.table.setColumnHidden(COL_PASSES, not passing)
        self.table.setRowCount(len(items))
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
            die = item.needed_name or next(iter(item.rolls), "")  # rebuilt: the die typed
            if die and row not in self.edits:
                edit = DieEdit(DieSpec(die, item.needed or die, item.needed_die or D10))
                if die in item.rolls:
                    edit.setText(str(item.rolls[die]))
                edit.entered.connect(lambda r=row: self._die_typed(r))
                self.edits[row] = edit
                self.table.setCellWidget(row, COL_DIE, edit)
            if row not in self.passes and self.batch.passes_through(row):
                self.passes[row] = self._passes_button(row)
                self.table.setCellWidget(row, COL_PASSES, self.passes[row])
            self._show_result(row)
        self._built = list(items)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setStretchLastSection(True)

    def _wanted_width(self) -> int:
        """Wide enough for every column shown (a row's modifiers and option), within the screen."""
        table = self.table
        need = sum(
            table.columnWidth(c) for c in range(table.columnCount()) if not table.isColumnHidden(c)
        )
        need += table.verticalScrollBar().sizeHint().width() + 2 * table.frameWidth() + 40
        screen = self.screen()
        most = int(screen.availableGeometry().width() * 0.9) if screen is not None else 1400
        return max(760, min(need, most))

    def _passes_button(self, row: int) -> QToolButton:
        """A menu of the formed friendly units the row's unit would pass through (EotE 7.5)."""
        button = QToolButton()
        button.setObjectName(f"passes_{row}")
        button.setText("none")
        button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(button)
        # Its own division's formed units first, by code: a rout goes to the rear of its
        # division (EotE 7.5); the other divisions' behind one submenu each.
        others = False
        for title, own, units in self.batch.passes_through_by_division(row):
            if own:
                section = menu.addSection(title)
                section.setObjectName("passes_own_division")
                into = menu
            else:
                if not others:
                    menu.addSeparator()
                    others = True
                into = menu.addMenu(title)
            for uid, label in units:
                action = into.addAction(label)
                action.setCheckable(True)
                action.setData(uid)
                action.toggled.connect(lambda _on, r=row: self._passes_chosen(r))
        button.setMenu(menu)
        button.setToolTip(
            "Formed friendly units it passes through if it goes (its own division first): "
            "falling back disorders them, a rout makes each test morale (a row is added "
            "for each)"
        )
        return button

    def pass_actions(self, row: int) -> list[QAction]:
        """Every unit's action of row ``row``'s *Passes through* menu, submenus included."""
        out: list[QAction] = []
        menus = [self.passes[row].menu()]
        while menus:
            for action in menus.pop(0).actions():
                sub = action.menu()
                if isinstance(sub, QMenu):
                    menus.append(sub)
                elif action.isCheckable():
                    out.append(action)
        return out

    def passes_chosen(self, row: int, unit_ids: tuple[int, ...]) -> None:
        """Tick ``unit_ids`` in row ``row``'s menu (what a click on each does)."""
        for action in self.pass_actions(row):
            action.blockSignals(True)
            action.setChecked(action.data() in unit_ids)
            action.blockSignals(False)
        self._passes_chosen(row)

    def _passes_chosen(self, row: int) -> None:
        button = self.passes[row]
        chosen = [a for a in self.pass_actions(row) if a.isChecked()]
        button.setText(", ".join(a.text() for a in chosen) or "none")
        self.batch.pass_through(row, tuple(int(a.data()) for a in chosen))
        self._rebuild()

    def _rebuild(self) -> None:
        """The rows again from the first one a rout added or dropped (EotE 7.5).

        The rows before it keep their widgets (the die being typed among them).
        """
        items = self.batch.items
        built = self._built
        first = next(
            (
                n
                for n in range(max(len(items), len(built)))
                if n >= len(items) or n >= len(built) or items[n] is not built[n]
            ),
            None,
        )
        if first is None:
            return
        for table in (self.edits, self.passes):
            for row in [r for r in table if r >= first]:
                self.table.removeCellWidget(row, COL_DIE if table is self.edits else COL_PASSES)
                del table[row]
        self._fill()

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
        count = len(self.batch.items)
        self.batch.set_rolls(row, rolls)
        if len(self.batch.items) != count:
            self._rebuild()  # a rout through other units: their rows (EotE 7.5)
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
        if edit.die.one_key():
            if edit.die.typed(key) is not None:  # a key no face is typed by (a d6's 0)
                edit.setText(str(key))
        elif len(edit.text()) < edit.maxLength():
            edit.setText(edit.text() + str(key))

    def roll_all(self) -> None:
        """The app rolls every die still needed."""
        self.batch.roll_all(self.dice)
        self._rebuild()
        for row, edit in self.edits.items():
            value = self.batch.items[row].rolls.get(edit.die.name)
            if value is not None:
                edit.blockSignals(True)
                edit.setText(str(value % 10 if edit.die.one_key() else value))
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
