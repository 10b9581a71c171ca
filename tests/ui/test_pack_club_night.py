"""An umpire's club-night trial of the pack screen (AVlE's Ligny, VlE's Saalfeld): its findings.

Each test is a defect the trial met in the real main window, driven by keys on the focused
widget as the umpire typed them.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from eote_ref.referee.pack_lists import pack_battle
from eote_ref.referee.pack_play import NewPackGame, PackGameService, new_pack_game
from eote_ref.store import Database
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.pack_game.check_dialog import PackCheckDialog
from tests.avle_games import saalfeld
from tests.ui.helpers import CTRL, Umpire, shown_window

#: The options the trial drew (AVlE 9.4, 6.0, 12.0, 10.1).
OPTIONS = {
    "general_kill_losses": "table",
    "garrison_reabsorb": "any_arm",
    "old_guard_rally_dice": 4,
    "artillery_ignores_retreat": "second_firer",
}


def ligny(db: Database) -> PackGameService:
    """The text's Ligny (AVlE 13.3) with the trial's options."""
    battle = pack_battle("avle", "ligny")
    sides = {name: list(paths) for name, paths in battle.sides}
    spec = NewPackGame("Ligny", "avle", sides, OPTIONS, battle.scenario)
    return PackGameService(db, new_pack_game(db, spec))


@pytest.fixture
def window(qtbot: QtBot, db: Database) -> MainWindow:
    return shown_window(qtbot, db, ligny(db).game_id)


def _dialog(window: MainWindow) -> PackCheckDialog:
    d = window.pack_game.dialog
    assert isinstance(d, PackCheckDialog), "no check wizard is open"
    return d


def _hands_from_the_guide(umpire: Umpire) -> None:
    for _side in range(2):  # Ctrl+G, Enter on the hand due, Enter takes the hand offered
        umpire.press(Qt.Key.Key_G, CTRL)
        umpire.press(Qt.Key.Key_Return)
        umpire.press(Qt.Key.Key_Return)


def test_a_pool_of_command_dice_is_typed_one_key_a_die(qtbot: QtBot, window: MainWindow) -> None:
    """Found in the trial: the five command dice (AVlE 5.1) took a Tab after every die.

    The first key went to the first die and the next ones searched its list ("fi": no face),
    so the umpire Tabbed from box to box, while the last die of the French pool moved the
    keyboard to the Prussian pool on its own. Now each die typed moves to the next one.
    """
    umpire = Umpire(qtbot, window)
    _hands_from_the_guide(umpire)
    umpire.press(Qt.Key.Key_G, CTRL)
    umpire.press(Qt.Key.Key_Return)
    d = _dialog(window)
    d.focus_die()
    umpire.keys = 0
    umpire.type("fiict")  # French: flag, infantry, infantry, cannon, trooper
    assert d.rolls.get("French_dice") == ["flag", "infantry", "infantry", "cannon", "trooper"]
    assert QApplication.focusWidget() is d.dice_rows["Prussians_dice"].combos[0]
    umpire.type("gific")
    assert d.rolls.get("Prussians_dice") == ["general", "infantry", "flag", "infantry", "cannon"]
    umpire.press(Qt.Key.Key_Return)
    assert d.applied
    assert umpire.keys == 11


def _round_dealt(game: PackGameService) -> dict[str, int]:
    """Both hands taken, both sides' centre card played, the dice rolled (4.1, 5.1)."""
    side = {s.name: s.id for s in game.state().sides}
    for s in game.state().sides:
        game.open_check("hand", side_id=s.id).apply()
    check = game.open_check("round")
    check.set(f"card_{side['French']}", "centre")
    check.set(f"card_{side['Prussians']}", "centre")
    check.apply(
        {
            "French_dice": ["flag", "infantry", "infantry", "cannon", "trooper"],
            "Prussians_dice": ["general", "infantry", "flag", "infantry", "cannon"],
        }
    )
    return side


