"""Helpers the GUI tests share: reaching a phase, opening a check's wizard, reading tables."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDoubleSpinBox,
    QListWidget,
    QTableWidget,
    QTreeWidgetItem,
)
from pytestqt.exceptions import TimeoutError as QtBotTimeout
from pytestqt.qtbot import QtBot

from eote_ref.packs.eote.ui.fire import QueuePage
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.store import Database
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.players_display import PlayersDisplay
from eote_ref.ui.unit_picker import UnitPicker
from eote_ref.ui.wizards import build_wizard
from eote_ref.ui.wizards.base import CheckWizard, RollPage

#: The keys of the digits 0 to 9 (a die is typed).
DIGITS = {n: getattr(Qt.Key, f"Key_{n}") for n in range(10)}


def choose(widget: object, value: object) -> None:
    """Pick ``value`` in a fact's combo box or tick exactly it in a units list."""
    if isinstance(widget, QComboBox):
        widget.setCurrentIndex(widget.findData(value))
    elif isinstance(widget, UnitPicker):
        if widget.multi:
            widget.set_value(value if isinstance(value, tuple) else (value,))
        else:
            widget.set_value(value)
    elif isinstance(widget, QListWidget):
        values = value if isinstance(value, tuple) else (value,)
        for i in range(widget.count()):
            item = widget.item(i)
            want = item.data(Qt.ItemDataRole.UserRole) in values
            item.setCheckState(Qt.CheckState.Checked if want else Qt.CheckState.Unchecked)
    else:
        raise AssertionError(widget)


def queue_fire(
    qtbot: QtBot, page: QueuePage, firer: int, target: int, range_in: float, die: int
) -> None:
    """Queue one fire in the fire wizard: firer, target, range and its die, then Add."""
    choose(page.widgets["firers"], firer)
    choose(page.widgets["target"], target)
    spin = page.widgets["range_in"]
    assert isinstance(spin, QDoubleSpinBox)
    spin.setValue(range_in)
    qtbot.keyClick(page.die, DIGITS[die % 10])
    assert page.add_button.isEnabled(), page.result.text()
    qtbot.mouseClick(page.add_button, Qt.MouseButton.LeftButton)  # Alt+A in the app


def resolve_morale(qtbot: QtBot, wizard: CheckWizard, die: int) -> None:
    """Answer the morale check a fire handed off to with ``die``."""
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.next()
    roll = wizard.page_of(RollPage)
    qtbot.keyClick(roll.edits[-1], DIGITS[die % 10])
    wizard.next()
    assert wizard.outcome is not None


def to_phase(game: GameService, phase: Phase, *, turn: int | None = None) -> None:
    """Advance the game to ``phase`` (of turn ``turn`` or a later one, when given)."""
    while game.view().phase is not phase or (turn is not None and game.view().turn < turn):
        game.advance_phase()


def wizard_for(qtbot: QtBot, game: GameService, key: str, **target: Any) -> CheckWizard:
    """The wizard of check ``key`` on ``target``, shown (it must open)."""
    wizard = build_wizard(GameHub(game), key, **target)
    assert wizard is not None, key
    qtbot.addWidget(wizard)
    wizard.show()
    return wizard


def service(window: MainWindow) -> GameService:
    """The game service of the main window's open game."""
    assert window.hub is not None
    return window.hub.service


def header_texts(table: QTableWidget, *, vertical: bool) -> list[str]:
    """The row (``vertical``) or column headers of ``table``."""
    n = table.rowCount() if vertical else table.columnCount()
    items = [
        table.verticalHeaderItem(i) if vertical else table.horizontalHeaderItem(i) for i in range(n)
    ]
    return [i.text() if i is not None else "" for i in items]


def cell_text(table: QTableWidget, row: int, column: int) -> str:
    """The text of a cell that must be there."""
    item = table.item(row, column)
    assert item is not None
    return item.text()


def tree_item(item: QTreeWidgetItem | None) -> QTreeWidgetItem:
    """``item``, which must be there."""
    assert item is not None
    return item


def shown_window(
    qtbot: QtBot,
    db: Database,
    game_id: int | None = None,
    *,
    demo: bool = True,
    active: bool = True,
) -> MainWindow:
    """The main window on ``game_id`` (else the demo, else no game), shown and active."""
    window = MainWindow(db)
    qtbot.addWidget(window)
    if game_id is not None:
        window.open_game(game_id)
    elif demo:
        window.open_demo()
    window.show()
    qtbot.waitExposed(window)
    if active:
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    return window


