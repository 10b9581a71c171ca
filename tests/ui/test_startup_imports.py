"""What the app imports before its first window: nothing the first paint does not need.

Checked in a fresh interpreter through ``sys.modules`` (not timed: timings are for
``scripts/bench_startup.py``). On an SQLite file the first window is read with the standard
library's ``sqlite3``: the ORM (SQLAlchemy, SQLModel, pydantic) is loaded after the first
paint, by the app's warm-up thread.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

from eote_ref.referee.setup import demo_game
from eote_ref.store import open_database

#: Imports what ``eote-ref`` imports before its first window, then prints the modules loaded
#: and the files whose source was read meanwhile (:mod:`linecache`).
IMPORTS_OF_THE_WINDOW = """
import json, linecache, sys
from eote_ref.ui import app
app.import_for_first_window()
print(json.dumps(sorted(linecache.cache)))
print(json.dumps(sorted(sys.modules)))
"""

#: Opens the database file argv[1] as ``eote-ref --demo`` does, paints the demo's dashboard,
#: prints the modules loaded then; runs the warm-up and prints them again.
FIRST_PAINT = """
import json, sys
from eote_ref.ui import app
app.import_for_first_window()
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from eote_ref.referee.session import open_app_database
from eote_ref.ui.main_window import MainWindow
qt = QApplication(sys.argv[:1])
db = open_app_database(sys.argv[1])
window = MainWindow(db, settings=QSettings(sys.argv[2], QSettings.Format.IniFormat))
window.open_demo()
window.show()
qt.processEvents()
painted = window.dashboard is not None and window.dashboard.isVisible()
print(json.dumps([painted, db.engine_ready, sorted(sys.modules)]))
app.start_warm_up(db).join()
print(json.dumps([painted, db.engine_ready, sorted(sys.modules)]))
window.close()
db.close()
"""

#: Loaded on first use only (issue 36 added the pack game's screen, the corrections, the
#: scenario's play and the menus' dialogs): printing on paper (the menus' actions are
#: ``ui.print_actions``), the sheets' HTML, the players' display,
#: the wizards' classes, campaigns, Alembic (only to upgrade a schema), PyYAML, and the
#: packs' declarations (the first window reads EotE's turn and markers from
#: ``packs.state_specs``; the warm-up loads the declaration, another pack on first use).
NOT_AT_START = {
    "eote_ref.packs.declaration",
    "eote_ref.packs.play",
    "eote_ref.packs.printed",
    "eote_ref.packs.avle",
    "eote_ref.ui.printing",
    "PySide6.QtPrintSupport",
    "PySide6.QtCharts",
    "PySide6.QtSvg",
    "eote_ref.referee.sheets",
    "eote_ref.packs.eote.sheets",
    "eote_ref.referee.order_sheet",
    "eote_ref.referee.campaign",
    "eote_ref.store.campaign_models",
    "eote_ref.ui.players_display",
    "eote_ref.ui.wizards.base",
    "eote_ref.packs.eote.ui.fire",
    "eote_ref.packs.eote.ui.assault",
    "eote_ref.ui.campaign_window",
    "eote_ref.ui.new_game_wizard",
    "eote_ref.ui.roster_editor",
    "alembic",
    "yaml",
    # A pack game's screen: its dashboard, hub, guide and dialogs when one is first opened
    # (the window keeps a light ``PackGameScreen`` from the start).
    "eote_ref.ui.pack_game.dashboard",
    "eote_ref.ui.pack_game.hub",
    "eote_ref.ui.pack_game.turn_guide",
    "eote_ref.ui.pack_game.check_dialog",
    "eote_ref.ui.pack_game.check_picker",
    "eote_ref.ui.pack_game.tables_dialog",
    "eote_ref.ui.pack_game.players_display",
    "eote_ref.referee.pack_lists",
    "eote_ref.referee.pack_play",
    # Turn → Correct…: the menu is ``ui.corrections_menu``; its dialogs on first use.
    "eote_ref.ui.corrections_dialog",
    "eote_ref.referee.corrections",
    # A scenario's play and army morale: not for a game made without a scenario (the demo).
    "eote_ref.referee.scenario_play",
    "eote_ref.referee.scenario_victory",
    "eote_ref.referee.army_morale",
    # The menus' windows and dialogs: players' phones, scenario, batches, the battle's end.
    "eote_ref.ui.phones_dialog",
    "eote_ref.web",
    "eote_ref.ui.scenario_dialog",
    "eote_ref.packs.eote.ui.batch_dialog",
    "eote_ref.ui.battle_summary",
    # The order activation procedure (``referee.game`` imports it to check an order typed on
    # the dashboard) and the movement panel (made when its dock is first shown).
    "eote_ref.packs.eote.rules.orders",
    "eote_ref.packs.eote.ui.movement_panel",
}

#: The ORM and what is built on it: not before the first paint on an SQLite file.
THE_ORM = {
    "sqlalchemy",
    "sqlmodel",
    "pydantic",
    "eote_ref.store.models",
    "eote_ref.store.journal",
    "eote_ref.store.games",
    "eote_ref.packs.eote.checks",
}


#: The app's start to its window's modules, dataclasses' methods compiled through a copy in
#: the folder argv[1] (as ``eote-ref`` does, in the package's ``__pycache__``); prints how
#: many methods were compiled.
METHODS_OF_THE_WINDOW = """
import pathlib, sys
from eote_ref.yamlio import dataclass_methods
dataclass_methods.install("app", pathlib.Path(sys.argv[1]))
from eote_ref.ui import app
app.import_for_first_window()
print(dataclass_methods.finish())
"""

#: ``eote-ref --demo`` as the program runs (``cli.main()``, quitting once painted): whether
#: the cyclic collector was on while the window's modules were imported and the demo opened,
#: and once the app has quit.
COLLECTOR_OF_THE_START = """
import gc, json, sys
sys.argv = ["eote-ref", "--demo"]
seen = []
from eote_ref.ui import app
import_window = app.import_for_first_window
def spy_import():
    seen.append(gc.isenabled())
    import_window()