def test_a_reaction_due_before_the_shock_is_the_guide_s_first_and_current_item(
    qtbot: QtBot, db: Database
) -> None:
    """Found in the trial: Ctrl+G, Enter after a charge opened the next order, not the reaction.

    The guide kept its first item (the order due) current when the charge put the charged
    unit's reaction (9.3) before it. The first item, current because it was the first, gives
    way to an item put before it; one the umpire moved to stays (issue 30's test).
    """
    game = ligny(db)
    side = _round_dealt(game)
    units = {u.code: u.id for u in game.state().units}
    game.open_check("order", side_id=side["Prussians"]).apply()  # the Prussians order first
    order = game.open_check("order", unit_id=units["F14"])  # heavy cavalry I1
    order.set("face", "trooper")
    order.apply()
    window = shown_window(qtbot, db, game.game_id)
    guide = window.pack_game.guide
    assert guide is not None
    assert guide.list.currentRow() == 0  # the Prussians' next order, as the umpire found it
    charge = game.open_check("charge", unit_id=units["F14"])
    charge.set("target_unit", units["P13"])
    charge.apply()
    # The window follows the game file (another copy of the service wrote the charge).
    qtbot.waitUntil(lambda: guide.items()[0].startswith("Regular infantry H9: may react"))
    umpire = Umpire(qtbot, window)
    umpire.press(Qt.Key.Key_G, CTRL)
    umpire.press(Qt.Key.Key_Return)
    d = _dialog(window)
    assert d.check.spec.key == "reaction"
    assert d.check.target == {"unit_id": units["P13"]}


def test_the_shock_of_a_charge_declared_opens_in_its_die_on_the_unit_charged(
    qtbot: QtBot, db: Database
) -> None:
    """Found in the trial: the shock's d10 typed went to its target's list and chose a unit.

    After a charge (AVlE 9.3) the shock offered the unit charged first, but the keyboard was
    in the target's list, where a number picks a unit by its code: the umpire's 3 to hit
    made P3 the target, silently. The target the charge settled is read from the game now
    and the wizard opens in the die, as when Ctrl and a code mark the target.
    """
    game = ligny(db)
    side = _round_dealt(game)
    units = {u.code: u.id for u in game.state().units}
    game.open_check("order", side_id=side["Prussians"]).apply()
    order = game.open_check("order", unit_id=units["F14"])
    order.set("face", "trooper")
    order.apply()
    charge = game.open_check("charge", unit_id=units["F14"])
    charge.set("target_unit", units["P13"])
    charge.apply()
    game.open_check("reaction", unit_id=units["P13"]).apply({"reaction_dice": ["french"]})
    window = shown_window(qtbot, db, game.game_id)
    umpire = Umpire(qtbot, window)
    dashboard = window.pack_game.dashboard
    assert dashboard is not None
    dashboard.focus_side(side["French"])
    dashboard.codes.keys.clock.invalidate()
    umpire.press(Qt.Key.Key_1)
    umpire.press(Qt.Key.Key_4)  # F14 selected
    umpire.press(Qt.Key.Key_8, Qt.KeyboardModifier.AltModifier)  # Shock
    d = _dialog(window)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is d)
    assert d.questions["target_unit"].value() == units["P13"]
    umpire.type("34")  # 3 to hit, 4 on the combat effect table
    assert d.questions["target_unit"].value() == units["P13"]
    umpire.press(Qt.Key.Key_Return)
    assert d.applied
    assert game.journal()[0].summary.startswith("Heavy cavalry I1 ")
    assert "Regular infantry H9" in game.journal()[0].summary


