"""The start page: recent games, a new game, the army-list editor and the demo battle."""

from __future__ import annotations

import datetime

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import QHeaderView, QTreeWidgetItem, QWidget

from eote_ref import __version__
from eote_ref.packs.registry import PACKS
from eote_ref.referee.session import GameSummary
from eote_ref.ui.forms.ui_start_page import Ui_StartPage
from eote_ref.ui.theme import marker_colors

GAME_ID_ROLE = Qt.ItemDataRole.UserRole + 1


def when_text(moment: datetime.datetime, now: datetime.datetime | None = None) -> str:
    """``today 21:40``, ``yesterday 19:02`` or ``3 Mar 2025`` in local time."""
    local = moment.astimezone()
    today = (now or datetime.datetime.now().astimezone()).date()
    days = (today - local.date()).days
    if days == 0:
        return f"today {local:%H:%M}"
    if days == 1:
        return f"yesterday {local:%H:%M}"
    return f"{local.day} {local:%b %Y}"


class StartPage(QWidget):
    """Recent games (newest first) and the ways to start; Enter or double-click opens a game."""

    openGame = Signal(int)
    newGame = Signal()
    openArmyList = Signal()
    demoBattle = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ui = Ui_StartPage()
        self.ui.setupUi(self)
        c = marker_colors(self.palette())
        titles = [title for _module, title in PACKS.values()]  # the shipped rulesets
        self.ui.titleLabel.setText(
            "<span style='font-size:22pt; font-weight:600'>eote-ref</span>"
            f"&nbsp;&nbsp;<span style='color:{c.dim_text.name()}'>{__version__} · "
            f"{' · '.join(titles)}</span>"
        )
        self.ui.subtitleLabel.setText(
            "The umpire's companion for Napoleonic battles under "
            f"{' or '.join(titles)}: the figures and dice stay on the table; the markers, "
            "orders and turn live here."
        )
        tree = self.ui.gamesTree
        tree.setMinimumWidth(760)
        tree.setStyleSheet("QTreeWidget::item { padding: 4px 2px; }")
        header = tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        em = tree.fontMetrics().horizontalAdvance("M")
        for column, width in ((1, 19), (2, 4), (3, 11.5), (4, 9)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, int(em * width))
        tree.activated.connect(self._activated)
        tree.currentItemChanged.connect(lambda *_: self._update_buttons())
        self.ui.openButton.clicked.connect(self._open_selected)
        self.ui.newGameButton.clicked.connect(self.newGame)
        self.ui.armyListButton.clicked.connect(self.openArmyList)
        self.ui.demoButton.clicked.connect(self.demoBattle)
        self.setFocusProxy(tree)
        self._update_buttons()

    def set_games(self, games: list[GameSummary], location: str = "") -> None:
        """List ``games`` (already newest first) and select the first."""
        tree = self.ui.gamesTree
        tree.clear()
        for g in games:
            item = QTreeWidgetItem(
                [
                    g.name,
                    g.sides_text,
                    str(g.turn),
                    g.phase_label or (g.phase.label if g.phase else ""),
                    when_text(g.last_played),
                ]
            )
            item.setData(0, GAME_ID_ROLE, g.id)
            item.setTextAlignment(2, Qt.AlignmentFlag.AlignCenter)
            item.setToolTip(
                0, f"{g.name}\n{g.steps} journal steps, started {when_text(g.created_at)}"
            )
            tree.addTopLevelItem(item)
        first = tree.topLevelItem(0)
        if first is not None:
            tree.setCurrentItem(first)
        self.ui.recentLabel.setText(
            "&Recent games" if games else "&Recent games — none yet: start a new game or the demo"
        )
        self.ui.databaseLabel.setText(
            f"Games are saved as you play in {location}" if location else ""
        )
        self._update_buttons()

    def game_ids(self) -> list[int]:
        """The ids of the listed games, top to bottom."""
        tree = self.ui.gamesTree
        items = (tree.topLevelItem(i) for i in range(tree.topLevelItemCount()))
        return [int(item.data(0, GAME_ID_ROLE)) for item in items if item is not None]

    def _update_buttons(self) -> None:
        self.ui.openButton.setEnabled(self.ui.gamesTree.currentItem() is not None)

    def _activated(self, index: QModelIndex) -> None:
        game_id = index.siblingAtColumn(0).data(GAME_ID_ROLE)
        if game_id is not None:
            self.openGame.emit(int(game_id))

    def _open_selected(self) -> None:
        item = self.ui.gamesTree.currentItem()
        if item is not None:
            self.openGame.emit(int(item.data(0, GAME_ID_ROLE)))