app.import_for_first_window = spy_import
from eote_ref.ui import main_window
open_demo = main_window.MainWindow.open_demo
def spy_demo(self):
    seen.append(gc.isenabled())
    open_demo(self)
main_window.MainWindow.open_demo = spy_demo
from eote_ref import cli
cli.main()
print(json.dumps([seen, gc.isenabled()]))
"""


def _run(script: str, *args: str, env: dict[str, str] | None = None) -> list[str]:
    env = dict(os.environ if env is None else env, QT_QPA_PLATFORM="offscreen")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as the app runs: bytecode (and copies) written
    proc = subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
        env=env,
    )
    return proc.stdout.strip().splitlines()


def test_the_main_window_module_does_not_import_what_the_first_paint_does_not_need() -> None:
    sources, listed = _run(IMPORTS_OF_THE_WINDOW)[-2:]
    modules = set(json.loads(listed))
    # The window's modules are imported without PySide6's import hook, which read the whole
    # source of each (48 of eote-ref's files) for ``from __feature__ import`` (issue 36).
    assert [f for f in json.loads(sources) if "eote_ref" in f] == []
    assert "eote_ref.ui.main_window" in modules
    assert "eote_ref.store.database" in modules  # opening the file: sqlite3 and the lock
    assert NOT_AT_START & modules == set()
    assert THE_ORM & modules == set()


def test_the_demo_dashboard_is_painted_before_the_orm_is_loaded_then_the_warm_up_loads_it(
    tmp_path: pathlib.Path,
) -> None:
    file = tmp_path / "games.sqlite"
    with open_database(file) as db:
        demo_game(db)  # made through the ORM, as the first start does
    at_paint, after_warm_up = _run(FIRST_PAINT, str(file), str(tmp_path / "s.ini"))[-2:]
    painted, engine, modules = json.loads(at_paint)
    assert painted
    assert not engine
    assert THE_ORM & set(modules) == set()
    # PyYAML is left out here: the first start after a change of the rules' sources parses
    # the ruleset again (yamlio/cache.py), whatever the test runs next to.
    assert (NOT_AT_START - {"yaml"}) & set(modules) == set()
    _, engine, modules = json.loads(after_warm_up)
    assert engine
    assert set(modules) >= THE_ORM | {"eote_ref.packs.declaration"}
    assert {"alembic", "PySide6.QtPrintSupport"} & set(modules) == set()


def test_a_second_start_compiles_none_of_the_window_s_dataclass_methods(
    tmp_path: pathlib.Path,
) -> None:
    """Compiling ``@dataclass``'s methods was about a seventh of the first paint's CPU time."""
    first = int(_run(METHODS_OF_THE_WINDOW, str(tmp_path))[-1])
    second = int(_run(METHODS_OF_THE_WINDOW, str(tmp_path))[-1])
    assert first > 300  # the views, the ruleset's tables, the specs...: about 480
    assert second == 0


def test_the_collector_waits_until_the_first_window_is_made(tmp_path: pathlib.Path) -> None:
    """Its passes over the objects of the start (that all stay) were about 30 ms of CPU."""
    env = dict(
        os.environ,
        EOTE_REF_EXIT_WHEN_READY="1",
        EOTE_REF_HOME=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_DATA_HOME=str(tmp_path / "share"),
    )
    seen, enabled_after = json.loads(_run(COLLECTOR_OF_THE_START, env=env)[-1])
    assert seen == [False, False]  # the window's modules imported, the demo opened
    assert enabled_after  # on again once the window is made
