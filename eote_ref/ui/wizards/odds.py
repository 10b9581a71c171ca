"""The odds of a check's results, as bars and as a panel, and its modifiers as HTML."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import (
    QFont,
    QFontMetrics,
    QPainter,
    QPaintEvent,
    QPalette,
)
from PySide6.QtWidgets import (
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from eote_ref.packs.outcome import Outcome
from eote_ref.referee.errors import REFUSALS
from eote_ref.referee.wizard_check import WizardCheck
from eote_ref.ui.theme import marker_colors


def pct(p: float, decimals: int = 0) -> str:
    """A probability as a percentage (whole by default); a small chance never reads "0%".

    With ``decimals`` 1 a chance of one in sixty reads "1.7%", below 0.1% "<0.1%".
    """
    floor = 10.0**-decimals
    if p * 100 >= floor or p == 0:
        return f"{p * 100:.{decimals}f}%"
    return f"<{floor:g}%"


def modifiers_table(rows: Sequence[tuple[str, str | None, str | None]], dim: str) -> str:
    """The modifiers table every check screen shows (a pack's dialog and the wizards).

    Each row is ``(what, value, section)``, already HTML (escaped, marks added): the value
    right-aligned, the section in the dimmed colour ``dim``. A row with neither value nor
    section spans the table (a die each side: each side's own modifier, in words).
    """
    cells = []
    for what, value, where in rows:
        if value is None and where is None:
            cells.append(f"<tr><td colspan='3'>{what}</td></tr>")
        else:
            cells.append(
                f"<tr><td>{what}</td><td align='right'>{value or ''}</td>"
                f"<td style='color:{dim}'>{where or ''}</td></tr>"
            )
    return "<table cellspacing='0' cellpadding='2' width='100%'>" + "".join(cells) + "</table>"


def _signed(v: float) -> str:
    text = f"{v:+g}"
    return text.replace("-", "−")


def modifiers_html(
    check: WizardCheck[Any], outcome: Outcome, dim: str, *, rolls: bool = True
) -> str:
    """The base value, each modifier with its section and source, and the modified value.

    A check decided without a die (``rolls`` False) names its value from the outcome (a move
    allowance, a distance, a count) instead of calling it a base, and leaves out the modified
    row when nothing modifies it.
    """
    modifiers = check.modifiers(outcome)
    name, unit = ("Base", "") if rolls else check.value_label(outcome)
    # A die each side (the initiative, 4.0): no single base or modified value, each side's own.
    each_side = check.roll_heading(outcome) if rolls else None
    cite = html.escape(check.cite)
    rows: list[tuple[str, str | None, str | None]] = []
    if each_side is None:
        base = f"<b>{outcome.base:g}{html.escape(unit)}</b>"
        rows.append((html.escape(name), base, f"{cite} {html.escape(outcome.rule)}"))
    for m in modifiers:
        mark = " <i>(house)</i>" if m.house else " <i>(provisional)</i>" if m.provisional else ""
        # A scenario's own modifier (a demoralised army) is no section of the rules.
        rule = "scenario" if m.rule == "scenario" else f"{check.cite} {m.rule}"
        rows.append((f"{html.escape(m.reason)}{mark}", _signed(m.value), html.escape(rule)))
    target = outcome.details.get("target") if outcome.details else None
    if each_side is not None:
        rows.append((f"<b>{html.escape(each_side)}</b>", None, None))
    elif rolls or modifiers:
        final = "Modified" if rolls else f"{name} now"
        modified = f"<b>{outcome.modified:g}{html.escape(unit)}</b>"
        rows.append((f"<b>{html.escape(final)}</b>", modified, html.escape(str(target or ""))))
    return modifiers_table(rows, dim)


class OddsBars(QWidget):
    """Each result with its probability and a bar as long as the chance, most likely first.

    Painted, not rich text: Qt's HTML subset ignores percentage widths, so bars drawn that
    way all came out the same length. :meth:`text` gives the rows as plain text (tests,
    screen readers).
    """

    BAR = 160

    def __init__(self, parent: QWidget | None = None, *, decimals: int = 0) -> None:
        super().__init__(parent)
        self.rows: list[tuple[str, float, str]] = []
        #: Decimals of each percentage (a pack's dialog shows one: "1.7%").
        self.decimals = decimals
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def set_rows(self, rows: list[tuple[str, float, str]]) -> None:
        """``(label, probability, tone)`` rows; tone is good, bad or neutral."""
        self.rows = rows
        self.setAccessibleDescription(self.text())
        self.setToolTip(self.text())
        self.updateGeometry()
        self.update()

    def clear(self) -> None:
        """No odds (a refused situation)."""
        self.set_rows([])

    def text(self) -> str:
        """The odds as plain text, one result a line."""
        return "\n".join(f"{label} {pct(p, self.decimals)}" for label, p, _tone in self.rows)

    def _label_width(self) -> int:
        fm = self.fontMetrics()
        return max((fm.horizontalAdvance(label) for label, _p, _t in self.rows), default=0) + 12

    def _pct_width(self) -> int:
        """Room for the widest percentage, in the bold it is painted in."""
        bold = QFont(self.font())
        bold.setBold(True)
        widest = "100." + "0" * self.decimals + "% " if self.decimals else "100% "
        return QFontMetrics(bold).horizontalAdvance(widest)

    def sizeHint(self) -> QSize:
        """Room for every row."""
        fm = self.fontMetrics()
        width = self._label_width() + self._pct_width() + self.BAR
        return QSize(width, max(1, len(self.rows)) * (fm.height() + 4))

    def minimumSizeHint(self) -> QSize:
        """As tall as the rows."""
        return QSize(120, self.sizeHint().height())

    def paintEvent(self, event: QPaintEvent) -> None:
        """Label, percentage, bar."""
        painter = QPainter(self)
        colors = marker_colors(self.palette())
        tone_color = {
            "good": colors.steady,
            "bad": colors.rout,
            "neutral": self.palette().color(QPalette.ColorRole.Highlight),
        }
        fm = self.fontMetrics()
        row_h = fm.height() + 4
        label_w = self._label_width()
        pct_w = self._pct_width()
        bar_room = max(20, self.width() - label_w - pct_w - 4)
        bold = QFont(self.font())
        bold.setBold(True)
        for i, (label, p, tone) in enumerate(self.rows):
            y = i * row_h
            painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
            painter.setFont(self.font())
            text_rect = QRect(0, y, label_w, row_h)
            painter.drawText(text_rect, int(Qt.AlignmentFlag.AlignVCenter), label)
            painter.setFont(bold)
            pct_rect = QRect(label_w, y, pct_w - 4, row_h)
            align = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight
            painter.drawText(pct_rect, int(align), pct(p, self.decimals))
            width = round(bar_room * p)
            if p > 0:
                painter.fillRect(
                    QRect(label_w + pct_w, y + 3, max(2, width), row_h - 6), tone_color[tone]
                )
        painter.end()


class OddsPanel(QWidget):
    """Modifiers and odds of the current situation, side by side with the questions."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.modifiers = QLabel()
        self.modifiers.setObjectName("modifiers")
        self.modifiers.setTextFormat(Qt.TextFormat.RichText)
        self.modifiers.setWordWrap(True)
        self.modifiers.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.odds = OddsBars()
        self.odds.setObjectName("odds")
        self.error = QLabel()
        self.error.setObjectName("error")
        self.error.setWordWrap(True)
        self.decided = QLabel()
        self.decided.setObjectName("decided")
        self.decided.setWordWrap(True)
        self.modifiers_heading = QLabel("<b>Modifiers</b>")
        self.odds_heading = QLabel("<b>Odds</b>")
        for w in (
            self.modifiers_heading,
            self.modifiers,
            self.odds_heading,
            self.odds,
            self.decided,
            self.error,
        ):
            layout.addWidget(w)
        layout.addStretch(1)

    def show_check(self, check: WizardCheck[Any]) -> bool:
        """Show the preview of ``check``; False (with the reason shown) when it is refused."""
        colors = marker_colors(self.palette())
        dim = colors.dim_text.name()
        try:
            outcome = check.preview()
        except REFUSALS as e:
            self.modifiers.clear()
            self.odds.clear()
            self._show(dice=False, decided=False)
            self.error.setText(
                f"<span style='color:{colors.rout.name()}'>{html.escape(str(e))}</span>"
            )
            return False
        self.error.clear()
        rolls = check.needs_roll()
        self.modifiers.setText(modifiers_html(check, outcome, dim, rolls=rolls))
        # A check decided without a die shows its value, not "modifiers", when none apply.
        self.modifiers_heading.setText(
            "<b>Modifiers</b>" if rolls or outcome.modifiers else "<b>From the rules</b>"
        )
        self.odds.set_rows(
            [
                (label, p, check.result_tone(code))
                for (label, p), code in zip(
                    check.odds(outcome), _codes(check, outcome), strict=True
                )
            ]
        )
        has_modifiers = bool(outcome.modifiers) or bool(outcome.base)
        self._show(dice=rolls, decided=not rolls, modifiers=has_modifiers)
        if not rolls:
            self.decided.setText(
                f"<b>No roll:</b> {html.escape(check.result_text(outcome))}"
                f"<br><span style='color:{dim}'>The rules decide from what the table shows.</span>"
            )
        return True

    def _show(self, *, dice: bool, decided: bool, modifiers: bool = True) -> None:
        """Odds only when dice decide; modifiers when there are any."""
        self.modifiers_heading.setVisible(modifiers and (dice or decided))
        self.modifiers.setVisible(modifiers and (dice or decided))
        self.odds_heading.setVisible(dice)
        self.odds.setVisible(dice)
        self.decided.setVisible(decided)


def _codes(check: WizardCheck[Any], outcome: Outcome) -> list[str]:
    """The result codes of ``check.odds(outcome)``, in the same order."""
    pairs = sorted(outcome.probabilities.items(), key=lambda kv: -float(kv[1]))
    return [code for code, _p in pairs]
