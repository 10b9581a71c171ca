"""Start the desktop application: the Qt application, the database, and the main window."""

from __future__ import annotations

import argparse
import builtins
import contextlib
import gc
import importlib
import linecache
import os
import sys
import threading
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from eote_ref.referee.session import Database
from eote_ref.ui.database_open import open_database_or_report as open_database_or_report
from eote_ref.ui.database_open import open_database_quietly as open_database_quietly
from eote_ref.ui.database_open import report_refusal
from eote_ref.yamlio import dataclass_methods
from eote_ref.yamlio.loader import gc_paused

if TYPE_CHECKING:
    pass

#: Set to 1 to print the milliseconds from process start to the dashboard shown (and the CPU
#: time used by then), then quit;
#: ``warm`` to go on until the background warm-up (:data:`AFTER_FIRST_PAINT`) is done and
#: print its milliseconds after the window was shown too.
EXIT_WHEN_READY_ENV = "EOTE_REF_EXIT_WHEN_READY"
#: A launcher's ``time.time()`` at process launch (the start-up benchmark sets it).
LAUNCH_TIME_ENV = "EOTE_REF_LAUNCH_TIME"
#: ``light`` or ``dark`` forces a palette (Fusion style); default: follow the system.
COLOR_SCHEME_ENV = "EOTE_REF_COLOR_SCHEME"

#: The layers under the widgets that the first window needs (the database, the game, the
#: turn guide's to-do list), imported before PySide6, whose import hook inspects every later
#: import statement. None of them imports SQLAlchemy, SQLModel or pydantic: on an SQLite file
#: the first window is read with the standard library's ``sqlite3``
#: (:mod:`eote_ref.store.rows`), and the ORM is loaded after the first paint
#: (:data:`AFTER_FIRST_PAINT`).
BEFORE_QT = (
    "eote_ref.referee.session",
    "eote_ref.referee.game",
    "eote_ref.referee.setup",
    "eote_ref.referee.todo",
    "eote_ref.packs.eote.todo",
    # What opening the first game reads with: its rows, EotE's pack and its ruleset's parsed
    # copy (pickle), whether it has a scenario.
    "eote_ref.store.rows",
    "eote_ref.packs.eote.pack",
    "eote_ref.packs.eote.rulesets",
    "eote_ref.yamlio.cache",
    "eote_ref.referee.scenario_state",
)

