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


def _answer(button: str, seen: list[str]) -> None:
    """Click ``button`` in the missing-database box once it is shown (it is modal)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    def click() -> None:
        box = next(
            (
                w
                for w in QApplication.topLevelWidgets()
                if isinstance(w, QMessageBox) and w.isVisible()
            ),
            None,
        )
        if box is None:
            QTimer.singleShot(20, click)
            return
        seen.append(f"{box.text()}\n{box.informativeText()}")
        next(b for b in box.buttons() if button in b.text().replace("&", "")).click()

    QTimer.singleShot(0, click)


def _recent_action(window: MainWindow, where: pathlib.Path) -> object:
    window.files.fill_recent()
    return next(a for a in window.files.recent_menu.actions() if a.data() == str(where))


@pytest.mark.parametrize("gone", ["file", "folder"])
def test_a_recent_database_that_is_gone_is_never_created(
    qtbot: QtBot, tmp_path: pathlib.Path, gone: str
) -> None:
    """A deleted file, or a USB stick unplugged: said, offered for removal, nothing created."""
    home = open_database(tmp_path / "home.sqlite")
    stick = tmp_path / "stick"
    lost = stick / "club" / "season.sqlite"
    lost.parent.mkdir(parents=True)
    open_database(lost).close()
    window = MainWindow(home)
    qtbot.addWidget(window)
    assert window.files.open_path(lost)
    assert window.files.open_path(home.path)
    for f in lost.parent.iterdir():
        f.unlink()
    if gone == "folder":
        lost.parent.rmdir()
        stick.rmdir()
    seen: list[str] = []
    _answer("Keep", seen)
    _recent_action(window, lost).trigger()  # type: ignore[attr-defined]
    assert seen, "no message"
    assert "no longer exists" in seen[0]
    assert ("folder" in seen[0]) is (gone == "folder")
    assert "Remove it from the Open recent list?" in seen[0]
    assert window.db is home
    assert not lost.exists()
    assert lost.parent.exists() is (gone == "file")  # no folder made either
    assert str(lost) in window.files.recent()  # kept, as asked
    _answer("Remove", seen)
    _recent_action(window, lost).trigger()  # type: ignore[attr-defined]
    assert len(seen) == 2
    assert str(lost) not in window.files.recent()
    assert app_settings().value(RECENT_KEY) == [str(home.path)]
    assert not lost.exists()
    window.close()
    home.close()


def test_a_recent_entry_that_is_now_a_folder_is_called_a_folder(
    qtbot: QtBot, tmp_path: pathlib.Path
) -> None:
    home = open_database(tmp_path / "home.sqlite")
    window = MainWindow(home)
    qtbot.addWidget(window)
    folder = tmp_path / "games.sqlite"
    folder.mkdir()
    window.settings.setValue(RECENT_KEY, [str(home.path), str(folder)])
    seen: list[str] = []
    _answer("Remove", seen)
    _recent_action(window, folder).trigger()  # type: ignore[attr-defined]
    assert "is a folder, not a database file" in seen[0]
    assert window.files.recent() == [str(home.path)]
    assert window.db is home
    window.close()
    home.close()


@pytest.mark.parametrize(
    "url",
    [
        "postgresql+psycopg://alice:Pa55-SEKRIT@127.0.0.1:1/club?sslmode=bogus",
        "postgresql+psycopg://alice:p@ss:w/rd-SEKRIT@127.0.0.1:1/club",
        "postgresql+psycopg://alice@127.0.0.1:1/club?password=a@b@SEKRIT",
        "alice:SEKRIT@127.0.0.1/club",
        "postgresql+psycopg://alice:SEKRIT",
    ],
)
def test_a_refused_url_is_shown_and_logged_without_its_password(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, url: str
) -> None:
    """The app's "Cannot open the database" box and the log file named the URL as typed."""
    from PySide6.QtWidgets import QMessageBox

    from eote_ref.referee.logs import log_folder, stop_logging
    from eote_ref.ui.database_open import open_database_or_report

    monkeypatch.setenv("EOTE_REF_HOME", str(tmp_path))
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _p, title, text: shown.append(text))
    stop_logging()  # a log another test started elsewhere
    try:
        assert open_database_or_report(None, url) is None
    finally:
        stop_logging()
    assert shown
    assert "SEKRIT" not in shown[0]
    assert "***" in shown[0]
    logged = (log_folder() / "eote-ref.log").read_text(encoding="utf-8")
    assert "Cannot open the database" in logged
    assert "SEKRIT" not in logged
