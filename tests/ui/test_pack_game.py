"""An AVlE game in the real main window (issue 26), played from the keyboard.

Made in the new-game wizard, played through the turn guide and the check wizard, undone and
redone, printed.
"""

from __future__ import annotations

import pathlib
import random
import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from eote_ref.packs.declaration import MARKER_KINDS
from eote_ref.packs.registry import get_pack
from eote_ref.referee.pack_play import NewPackGame, PackGameService, PackPlayError, new_pack_game
from eote_ref.referee.setup import SetupService, shipped_army_lists_dir
from eote_ref.store import Database
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.new_game_wizard.wizard import NewGameWizard
from eote_ref.ui.pack_game.check_dialog import PackCheckDialog
from eote_ref.ui.pack_game.dashboard import PackDashboard
from eote_ref.ui.printing import pdf_text
from eote_ref.ui.theme import marker_colors
from tests.avle_games import dealt, hands
from tests.ui.helpers import CTRL, CTRL_SHIFT, Umpire, shown_window

FOLDER = shipped_army_lists_dir()
assert FOLDER is not None
FRENCH = FOLDER / "avle" / "quatre-bras-1815-french.yaml"
ALLIED = FOLDER / "avle" / "quatre-bras-1815-allied.yaml"


def quatre_bras(db: Database) -> int:
    spec = NewPackGame("Quatre Bras", "avle", {"French": [FRENCH], "Allies": [ALLIED]})
    return new_pack_game(db, spec)


@pytest.fixture
def window(qtbot: QtBot, db: Database) -> MainWindow:
    return shown_window(qtbot, db, quatre_bras(db))


def dialog(window: MainWindow, qtbot: QtBot | None = None) -> PackCheckDialog:
    """The check wizard open now, once it is the active window (it takes the keys)."""
    d = window.pack_game.dialog
    assert isinstance(d, PackCheckDialog), "no check wizard is open"
    if qtbot is not None:
        qtbot.waitUntil(lambda: QApplication.activeWindow() is d)
    return d


def guide_enter(umpire: Umpire, row: int) -> None:
    """Ctrl+G to the turn guide, the item at ``row`` (-1: the last), Enter."""
    umpire.press(Qt.Key.Key_G, CTRL)
    guide = umpire.window.pack_game.guide
    assert guide is not None
    assert guide.list.hasFocus()
    umpire.press(Qt.Key.Key_End if row < 0 else Qt.Key.Key_Home)
    for _ in range(max(row, 0)):
        umpire.press(Qt.Key.Key_Down)
    umpire.press(Qt.Key.Key_Return)


def test_the_main_window_opens_an_avle_game_on_the_pack_screen(window: MainWindow) -> None:
    screen = window.pack_game
    assert isinstance(screen.dashboard, PackDashboard)
    assert window.dashboard is None  # EotE's dashboard is not made for it
    assert window.ui.stack.currentWidget() is screen.dashboard
    assert window.status_text() == (
        "Quatre Bras | Turn 1, round 1 of 6 · Card played | Advanced Vive l'Empereur 1.2"
    )
    panes = screen.dashboard.panes
    assert [p.title.text().split("</b>")[0][3:] for p in panes] == ["French", "Allies"]
    french = panes[0].tree
    assert [french.topLevelItem(i).text(0) for i in range(3)] == ["Left", "Centre", "Right"]
    centre = french.topLevelItem(1)
    rows = {centre.child(i).text(0): centre.child(i) for i in range(centre.childCount())}
    assert rows["Reille"].text(1) == "General, with Foy's division (Gauthier)"
    headers = [french.headerItem().text(c) for c in range(french.columnCount())]
    assert headers[:3] == ["Name", "Type", "Elements"]
    assert rows["Foy's division (Gauthier)"].text(2) == "4/4"  # a count with its type's most
    assert screen.guide is not None
    assert "<b>Turn 1, round 1 of 6 · Card played</b>" in screen.guide.heading.text()
    bar = screen.guide.bar.text()  # the rounds of the turn, the steps of the round
    assert "[1]</b>" in bar
    assert "[2]" not in bar
    assert ">Card</b> › " in bar
    assert "Victory" in bar
    assert "(4.1" in screen.guide.steps.text() or "(3." in screen.guide.steps.text()
    assert screen.guide.items() == [
        "French: choose the hand of 6 cards for turn 1 (AVlE 4.1)",
        "Allies: choose the hand of 6 cards for turn 1 (AVlE 4.1)",
    ]
    # The Adjudicate menu holds the pack's checks, EotE's hidden; Ctrl+P prints its sheets.
    shown = [a.text() for a in window.menuAdjudicate.actions() if a.isVisible()]
    assert "Fire (9.0)" in shown
    assert not any("Artillery fire" in t for t in shown)
    assert window.pack_printing.sheet_actions["record sheets"].shortcut().toString() == "Ctrl+P"
    assert not window.printing.sheets_action.isVisible()


