"""Unit codes on an AVlE game's screen (issue 32): the engine's, as EotE's dashboard has them.

The Code column first on each side's table; a unit's number typed on its side's table selects
it, Ctrl and the number marks the other side's unit as the next check's target; the check
wizard's unit lists show the codes and take one typed; the Game menu prints the base labels.
Real keys on the real main window, over a real game file.
"""

from __future__ import annotations

import pathlib

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QTreeWidget, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from eote_ref.referee.pack_lists import pack_battle
from eote_ref.referee.pack_play import NewPackGame, PackGameService, new_pack_game
from eote_ref.store import Database
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.pack_game.check_dialog import PackCheckDialog
from eote_ref.ui.pack_game.dashboard import ROW_ROLE, PackDashboard, _walk
from eote_ref.ui.pack_game.unit_choices import TypedPick
from eote_ref.ui.printing import pdf_text
from tests.avle_games import dealt, mark, quatre_bras, unit_id
from tests.ui.helpers import CTRL, Umpire, shown_window
from tests.ui.pack_helpers import pack_dashboard, pack_service

FOY = "Foy's division (Gauthier)"
BIJLANDT = "Bijlandt's brigade (line)"
LANCERS = "Piré's lancers (Hubert)"

DIGITS = {str(n): getattr(Qt.Key, f"Key_{n}") for n in range(10)}


@pytest.fixture
def window(qtbot: QtBot, db: Database) -> MainWindow:
    return shown_window(qtbot, db, quatre_bras(db).game_id)


def _shown_headers(tree: QTreeWidget) -> list[str]:
    """The headings left to right, as the umpire sees them."""
    header = tree.header()
    return [tree.headerItem().text(header.logicalIndex(v)) for v in range(header.count())]


def _code(tree: QTreeWidget, item: QTreeWidgetItem) -> str:
    return item.text(tree.header().logicalIndex(0))  # the column shown first


def _number(code: str) -> str:
    return code[1:]


def _type_number(umpire: Umpire, dashboard: PackDashboard, code: str, *, ctrl: bool) -> None:
    dashboard.codes.keys.clock.invalidate()  # a pause: a new number
    for digit in _number(code):
        umpire.press(DIGITS[digit], CTRL if ctrl else Qt.KeyboardModifier.NoModifier)


def test_each_side_s_table_shows_the_codes_first(window: MainWindow) -> None:
    service, dashboard = pack_service(window), pack_dashboard(window)
    state = service.state()
    for pane in dashboard.panes:
        tree = pane.tree
        assert _shown_headers(tree)[:3] == ["Code", "Name", "Type"]
        units = [it for it in _walk(tree) if it.data(0, ROW_ROLE)[0] == "unit"]
        assert units
        for item in units:
            unit = state.unit(item.data(0, ROW_ROLE)[1])
            assert unit.code  # every unit of the game has its code
            assert _code(tree, item) == unit.code
            assert item.text(0) == unit.name  # the name stays column 0 (type-to-find)
    codes = [u.code for u in state.units]
    assert len(set(codes)) == len(codes)


def test_the_code_column_sorts_by_number_and_a_heading_by_its_words(window: MainWindow) -> None:
    dashboard = pack_dashboard(window)
    tree = dashboard.panes[0].tree
    assert tree.isSortingEnabled()
    for i in range(tree.topLevelItemCount()):
        top = tree.topLevelItem(i)
        codes = [
            _code(tree, top.child(j))
            for j in range(top.childCount())
            if top.child(j).data(0, ROW_ROLE)[0] == "unit"
        ]
        assert codes == sorted(codes, key=lambda c: int(c[1:]))
    # Codes the other way round: each command's units from the last, the commands stay.
    code = tree.columnCount() - 1
    tree.sortByColumn(code, Qt.SortOrder.DescendingOrder)
    sectors = [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]
    assert sectors == ["Left", "Centre", "Right"]
    right = tree.topLevelItem(2)
    codes = [_code(tree, right.child(j)) for j in range(right.childCount())]
    assert codes == sorted(codes, key=lambda c: int(c[1:]), reverse=True)
    # A click on the Name heading sorts each command's rows by name; the commands stay.
    tree.header().sectionClicked.emit(0)
    tree.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    sectors = [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())]
    assert sectors == ["Left", "Centre", "Right"]
    centre = tree.topLevelItem(1)
    names = [centre.child(j).text(0) for j in range(centre.childCount())]
    assert names == sorted(names)
    # ... and the order the umpire chose outlives a refill (a step applied).
    window.pack_game.hub.refresh()
    assert tree.sortColumn() == 0


