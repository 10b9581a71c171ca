"""The main window's *Movement* dock; its panel (:mod:`.movement_panel`) made when first shown.

The dock exists from the window's start (its saved layout may hold it) and shows itself in the
movement phase (EotE 5.0). The panel, a table of every unit's allowance, and its module are
made the first time the dock is shown for a game: a game opened in another phase (the demo's
first paint) needs neither (issue 36).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu

from eote_ref.referee.phases import Phase

if TYPE_CHECKING:
    from eote_ref.referee.views import GameView
    from eote_ref.ui.game_hub import GameHub

#: The main window's attribute holding the dock.
DOCK_ATTRIBUTE = "movementDock"
#: The main window's attribute holding the game whose panel is still to be made, if any.
HUB_ATTRIBUTE = "movementHub"


def movement_dock(window: QMainWindow) -> QDockWidget:
    """The window's *Movement* dock, made (empty and hidden) on first use.

    The main window makes it before it restores its saved layout: a layout saved with the
    dock tabbed beside the journal and restored while the dock did not exist yet left the
    docks' tab bars drawn at the window's corner and over the journal.
    """
    # Kept as a window attribute: findChild() returning None upsets PySide6's refcounts.
    dock = getattr(window, DOCK_ATTRIBUTE, None)
    if not isinstance(dock, QDockWidget):
        dock = QDockWidget("Movement", window)
        dock.setObjectName("movementDock")
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
        # A tab beside the journal: the allowance table needs the width the journal has.
        journal = getattr(getattr(window, "ui", None), "journalDock", None)
        if isinstance(journal, QDockWidget):
            window.tabifyDockWidget(journal, dock)
        dock.hide()
        setattr(window, DOCK_ATTRIBUTE, dock)
        menu = getattr(getattr(window, "ui", None), "menuView", None)
        if isinstance(menu, QMenu):
            menu.addAction(dock.toggleViewAction())

        # Shown (the View menu, its tab chosen, a restored layout) with a game open: its
        # panel now. A dock tabbed behind the journal is shown without being in sight.
        def shown(visible: bool) -> None:
            if visible:
                _make_panel(window)

        dock.toggleViewAction().toggled.connect(shown)
        dock.visibilityChanged.connect(shown)
    return dock


def _make_panel(window: QMainWindow) -> None:
    """Put the panel of the game waiting for one in the dock (nothing if none waits)."""
    hub = getattr(window, HUB_ATTRIBUTE, None)
    dock = getattr(window, DOCK_ATTRIBUTE, None)
    if hub is None or not isinstance(dock, QDockWidget):
        return
    setattr(window, HUB_ATTRIBUTE, None)
    from eote_ref.packs.eote.ui.movement_panel import MovementPanel

    old = dock.widget()
    dock.setWidget(MovementPanel(hub, dock))
    if old is not None:
        old.deleteLater()


def attach_movement_dock(window: QMainWindow, hub: GameHub) -> QDockWidget:
    """Give the window's *Movement* dock (made on first use) the game of ``hub``.

    The dock shows itself when the game enters the movement phase and hides when it leaves
    it; in between the umpire may close or reopen it (View menu). Its panel is made when it
    is first shown, or at once if the dock held an earlier game's panel or is shown.
    """
    dock = movement_dock(window)
    setattr(window, HUB_ATTRIBUTE, hub)
    if dock.widget() is not None or dock.isVisible():
        _make_panel(window)
    last: list[Phase | None] = [None]

    def follow(view: GameView) -> None:
        if view.phase is not last[0]:
            last[0] = view.phase
            if view.phase is Phase.MOVEMENT:
                _make_panel(window)
            dock.setVisible(view.phase is Phase.MOVEMENT)
            if view.phase is Phase.MOVEMENT:
                dock.raise_()

    hub.viewChanged.connect(follow)
    follow(hub.view)
    return dock


def hide_movement_dock(window: QMainWindow) -> None:
    """Hide the dock (no game open)."""
    setattr(window, HUB_ATTRIBUTE, None)
    dock = getattr(window, DOCK_ATTRIBUTE, None)
    if isinstance(dock, QDockWidget):
        dock.hide()
