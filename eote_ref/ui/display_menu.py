"""The main window's View-menu entries for the table: players' display, fog of war, order sheets.

Kept apart from :mod:`eote_ref.ui.main_window` so the window only creates a
:class:`DisplayMenu` and tells it when a game opens.
"""

from __future__ import annotations

import contextlib
import functools
import pathlib
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu, QMessageBox

from eote_ref.referee.fog import Fog, choose_fog, fog_in, fog_sources
from eote_ref.referee.players_view import FOG_WORDS
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.touch import restore_touch_mode, set_touch_mode

if TYPE_CHECKING:  # the display and the order sheets are imported when first asked for
    from eote_ref.referee.game import GameService
    from eote_ref.ui.players_display import PlayersDisplay


class DisplayMenu(QObject):
    """View → Players' display, Fog of war (per game), Touch mode; Game → Print order sheet."""

    def __init__(self, window: QMainWindow, menu: QMenu) -> None:
        super().__init__(window)
        self.window = window
        self.hub: GameHub | None = None
        #: The open pack game's hub (a ``PackHub``), whose fog the menu sets meanwhile.
        self.pack_hub: Any = None
        #: The open players' display, if any.
        self.display: PlayersDisplay | None = None
        menu.addSeparator()
        self.actionDisplay = QAction("&Players' display", window)
        self.actionDisplay.setObjectName("actionPlayersDisplay")
        self.actionDisplay.setShortcut(QKeySequence("F12"))
        self.actionDisplay.setStatusTip(
            "Open the players' display on a second screen (F11 there toggles full screen)"
        )
        self.actionDisplay.triggered.connect(self.open_display)
        menu.addAction(self.actionDisplay)
        self.menuFog = menu.addMenu("&Fog of war")
        self.menuFog.setObjectName("menuFog")
        group = QActionGroup(self)
        self.fog_actions: dict[Fog, QAction] = {}
        for fog in Fog:
            action = QAction(fog.words(FOG_WORDS), self)
            action.setCheckable(True)
            action.triggered.connect(functools.partial(self.set_fog, fog))
            group.addAction(action)
            self.menuFog.addAction(action)
            self.fog_actions[fog] = action
        self.menuFog.aboutToShow.connect(self._sync)
        self.actionTouch = QAction("&Touch mode", window)
        self.actionTouch.setObjectName("actionTouchMode")
        self.actionTouch.setCheckable(True)
        self.actionTouch.setStatusTip(
            "Finger-sized rows and buttons, tap a row to tick it, a pad of the die's faces in "
            "every check"
        )
        self.actionTouch.setChecked(restore_touch_mode())
        self.actionTouch.toggled.connect(set_touch_mode)
        menu.addAction(self.actionTouch)
        self.menuOrders = QMenu("Print &order sheet", window)
        self.menuOrders.setObjectName("menuOrderSheet")
        self.menuOrders.setStatusTip("A side's orders in transit, for its commander only (PDF)")
        game_menu = getattr(getattr(window, "ui", None), "menuGame", None)
        before = getattr(getattr(window, "ui", None), "actionExportJournal", None)
        if isinstance(game_menu, QMenu) and before is not None:
            game_menu.insertMenu(before, self.menuOrders)
        elif isinstance(game_menu, QMenu):
            game_menu.addMenu(self.menuOrders)
        self.game_opened(None)

    def game_opened(self, hub: GameHub | None) -> None:
        """A game was opened (or closed: None); an open display follows the new one."""
        if self.hub is not None and self.hub is not hub:
            with contextlib.suppress(RuntimeError, TypeError):  # a hub already gone
                self.hub.viewChanged.disconnect(self._sync)
        self.hub = hub
        self.actionDisplay.setEnabled(hub is not None)
        if hub is not None or self.pack_hub is None:  # a pack game keeps its own fog menu
            self.menuFog.setEnabled(hub is not None)
            for fog, action in self.fog_actions.items():
                action.setText(fog.words(FOG_WORDS))
                action.setToolTip(action.text())
        if hub is not None:
            # The game's choice is ticked from the start (and kept so when another copy
            # changes it), not only once the menu is opened.
            hub.viewChanged.connect(self._sync)
        self._sync()
        self.menuOrders.clear()
        self.menuOrders.setEnabled(hub is not None)
        if hub is not None:
            for side in hub.view.sides:
                self.menuOrders.addAction(
                    side.name.replace("&", "&&") + "…",
                    functools.partial(self.order_sheet_dialog, side.position),
                )
        if self.display is not None:
            self.display.close()
            self.display.deleteLater()
            self.display = None
            if hub is not None:
                self.open_display()

    def pack_opened(self, hub: Any) -> None:
        """A pack game was opened (or closed: None): the fog menu sets its fog meanwhile.

        Its entries name what the pack's fog hides (``Play.fog_words``); a pack declaring
        nothing fogged leaves the menu disabled.
        """
        if self.pack_hub is not None and self.pack_hub is not hub:
            with contextlib.suppress(RuntimeError, TypeError):
                self.pack_hub.viewChanged.disconnect(self._sync)
        self.pack_hub = hub
        from eote_ref.referee.pack_lists import pack_rule_prefix  # a pack game: not at start

        play = getattr(getattr(hub, "service", None), "play", None)
        what = play.fog_words if play is not None and play.fog else FOG_WORDS
        tip = (
            fog_sources(play.fog, pack_rule_prefix(hub.view.pack))
            if play is not None and play.fog
            else ""
        )
        for fog, action in self.fog_actions.items():
            action.setText(fog.words(what))
            action.setToolTip(tip if fog is not Fog.OFF and tip else action.text())
        self.menuFog.setToolTipsVisible(bool(tip))  # each key hidden, with its section
        if hub is not None:
            self.menuFog.setEnabled(bool(play is not None and play.fog))
            hub.viewChanged.connect(self._sync)
        else:
            self.menuFog.setEnabled(self.hub is not None)
        self._sync()

    def _fog_hub(self) -> Any:
        """The hub whose fog the menu shows: the pack game's while one is open, else EotE's."""
        return self.pack_hub if self.pack_hub is not None else self.hub

    def _fog_now(self) -> Fog:
        hub = self._fog_hub()
        view = hub.view
        state = getattr(view, "state", None)  # a pack game's view keeps its options there
        return fog_in(state.options if state is not None else view.options)

    def open_display(self) -> PlayersDisplay | None:
        """Show the players' display (raised if open already)."""
        if self.hub is None:
            return None
        if self.display is not None and self.display.source is self.hub:
            self.display.show()
            self.display.raise_()
            return self.display
        from eote_ref.ui.players_display import open_players_display

        self.display = open_players_display(self.hub, self.window)
        return self.display

    def set_fog(self, fog: Fog) -> Any:
        """Choose the open game's fog of war (a view setting: no journal step, no undo).

        The same choice for any pack's game: an EotE game's hides the CE, a pack game's what
        its play declares (:attr:`~eote_ref.packs.play.Play.fog`).
        """
        hub = self._fog_hub()
        if hub is None:
            return None
        now = self._fog_now()
        done = hub.attempt(lambda: choose_fog(hub.service, now, fog))
        self._sync()  # a refused choice leaves the game's own ticked
        return done

    def _sync(self, *_view: object) -> None:
        """Tick the open game's fog of war (nothing ticked without a game)."""
        if self._fog_hub() is not None:
            self.fog_actions[self._fog_now()].setChecked(True)

    def order_sheet_to(self, side: int, path: str | pathlib.Path) -> int:
        """Write side ``side``'s order sheet as a PDF; returns the pages."""
        if self.hub is None:
            raise ValueError("no game is open")
        return print_order_sheet(self.hub.service, side, path)

    def order_sheet_dialog(self, side: int) -> None:
        """Ask for a PDF file and write that side's order sheet."""
        if self.hub is None:
            return
        name = next((s.name for s in self.hub.view.sides if s.position == side), "side")
        title = f"Order sheet: {name}"
        path, _ = QFileDialog.getSaveFileName(
            self.window, title, f"{name} orders turn {self.hub.view.turn}.pdf", "PDF (*.pdf)"
        )
        if not path:
            return
        try:
            self.order_sheet_to(side, path)
        except (OSError, ValueError) as e:
            QMessageBox.warning(self.window, title, f"Could not write {path}:\n{e}")
            return
        self.hub.message.emit(f"Order sheet saved to {path}")


def print_order_sheet(game: GameService, side: int, path: str | pathlib.Path) -> int:
    """A side's order sheet as a PDF (portrait); returns the pages."""
    from eote_ref.referee.order_sheet import order_sheet, order_sheet_html
    from eote_ref.ui.printing import write_pdf

    sheet = order_sheet(game, side)
    return write_pdf(order_sheet_html(sheet), path, title=f"Orders — {sheet.side}")
