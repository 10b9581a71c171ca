"""The roster editor's look: problem colours on form widgets, toolbar icons, short texts."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QLineEdit, QPlainTextEdit, QWidget

from eote_ref.armylists.tree import Node

_STYLE = {
    "error": "border: 2px solid #c62828; background: #fff1f0;",
    "warning": "border: 2px solid #e0a100; background: #fffaeb;",
}


_TINT = {"error": "#ffe3e0", "warning": "#fff4d6"}


def mark_widget(widget: QWidget, severity: str | None) -> None:
    """Highlight a form widget with a problem: a coloured frame, or a tint for spin/combo boxes.

    Spin and combo boxes keep their native look (a style sheet would drop their arrows), so
    they get a tinted palette instead.
    """
    if isinstance(widget, QLineEdit | QPlainTextEdit):
        name = type(widget).__name__
        widget.setStyleSheet(f"{name} {{ {_STYLE[severity]} }}" if severity else "")
        return
    palette = QPalette()
    if severity:
        palette = QPalette(widget.palette())
        for role in (QPalette.ColorRole.Base, QPalette.ColorRole.Button):
            palette.setColor(role, QColor(_TINT[severity]))
    widget.setPalette(palette)


def crumbs(node: Node) -> str:
    """``Army › I Corps › 1st Division``: where a node stands."""
    names = [n.name.strip() or f"({n.kind.value})" for n in reversed([node, *node.ancestors()])]
    return " › ".join(names)


def count(n: int, word: str) -> str:
    """``1 unit``, ``2 units``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def html(text: str) -> str:
    """``text`` escaped for a rich-text label."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def plus_icon(colour: str, *, round_: bool) -> QIcon:
    """A plus on a disc (a unit) or a rounded square (a command) of ``colour``."""
    pixmap = QPixmap(32, 32)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(colour))
    if round_:
        painter.drawEllipse(3, 3, 26, 26)
    else:
        painter.drawRoundedRect(3, 3, 26, 26, 6, 6)
    painter.setBrush(QColor("white"))
    painter.drawRect(14, 8, 4, 16)
    painter.drawRect(8, 14, 16, 4)
    painter.end()
    return QIcon(pixmap)


def copy_icon() -> QIcon:
    """Two overlapping pages: the Duplicate action."""
    pixmap = QPixmap(32, 32)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QColor("#4a4f57"))
    painter.setBrush(QColor("#dfe3e8"))
    painter.drawRoundedRect(4, 4, 17, 17, 3, 3)
    painter.setBrush(QColor("#ffffff"))
    painter.drawRoundedRect(11, 11, 17, 17, 3, 3)
    painter.end()
    return QIcon(pixmap)
