"""The roster editor's window for another pack's army list: its facts and tables.

A list of a pack with its own format (``ruleset: avle-1.2``, ``vle-3``: ``docs/PACKS.md``)
has no command tree: a side's units (and Generals, leaders...) as rows of keys. The pack's
list schema lays the window out (:class:`~eote_ref.packs.declaration.ListForm`: the facts
shown as line edits, the tables and their columns; a pack that declares none gets one from
the list's own data, :func:`~eote_ref.packs.declaration.list_form_of`).
:class:`PackListEditor` edits the list as the plain data of its YAML, so that any value
typed, even a wrong one, is checked at once with the pack's own check and reported at its
``line:column`` of the list as it will be written. Every edit is one undoable step on a
:class:`QUndoStack`; a list with errors is never saved nor imported. Files and the database
are reached only through the :class:`RosterService` handed in.
"""

from __future__ import annotations

import copy
import pathlib
from typing import Any

from PySide6.QtGui import QKeySequence, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from eote_ref.packs import registry
from eote_ref.packs.declaration import ListForm, ListTable, list_form_of
from eote_ref.referee.roster_service import (
    ArmyListError,
    DuplicateListError,
    RosterService,
    RosterServiceError,
    error_count,
)
from eote_ref.yamlio.problems import Problem

APP_TITLE = "eote-ref roster editor"
YES, NO = frozenset({"true", "yes"}), frozenset({"false", "no"})


def form_of(pack: str, data: dict[str, Any]) -> ListForm:
    """The layout of a list of ``pack``: the one its schema declares, else its data's."""
    schema = registry.get_pack(pack).army_list
    form = schema.form if schema is not None else None
    return form if form is not None else list_form_of(data)


def _value(form: ListForm, key: str, text: str) -> Any:
    """A cell's text as the YAML value: a number or a flag where one is meant, else the text."""
    text = text.strip()
    if key in form.numbers and text.lstrip("-").isdigit():
        return int(text)
    if key in form.flags and text.lower() in YES | NO:
        return text.lower() in YES
    return text


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class _Edit(QUndoCommand):
    """One edit of the list: the whole plain data before and after (it is small)."""

    def __init__(self, editor: PackListEditor, after: dict[str, Any], text: str) -> None:
        super().__init__(text)
        self.editor = editor
        self.before = copy.deepcopy(editor.data)
        self.after = after

    def redo(self) -> None:
        self.editor._show(copy.deepcopy(self.after))

    def undo(self) -> None:
        self.editor._show(copy.deepcopy(self.before))