def test_a_rally_batch_lists_the_rallying_first_and_takes_their_dice_by_keys(
    qtbot: QtBot, db: Database
) -> None:
    """Found in the trial: the rally batch (AVlE 12.0) buried its 3 rows among 23 refused.

    The units ordered this round came 12th to 14th of the Prussians' 26 rows, and the
    keyboard was on the table's first (refused) row: the dice needed the mouse. The rows the
    check takes come first now, the keyboard in the first one's first die, each die typed
    moving on to the next, row after row; Enter applies.
    """
    from tests.avle_games import mark

    game = ligny(db)
    side = _round_dealt(game)
    units = {u.code: u.id for u in game.state().units}
    mark(
        game,
        ("game_unit", units["P12"], "markers.elements", 2),
        ("game_unit", units["P13"], "markers.elements", 3),
        ("game_unit", units["P14"], "markers.elements", 3),
    )
    for code in ("P12", "P13", "P14"):  # the French pass; each Prussian unit its order
        while game.state().pack_state.get("to_order") == side["French"]:
            game.open_check("pass", side_id=side["French"]).apply()
        order = game.open_check("order", unit_id=units[code])
        order.set("face", "infantry" if code != "P13" else "flag")
        order.apply()
    window = shown_window(qtbot, db, game.game_id)
    dashboard = window.pack_game.dashboard
    assert dashboard is not None
    umpire = Umpire(qtbot, window)
    dashboard.focus_side(side["Prussians"])
    dashboard.codes.keys.clock.invalidate()
    umpire.press(Qt.Key.Key_1)
    umpire.press(Qt.Key.Key_2)  # P12 selected: its side's batch
    umpire.press(Qt.Key.Key_1, CTRL | Qt.KeyboardModifier.AltModifier)
    d = window.pack_game.dialog
    from eote_ref.ui.pack_game.batch_dialog import PackBatchDialog

    assert isinstance(d, PackBatchDialog)
    assert [i.label for i in d.batch.items[:3]] == [
        "P12 Regular infantry L10",
        "P13 Regular infantry H9",
        "P14 Regular infantry K9",
    ]
    assert all(i.refused for i in d.batch.items[3:])
    qtbot.waitUntil(lambda: QApplication.activeWindow() is d)
    umpire.keys = 0
    umpire.type("ifc")  # P12: infantry, flag, cannon
    umpire.type("iii")
    umpire.type("fcf")
    umpire.press(Qt.Key.Key_Return)
    assert d.applied
    assert umpire.keys == 10
    line = game.journal()[0].summary
    assert line.startswith("Rally of 3 units (AVlE 12.0): P12 ")
    assert "; P13 " in line
    assert "; P14 " in line


def test_a_target_marked_that_the_check_does_not_take_is_said_not_dropped(
    qtbot: QtBot, db: Database
) -> None:
    """Found in the trial (VlE's Saalfeld): Ctrl and a code marked the target, then ignored.

    The umpire selected the French firer, marked the Prussian regiment with Ctrl+2 and opened
    VlE's fire (VII.3), which is made on the unit fired on and asks no unit: it opened on the
    French firer, the mark dropped without a word, and would have taken the French unit's
    steps. The wizard and the status bar now say the mark is not this check's.
    """
    game_id = saalfeld(db, scenario="saalfeld").game_id
    window = shown_window(qtbot, db, game_id)
    dashboard = window.pack_game.dashboard
    assert dashboard is not None
    state = window.pack_game.hub.service.state()
    french = next(s.id for s in state.sides if s.name == "French")
    umpire = Umpire(qtbot, window)
    dashboard.focus_side(french)
    dashboard.codes.keys.clock.invalidate()
    umpire.press(Qt.Key.Key_1)  # F1 17e Léger
    dashboard.codes.keys.clock.invalidate()
    umpire.press(Qt.Key.Key_2, CTRL)  # P2 IR 49 Müffling marked as the target
    fire = window.findChild(QAction, "actionPackCheck_fire").shortcut()[0]
    umpire.press(fire.key(), fire.keyboardModifiers())
    d = _dialog(window)
    assert d.subject_text().startswith("F1 17e Léger")
    warning = "P2 IR 49 Müffling, marked as the target, is not asked by this check"
    assert warning in d.subject_label.text()
    assert warning in window.statusBar().currentMessage()
    d.answer("die_bonus", 1)  # an answer keeps the warning
    assert warning in d.subject_label.text()


