"""Helpers the GUI tests share: reaching a phase, opening a check's wizard, reading tables."""

from __future__ import annotations

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
from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.store import Database
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.players_display import PlayersDisplay
from eote_ref.ui.unit_picker import UnitPicker
from eote_ref.ui.wizards import build_wizard
from eote_ref.ui.wizards.base import CheckWizard, RollPage
from eote_ref.ui.wizards.fire import QueuePage

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
