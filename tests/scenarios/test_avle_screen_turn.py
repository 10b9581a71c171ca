"""A whole AVlE turn through the pack screen by keys alone, the dice at random (issue 32's trial).

The umpire's club-night trial (tests/ui/test_pack_club_night.py) drove AVlE's Ligny by the
turn guide and typed dice; this plays whole turns so, on random dice: each step the turn
guide's, each die typed as its box's keys show. ``make test-slow`` plays more seeds.
"""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from eote_ref.store import Database
from eote_ref.ui.pack_game.check_dialog import PackCheckDialog, keys_text
from tests.budget import budget
from tests.ui.helpers import CTRL, Umpire, shown_window
from tests.ui.test_pack_club_night import ligny


def _key_of(face: object, faces: tuple[object, ...]) -> str:
    """What the umpire types for ``face`` in its die's box (the keys the box shows)."""
    if isinstance(face, int):
        return str(face)
    shown = dict(
        reversed(pair.split(" ", 1)) for pair in keys_text(faces).removeprefix("keys ").split(", ")
    )
    return shown[str(face).replace("_", " ")]


@pytest.mark.parametrize("seed", [1815 + n for n in range(budget(1, 6))])
def test_a_whole_turn_by_the_turn_guide_and_typed_dice(
    qtbot: QtBot, db: Database, seed: int
) -> None:
    """A whole AVlE turn (4.1, 5.1, 4.2) through the screen by keys alone, the dice at random.

    Each step is the turn guide's: Ctrl+G, Enter on its first item (else the next one the
    check takes: a side whose dice order nobody passes), each die typed as its box's keys
    show, Enter applies. Six rounds later turn 2 begins, every step one journal line.
    """
    rng = random.Random(seed)
    game = ligny(db)
    window = shown_window(qtbot, db, game.game_id)
    guide = window.pack_game.guide
    assert guide is not None
    umpire = Umpire(qtbot, window)
    steps = 0
    for _ in range(120):
        if game.state().turn == 2:
            break
        applied = False
        for row in range(len(guide.items())):
            umpire.press(Qt.Key.Key_G, CTRL)
            for _down in range(row):
                umpire.press(Qt.Key.Key_Down)
            umpire.press(Qt.Key.Key_Return)
            d = window.pack_game.dialog
            if not isinstance(d, PackCheckDialog):
                continue
            qtbot.waitUntil(lambda d=d: QApplication.activeWindow() is d)
            while d.trial is not None and d.trial.needed is not None:
                needed = d.trial.needed
                d.focus_die()
                for _die in range(max(1, needed.count)):
                    umpire.type(_key_of(rng.choice(needed.faces), needed.faces))
                assert d.trial is None or d.trial.needed != needed, d.result_text()
            if d.apply_button.isEnabled():
                umpire.press(Qt.Key.Key_Return)
                assert d.applied, d.result_text()
                applied = True
                break
            umpire.press(Qt.Key.Key_Escape)  # this item cannot be done now: the next one
            qtbot.waitUntil(lambda: window.pack_game.dialog is None)
        assert applied, guide.items()
        steps += 1
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    state = game.state()
    assert state.turn == 2
    assert state.pack_state["round"] == 1
    assert len(game.journal()) == steps
    assert any(d.check == "hand" for d in game.due())  # turn 2's hands (4.1)
    assert any(" orders " in e.summary for e in game.journal())  # orders given (5.1)