def test_three_rounds_from_the_keyboard_with_undo_and_redo(
    qtbot: QtBot, window: MainWindow
) -> None:
    umpire = Umpire(qtbot, window)
    screen = window.pack_game
    service = screen.hub.service
    for side in ("French", "Allies"):  # the hands (4.1): the default six, Enter applies
        guide_enter(umpire, 0)
        d = dialog(window)
        assert d.windowTitle() == "Hand of cards (AVlE 4.1)"
        assert d.result_text().startswith("Result: valid")
        umpire.press(Qt.Key.Key_Return)
        assert d.applied
        assert any(e.summary.startswith(f"{side} chooses a hand") for e in service.journal())
    for r in (1, 2, 3):
        assert f"<b>Turn 1, round {r} of 6 · " in screen.guide.heading.text()
        assert f"[{r}]</b>" in screen.guide.bar.text()
        guide_enter(umpire, 0)  # the round: cards and command dice (5.1)
        d = dialog(window, qtbot)
        assert d.windowTitle() == "Round: cards and command dice (AVlE 5.1)"
        assert d.questions["card_" + str(service.state().sides[0].id)].widget.hasFocus()
        umpire.press(Qt.Key.Key_Down)  # the French play their next card
        assert not d.apply_button.isEnabled()  # the dice are still to come
        d._rng = random.Random(r)
        umpire.press(Qt.Key.Key_R, CTRL)  # Roll for me
        assert set(d.rolls) == {"French_dice", "Allies_dice"}
        assert d.apply_button.isEnabled()
        umpire.press(Qt.Key.Key_Return)
        assert d.applied
        guide_enter(umpire, -1)  # victory after the round (4.2)
        d = dialog(window)
        assert d.windowTitle() == "Victory, end of the round (AVlE 4.2)"
        umpire.press(Qt.Key.Key_Return)
        assert d.applied
    assert service.turn_label().startswith("Turn 1, round 4 of 6")
    assert window.status_text().split(" | ")[1].startswith("Turn 1, round 4 of 6")
    steps = len(service.journal())
    assert screen.journal.model.rowCount() == steps == 2 + 3 * 2

    # Ctrl+Z undoes the last step (the victory check of round 3): back in round 3.
    assert window.ui.actionUndo.text().startswith("Undo End of turn 1, round 3")
    umpire.press(Qt.Key.Key_Z, CTRL)
    assert service.turn_label().startswith("Turn 1, round 3 of 6")
    assert "<b>Turn 1, round 3 of 6 · " in screen.guide.heading.text()
    umpire.press(Qt.Key.Key_Z, CTRL)  # and the round's cards
    assert screen.guide.items()[0].startswith("round 3: both play a card")
    umpire.press(Qt.Key.Key_Z, CTRL_SHIFT)
    umpire.press(Qt.Key.Key_Z, CTRL_SHIFT)
    assert service.turn_label().startswith("Turn 1, round 4 of 6")
    assert [e.status for e in service.journal()].count("done") == steps


