"""Painting the markers: hit pips with the morale threshold, D / P / blown / rout badges, arms."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QFontMetricsF, QPainter, QPalette, QPen
from PySide6.QtWidgets import QApplication, QStyle, QStyledItemDelegate, QStyleOptionViewItem

from eote_ref.referee.views import DivisionView, UnitView
from eote_ref.ui.theme import MarkerColors, marker_colors
from eote_ref.ui.unit_model import TYPE_LABELS, Column, Role, formation_label

Index = QModelIndex | QPersistentModelIndex

#: Opacity of rows for units that have left the table.
OFF_TABLE_OPACITY = 0.42


#: Room a marker cell keeps free on each side of what it paints.
CELL_PADDING = 4

#: The columns by number (``Column(n)`` is a Python call per cell painted).
_COLUMN_AT = tuple(Column)
#: The unit columns painted as text by the style; the others are painted markers.
_TEXT_COLUMNS = frozenset((Column.UNIT, Column.LEADER, Column.FORMATION))


def badge_font(font: QFont) -> QFont:
    """The bold, slightly smaller font of a badge drawn over cells in ``font``."""
    f = QFont(font)
    f.setBold(True)
    f.setPointSizeF(max(6.0, f.pointSizeF() * 0.86))
    return f


def badge_width(text: str, font: QFont) -> int:
    """The width of the badge :func:`draw_badge` paints for ``text`` in a cell in ``font``."""
    return QFontMetrics(badge_font(font)).horizontalAdvance(text) + 10


def draw_badge(
    painter: QPainter,
    rect: QRect,
    x: int,
    text: str,
    fill: QColor,
    fg: QColor,
    *,
    outline: bool = False,
    font: QFont | None = None,
) -> int:
    """Draw a rounded badge with ``text`` at ``x`` centred in ``rect``; returns its right edge."""
    painter.save()
    f = badge_font(font or painter.font())
    painter.setFont(f)
    fm = QFontMetrics(f)
    w = fm.horizontalAdvance(text) + 10
    h = min(rect.height() - 4, fm.height() + 3)
    box = QRectF(x, rect.center().y() - h / 2 + 0.5, w, h)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    if outline:
        painter.setPen(QPen(fill, 1.2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(box.adjusted(0.5, 0.5, -0.5, -0.5), 4, 4)
        painter.setPen(fill)
    else:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(fill)
        painter.drawRoundedRect(box, 4, 4)
        painter.setPen(fg)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()
    return int(box.right()) + 1


def draw_arm_symbol(painter: QPainter, rect: QRectF, arm: str, colour: QColor) -> None:
    """The map symbol of an arm: a frame with a cross (foot), a slash (horse), a dot (guns)."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen = QPen(colour, 1.4)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(rect)
    if arm == "infantry":
        painter.drawLine(rect.topLeft(), rect.bottomRight())
        painter.drawLine(rect.bottomLeft(), rect.topRight())
    elif arm == "cavalry":
        painter.drawLine(rect.bottomLeft(), rect.topRight())
    elif arm == "artillery":
        painter.setBrush(colour)
        r = rect.height() * 0.22
        painter.drawEllipse(rect.center(), r, r)
    painter.restore()


def hit_pips_width(pips: int, d: float, gap: float, threshold: int) -> float:
    """The width ``pips`` hit pips take (the ringed threshold pip has a little extra room)."""
    return pips * (d + gap) + (2.0 if pips >= threshold else 0.0)


def hit_pips_shown(
    width: float, d: float, gap: float, threshold: int, hits: int, text_width: float
) -> int:
    """How many pips the Hits cell paints: up to 7, and never so many that the count is hidden.

    Every hit is a filled pip and hollow pips run up to the morale threshold; ``text_width``
    is kept free after the pips for the number of hits, which is always written.
    """
    pips = min(max(threshold, hits), 7)
    while pips > 0 and hit_pips_width(pips, d, gap, threshold) + text_width > width:
        pips -= 1
    return pips


