"""Help → Print quick reference prints the open game's pack's, not EotE's (trial of a pack game).

An AVlE game prints its pack's reference sheet (its tables, dice and options, as
``eote-ref print qrs --pack avle``); a VlE game its pack's quick reference of the game (the
game's name and its tables); an EotE game or no game, EotE's. The PDF (Help → Print quick
reference…) and the printer (Help → Print the quick reference on a printer…) print the same.
"""

from __future__ import annotations

import pathlib

from pytestqt.qtbot import QtBot

from eote_ref.packs import registry
from eote_ref.referee.game_rules import eote_rules
from eote_ref.store import Database
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.printing import pdf_text
from tests.avle_games import quatre_bras, saalfeld
from tests.ui.helpers import shown_window

EOTE = eote_rules().title


def _printed(window: MainWindow, tmp_path: pathlib.Path) -> str:
    out = tmp_path / "qrs.pdf"
    assert window.printing.quick_reference_to(out) >= 1
    return " ".join(" ".join(pdf_text(out)).split())


def _printer_title(window: MainWindow) -> str:
    dialog = window.printer.print_quick_reference()
    title = dialog.windowTitle()
    dialog.reject()
    return title


def test_an_avle_game_prints_avles_reference_sheet(
    qtbot: QtBot, db: Database, tmp_path: pathlib.Path
) -> None:
    window = shown_window(qtbot, db, quatre_bras(db).game_id)
    title = registry.PACKS["avle"][1]
    text = _printed(window, tmp_path)
    assert f"{title} — reference sheet" in text
    assert EOTE not in text
    assert _printer_title(window) == f"{title} quick reference"


def test_a_vle_game_prints_vles_quick_reference_of_the_game(
    qtbot: QtBot, db: Database, tmp_path: pathlib.Path
) -> None:
    game = saalfeld(db)
    window = shown_window(qtbot, db, game.game_id)
    title = registry.PACKS["vle"][1]
    text = _printed(window, tmp_path)
    assert f"{title} — reference sheet" in text
    assert "Saalfeld, " in text  # the game's own sheet: its name and where it stands
    assert EOTE not in text
    assert _printer_title(window) == f"{title} quick reference"


def test_an_eote_game_and_no_game_print_eotes(
    qtbot: QtBot, db: Database, tmp_path: pathlib.Path
) -> None:
    window = shown_window(qtbot, db)  # the demo battle
    assert EOTE in _printed(window, tmp_path)
    assert _printer_title(window) == f"{EOTE} quick reference"
    empty = shown_window(qtbot, db, demo=False)
    assert EOTE in _printed(empty, tmp_path)
