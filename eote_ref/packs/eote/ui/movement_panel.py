"""The movement reference panel: each unit's allowance this phase and its formation-change cost.

Shown in a dock during the movement phase (EotE 5.0; the dock is :mod:`.movement_dock`, which
imports this module when the panel is first shown): for every unit on the table, its
formation, its full allowance at the game's figure scale, what it may move this phase (half
for the side without the initiative, EotE 4.0 and 5.3.1), and what a change of formation or
limbering costs (EotE 5.2). The numbers come from
:func:`eote_ref.packs.eote.checks.movement.movement_table`; the panel only shows them.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from eote_ref.referee.views import GameView
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.theme import marker_colors

if TYPE_CHECKING:  # the checks (and the ORM under them) load when the panel first computes
    from eote_ref.packs.eote.checks.movement import MovementRow

_ROOT = QModelIndex()

COLUMNS = ("Unit", "Formation", "Full", "This phase", "Formation change", "Status")


def _inches(v: float) -> str:
    return f'{v:g}"'


class MovementModel(QAbstractTableModel):
    """The rows of :func:`movement_table` as a read-only table model."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[MovementRow] = []

    def set_rows(self, rows: list[MovementRow]) -> None:
        """Replace every row (one model reset)."""
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = _ROOT) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section]
        return None

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if not index.isValid():
            return None
        r = self.rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (
                r.name,
                r.formation,
                _inches(r.full_in) + (" *" if r.provisional else ""),
                _inches(r.allowance_in),
                r.change,
                r.status,
            )[col]
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (2, 3):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            if col == 0:
                return f"{r.division} ({r.side})"
            if col == 2 and r.provisional:
                return "* provisional value (the text is unclear here)"
        return None


class MovementPanel(QWidget):
    """The movement allowances of one side's units (or both), refreshed on every change.

    While hidden it does not recompute; it catches up when shown.
    """

    def __init__(self, hub: GameHub, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hub = hub
        self.setObjectName("movementPanel")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        top = QHBoxLayout()
        self.heading = QLabel()
        self.heading.setObjectName("movementHeading")
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.heading.setWordWrap(True)
        top.addWidget(self.heading, 1)
        self.side = QComboBox()
        self.side.setObjectName("movementSide")
        self.side.setToolTip("Show one side's units, or both")
        self.side.currentIndexChanged.connect(lambda _i: self.refresh())
        top.addWidget(self.side)
        layout.addLayout(top)
        self.model = MovementModel(self)
        self.table = QTableView()
        self.table.setObjectName("movementTable")
        self.table.setModel(self.model)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for i in range(1, len(COLUMNS)):
            header.setSectionResizeMode(i, QHeaderView.ResizeMode.ResizeToContents)
        # Size the columns from the visible rows' neighbourhood, not from every unit of a
        # corps on each edit (Qt's default reads up to 1,000 rows per column per change).
        header.setResizeContentsPrecision(60)
        layout.addWidget(self.table, 1)
        self._sides: tuple[str, ...] = ()
        self._stale = True
        hub.viewChanged.connect(self.show_view)
        self.show_view(hub.view)

    @property
    def rows(self) -> list[MovementRow]:
        """The rows shown."""
        return self.model.rows

    def showEvent(self, event: QShowEvent) -> None:
        if self._stale:
            self.refresh()
        super().showEvent(event)

    def show_view(self, view: GameView) -> None:
        """Recompute from ``view`` now if shown, else when next shown."""
        self._stale = True
        if self.isVisible():
            self.refresh()

    def refresh(self) -> None:
        """Recompute the allowances from the hub's latest view."""
        view = self.hub.view
        self._stale = False
        names = tuple(s.name for s in view.sides)
        if names != self._sides:
            self._sides = names
            self.side.blockSignals(True)
            self.side.clear()
            self.side.addItem("Both sides", "")
            for n in names:
                self.side.addItem(n, n)
            self.side.blockSignals(False)
        dim = marker_colors(self.palette()).dim_text.name()
        holder = view.initiative_side
        who = (
            f"<b>{html.escape(holder)}</b> has the initiative and moves full; the other side "
            "moves unpinned units at half (EotE 4.0, 5.3.1)."
            if holder
            else "Initiative not decided yet: every allowance is shown full."
        )
        self.heading.setText(
            f"<b>Movement</b> <span style='color:{dim}'>(EotE 5.1-5.3, {view.figure_scale})</span>"
            f"<br>{who}"
        )
        from eote_ref.packs.eote.checks.movement import movement_table

        chosen = str(self.side.currentData() or "")
        self.model.set_rows(
            [r for r in movement_table(self.hub.service, view) if not chosen or r.side == chosen]
        )
