"""What the app imports before its first window: nothing the first paint does not need.

Checked in a fresh interpreter through ``sys.modules`` (not timed: timings are for
``scripts/bench_startup.py``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

#: Imports what ``eote-ref`` imports before its first window, then prints the modules loaded.
IMPORTS_OF_THE_WINDOW = """
import json, sys
from eote_ref.ui import app
app.import_for_first_window()
print(json.dumps(sorted(sys.modules)))
"""

#: Loaded on first use only: printing on paper, the sheets' HTML, the players' display,
#: the wizards' classes, campaigns, Alembic (only to upgrade a schema) and PyYAML.
NOT_AT_START = {
    "PySide6.QtPrintSupport",
    "PySide6.QtCharts",
    "eote_ref.referee.sheets",
    "eote_ref.referee.order_sheet",
    "eote_ref.referee.campaign",
    "eote_ref.store.campaign_models",
    "eote_ref.ui.players_display",
    "eote_ref.ui.wizards.base",
    "eote_ref.ui.wizards.fire",
    "eote_ref.ui.wizards.assault",
    "eote_ref.ui.campaign_window",
    "eote_ref.ui.new_game_wizard",
    "eote_ref.ui.roster_editor",
    "alembic",
    "yaml",
}


def test_the_main_window_module_does_not_import_what_the_first_paint_does_not_need() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", IMPORTS_OF_THE_WINDOW],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
    )
    modules = set(json.loads(proc.stdout.strip().splitlines()[-1]))
    assert "eote_ref.ui.main_window" in modules
    assert "sqlalchemy" in modules  # the database layer is there (imported before Qt)
    assert NOT_AT_START & modules == set()
