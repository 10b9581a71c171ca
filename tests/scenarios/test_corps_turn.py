"""Two turns of a corps action on the Waterloo demo, from the keyboard and the mouse only.

Issue 15's measure: d'Erlon's I Corps attacks Picton's 5th British Division. Each turn has
its command phase (every division's command radius, rallies and routed units in batches),
the initiative, a move, artillery and infantry fire on both sides, the morale checks the
fire calls for, assaults, leader casualties and the end of the turn. Every input is a real
key press or mouse click sent to the widget that has the focus (QTest), and every one is
counted, dice included: the test fails if a turn takes more than :data:`BUDGET` inputs
(today's figure before issue 15: 205 keys and 23 clicks). With ``EOTE_REF_TURN_INPUTS`` set
to a file name the counts are also written there as JSON (``scripts/bench.py`` reads them).
"""

from __future__ import annotations

import json
import os
import pathlib
import sys
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot
from sqlmodel import select

from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.setup import demo_game
from eote_ref.store import JournalEvent, open_database
from eote_ref.ui.main_window import MainWindow
from tests.ui.helpers import active_window

#: The most inputs (keys and clicks, dice included) one corps-level turn may take.
BUDGET = 110
#: Today's figure before issue 15 (turn 2 of the same action): 205 keys and 23 clicks.
BEFORE = 228

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier
NONE = Qt.KeyboardModifier.NoModifier


