"""Pick any check of the pack by typing its name (Ctrl+K): every check reachable by keyboard.

The Adjudicate menu gives the first nine checks Alt+1…9; a pack may declare more (a tenth
and on have none). The picker lists them all by title and section; typing filters the list
(any word of the title or the section), Up/Down move, Enter opens the check on the
dashboard's selection as the menu would.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

KEY_ROLE = Qt.ItemDataRole.UserRole + 1


def matches(text: str, title: str, rule: str) -> bool:
    """Whether every word typed begins a word of the check's title or section."""
    words = f"{title} {rule}".lower().replace("(", " ").replace(")", " ").split()
    return all(any(w.startswith(t) for w in words) for t in text.lower().split())


class CheckPicker(QDialog):
    """A list of the pack's checks filtered as the umpire types; :attr:`chosen` on Enter."""

    def __init__(self, checks: Mapping[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Open a check by name")
        self.setObjectName("PackCheckPicker")
        self.chosen: str | None = None
        self._checks = dict(checks)
        layout = QVBoxLayout(self)
        label = QLabel("&Check (type a word of its name or its section):")
        self.filter = QLineEdit()
        self.filter.setObjectName("checkFilter")
        label.setBuddy(self.filter)
        layout.addWidget(label)
        layout.addWidget(self.filter)
        self.list = QListWidget()
        self.list.setObjectName("checkList")
        layout.addWidget(self.list, 1)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.choose)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.filter.textChanged.connect(self._refill)
        self.list.itemActivated.connect(lambda _item: self.choose())
        self._refill("")
        self.filter.setFocus()
        self.resize(420, 360)

    def _refill(self, text: str) -> None:
        self.list.clear()
        for key, spec in self._checks.items():
            if matches(text, spec.title, spec.rule):
                item = QListWidgetItem(f"{spec.title} ({spec.rule})")
                item.setData(KEY_ROLE, key)
                self.list.addItem(item)
        if self.list.count():
            self.list.setCurrentRow(0)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Up and Down move in the list while the umpire types; Enter opens the current."""
        if event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down) and self.filter.hasFocus():
            row = self.list.currentRow() + (1 if event.key() == Qt.Key.Key_Down else -1)
            if 0 <= row < self.list.count():
                self.list.setCurrentRow(row)
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.choose()
            return
        super().keyPressEvent(event)

    def shown_keys(self) -> list[str]:
        """The checks listed now, by key (tests)."""
        return [str(self.list.item(i).data(KEY_ROLE)) for i in range(self.list.count())]

    def choose(self) -> None:
        """Take the current check (nothing listed: stay open)."""
        item = self.list.currentItem()
        if item is None:
            return
        self.chosen = str(item.data(KEY_ROLE))
        self.accept()