class MarkerDelegate(QStyledItemDelegate):
    """Paints unit rows column by column and division rows as one spanned band."""

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        size = super().sizeHint(option, index)
        fm = option.fontMetrics
        return QSize(size.width(), max(size.height(), fm.height() + 10))

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        # One question to the model for a unit's cell (its view), two for a division's band.
        unit = index.data(Role.UNIT)
        if not isinstance(unit, UnitView):
            division = index.data(Role.DIVISION)
            if isinstance(division, DivisionView):
                if index.column() == 0:
                    colours = marker_colors(option.palette)
                    self._paint_division(painter, option, index, division, colours)
                return
            super().paint(painter, option, index)
            return
        colours = marker_colors(option.palette)
        painter.save()
        if unit.off_table:
            painter.setOpacity(OFF_TABLE_OPACITY)
        column = _COLUMN_AT[index.column()]
        if column in _TEXT_COLUMNS:
            self._paint_text_cell(painter, option, index, unit, column, colours)
        else:
            self._panel(painter, option)
            self._paint_marker(painter, option, index, unit, column, colours)
        painter.restore()

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _panel(painter: QPainter, option: QStyleOptionViewItem) -> None:
        """The cell's background (its selection) under a marker.

        The model gives marker cells no background, font or decoration, so the view's option
        is all it needs (no :meth:`initStyleOption`, which would ask the model for seven roles).
        """
        opt = QStyleOptionViewItem(option)
        opt.text = ""
        style = opt.widget.style() if opt.widget else QApplication.style()
        style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, opt, painter, opt.widget)

    @staticmethod
    def _text_colour(option: QStyleOptionViewItem) -> QColor:
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        return option.palette.color(role)

    def _paint_text_cell(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: Index,
        unit: UnitView,
        column: Column,
        colours: MarkerColors,
    ) -> None:
        # What initStyleOption would ask the model for (seven roles), taken from the unit in
        # hand: the cell's text, and a routed unit's name in bold; the model gives these
        # cells no alignment, brush, check or decoration.
        opt = QStyleOptionViewItem(option)
        if isinstance(index, QModelIndex):
            opt.index = index
        else:  # a persistent index (the view passes plain ones)
            opt.index = index.sibling(index.row(), index.column())
        opt.features |= QStyleOptionViewItem.ViewItemFeature.HasDisplay
        if column == Column.UNIT:
            opt.text = unit.coded_name
            if unit.routed:
                bold = QFont(opt.font)
                bold.setBold(True)
                opt.font = bold
                opt.fontMetrics = QFontMetrics(bold)
        else:
            opt.text = unit.attached_leader or ""
        opt.styleObject = None  # type: ignore[assignment]  # as initStyleOption (QTBUG-30146)
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        if column == Column.UNIT and unit.routed and not selected:
            opt.palette.setColor(QPalette.ColorRole.Text, colours.rout)
        if column == Column.FORMATION and not unit.formation and not selected:
            opt.palette.setColor(QPalette.ColorRole.Text, colours.dim_text)
        if column == Column.LEADER and unit.attached_leader:
            opt.text = f"★ {unit.attached_leader}"
        if column == Column.FORMATION:
            opt.text = formation_label(unit.formation)
        style = opt.widget.style() if opt.widget else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)

    def _paint_marker(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: Index,
        unit: UnitView,
        column: Column,
        c: MarkerColors,
    ) -> None:
        rect = option.rect.adjusted(CELL_PADDING, 0, -CELL_PADDING, 0)
        fg = self._text_colour(option)

        def centred(text: str, fill: QColor, *, outline: bool = False) -> None:
            fm = QFontMetrics(painter.font())
            w = fm.horizontalAdvance(text) * 0.86 + 10
            x = int(rect.center().x() - w / 2 + 1)
            draw_badge(painter, rect, x, text, fill, c.badge_text, outline=outline)

        match column:
            case Column.TYPE:
                h = min(11.0, rect.height() - 8.0)
                sym = QRectF(rect.left() + 1, rect.center().y() - h / 2 + 0.5, h * 1.5, h)
                arm_colour = {
                    "infantry": c.infantry,
                    "cavalry": c.cavalry,
                    "artillery": c.artillery,
                }.get(unit.arm, fg)
                if option.state & QStyle.StateFlag.State_Selected:
                    arm_colour = fg
                draw_arm_symbol(painter, sym, unit.arm, arm_colour)
                text_rect = rect.adjusted(int(sym.width()) + 7, 0, 0, 0)
                painter.setPen(fg)
                label = TYPE_LABELS.get(unit.type, unit.type.capitalize())
                painter.drawText(text_rect, Qt.AlignmentFlag.AlignVCenter, label)
            case Column.CE:
                self._paint_ce(painter, rect, unit, fg, c)
            case Column.HITS:
                self._paint_hits(painter, rect, unit, int(index.data(Role.THRESHOLD) or 3), fg, c)
            case Column.DISORDER:
                if unit.disordered:
                    centred("D", c.disorder)
            case Column.BLOWN:
                if unit.blown:
                    centred("B" if unit.blown == 1 else f"B{unit.blown}", c.blown)
                elif unit.arm != "cavalry":
                    painter.setPen(c.hit_empty)
                    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "·")
            case Column.PINNED:
                if unit.pinned:
                    centred("P", c.pinned)
            case Column.COMMAND:
                if unit.out_of_command:
                    centred("OUT", c.out_of_command)
            case Column.STATUS:
                x = rect.left()
                if unit.routed:
                    x = draw_badge(painter, rect, x, "ROUTED", c.rout, c.badge_text) + 4
                if unit.off_table:
                    x = draw_badge(painter, rect, x, "OFF", c.off_table, c.badge_text) + 4
                if index.data(Role.MORALE_DUE):
                    x = draw_badge(
                        painter, rect, x, "MORALE", c.threshold, c.badge_text, outline=True
                    )
                    x += 4
                extras = []
                if unit.skirmishers_out:
                    extras.append(f"sk {unit.skirmish_hits}h" if unit.skirmish_hits else "sk")
                if unit.guns_abandoned:
                    extras.append("guns lost")
                if unit.changed_formation:
                    extras.append("chg")
                for e in extras:
                    if x > rect.right() - 20:
                        break
                    x = draw_badge(painter, rect, x, e, c.dim_text, c.badge_text, outline=True) + 4
            case _:
                pass

    @staticmethod
    def _paint_ce(
        painter: QPainter, rect: QRect, unit: UnitView, fg: QColor, c: MarkerColors
    ) -> None:
        painter.save()
        font = QFont(painter.font())
        font.setBold(True)
        big = QFontMetrics(font)
        small_font = QFont(painter.font())
        small_font.setPointSizeF(small_font.pointSizeF() * 0.85)
        small = QFontMetrics(small_font)
        value = str(unit.effective_ce)
        tail = f"/{unit.ce}"
        w = big.horizontalAdvance(value) + small.horizontalAdvance(tail)
        x = rect.center().x() - w // 2
        base_y = rect.center().y() + big.ascent() // 2 - 1
        colour = fg
        if unit.routed or unit.effective_ce <= 1:
            colour = c.rout
        elif unit.hits:
            colour = c.threshold if unit.morale_due else fg
        painter.setFont(font)
        painter.setPen(colour)
        painter.drawText(x, base_y, value)
        painter.setFont(small_font)
        painter.setPen(c.dim_text)
        painter.drawText(x + big.horizontalAdvance(value), base_y, tail)
        painter.restore()

    @staticmethod
    def _paint_hits(
        painter: QPainter, rect: QRect, unit: UnitView, threshold: int, fg: QColor, c: MarkerColors
    ) -> None:
        """Filled pips for hits, hollow ones up to the threshold, the threshold pip ringed."""
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        d = max(7.0, min(10.0, rect.height() * 0.42))
        gap = 3.0
        font = QFont(painter.font())
        font.setBold(True)
        count = str(unit.hits) if unit.hits else ""
        text_w = QFontMetricsF(font).horizontalAdvance(count) + 4.0 if count else 0.0
        shown = hit_pips_shown(rect.width() - 2.0, d, gap, threshold, unit.hits, text_w)
        cy = rect.center().y() + 0.5
        x = rect.left() + 2.0
        for i in range(1, shown + 1):
            centre = QPointF(x + d / 2, cy)
            if i <= unit.hits:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(c.hit)
                painter.drawEllipse(centre, d / 2, d / 2)
            else:
                painter.setPen(QPen(c.hit_empty, 1.2))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(centre, d / 2 - 0.6, d / 2 - 0.6)
            if i == threshold:
                painter.setPen(QPen(c.threshold, 1.6))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(centre, d / 2 + 2.0, d / 2 + 2.0)
            x += d + gap
            if i == threshold:
                x += 2.0
        if count:
            painter.setFont(font)
            painter.setPen(c.hit if unit.hits >= threshold else fg)
            text_rect = QRectF(x + 2, rect.top(), max(text_w, rect.right() - x - 2), rect.height())
            painter.drawText(text_rect, Qt.AlignmentFlag.AlignVCenter, count)
        painter.restore()

    def _paint_division(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: Index,
        d: DivisionView,
        c: MarkerColors,
    ) -> None:
        painter.save()
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        if selected:
            painter.fillRect(option.rect, option.palette.color(QPalette.ColorRole.Highlight))
        fg = self._text_colour(option)
        rect = option.rect.adjusted(4, 0, -6, 0)
        font = QFont(option.font)
        font.setBold(True)
        painter.setFont(font)
        fm = QFontMetrics(font)
        painter.setPen(c.rout if d.routed and not selected else fg)
        name_w = min(fm.horizontalAdvance(d.title) + 4, rect.width() // 2)
        name = fm.elidedText(d.title, Qt.TextElideMode.ElideRight, name_w)
        painter.drawText(
            QRect(rect.left(), rect.top(), name_w + 2, rect.height()),
            Qt.AlignmentFlag.AlignVCenter,
            name,
        )
        x = rect.left() + name_w + 12
        painter.setFont(option.font)
        normal = QFontMetrics(option.font)
        dim = fg if selected else c.dim_text
        # The leader and rating.
        if d.leader:
            painter.setPen(dim)
            lead = f"{d.leader.name} ({d.leader.rating})"
            painter.drawText(
                QRect(x, rect.top(), normal.horizontalAdvance(lead) + 2, rect.height()),
                Qt.AlignmentFlag.AlignVCenter,
                lead,
            )
            if d.leader.killed:
                y = rect.center().y()
                painter.setPen(QPen(c.rout, 1.4))
                painter.drawLine(x, y, x + normal.horizontalAdvance(d.leader.name), y)
            x += normal.horizontalAdvance(lead) + 8
            if d.leader.killed:
                x = draw_badge(painter, rect, x, "KILLED", c.rout, c.badge_text) + 4
            if index.data(Role.NO_RALLY):  # cannot rally troops this turn (EotE 8.0)
                x = draw_badge(painter, rect, x, "NO RALLY", c.threshold, c.badge_text) + 4
            elif d.leader.no_rally_next_turn:
                x = draw_badge(
                    painter, rect, x, "no rally next turn", c.threshold, c.badge_text, outline=True
                )
                x += 4
        # Orders.
        if d.current_order:
            x = draw_badge(painter, rect, x, d.current_order.upper(), c.order, c.badge_text) + 4
        else:
            x = draw_badge(painter, rect, x, "no order", c.dim_text, c.badge_text, outline=True) + 4
        if d.pending_order:
            turns = d.pending_order_turns
            text = f"→ {d.pending_order.upper()}" + (f" in {turns}" if turns is not None else "")
            x = draw_badge(painter, rect, x, text, c.order, c.badge_text, outline=True) + 4
        # Integrity (EotE 9.0) and other division state.
        if d.routed:
            x = draw_badge(painter, rect, x, "ROUTED", c.rout, c.badge_text) + 4
        elif d.falling_back:
            x = draw_badge(painter, rect, x, "FALLING BACK", c.threshold, c.badge_text) + 4
        if d.in_town:
            x = draw_badge(painter, rect, x, "in town", c.dim_text, c.badge_text, outline=True) + 4
        if d.objective_lost:
            x = draw_badge(
                painter, rect, x, "objective lost", c.threshold, c.badge_text, outline=True
            )
            x += 4
        # Counts on the right, if there is room.
        units = d.units
        hits = sum(u.hits for u in units)
        parts = [f"{len(units)} units"]
        if hits:
            parts.append(f"{hits} hits")
        dis = sum(1 for u in units if u.disordered)
        if dis:
            parts.append(f"{dis} D")
        routed = sum(1 for u in units if u.routed)
        if routed:
            parts.append(f"{routed} routed")
        gone = sum(1 for u in units if u.off_table)
        if gone:
            parts.append(f"{gone} off")
        summary = " · ".join(parts)
        w = normal.horizontalAdvance(summary)
        if rect.right() - w > x + 8:
            painter.setPen(dim)
            painter.drawText(
                rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, summary
            )
        painter.restore()
