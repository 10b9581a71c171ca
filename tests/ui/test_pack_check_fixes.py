"""Defects umpires met in the pack screen's checks (AVlE's Ligny and Quatre Bras): each a test."""

from __future__ import annotations

import pathlib

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QScrollArea
from pytestqt.qtbot import QtBot

from eote_ref.referee.pack_lists import pack_battle
from eote_ref.referee.pack_play import NewPackGame, PackGameService, new_pack_game
from eote_ref.store import Database
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.pack_game.check_dialog import PackCheckDialog
from eote_ref.ui.pack_game.check_picker import CheckPicker
from tests.ui.helpers import shown_window
from tests.ui.test_pack_club_night import ligny
from tests.ui.test_vle_game import FRENCH as VLE_FRENCH
from tests.ui.test_vle_game import PRUSSIAN as VLE_PRUSSIAN


def avle_battle(db: Database, key: str) -> PackGameService:
    """One of the text's AVlE battles (13.1-13.3) with its shipped lists."""
    battle = pack_battle("avle", key)
    sides = {name: list(paths) for name, paths in battle.sides}
    spec = NewPackGame(battle.title, "avle", sides, scenario=battle.scenario)
    return PackGameService(db, new_pack_game(db, spec))


def offered_keys(window: MainWindow) -> dict[str, set[str]]:
    """The checks the screen offers, by where: the Checks bar, the menu, Ctrl+K's picker."""
    screen = window.pack_game
    dashboard = screen.dashboard
    assert dashboard is not None
    bar = {key for key, action in dashboard.check_actions.items() if action.isVisible()}
    menu = {
        a.objectName().removeprefix("actionPackCheck_")
        for a in window.menuAdjudicate.actions()
        if a.objectName().startswith("actionPackCheck_") and a.isVisible()
    }
    picker = screen.pick_check()
    assert isinstance(picker, CheckPicker)
    listed = set(picker.shown_keys())
    picker.reject()
    return {"bar": bar, "menu": menu, "picker": listed}


def test_a_scenario_s_own_check_is_offered_only_in_that_scenario(
    qtbot: QtBot, db: Database
) -> None:
    """Found in the trial: a game of Ligny (AVlE 13.3) offered "Quatre Bras control".

    The control of the crossroads is 13.2's victory, Quatre Bras's alone; the Prussian
    arrivals are Waterloo's (13.1), the deployment and reinforcements a hypothetical
    battle's (14.0). The Checks bar, the Adjudicate menu and Ctrl+K list a scenario's check
    only in a game of that scenario; the other checks keep their Alt+number.
    """
    ligny = shown_window(qtbot, db, avle_battle(db, "ligny").game_id)
    own = {"quatre_bras", "prussian_arrival", "deployment", "reinforcement"}
    for where, keys in offered_keys(ligny).items():
        assert not keys & own, (where, sorted(keys & own))
        assert {"hand", "round", "victory", "shock"} <= keys, where
    shock = ligny.findChild(QAction, "actionPackCheck_shock")
    assert shock is not None
    assert shock.shortcut().toString() == "Alt+8"  # as in every game
    ligny.close()
    qb = shown_window(qtbot, db, avle_battle(db, "quatre_bras").game_id)
    for where, keys in offered_keys(qb).items():
        assert "quatre_bras" in keys, where
        assert not keys & {"prussian_arrival", "deployment", "reinforcement"}, where


def test_every_scenario_check_names_a_scenario_of_its_pack() -> None:
    """A check's scenarios are keys of its play's (a misspelt one would hide it everywhere)."""
    from eote_ref.packs import registry

    for pack in registry.PLAYS:
        play = registry.get_play(pack)
        assert play is not None
        for spec in play.checks.values():
            assert set(spec.scenarios) <= set(play.scenarios), (pack, spec.key)


