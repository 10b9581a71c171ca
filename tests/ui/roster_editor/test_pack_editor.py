"""The roster editor on another pack's lists: a window of its own, edits, checks, database.

Driven through the real widgets: the roster editor opens an AVlE file (or a stored AVlE list)
in its pack list window, laid out by the pack's list schema (AVlE's tables; a VlE file with
VlE's); a cell typed is one undoable step, checked at once at its line and column;
a list with errors is neither saved nor imported; Save As and the database keep the list.
"""

from __future__ import annotations

import pathlib

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from eote_ref.armylists.loader import load_any_army_list
from eote_ref.packs.registry import get_pack
from eote_ref.referee.roster_service import RosterService
from eote_ref.store import Database
from eote_ref.ui.roster_editor.pack_editor import PackListEditor
from eote_ref.ui.roster_editor.window import RosterEditorWindow

AVLE = pathlib.Path(__file__).parents[3] / "army_lists" / "avle"
QB = AVLE / "quatre-bras-text-allied.yaml"
VLE = pathlib.Path(__file__).parents[3] / "army_lists" / "vle" / "saalfeld-1806-french.yaml"
UNIT_KEYS = ("name", "type", "sector", "elements", "arrives", "hex", "flag", "nation")


#: What the AVlE windows told the user (their one message box, replaced in the tests).
TOLD: list[str] = []


@pytest.fixture
def window(qtbot: QtBot, db: Database, monkeypatch: pytest.MonkeyPatch) -> RosterEditorWindow:
    TOLD.clear()
    monkeypatch.setattr(
        PackListEditor, "_inform", lambda _self, title, text: TOLD.append(f"{title}: {text}")
    )
    w = RosterEditorWindow(RosterService(db))
    qtbot.addWidget(w)
    monkeypatch.setattr(w, "_ask_unsaved", lambda: QMessageBox.StandardButton.Discard)
    w.show()
    return w


def _opened(qtbot: QtBot, window: RosterEditorWindow, path: pathlib.Path) -> PackListEditor:
    assert window.open_file(path)
    [editor] = window.pack_editors
    qtbot.addWidget(editor)
    return editor


def _type(editor: PackListEditor, table: str, row: int, key: str, text: str) -> None:
    """Type ``text`` into a cell, as the table's editor commits it."""
    keys = next(t.columns for t in editor.form.tables if t.key == table)
    item = editor.tables[table].item(row, keys.index(key))
    assert item is not None
    item.setText(text)


def test_an_avle_file_opens_in_its_window_and_a_cell_is_one_undoable_step(
    qtbot: QtBot, window: RosterEditorWindow, tmp_path: pathlib.Path
) -> None:
    editor = _opened(qtbot, window, QB)
    assert editor.windowTitle() == "quatre-bras-text-allied.yaml — eote-ref roster editor (AVlE)"
    assert list(editor.tables) == ["units", "generals"]
    units = editor.tables["units"]
    header = [units.horizontalHeaderItem(c).text() for c in range(units.columnCount())]  # type: ignore[union-attr]
    assert tuple(header) == UNIT_KEYS
    assert units.rowCount() == 16
    assert units.item(13, UNIT_KEYS.index("hex")).text() == "A12"  # type: ignore[union-attr]
    assert units.item(13, UNIT_KEYS.index("arrives")).text() == "4"  # type: ignore[union-attr]
    assert editor.problems == []
    assert not editor.modified
    # A hex off the map (2.0): refused at its line and column of the list as written.
    _type(editor, "units", 0, "hex", "J9")
    assert editor.undo_stack.count() == 1
    assert editor.modified
    [problem] = [str(p) for p in editor.problems]
    # The line of the list as Save writes it, after the file's opening comments.
    assert problem.startswith("quatre-bras-text-allied.yaml:20:77: error: ")
    assert "units[0].hex: 'J9' is not a hex of the map" in problem
    assert editor.problem_list.count() == 1
    assert not editor.action_save.isEnabled()
    assert not editor.save_as(tmp_path / "bad.yaml")  # nothing written with an error
    assert not (tmp_path / "bad.yaml").exists()
    assert TOLD == ["Cannot save: The list has 1 error(s)."]
    # Undo puts the hex back and the list is clean again; redo repeats the edit.
    editor.undo_stack.undo()
    assert units.item(0, UNIT_KEYS.index("hex")).text() == "E9"  # type: ignore[union-attr]
    assert editor.problems == []
    editor.undo_stack.redo()
    assert len(editor.problems) == 1
    # A good edit, saved: the file loads back with it.
    _type(editor, "units", 0, "hex", "D9")
    _type(editor, "units", 0, "elements", "3")
    assert editor.problems == []
    out = tmp_path / "edited.yaml"
    assert editor.save_as(out)
    assert not editor.modified
    army = load_any_army_list(out).army_list
    assert (army.units[0].hex, army.units[0].elements) == ("D9", 3)
    assert out.read_text(encoding="utf-8").startswith("# The Allied army of the text's")


def test_units_and_generals_are_added_and_deleted_with_undo(
    qtbot: QtBot, window: RosterEditorWindow
) -> None:
    editor = _opened(qtbot, window, QB)
    before = editor.rosters.dump_plain(editor.data)
    editor.tables["units"].setCurrentCell(2, 0)
    editor.add_row("units")
    assert editor.tables["units"].rowCount() == 17
    assert editor.data["units"][3]["name"] == "New unit 17"
    editor.delete_row("generals", 1)  # General G8, attached to Light cavalry G8
    assert editor.tables["generals"].rowCount() == 2
    editor.delete_row("units", 12)
    assert editor.undo_stack.count() == 3
    for _ in range(3):
        editor.undo_stack.undo()
    assert editor.rosters.dump_plain(editor.data) == before
    assert not editor.modified


