"""The main window on the demo battle: marker keys, undo, status bar, phases, journal, restart."""

from __future__ import annotations

import argparse
import csv
import os
import pathlib
import subprocess
import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu, QMessageBox
from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.session import Database, open_app_database
from eote_ref.referee.views import UnitView
from eote_ref.ui import app as app_module
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.settings import app_settings
from tests import games
from tests.ui.helpers import service, shown_window


@pytest.fixture
def window(qtbot: QtBot, db: Database, demo: GameService) -> MainWindow:
    return shown_window(qtbot, db)


def unit(window: MainWindow, unit_id: int) -> UnitView:
    return games.unit(service(window), unit_id)


def first_unit(window: MainWindow, arm: str = "infantry") -> UnitView:
    view = service(window).view()
    return next(u for u in view.sides[0].units if u.arm == arm)


def focus_unit(qtbot: QtBot, window: MainWindow, unit_id: int):  # noqa: ANN201
    dash = window.dashboard
    assert dash is not None
    assert dash.select_unit(unit_id)
    tree = dash.panes[dash._active].tree
    tree.setFocus()
    assert dash.current_unit() is not None
    assert dash.current_unit().id == unit_id
    return tree


def test_opens_the_demo_battle(window: MainWindow) -> None:
    assert window.dashboard is not None
    assert window.windowTitle().startswith("Demo battle")
    counts = [p.model.rowCount() for p in window.dashboard.panes]
    assert all(n > 10 for n in counts)
    units = sum(len(d.units) for p in window.dashboard.panes for d in p.model.divisions)
    assert units == sum(len(s.units) for s in service(window).view().sides)
    assert window.ui.journalDock.isVisible()


