"""What the tests of a pack game's screen ask of the main window: its service, its dashboard."""

from __future__ import annotations

from eote_ref.referee.pack_play import PackGameService
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.pack_game.dashboard import PackDashboard


def pack_service(window: MainWindow) -> PackGameService:
    """The service of the pack game the window has open."""
    hub = window.pack_game.hub
    assert hub is not None
    service: PackGameService = hub.service
    return service


def pack_dashboard(window: MainWindow) -> PackDashboard:
    """The dashboard of the pack game the window has open."""
    dashboard = window.pack_game.dashboard
    assert dashboard is not None
    return dashboard
