"""Fog of war and touch mode on an AVlE game: the engine's, in the real main window (issue 32).

View → Fog of war hides what the pack declares fogged (an AVlE unit's elements and passed
morale test: house choices) on the pack's players' display, as it hides an EotE unit's CE;
View → Touch mode gives the pack's check dialog a pad of the declared die's faces (a d10's
and a d6's numbers, the command dice's pictures by their words) and tap-to-tick lists.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QListWidget
from pytestqt.qtbot import QtBot

from eote_ref.referee.fog import Fog, fog_in
from eote_ref.store import Database
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.pack_game.check_dialog import PackCheckDialog
from eote_ref.ui.pack_game.players_display import PackPlayersDisplay
from eote_ref.ui.touch import set_touch_mode, touch_mode
from tests.avle_games import dealt, hands, mark, quatre_bras
from tests.ui.helpers import Umpire, shown_window

FOIX = "Foy's division (Gauthier)"
BIJLANDT = "Bijlandt's brigade (line)"


@pytest.fixture
def window(qtbot: QtBot, db: Database) -> MainWindow:
    return shown_window(qtbot, db, quatre_bras(db).game_id)


@pytest.fixture
def touch(qapp: QApplication) -> Iterator[None]:
    set_touch_mode(True)
    yield
    set_touch_mode(False)


def units_of(window: MainWindow) -> dict[str, int]:
    return {u.name: u.id for u in window.pack_game.hub.service.state().units}


def side_text(display: PackPlayersDisplay, n: int) -> str:
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setHtml(display.sides[n].text())
    return doc.toPlainText()


def test_fog_of_war_hides_an_avle_unit_s_elements_and_morale_on_the_players_display(
    qtbot: QtBot, window: MainWindow
) -> None:
    service = window.pack_game.hub.service
    allies = next(s for s in service.state().sides if s.name == "Allies")
    bijlandt = units_of(window)[BIJLANDT]
    mark(service, ("game_unit", bijlandt, "markers.passed_morale", True))
    menu = window.display_menu
    # The same View → Fog of war as an EotE game's, worded as the pack declares its fog.
    assert menu.menuFog.isEnabled()
    assert menu.fog_actions[Fog.OFF].isChecked()
    assert menu.fog_actions[Fog.OPPONENT].text() == "Hide the opponent's elements and morale"
    assert "AVlE 1.1, house" in menu.fog_actions[Fog.BOTH].toolTip()
    Umpire(qtbot, window).press(Qt.Key.Key_F12)
    display = window.pack_game.display
    assert isinstance(display, PackPlayersDisplay)
    qtbot.addWidget(display)
    position = next(i for i, s in enumerate(service.state().sides) if s.id == allies.id)
    text = side_text(display, position)
    assert "4 elements" in text  # fog off: everything shows
    assert "passed its morale test" in text
    assert display.fog_label.text() == ""
    steps = len(service.journal())

    menu.fog_actions[Fog.OPPONENT].trigger()  # the whole table's display hides both sides'
    assert fog_in(service.state().options) is Fog.OPPONENT
    assert menu.fog_actions[Fog.OPPONENT].isChecked()
    assert display.fog_label.text() == "Fog of war: elements and morale hidden"
    for n in (0, 1):
        shown = side_text(display, n)
        assert "element" not in shown
        assert "morale" not in shown
    assert BIJLANDT in side_text(display, position)  # the unit is there, its state is not
    assert len(service.journal()) == steps  # a view setting: no journal step, no undo

    menu.fog_actions[Fog.OFF].trigger()
    assert "4 elements" in side_text(display, position)
    assert "passed its morale test" in side_text(display, position)
    assert display.fog_label.text() == ""
    window.open_demo()  # an EotE game next: the same menu, worded for its CE again
    assert menu.menuFog.isEnabled()
    assert menu.fog_actions[Fog.OPPONENT].text() == "Hide the opponent's CE"


def test_touch_mode_enters_the_fire_dice_by_tapping_their_faces_and_applies(
    qtbot: QtBot, touch: None, window: MainWindow
) -> None:
    service = window.pack_game.hub.service
    sides, units = dealt(service, "centre", "centre", French=["flag"] * 5, Allies=["flag"] * 5)
    if service.state().pack_state.get("to_order") == sides["Allies"]:
        order = service.open_check("order", unit_id=units["Perponcher's batteries"])
        order.set("face", "flag")
        order.apply()
    order = service.open_check("order", unit_id=units[FOIX])
    order.set("face", "flag")
    order.apply()
    d = window.pack_game.open_check("fire", {"unit_id": units[FOIX]})
    assert isinstance(d, PackCheckDialog)
    d.answer("target_unit", units[BIJLANDT])
    pad = d.pads["roll"]  # the d10 to hit (9.0): ten numbered buttons
    assert pad.isVisible()
    assert [b.text() for b in pad.buttons] == [str(n) for n in range(1, 11)]
    qtbot.mouseClick(pad.buttons[2], Qt.MouseButton.LeftButton)  # a 3
    assert d.rolls["roll"] == 3
    effect = d.pads["effect_roll"]  # then the d6 of the combat effect table (9.1)
    qtbot.waitUntil(effect.isVisible)  # shown once the dialog lays its new row out
    assert not pad.isVisible()  # one pad at a time
    assert [b.text() for b in effect.buttons] == [str(n) for n in range(1, 7)]
    qtbot.mouseClick(effect.buttons[4], Qt.MouseButton.LeftButton)  # a 5
    assert d.result_text().startswith("Result: 1 lost, 1 hex(es) back")
    qtbot.mouseClick(d.apply_button, Qt.MouseButton.LeftButton)
    assert d.applied
    assert service.state().unit(units[BIJLANDT]).markers["elements"] == 3
    rolls = service.journal(limit=1)[0].rolls
    assert [r["value"] for r in rolls] == [3, 5]


def test_touch_mode_names_the_command_dice_s_pictures_and_a_tap_fills_the_pool(
    qtbot: QtBot, touch: None, window: MainWindow
) -> None:
    service = window.pack_game.hub.service
    sides = {s.name: s.id for s in service.state().sides}
    hands(service)
    d = window.pack_game.open_check("round", {})
    assert isinstance(d, PackCheckDialog)
    d.answer(f"card_{sides['French']}", "centre")
    d.answer(f"card_{sides['Allies']}", "left")
    pad = d.pads["French_dice"]  # the black command dice (1.2), by their pictures' words
    assert [b.text() for b in pad.buttons] == [
        "flag", "general", "trooper", "cannon", "infantry"
    ]  # fmt: skip
    for button in (0, 0, 2, 4, 4):
        qtbot.mouseClick(pad.buttons[button], Qt.MouseButton.LeftButton)
    assert d.rolls["French_dice"] == ["flag", "flag", "trooper", "infantry", "infantry"]
    allies = d.pads["Allies_dice"]
    qtbot.waitUntil(allies.isVisible)
    assert not pad.isVisible()
    for _ in range(5):
        qtbot.mouseClick(allies.buttons[1], Qt.MouseButton.LeftButton)
    assert d.apply_button.isEnabled(), d.result_text()
    d.apply()
    assert d.applied
    assert service.state().side(sides["Allies"]).pack_state["rolled"] == {"general": 5}


def test_touch_mode_ticks_a_card_of_the_hand_by_a_tap_on_its_row(
    qtbot: QtBot, touch: None, window: MainWindow
) -> None:
    service = window.pack_game.hub.service
    french = next(s.id for s in service.state().sides if s.name == "French")
    d = window.pack_game.open_check("hand", {"side_id": french})
    assert isinstance(d, PackCheckDialog)
    cards = d.questions["hand"].widget
    assert isinstance(cards, QListWidget)
    assert cards.sizeHintForRow(0) >= 40  # a finger's row
    item = cards.item(0)
    was = item.checkState()
    qtbot.mouseClick(
        cards.viewport(), Qt.MouseButton.LeftButton, pos=cards.visualItemRect(item).center()
    )
    assert item.checkState() != was
    ticked = [cards.item(i) for i in range(cards.count())]
    ticked = [i for i in ticked if i.checkState() == Qt.CheckState.Checked]
    assert len(d.check.values["hand"]) == len(ticked)  # the answer follows the tap, once


def test_no_pad_without_touch_mode(qtbot: QtBot, window: MainWindow) -> None:
    assert not touch_mode()
    service = window.pack_game.hub.service
    hands(service)
    d = window.pack_game.open_check("round", {})
    assert isinstance(d, PackCheckDialog)
    assert d.pads == {}
    assert "French_dice" in d.dice_rows or "Allies_dice" in d.dice_rows


def test_a_check_no_die_decides_shows_no_odds(qtbot: QtBot, window: MainWindow) -> None:
    """A hand of cards (4.1) is certain: no "valid 100%" bar (a die check keeps its bars)."""
    service = window.pack_game.hub.service
    french = next(s.id for s in service.state().sides if s.name == "French")
    hand = window.pack_game.open_check("hand", {"side_id": french})
    assert isinstance(hand, PackCheckDialog)
    assert hand.odds.rows == []
    assert not hand.odds_heading.isVisibleTo(hand)
    hand.reject()