def test_marker_keys_are_journaled_and_undone_with_ctrl_z(qtbot: QtBot, window: MainWindow) -> None:
    inf = first_unit(window)
    before = unit(window, inf.id)
    tree = focus_unit(qtbot, window, inf.id)
    qtbot.keyClick(tree, Qt.Key.Key_Plus)
    qtbot.keyClick(tree, Qt.Key.Key_Equal)
    qtbot.keyClick(tree, Qt.Key.Key_Plus)
    qtbot.keyClick(tree, Qt.Key.Key_Minus)
    qtbot.keyClick(tree, Qt.Key.Key_D)
    qtbot.keyClick(tree, Qt.Key.Key_R)
    qtbot.keyClick(tree, Qt.Key.Key_P)
    qtbot.keyClick(tree, Qt.Key.Key_C)
    qtbot.keyClick(tree, Qt.Key.Key_O)
    after = unit(window, inf.id)
    assert after.hits == 2
    assert after.disordered
    assert after.routed
    assert after.pinned
    assert after.out_of_command
    assert after.off_table
    journal = service(window).journal()
    assert len(journal) == 9
    assert journal[0].summary == f"{inf.name}: off the table"
    assert journal[-1].summary == f"{inf.name}: hits 0 → 1"
    assert window.ui.actionUndo.text() == f"Undo {inf.name}: off the table".replace("&", "&&")
    # The dashboard shows it: the row kept its selection.
    assert window.dashboard is not None
    assert window.dashboard.current_unit() == after

    for _ in range(9):
        qtbot.keyClick(tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert unit(window, inf.id) == before
    assert all(e.status == "undone" for e in service(window).journal())
    assert not window.ui.actionUndo.isEnabled()
    qtbot.keyClick(
        tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    assert unit(window, inf.id).hits == 1
    qtbot.keyClick(tree, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert unit(window, inf.id).hits == 2


def test_blown_keys_on_cavalry_and_refused_on_infantry(qtbot: QtBot, window: MainWindow) -> None:
    cav = first_unit(window, "cavalry")
    tree = focus_unit(qtbot, window, cav.id)
    qtbot.keyClick(tree, Qt.Key.Key_B)
    qtbot.keyClick(tree, Qt.Key.Key_B)
    assert unit(window, cav.id).blown == 2
    qtbot.keyClick(tree, Qt.Key.Key_B, Qt.KeyboardModifier.ShiftModifier)
    assert unit(window, cav.id).blown == 1
    steps = len(service(window).journal())
    inf = first_unit(window)
    tree = focus_unit(qtbot, window, inf.id)
    qtbot.keyClick(tree, Qt.Key.Key_B)
    assert unit(window, inf.id).blown == 0
    assert len(service(window).journal()) == steps
    assert "only cavalry" in window.ui.statusbar.currentMessage()


def test_minus_never_goes_below_zero_and_writes_nothing(qtbot: QtBot, window: MainWindow) -> None:
    inf = first_unit(window)
    tree = focus_unit(qtbot, window, inf.id)
    qtbot.keyClick(tree, Qt.Key.Key_Minus)
    assert unit(window, inf.id).hits == 0
    assert service(window).journal() == []


def test_formation_key_opens_a_menu_of_the_arms_formations(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The offscreen platform cannot raise a popup or grab the keyboard (a Qt warning).
    monkeypatch.setattr(QMenu, "popup", lambda *_args: None)
    inf = first_unit(window)
    tree = focus_unit(qtbot, window, inf.id)
    qtbot.keyClick(tree, Qt.Key.Key_F)
    menu = window.findChild(QMenu, "formationMenu")
    assert menu is not None
    choices = {a.data(): a for a in menu.actions() if a.data()}
    assert set(choices) == set(service(window).formations("infantry"))
    # Set by hand, it says so: no −2 (EotE 1.8.3); the change in play is the wizard's.
    assert all("no changed-formation −2" in a.toolTip() for a in choices.values())
    in_play = next(a for a in menu.actions() if a.objectName() == "formationInPlay")
    choices["square"].trigger()
    menu.deleteLater()
    assert unit(window, inf.id).formation == "square"
    assert not unit(window, inf.id).changed_formation
    assert service(window).journal()[0].summary == (
        f"{inf.name}: formation square (was {inf.formation})"
    )
    # Issue 23: the F key also offers the wizard that asks about the −2.
    in_play.trigger()
    assert window.wizard is not None
    assert window.wizard.check.key == "formation"  # type: ignore[attr-defined]
    assert "in_combat_range" in window.wizard.check.values
    window.wizard.reject()


def test_context_menu_offers_the_same_commands(qtbot: QtBot, window: MainWindow) -> None:
    dash = window.dashboard
    assert dash is not None
    names = [a.text() for a in dash.marker_actions.values()]
    assert "Disordered" in names
    assert "Routed" in names
    keys = dash.marker_actions["hit+"].shortcuts()
    assert [k.toString() for k in keys] == ["+", "="]


def test_status_bar_shows_game_turn_phase_initiative_scale_and_ruleset(
    window: MainWindow,
) -> None:
    text = window.status_text()
    assert "Demo battle: Waterloo, 18 June 1815" in text
    assert "Turn 1 · Command control (EotE 3.0)" in text
    assert "Initiative: French" in text
    assert "15mm figures" in text
    assert "eote-6.2" in text
    view = service(window).view()
    assert ("provisional charts" in text) == view.provisional


def test_next_phase_button_and_shortcut(qtbot: QtBot, window: MainWindow) -> None:
    dash = window.dashboard
    assert dash is not None
    qtbot.mouseClick(dash.ui.nextPhaseButton, Qt.MouseButton.LeftButton)
    assert service(window).view().phase is Phase.INITIATIVE
    assert dash.phase_bar.phase is Phase.INITIATIVE
    assert "Initiative" in dash.ui.stepsLabel.text()
    tree = dash.panes[0].tree
    tree.setFocus()
    qtbot.keyClick(tree, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert service(window).view().phase is Phase.MOVEMENT
    assert "Turn 1 · Movement" in window.status_text()
    for _ in range(5):
        window.ui.actionNextPhase.trigger()
    view = service(window).view()
    assert (view.turn, view.phase) == (2, Phase.COMMAND)
    assert dash.ui.turnLabel.text() == "Turn 2"


def test_initiative_from_the_turn_menu(window: MainWindow) -> None:
    window.set_initiative(1)
    assert "Initiative: Anglo-Allied" in window.status_text()
    assert service(window).journal()[0].summary == "initiative: Anglo-Allied"


def test_journal_filter_by_text_and_turn(qtbot: QtBot, window: MainWindow) -> None:
    s = service(window)
    inf = first_unit(window)
    s.adjust_unit(inf.id, "hits", 1)
    s.toggle_unit(inf.id, "disordered")
    for _ in range(7):
        s.advance_phase()
    s.adjust_unit(inf.id, "hits", 1)
    journal = window.journal
    assert journal is not None
    assert len(journal.visible_entries()) == 10
    journal.set_filter("hits")
    assert [e.summary for e in journal.visible_entries()] == [
        f"{inf.name}: hits 1 → 2",
        f"{inf.name}: hits 0 → 1",
    ]
    journal.set_filter("hits", turn=2)
    assert [e.summary for e in journal.visible_entries()] == [f"{inf.name}: hits 1 → 2"]
    journal.set_filter("", turn=1)
    assert all(e.turn == 1 for e in journal.visible_entries())
    qtbot.keyClicks(journal.ui.filterEdit, "disorder")
    journal.ui.turnCombo.setCurrentIndex(0)
    assert [e.summary for e in journal.visible_entries()] == [f"{inf.name}: disordered"]


def test_undone_steps_stay_in_the_log_greyed_and_undo_back_to_here(
    qtbot: QtBot, window: MainWindow
) -> None:
    s = service(window)
    inf = first_unit(window)
    for _ in range(4):
        s.adjust_unit(inf.id, "hits", 1)
    journal = window.journal
    assert journal is not None
    oldest = journal.visible_entries()[-1]
    assert journal.select_seq(oldest.seq)
    assert journal.ui.undoToButton.isEnabled()
    qtbot.mouseClick(journal.ui.undoToButton, Qt.MouseButton.LeftButton)
    assert unit(window, inf.id).hits == 1
    entries = journal.visible_entries()
    assert [e.status for e in entries] == ["undone", "undone", "undone", "done"]
    index = journal.proxy.index(0, 3)
    assert index.data(Qt.ItemDataRole.FontRole).italic()
    assert "(undone)" in index.data()
    qtbot.mouseClick(journal.ui.redoButton, Qt.MouseButton.LeftButton)
    assert unit(window, inf.id).hits == 2


def test_filter_and_expand_collapse(qtbot: QtBot, window: MainWindow) -> None:
    dash = window.dashboard
    assert dash is not None
    qtbot.keyClicks(dash.ui.filterEdit, "guard")
    pane = dash.panes[0]
    shown = [
        pane.proxy.index(r, 0, pane.proxy.index(d, 0)).data(Qt.ItemDataRole.DisplayRole)
        for d in range(pane.proxy.rowCount())
        for r in range(pane.proxy.rowCount(pane.proxy.index(d, 0)))
    ]
    assert shown
    assert pane.proxy.rowCount() < pane.model.rowCount()
    dash.collapse_all()
    assert not pane.expanded_divisions()
    dash.expand_all()
    dash.set_filter("")
    assert pane.proxy.rowCount() == pane.model.rowCount()


def test_edits_keep_expansion_selection_and_scroll(qtbot: QtBot, window: MainWindow) -> None:
    """Five marker edits leave the tree as the umpire had it.

    Their speed is make bench's dashboard_edit_ms, measured side by side, not timed here.
    """
    dash = window.dashboard
    assert dash is not None
    assert window.hub is not None
    pane = dash.panes[1]
    target = pane.model.divisions[-1].units[-1]
    first = pane.model.divisions[0]
    pane.tree.collapse(pane.proxy.mapFromSource(pane.model.division_index(first.id)))
    assert dash.select_unit(target.id)
    expanded = pane.expanded_divisions()
    scroll = pane.tree.verticalScrollBar().value()
    assert scroll > 0
    for _ in range(5):
        qtbot.keyClick(pane.tree, Qt.Key.Key_Plus)
        QApplication.processEvents()
    assert unit(window, target.id).hits == 5
    assert pane.expanded_divisions() == expanded
    assert pane.tree.verticalScrollBar().value() == scroll
    assert dash.current_unit() is not None
    assert dash.current_unit().id == target.id


def test_narrow_window_shows_the_sides_as_tabs(qtbot: QtBot, window: MainWindow) -> None:
    dash = window.dashboard
    assert dash is not None
    assert not dash.narrow
    window.resize(900, 700)
    qtbot.waitUntil(lambda: dash.narrow)
    assert dash.tabs.count() == 2
    assert dash.tabs.tabText(0) == "French"
    window.resize(1440, 900)
    qtbot.waitUntil(lambda: not dash.narrow)
    assert dash.tabs.count() == 0


def test_closing_and_reopening_returns_the_same_state(qtbot: QtBot, tmp_path: pathlib.Path) -> None:
    path = tmp_path / "club.sqlite"
    db = open_app_database(path)
    window = shown_window(qtbot, db)
    inf = first_unit(window)
    tree = focus_unit(qtbot, window, inf.id)
    for key in (Qt.Key.Key_Plus, Qt.Key.Key_Plus, Qt.Key.Key_D, Qt.Key.Key_P):
        qtbot.keyClick(tree, key)
    window.ui.actionNextPhase.trigger()
    qtbot.keyClick(tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    before = service(window).view()
    journal = service(window).journal()
    window.resize(700, 600)  # within the offscreen screen (800x800)
    window.close()
    db.close()

    db2 = open_app_database(path)
    try:
        again = MainWindow(db2)
        qtbot.addWidget(again)
        assert again.restore_last_game()
        assert service(again).view() == before
        assert service(again).journal() == journal
        assert (again.width(), again.height()) == (700, 600)
        assert again.ui.actionUndo.text() == f"Undo {inf.name}: pinned"
        assert again.ui.actionRedo.text() == "Redo Initiative phase"
        again.close()
    finally:
        db2.close()


def test_start_page_lists_games_and_enter_opens_one(
    qtbot: QtBot, db: Database, demo: GameService
) -> None:
    window = shown_window(qtbot, db, demo=False)
    assert window.ui.stack.currentWidget() is window.start_page
    assert window.start_page.game_ids() == [demo.game_id]
    tree = window.start_page.ui.gamesTree
    item = tree.topLevelItem(0)
    assert item.text(1) == "French v Anglo-Allied"
    assert item.text(2) == "1"
    tree.setFocus()
    qtbot.keyClick(tree, Qt.Key.Key_Return)
    assert window.ui.stack.currentWidget() is window.dashboard
    assert service(window).game_id == demo.game_id
    assert app_settings().value("session/last_game") in (demo.game_id, str(demo.game_id))


def test_a_game_of_another_pack_is_refused_in_words(
    window: MainWindow, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game whose ruleset column names AVlE is never opened on EotE's dashboard (issue 26)."""
    from eote_ref.store.models import Game

    gid = service(window).game_id
    with db.session() as s:
        game = s.get(Game, gid)
        assert game is not None
        game.ruleset = "avle-1.2"
        s.add(game)
        s.commit()
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, title, text: shown.append(text))
    assert not window.open_game(gid)
    assert len(shown) == 1
    assert "is played with Advanced Vive l'Empereur 1.2 (avle-1.2)" in shown[0]


def test_missing_wizard_or_editor_says_not_available(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda _p, title, text: shown.append(title))
    monkeypatch.setitem(sys.modules, "eote_ref.ui.new_game_wizard.wizard", None)
    monkeypatch.setitem(sys.modules, "eote_ref.ui.roster_editor.window", None)
    window.ui.actionNewGame.trigger()
    window.ui.actionRosterEditor.trigger()
    assert shown == ["New game", "Roster editor"]


def test_export_journal_as_csv_and_text(window: MainWindow, tmp_path: pathlib.Path) -> None:
    s = service(window)
    inf = first_unit(window)
    s.adjust_unit(inf.id, "hits", 1)
    s.undo()
    s.toggle_unit(inf.id, "pinned")
    window.export_journal(tmp_path / "j.csv")
    rows = list(csv.reader((tmp_path / "j.csv").open(encoding="utf-8")))
    assert rows[0][:4] == ["step", "turn", "phase", "what happened"]
    assert [r[3] for r in rows[1:]] == [f"{inf.name}: pinned"]
    window.export_journal(tmp_path / "j.txt")
    assert f"{inf.name}: pinned" in (tmp_path / "j.txt").read_text(encoding="utf-8")


def test_a_locked_database_gives_a_message_not_a_crash(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert db.path is not None
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(
        QMessageBox, "critical", lambda _p, title, text: shown.append((title, text))
    )
    assert app_module.open_database_or_report(str(db.path), None) is None
    assert "already open" in shown[0][0].lower() or "already open" in shown[0][1]
    args = argparse.Namespace(db=str(db.path), database_url=None, demo=True)
    assert app_module.run_app(args) == 2
    assert len(shown) == 2


def test_a_file_that_is_not_a_database_is_reported_and_left_alone(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "notes.sqlite"
    path.write_bytes(b"my battle notes\n" * 10)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _p, title, text: shown.append(title))
    assert app_module.open_database_or_report(str(path), None) is None
    assert shown
    assert "Not an eote-ref database" in shown[0]
    assert path.read_bytes() == b"my battle notes\n" * 10


def test_run_app_exit_when_ready_prints_the_start_up_time(tmp_path: pathlib.Path) -> None:
    """The real entry point in its own process (app.exec() must not run inside the suite)."""
    env = {
        **os.environ,
        app_module.EXIT_WHEN_READY_ENV: "1",
        "QT_QPA_PLATFORM": "offscreen",
        "EOTE_REF_HOME": str(tmp_path / "home"),
    }
    result = subprocess.run(
        [sys.executable, "-m", "eote_ref.cli", "--demo", "--db", str(tmp_path / "g.sqlite")],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ready in ")
    assert result.stdout.strip().endswith(" ms")
    # The database was closed: it can be opened again (no lock left behind).
    open_app_database(tmp_path / "g.sqlite").close()


def test_phase_panel_lists_the_checks_due(window: MainWindow) -> None:
    """The turn guide's to-do list (EotE 2.0) shows under the phase's steps."""
    dash = window.dashboard
    assert dash is not None
    assert "Due now" not in dash.ui.stepsLabel.text()
    svc = service(window)
    while svc.view().phase is not Phase.FIRE:
        svc.advance_phase()
    target = svc.view().sides[0].units[0]
    svc.adjust_unit(target.id, "hits", 3)
    text = dash.ui.stepsLabel.text()
    assert "Due now (1):" in text
    assert f"{target.name}: 3 hits, morale check" in text.replace("&#x27;", "'")


@pytest.mark.parametrize("value", [str(2**63), str(2**64 + 5), str(2**31), "-1", "0", "1e9"])
def test_a_hand_edited_last_game_out_of_range_opens_the_start_page(
    qtbot: QtBot, tmp_path: pathlib.Path, value: str
) -> None:
    """The settings' last game is any number a person typed: 2**63 raised OverflowError."""
    from eote_ref.referee.session import describe_location

    db = open_app_database(tmp_path / "club.sqlite")
    settings = app_settings()
    settings.setValue("session/last_database", describe_location(db))
    settings.setValue("session/last_game", value)
    settings.sync()
    window = MainWindow(db)
    qtbot.addWidget(window)
    assert window.restore_last_game() is False
    window.close()
    db.close()


@pytest.mark.parametrize(
    "raw",
    [
        b"[session]\nlast_game=1, 2, 3\nlast_database=@Invalid()\n",  # a list, no database
        b"[session]\nlast_game=@Variant(\\0\\0\\0\\x7f\\0\\0\\0\\nQByteArray)\n",  # damaged
        b"[session]\nlast_game=@ByteArray(\\xff\\xfe)\nlast_database=\xff\xfe\xfd\n",  # not UTF-8
        b"[session]\nlast_game=@Rect(1 2 3 4)\n[General]\ntouch_mode=@Size(1 2)\n",
        b"[General]\nrecent=@Variant(garbage\ngeometry=@Rect(0 0 99999999999 99999999999)\n",
        b"\x00\x00\x00\xff[[[\n=\n[session\nlast_game\n",  # not an INI file at all
        b"[General]\nrecent=a\\0b, " + b"x" * 5000 + b", " + b"/" * 3 + b"\n",  # NUL, long names
        b"[session]\nlast_game=" + b"9" * 5000 + b"\n",
    ],
)
def test_a_damaged_settings_file_opens_the_app(
    qtbot: QtBot, tmp_path: pathlib.Path, raw: bytes
) -> None:
    """Wrong types, huge numbers, invalid UTF-8, a list where a number is: the app opens."""
    from eote_ref.referee.session import describe_location
    from eote_ref.ui.touch import restore_touch_mode

    db = open_app_database(tmp_path / "club.sqlite")
    settings = app_settings()
    path = pathlib.Path(settings.fileName())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw.replace(b"@Invalid()", describe_location(db).encode()))
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.show()
    assert window.restore_last_game() is False
    restore_touch_mode()
    window.files.fill_recent()
    window.close()
    db.close()