#: Imported on a background thread once the first window is painted, so that the umpire's
#: first command finds them loaded: the ORM and journal (SQLAlchemy, SQLModel, pydantic), the
#: turn's carry-over, the wording of changes, the checks behind the wizards and the packs'
#: declarations (the first window reads only EotE's turn and markers,
#: :mod:`eote_ref.packs.state_specs`). Plain Python only (no Qt), so a thread may import them.
#: Measured with ``scripts/bench_startup.py``.
AFTER_FIRST_PAINT = (
    "eote_ref.store.journal",
    "eote_ref.store.games",
    "eote_ref.referee.turn",
    "eote_ref.referee.wording",
    "eote_ref.packs.eote.checks",
    "eote_ref.packs.eote.checks.batch",
    "eote_ref.packs.declaration",
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
    the import time). The window's modules are imported without PySide6's import hook
    (:func:`plain_imports`).
    """
    with gc_paused():
        for module in BEFORE_QT:
            importlib.import_module(module)
        with plain_imports():
            importlib.import_module("eote_ref.ui.main_window")


#: The interpreter's own ``__import__``, saved before PySide6 replaces it with its hook.
_PLAIN_IMPORT = builtins.__import__


@contextlib.contextmanager
def plain_imports() -> Iterator[None]:
    """Import with the interpreter's own ``__import__`` meanwhile, not PySide6's hook.

    After each import the hook reads the importing module's whole source
    (``inspect.getsource``) to find whether it uses PySide6, for the ``from __feature__
    import`` switches (``snake_case``, ``true_property``), and leaves it in :mod:`linecache`:
    about 6 ms of CPU for the first window's modules here, and their sources kept in memory.
    No module of eote-ref uses those switches, and a module the hook has not seen keeps Qt's
    default names, so the first window is built the same without it. Used on the main thread
    until the first window is made (nothing else runs then); PySide6's hook is back after it.
    """
    import PySide6.QtCore  # noqa: F401 - PySide6 puts its hook in place first

    hook = builtins.__import__
    builtins.__import__ = _PLAIN_IMPORT
    try:
        yield
    finally:
        if builtins.__import__ is _PLAIN_IMPORT:
            builtins.__import__ = hook


def warm_up(db: Database) -> None:
    """Import :data:`AFTER_FIRST_PAINT`, register every check and prime the database's ORM.

    Run on a background thread after the first paint; a command given meanwhile waits for
    the module it needs (Python's import lock), never for more.

    PySide6's import hook reads the whole source of every module imported after Qt (looking
    for ``from __feature__ import``) and leaves it in :mod:`linecache`: for the ORM that is
    about 21 MiB and a third of a second. These modules never use Qt, so this thread imports
    them with the interpreter's own ``__import__``; every other thread keeps PySide6's hook.
    """
    hook = builtins.__import__
    me = threading.get_ident()

    def plain_here(name: str, *args: Any, **kwargs: Any) -> Any:
        chosen = _PLAIN_IMPORT if threading.get_ident() == me else hook
        return chosen(name, *args, **kwargs)

    builtins.__import__ = plain_here
    try:
        for module in AFTER_FIRST_PAINT:
            importlib.import_module(module)
        from eote_ref.packs import registry

        registry.get_checks(registry.DEFAULT_PACK).load_checks()
        db.prime()  # the engine made and the ORM's first statements compiled, by reading
    finally:
        if builtins.__import__ is plain_here:
            builtins.__import__ = hook
        linecache.clearcache()


def start_warm_up(db: Database) -> threading.Thread:
    """Start :func:`warm_up` on a daemon thread; returns the thread."""
    thread = threading.Thread(target=warm_up, args=(db,), name="eote-ref warm-up", daemon=True)
    thread.start()
    return thread


def run_app(args: argparse.Namespace) -> int:
    """Open the database and the main window and run the Qt event loop; returns the exit code.

    The database is opened before Qt is imported: an up-to-date SQLite file needs only
    ``sqlite3``, but a new or older file (or a server) loads the ORM and Alembic, which cost
    less time and memory before PySide6's import hook. A refusal is reported once the Qt
    application exists.
    """
    with gc_paused():
        for module in BEFORE_QT:
            importlib.import_module(module)
        opened = open_database_quietly(
            getattr(args, "db", None), getattr(args, "database_url", None)
        )
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

    from eote_ref.ui import error_report

    error_report.install()  # from here on, a bug is logged with its traceback and shown
    if not isinstance(opened, Database):
        gc.enable()
        dataclass_methods.finish()
        report_refusal(*opened)
        return 2
    db = opened
    from eote_ref.ui.main_window import MainWindow

    try:
        # Making the window and reading its game: objects that all stay, which the collector
        # would walk again and again (about 37 passes, 30 ms of CPU at a load of 5).
        with gc_paused(), plain_imports():  # plain: the imports on the way (menus' modules)
            window = MainWindow(db)
            if getattr(args, "demo", False):
                window.open_demo()
            elif not window.restore_last_game():
                window.show_start_page()
            window.show()
        # What start-up made lives as long as the app: spare it the collector's full passes.
        gc.freeze()
        gc.enable()  # paused since the start (``eote-ref``'s main) or by gc_paused above
        mode = os.environ.get(EXIT_WHEN_READY_ENV)

        def after_first_paint() -> None:
            app.processEvents()  # the first paint
            dataclass_methods.finish()  # the methods compiled meanwhile kept for the next start
            shown = time.time()
            if mode in ("1", "warm"):
                cpu = time.process_time() * 1000
                ready = f"ready in {(shown - started) * 1000:.0f} ms cpu {cpu:.0f} ms"
                print(ready, flush=True)  # noqa: T201
            if mode == "1":
                window.close()
                app.quit()
                return
            _log_start(db)
            warming = start_warm_up(db)
            from eote_ref.ui.warm_up_gate import hold_input

            hold_input(app, warming)  # the first key or click waits for it: no import race
            if mode == "warm":

                def wait() -> None:
                    if warming.is_alive():
                        QTimer.singleShot(5, wait)
                        return
                    ms = (time.time() - shown) * 1000
                    print(f"warm in {ms:.0f} ms after shown", flush=True)  # noqa: T201
                    window.close()
                    app.quit()

                wait()

        QTimer.singleShot(0, after_first_paint)
        return int(app.exec())
    finally:
        gc.enable()
        dataclass_methods.finish()  # a start that failed before its first paint
        db.close()


def _log_start(db: Database) -> None:
    """Start the log file (after the first paint: logging's handlers are not needed for it)."""
    import logging

    from eote_ref import __version__
    from eote_ref.referee.logs import start_logging
    from eote_ref.referee.session import describe_location

    start_logging()
    logging.getLogger(__name__).info(
        "eote-ref %s started on %s", __version__, describe_location(db)
    )