def active_window(qtbot: QtBot, db: Database, game_id: int) -> Iterator[MainWindow]:
    """:func:`shown_window` on ``game_id`` for a fixture; the window and ``db`` closed after."""
    window = shown_window(qtbot, db, game_id)
    yield window
    window.close()
    db.close()


def demo_window(qtbot: QtBot, db: Database) -> MainWindow:
    """The main window on the Waterloo demo, shown at 1440 × 900 (a laptop's screen)."""
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.resize(1440, 900)
    window.show()
    window.open_demo()
    return window


def settle(qtbot: QtBot, display: PlayersDisplay) -> None:
    """Let the display catch up on its own (it repaints on the next turn of the event loop)."""
    qtbot.waitUntil(lambda: not display.pending, timeout=5000)


# ----------------------------------------------------------------------------- the umpire

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier
NONE = Qt.KeyboardModifier.NoModifier


class Umpire:
    """Presses keys on whatever has the focus and counts them (and the clicks)."""

    def __init__(self, qtbot: QtBot, window: MainWindow) -> None:
        self.qtbot = qtbot
        self.window = window
        self.keys = 0
        self.clicks = 0
        self.log: list[str] = []

    def press(self, key: Qt.Key, modifiers: Qt.KeyboardModifier = NONE) -> None:
        """One key (with its modifiers) on the focused widget."""
        # A window just opened takes the keyboard when the window system activates it, as a
        # person's next key would wait for; a window that never takes it still fails here.
        if QApplication.focusWidget() is None:
            self.qtbot.wait(0)
            with contextlib.suppress(QtBotTimeout):
                self.qtbot.waitUntil(lambda: QApplication.focusWidget() is not None, timeout=2000)
        target = QApplication.focusWidget()
        assert target is not None, f"nothing has the keyboard before {key!r}: {self.log[-3:]}"
        self.qtbot.keyClick(target, key, modifiers)
        self.keys += 1
        self.log.append(f"{key.name}+{modifiers}")
        QApplication.processEvents()

    def type(self, text: str) -> None:
        """Characters typed into the focused widget (each one a key)."""
        for ch in text:
            target = QApplication.focusWidget()
            assert target is not None
            self.qtbot.keyClicks(target, ch)
            self.keys += 1
        QApplication.processEvents()

    def click_unit(self, game: GameService, name: str) -> None:
        """Select a unit on the dashboard (one click)."""
        unit = next(u for s in game.view().sides for u in s.units if u.name == name)
        assert self.window.dashboard is not None
        assert self.window.dashboard.select_unit(unit.id)
        self.clicks += 1

    def ctrl_click_unit(self, game: GameService, name: str) -> None:
        """Add a unit to the dashboard's selection: a real Ctrl+click on its row (one click)."""
        unit = next(u for s in game.view().sides for u in s.units if u.name == name)
        dashboard = self.window.dashboard
        assert dashboard is not None
        for pane in dashboard.panes:
            source = pane.model.unit_index(unit.id)
            if source.isValid():
                index = pane.proxy.mapFromSource(source)
                pane.tree.scrollTo(index)
                rect = pane.tree.visualRect(index)
                self.qtbot.mouseClick(
                    pane.tree.viewport(), Qt.MouseButton.LeftButton, CTRL, rect.center()
                )
                self.clicks += 1
                QApplication.processEvents()
                return
        raise AssertionError(name)

    def next_phase(self) -> None:
        """Ctrl+Return."""
        self.press(Qt.Key.Key_Return, CTRL)

    def wizard_open(self) -> bool:
        """Whether a wizard is showing."""
        return self.window.wizard is not None

    def clear_guide(self, die: Qt.Key) -> int:
        """Resolve every wizard check the turn guide lists: Ctrl+G, Enter, Enter, die, Enter x2."""
        guide = self.window.guide
        assert guide is not None
        done = 0
        while any(c.due for c in guide.checks) and done < 10:
            self.press(Qt.Key.Key_G, CTRL)
            self.press(Qt.Key.Key_Return)
            if not self.wizard_open():
                break
            self.press(Qt.Key.Key_Return)  # the facts are the state's: on to the roll
            self.press(die)
            self.press(Qt.Key.Key_Return)  # Apply
            self.press(Qt.Key.Key_Return)  # Finish
            self.qtbot.waitUntil(lambda: not self.wizard_open())
            done += 1
        return done
