"""Start the desktop application: the Qt application, the database, and the main window."""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from eote_ref.referee.session import Database

#: Set to 1 to print the milliseconds from process start to the dashboard shown, then quit.
EXIT_WHEN_READY_ENV = "EOTE_REF_EXIT_WHEN_READY"
#: A launcher's ``time.time()`` at process launch (the start-up benchmark sets it).
LAUNCH_TIME_ENV = "EOTE_REF_LAUNCH_TIME"
#: ``light`` or ``dark`` forces a palette (Fusion style); default: follow the system.
COLOR_SCHEME_ENV = "EOTE_REF_COLOR_SCHEME"

#: The layers under the widgets that the first window needs (the database, the game, the
#: turn guide's checks), imported before PySide6. PySide6 replaces ``__import__`` with a hook
#: that inspects every later import statement; the database layer (SQLAlchemy, SQLModel,
#: pydantic) runs thousands of them, so importing it first starts the app markedly faster
#: and with less memory. Measured with ``scripts/bench_startup.py``.
BEFORE_QT = (
    "eote_ref.referee.session",
    "eote_ref.referee.game",
    "eote_ref.referee.setup",
    "eote_ref.referee.todo",
    "eote_ref.referee.checks",
)


def process_start_time() -> float:
    """When this process started, as a ``time.time()`` value (best effort).

    The benchmark passes its launch time in ``EOTE_REF_LAUNCH_TIME``; otherwise Linux's
    ``/proc`` gives the start in clock ticks since boot; elsewhere, the interpreter's start.
    """
    launched = os.environ.get(LAUNCH_TIME_ENV)
    if launched:
        try:
            return float(launched)
        except ValueError:
            pass
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        ticks = int(fields[19])
        with open("/proc/uptime", encoding="ascii") as f:
            uptime = float(f.read().split()[0])
        return time.time() - uptime + ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return time.time() - time.process_time()


def import_for_first_window() -> None:
    """Import what the first window needs: :data:`BEFORE_QT`, then Qt and the main window.

    The cyclic garbage collector is paused meanwhile: imports allocate hundreds of thousands
    of objects that all stay alive, and each collection would walk them again (a fifth of
    the import time).
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for module in BEFORE_QT:
            importlib.import_module(module)
        from eote_ref.referee.checks import load_checks

        load_checks()  # the turn guide's checks: plain Python, so before Qt too
        importlib.import_module("eote_ref.ui.main_window")
    finally:
        if was_enabled:
            gc.enable()


def run_app(args: argparse.Namespace) -> int:
    """Open the database and the main window and run the Qt event loop; returns the exit code."""
    import_for_first_window()
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    from eote_ref import __version__
    from eote_ref.ui.settings import APPLICATION, ORGANIZATION
    from eote_ref.ui.theme import apply_scheme

    started = process_start_time()
    if QApplication.instance() is None:
        QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
            Qt.HighDpiScaleFactorRoundingPolicy.PassThrough
        )
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName("eote-ref")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("eote-ref")
    apply_scheme(app, os.environ.get(COLOR_SCHEME_ENV, "system"))

    db = open_database_or_report(getattr(args, "db", None), getattr(args, "database_url", None))
    if db is None:
        return 2
    from eote_ref.ui.main_window import MainWindow

    try:
        window = MainWindow(db)
        if getattr(args, "demo", False):
            window.open_demo()
        elif not window.restore_last_game():
            window.show_start_page()
        window.show()
        # What start-up made lives as long as the app: spare it the collector's full passes.
        gc.freeze()
        if os.environ.get(EXIT_WHEN_READY_ENV) == "1":

            def ready() -> None:
                app.processEvents()
                print(f"ready in {(time.time() - started) * 1000:.0f} ms", flush=True)  # noqa: T201
                window.close()
                app.quit()

            QTimer.singleShot(0, ready)
        return int(app.exec())
    finally:
        db.close()


def open_database_or_report(db_path: str | None, url: str | None) -> Database | None:
    """Open the app's database, or explain in a message box why not and return None.

    A file that is locked by another window, written by a newer eote-ref, damaged, or not an
    eote-ref database at all is reported and left exactly as it was.
    """
    from PySide6.QtWidgets import QMessageBox

    from eote_ref.referee import session

    where = url or db_path or str(session.default_location())
    try:
        return session.open_app_database(db_path, url)
    except session.DatabaseInUseError as e:
        title, text = "Database already open", str(e)
    except session.NewerVersionError as e:
        title = "Database from a newer eote-ref"
        text = f"{e}\n\nUpdate eote-ref to open it; the file has not been changed."
    except session.CorruptDatabaseError as e:
        title, text = "Database damaged", str(e)
    except session.NotAnEoteDatabaseError as e:
        title, text = "Not an eote-ref database", str(e)
    except (session.DatabaseError, ValueError, OSError) as e:
        title, text = "Cannot open the database", f"{where}:\n{e}"
    QMessageBox.critical(None, f"eote-ref — {title}", text)
    return None
