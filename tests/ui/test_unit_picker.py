"""The unit picker driven by real key presses: type, arrows, Enter, and a space that is a space."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QDialog, QPushButton, QVBoxLayout
from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.referee.picking import Preference, unit_candidates
from eote_ref.ui.unit_picker import UnitPicker, searchable_combo


def _picker(qtbot: QtBot, game: GameService, **kw: object) -> UnitPicker:
    view = game.view()
    cands = unit_candidates(view, [(u.id, u.name) for s in view.sides for u in s.units])
    picker = UnitPicker(cands, **kw)  # type: ignore[arg-type]
    qtbot.addWidget(picker)
    picker.show()
    qtbot.waitExposed(picker)
    picker.setFocus()
    return picker


def _id(game: GameService, label: str) -> int:
    """The unit a picker's label shows (its code first) or named ``label``."""
    units = [u for s in game.view().sides for u in s.units]
    return next(u.id for u in units if label in (u.name, u.coded_name))


def _names(labels: list[str]) -> list[str]:
    """The labels without the units' codes (``F12 1/54e Ligne`` reads ``1/54e Ligne``)."""
    return [
        x.split(" ", 1)[1] if x[:1].isalpha() and x.split(" ")[0][1:].isdigit() else x
        for x in labels
    ]


def test_typing_picks_the_best_match_and_the_arrows_move(qtbot: QtBot, demo: GameService) -> None:
    picker = _picker(qtbot, demo)
    assert picker.value() is None  # nothing is picked for the umpire
    assert picker.chosen.text() == "nothing chosen yet"
    qtbot.keyClicks(picker.edit, "33rd")
    assert picker.value() == _id(demo, "33rd Foot")
    assert picker.chosen.text() == "→ 33rd Foot"
    qtbot.keyClicks(picker.edit, "zz")
    assert picker.shown() == []
    assert "nothing matches" in picker.chosen.text()
    assert picker.value() == _id(demo, "33rd Foot")  # a typo does not lose the pick
    picker.edit.clear()
    qtbot.keyClicks(picker.edit, "ligne")
    first, second = picker.shown()[:2]
    qtbot.keyClick(picker.edit, Qt.Key.Key_Down)
    assert picker.value() == _id(demo, second)
    qtbot.keyClick(picker.edit, Qt.Key.Key_Up)
    assert picker.value() == _id(demo, first)


def test_accents_and_the_middle_of_a_name_find_it(qtbot: QtBot, demo: GameService) -> None:
    picker = _picker(qtbot, demo)
    names = [u.name for s in demo.view().sides for u in s.units]
    accented = next(n for n in names if "é" in n)
    plain = accented.replace("é", "e")
    qtbot.keyClicks(picker.edit, plain[2:].upper())
    assert picker.value() == _id(demo, accented)


def test_a_space_is_typed_and_opens_no_popup(qtbot: QtBot, demo: GameService) -> None:
    picker = _picker(qtbot, demo)
    qtbot.keyClicks(picker.edit, "54e")
    qtbot.keyClick(picker.edit, Qt.Key.Key_Space)
    qtbot.keyClicks(picker.edit, "lig")
    assert picker.edit.text() == "54e lig"
    assert QApplication.activePopupWidget() is None
    assert all("54e Ligne" in label for label in picker.shown())


def test_the_right_side_ranks_first(qtbot: QtBot, demo: GameService) -> None:
    view = demo.view()
    british = next(s for s in view.sides if any(u.name == "33rd Foot" for u in s.units))
    picker = _picker(qtbot, demo, prefer=Preference(side=british.position))
    shown = picker.shown()
    british_names = {u.name for u in british.units}
    n = len(british.units)
    assert set(_names(shown[:n])) == british_names
    assert not set(_names(shown[n:])) & british_names