def _target(game: PackGameService, kind: str) -> dict[str, int]:
    """A target of ``kind`` for a check: the first side's middle unit, its first General."""
    state = game.state()
    side = state.sides[0].id
    if kind == "unit":
        units = [u for u in state.units if u.side_id == side]
        return {"unit_id": units[len(units) // 2].id}
    if kind == "leader":
        return {"leader_id": next(g.id for g in state.leaders if g.side_id == side)}
    return {"side_id": side} if kind == "side" else {}


def test_the_questions_fit_their_pane_at_the_dialog_s_size(
    qtbot: QtBot, db: Database, tmp_path: pathlib.Path
) -> None:
    """Found in the trial: the questions' pane scrolled sideways at the dialog's own size.

    A charge's long question (AVlE 9.3: starts or passes through a hex of the frontal arc)
    as a check box's one line, and a long unit's name in a combo box, set the pane's width.
    Every check of Ligny and of VlE's Saalfeld opens now with no horizontal scroll bar: the
    words wrap, the boxes take the pane's width.
    """
    games = [avle_battle(db, "ligny")]
    spec = NewPackGame("Saalfeld", "vle", {"French": [VLE_FRENCH], "Prussians": [VLE_PRUSSIAN]},
                       scenario="saalfeld")  # fmt: skip
    games.append(PackGameService(db, new_pack_game(db, spec)))
    seen = 0
    for game in games:
        window = shown_window(qtbot, db, game.game_id)
        for key, spec_ in game.play.offered(game.state()).items():
            d = window.pack_game.open_check(key, _target(game, spec_.target))
            if d is None:  # refused on this target (a General's check with none hit)
                continue
            assert isinstance(d, PackCheckDialog)
            qtbot.waitExposed(d)
            pane = d.findChild(QScrollArea)
            assert pane is not None
            shot = d.grab()  # what the umpire sees, kept to look at
            shot.save(str(tmp_path / f"{game.pack_id}-{key}.png"))
            assert not pane.horizontalScrollBar().isVisible(), (game.pack_id, key)
            assert pane.widget().width() <= pane.viewport().width(), (game.pack_id, key)
            seen += 1
            d.reject()
        window.close()
    assert seen >= 15


def test_a_click_on_a_box_s_wrapped_words_ticks_it(qtbot: QtBot, db: Database) -> None:
    """The words beside a question's box are its own: a click on them ticks or unticks it."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QCheckBox, QLabel

    game = avle_battle(db, "ligny")
    window = shown_window(qtbot, db, game.game_id)
    d = window.pack_game.open_check("charge", _target(game, "unit"))
    assert isinstance(d, PackCheckDialog)
    box = d.questions["may_react"].widget
    assert isinstance(box, QCheckBox)
    words = next(w for w in d.findChildren(QLabel, "words") if w.buddy() is box)
    assert words.wordWrap()
    before = box.isChecked()
    qtbot.mouseClick(words, Qt.MouseButton.LeftButton)
    assert box.isChecked() is not before
    assert d.check.values["may_react"] is (not before)
    d.reject()


def test_a_check_no_die_decides_applies_on_the_key_that_applies_a_die(
    qtbot: QtBot, db: Database
) -> None:
    """Found in the trial: a check whose result is certain waited for a die no one rolls.

    A reaction to a charge (AVlE 9.3) rolls a white die an empty hex crossed: with none, no
    die is rolled and no flag found, the result certain. The wizard asked for "the white
    dice" all the same (a pool of none shown as one box) and Enter applied nothing. Now, as
    a hand chosen (4.1) or a victory counted (4.2), it is ready once its questions are
    answered: Enter applies it, one journal step that Ctrl+Z takes back.
    """
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QSpinBox

    from tests.ui.helpers import CTRL, Umpire
    from tests.ui.test_pack_club_night import _round_dealt

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
    window = shown_window(qtbot, db, game.game_id)
    umpire = Umpire(qtbot, window)
    d = window.pack_game.open_check("reaction", {"unit_id": units["P13"]})
    assert isinstance(d, PackCheckDialog)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is d)
    spin = d.questions["empty_hexes"].widget
    assert isinstance(spin, QSpinBox)
    spin.setFocus()
    spin.selectAll()
    umpire.press(Qt.Key.Key_0)  # the charge crossed no empty hex
    assert d.check.values["empty_hexes"] == 0
    assert d.trial is not None
    assert d.trial.needed is None
    assert d.trial.done
    assert d.apply_button.isEnabled()
    assert not d.dice_box.isVisible()  # no box for a die no one rolls
    steps = len(game.journal())
    umpire.press(Qt.Key.Key_Return)
    assert d.applied
    journal = game.journal()
    assert len(journal) == steps + 1
    assert journal[0].summary.startswith("Regular infantry H9")
    umpire.press(Qt.Key.Key_Z, CTRL)  # Ctrl+Z takes it back, whole
    assert [e.status for e in game.journal()].count("done") == steps