class Umpire:
    """Keys to the focused widget and clicks on the dashboard's rows, each one counted."""

    def __init__(self, qtbot: QtBot, window: MainWindow) -> None:
        self.qtbot = qtbot
        self.window = window
        self.inputs = 0
        self.log: list[str] = []

    @property
    def game(self) -> GameService:
        assert self.window.hub is not None
        return self.window.hub.service

    def press(self, key: Qt.Key, modifiers: Qt.KeyboardModifier = NONE) -> None:
        """One key on whatever has the keyboard."""
        target = QApplication.focusWidget()
        assert target is not None, f"nothing has the keyboard before {key.name}: {self.log[-4:]}"
        self.qtbot.keyClick(target, key, modifiers)
        self.inputs += 1
        self.log.append(f"{key.name}/{type(target).__name__}")
        QApplication.processEvents()

    def die(self, value: int) -> None:
        """A d10 typed (0 reads 10): one key."""
        self.press(Qt.Key(Qt.Key.Key_0 + value % 10))

    def enter(self) -> None:
        self.press(Qt.Key.Key_Return)

    def escape(self) -> None:
        self.press(Qt.Key.Key_Escape)

    def shortcut(self, key: Qt.Key, modifiers: Qt.KeyboardModifier) -> None:
        self.press(key, modifiers)

    def next_phase(self) -> None:
        """Ctrl+Return: on to the next phase."""
        before = self.game.view().phase
        self.wait_no_wizard()
        self._to_dashboard()
        self.press(Qt.Key.Key_Return, CTRL)
        assert self.game.view().phase is not before or self.game.view().turn > 1, self.log[-4:]

    def click(self, name: str, modifiers: Qt.KeyboardModifier = NONE) -> None:
        """A real click on a unit's row in its side's table (Ctrl: added to the selection)."""
        self.wait_no_wizard()
        dashboard = self.window.dashboard
        assert dashboard is not None
        unit = next(u for s in self.game.view().sides for u in s.units if u.name == name)
        for pane in dashboard.panes:
            source = pane.model.unit_index(unit.id)
            if not source.isValid():
                continue
            index = pane.proxy.mapFromSource(source)
            pane.tree.scrollTo(index)
            QApplication.processEvents()
            rect = pane.tree.visualRect(index)
            assert rect.isValid(), name
            point = QPoint(rect.left() + 12, rect.center().y())
            self.qtbot.mouseClick(pane.tree.viewport(), Qt.MouseButton.LeftButton, modifiers, point)
            self.inputs += 1
            self.log.append(f"click {name}")
            QApplication.processEvents()
            return
        raise AssertionError(f"{name} is in neither table")

    def _to_dashboard(self) -> None:
        focus = QApplication.focusWidget()
        if focus is None or focus.window() is not self.window:
            self.window.activateWindow()
            self.qtbot.waitUntil(lambda: QApplication.activeWindow() is self.window)

    def wizard(self) -> QWidget | None:
        w = self.window.wizard
        return w if w is not None and w.isVisible() else None

    def wait_wizard(self) -> QWidget:
        self.qtbot.waitUntil(lambda: self.wizard() is not None)
        w = self.wizard()
        assert w is not None
        return w

    def wait_no_wizard(self) -> None:
        self.qtbot.waitUntil(lambda: self.wizard() is None and not self._batch_open())

    def _batch_open(self) -> bool:
        dialog = getattr(self.window, "batch_dialog", None)
        try:
            return bool(dialog is not None and dialog.isVisible())
        except RuntimeError:  # deleted
            return False

    # ------------------------------------------------------------------ checks
    def batch(self, key: Qt.Key, dice: list[int] | None = None) -> int:
        """A batch by its shortcut (Ctrl+Alt+key): a die per row if asked, Enter applies."""
        self._to_dashboard()
        before = len(self.game.journal())
        self.shortcut(key, CTRL | ALT)
        QApplication.processEvents()
        if not self._batch_open():
            return 0
        dialog = self.window.batch_dialog
        rows = dialog.table.rowCount()
        for value in (dice or [])[: len(dialog.edits)]:
            self.die(value)
        self.enter()
        self.qtbot.waitUntil(lambda: not self._batch_open())
        assert len(self.game.journal()) == before + 1, dialog.error.text()
        return rows

    def morale_chain(self, die: int) -> int:
        """The morale checks a result page hands on (Enter), each: Enter, die, Enter, Enter."""
        done = 0
        while True:
            w = self.wizard()
            if w is None or getattr(getattr(w, "check", None), "procedure", "") != "morale":
                return done
            self.enter()  # the facts are the state's: on to the roll
            self.die(die)
            self.enter()  # Apply
            self.enter()  # Finish: the next one of the chain opens
            self.qtbot.waitUntil(lambda w=w: not w.isVisible())
            done += 1

    def fire(self, key: Qt.Key, firers: list[str], target: str, die: int) -> int:
        """Firers clicked, the target Ctrl+clicked, the fire's shortcut, die, Apply all.

        Returns the morale checks it handed on (Enter), each resolved with :attr:`morale_die`.
        """
        self.click(firers[0])
        for name in firers[1:]:
            self.click(name, CTRL)
        self.click(target, CTRL)
        return self.fire_selected(key, die, (firers, target))

    #: The die every morale check a fire hands on is resolved with.
    morale_die = 5

    def fire_selected(self, key: Qt.Key, die: int, context: object = ()) -> int:
        """The fire's shortcut on the selection, die, Apply all, and the morale it hands on."""
        self.shortcut(key, CTRL | SHIFT)
        w = self.wait_wizard()
        self.die(die)
        self.enter()  # Apply all
        first = w.page(w.pageIds()[0])
        QApplication.processEvents()
        assert w.currentPage() is not first, (context, first.result.text(), self.log[-6:])
        if getattr(w, "morale_due", None):
            self.enter()  # the morale checks (the wizard closes first)
            self.qtbot.waitUntil(lambda: not w.isVisible())
            n = self.morale_chain(self.morale_die)
            if self.wizard() is not None:  # the infantry fire after the artillery's: later
                self.escape()
            return n
        self.escape()  # closed: the fire is in the journal
        self.qtbot.waitUntil(lambda: not w.isVisible())
        return 0

    def assault(self, attacker: str, defender: str, die: int) -> None:
        """Attacker clicked, defender Ctrl+clicked, Ctrl+Shift+X, Enter, die, Apply, close."""
        self.click(attacker)
        self.click(defender, CTRL)
        self.shortcut(Qt.Key.Key_X, CTRL | SHIFT)
        w = self.wait_wizard()
        self.enter()  # the facts are the table's: on to the roll
        self.die(die)
        self.enter()  # Apply
        self.escape()  # done
        self.qtbot.waitUntil(lambda: not w.isVisible())

    def due(self, procedure: str) -> int:
        """How many items of ``procedure`` the turn guide shows (read off the screen: free)."""
        guide = self.window.guide
        assert guide is not None
        return sum(1 for c in guide.checks if c.due and c.procedure == procedure)

    def guide(self, die: int, most: int = 12) -> int:
        """Every wizard check the turn guide still lists: Ctrl+G, Enter, Enter, die, Enter x2."""
        guide = self.window.guide
        assert guide is not None
        done = 0
        while any(c.due for c in guide.checks) and done < most:
            self._to_dashboard()
            self.press(Qt.Key.Key_G, CTRL)
            self.enter()
            w = self.wizard()
            if w is None:
                break
            self.enter()
            self.die(die)
            self.enter()  # Apply
            self.enter()  # Finish
            self.qtbot.waitUntil(lambda w=w: not w.isVisible())
            done += 1
        return done