def test_enter_takes_the_unit_then_goes_on_in_single_pick(qtbot: QtBot, demo: GameService) -> None:
    dialog = QDialog()
    qtbot.addWidget(dialog)
    layout = QVBoxLayout(dialog)
    view = demo.view()
    cands = unit_candidates(view, [(u.id, u.name) for s in view.sides for u in s.units])
    picker = UnitPicker(cands)
    layout.addWidget(picker)
    ok = QPushButton("OK")
    ok.setDefault(True)
    ok.clicked.connect(dialog.accept)
    layout.addWidget(ok)
    dialog.show()
    qtbot.waitExposed(dialog)
    picker.setFocus()
    qtbot.keyClicks(picker.edit, "33rd")
    accepted: list[bool] = []
    dialog.accepted.connect(lambda: accepted.append(True))
    qtbot.keyClick(picker.edit, Qt.Key.Key_Return)  # takes the unit found, no more
    assert picker.value() == _id(demo, "33rd Foot")
    assert not accepted
    assert picker.edit.text() == ""
    with qtbot.waitSignal(dialog.accepted, timeout=2000):
        qtbot.keyClick(picker.edit, Qt.Key.Key_Return)  # no letters: goes on
    assert picker.value() == _id(demo, "33rd Foot")


def test_multi_pick_ticks_with_enter_and_keeps_the_ticked_first(
    qtbot: QtBot, demo: GameService
) -> None:
    picker = _picker(qtbot, demo, multi=True)
    seen: list[object] = []
    picker.valueChanged.connect(seen.append)
    qtbot.keyClicks(picker.edit, "33rd")
    qtbot.keyClick(picker.edit, Qt.Key.Key_Return)
    assert picker.edit.text() == ""
    qtbot.keyClicks(picker.edit, "1/54")
    qtbot.keyClick(picker.edit, Qt.Key.Key_Return)
    ids = (_id(demo, "33rd Foot"), _id(demo, "1/54e Ligne"))
    assert picker.values() == ids
    assert seen[-1] == ids
    assert set(_names(picker.shown()[:2])) == {"33rd Foot", "1/54e Ligne"}
    # Enter again on a ticked unit unticks it.
    qtbot.keyClicks(picker.edit, "33rd")
    qtbot.keyClick(picker.edit, Qt.Key.Key_Return)
    assert picker.values() == ids[1:]


def test_a_combo_box_finds_an_item_by_the_middle_of_its_name(qtbot: QtBot) -> None:
    combo = QComboBox()
    qtbot.addWidget(combo)
    for name in ("Prussian (Angers)", "Orange (Tangier)", "Anglo-Allied", "Français"):
        combo.addItem(name)
    searchable_combo(combo)
    combo.show()
    qtbot.waitExposed(combo)
    combo.setFocus()
    edit = combo.lineEdit()
    assert edit is not None
    edit.selectAll()
    qtbot.keyClicks(edit, "Ang")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert combo.currentText() == "Anglo-Allied"
    edit.selectAll()
    qtbot.keyClicks(edit, "francais")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert combo.currentText() == "Français"