def test_fire_from_the_adjudicate_menu_enters_both_dice_and_ticks_the_record_sheet(
    qtbot: QtBot, window: MainWindow, tmp_path: pathlib.Path
) -> None:
    service = window.pack_game.hub.service
    sides, units = dealt(service, "centre", "centre", French=["flag"] * 5, Allies=["flag"] * 5)
    if service.state().pack_state.get("to_order") == sides["Allies"]:
        order = service.open_check("order", unit_id=units["Perponcher's batteries"])
        order.set("face", "flag")
        order.apply()
    order = service.open_check("order", unit_id=units["Foy's division (Gauthier)"])
    order.set("face", "flag")
    order.apply()

    umpire = Umpire(qtbot, window)
    dashboard = window.pack_game.dashboard
    assert dashboard.select("unit", units["Foy's division (Gauthier)"])
    fire = window.findChild(QAction, "actionPackCheck_fire")
    assert fire is not None
    assert fire.text() == "Fire (9.0)"
    keys = fire.shortcut()[0]  # Adjudicate → Fire by its shortcut (Alt+ its place in the menu)
    assert keys.keyboardModifiers() == Qt.KeyboardModifier.AltModifier
    umpire.press(keys.key(), keys.keyboardModifiers())
    d = dialog(window)
    assert d.windowTitle() == "Fire (AVlE 9.0)"
    d.answer("target_unit", units["Bijlandt's brigade (line)"])
    preview = d.preview.toPlainText()
    assert "base 9" in " ".join(preview.split())
    assert "AVlE 7.3.11" in preview  # the General with the firer, with its section
    assert "%" in d.odds.text()  # the exact odds of each result, as bars
    combo = d.dice_rows["roll"].combos[0]
    combo.setFocus()
    umpire.type("3")  # the d10 to hit: 3
    assert "effect_roll" in d.dice_rows
    d.dice_rows["effect_roll"].combos[0].setFocus()
    umpire.type("5")  # the d6 of the combat effect table: 5
    assert d.result_text().startswith("Result: 1 lost, 1 hex(es) back")
    umpire.press(Qt.Key.Key_Return)
    assert d.applied
    bijlandt = service.state().unit(units["Bijlandt's brigade (line)"])
    assert bijlandt.markers["elements"] == 3
    assert window.pack_game.guide.items()[0].startswith("Prince of Orange: is he hit?")

    pdf = tmp_path / "sheets.pdf"
    assert window.pack_printing.sheet_to("record sheets", pdf) >= 2
    text = "\n".join(pdf_text(pdf))
    assert "as it stands, Turn 1, round 1 of 6 · Orders in alternation" in text
    assert "\u2717" in text  # Bijlandt's lost element ticked
    cards = tmp_path / "cards.pdf"
    assert window.pack_printing.sheet_to("card trackers", cards) == 2
    tracker = " ".join(" ".join(pdf_text(cards)).split())
    assert "☑ in hand round 1" in tracker  # the centre card, played in round 1
    assert tracker.count("☑ in hand") == 12  # each side's hand of six this turn
    window.ui.actionUndo.trigger()
    assert service.state().unit(units["Bijlandt's brigade (line)"]).markers["elements"] == 4


def test_the_players_display_counts_the_hands_and_names_the_cards_played(
    qtbot: QtBot, window: MainWindow
) -> None:
    service = window.pack_game.hub.service
    sides = {s.name: s.id for s in service.state().sides}
    service.open_check("hand", side_id=sides["French"]).apply()
    Umpire(qtbot, window).press(Qt.Key.Key_F12)  # View → Players' display (this game)
    display = window.pack_game.display
    assert display is not None
    assert display.isVisible()
    qtbot.addWidget(display)
    text = display.text()
    assert "hand: 6, kept hidden" in text
    assert "hand: left" not in text
    service.open_check("hand", side_id=sides["Allies"]).apply()
    check = service.open_check("round")
    check.set(f"card_{sides['French']}", "right")
    check.apply({"French_dice": ["flag"] * 5, "Allies_dice": ["flag"] * 5})
    text = display.text()
    assert "played this turn: Right sector" in text  # named as the pack names it (3.1)
    assert "card this round: Right sector" in text
    assert text.count("hand: 6, kept hidden") == 2
    assert "hand: Left" not in text  # the umpire's dashboard names the hand; the display never
    dashboard_text = window.pack_game.dashboard.panes[0].title.text()
    assert "hand: Left sector ×2" in dashboard_text


