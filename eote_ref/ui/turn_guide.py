"""The turn guide: what the current phase still calls for, each item opening its wizard."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from eote_ref.referee.phases import heading
from eote_ref.referee.todo import RESOLVABLE, SCENARIO_STEPS, DueCheck, owed
from eote_ref.referee.views import GameView
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.theme import marker_colors
from eote_ref.ui.wizards import MENU, MenuCheck

CHECK_ROLE = Qt.ItemDataRole.UserRole + 1


class DueList(QListWidget):
    """The due checks; Enter or a double-click opens the selected one."""

    activatedCheck = Signal(object)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter opens the wizard of the current item."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.modifiers():
            item = self.currentItem()
            if item is not None:
                self.activatedCheck.emit(item.data(CHECK_ROLE))
                return
        super().keyPressEvent(event)


class TurnGuide(QWidget):
    """The phase's to-do list (from the state) and the phase's wizards.

    Signals:
        openCheck: a due :class:`~eote_ref.referee.todo.DueCheck` to resolve.
        openMenuCheck: a phase wizard (:class:`~eote_ref.ui.wizards.MenuCheck`) to open.
    """

    openCheck = Signal(object)
    openMenuCheck = Signal(object)

    def __init__(self, hub: GameHub, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hub = hub
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.heading = QLabel()
        self.heading.setObjectName("guideHeading")
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        self.list = DueList()
        self.list.setObjectName("dueList")
        self.list.setAlternatingRowColors(True)
        self.list.setWordWrap(True)
        self.list.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.list.itemDoubleClicked.connect(lambda item: self._open(item.data(CHECK_ROLE)))
        self.list.activatedCheck.connect(self._open)
        layout.addWidget(self.list, 1)
        self.buttons = QHBoxLayout()
        self.buttons.setSpacing(4)
        layout.addLayout(self.buttons)
        self._button_widgets: list[QPushButton] = []
        self.checks: list[DueCheck] = []
        hub.viewChanged.connect(self.show_view)
        self.show_view(hub.view)

    def _open(self, check: DueCheck | None) -> None:
        if check is not None:
            self.openCheck.emit(check)

    def _next_row(self, before: list[DueCheck], was: DueCheck | None) -> int:
        """Where the cursor goes once the list changed within a phase.

        On the same item if it is still due; after a check is done, on the next item that was
        already waiting after it (a second integrity roll), never on one its result just
        added (the division's "falling back" line).
        """
        if was is None or was not in before:
            return next((i for i, c in enumerate(self.checks) if c.due), 0)
        if was in self.checks:
            return self.checks.index(was)
        old_row = before.index(was)
        waiting = before[old_row + 1 :] + before[:old_row]
        for c in waiting:
            if c in self.checks and c.due:
                return self.checks.index(c)
        return next((i for i, c in enumerate(self.checks) if c.due), 0)

    def show_view(self, view: GameView) -> None:
        """List the checks due in the current phase and offer its wizards."""
        dim = marker_colors(self.palette()).dim_text.name()
        before = list(getattr(self, "checks", []))
        row = self.list.currentRow()
        was = before[row] if 0 <= row < len(before) else None
        # What is owed first, what is for information after ("cannot rally" rows no longer
        # head the command phase's list).
        found = self.hub.due_in(view)
        self.checks = [c for c in found if c.due] + [c for c in found if not c.due]
        openable = RESOLVABLE | SCENARIO_STEPS
        resolvable = sum(1 for c in self.checks if c.procedure in openable)
        due = len(owed(self.checks))
        info = len(self.checks) - due
        noted = f" ({info} for information)" if info else ""
        self.heading.setText(
            f"<b>{html.escape(heading(view.turn, view.phase))}</b> "
            f"<span style='color:{dim}'>(EotE {view.phase.rule})</span><br>"
            + (
                f"{due} due now{noted}; Enter opens the selected one."
                if self.checks
                else f"<span style='color:{dim}'>Nothing due from the state in this phase.</span>"
            )
        )
        # A new phase (or turn) starts at its first item: Ctrl+G, Enter opens the first due.
        phase = (view.turn, view.phase)
        same_phase = phase == getattr(self, "_phase", None)
        current = self._next_row(before, was) if same_phase else 0
        self._phase = phase
        self.list.clear()
        for c in self.checks:
            text = f"{c.title}  (EotE {c.rule})" if c.rule else c.title
            item = QListWidgetItem(text)
            item.setData(CHECK_ROLE, c)
            if not c.due:
                item.setForeground(marker_colors(self.palette()).dim_text)
                item.setToolTip("For information: nothing to roll this turn")
            elif c.procedure not in openable:
                item.setForeground(marker_colors(self.palette()).dim_text)
                item.setToolTip("Record this on the dashboard (no wizard for it yet)")
            else:
                item.setToolTip("Enter or double-click opens its wizard")
            self.list.addItem(item)
        if self.checks:
            self.list.setCurrentRow(min(max(current, 0), len(self.checks) - 1))
        self.list.setAccessibleDescription(f"{resolvable} of {len(self.checks)} have a wizard")
        for b in self._button_widgets:
            self.buttons.removeWidget(b)
            b.hide()
            b.deleteLater()
        self._button_widgets = []
        for entry in self.phase_wizards(view):
            button = QPushButton(entry.label.replace("…", "").replace("&", ""))
            button.setObjectName(f"guide_{entry.key}")
            button.setToolTip(f"{entry.tip} ({entry.shortcut})" if entry.shortcut else entry.tip)
            button.clicked.connect(lambda _=False, e=entry: self.openMenuCheck.emit(e))
            self.buttons.addWidget(button)
            self._button_widgets.append(button)

    @staticmethod
    def phase_wizards(view: GameView) -> list[MenuCheck]:
        """The wizards of the current phase that need no unit selected."""
        return [
            m
            for m in MENU
            if view.phase.value in m.phases and m.needs in ("game", "side", "division", "any")
        ]