def test_a_list_finds_an_item_by_letters_anywhere(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QListWidget

    from eote_ref.ui.unit_picker import type_to_find

    lst = QListWidget()
    qtbot.addWidget(lst)
    lst.addItems(["Prussians (Angers)", "Les Anglais", "Anglo-Allied (Bob)", "Armée du Nord"])
    type_to_find(lst)
    lst.show()
    qtbot.waitExposed(lst)
    lst.setFocus()
    qtbot.keyClicks(lst, "Ang")
    assert lst.currentItem().text() == "Anglo-Allied (Bob)"
    QTest_wait(qtbot)
    qtbot.keyClicks(lst, "armee")
    assert lst.currentItem().text() == "Armée du Nord"


def QTest_wait(qtbot: QtBot) -> None:  # noqa: N802 - reads as the pause it is
    """Let the typed letters go stale (a new search starts)."""
    from eote_ref.ui.unit_picker import _TypeToFind

    qtbot.wait(_TypeToFind.PAUSE_MS + 100)


def test_the_dashboard_filter_ignores_accents(qtbot: QtBot, demo: GameService) -> None:
    from eote_ref.ui.dashboard import Dashboard
    from eote_ref.ui.game_hub import GameHub

    names = [u.name for s in demo.view().sides for u in s.units]
    accented = next(n for n in names if "é" in n)
    dashboard = Dashboard(GameHub(demo))
    qtbot.addWidget(dashboard)
    dashboard.show()
    dashboard.find_action.trigger()
    qtbot.keyClicks(dashboard.ui.filterEdit, accented.replace("é", "e").upper())
    shown = []
    for pane in dashboard.panes:
        proxy = pane.proxy
        for r in range(proxy.rowCount()):
            parent = proxy.index(r, 0)
            for c in range(proxy.rowCount(parent)):
                shown.append(proxy.index(c, 0, parent).data())
    assert any(accented in str(text) for text in shown), shown


def test_a_long_list_of_ticked_units_does_not_widen_the_picker(
    qtbot: QtBot, demo: GameService
) -> None:
    """Issue 23: the names ticked set the integrity wizard's width (2,499 px on a corps)."""
    picker = _picker(qtbot, demo, multi=True)
    narrow = picker.minimumSizeHint().width()
    view = demo.view()
    picker.set_value(tuple(u.id for s in view.sides for u in s.units[:40]))
    assert picker.chosen.text().startswith("✓ 80:")
    assert picker.minimumSizeHint().width() <= max(narrow, 400)
    assert picker.sizeHint().width() <= 700
    assert picker.chosen.toolTip() == picker.chosen.text()  # every name, in the tooltip


def test_the_filter_box_shows_its_whole_hint(qtbot: QtBot, demo: GameService) -> None:
    # in a narrow layout (the fire queue's batteries) the hint was cut to "...; En…"
    for multi in (False, True):
        picker = _picker(qtbot, demo, multi=multi)
        picker.resize(200, picker.height())
        edit = picker.edit
        hint = edit.fontMetrics().horizontalAdvance(edit.placeholderText())
        assert edit.width() > hint + 24


def test_a_long_list_makes_its_rows_as_it_is_scrolled(qtbot: QtBot) -> None:
    """A picker of 1,000 units makes the first rows only; the rest come as the list goes down.

    Every unit of a 2,000-unit game's side in each of the assault's six pickers made 7,000
    rows no one saw, most of the wizard's opening. The rows not made yet still count: they
    are listed by ``shown``, found by typing, and reached with the arrows.
    """
    from eote_ref.referee.picking import Candidate
    from eote_ref.ui.unit_picker import FIRST_ROWS

    units = [Candidate(i, f"{i}/{i % 7}e Ligne", f"{i}/{i % 7}e Ligne") for i in range(1, 1001)]
    picker = UnitPicker(units, value=900)
    qtbot.addWidget(picker)
    picker.show()
    qtbot.waitExposed(picker)
    assert FIRST_ROWS < picker.model.rowCount() < 1000  # up to the value picked, and a few
    assert picker.list.currentIndex().data() == "900/4e Ligne"
    assert len(picker.shown()) == 1000
    ticks = UnitPicker(units, multi=True, value=(1000,))
    qtbot.addWidget(ticks)
    ticks.show()
    qtbot.waitExposed(ticks)
    assert ticks.model.rowCount() == FIRST_ROWS
    assert ticks.shown()[0] == "1000/6e Ligne"  # the ticked first
    ticks.list.scrollToBottom()  # Qt asks the model for more rows at the list's end
    assert FIRST_ROWS < ticks.model.rowCount() <= 3 * FIRST_ROWS
    plain = UnitPicker(units)
    qtbot.addWidget(plain)
    plain.show()
    qtbot.waitExposed(plain)
    assert plain.model.rowCount() == FIRST_ROWS
    for _ in range(FIRST_ROWS + 6):  # the first press highlights the first row
        qtbot.keyClick(plain.edit, Qt.Key.Key_Down)
    assert plain.value() == FIRST_ROWS + 6  # the arrows went past the rows made at first
    qtbot.keyClicks(plain.edit, "999/")
    assert plain.shown() == ["999/5e Ligne"]
