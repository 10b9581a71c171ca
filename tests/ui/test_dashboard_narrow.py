"""The two sides' tables survive narrowing the window to tabs and widening it again (issue 23).

Finding 7: below the width where the sides become tabs and back, both order-of-battle tables
were left hidden (splitter sizes [0, 0]) until a restart, which did not help when the window
reopened narrow.
"""

from __future__ import annotations

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from eote_ref.store import Database
from eote_ref.ui.main_window import MainWindow
from tests.ui.helpers import demo_window


def _both_tables_shown(window: MainWindow) -> None:
    dash = window.dashboard
    assert dash is not None
    assert not dash.narrow
    sizes = dash.splitter.sizes()
    assert len(sizes) == 2
    assert min(sizes) > 100, sizes
    for pane in dash.panes:
        assert pane.isVisible()
        assert pane.tree.viewport().height() > 50


def test_narrow_then_wide_shows_both_sides(qtbot: QtBot, db: Database) -> None:
    window = demo_window(qtbot, db)
    _both_tables_shown(window)
    for _ in range(2):
        window.resize(800, 700)
        QApplication.processEvents()
        assert window.dashboard is not None
        assert window.dashboard.narrow
        assert window.dashboard.tabs.count() == 2
        window.resize(1440, 900)
        QApplication.processEvents()
        _both_tables_shown(window)
    # the second tab chosen while narrow, then wide again
    window.resize(800, 700)
    QApplication.processEvents()
    window.dashboard.tabs.setCurrentIndex(1)
    window.resize(1440, 900)
    QApplication.processEvents()
    _both_tables_shown(window)


def test_a_window_that_opens_narrow_then_widens_shows_both_sides(
    qtbot: QtBot, db: Database
) -> None:
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.resize(800, 700)
    window.show()
    window.open_demo()
    QApplication.processEvents()
    assert window.dashboard is not None
    assert window.dashboard.narrow
    window.resize(1440, 900)
    QApplication.processEvents()
    _both_tables_shown(window)