def _f12_owners(window: MainWindow) -> list[str]:
    from PySide6.QtGui import QAction, QKeySequence

    return [
        a.objectName() for a in window.findChildren(QAction) if QKeySequence("F12") in a.shortcuts()
    ]


def test_f12_belongs_to_the_players_display_of_the_game_shown(window: MainWindow) -> None:
    """One shortcut, one owner: the pack display's while a pack game is open, else EotE's."""
    assert _f12_owners(window) == ["actionPackPlayersDisplay"]
    window.pack_game.close()
    assert _f12_owners(window) == ["actionPlayersDisplay"]


def test_a_game_made_in_the_wizard_opens_and_the_start_page_closes_it(
    qtbot: QtBot, db: Database
) -> None:
    w = NewGameWizard(SetupService(db))
    qtbot.addWidget(w)
    w.show()
    combo = w.pages[0].packCombo
    combo.setCurrentIndex(combo.findData("avle"))
    w.select_lists([FRENCH.name], [ALLIED.name])
    while w.currentPage() is not w.pages[-1]:
        w.next()
    w.accept()
    assert w.game_id is not None
    window = shown_window(qtbot, db, w.game_id)
    assert window.pack_game.is_open
    assert window.windowTitle() == "Quatre Bras, 16 June 1815 — eote-ref"
    assert len(PackGameService(db, w.game_id).state().units) == 13 + 20
    window.show_start_page()
    assert not window.pack_game.is_open
    assert window.ui.stack.currentWidget() is window.start_page
    assert all(a.isVisible() for a in window.adjudicate_actions.values())
    window.open_demo()  # an EotE game after it opens as before
    assert window.dashboard is not None
    assert window.status_text().startswith("Demo battle")
    assert any(a.text().startswith("Initiative:") for a in window.ui.menuTurn.actions())
    assert window.open_game(w.game_id)  # and the pack game again: EotE's entries go
    assert not any(a.text().startswith("Initiative:") for a in window.ui.menuTurn.actions())
    assert window.dashboard is None
    assert window.ui.stack.currentWidget() is window.pack_game.dashboard
    QApplication.processEvents()


def test_the_context_menu_of_a_unit_opens_its_check(qtbot: QtBot, window: MainWindow) -> None:
    dashboard = window.pack_game.dashboard
    assert dashboard is not None
    units = {u.name: u.id for u in window.pack_game.hub.view.state.units}
    assert dashboard.select("unit", units["Foy's division (Gauthier)"])
    pane = dashboard.panes[0]
    rect = pane.tree.visualItemRect(pane.tree.currentItem())
    menu = dashboard._context_menu(pane, rect.center())
    assert menu is not None
    titles = [a.text() for a in menu.actions()]
    assert titles[:3] == ["Give an order", "Fire", "Shock"]
    assert "Victory, end of the round" in titles  # the game's checks follow the unit's
    menu.actions()[1].trigger()
    d = dialog(window)
    assert d.windowTitle() == "Fire (AVlE 9.0)"
    assert d.check.target == {"unit_id": units["Foy's division (Gauthier)"]}
    menu.close()


def test_minus_on_a_unit_takes_an_element_by_hand_and_ctrl_z_gives_it_back(
    qtbot: QtBot, window: MainWindow
) -> None:
    dashboard = window.pack_game.dashboard
    service = window.pack_game.hub.service
    units = {u.name: u.id for u in service.state().units}
    foy = units["Foy's division (Gauthier)"]
    assert dashboard.select("unit", foy)
    umpire = Umpire(qtbot, window)
    umpire.press(Qt.Key.Key_Minus)
    assert service.state().unit(foy).markers["elements"] == 3
    assert service.journal()[0].summary.startswith("By hand:")
    assert dashboard.panes[0].tree.currentItem().text(2) == "3/4"
    umpire.press(Qt.Key.Key_Plus)
    umpire.press(Qt.Key.Key_Plus)  # 5 is more than a French infantry unit has: refused in words
    assert service.state().unit(foy).markers["elements"] == 4
    assert "1..4" in window.statusBar().currentMessage()
    umpire.press(Qt.Key.Key_Z, CTRL)
    umpire.press(Qt.Key.Key_Z, CTRL)
    assert service.state().unit(foy).markers["elements"] == 4
    umpire.press(Qt.Key.Key_F6)  # the other side's table
    assert dashboard.panes[1].tree.hasFocus()
    umpire.press(Qt.Key.Key_F6)
    assert dashboard.panes[0].tree.hasFocus()
    assert len([e for e in service.journal() if e.status == "done"]) == 0
    labels = [label for label, _k, _v in dashboard.hand_edits("unit", foy)]
    assert "elements −1 (now 4/4)" in labels
    assert not any(label.startswith("elements +1") for label in labels)  # 4 is its most


