"""Marker colours and the light/dark palettes: muted, readable, one meaning in both."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication


def is_dark(palette: QPalette) -> bool:
    """Whether ``palette`` is a dark theme (light text on a dark window)."""
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


@dataclass(frozen=True)
class MarkerColors:
    """The colours of every marker, chosen for the palette's lightness."""

    hit: QColor
    hit_empty: QColor
    threshold: QColor
    disorder: QColor
    blown: QColor
    rout: QColor
    pinned: QColor
    out_of_command: QColor
    off_table: QColor
    steady: QColor
    order: QColor
    leader: QColor
    badge_text: QColor
    division_band: QColor
    infantry: QColor
    cavalry: QColor
    artillery: QColor
    phase_done: QColor
    phase_current: QColor
    phase_todo: QColor
    dim_text: QColor


def _c(hex_: str) -> QColor:
    return QColor(hex_)


_LIGHT = {
    "hit": "#c0392b",
    "hit_empty": "#b8b8b8",
    "threshold": "#d68910",
    "disorder": "#c0392b",
    "blown": "#d35400",
    "rout": "#b03a2e",
    "pinned": "#6c3483",
    "out_of_command": "#b9770e",
    "off_table": "#7f8c8d",
    "steady": "#1e8449",
    "order": "#21618c",
    "leader": "#7d6608",
    "badge_text": "#ffffff",
    "infantry": "#2e6da4",
    "cavalry": "#a0522d",
    "artillery": "#3b3b3b",
    "phase_done": "#d5dbe1",
    "phase_current": "#21618c",
    "phase_todo": "#eef1f4",
    "dim_text": "#7b8186",
}
_DARK = {
    "hit": "#ef6f61",
    "hit_empty": "#5d6166",
    "threshold": "#f5b041",
    "disorder": "#e5544a",
    "blown": "#f0883e",
    "rout": "#ff6b5e",
    "pinned": "#b583d6",
    "out_of_command": "#f5b041",
    "off_table": "#8f989e",
    "steady": "#58d68d",
    "order": "#6cb4ee",
    "leader": "#e8c547",
    "badge_text": "#15181b",
    "infantry": "#7fb3e6",
    "cavalry": "#e3a07a",
    "artillery": "#c8ccd0",
    "phase_done": "#3a4047",
    "phase_current": "#4f8fc9",
    "phase_todo": "#2a2f34",
    "dim_text": "#9aa1a8",
}


def marker_colors(palette: QPalette) -> MarkerColors:
    """The marker colours for ``palette`` (light or dark), built once per palette's colours.

    Every painted cell asks for them: building twenty-odd colours per cell was a tenth of the
    dashboard's paint time.
    """
    key = (
        palette.color(QPalette.ColorRole.Window).rgba(),
        palette.color(QPalette.ColorRole.Base).rgba(),
        palette.color(QPalette.ColorRole.Highlight).rgba(),
    )
    colours = _MARKER_COLOURS.get(key)
    if colours is None:
        dark = is_dark(palette)
        table = _DARK if dark else _LIGHT
        base = palette.color(QPalette.ColorRole.Base)
        accent = palette.color(QPalette.ColorRole.Highlight)
        band = _mix(base, accent, 0.16 if dark else 0.09)
        colours = MarkerColors(division_band=band, **{k: _c(v) for k, v in table.items()})
        _MARKER_COLOURS[key] = colours
    return colours


#: Marker colours by (window, base, highlight) colour: a handful of palettes in a session.
_MARKER_COLOURS: dict[tuple[int, int, int], MarkerColors] = {}


def _mix(a: QColor, b: QColor, t: float) -> QColor:
    """``a`` moved ``t`` of the way towards ``b``."""
    return QColor(
        round(a.red() + (b.red() - a.red()) * t),
        round(a.green() + (b.green() - a.green()) * t),
        round(a.blue() + (b.blue() - a.blue()) * t),
    )