@pytest.fixture
def window(qtbot: QtBot, tmp_path: pathlib.Path) -> Iterator[MainWindow]:
    db = open_database(tmp_path / "waterloo.sqlite")
    game_id = demo_game(db)
    yield from active_window(qtbot, db, game_id)


def _results(game: GameService, since: int) -> tuple[int, int]:
    """Journal steps since ``since`` (phase changes left out) and the results they hold.

    A batch holds a result per row, a fire queue one per fire.
    """
    steps = 0
    results = 0
    with game.db.session() as s:
        events = s.exec(
            select(JournalEvent).where(
                JournalEvent.game_id == game.game_id,
                JournalEvent.seq > since,
                JournalEvent.status == "done",
                JournalEvent.kind != "phase",
            )
        ).all()
        for e in events:
            steps += 1
            inputs = e.inputs if isinstance(e.inputs, dict) else {}
            results += max(1, len(inputs.get("items") or inputs.get("fires") or [0]))
    return steps, results


def _last_seq(game: GameService) -> int:
    entries = game.journal(limit=1)
    return entries[0].seq if entries else 0


#: The kinds of journal step every turn records (the batches hold many results each).
KINDS = (
    "command_radius",
    "initiative",
    "movement",
    "fire",
    "morale",
    "assault",
    "leader_casualty",
)

#: The fires of each turn: the shortcut's key, the firers clicked, the target Ctrl+clicked.
FIRES = [
    (Qt.Key.Key_A, ["20/6 Foot Battery", "10/6 Foot Battery"], "1/28th Foot"),
    (Qt.Key.Key_A, ["19/6 Foot Battery"], "1/32nd Foot"),
    (Qt.Key.Key_A, ["Rogers' Battery RA"], "1/19e Ligne"),
    (Qt.Key.Key_I, ["1/54e Ligne"], "1/79th Cameron Highlanders"),
    (Qt.Key.Key_I, ["2/54e Ligne"], "1/28th Foot"),
    (Qt.Key.Key_I, ["1/95th Rifles"], "1/19e Ligne"),
    (Qt.Key.Key_I, ["3/1st Royal Scots"], "2/19e Ligne"),
    (Qt.Key.Key_I, ["1/32nd Foot"], "1/51e Ligne"),
]
#: Who takes a target's place once it has left the table.
RESERVE_TARGET = {"1/28th Foot": "1/92nd Gordon Highlanders", "1/32nd Foot": "1/95th Rifles"}
#: Their dice, turn by turn (the provisional fire table: 1-2 disorder, 3-4 one hit, 5 two).
FIRE_DICE = {1: [5, 3, 4, 2, 3, 3, 1, 4], 2: [4, 6, 2, 3, 7, 3, 8, 9]}
#: The assaults' dice: engaged combats from last turn, then the two columns.
ASSAULT_DICE = {1: (5, 0, 3), 2: (4, 2, 9)}


def command_and_initiative(u: Umpire) -> None:
    """The command phase's batches the guide lists, then the initiative the French win.

    Routed units leave and disordered units rally when the guide lists them; every division's
    command radius is measured; the initiative takes both dice.
    """
    if u.due("remove_routed"):
        u.batch(Qt.Key.Key_U)
    if u.due("disorder_rally"):
        u.batch(Qt.Key.Key_D)
    u.batch(Qt.Key.Key_R)
    u.next_phase()
    u.shortcut(Qt.Key.Key_N, CTRL | SHIFT)
    u.wait_wizard()
    u.enter()
    u.die(8)
    u.die(2)
    u.enter()
    u.enter()
    u.next_phase()