def test_an_order_from_the_turn_guide_asks_which_unit_of_the_side(
    qtbot: QtBot, window: MainWindow
) -> None:
    service = window.pack_game.hub.service
    dealt(service, "centre", "centre", French=["flag"] * 5, Allies=["flag"] * 5)
    umpire = Umpire(qtbot, window)
    items = window.pack_game.guide.items()
    row = next(i for i, text in enumerate(items) if "give an order" in text)
    guide_enter(umpire, row)
    d = dialog(window, qtbot)
    assert d.windowTitle() == "Give an order (AVlE 5.1)"
    unit = d.questions["unit"]
    assert unit.widget.hasFocus()
    assert unit.value() is not None  # a unit able to act is offered first
    side = items[row].split(":")[0]
    name = {"French": "Foy's division (Gauthier)", "Allies": "Perponcher's batteries"}[side]
    wanted = next(u.id for u in service.state().units if u.name == name)
    if unit.value() != wanted:  # the units the dice can order are offered, in list order
        umpire.type(name[:3])  # the unit in the card's sector, typed into the box
    assert unit.value() == wanted
    assert d.apply_button.isEnabled(), d.result_text()
    umpire.press(Qt.Key.Key_Return)
    assert d.applied
    assert service.journal()[0].summary.startswith(f"{side} orders {name}")


def test_the_journal_of_a_pack_game_exports_with_its_phases(
    window: MainWindow, tmp_path: pathlib.Path
) -> None:
    service = window.pack_game.hub.service
    hands(service)
    out = tmp_path / "journal.csv"
    window.export_journal(out)
    rows = out.read_text(encoding="utf-8").splitlines()
    assert len(rows) == 3
    assert "French chooses a hand of 6 cards for turn 1" in rows[1]
    assert rows[1].split(",")[2] == "Card"
    journal = window.pack_game.journal
    assert journal is not None
    journal.flush()
    assert journal.model.data(journal.model.index(0, 2)) == "Card"  # the pack's own phase


