"""A whole turn of a brigade action played from the keyboard alone, with every key counted.

The umpire's cost of a turn (issue 7): a French brigade (battalions and their battery)
attacks a British battalion. Each key goes to whichever widget has the focus, as on a real
keyboard; selecting a unit on the dashboard is counted as one click. The test fails if any
step needs the mouse, and checks the journal and the state the keys produced.
"""

from __future__ import annotations

import pathlib
import sys
from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.setup import NewGame, create_new_game, shipped_army_lists
from eote_ref.store import open_database
from eote_ref.ui.main_window import MainWindow
from tests.ui.helpers import CTRL_SHIFT, Umpire, active_window

#: The most keys and clicks a brigade action's turn may cost (the measured count is lower).
BUDGET = 56  # 54 before selections were carried in; now more checks are due (facts of the turn)


@pytest.fixture
def window(qtbot: QtBot, tmp_path: pathlib.Path) -> MainWindow:
    lists = {p.name: p for p in shipped_army_lists()}
    db = open_database(tmp_path / "brigade.sqlite")
    game_id = create_new_game(
        db,
        NewGame(
            "Brigade action",
            {
                "French": [lists["waterloo-1815-french.yaml"]],
                "Anglo-Allied": [lists["waterloo-1815-anglo-allied.yaml"]],
            },
        ),
    )
    yield from active_window(qtbot, db, game_id)


def test_a_brigade_actions_turn_from_the_keyboard(
    qtbot: QtBot, window: MainWindow, record_property: Callable[[str, object], None]
) -> None:
    assert window.hub is not None
    game = window.hub.service
    u = Umpire(qtbot, window)
    assert window.dashboard is not None
    window.dashboard.panes[0].tree.setFocus()

    # 1. Command control: nothing is due on a fresh table.
    u.next_phase()
    assert game.view().phase is Phase.INITIATIVE

    # 2. Initiative: open, the facts are the state's, two dice, Apply, Finish.
    u.press(Qt.Key.Key_N, CTRL_SHIFT)
    assert u.wizard_open()
    u.press(Qt.Key.Key_Return)
    u.press(Qt.Key.Key_8)  # French d10
    u.press(Qt.Key.Key_2)  # Anglo-Allied d10
    u.press(Qt.Key.Key_Return)
    u.press(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not u.wizard_open())
    french = next(s.position for s in game.view().sides if s.name == "French")
    assert game.view().initiative == french
    u.next_phase()

    # 3. Movement: the attacking battalion forms assault column (its move is on the table).
    u.click_unit(game, "1/54e Ligne")
    u.press(Qt.Key.Key_F, CTRL_SHIFT)
    assert u.wizard_open()
    u.type("a")  # "assault column" in the formation list
    u.press(Qt.Key.Key_Return)  # on to Confirm
    u.press(Qt.Key.Key_Return)  # Apply
    u.press(Qt.Key.Key_Return)  # Finish
    qtbot.waitUntil(lambda: not u.wizard_open())
    assert game.unit_view(_id(game, "1/54e Ligne")).formation == "french_assault_column"
    u.next_phase()

    # 4. Fire: the brigade battery, its target Ctrl+clicked on the other side's table; the
    # wizard opens at the die; Enter applies; Escape closes (infantry has no shot this turn).
    u.click_unit(game, "20/6 Foot Battery")
    u.ctrl_click_unit(game, "2/30th Foot")
    u.press(Qt.Key.Key_A, CTRL_SHIFT)
    assert u.wizard_open()
    u.press(Qt.Key.Key_4)
    u.press(Qt.Key.Key_Return)  # Apply all
    u.press(Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not u.wizard_open())
    assert any(e.kind == "fire" for e in game.journal())
    u.clear_guide(Qt.Key.Key_3)  # any morale check the fire caused
    u.next_phase()

    # 5. Assault: the column and the battalion it goes in against, both picked on the tables.
    u.click_unit(game, "1/54e Ligne")
    u.ctrl_click_unit(game, "2/30th Foot")
    u.press(Qt.Key.Key_X, CTRL_SHIFT)
    assert u.wizard_open()
    u.press(Qt.Key.Key_Return)  # on to the roll
    u.press(Qt.Key.Key_9)
    u.press(Qt.Key.Key_Return)  # Apply
    u.press(Qt.Key.Key_Escape)  # done (no breakthrough to follow up)
    qtbot.waitUntil(lambda: not u.wizard_open())
    u.clear_guide(Qt.Key.Key_6)  # morale checks the assault calls for
    u.next_phase()

    # 6. Leader casualty: every leader near this turn's combat, one die each.
    assert game.view().phase is Phase.LEADER_CASUALTY
    leaders = u.clear_guide(Qt.Key.Key_7)
    assert leaders >= 1
    u.next_phase()

    # 7. Divisional integrity (whatever the state calls for), then the next turn.
    u.clear_guide(Qt.Key.Key_1)  # a 1 holds every division: no second roll asked
    u.next_phase()

    view = game.view()
    assert (view.turn, view.phase) == (2, Phase.COMMAND)
    kinds = [e.kind for e in game.journal(newest_first=False) if e.status == "done"]
    for kind in ("initiative", "movement", "fire", "assault", "leader_casualty"):
        assert kind in kinds, kinds
    total = u.keys + u.clicks
    record_property("keys", u.keys)
    record_property("clicks", u.clicks)
    sys.stdout.write(f"\nbrigade action, one turn: {u.keys} keys + {u.clicks} clicks = {total}\n")
    assert total <= BUDGET, u.log


def _id(game: GameService, name: str) -> int:
    return next(u.id for s in game.view().sides for u in s.units if u.name == name)
