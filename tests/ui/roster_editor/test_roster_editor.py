"""The roster editor driven through its widgets: build, save, reload, undo, validate, database."""

from __future__ import annotations

import pathlib

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QMessageBox
from pytestqt.qtbot import QtBot

from eote_ref.armylists.export import dump_army_list
from eote_ref.armylists.loader import load_army_list
from eote_ref.armylists.model import ArmyList, Command, Leader, Skirmish, Unit
from eote_ref.armylists.tree import Kind, Node
from eote_ref.packs.eote.rules.command import Level
from eote_ref.packs.eote.rules.units import Arm, Weight
from eote_ref.referee.roster_service import RosterService
from eote_ref.store import Database
from eote_ref.ui.roster_editor.window import RosterEditorWindow
from tests.rosters import BROKEN, SMALL

SHIPPED = sorted((pathlib.Path(__file__).parents[3] / "army_lists").glob("*.yaml"))


@pytest.fixture
def rosters(db: Database) -> RosterService:
    return RosterService(db)


@pytest.fixture
def window(
    qtbot: QtBot, rosters: RosterService, monkeypatch: pytest.MonkeyPatch
) -> RosterEditorWindow:
    w = RosterEditorWindow(rosters)
    qtbot.addWidget(w)
    # pytest-qt closes the window after each test: a modified one would ask (a modal box).
    monkeypatch.setattr(w, "_ask_unsaved", lambda: QMessageBox.StandardButton.Discard)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    return w


@pytest.fixture
def small(tmp_path: pathlib.Path) -> pathlib.Path:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL, encoding="utf-8")
    return path


def find(window: RosterEditorWindow, name: str) -> Node:
    return next(n for n in window.model.root.walk() if n.name == name)


def retype(qtbot: QtBot, edit: QLineEdit, text: str) -> None:
    """Replace the text of a line edit the way a user does: select all, then type."""
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, text)


# ----------------------------------------------------------------------------- build from scratch


