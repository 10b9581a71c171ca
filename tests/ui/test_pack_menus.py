"""A pack game's main window has one of each entry: its own, EotE's hidden (trial of Ligny).

A trial of the real window on AVlE's Ligny and VlE's Saalfeld found EotE's entries in a
pack game: its record sheets on a printer, its order sheets, its Turn and Unit entries
greyed beside the pack's, and Turn → Next phase (Ctrl+Return, the toolbar's) disabled
while VlE's own Next phase (II) had no shortcut. An EotE game opened after keeps its menus
exactly as a window that never opened a pack game.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from eote_ref.store import Database
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.pack_game.check_dialog import PackCheckDialog
from tests.avle_games import quatre_bras, saalfeld
from tests.ui.helpers import shown_window


def _entries(window: MainWindow) -> list[tuple[str, QAction]]:
    """Every action of the menu bar (submenus walked) and the toolbar, with its menu's path."""
    out: list[tuple[str, QAction]] = []

    def walk(menu: QMenu, path: str) -> None:
        menu.aboutToShow.emit()  # the Game menu enables its entries as it opens
        for action in menu.actions():
            sub = action.menu()
            here = f"{path} → {action.text().replace('&', '')}"
            if isinstance(sub, QMenu) and action.isVisible():
                out.append((here, action))  # a submenu greyed is greyed all through
                walk(sub, here)
            elif action.text():
                out.append((here, action))

    for action in window.menuBar().actions():
        menu = action.menu()
        if isinstance(menu, QMenu) and action.isVisible():
            walk(menu, action.text().replace("&", ""))
    out += [(f"toolbar → {a.text()}", a) for a in window.ui.toolBar.actions() if a.text()]
    return out


def _shown(window: MainWindow) -> list[tuple[str, bool, str]]:
    """What the umpire sees: each visible entry, whether it is enabled, its shortcut."""
    return [
        (path, a.isEnabled(), a.shortcut().toString())
        for path, a in _entries(window)
        if a.isVisible()
    ]


def _saalfeld(db: Database) -> Any:
    return saalfeld(db)


def test_an_avle_game_shows_only_its_own_entries_one_of_each(qtbot: QtBot, db: Database) -> None:
    game = quatre_bras(db)
    window = shown_window(qtbot, db, game.game_id)
    shown = _shown(window)
    adjudicate = [p for p, _on, _key in shown if p.startswith("Adjudicate → ")]
    eote = {a.text() for a in window.adjudicate_actions.values()}
    assert adjudicate, shown
    assert not [p for p in adjudicate if p.split(" → ", 1)[1] in eote]
    game_menu = [(p, on, key) for p, on, key in shown if p.startswith("Game → ")]
    sheets = [p for p, _on, key in game_menu if key == "Ctrl+P"]
    assert sheets == ["Game → Print record sheets…"], game_menu
    labels = [p for p, _on, _key in game_menu if p == "Game → Print base labels…"]
    assert len(labels) == 1, game_menu
    # Nothing of the menus greyed but what the game may still need (no undo yet).
    greyed = [p for p, on, _key in shown if not on]
    assert sorted(greyed) == sorted(
        ["Edit → Undo", "Edit → Redo", "toolbar → &Undo", "toolbar → &Redo"]
    ), greyed
    # AVlE's turn moves on by its own checks (5.1, 4.2): no Next phase anywhere.
    assert not [p for p, _on, _key in shown if "Next phase" in p.replace("&", "")]
    keys = [key for _p, _on, key in shown if key and not _p.startswith("toolbar")]
    assert len(keys) == len(set(keys)), sorted(keys)


def test_vle_next_phase_is_ctrl_return_and_the_toolbars(qtbot: QtBot, db: Database) -> None:
    game = _saalfeld(db)
    window = shown_window(qtbot, db, game.game_id)
    action = window.ui.actionNextPhase
    assert action.isVisible()
    assert action.isEnabled()
    assert action.shortcut().toString() == "Ctrl+Return"
    assert action in window.ui.toolBar.actions()
    action.trigger()
    dialog = window.pack_game.dialog
    assert isinstance(dialog, PackCheckDialog)
    assert dialog.check.spec.key == "next_phase"
    dialog.reject()
    # Each action once: the shared Next phase is listed in Turn and Adjudicate alike.
    actions = {id(a): a for p, a in _entries(window) if a.isVisible() and "toolbar" not in p}
    keys = [a.shortcut().toString() for a in actions.values() if not a.shortcut().isEmpty()]
    assert len(keys) == len(set(keys)), sorted(keys)


def test_an_eote_game_after_a_pack_game_has_its_menus_as_before(qtbot: QtBot, db: Database) -> None:
    window = shown_window(qtbot, db)  # the demo battle, EotE's
    before = _shown(window)
    demo = window.hub.service.game_id if window.hub is not None else None
    assert demo is not None
    window.open_game(_saalfeld(db).game_id)
    assert _shown(window) != before
    window.open_game(demo)
    assert _shown(window) == before


def test_vle_next_phase_is_one_action_in_the_adjudicate_menu_too(
    qtbot: QtBot, db: Database
) -> None:
    """One path per concern: VlE's Adjudicate menu had its own "Next phase (II)" entry.

    Every Next phase entry the umpire sees is now the one shared action, shown with its
    Ctrl+Return in Turn and in Adjudicate (where the pack's checks are), and it opens VlE's
    own end of phase (II); closing the game leaves the shared action alive and in Turn.
    """
    game = _saalfeld(db)
    window = shown_window(qtbot, db, game.game_id)
    shared = window.ui.actionNextPhase
    entries = [(p, a) for p, a in _entries(window) if a.isVisible()]
    nexts = [(p, a) for p, a in entries if "Next phase" in p.replace("&", "")]
    assert {p.split(" → ")[0] for p, _a in nexts} == {"Turn", "Adjudicate", "toolbar"}, nexts
    assert all(a is shared for _p, a in nexts), nexts
    assert shared.shortcut().toString() == "Ctrl+Return"
    assert shared in window.menuAdjudicate.actions()
    window.pack_game.close()
    assert shared not in window.menuAdjudicate.actions()
    assert shared in window.ui.menuTurn.actions()
    assert shared.shortcut().toString() == "Ctrl+Return"
