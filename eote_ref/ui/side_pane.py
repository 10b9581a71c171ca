"""One side's order of battle on the dashboard: its tree of units, its header, its selection."""

from __future__ import annotations

import html

from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QFocusEvent,
    QFont,
    QFontMetrics,
    QKeyEvent,
    QMouseEvent,
    QPainter,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QStyleOptionViewItem,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from eote_ref.referee.views import SideView, UnitView
from eote_ref.ui.delegates import CELL_PADDING, MarkerDelegate
from eote_ref.ui.theme import marker_colors
from eote_ref.ui.unit_model import (
    DIVISION_KIND,
    FORMATION_LABELS,
    TYPE_LABELS,
    Column,
    Role,
    SideFilterProxy,
    SideModel,
)

#: Plain keys (no Ctrl/Alt) the tables turn into commands when the shortcut did not fire.
_KEYS = {
    (Qt.Key.Key_Plus, False): "hit+",
    (Qt.Key.Key_Plus, True): "hit+",
    (Qt.Key.Key_Equal, False): "hit+",
    (Qt.Key.Key_Minus, False): "hit-",
    (Qt.Key.Key_Minus, True): "hit-",
    (Qt.Key.Key_Underscore, True): "hit-",
    (Qt.Key.Key_Underscore, False): "hit-",
    (Qt.Key.Key_D, False): "disorder",
    (Qt.Key.Key_B, False): "blown+",
    (Qt.Key.Key_B, True): "blown-",
    (Qt.Key.Key_R, False): "routed",
    (Qt.Key.Key_P, False): "pinned",
    (Qt.Key.Key_C, False): "command",
    (Qt.Key.Key_O, False): "off_table",
    (Qt.Key.Key_F, False): "formation",
}


