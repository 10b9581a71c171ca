"""A corps turn at 6mm, units found by their codes, from the keyboard and the mouse only.

Issue 24's measure: Soult's IV Corps attacks the allies' 4th Column on the Pratzen
(:func:`tests.corps_game.corps_game_6mm`: the shipped scenario ``austerlitz-pratzen``, at 6mm;
another scenario is one change in that function). The turn has every
phase: the command radius of every division, the initiative, a move, artillery and infantry
fire on both sides (six fires and more), the morale checks they call for, two assaults, the
leader casualties and the end of the turn's integrity checks. Every unit is found by its
code: its number typed on its side's table (``1``, ``2`` selects F12), Ctrl and the number
adds the other side's unit as the target, F6 changes table. Every input is a real key press
or click, dice included, counted; the turn may take at most :data:`BUDGET`. With
``EOTE_REF_TURN_INPUTS`` set to a file name the counts are written there as JSON
(``scripts/bench.py`` reads them as ``turn_inputs_6mm``).

:func:`test_one_battalions_fire_costs_five_inputs_and_the_die` measures one battalion's fire
at 6mm and at 15mm alike (issue 24: five and the die at both).
"""

from __future__ import annotations

import json
import os
import pathlib
import sys
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from eote_ref.referee.phases import Phase
from eote_ref.store import get_game, open_database
from eote_ref.ui.main_window import MainWindow
from tests.corps_game import corps_game_6mm
from tests.scenarios.test_corps_turn import (
    CTRL,
    NONE,
    SHIFT,
    Umpire,
    _last_seq,
    _results,
    command_and_initiative,
)
from tests.ui.helpers import active_window

#: The most inputs (keys and clicks, dice included) the 6mm corps turn may take (issue 24).
BUDGET = 120


class CodeUmpire(Umpire):
    """The umpire who finds every unit by its code on the dashboard's tables."""

    #: The die of every morale check a fire hands on (10: the battalion routs).
    morale_die = 10

    def _pane(self, code: str) -> int:
        """The table of unit ``code``'s side (the tables show the sides in order)."""
        for i, side in enumerate(self.game.view().sides):
            if any(u.code == code for u in side.units):
                return i
        raise AssertionError(f"no unit {code}")

    def _digits(self, code: str, modifiers: Qt.KeyboardModifier = NONE) -> None:
        dashboard = self.window.dashboard
        assert dashboard is not None
        dashboard.code_keys.clock.invalidate()  # a pause: a new number
        for ch in code[1:]:
            self.press(Qt.Key(Qt.Key.Key_0 + int(ch)), modifiers)

    def pick(self, code: str) -> None:
        """Select unit ``code``: its side's table takes the keyboard (F6), then its number."""
        self.wait_no_wizard()
        self._to_dashboard()
        dashboard = self.window.dashboard
        assert dashboard is not None
        i = self._pane(code)
        trees = [p.tree for p in dashboard.panes]
        if QApplication.focusWidget() is not trees[i]:
            if QApplication.focusWidget() is not trees[1 - i]:
                trees[1 - i].setFocus()  # where the last wizard left it: counted below
            self.press(Qt.Key.Key_F6)
            self.qtbot.waitUntil(trees[i].hasFocus)
        self._digits(code)
        assert dashboard.current_unit() is not None
        assert dashboard.current_unit().code == code, (code, self.log[-4:])  # type: ignore[union-attr]

    def add(self, code: str) -> None:
        """Add the other side's unit ``code`` (the target): Ctrl and its number."""
        self._digits(code, CTRL)
        dashboard = self.window.dashboard
        assert dashboard is not None
        assert code in [u.code for u in dashboard.selection()[1]], (code, self.log[-4:])

    def fire_by_code(self, key: Qt.Key, firer: str, target: str, die: int) -> int:
        """Firer by its number, target by Ctrl and its number, the fire's shortcut, die, Apply.

        Returns the morale checks it handed on, each resolved with :attr:`morale_die`.
        """
        self.pick(firer)
        self.add(target)
        return self.fire_selected(key, die)

    def assault_by_code(self, attacker: str, defender: str, die: int) -> None:
        """Attacker by its number, defender by Ctrl and its number, Ctrl+Shift+X, die, Apply."""
        self.pick(attacker)
        self.add(defender)
        self.shortcut(Qt.Key.Key_X, CTRL | SHIFT)
        w = self.wait_wizard()
        self.enter()  # the facts are the table's: on to the roll
        self.die(die)
        self.enter()  # Apply
        self.escape()  # done
        self.qtbot.waitUntil(lambda: not w.isVisible())


@pytest.fixture
def window(qtbot: QtBot, tmp_path: pathlib.Path) -> Iterator[MainWindow]:
    db = open_database(tmp_path / "pratzen.sqlite")
    game_id = corps_game_6mm(db)
    yield from active_window(qtbot, db, game_id)


#: The fires: the shortcut's key, the firer's code, the target's code, the die.
FIRES = [
    (Qt.Key.Key_A, "F11", "A2", 4),  # Saint-Hilaire's battery
    (Qt.Key.Key_A, "F22", "A5", 4),  # Vandamme's battery
    (Qt.Key.Key_A, "A14", "F1", 4),  # the Russian position company
    # The French battalions are in column (the scenario's formation): the allies fire.
    (Qt.Key.Key_I, "A3", "F1", 4),
    (Qt.Key.Key_I, "A4", "F1", 4),  # a third hit: its morale check
    (Qt.Key.Key_I, "A6", "F13", 3),
    (Qt.Key.Key_I, "A7", "F14", 7),
]
#: The assaults: attacker, defender, die (after the engaged combats the guide lists).
ASSAULTS = [("F12", "A8", 9), ("F13", "A9", 2)]

