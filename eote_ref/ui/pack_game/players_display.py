"""The players' display of a pack game: where the game is, each side's public state, its units.

A second window for a projector beside the table, following every change (apply, undo,
redo). It reads the game as the referee gives it to the players (``players_state``: the
play's ``hidden`` keys taken out), so a hand of cards is only counted and the cards played
are named; under the game's fog of war (View → Fog of war, :mod:`eote_ref.referee.fog`) the
keys the pack declares fogged (``Play.fog``: a unit's strength) are left out as well,
of both sides, as a display the whole table sees. Units (and leaders, when the pack
declares their markers) show the markers a player can see on the table, in the pack's
declared words. Nothing here names a pack.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from eote_ref.referee.fog import fog_line, fog_sources
from eote_ref.referee.pack_lists import pack_rule_prefix
from eote_ref.referee.pack_view import (
    PackView,
    players_leader_lines,
    players_lines,
    players_unit_lines,
)


class PackPlayersDisplay(QWidget):
    """The players' display of the pack game of ``hub`` (never offers an edit)."""

    def __init__(self, hub: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.hub = hub
        self.setObjectName("PackPlayersDisplay")
        self.setWindowTitle("Players' display")
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.4)
        self.setFont(font)
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setObjectName("displayHeading")
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.heading)
        # The game's fog of war (View → Fog of war), as the pack declares what it hides: a
        # line of its own under the heading, shown only while the fog is on.
        self.fog_label = QLabel()
        self.fog_label.setObjectName("fogLabel")
        self.fog_label.setWordWrap(True)
        fog_font = QFont(font)
        fog_font.setBold(True)
        self.fog_label.setFont(fog_font)
        self.fog_label.hide()
        layout.addWidget(self.fog_label)
        row = QHBoxLayout()
        layout.addLayout(row, 1)
        self.sides: list[QLabel] = []
        for _ in range(2):
            label = QLabel()
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            label.setWordWrap(True)
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setWidget(label)
            row.addWidget(scroll, 1)
            self.sides.append(label)
        self.last = QLabel()
        self.last.setObjectName("lastResults")
        self.last.setTextFormat(Qt.TextFormat.RichText)
        self.last.setWordWrap(True)
        layout.addWidget(self.last)
        QShortcut(QKeySequence("F11"), self, self._full_screen)
        hub.viewChanged.connect(self.show_view)
        self.resize(1280, 720)
        self.show_view(hub.view)

    def _full_screen(self) -> None:
        self.setWindowState(self.windowState() ^ Qt.WindowState.WindowFullScreen)

    def show_view(self, view: PackView) -> None:
        """Render ``view`` for the players."""
        e = html.escape
        label = view.turn_label[:1].upper() + view.turn_label[1:]
        self.heading.setText(
            f"<span style='font-size:xx-large'><b>{e(view.name)}</b> — {e(label)}</span>"
        )
        # What the players may see: the play's hidden keys taken out by the referee, and
        # under fog of war the keys the pack declares fogged, of both sides (a whole table).
        service = self.hub.service
        fog = service.fog(view.state)
        play = service.play
        self.fog_label.setText(fog_line(fog, play.fog_words) if play.fog else "")
        self.fog_label.setToolTip(
            fog_sources(play.fog, pack_rule_prefix(view.pack)) if self.fog_label.text() else ""
        )
        self.fog_label.setVisible(bool(self.fog_label.text()))
        shown = service.players_state(fog=fog, state=view.state)
        for widget, side in zip(self.sides, shown.sides, strict=False):
            lines = "".join(f"<li>{e(line)}</li>" for line in players_lines(side, self.hub.service))
            rows = [
                *players_unit_lines(view, shown, side),
                *players_leader_lines(view, shown, side),  # the Generals, in declared words
            ]
            units = "".join(
                f"<tr><td>{e(name)}</td><td>{e(marks)}</td></tr>" for name, marks in rows
            )
            widget.setText(
                f"<h2>{e(side.name)}</h2><ul>{lines}</ul>"
                f"<table cellspacing='0' cellpadding='3'>{units}</table>"
            )
        # The last steps as the whole table may read them (a fogged hand edit veiled).
        done = service.players_results(3, None, fog, view.state)
        self.last.setText("<b>Last:</b> " + " · ".join(e(x) for _t, x in done) if done else "")

    def text(self) -> str:
        """Everything shown, as plain text (tests)."""
        from PySide6.QtGui import QTextDocument

        doc = QTextDocument()
        parts = []
        for label in (self.heading, self.fog_label, *self.sides, self.last):
            doc.setHtml(label.text())
            parts.append(doc.toPlainText())
        return "\n".join(parts)
