"""Defects umpires met in the pack screen's checks (AVlE's Ligny and Quatre Bras): each a test."""

from __future__ import annotations

from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from eote_ref.referee.pack_lists import pack_battle
from eote_ref.referee.pack_play import NewPackGame, PackGameService, new_pack_game
from eote_ref.store import Database
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.pack_game.check_picker import CheckPicker
from tests.ui.helpers import shown_window


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