def test_a_fact_left_empty_is_an_error_and_a_number_typed_as_text_too(
    qtbot: QtBot, window: RosterEditorWindow
) -> None:
    editor = _opened(qtbot, window, QB)
    editor.set_fact("name", "")
    assert [(p.path, p.message) for p in editor.problems] == [(("name",), "must not be empty")]
    editor.undo_stack.undo()
    _type(editor, "units", 1, "arrives", "soon")
    [problem] = editor.problems
    assert problem.path == ("units", 1, "arrives")
    assert problem.mark is not None
    assert (problem.mark.line, problem.message) == (21, "expected a whole number, found 'soon'")


def test_the_list_is_imported_and_opened_again_from_the_database(
    qtbot: QtBot, window: RosterEditorWindow, db: Database
) -> None:
    editor = _opened(qtbot, window, QB)
    _type(editor, "units", 0, "name", "Militia at Gemioncourt")
    assert editor.import_into_database(replace=False)
    name = "Allied army (Quatre Bras, the text's scenario)"
    stored = {s.name: s.pack for s in RosterService(db).list_stored()}
    assert stored == {name: "avle"}
    # Importing again asks before replacing; refused, the stored list stays.
    editor._ask_replace = lambda _name: False  # type: ignore[method-assign]
    assert not editor.import_into_database()
    assert TOLD[-1].startswith("Cannot import: an army list named")
    # The roster editor's "export from database" opens it in an AVlE window.
    assert window.load_from_database(name)
    again = window.pack_editors[-1]
    qtbot.addWidget(again)
    assert again is not editor
    assert again.origin == "from the database"
    assert again.data["units"][0]["name"] == "Militia at Gemioncourt"
    assert "from the database" in again.windowTitle()


def test_a_broken_avle_file_lists_its_problems_with_line_and_column(
    qtbot: QtBot, window: RosterEditorWindow, tmp_path: pathlib.Path
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(QB.read_text(encoding="utf-8").replace("hex: K10", "hex: K15"), "utf-8")
    assert not window.open_file(bad)
    assert window.pack_editors == []
    [problem] = [str(p) for p in window.last_problems]
    assert problem.startswith(f"{bad}:35:75: error: units[7].hex: ")
    assert "'K15' is not a hex of the map" in problem
    dialog = window.problems_dialog
    assert dialog is not None
    dialog.close()


def test_a_fact_typed_in_its_line_edit_is_one_step(
    qtbot: QtBot, window: RosterEditorWindow
) -> None:
    editor = _opened(qtbot, window, QB)
    edit = editor.fact_edits["year"]
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, "1814")
    edit.editingFinished.emit()
    assert editor.data["year"] == 1814
    assert editor.undo_stack.count() == 1
    editor.undo_stack.undo()
    assert edit.text() == "1815"


def test_a_vle_file_opens_with_vles_own_tables_and_is_written_back(
    qtbot: QtBot, window: RosterEditorWindow, tmp_path: pathlib.Path
) -> None:
    """VlE's list schema declares its leaders' and units' columns (not AVlE's)."""
    editor = _opened(qtbot, window, VLE)
    assert editor.windowTitle() == "saalfeld-1806-french.yaml — eote-ref roster editor (VlE)"
    form = get_pack("vle").army_list.form  # type: ignore[union-attr]
    assert editor.form is form
    assert list(editor.tables) == ["leaders", "units"]
    assert list(editor.fact_edits) == ["name", "nation", "year", "battle"]
    units = editor.tables["units"]
    header = [units.horizontalHeaderItem(c).text() for c in range(units.columnCount())]  # type: ignore[union-attr]
    assert header[:4] == ["name", "arm", "corps", "steps"]
    assert units.item(0, 0).text() == "17e Léger"  # type: ignore[union-attr]
    assert units.item(0, header.index("light")).text() == "true"  # type: ignore[union-attr]
    assert editor.problems == []
    # A flag and a number typed as text are read as the list's values; one step each.
    _type(editor, "units", 1, "light", "yes")
    _type(editor, "units", 1, "steps", "6")
    assert editor.data["units"][1]["light"] is True
    assert editor.data["units"][1]["steps"] == 6
    assert editor.undo_stack.count() == 2
    _type(editor, "units", 1, "steps", "13")  # past VlE's 12 (III.1): its own check says so
    assert {p.path for p in editor.problems} == {("units", 1, "steps")}
    assert editor.problems[0].message == "13 is out of range 1..12"
    assert not editor.action_save.isEnabled()
    editor.undo_stack.undo()
    editor.tables["leaders"].setCurrentCell(0, 0)
    editor.add_row("leaders")
    assert editor.data["leaders"][1] == {"name": "New leader 4"}
    assert editor.problems == []
    out = tmp_path / "saalfeld.yaml"
    assert editor.save_as(out)
    army = load_any_army_list(out).army_list
    assert (army.units[1].light, army.units[1].steps) == (True, 6)
    assert [leader.name for leader in army.leaders][:2] == ["Marshal Lannes", "New leader 4"]
    assert out.read_text(encoding="utf-8").startswith("# Lannes' advance guard at Saalfeld")
