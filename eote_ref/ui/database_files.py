"""Game → Open database… and Open recent: the main window's database files, as a desktop program.

A club keeps one database per campaign or per season; the umpire switches between them
from the Game menu instead of restarting with ``--db``. The recent files live in the app's
settings (``files/recent_databases``, newest first). The window closes the databases it
opened itself; the one it started with belongs to the caller.
"""

from __future__ import annotations

import pathlib
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox

from eote_ref.referee.session import Database, describe_location

#: The settings key of the recent databases (a list of paths, newest first).
RECENT_KEY = "files/recent_databases"
#: How many recent databases the menu keeps.
RECENT_MAX = 8
FILTERS = "eote-ref databases (*.sqlite *.db);;All files (*)"


def why_missing(where: str) -> str | None:
    """Why ``where`` cannot be opened as an existing database file, or None if it can be."""
    path = pathlib.Path(where)
    try:
        if path.is_file():
            return None
        if path.is_dir():
            return f"{where} is a folder, not a database file."
        if path.exists():
            return f"{where} is not a regular file (a device or a pipe), not a database."
    except OSError as e:  # a symbolic-link loop, a name too long, a share gone away
        return f"{where} cannot be reached: {e.strerror or e}."
    folder = next((p for p in path.parents if p.exists()), None)
    if folder is not None and folder != path.parent:
        gone = path.parent
        return (
            f"{where} no longer exists: its folder {gone} is gone (a USB stick or a network "
            "share no longer connected?)."
        )
    return f"{where} no longer exists (it was deleted, moved or renamed)."


class DatabaseFiles(QObject):
    """The Open database… action and the Open recent submenu of ``window``'s Game menu."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.first = window.db
        #: Databases this helper opened, by location (closed when left or on quit).
        self.opened: dict[str, Database] = {}
        menu = window.ui.menuGame
        before = window.ui.actionDemo
        self.open_action = QAction("Open &database…", window)
        self.open_action.setObjectName("actionOpenDatabase")
        self.open_action.setShortcut(QKeySequence("Ctrl+Alt+O"))
        self.open_action.setStatusTip("Open another eote-ref database file (its games and lists)")
        self.open_action.triggered.connect(self.open_dialog)
        menu.insertAction(before, self.open_action)
        self.recent_menu = QMenu("Open &recent", window)
        self.recent_menu.setObjectName("menuRecentDatabases")
        self.recent_menu.aboutToShow.connect(self.fill_recent)
        menu.insertMenu(before, self.recent_menu)
        self.remember(window.db)
        self.fill_recent()

    # ------------------------------------------------------------------ recent list
    def recent(self) -> list[str]:
        """The recent databases, newest first."""
        value = self.window.settings.value(RECENT_KEY)
        if value is None:
            return []
        items = value if isinstance(value, list) else [value]
        return [str(v) for v in items if str(v)]

    def remember(self, db: Database) -> None:
        """Put ``db`` first in the recent list (a file only: URLs may hold a password)."""
        if db.path is None:
            return
        where = describe_location(db)
        items = [where] + [p for p in self.recent() if p != where]
        self.window.settings.setValue(RECENT_KEY, items[:RECENT_MAX])

    def fill_recent(self) -> None:
        """The submenu: one action per recent database, the current one ticked."""
        self.recent_menu.clear()
        current = describe_location(self.window.db)
        for n, where in enumerate(self.recent(), start=1):
            action = self.recent_menu.addAction(f"&{n} {pathlib.Path(where).name} — {where}")
            action.setCheckable(True)
            action.setChecked(where == current)
            action.setData(where)
            action.triggered.connect(lambda _=False, w=where: self.open_recent(w))
        if self.recent_menu.isEmpty():
            self.recent_menu.addAction("(none yet)").setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("&Clear the list", self.clear_recent)

    def forget(self, where: str) -> None:
        """Take ``where`` off the recent list."""
        items = [p for p in self.recent() if p != where]
        self.window.settings.setValue(RECENT_KEY, items)

    def clear_recent(self) -> None:
        """Forget the recent databases (the current one stays)."""
        self.window.settings.setValue(RECENT_KEY, [])
        self.remember(self.window.db)

    # ------------------------------------------------------------------ opening
    def open_dialog(self) -> None:
        """Ask for a database file and open it."""
        start = str(pathlib.Path(describe_location(self.window.db)).parent)
        path, _ = QFileDialog.getOpenFileName(self.window, "Open database", start, FILTERS)
        if path:
            self.open_path(path)

    def open_recent(self, where: str) -> bool:
        """Open a recent entry; one that is gone is never created: the umpire may drop it.

        A file deleted or moved, or on a USB stick no longer plugged in, is said to be gone
        and the entry offered for removal; nothing is created in its place.
        """
        if where == describe_location(self.window.db):
            return True
        missing = why_missing(where)
        if missing is None:
            return self.open_path(where)
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            "eote-ref — Database not found",
            f"{missing}\n\nNothing was opened or created.",
            QMessageBox.StandardButton.NoButton,
            self.window,
        )
        box.setObjectName("recentMissingBox")
        box.setInformativeText("Remove it from the Open recent list?")
        remove = box.addButton("&Remove from the list", QMessageBox.ButtonRole.AcceptRole)
        box.addButton("&Keep it", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(remove)
        box.exec()
        if box.clickedButton() is remove:
            self.forget(where)
            self.window._message(f"Removed {where} from the recent list")
        return False

    def open_path(self, path: str | pathlib.Path) -> bool:
        """Switch the window to the database file ``path``; False (reported) when it fails.

        Only an existing file is opened (a new database is made from the start page's New
        game, never from the Game menu).
        """
        from eote_ref.ui.database_open import open_database_or_report

        where = str(pathlib.Path(path))
        current = self.window.db
        if where == describe_location(current):
            return True
        missing = why_missing(where)
        if missing is not None:
            QMessageBox.warning(self.window, "eote-ref — Database not found", missing)
            return False
        known = [self.first, *self.opened.values()]
        db = next((d for d in known if describe_location(d) == where), None)
        if db is None:
            db = open_database_or_report(where, None)
            if db is None:
                return False
            self.opened[where] = db
        self.window.switch_database(db)
        self.remember(db)
        self._close_if_mine(current)
        self.window._message(f"Opened {where}")
        return True

    def _close_if_mine(self, db: Database) -> None:
        where = describe_location(db)
        if db is not self.first and self.opened.get(where) is db:
            del self.opened[where]
            db.close()

    def close_all(self) -> None:
        """Close every database this helper opened (the window is closing)."""
        for db in self.opened.values():
            db.close()
        self.opened.clear()