class PackListEditor(QMainWindow):
    """Edit one army list of a pack with its own format.

    Open, change with undo, check, save, import, export.

    Args:
        rosters: the service for files and the database.
        parent: the parent widget, if any.

    The ``_ask_*`` methods are the only dialogs; tests replace them.
    """

    def __init__(self, rosters: RosterService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        self.setObjectName("PackListEditor")
        self.rosters = rosters
        self.data: dict[str, Any] = {}
        self.path: pathlib.Path | None = None
        self.header = ""
        self.origin: str | None = None
        #: Why the last file did not open when it is no problem of the list (its pack cannot
        #: write its lists back), in words; None otherwise.
        self.refusal: str | None = None
        self.problems: list[Problem] = []
        self._shown: tuple[Problem, ...] = ()
        self._filling = False
        self.setMinimumSize(800, 520)
        self.pack: str | None = None
        self.form = ListForm((), ())
        self.fact_edits: dict[str, QLineEdit] = {}
        self.tables: dict[str, QTableWidget] = {}

        central = QWidget(self)
        layout = QVBoxLayout(central)
        #: The facts' and tables' boxes, laid out for the pack of the list opened.
        self._body = QWidget(central)
        layout.addWidget(self._body, 1)
        self._central, self._outer = central, layout
        self.problem_list = QListWidget(central)
        self.problem_list.setObjectName("list_problems")
        self.problem_list.setMaximumHeight(self.fontMetrics().lineSpacing() * 6)
        layout.addWidget(self.problem_list)
        self.setCentralWidget(central)

        menu = self.menuBar().addMenu("&File")
        self.action_save = menu.addAction("&Save", QKeySequence.StandardKey.Save, self.save)
        menu.addAction("Save &As…", lambda: self.save_as())
        self.action_import = menu.addAction("&Import into database", self.import_into_database)
        edit_menu = self.menuBar().addMenu("&Edit")
        self.action_undo = self.undo_stack.createUndoAction(self, "&Undo")
        self.action_undo.setShortcut(QKeySequence("Ctrl+Z"))
        self.action_redo = self.undo_stack.createRedoAction(self, "&Redo")
        self.action_redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        edit_menu.addAction(self.action_undo)
        edit_menu.addAction(self.action_redo)
        # A bound method, not a lambda: the stack's last signal (it clears itself when the
        # window is deleted) must not reach a window half gone.
        self.undo_stack.cleanChanged.connect(self._update_title)

    def _lay_out(self, pack: str, data: dict[str, Any]) -> None:
        """The facts and tables of ``pack``'s lists (kept when the pack is the same)."""
        if pack == self.pack:
            return
        self.pack, self.form = pack, form_of(pack, data)
        old, body = self._body, QWidget(self._central)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 0, 0, 0)
        facts = QGroupBox("Army list", body)
        form = QFormLayout(facts)
        self.fact_edits = {}
        for key in self.form.facts:
            edit = QLineEdit(facts)
            edit.setObjectName(f"list_{key}")
            edit.editingFinished.connect(self._facts_edited)
            form.addRow(f"&{key.capitalize().replace('_', ' ')}:", edit)
            self.fact_edits[key] = edit
        layout.addWidget(facts)
        self.tables = {}
        for spec in self.form.tables:
            self.tables[spec.key] = self._table(body, layout, spec)
        self._outer.replaceWidget(old, body)
        old.deleteLater()
        self._body = body

    def _table(self, body: QWidget, layout: QVBoxLayout, spec: ListTable) -> QTableWidget:
        box = QGroupBox(spec.key.capitalize(), body)
        box_layout = QVBoxLayout(box)
        table = QTableWidget(0, len(spec.columns), box)
        table.setObjectName(f"list_{spec.key}")
        table.setHorizontalHeaderLabels(list(spec.columns))
        table.itemChanged.connect(self._cell_edited)
        box_layout.addWidget(table)
        buttons = QHBoxLayout()
        word = spec.row_word
        add = QPushButton(f"Add {word}", box)
        add.setObjectName(f"add_{spec.key}")
        add.clicked.connect(lambda _c=False, n=spec.key: self.add_row(n))
        remove = QPushButton(f"Delete {word}", box)
        remove.setObjectName(f"delete_{spec.key}")
        remove.clicked.connect(lambda _c=False, n=spec.key: self.delete_row(n))
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        box_layout.addLayout(buttons)
        layout.addWidget(box, 1)
        return table

    def _spec(self, key: str) -> ListTable:
        return next(t for t in self.form.tables if t.key == key)

    # ------------------------------------------------------------------ documents
    @property
    def modified(self) -> bool:
        """Whether the list has edits not saved."""
        return not self.undo_stack.isClean()

    def open_file(self, path: str | pathlib.Path) -> bool:
        """Open a list file of another pack; False (the problems listed) when it does not load."""
        file = pathlib.Path(path)
        self.refusal = None
        try:
            opened = self.rosters.open_any_file(file)
            data = self.rosters.plain_of(opened.pack, opened.army_list)
        except ArmyListError as exc:
            self._list_problems(exc.problems)
            return False
        except RosterServiceError as exc:  # a pack that cannot write its lists back
            self.refusal = f"{file.name}: {exc}"
            return False
        self.path, self.header, self.origin = file, opened.header, None
        self._start(opened.pack, data)
        return True

    def open_stored(self, name: str) -> bool:
        """Open the stored list ``name`` (Save As writes it to a file)."""
        try:
            pack, army_list = self.rosters.export_any(name)
        except RosterServiceError as exc:
            self._inform("Cannot export", str(exc))
            return False
        self.path, self.header, self.origin = None, "", "from the database"
        self._start(pack, self.rosters.plain_of(pack, army_list))
        return True

    def _start(self, pack: str, data: dict[str, Any]) -> None:
        self._lay_out(pack, data)
        self.undo_stack.clear()
        self._show(data)
        self.undo_stack.setClean()
        self._update_title()

    def save(self) -> bool:
        """Save to the list's file (Save As when it has none); refused while it has errors."""
        if self.path is None:
            return self.save_as()
        return self._write(self.path)

    def save_as(self, path: str | pathlib.Path | None = None) -> bool:
        """Save to ``path`` (asked for when None)."""
        target = pathlib.Path(path) if path is not None else self._ask_save_path()
        if target is None:
            return False
        return self._write(target)

    def _write(self, path: pathlib.Path) -> bool:
        try:
            self.rosters.save_plain(self.data, path, header=self.header)
        except ArmyListError as exc:
            self._list_problems(exc.problems)
            self._inform("Cannot save", f"The list has {error_count(exc.problems)} error(s).")
            return False
        except RosterServiceError as exc:
            self._inform("Cannot save", str(exc))
            return False
        self.path = path
        self.undo_stack.setClean()
        self._update_title()
        return True

    def import_into_database(self, replace: bool | None = None) -> bool:
        """Store the list in the database (asking before replacing one of the same name)."""
        try:
            pack, army_list = self.rosters.typed_plain(self.data)
        except ArmyListError as exc:
            self._list_problems(exc.problems)
            self._inform("Cannot import", f"The list has {error_count(exc.problems)} error(s).")
            return False
        try:
            if replace is None:
                replace = self.rosters.is_stored(army_list.name) and self._ask_replace(
                    army_list.name
                )
            self.rosters.import_any(pack, army_list, replace=replace)
        except (DuplicateListError, RosterServiceError, ArmyListError) as exc:
            self._inform("Cannot import", str(exc))
            return False
        self.statusBar().showMessage(f"Imported {army_list.name!r} in the database.")
        return True

    # ------------------------------------------------------------------ edits
    def set_fact(self, key: str, text: str) -> None:
        """Set a top-level fact (one undoable step)."""
        after = copy.deepcopy(self.data)
        value = _value(self.form, key, text)
        if value == "" and key not in self.form.required:
            after.pop(key, None)
        else:
            after[key] = value
        if after != self.data:
            self.undo_stack.push(_Edit(self, after, f"set {key}"))

    def set_cell(self, table: str, row: int, key: str, text: str) -> None:
        """Set one key of a row (one undoable step); emptied: the key removed, if not required."""
        after = copy.deepcopy(self.data)
        item = after[table][row]
        value = _value(self.form, key, text)
        if value == "" and key not in self.form.required:
            item.pop(key, None)
        else:
            item[key] = value
        if after != self.data:
            name = self.data[table][row].get("name", f"row {row + 1}")
            self.undo_stack.push(_Edit(self, after, f"set {key} of {name}"))

    def add_row(self, table: str) -> None:
        """Add a row to ``table`` after the selected one, a new row's values (one step)."""
        after = copy.deepcopy(self.data)
        rows = after.setdefault(table, [])
        n = len(rows) + 1
        new = {
            k: v.replace("{n}", str(n)) if isinstance(v, str) else v
            for k, v in self._spec(table).new.items()
        }
        at = self.tables[table].currentRow()
        rows.insert(at + 1 if at >= 0 else len(rows), new)
        self.undo_stack.push(
            _Edit(self, after, f"add {new.get('name', self._spec(table).row_word)}")
        )

    def delete_row(self, table: str, row: int | None = None) -> None:
        """Delete the row ``row`` of ``table`` (the selected one) as one undoable step."""
        at = self.tables[table].currentRow() if row is None else row
        rows = self.data.get(table) or []
        if not 0 <= at < len(rows):
            return
        after = copy.deepcopy(self.data)
        gone = after[table].pop(at)
        self.undo_stack.push(_Edit(self, after, f"delete {gone.get('name', 'row')}"))

    # ------------------------------------------------------------------ showing
    def _show(self, data: dict[str, Any]) -> None:
        """Show ``data`` (an edit done or undone) and check it again."""
        self.data = data
        self._filling = True
        try:
            for key, edit in self.fact_edits.items():
                edit.setText(_text(data.get(key)))
            for spec in self.form.tables:
                table = self.tables[spec.key]
                rows = data.get(spec.key) or []
                table.setRowCount(len(rows))
                for r, item in enumerate(rows):
                    for c, key in enumerate(spec.columns):
                        value = item.get(key) if isinstance(item, dict) else None
                        table.setItem(r, c, QTableWidgetItem(_text(value)))
        finally:
            self._filling = False
        self.validate_now()
        self._update_title()

    def validate_now(self) -> list[Problem]:
        """Check the list as it stands; the problems listed (``line:column`` as written)."""
        file = self.path.name if self.path is not None else "<editor>"
        self.problems = self.rosters.validate_plain(self.data, file, self.header)
        self._list_problems(self.problems)
        return self.problems

    def problems_shown(self) -> tuple[Problem, ...]:
        """The problems the list shows (of the last file that did not open, or the list's)."""
        return tuple(self._shown)

    def _list_problems(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self._shown = tuple(problems)
        self.problem_list.clear()
        for p in problems:
            self.problem_list.addItem(str(p))
        errors = error_count(problems)
        self.action_save.setEnabled(errors == 0)
        self.action_import.setEnabled(errors == 0)

    def _facts_edited(self) -> None:
        """A fact's line edit finished: the one whose text differs from the list is set."""
        if self._filling:
            return
        for key, edit in self.fact_edits.items():
            if edit.text() != _text(self.data.get(key)):
                self.set_fact(key, edit.text())

    def _cell_edited(self, item: QTableWidgetItem) -> None:
        if self._filling:
            return
        table = next(n for n, t in self.tables.items() if t is item.tableWidget())
        key = self._spec(table).columns[item.column()]
        self.set_cell(table, item.row(), key, item.text())

    def _update_title(self, _clean: bool | None = None) -> None:
        if self.path is not None:
            doc = self.path.name
        else:
            doc = f"{self.data.get('name', 'Untitled')} ({self.origin or 'new'})"
        cite = registry.CITE.get(self.pack or "", "")
        whose = f" ({cite})" if cite else ""
        self.setWindowTitle(f"{doc}{'*' if self.modified else ''} — {APP_TITLE}{whose}")

    # ------------------------------------------------------------------ dialogs (tests stub)
    def _ask_save_path(self) -> pathlib.Path | None:
        start = str(self.path or pathlib.Path.home() / "army-list.yaml")
        name, _ = QFileDialog.getSaveFileName(self, "Save army list", start, "YAML (*.yaml)")
        return pathlib.Path(name) if name else None

    def _ask_replace(self, name: str) -> bool:
        answer = QMessageBox.question(
            self, "Replace?", f"An army list named {name!r} is stored already. Replace it?"
        )
        return answer == QMessageBox.StandardButton.Yes

    def _inform(self, title: str, text: str) -> None:
        self.statusBar().showMessage(f"{title}: {text}")
        if self.isVisible():
            QMessageBox.warning(self, title, text)
