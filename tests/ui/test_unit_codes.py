"""Units found by their codes with real keys: the pick list, the dashboard's filter, the labels."""

from __future__ import annotations

import pathlib

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.referee.picking import Preference, unit_candidates
from eote_ref.store import Database
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.printing import pdf_text
from eote_ref.ui.unit_model import Role
from eote_ref.ui.unit_picker import UnitPicker
from tests.ui.helpers import demo_window


def _picker(qtbot: QtBot, game: GameService, **kw: object) -> UnitPicker:
    view = game.view()
    cands = unit_candidates(view, [(u.id, u.name) for s in view.sides for u in s.units])
    picker = UnitPicker(cands, **kw)  # type: ignore[arg-type]
    qtbot.addWidget(picker)
    picker.show()
    qtbot.waitExposed(picker)
    picker.setFocus()
    return picker


def _code(game: GameService, code: str) -> int:
    return next(u.id for s in game.view().sides for u in s.units if u.code == code)


def test_three_keys_pick_any_unit_by_its_code(qtbot: QtBot, demo: GameService) -> None:
    picker = _picker(qtbot, demo)
    qtbot.keyClicks(picker.edit, "f12")
    assert picker.value() == _code(demo, "F12")
    assert picker.shown()[0].startswith("F12 ")
    picker.edit.clear()
    qtbot.keyClicks(picker.edit, "a7")
    assert picker.value() == _code(demo, "A7")


def test_the_number_alone_picks_the_likely_sides_unit(qtbot: QtBot, demo: GameService) -> None:
    allied = next(s for s in demo.view().sides if s.name == "Anglo-Allied")
    picker = _picker(qtbot, demo, prefer=Preference(side=allied.position))
    qtbot.keyClicks(picker.edit, "12")
    assert picker.value() == _code(demo, "A12")
    assert picker.shown()[1].startswith("F12 ")


def _shown_units(pane: object) -> list[str]:
    proxy = pane.proxy  # type: ignore[attr-defined]
    out = []
    for r in range(proxy.rowCount()):
        division = proxy.index(r, 0, QModelIndex())
        for c in range(proxy.rowCount(division)):
            unit = proxy.index(c, 0, division).data(Role.UNIT)
            out.append(unit.code)
    return out