def dark_palette() -> QPalette:
    """A calm dark palette for the Fusion style (screenshots, and systems without one)."""
    p = QPalette()
    roles = {
        QPalette.ColorRole.Window: "#23272b",
        QPalette.ColorRole.WindowText: "#e3e6e8",
        QPalette.ColorRole.Base: "#1b1e21",
        QPalette.ColorRole.AlternateBase: "#22262a",
        QPalette.ColorRole.ToolTipBase: "#2d3237",
        QPalette.ColorRole.ToolTipText: "#e3e6e8",
        QPalette.ColorRole.PlaceholderText: "#7d858c",
        QPalette.ColorRole.Text: "#e3e6e8",
        QPalette.ColorRole.Button: "#2d3237",
        QPalette.ColorRole.ButtonText: "#e3e6e8",
        QPalette.ColorRole.BrightText: "#ff6b5e",
        QPalette.ColorRole.Light: "#3a4047",
        QPalette.ColorRole.Midlight: "#31363b",
        QPalette.ColorRole.Mid: "#2a2f34",
        QPalette.ColorRole.Dark: "#141618",
        QPalette.ColorRole.Shadow: "#000000",
        QPalette.ColorRole.Highlight: "#3d7ab8",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.Link: "#6cb4ee",
        QPalette.ColorRole.LinkVisited: "#b583d6",
    }
    for role, colour in roles.items():
        p.setColor(role, QColor(colour))
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor("#6b7278"))
    return p


def light_palette() -> QPalette:
    """A light palette for the Fusion style (screenshots, and systems without one)."""
    p = QPalette()
    roles = {
        QPalette.ColorRole.Window: "#eff0f1",
        QPalette.ColorRole.WindowText: "#1f2326",
        QPalette.ColorRole.Base: "#ffffff",
        QPalette.ColorRole.AlternateBase: "#f6f7f8",
        QPalette.ColorRole.ToolTipBase: "#ffffdc",
        QPalette.ColorRole.ToolTipText: "#1f2326",
        QPalette.ColorRole.PlaceholderText: "#8a9095",
        QPalette.ColorRole.Text: "#1f2326",
        QPalette.ColorRole.Button: "#f4f5f6",
        QPalette.ColorRole.ButtonText: "#1f2326",
        QPalette.ColorRole.BrightText: "#c0392b",
        QPalette.ColorRole.Light: "#ffffff",
        QPalette.ColorRole.Midlight: "#e3e5e7",
        QPalette.ColorRole.Mid: "#b9bdc1",
        QPalette.ColorRole.Dark: "#9ea3a8",
        QPalette.ColorRole.Shadow: "#5c6166",
        QPalette.ColorRole.Highlight: "#2f6fb0",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.Link: "#21618c",
        QPalette.ColorRole.LinkVisited: "#6c3483",
    }
    for role, colour in roles.items():
        p.setColor(role, QColor(colour))
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor("#a0a5aa"))
    return p


def apply_scheme(app: QApplication, scheme: str = "system") -> None:
    """Follow the system's light/dark scheme, or force ``"light"`` / ``"dark"`` (Fusion).

    With ``"system"`` the platform theme's palette is kept (Qt follows the desktop's scheme
    and sends a palette change when it switches). Where the native style cannot draw a dark
    scheme (the classic Windows style) Fusion with :func:`dark_palette` is used instead.
    """
    if scheme == "light":
        app.setStyle("Fusion")
        app.setPalette(light_palette())
        return
    if scheme == "dark":
        app.setStyle("Fusion")
        app.setPalette(dark_palette())
        return
    hints = QGuiApplication.styleHints()
    wants_dark = hints.colorScheme() == Qt.ColorScheme.Dark
    style = app.style().name().lower() if app.style() else ""
    if wants_dark and style == "windowsvista":
        app.setStyle("Fusion")
        app.setPalette(dark_palette())