class SideTree(QTreeView):
    """A side's table: division bands, unit rows, and the marker keys."""

    command = Signal(str)
    focused = Signal()
    #: A click without Ctrl or Shift (it starts a new selection).
    plain_click = Signal()
    #: A digit of a unit's code number typed (plain: this side's unit; Ctrl: the other
    #: side's, added to the selection as a target).
    number_typed = Signal(str, bool)
    #: F6: the other side's table takes the keyboard.
    other_table = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        self.setIndentation(14)
        self.setAllColumnsShowFocus(True)
        # Ctrl+click (or Shift+arrows) adds units: firers and their target, attackers.
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        #: The modifiers of the last key or click that changed the selection.
        self.selection_mods = Qt.KeyboardModifier.NoModifier
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setExpandsOnDoubleClick(True)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.setItemDelegate(MarkerDelegate(self))
        self.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        mods = event.modifiers()
        self.selection_mods = mods
        super().mousePressEvent(event)
        if not mods & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier):
            # A plain click starts a new selection even on the row already selected (the last
            # fire's target clicked as the next firer changes no selection, so says nothing).
            self.plain_click.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        mods = event.modifiers()
        self.selection_mods = mods
        blocked = (
            Qt.KeyboardModifier.ControlModifier
            | Qt.KeyboardModifier.AltModifier
            | Qt.KeyboardModifier.MetaModifier
        )
        key = event.key()
        plain = mods & ~Qt.KeyboardModifier.KeypadModifier
        if Qt.Key.Key_0 <= key <= Qt.Key.Key_9 and plain in (
            Qt.KeyboardModifier.NoModifier,
            Qt.KeyboardModifier.ControlModifier,
        ):
            self.number_typed.emit(chr(key), plain == Qt.KeyboardModifier.ControlModifier)
            event.accept()
            return
        if key == Qt.Key.Key_F6 and plain == Qt.KeyboardModifier.NoModifier:
            self.other_table.emit()
            event.accept()
            return
        if not mods & blocked:
            name = _KEYS.get((Qt.Key(event.key()), bool(mods & Qt.KeyboardModifier.ShiftModifier)))
            if name is not None:
                self.command.emit(name)
                event.accept()
                return
        super().keyPressEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.focused.emit()

    def drawRow(
        self,
        painter: QPainter,
        options: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        if index.data(Role.KIND) == DIVISION_KIND:
            band = marker_colors(options.palette).division_band
            painter.fillRect(
                QRect(0, options.rect.top(), self.width(), options.rect.height()), band
            )
        super().drawRow(painter, options, index)


def _row_path(index: QModelIndex) -> tuple[int, ...]:
    """Where a row sits in the tree (for sorting rows in table order)."""
    path: list[int] = []
    while index.isValid():
        path.insert(0, index.row())
        index = index.parent()
    return tuple(path)


class SidePane(QWidget):
    """One side: a header (name, initiative, totals) over its :class:`SideTree`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.header = QLabel(self)
        self.header.setTextFormat(Qt.TextFormat.RichText)
        self.model = SideModel(self)
        #: The side and initiative the header shows (it is written again when they change).
        self._header_of: tuple[SideView, bool] | None = None
        self.proxy = SideFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.tree = SideTree(self)
        self.tree.setModel(self.proxy)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.header)
        layout.addWidget(self.tree)
        self._size_columns()
        self.model.modelReset.connect(self._after_reset)
        self._expanded: set[int] | None = None
        self._selected: int | None = None
        self._scroll = 0
        self.model.modelAboutToBeReset.connect(self._before_reset)

    def _size_columns(self) -> None:
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(24)
        fm = self.tree.fontMetrics()
        em = fm.horizontalAdvance("M")
        # Type and Formation as wide as their longest label, so the unit names get the room
        type_w = max(fm.horizontalAdvance(label) for label in TYPE_LABELS.values())
        formation_w = max(fm.horizontalAdvance(label) for label in FORMATION_LABELS.values())
        # The other columns as narrow as what they show allows (a badge may use the cell's
        # padding); the unit's name, the only column of free text, takes the rest.
        bold = QFont(self.tree.font())
        bold.setBold(True)
        ce_w = QFontMetrics(bold).horizontalAdvance("8") + fm.horizontalAdvance("/8")
        widths = {
            # (narrowed by 3 em all told to make room for the unit's code beside its name)
            Column.TYPE: type_w + int(em * 2.2),
            Column.FORMATION: formation_w + int(em * 0.6),
            Column.CE: max(ce_w + 2 * CELL_PADDING, fm.horizontalAdvance("CE") + int(em * 1.2)),
            Column.HITS: int(em * 5.8),
            Column.DISORDER: int(em * 2.0),
            Column.BLOWN: int(em * 2.6),
            Column.STATUS: int(em * 5.4),
            Column.PINNED: int(em * 2.0),
            Column.COMMAND: int(em * 3.0),
            Column.LEADER: int(em * 2.8),
        }
        header.setSectionResizeMode(Column.UNIT, QHeaderView.ResizeMode.Stretch)
        for column, width in widths.items():
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, width)
        self.tree.setMinimumWidth(sum(widths.values()) + em * 12)

    def set_side(
        self,
        side: SideView,
        threshold: int,
        initiative: bool,
        turn: int | None = None,
        fired: dict[int, str] | None = None,
        morale: set[int] | None = None,
    ) -> None:
        """Show the side's state (a targeted update when the order of battle is unchanged).

        ``fired``: the units that have fired this turn, by sub-phase (the Status column);
        ``morale``: the units owed a morale check now (EotE 7.5).
        """
        self.model.set_side(side, threshold, turn, fired, morale)
        shown = self._header_of
        if shown is None or shown[0] is not side or shown[1] != initiative:
            self._set_header(side, initiative)

    def _set_header(self, side: SideView, initiative: bool) -> None:
        self._header_of = (side, initiative)
        c = marker_colors(self.palette())
        units = side.units
        routed = sum(1 for u in units if u.routed)
        gone = sum(1 for u in units if u.off_table)
        hits = sum(u.hits for u in units)
        dim = c.dim_text.name()
        parts = [_count(len(side.divisions), "division"), _count(len(units), "unit")]
        parts.append(_count(hits, "hit"))
        if routed:
            parts.append(f"<span style='color:{c.rout.name()}'>{routed} routed</span>")
        if gone:
            parts.append(f"{gone} off table")
        badge = (
            f"&nbsp;&nbsp;<span style='color:{c.order.name()}; font-weight:600'>★ initiative</span>"
            if initiative
            else ""
        )
        self.header.setText(
            f"<span style='font-size:large; font-weight:600'>{html.escape(side.name)}</span>"
            f"{badge}&nbsp;&nbsp;<span style='color:{dim}'>{' · '.join(parts)}</span>"
        )

    # ------------------------------------------------------------------ keeping the view
    def _before_reset(self) -> None:
        self._expanded = self.expanded_divisions() if self.model.divisions else None
        unit = self.current_unit()
        self._selected = unit.id if unit else None
        self._scroll = self.tree.verticalScrollBar().value()

    def _after_reset(self) -> None:
        """Open the divisions that were open (all the first time), span, select again.

        The divisions are opened first, while the view's layout after the reset is still
        pending: the view only notes them, and lays the rows out once, when the first band is
        spanned. ``expandAll`` laid every row out again after the spans had laid out the
        divisions, and each layout asks the model, through the proxy, for every row's index,
        children and flags (the demo's first paint: 4,460 calls to the model before the window
        is shown, 3,300 since).
        """
        self.tree.setUpdatesEnabled(False)
        rows = range(self.proxy.rowCount())
        if self._expanded is None:
            for row in rows:
                self.tree.expand(self.proxy.index(row, 0))
        else:
            for d in self.model.divisions:
                if d.id in self._expanded:
                    self.tree.expand(self.proxy.mapFromSource(self.model.division_index(d.id)))
        for row in rows:
            self.tree.setFirstColumnSpanned(row, QModelIndex(), True)
        if self._selected is not None:
            self.select_unit(self._selected)
        self.tree.verticalScrollBar().setValue(self._scroll)
        self.tree.setUpdatesEnabled(True)

    def expanded_divisions(self) -> set[int]:
        """The ids of the divisions shown open."""
        out = set()
        for d in self.model.divisions:
            if self.tree.isExpanded(self.proxy.mapFromSource(self.model.division_index(d.id))):
                out.add(d.id)
        return out

    def respan(self) -> None:
        """Span the division rows across the columns again (after the filter changed)."""
        for row in range(self.proxy.rowCount()):
            self.tree.setFirstColumnSpanned(row, QModelIndex(), True)

    def current_unit(self) -> UnitView | None:
        """The unit of the selected row, if a unit row is selected."""
        index = self.tree.currentIndex()
        if not index.isValid():
            return None
        unit = index.data(Role.UNIT)
        return unit if isinstance(unit, UnitView) else None

    def selected_units(self) -> list[UnitView]:
        """The units of the selected rows, the current one first, then in table order."""
        current = self.current_unit()
        out = [current] if current is not None else []
        rows = sorted(self.tree.selectionModel().selectedRows(), key=_row_path)
        for index in rows:
            unit = index.data(Role.UNIT)
            if isinstance(unit, UnitView) and all(u.id != unit.id for u in out):
                out.append(unit)
        return out

    def current_division_id(self) -> int | None:
        """The division of the selected row: a division's band or one of its units."""
        index = self.tree.currentIndex()
        if not index.isValid():
            return None
        unit = index.data(Role.UNIT)
        if isinstance(unit, UnitView):
            return unit.division_id
        if index.data(Role.KIND) == DIVISION_KIND:
            value = index.data(Role.ID)
            return int(value) if value is not None else None
        return None

    def select_unit(self, unit_id: int) -> bool:
        """Select a unit's row (opening its division); False if it is not on this side."""
        source = self.model.unit_index(unit_id)
        if not source.isValid():
            return False
        index = self.proxy.mapFromSource(source)
        if not index.isValid():
            return False
        self.tree.expand(index.parent())
        self.tree.setCurrentIndex(index)
        self.tree.scrollTo(index)
        return True


def _count(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless there is one: "1 division", "13 units"."""
    return f"{n} {noun}{'' if n == 1 else 's'}"