def test_a_reaction_on_one_white_die_is_rolled_and_applied_in_the_wizard(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Found in a player's trial: one empty hex is a pool of one die (9.3), still a pool."""
    service = window.pack_game.hub.service
    units = {u.name: u.id for u in service.state().units}
    lancers, line = units["Piré's lancers (Hubert)"], units["Bijlandt's brigade (line)"]
    d = window.pack_game.open_check("reaction", {"unit_id": line})
    assert isinstance(d, PackCheckDialog)
    d.answer("charger", lancers)
    d.answer("empty_hexes", 1)
    d._rng = random.Random(1)
    d.roll_needed()
    assert "reaction_dice" in d.rolls
    assert isinstance(d.rolls["reaction_dice"], list)
    assert d.apply_button.isEnabled(), d.result_text()
    d.apply()
    assert d.applied


def test_the_reaction_dice_follow_the_empty_hexes_entered_after_opening(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Found in a player's trial: the pool's boxes stayed at the first count of dice (9.3)."""
    units = {u.name: u.id for u in window.pack_game.hub.service.state().units}
    d = window.pack_game.open_check("reaction", {"unit_id": units["Bijlandt's brigade (line)"]})
    assert isinstance(d, PackCheckDialog)
    d.answer("charger", units["Piré's lancers (Hubert)"])
    assert len(d.dice_rows["reaction_dice"].combos) == 1  # one empty hex by default
    d.answer("empty_hexes", 3)  # a white die for each empty hex in sight (9.3)
    assert len(d.dice_rows["reaction_dice"].combos) == 3
    d._rng = random.Random(2)
    d.roll_needed()
    assert d.apply_button.isEnabled(), d.result_text()
    assert len(d.rolls["reaction_dice"]) == 3


def _rows(dashboard: PackDashboard, pane: int) -> dict[str, QTreeWidgetItem]:
    tree = dashboard.panes[pane].tree
    out: dict[str, QTreeWidgetItem] = {}
    for i in range(tree.topLevelItemCount()):
        top = tree.topLevelItem(i)
        out |= {top.child(j).text(0): top.child(j) for j in range(top.childCount())}
    return out


def test_the_dashboard_reads_the_pack_s_declared_markers(window: MainWindow) -> None:
    """Headers in the declared labels, flags as marks, counts with their limit, late units grey."""
    dashboard = window.pack_game.dashboard
    service = window.pack_game.hub.service
    pack = service.pack
    tree = dashboard.panes[1].tree
    headers = [tree.headerItem().text(c) for c in range(tree.columnCount())]
    shown = [m for m in pack.unit_markers if m.dashboard or m.display]
    assert headers[2:-1] == [m.text[:1].upper() + m.text[1:] for m in shown]
    assert headers[-1] == "Code"  # shown first (issue 32)
    assert "Morale tested" in headers
    assert "Fired on" in headers
    assert not {"passed_morale", "fired_on", "start", "flag"} & set(headers)  # no raw keys
    rows = _rows(dashboard, 1)
    col = {h: c for c, h in enumerate(headers)}
    kempt = rows["Kempt's brigade"]
    assert kempt.text(col["Arrives"]) == "2"  # a late unit: the turn it arrives
    assert rows["Bijlandt's brigade (line)"].text(col["Arrives"]) == ""  # on the map from turn 1
    grey = marker_colors(dashboard.palette()).off_table
    assert kempt.foreground(0).color() == grey  # not yet arrived
    assert rows["Bijlandt's brigade (line)"].foreground(0).color() != grey
    assert rows["Picton"].foreground(0).color() == grey  # a General not yet arrived
    # A flag reads as its declared mark; a General's words are his declared ones.
    units = {u.name: u.id for u in service.state().units}
    leaders = {g.name: g.id for g in service.state().leaders}
    service.edit("unit", units["Bijlandt's brigade (line)"], "ordered", True)
    service.edit("leader", leaders["Wellington"], "killed", True)
    rows = _rows(dashboard, 1)
    assert rows["Bijlandt's brigade (line)"].text(col["Ordered"]) == "O"
    assert "(killed" in rows["Wellington"].text(1)
    assert rows["Wellington"].foreground(0).color() == grey


def test_edits_by_hand_are_offered_where_declared_and_refused_past_the_limit(
    window: MainWindow,
) -> None:
    dashboard = window.pack_game.dashboard
    service = window.pack_game.hub.service
    units = {u.name: u.id for u in service.state().units}
    battery = units["Picton's batteries"]  # medium artillery: 3 elements at most (1.1)
    offered = {key for _label, key, _value in dashboard.hand_edits("unit", battery)}
    editable = {m.name for m in service.pack.unit_markers if m.editable}
    assert offered <= editable
    assert {"elements", "ordered", "eliminated"} <= offered
    assert not offered & {"fired", "fired_on", "stopped", "arrives", "start", "flag"}
    labels = [label for label, _k, _v in dashboard.hand_edits("unit", battery)]
    assert "elements −1 (now 3/3)" in labels
    assert not any(label.startswith("elements +1") for label in labels)
    with pytest.raises(PackPlayError, match=r"1\.\.3"):  # past its type's most: refused
        service.edit("unit", battery, "elements", 4)
    with pytest.raises(PackPlayError, match="not set by hand"):  # not declared editable
        service.edit("unit", battery, "fired", True)
    assert service.state().unit(battery).markers["elements"] == 3
    with pytest.raises(PackPlayError, match="a formation is combat or square"):
        service.edit("unit", battery, "formation", "column")
    assert "formation: square" in labels
    leaders = {g.name: g.id for g in service.state().leaders}
    general = {key for _l, key, _v in dashboard.hand_edits("leader", leaders["Wellington"])}
    assert general == {"killed", "captured"}


def test_the_players_display_words_markers_as_declared(qtbot: QtBot, window: MainWindow) -> None:
    service = window.pack_game.hub.service
    units = {u.name: u.id for u in service.state().units}
    leaders = {g.name: g.id for g in service.state().leaders}
    service.edit("unit", units["Foy's division (Gauthier)"], "passed_morale", True)
    service.edit("leader", leaders["Reille"], "captured", True)
    window.pack_game.open_display()
    display = window.pack_game.display
    assert display is not None
    qtbot.addWidget(display)
    text = display.text()
    morale = service.pack.unit_marker("passed_morale").display
    assert f"4 elements, {morale}" in text
    assert "arrives turn 2" in text  # the Allies' late brigades
    assert "Reille (general)\tcaptured" in text.replace("\n", "\t")  # his declared words
    assert "passed_morale" not in text


def test_the_pack_screen_names_no_pack_and_none_of_its_markers() -> None:
    """ui/pack_game reads the declarations: no pack's name, no AVlE marker's key in it."""
    import eote_ref.ui.pack_game as pack_game

    keys = {m.name for m in get_pack("avle").unit_markers} | {
        m.name for m in get_pack("avle").leader_markers
    }
    for module in pathlib.Path(pack_game.__file__).parent.glob("*.py"):
        text = module.read_text(encoding="utf-8")
        assert "avle" not in text.lower(), module.name
        # A marker's kind (a "flag") is the declaration's word, not a key the pack chose.
        quoted = set(re.findall(r'"([a-z_]+)"', text)) - set(MARKER_KINDS)
        assert not quoted & keys, f"{module.name} names {sorted(quoted & keys)}"


def test_the_victory_wizard_reads_losses_against_each_count_not_a_sum(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Found in a trial: the preview showed "base 0" plus the Generals lost of both sides."""
    service = window.pack_game.hub.service
    french, allies = (s.id for s in service.state().sides)
    service.edit("side", allies, "generals_lost", 1)
    for side in (french, allies):
        service.edit("side", side, "units_lost", 0)
    from eote_ref.store.changes import SetField

    service.record(
        "mark",
        "cards",
        [SetField("game_side", s, "pack_state.card", "left") for s in (french, allies)],
    )
    d = window.pack_game.open_check("victory", {})
    assert isinstance(d, PackCheckDialog)
    text = d.preview.toPlainText()
    assert "base" not in text, text
    assert "modified" not in text, text
    assert "Allies has lost 0 unit(s) (4.2) + 1 General(s) killed or captured (9.4.3) = 1" in text
    assert "option " not in text
    d.reject()


def test_every_check_is_reachable_from_the_keyboard_without_a_shared_shortcut(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Found in a trial: only the first nine checks had Alt+1…9, rally none (AVlE 11.0)."""
    from collections import defaultdict

    from PySide6.QtGui import QAction

    from eote_ref.ui.pack_game.check_picker import CheckPicker

    owners: dict[str, list[str]] = defaultdict(list)
    for action in window.findChildren(QAction):
        if action.isVisible() or action.objectName().startswith("actionPack"):
            for key in action.shortcuts():
                if not key.isEmpty():
                    owners[key.toString()].append(action.text())
    assert {k: v for k, v in owners.items() if len(v) > 1} == {}
    service = window.pack_game.hub.service
    checks = service.play.offered(service.state())  # a scenario's own in its game alone
    assert len(checks) > 9  # more than Alt+1…9 can hold
    umpire = Umpire(qtbot, window)
    units = {u.name: u.id for u in window.pack_game.hub.service.state().units}
    window.pack_game.dashboard.select("unit", units["Foy's division (Gauthier)"])
    umpire.press(Qt.Key.Key_K, CTRL)
    picker = window.pack_game.picker
    assert isinstance(picker, CheckPicker)
    assert picker.shown_keys() == list(checks)  # every check, none left out
    qtbot.keyClicks(picker.filter, "ral")
    assert picker.shown_keys() == ["rally"]
    qtbot.keyClick(picker.filter, Qt.Key.Key_Return)
    d = dialog(window)
    assert d.check.spec.key == "rally"