def test_a_number_typed_on_a_side_s_table_selects_that_unit(
    qtbot: QtBot, window: MainWindow
) -> None:
    service, dashboard = pack_service(window), pack_dashboard(window)
    foy = service.state().unit(unit_id(service, FOY))
    umpire = Umpire(qtbot, window)
    dashboard.focus_side(foy.side_id)
    _type_number(umpire, dashboard, foy.code, ctrl=False)
    french = dashboard.panes[0].tree
    assert french.currentItem().data(0, ROW_ROLE) == ("unit", foy.id)
    assert dashboard.selected()["unit_id"] == foy.id
    window.pack_game.request("fire")
    d = window.pack_game.dialog
    assert isinstance(d, PackCheckDialog)
    assert d.check.target == {"unit_id": foy.id}
    assert d.subject_text().startswith(f"{foy.code} {FOY}")
    d.reject()


def test_a_number_no_unit_has_says_so(qtbot: QtBot, window: MainWindow) -> None:
    dashboard = pack_dashboard(window)
    umpire = Umpire(qtbot, window)
    dashboard.focus_side(dashboard.panes[0].side_id)
    said: list[str] = []
    dashboard.message.connect(said.append)
    _type_number(umpire, dashboard, "F99", ctrl=False)
    assert said[-1] == "No unit numbered 99 in French"


def test_ctrl_and_a_number_marks_the_other_side_s_unit_as_the_target(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Piré's lancers picked by code, Bijlandt added by Ctrl and his: the shock takes him."""
    service, dashboard = pack_service(window), pack_dashboard(window)
    state = service.state()
    lancers = state.unit(unit_id(service, LANCERS))
    bijlandt = state.unit(unit_id(service, BIJLANDT))
    mark(service, ("game_unit", lancers.id, "markers.ordered", True))
    umpire = Umpire(qtbot, window)
    dashboard.focus_side(lancers.side_id)
    _type_number(umpire, dashboard, lancers.code, ctrl=False)
    _type_number(umpire, dashboard, bijlandt.code, ctrl=True)
    allies = dashboard.panes[1].tree
    assert allies.currentItem().data(0, ROW_ROLE) == ("unit", bijlandt.id)
    assert dashboard.selected()["unit_id"] == lancers.id  # the subject stays the lancers
    assert dashboard.panes[0].tree.hasFocus()
    assert dashboard.codes.target() == bijlandt.id
    shock = window.findChild(QAction, "actionPackCheck_shock")
    keys = shock.shortcut()[0]  # Adjudicate → Shock by its key (Alt and a digit)
    umpire.press(keys.key(), keys.keyboardModifiers())
    d = window.pack_game.dialog
    assert isinstance(d, PackCheckDialog)
    assert d.check.spec.key == "shock"
    assert d.check.target == {"unit_id": lancers.id}
    assert d.questions["target_unit"].value() == bijlandt.id
    d.reject()


def test_a_click_forgets_the_target(qtbot: QtBot, window: MainWindow) -> None:
    service, dashboard = pack_service(window), pack_dashboard(window)
    bijlandt = service.state().unit(unit_id(service, BIJLANDT))
    umpire = Umpire(qtbot, window)
    dashboard.focus_side(dashboard.panes[0].side_id)
    _type_number(umpire, dashboard, bijlandt.code, ctrl=True)
    assert dashboard.codes.target() == bijlandt.id
    tree = dashboard.panes[0].tree
    item = tree.topLevelItem(0)
    tree.itemPressed.emit(item, 0)
    assert dashboard.codes.target() is None


def test_the_game_menu_prints_the_base_labels_with_the_codes(
    window: MainWindow, tmp_path: pathlib.Path
) -> None:
    action = window.pack_printing.labels_action
    assert action is not None
    assert action.isVisible()
    assert not window.printing.labels_action.isVisible()  # EotE's is hidden meanwhile
    pdf = tmp_path / "labels.pdf"
    assert window.pack_printing.labels_to(pdf) >= 2  # a side per page
    text = " ".join(" ".join(pdf_text(pdf)).split())
    service = pack_service(window)
    foy = service.state().unit(unit_id(service, FOY))
    assert f"{foy.code} {FOY}" in text
    assert "Allies — Quatre Bras — base labels" in text
    QApplication.processEvents()


# ----------------------------------------------------------------------------- the wizard's lists
def test_a_unit_list_shows_the_codes_and_a_code_typed_picks_the_unit(
    qtbot: QtBot, window: MainWindow
) -> None:
    service = pack_service(window)
    state = service.state()
    lancers = state.unit(unit_id(service, LANCERS))
    bijlandt = state.unit(unit_id(service, BIJLANDT))
    mark(service, ("game_unit", lancers.id, "markers.ordered", True))
    d = window.pack_game.open_check("shock", {"unit_id": lancers.id})
    assert isinstance(d, PackCheckDialog)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is d)
    target = d.questions["target_unit"]
    codes = {u.id: u.code for u in state.units}
    for value, label in target.ask.choices:
        assert label.startswith(f"{codes[value]} ")  # each unit after its code
    assert target.value() != bijlandt.id
    target.widget.setFocus()
    umpire = Umpire(qtbot, window)
    umpire.type(_number(bijlandt.code))  # its number alone
    target = d.questions["target_unit"]  # (the answer may have asked new questions)
    assert target.value() == bijlandt.id
    assert d.check.values["target_unit"] == bijlandt.id  # the check has the answer
    qtbot.waitUntil(lambda: QApplication.focusWidget() is d.questions["target_unit"].widget)
    target = d.questions["target_unit"]
    first = target.ask.choices[0]
    for pick in target.widget.findChildren(TypedPick):
        pick.clock.invalidate()  # a pause: a new search
    umpire.type(first[1].split(" ")[0].lower())  # a whole code, in lower case
    assert d.questions["target_unit"].value() == first[0]
    assert umpire.keys == len(_number(bijlandt.code)) + len(first[1].split(" ")[0])
    d.reject()


