"""Game → Open database… and Open recent: switching databases from the menu, remembered."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from eote_ref.referee.session import list_games
from eote_ref.referee.setup import demo_game
from eote_ref.store import Database, open_database
from eote_ref.ui.database_files import RECENT_KEY
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.settings import app_settings


@pytest.fixture
def two(tmp_path: pathlib.Path) -> Iterator[tuple[Database, pathlib.Path]]:
    """The window's database (empty) and a second file holding the demo game."""
    other = tmp_path / "club.sqlite"
    second = open_database(other)
    demo_game(second)
    second.close()
    first = open_database(tmp_path / "home.sqlite")
    yield first, other
    first.close()


def test_open_a_database_then_go_back_from_the_recent_menu(
    qtbot: QtBot, two: tuple[Database, pathlib.Path]
) -> None:
    first, other = two
    window = MainWindow(first)
    qtbot.addWidget(window)
    files = window.files
    assert files.open_action.text() == "Open &database…"
    assert files.recent()[0] == str(first.path)
    assert files.open_path(other)
    assert window.db.path == other
    assert [g.name for g in list_games(window.db)]  # the demo game is offered
    assert window.start_page.isVisible() or window.ui.stack.currentWidget() is window.start_page
    assert files.recent()[:2] == [str(other), str(first.path)]
    # the recent files survive the window: they are in the settings
    assert app_settings().value(RECENT_KEY)[:2] == [str(other), str(first.path)]
    files.fill_recent()
    labels = [a.text() for a in files.recent_menu.actions()]
    assert any("home.sqlite" in t for t in labels)
    back = next(a for a in files.recent_menu.actions() if a.data() == str(first.path))
    back.trigger()
    assert window.db is first
    # the second file was closed when the window left it: it opens again
    again = open_database(other)
    again.close()
    window.close()


def test_a_game_open_on_the_dashboard_closes_when_the_database_changes(
    qtbot: QtBot, two: tuple[Database, pathlib.Path]
) -> None:
    first, other = two
    window = MainWindow(first)
    qtbot.addWidget(window)
    window.open_demo()
    assert window.hub is not None
    assert window.files.open_path(other)
    assert window.hub is None
    assert window.ui.stack.currentWidget() is window.start_page
    game_id = list_games(window.db)[0].id
    window.open_game(game_id)
    assert window.hub is not None
    window.close()