def test_after_a_batch_the_keyboard_is_back_where_it_was_and_the_line_counts_right(
    qtbot: QtBot, db: Database
) -> None:
    """Found in the trial: after a rally batch (AVlE 12.0) nothing had the keyboard.

    A check's wizard gave the keyboard back to the table it was opened from and said
    *Applied*; the batch left no window active and the status bar silent, and its line
    read *Rally of 1 units*.
    """
    from tests.avle_games import mark

    game = ligny(db)
    side = _round_dealt(game)
    units = {u.code: u.id for u in game.state().units}
    mark(game, ("game_unit", units["P12"], "markers.elements", 2))
    while game.state().pack_state.get("to_order") == side["French"]:
        game.open_check("pass", side_id=side["French"]).apply()
    order = game.open_check("order", unit_id=units["P12"])
    order.set("face", "infantry")
    order.apply()
    window = shown_window(qtbot, db, game.game_id)
    dashboard = window.pack_game.dashboard
    assert dashboard is not None
    umpire = Umpire(qtbot, window)
    dashboard.focus_side(side["Prussians"])
    dashboard.codes.keys.clock.invalidate()
    umpire.press(Qt.Key.Key_1)
    umpire.press(Qt.Key.Key_2)
    table = QApplication.focusWidget()
    umpire.press(Qt.Key.Key_1, CTRL | Qt.KeyboardModifier.AltModifier)
    umpire.type("iii")
    umpire.press(Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is table)
    assert window.statusBar().currentMessage().startswith("Applied: Rally")
    assert game.journal()[0].summary.startswith("Rally of 1 unit (AVlE 12.0): P12 ")
    assert window.pack_game.dialog is None


def test_a_check_the_game_answered_whole_takes_the_die_typed_not_an_answer(
    qtbot: QtBot, db: Database
) -> None:
    """Found in the trial of Ligny (AVlE 9.4): a General's hit roll opened from the turn guide.

    Every answer was read from the fire that fell due (3 elements lost, no retreat ignored),
    yet the keyboard was in the first answer: the d10 typed, a 1, replaced the 3 elements
    lost, so the General was killed on a 1 alone (10%) instead of 1 to 3 (30%), and the die
    was still to enter. A check the game answered whole now takes the die first.
    """
    from tests.avle_games import mark, quatre_bras

    game = quatre_bras(db)
    general = next(g for g in game.state().leaders if g.name == "Reille")
    pending = [{"check": "general_hit", "label": "Reille: is he hit? (3 lost, 9.4)",
                "rule": "9.4", "target": {"leader_id": general.id}, "losses": 3,
                "may_ignore_retreat": False}]  # fmt: skip
    mark(game, ("game", game.game_id, "pack_state.pending", pending))
    window = shown_window(qtbot, db, game.game_id)
    window.pack_game.open_check("general_hit", {"leader_id": general.id})
    d = _dialog(window)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is d)
    assert QApplication.focusWidget() is d.dice_rows["roll"].combos[0]
    Umpire(qtbot, window).type("1")
    assert d.check.values["losses"] == 3
    assert d.rolls == {"roll": 1}


def test_alt_d_takes_the_keyboard_from_a_question_to_the_dice(qtbot: QtBot, db: Database) -> None:
    """Found in the trial of Saalfeld: a VlE morale check's dice were seven Tabs away.

    The keyboard starts in the first of its seven questions (why the check, the morale, the
    steps, the leader's bonus...); the two d6 came after them all. Alt+D goes to the die
    asked for next: Alt+1, Alt+D, two faces and Enter are the whole check.
    """
    game_id = saalfeld(db, scenario="saalfeld").game_id
    window = shown_window(qtbot, db, game_id)
    dashboard = window.pack_game.dashboard
    assert dashboard is not None
    service = window.pack_game.hub.service
    leger = next(u for u in service.state().units if u.name == "17e Léger")
    dashboard.focus_side(leger.side_id)
    dashboard.codes.keys.clock.invalidate()
    umpire = Umpire(qtbot, window)
    umpire.press(Qt.Key.Key_1)  # F1 17e Léger
    umpire.keys = 0
    morale = window.findChild(QAction, "actionPackCheck_morale").shortcut()[0]
    umpire.press(morale.key(), morale.keyboardModifiers())
    d = _dialog(window)
    assert d.check.target == {"unit_id": leger.id}
    qtbot.waitUntil(lambda: QApplication.activeWindow() is d)
    assert QApplication.focusWidget() is d.questions["reason"].widget
    umpire.press(Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is d.dice_rows["dice"].combos[0]
    umpire.type("34")
    umpire.press(Qt.Key.Key_Return)
    assert d.applied
    assert umpire.keys == 5
    assert service.journal()[0].summary == "17e Léger checks morale at 9: passed (X.2)"