def test_the_unit_selected_comes_first_in_the_order_s_list(window: MainWindow) -> None:
    """An order from the turn guide on a side: the unit selected on the dashboard first."""
    service, dashboard = pack_service(window), pack_dashboard(window)
    dealt(service, "centre", "centre", French=["flag"] * 5, Allies=["flag"] * 5)
    side = service.state().pack_state["to_order"]
    d = window.pack_game.open_check("order", {"side_id": side})
    assert isinstance(d, PackCheckDialog)
    listed = [v for v, _label in d.questions["unit"].ask.choices]
    d.reject()
    assert len(listed) > 1
    last = listed[-1]
    assert dashboard.select("unit", last)
    d = window.pack_game.open_check("order", {"side_id": side})
    assert isinstance(d, PackCheckDialog)
    again = [v for v, _label in d.questions["unit"].ask.choices]
    assert again == [last, *listed[:-1]]
    assert d.questions["unit"].value() == listed[0]  # the pack's default stays
    d.reject()


# ----------------------------------------------------------------------------- an umpire's trial
def test_an_order_and_a_fire_by_codes_take_eight_keys(qtbot: QtBot, db: Database) -> None:
    """The text's Quatre Bras (AVlE 13.2), whose units are named by type and hex: by codes.

    Found in a trial: with the target marked by Ctrl and its code, the fire wizard opened on
    its first question, 14 Tabs from the die, and the second die needed the mouse or a Tab.
    Now: the unit's number, the order's key, Enter; Ctrl and the target's number, the
    fire's key, both dice, Enter.
    """
    battle = pack_battle("avle", "quatre_bras")
    sides = {name: list(paths) for name, paths in battle.sides}
    spec = NewPackGame("QB", "avle", sides, {}, battle.scenario)
    game = PackGameService(db, new_pack_game(db, spec))
    side_ids, _units = dealt(game, "centre", "centre", French=["flag"] * 5, Allies=["flag"] * 5)
    if game.state().pack_state.get("to_order") == side_ids["Allies"]:
        game.open_check("order", side_id=side_ids["Allies"]).apply()
    window = shown_window(qtbot, db, game.game_id)
    state = game.state()
    firer = next(
        u
        for u in state.units
        if u.side_id == side_ids["French"]
        and state.command(u.command_id).name == "Centre"
        and u.arm == "infantry"
    )
    target = [u for u in state.units if u.side_id == side_ids["Allies"]][1]
    dashboard = pack_dashboard(window)
    umpire = Umpire(qtbot, window)
    dashboard.focus_side(firer.side_id)  # a click in the French table
    _type_number(umpire, dashboard, firer.code, ctrl=False)
    order = window.findChild(QAction, "actionPackCheck_order").shortcut()[0]
    umpire.press(order.key(), order.keyboardModifiers())
    d = window.pack_game.dialog
    assert isinstance(d, PackCheckDialog)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is d)
    assert d.subject_text().startswith(f"{firer.code} {firer.name}")
    umpire.press(Qt.Key.Key_Return)
    assert d.applied
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    _type_number(umpire, dashboard, target.code, ctrl=True)
    fire = window.findChild(QAction, "actionPackCheck_fire").shortcut()[0]
    umpire.press(fire.key(), fire.keyboardModifiers())
    d = window.pack_game.dialog
    assert isinstance(d, PackCheckDialog)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is d)
    assert d.questions["target_unit"].value() == target.id
    assert QApplication.focusWidget() is d.dice_rows["roll"].combos[0]
    umpire.type("3")
    assert QApplication.focusWidget() is d.dice_rows["effect_roll"].combos[0]
    umpire.type("5")
    umpire.press(Qt.Key.Key_Return)
    assert d.applied
    assert game.journal()[0].summary.startswith(f"{firer.name} fires on {target.name}")
    assert umpire.keys == len(firer.code) - 1 + len(target.code) - 1 + 6
    assert umpire.keys <= 8