def test_the_dashboard_filter_takes_a_code_exactly(
    qtbot: QtBot, db: Database, demo: GameService
) -> None:
    window: MainWindow = demo_window(qtbot, db)
    dashboard = window.dashboard
    assert dashboard is not None
    qtbot.mouseClick(dashboard.ui.filterEdit, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(dashboard.ui.filterEdit, "F1")
    shown = [c for pane in dashboard.panes for c in _shown_units(pane)]
    assert shown == ["F1"]  # not F10-F19 too
    dashboard.ui.filterEdit.clear()
    qtbot.keyClicks(dashboard.ui.filterEdit, "12")
    shown = sorted(c for pane in dashboard.panes for c in _shown_units(pane))
    assert shown == ["A12", "F12"]
    dashboard.ui.filterEdit.clear()
    qtbot.keyClicks(dashboard.ui.filterEdit, "54e")  # letters as before
    assert {c for pane in dashboard.panes for c in _shown_units(pane)} == {"F1", "F2"}
    # The unit's row shows its code before its name.
    pane = dashboard.panes[0]
    index = pane.model.unit_index(_code(demo, "F1"))
    assert str(index.data()).startswith("F1 ")


def test_the_main_window_prints_the_base_labels(
    qtbot: QtBot, db: Database, demo: GameService, tmp_path: pathlib.Path
) -> None:
    window = demo_window(qtbot, db)
    printing = window.printing
    assert printing.labels_action.isEnabled()
    pdf = tmp_path / "labels.pdf"
    pages = printing.labels_to(pdf)
    assert pages >= 2
    text = " ".join(pdf_text(pdf))
    assert "F1" in text
    assert "A1" in text


def test_a_number_typed_on_a_table_selects_that_unit_and_ctrl_adds_the_enemys(
    qtbot: QtBot, db: Database, demo: GameService
) -> None:
    window = demo_window(qtbot, db)
    dashboard = window.dashboard
    assert dashboard is not None
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    french, allied = dashboard.panes  # the demo: French first
    ctrl = Qt.KeyboardModifier.ControlModifier
    french.tree.setFocus()
    qtbot.keyClick(french.tree, Qt.Key.Key_1)
    qtbot.keyClick(french.tree, Qt.Key.Key_2)
    assert dashboard.current_unit() is not None
    assert dashboard.current_unit().code == "F12"  # type: ignore[union-attr]
    allied.select_unit(_code(demo, "A30"))  # an earlier current row there, not selected
    french.tree.setFocus()
    dashboard.code_keys.clock.invalidate()  # a pause: a new number
    qtbot.keyClick(french.tree, Qt.Key.Key_1)
    qtbot.keyClick(french.tree, Qt.Key.Key_2)
    qtbot.keyClick(french.tree, Qt.Key.Key_7, ctrl)
    firers, targets = dashboard.selection()
    assert [u.code for u in firers] == ["F12"]
    assert [u.code for u in targets] == ["A7"]  # the target typed, not the old current row
    # A second digit with Ctrl makes the number grow: A7 gives way to A71... or stays A7
    # when there is none; a pause starts a new number.
    qtbot.keyClick(french.tree, Qt.Key.Key_1, ctrl)
    firers, targets = dashboard.selection()
    assert [u.code for u in targets] == ["A71"]
    # A plain number again starts a new selection: the target goes.
    dashboard.code_keys.clock.invalidate()
    qtbot.keyClick(french.tree, Qt.Key.Key_3)
    firers, targets = dashboard.selection()
    assert ([u.code for u in firers], targets) == (["F3"], [])
    # F6: the other side's table takes the keyboard; its numbers are its own units.
    qtbot.keyClick(french.tree, Qt.Key.Key_F6)
    qtbot.waitUntil(allied.tree.hasFocus)
    qtbot.keyClick(allied.tree, Qt.Key.Key_5)
    assert dashboard.current_unit().code == "A5"  # type: ignore[union-attr]


def test_return_fire_by_codes_makes_the_last_target_the_firer(
    qtbot: QtBot, db: Database, demo: GameService
) -> None:
    """The last fire's target typed as the next firer starts a new selection (return fire).

    Its row is already the only one selected on its table, so typing its number changes no
    selection there; the other table's firer must still go, and Ctrl and the old firer's
    number must add it as the target (issue 23's trial: F2 firing back at A1).
    """
    window = demo_window(qtbot, db)
    dashboard = window.dashboard
    assert dashboard is not None
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    french, allied = dashboard.panes
    ctrl = Qt.KeyboardModifier.ControlModifier
    allied.tree.setFocus()
    qtbot.keyClick(allied.tree, Qt.Key.Key_7)  # A7 fires ...
    dashboard.code_keys.clock.invalidate()
    qtbot.keyClick(allied.tree, Qt.Key.Key_3, ctrl)  # ... at F3
    firers, targets = dashboard.selection()
    assert ([u.code for u in firers], [u.code for u in targets]) == (["A7"], ["F3"])
    # F3 fires back: F6, its number, then Ctrl and A7's.
    qtbot.keyClick(allied.tree, Qt.Key.Key_F6)
    qtbot.waitUntil(french.tree.hasFocus)
    dashboard.code_keys.clock.invalidate()
    qtbot.keyClick(french.tree, Qt.Key.Key_3)
    firers, targets = dashboard.selection()
    assert ([u.code for u in firers], targets) == (["F3"], [])
    dashboard.code_keys.clock.invalidate()
    qtbot.keyClick(french.tree, Qt.Key.Key_7, ctrl)
    firers, targets = dashboard.selection()
    assert ([u.code for u in firers], [u.code for u in targets]) == (["F3"], ["A7"])