def play_turn(u: Umpire, turn: int) -> dict[str, int]:
    """One turn of the corps action; returns its inputs and what the journal holds."""
    game = u.game
    start = u.inputs
    since = _last_seq(game)
    assert game.view().phase is Phase.COMMAND
    command_and_initiative(u)  # the command phase and the initiative
    # Movement: a battalion forms the French assault column (the moves are on the table).
    attackers = ["1/13e Léger", "1/17e Ligne"] if turn == 1 else ["2/13e Léger", "2/17e Ligne"]
    u.click(attackers[0])
    u.shortcut(Qt.Key.Key_F, CTRL | SHIFT)
    u.wait_wizard()
    u.press(Qt.Key.Key_A)  # "assault column" in the formation list
    u.enter()
    u.enter()
    u.enter()
    u.next_phase()
    # Fire: artillery, then infantry, both sides; morale checks handed on as they come.
    dice = FIRE_DICE[turn]
    on_table = {x.name for s in game.view().sides for x in s.units if not x.off_table}
    for (key, firers, target), die in zip(FIRES, dice, strict=True):
        if target not in on_table:  # gone (routed and removed): the next in line instead
            target = RESERVE_TARGET[target]
        assert all(f in on_table for f in firers), firers
        u.fire(key, firers, target, die)
    morale = u.batch(Qt.Key.Key_M, [6] * u.due("morale")) if u.due("morale") else 0
    u.next_phase()
    # Assault: combats still engaged from last turn first (the guide lists them), then the
    # two columns go in.
    u.guide(ASSAULT_DICE[turn][0])
    u.assault(attackers[0], "1/42nd Royal Highlanders", ASSAULT_DICE[turn][1])
    u.assault(attackers[1], "2/44th Foot", ASSAULT_DICE[turn][2])
    if u.due("morale"):
        morale += u.batch(Qt.Key.Key_M, [4] * u.due("morale"))
    u.next_phase()
    # Leader casualties: every leader near the combat, a die each, in one step.
    leaders = u.batch(Qt.Key.Key_L, [7] * 12)
    u.next_phase()
    # End of turn: cavalry that fought, integrity and rallies, as the guide lists them.
    if u.due("cavalry_end_of_turn"):
        u.batch(Qt.Key.Key_B)
    u.guide(1)
    u.next_phase()
    steps, results = _results(game, since)
    return {
        "inputs": u.inputs - start,
        "journal_steps": steps,
        "results": results,
        "leaders": leaders,
        "morale": morale,
    }


def test_two_turns_of_a_corps_action_within_the_budget(
    qtbot: QtBot, window: MainWindow, record_property: Callable[[str, object], None]
) -> None:
    u = Umpire(qtbot, window)
    assert window.dashboard is not None
    window.dashboard.panes[0].tree.setFocus()
    turns = [play_turn(u, 1), play_turn(u, 2)]
    view = u.game.view()
    assert (view.turn, view.phase) == (3, Phase.COMMAND)
    for n, t in enumerate(turns, 1):
        record_property(f"turn{n}_inputs", t["inputs"])
        sys.stdout.write(
            f"\ncorps action, turn {n}: {t['inputs']} inputs (before: {BEFORE}); "
            f"{t['journal_steps']} journal steps holding {t['results']} results\n"
        )
    out = os.environ.get("EOTE_REF_TURN_INPUTS")
    if out:
        pathlib.Path(out).write_text(json.dumps({"turns": turns}), encoding="utf-8")
    done = [e for e in u.game.journal(newest_first=False) if e.status == "done"]
    for n, t in enumerate(turns, 1):
        kinds = {e.kind for e in done if e.turn == n}
        for kind in KINDS:
            assert kind in kinds, (n, kind, kinds)
        assert sum(1 for e in done if e.turn == n and e.kind == "fire") == len(FIRES)
        assert t["journal_steps"] >= 15, t
        assert t["inputs"] <= BUDGET, (t, u.log)