# ----------------------------------------------------------------------------- VlE
def test_a_vle_game_has_the_codes_too(qtbot: QtBot, db: Database) -> None:
    """The codes are the engine's: a VlE melee's attackers picked by Ctrl and a number."""
    folder = pathlib.Path(__file__).resolve().parents[2] / "army_lists" / "vle"
    sides = {
        "French": [folder / "saalfeld-1806-french.yaml"],
        "Prussians": [folder / "saalfeld-1806-prussian.yaml"],
    }
    gid = new_pack_game(db, NewPackGame("Saalfeld", "vle", sides))
    window = shown_window(qtbot, db, gid)
    dashboard = pack_dashboard(window)
    state = pack_service(window).state()
    assert _shown_headers(dashboard.panes[0].tree)[:2] == ["Code", "Name"]
    prussian = next(u for u in state.units if u.side_id == dashboard.panes[1].side_id)
    french = [u for u in state.units if u.side_id == dashboard.panes[0].side_id][2]
    umpire = Umpire(qtbot, window)
    dashboard.focus_side(prussian.side_id)
    _type_number(umpire, dashboard, prussian.code, ctrl=False)
    assert dashboard.selected()["unit_id"] == prussian.id
    _type_number(umpire, dashboard, french.code, ctrl=True)
    d = window.pack_game.request("melee")
    assert isinstance(d, PackCheckDialog)
    attackers = d.questions["attackers"]
    assert attackers.value() == [french.id]  # the target marked, ticked
    assert all(label.split(" ")[0][1:].isdigit() for _v, label in attackers.ask.choices)
    d.reject()


def test_unit_choices_are_coded_and_the_likely_come_first(db: Database) -> None:
    """Only a unit's choice (its id, a label starting with its name) gets its code."""
    from eote_ref.packs.play import Due
    from eote_ref.packs.questions import Choice, Question
    from eote_ref.ui.pack_game.unit_choices import coded_asks, due_units

    state = quatre_bras(db).state()
    a, b, c = state.units[:3]
    asks = [
        Question(
            "target",
            "target",
            "choice",
            a.id,
            choices=tuple(Choice(u.id, u.name) for u in (a, b, c)),
        ),
        Question(
            "terrain",
            "terrain",
            "choice",
            "open",
            choices=(Choice("open", "open"), Choice("wood", "wood")),
        ),
        Question(
            "hexes",
            "hexes",
            "choice",
            a.id,
            choices=(Choice(a.id, "one hex"), Choice(b.id, "two hexes")),
        ),
    ]
    due = [Due("shock", "shock it", "9.0", {"unit_id": c.id}), Due("fire", "x", "7.0", {})]
    likely = due_units(due, "shock")
    assert likely == {c.id}
    coded, keys = coded_asks(state, asks, likely)
    assert keys == {"target"}
    assert coded[0].choices == (
        (c.id, f"{c.code} {c.name}"),
        (a.id, f"{a.code} {a.name}"),
        (b.id, f"{b.code} {b.name}"),
    )
    assert coded[0].default == a.id  # the pack's default stays
    assert coded[1:] == asks[1:]


def test_the_other_side_s_whole_code_typed_goes_to_its_unit(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Found in the trial of Saalfeld: ``P2`` typed whole on the French table selected F2.

    The code as the tables, the labels and the journal show it: its letter went to the
    name search, its number to the French table, and the check opened on a French unit.
    The other side's letter before the number now sends the number to that side's table.
    """
    service, dashboard = pack_service(window), pack_dashboard(window)
    bijlandt = service.state().unit(unit_id(service, BIJLANDT))
    umpire = Umpire(qtbot, window)
    french = dashboard.panes[0]
    assert french.side_id != bijlandt.side_id
    dashboard.focus_side(french.side_id)
    dashboard.codes.keys.clock.invalidate()
    umpire.type(bijlandt.code)  # e.g. A3: the letter, then the number
    assert dashboard.selected()["unit_id"] == bijlandt.id
    # The side's own letter, or none, keeps the number on this table.
    dashboard.codes.keys.clock.invalidate()
    umpire.type("F1")
    assert dashboard.selected()["side_id"] == french.side_id