def test_build_an_army_from_scratch_save_and_reload(
    qtbot: QtBot, window: RosterEditorWindow, rosters: RosterService, tmp_path: pathlib.Path
) -> None:
    ui = window.ui
    assert window.current_node() is window.model.root
    retype(qtbot, ui.armyNameEdit, "Armee du Test")
    retype(qtbot, ui.armyNationCombo.lineEdit(), "french")
    ui.armyYearSpin.selectAll()
    qtbot.keyClicks(ui.armyYearSpin, "1813")
    retype(qtbot, ui.armyBattleEdit, "Dresden")
    retype(qtbot, ui.armyCommandNameEdit, "Grande Armee")
    retype(qtbot, ui.armyLeaderEdit, "Napoleon")  # QTest types ASCII only
    ui.armyRatingSpin.selectAll()
    qtbot.keyClicks(ui.armyRatingSpin, "4")

    ui.actionAddCommand.trigger()  # under the army: a corps
    corps = window.current_node()
    assert corps is not None
    assert corps.command.level == Level.CORPS
    assert ui.pages.currentWidget() is ui.commandPage
    qtbot.keyClicks(
        ui.commandNameEdit, "I Corps"
    )  # the default name is selected: typing replaces it
    qtbot.keyClicks(ui.leaderNameEdit, "Victor")
    ui.leaderRatingSpin.selectAll()
    qtbot.keyClicks(ui.leaderRatingSpin, "2")

    assert not ui.actionAddUnit.isEnabled(), "a unit outside a division cannot be created"
    ui.actionAddCommand.trigger()  # under the corps: a division
    division = window.current_node()
    assert division is not None
    assert division.command.level == Level.DIVISION
    assert division.parent is corps
    qtbot.keyClicks(ui.commandNameEdit, "1st Division")
    qtbot.keyClicks(ui.leaderNameEdit, "Dubreton")

    assert ui.actionAddUnit.isEnabled()
    ui.actionAddUnit.trigger()
    qtbot.keyClicks(ui.unitNameEdit, "1/24e Ligne")
    ui.unitSkirmishCombo.setCurrentIndex(ui.unitSkirmishCombo.findData(Skirmish.DETACH))
    ui.unitCeSpin.selectAll()
    qtbot.keyClicks(ui.unitCeSpin, "6")
    retype(qtbot, ui.unitBrigadeEdit, "Dufour")

    ui.actionAddUnit.trigger()  # copies the unit before it
    qtbot.keyClicks(ui.unitNameEdit, "2/24e Ligne")

    ui.actionAddUnit.trigger()
    qtbot.keyClicks(ui.unitNameEdit, "Foot Battery")
    ui.unitArmCombo.setCurrentIndex(ui.unitArmCombo.findData(Arm.ARTILLERY))
    assert [ui.unitTypeCombo.itemData(i) for i in range(ui.unitTypeCombo.count())] == [
        "foot",
        "horse",
    ]
    assert ui.unitWeightCombo.isVisibleTo(window)
    ui.unitWeightCombo.setCurrentIndex(ui.unitWeightCombo.findData(Weight.HEAVY))
    ui.unitHowitzersSpin.selectAll()
    qtbot.keyClicks(ui.unitHowitzersSpin, "2")
    ui.unitStandsSpin.selectAll()
    qtbot.keyClicks(ui.unitStandsSpin, "2")
    ui.unitSkirmishCombo.setCurrentIndex(ui.unitSkirmishCombo.findData(Skirmish.NONE))
    ui.unitBrigadeEdit.selectAll()
    qtbot.keyClick(ui.unitBrigadeEdit, Qt.Key.Key_Delete)

    assert [p for p in window.validate_now() if p.severity == "error"] == []
    out = tmp_path / "scratch.yaml"
    assert window.save_as(out)
    assert window.windowTitle().startswith("scratch.yaml — ")

    line = {
        "arm": Arm.INFANTRY,
        "type": "line",
        "ce": 6,
        "stands": 4,
        "skirmish": Skirmish.DETACH,
    }
    expected = ArmyList(
        format=1,
        name="Armee du Test",
        nation="french",
        year=1813,
        battle="Dresden",
        army=Command(
            name="Grande Armee",
            level=Level.ARMY,
            leader=Leader(name="Napoleon", rating=4),
            commands=(
                Command(
                    name="I Corps",
                    level=Level.CORPS,
                    leader=Leader(name="Victor", rating=2),
                    commands=(
                        Command(
                            name="1st Division",
                            level=Level.DIVISION,
                            leader=Leader(name="Dubreton", rating=1),
                            units=(
                                Unit(name="1/24e Ligne", brigade="Dufour", **line),  # type: ignore[arg-type]
                                Unit(name="2/24e Ligne", brigade="Dufour", **line),  # type: ignore[arg-type]
                                Unit(
                                    name="Foot Battery",
                                    arm=Arm.ARTILLERY,
                                    type="foot",
                                    ce=6,
                                    stands=2,
                                    weight=Weight.HEAVY,
                                    howitzers=2,
                                ),
                            ),
                        ),
                    ),
                ),
            ),
        ),
    )
    assert load_army_list(out).army_list == expected
    assert out.read_text(encoding="utf-8") == dump_army_list(expected)

    again = RosterEditorWindow(rosters)
    qtbot.addWidget(again)
    assert again.open_file(out)
    assert again.army_list() == expected
    assert not again.modified


# ----------------------------------------------------------------------------- round trip


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_lists_round_trip(
    window: RosterEditorWindow, tmp_path: pathlib.Path, path: pathlib.Path
) -> None:
    original = load_army_list(path).army_list
    assert window.open_file(path)
    assert window.army_list() == original
    assert not [p for p in window.problems if p.severity == "error"]
    out = tmp_path / path.name
    assert window.save_as(out)
    text = out.read_text(encoding="utf-8")
    header = "".join(
        line + "\n" for line in path.read_text(encoding="utf-8").splitlines()[:40]
    ).split("format:")[0]
    assert text == window.header + dump_army_list(original)
    assert window.header.strip()
    assert header.startswith(window.header)
    assert load_army_list(out).army_list == original


def test_there_are_shipped_lists() -> None:
    assert len(SHIPPED) >= 6


# ----------------------------------------------------------------------------- undo and redo