#: The kinds of journal step the turn records.
KINDS = (
    "command_radius",
    "integrity",
    "initiative",
    "movement",
    "fire",
    "morale",
    "assault",
    "leader_casualty",
)


def play_turn(u: CodeUmpire) -> dict[str, int]:
    """One turn of the 6mm corps action; returns its inputs and what the journal holds."""
    game = u.game
    start = u.inputs
    since = _last_seq(game)
    assert game.view().phase is Phase.COMMAND
    # Command phase (every division's command radius in one batch) and the initiative.
    command_and_initiative(u)
    # Movement: Vandamme's leading battalion forms the assault column.
    u.pick("F12")
    u.shortcut(Qt.Key.Key_F, CTRL | SHIFT)
    u.wait_wizard()
    u.press(Qt.Key.Key_A)  # "assault column" in the formation list
    u.enter()
    u.enter()
    u.enter()
    u.next_phase()
    # Fire: artillery, then infantry, both sides; morale checks handed on as they come.
    for key, firer, target, die in FIRES:
        u.fire_by_code(key, firer, target, die)
    if u.due("morale"):
        u.batch(Qt.Key.Key_M, [6] * u.due("morale"))
    u.next_phase()
    # Assault: the two columns go in.
    u.guide(5)
    for attacker, defender, die in ASSAULTS:
        u.assault_by_code(attacker, defender, die)
    if u.due("morale"):
        u.batch(Qt.Key.Key_M, [4] * u.due("morale"))
    u.next_phase()
    # Leader casualties: every leader near the combat, a die each, in one step.
    u.batch(Qt.Key.Key_L, [7] * 12)
    u.next_phase()
    # End of turn: cavalry that fought, integrity and rallies, as the guide lists them.
    if u.due("cavalry_end_of_turn"):
        u.batch(Qt.Key.Key_B)
    u.guide(1)
    u.next_phase()
    steps, results = _results(game, since)
    return {"inputs": u.inputs - start, "journal_steps": steps, "results": results}


def test_a_corps_turn_at_6mm_by_codes_within_the_budget(
    qtbot: QtBot, window: MainWindow, record_property: Callable[[str, object], None]
) -> None:
    u = CodeUmpire(qtbot, window)
    assert window.dashboard is not None
    window.dashboard.panes[0].tree.setFocus()
    turn = play_turn(u)
    view = u.game.view()
    assert (view.turn, view.phase) == (2, Phase.COMMAND)
    record_property("turn_inputs_6mm", turn["inputs"])
    sys.stdout.write(
        f"\ncorps action at 6mm: {turn['inputs']} inputs; {turn['journal_steps']} journal steps "
        f"holding {turn['results']} results\n"
    )
    out = os.environ.get("EOTE_REF_TURN_INPUTS")
    if out:
        pathlib.Path(out).write_text(json.dumps({"turns": [turn]}), encoding="utf-8")
    done = [e for e in u.game.journal(newest_first=False) if e.status == "done"]
    kinds = {e.kind for e in done if e.turn == 1}
    for kind in KINDS:
        assert kind in kinds, (kind, kinds)
    assert sum(1 for e in done if e.turn == 1 and e.kind == "fire") == len(FIRES) >= 6
    assert sum(1 for e in done if e.turn == 1 and e.kind == "assault") == len(ASSAULTS)
    # The checks the fire and the assaults called for were taken: a morale check (the third
    # hit on 1/10e Léger, which routs), the leaders near the combats and Saint-Hilaire's
    # integrity check (infantry routed).
    assert any(e.kind == "integrity" for e in done if e.turn == 1)
    # Every unit was found by its code: no row was clicked.
    assert not [x for x in u.log if x.startswith("click")]
    assert turn["inputs"] <= BUDGET, (turn, u.log)


@pytest.mark.parametrize("scale", ["6mm", "15mm"])
def test_one_battalions_fire_costs_five_inputs_and_the_die(
    qtbot: QtBot, tmp_path: pathlib.Path, scale: str
) -> None:
    """Click the firer, Ctrl+click the target, Ctrl+Shift+I, the die, Apply all, close."""
    db = open_database(tmp_path / f"fire-{scale}.sqlite")
    game_id = corps_game_6mm(db)
    with db.session() as s:
        game_row = get_game(s, game_id)
        game_row.figure_scale = scale
        game_row.phase = Phase.FIRE.value  # the fire phase of turn 1: the rest is not needed
        s.commit()
    windows = active_window(qtbot, db, game_id)
    window = next(windows)
    u = CodeUmpire(qtbot, window)
    assert window.dashboard is not None
    window.dashboard.panes[0].tree.setFocus()
    game = u.game
    # An allied battalion (in line; the French start in column) at a French one.
    firer = next(x.name for x in game.view().sides[1].units if x.code == "A2")
    target = next(x.name for x in game.view().sides[0].units if x.code == "F1")
    before = u.inputs
    u.click(firer)
    u.click(target, CTRL)
    u.fire_selected(Qt.Key.Key_I, 4)
    fire = [e for e in game.journal(newest_first=False) if e.kind == "fire"]
    assert len(fire) == 1
    assert u.inputs - before == 6  # five and the die
    sys.stdout.write(f"\none battalion's fire at {scale}: {u.inputs - before - 1} and the die\n")
    for _ in windows:  # the window and the database are closed after its one yield
        pass
