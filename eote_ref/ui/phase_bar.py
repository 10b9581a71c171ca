"""The turn-and-phase bar: the seven phases of EotE 2.0 as chevrons, the current one lit."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QFont,
    QFontMetrics,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from eote_ref.referee.phases import PHASES, Phase
from eote_ref.ui.theme import marker_colors

#: Short labels so that seven chevrons fit a laptop screen (the EotE pack's declaration).
SHORT_LABELS = {p: p.short_label for p in PHASES}


class PhaseBar(QWidget):
    """Seven chevrons: phases done (muted), the current one (accent), the ones to come."""

    phaseClicked = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._phase = Phase.COMMAND
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setToolTip("The seven phases of a turn (EotE 2.0)")

    @property
    def phase(self) -> Phase:
        """The phase shown as current."""
        return self._phase

    def set_phase(self, phase: Phase) -> None:
        """Highlight ``phase``."""
        if phase != self._phase:
            self._phase = phase
            self.update()

    def sizeHint(self) -> QSize:
        fm = self.fontMetrics()
        width = sum(fm.horizontalAdvance(f"{p.number} {SHORT_LABELS[p]}") + 34 for p in PHASES)
        return QSize(width, fm.height() + 16)

    def minimumSizeHint(self) -> QSize:
        return QSize(7 * 40, self.fontMetrics().height() + 16)

    def _segments(self) -> list[QRectF]:
        w = self.width() / len(PHASES)
        return [QRectF(i * w, 0, w, self.height()) for i in range(len(PHASES))]

    def paintEvent(self, event: QPaintEvent) -> None:
        c = marker_colors(self.palette())
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        tip = 9.0
        current = PHASES.index(self._phase)
        base_font = QFont(self.font())
        bold = QFont(base_font)
        bold.setBold(True)
        for i, (phase, r) in enumerate(zip(PHASES, self._segments(), strict=True)):
            path = QPainterPath()
            left = r.left() + 1
            right = r.right() - 1
            path.moveTo(left, r.top() + 1)
            path.lineTo(right - tip, r.top() + 1)
            path.lineTo(right, r.center().y())
            path.lineTo(right - tip, r.bottom() - 1)
            path.lineTo(left, r.bottom() - 1)
            if i:
                path.lineTo(left + tip, r.center().y())
            path.closeSubpath()
            if i == current:
                fill, text = c.phase_current, c.badge_text
            elif i < current:
                fill, text = c.phase_done, c.dim_text
            else:
                fill, text = c.phase_todo, self.palette().color(self.foregroundRole())
            painter.setPen(QPen(c.phase_done.darker(115), 1))
            painter.setBrush(fill)
            painter.drawPath(path)
            font = bold if i == current else base_font
            painter.setFont(font)
            painter.setPen(text)
            label_rect = r.adjusted(tip + (4 if i else -4), 0, -tip, 0)
            fm = QFontMetrics(font)
            label = f"{phase.number} {SHORT_LABELS[phase]}"
            if fm.horizontalAdvance(label) > label_rect.width():
                label = fm.elidedText(label, Qt.TextElideMode.ElideRight, int(label_rect.width()))
            painter.drawText(label_rect, Qt.AlignmentFlag.AlignCenter, label)
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        pos = QPointF(event.position())
        for phase, r in zip(PHASES, self._segments(), strict=True):
            if r.contains(pos):
                self.phaseClicked.emit(phase)
                return
        super().mousePressEvent(event)