def test_undo_redo_add_edit_move_delete(
    qtbot: QtBot, window: RosterEditorWindow, small: pathlib.Path
) -> None:
    ui = window.ui
    assert window.open_file(small)
    original = window.army_list()
    division = find(window, "1st Division")
    window.select_node(division.children[0])

    # add
    ui.actionAddUnit.trigger()
    assert [n.name for n in division.children][:2] == ["1/54e Ligne", "New unit"]
    assert window.modified
    assert window.windowTitle().startswith("small.yaml* — ")
    ui.actionUndo.trigger()
    assert window.army_list() == original
    assert not window.modified
    assert "*" not in window.windowTitle()
    ui.actionRedo.trigger()
    assert len(division.children) == 4

    # edit: one undo step for a whole word typed
    window.select_node(division.children[0])
    retype(qtbot, ui.unitNameEdit, "1/54e de Ligne")
    assert division.children[0].name == "1/54e de Ligne"
    ui.tree.setFocus()
    qtbot.keyClick(ui.tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert division.children[0].name == "1/54e Ligne"
    assert ui.unitNameEdit.text() == "1/54e Ligne"
    qtbot.keyClick(
        ui.tree,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert division.children[0].name == "1/54e de Ligne"

    # move with Alt+Down / Alt+Up on the tree
    window.select_node(division.children[0])
    ui.tree.setFocus()
    qtbot.keyClick(ui.tree, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    assert [n.name for n in division.children][:2] == ["New unit", "1/54e de Ligne"]
    assert window.current_node() is division.children[1]
    qtbot.keyClick(ui.tree, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    assert division.children[0].name == "1/54e de Ligne"
    qtbot.keyClick(ui.tree, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    ui.actionUndo.trigger()
    assert division.children[0].name == "1/54e de Ligne"

    # delete a whole division, then undo it back into place
    second = find(window, "2nd Division")
    window.select_node(second)
    ui.tree.setFocus()
    qtbot.keyClick(ui.tree, Qt.Key.Key_Delete)
    assert second not in second_parent_children(window)
    ui.actionUndo.trigger()
    assert find(window, "2nd Division") is second
    assert [c.name for c in second.parent.children] == ["1st Division", "2nd Division"]  # type: ignore[union-attr]

    # all the way back
    while window.undo_stack.canUndo():
        window.undo_stack.undo()
    assert window.army_list() == original
    assert not window.modified


def second_parent_children(window: RosterEditorWindow) -> list[Node]:
    return find(window, "I Corps").children


def test_duplicate_gives_a_unique_name_and_undoes(
    window: RosterEditorWindow, small: pathlib.Path
) -> None:
    assert window.open_file(small)
    division = find(window, "1st Division")
    window.select_node(division)
    copy = window.duplicate()
    assert copy is not None
    assert copy.name == "1st Division (copy)"
    assert [u.name for u in copy.units()] == [u.name for u in division.units()]
    assert not [p for p in window.validate_now() if p.severity == "error"]
    window.ui.actionUndo.trigger()
    assert copy not in find(window, "I Corps").children


def test_drag_and_drop_moves_within_valid_parents_only(
    qtbot: QtBot, window: RosterEditorWindow, small: pathlib.Path
) -> None:
    assert window.open_file(small)
    model = window.model
    unit = find(window, "1/54e Ligne")
    second = find(window, "2nd Division")
    corps = find(window, "I Corps")
    data = model.mimeData([model.index_of(unit)])
    move = Qt.DropAction.MoveAction
    assert not model.canDropMimeData(data, move, -1, 0, model.index_of(corps))
    assert not model.canDropMimeData(data, move, -1, 0, model.index_of(model.root))
    assert model.canDropMimeData(data, move, 1, 0, model.index_of(second))
    assert not model.dropMimeData(
        data, move, 1, 0, model.index_of(second)
    )  # the view removes nothing
    qtbot.waitUntil(lambda: unit.parent is second)
    assert [n.name for n in second.children] == ["1/13e Léger", "1/54e Ligne", "2/13e Léger"]
    division = find(window, "1st Division")
    command_data = model.mimeData([model.index_of(division)])
    assert not model.canDropMimeData(command_data, move, 0, 0, model.index_of(second))
    window.ui.actionUndo.trigger()
    assert unit.parent is division
    assert unit.row == 0


# ----------------------------------------------------------------------------- validation


def test_validation_as_you_type_highlights_the_field_and_refuses_to_save(
    qtbot: QtBot,
    window: RosterEditorWindow,
    small: pathlib.Path,
    tmp_path: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ui = window.ui
    assert window.open_file(small)
    unit = find(window, "2/54e Ligne")
    window.select_node(unit)
    retype(qtbot, ui.unitNameEdit, "1/54e  ligne")  # same name as its neighbour
    qtbot.waitUntil(lambda: window.field_problem(ui.unitNameEdit) == "error")
    assert "duplicate unit name" in ui.unitNameEdit.toolTip()
    assert ui.problemLabel.isVisible()
    assert "duplicate" in ui.problemLabel.text()
    assert window.status_text().startswith("1 error")

    told: list[str] = []
    monkeypatch.setattr(window, "_inform", lambda title, text, icon: told.append(text))
    out = tmp_path / "refused.yaml"
    assert not window.save_as(out)
    assert not out.exists()
    assert told
    assert "1 error" in told[0]
    assert "2/54e" not in told[0]
    assert "duplicate" in told[0]
    assert not window.import_into_database()

    ui.unitNameEdit.selectAll()
    qtbot.keyClicks(ui.unitNameEdit, "2/54e Ligne")
    window.validate_now()
    assert window.field_problem(ui.unitNameEdit) is None
    assert not ui.problemLabel.isVisible()

    ui.unitCeSpin.selectAll()
    qtbot.keyClicks(ui.unitCeSpin, "14")
    window.validate_now()
    assert window.field_problem(ui.unitCeSpin) == "warning"
    assert window.save_as(out), "warnings do not stop a save"


def test_type_follows_arm_and_artillery_fields(
    window: RosterEditorWindow, small: pathlib.Path
) -> None:
    ui = window.ui
    assert window.open_file(small)
    window.select_node(find(window, "1/54e Ligne"))
    assert not ui.unitWeightCombo.isVisibleTo(window)
    ui.unitArmCombo.setCurrentIndex(ui.unitArmCombo.findData(Arm.CAVALRY))
    unit = find(window, "1/54e Ligne").value
    assert (unit.arm, unit.type) == (Arm.CAVALRY, "light")
    assert [ui.unitTypeCombo.itemText(i) for i in range(ui.unitTypeCombo.count())] == [
        "light",
        "medium",
        "heavy",
    ]
    ui.unitArmCombo.setCurrentIndex(ui.unitArmCombo.findData(Arm.ARTILLERY))
    unit = find(window, "1/54e Ligne").value
    assert (unit.type, unit.weight) == ("foot", Weight.MEDIUM)
    assert ui.unitWeightCombo.isVisibleTo(window)
    ui.actionUndo.trigger()
    ui.actionUndo.trigger()
    assert find(window, "1/54e Ligne").value.arm == Arm.INFANTRY


def test_levels_offered_follow_the_rules(window: RosterEditorWindow, small: pathlib.Path) -> None:
    ui = window.ui
    assert window.open_file(small)
    window.select_node(find(window, "I Corps"))
    levels = [ui.commandLevelCombo.itemData(i) for i in range(ui.commandLevelCombo.count())]
    assert levels == [Level.WING, Level.CORPS]
    window.select_node(find(window, "1st Division"))
    levels = [ui.commandLevelCombo.itemData(i) for i in range(ui.commandLevelCombo.count())]
    assert levels == [Level.DIVISION, Level.BRIGADE]
    ui.commandLevelCombo.setCurrentIndex(1)
    assert find(window, "1st Division").command.level == Level.BRIGADE


def test_a_broken_file_lists_every_problem_and_retry_opens_the_fixed_file(
    qtbot: QtBot, window: RosterEditorWindow, small: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    assert window.open_file(small)
    before = window.army_list()
    broken = tmp_path / "broken.yaml"
    broken.write_text(BROKEN, encoding="utf-8")
    assert not window.open_file(broken)
    dialog = window.problems_dialog
    assert dialog is not None
    assert dialog.isVisible()
    errors = [p for p in window.last_problems if p.severity == "error"]
    assert len(errors) >= 3
    tree = dialog.ui.problemsTree
    assert tree.topLevelItemCount() == len(window.last_problems)
    rows = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    where = [(r.text(0), r.text(2)) for r in rows if r is not None]
    assert ("3:9", "nation") in where
    assert ("8:29", "army.leader.rating") in where
    assert any(w.startswith("10:") and k == "army.units[0]" for w, k in where)
    assert any(line.startswith("3:9: error: nation: ") for line in dialog.lines())
    assert window.army_list() == before, "nothing in the editor changed"
    assert window.path == small

    broken.write_text(SMALL.replace("Test Army", "Fixed Army"), encoding="utf-8")
    dialog.ui.retryButton.click()
    assert window.path == broken
    assert window.army_list().name == "Fixed Army"
    assert not dialog.isVisible()


# ----------------------------------------------------------------------------- database


def test_import_into_database_and_export_back(
    qtbot: QtBot,
    window: RosterEditorWindow,
    rosters: RosterService,
    tmp_path: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = SHIPPED[0]
    original = load_army_list(path).army_list
    assert window.open_file(path)
    assert window.import_into_database()
    assert [s.name for s in rosters.list_stored()] == [original.name]

    asked: list[str] = []
    monkeypatch.setattr(window, "_ask_replace", lambda name: asked.append(name) or False)
    assert not window.import_into_database()
    monkeypatch.setattr(window, "_ask_replace", lambda name: asked.append(name) or True)
    assert window.import_into_database()
    assert asked == [original.name, original.name]

    other = RosterEditorWindow(rosters)
    qtbot.addWidget(other)
    assert other.load_from_database(original.name)
    assert other.army_list() == original
    assert "(from the database)" in other.windowTitle()
    monkeypatch.setattr(other, "_ask_save_path", lambda: tmp_path / "exported.yaml")
    assert other.save()
    assert (tmp_path / "exported.yaml").read_text(encoding="utf-8") == dump_army_list(original)
    assert other.windowTitle().startswith("exported.yaml — ")


def test_export_action_picks_a_stored_list(
    window: RosterEditorWindow,
    rosters: RosterService,
    tmp_path: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    original = load_army_list(SHIPPED[1]).army_list
    rosters.import_list(original)
    monkeypatch.setattr(window, "_ask_stored_list", lambda stored: stored[0].name)
    monkeypatch.setattr(window, "_ask_save_path", lambda: tmp_path / "picked.yaml")
    window.ui.actionExport.trigger()
    assert load_army_list(tmp_path / "picked.yaml").army_list == original


# ----------------------------------------------------------------------------- filter, close, new


def test_filter_by_name_arm_and_nation(window: RosterEditorWindow) -> None:
    anglo = next(p for p in SHIPPED if "anglo-allied" in p.name)
    assert window.open_file(anglo)
    window.set_filter("landwehr")
    names = window.visible_names()
    assert names
    assert all("landwehr" in n.casefold() for n in names)
    window.set_filter(arm=Arm.ARTILLERY)
    army = window.army_list()
    assert window.visible_names() == [u.name for u in army.units() if u.arm == Arm.ARTILLERY]
    window.set_filter(nation="hanoverian")
    assert window.visible_names() == [u.name for u in army.units() if u.nation == "hanoverian"]
    window.set_filter(nation="british")
    assert window.visible_names() == [u.name for u in army.units() if u.nation is None]
    window.set_filter()
    assert len(window.visible_names()) == len(army.units())


def test_closing_with_unsaved_changes_asks(
    qtbot: QtBot, window: RosterEditorWindow, small: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert window.open_file(small)
    window.select_node(find(window, "1st Division"))
    window.ui.actionAddUnit.trigger()
    answers = [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save]
    monkeypatch.setattr(window, "_ask_unsaved", lambda: answers.pop(0))
    assert not window.close()
    assert window.isVisible()
    assert window.close()
    assert "New unit" in small.read_text(encoding="utf-8")
    assert small.read_text(encoding="utf-8").startswith("# A test list.\n")


def test_new_list_starts_clean(window: RosterEditorWindow, small: pathlib.Path) -> None:
    assert window.open_file(small)
    assert window.new_list()
    assert window.path is None
    assert window.army_list().name == "New army"
    assert window.windowTitle().startswith("Untitled — ")
    node = window.model.root
    assert any(p.field == ("leader", "name") for p in window.node_problems(node))
    assert window.field_problem(window.ui.armyLeaderEdit) == "error"


def test_next_problem_walks_the_flagged_items(window: RosterEditorWindow) -> None:
    anglo = next(p for p in SHIPPED if "anglo-allied" in p.name)
    assert window.open_file(anglo)
    window.next_problem()
    first = window.current_node()
    assert first is not None
    assert window.node_problems(first)
    window.next_problem()
    second = window.current_node()
    assert second is not None
    assert second is not first
    assert window.node_problems(second)


def test_screenshot_entry_point_shows_a_division(window: RosterEditorWindow) -> None:
    assert window.open_file(SHIPPED[-1])
    division = window.select_first_division()
    assert division is not None
    assert division.kind is Kind.COMMAND
    assert division.holds_units
    assert window.ui.pages.currentWidget() is window.ui.commandPage
    unit = window.select_first_division(first_unit=True)
    assert unit is not None
    assert unit.kind is Kind.UNIT
    assert window.ui.pages.currentWidget() is window.ui.unitPage
    assert window.ui.unitNameEdit.text() == unit.name
