"""The roster editor's documents: new, open, save, import into and export from the database."""

from __future__ import annotations

import pathlib
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

from eote_ref.armylists.model import ArmyList
from eote_ref.armylists.tree import Kind, build_tree, locate, new_army_list
from eote_ref.packs.registry import DEFAULT_PACK
from eote_ref.referee.roster_service import (
    ArmyListError,
    DuplicateListError,
    RosterServiceError,
    StoredList,
)
from eote_ref.ui.roster_editor.edits import RosterEdits
from eote_ref.ui.roster_editor.problems_dialog import ProblemsDialog
from eote_ref.ui.roster_editor.style import count, crumbs
from eote_ref.yamlio.problems import Problem

if TYPE_CHECKING:
    from eote_ref.ui.roster_editor.pack_editor import PackListEditor

APP_TITLE = "eote-ref roster editor"


class RosterFiles(RosterEdits):
    """The list as a document: opening and saving files, the database, and the questions asked.

    The ``_ask_*`` methods are the only dialogs; tests replace them.
    """

    def _set_document(
        self,
        army_list: ArmyList,
        path: pathlib.Path | None,
        header: str,
        origin: str | None,
    ) -> None:
        self.path = path
        self.header = header
        self.origin = origin
        self.undo_stack.clear()
        self._current = None
        self.ui.filterEdit.clear()
        self.ui.armFilterCombo.setCurrentIndex(0)
        self.ui.nationFilterCombo.setCurrentIndex(0)
        self.model.reset(build_tree(army_list))
        self.validate_now()
        self._expand_default()
        self.select_node(self.model.root)
        self._update_title()

    def _expand_default(self) -> None:
        """Show the command tree down to the divisions, each division folded."""
        tree = self.ui.tree
        tree.collapseAll()
        for node in self.model.root.walk():
            if node.kind is not Kind.UNIT and not node.holds_units:
                tree.expand(self.proxy.mapFromSource(self.model.index_of(node)))

    def _update_title(self) -> None:
        if self.path is not None:
            doc = self.path.name
        elif self.origin:
            doc = f"{self.model.root.name} ({self.origin})"
        else:
            doc = "Untitled"
        # An explicit "*" rather than Qt's "[*]" placeholder, so the title reads the same
        # on every platform and in windowTitle().
        self.setWindowTitle(f"{doc}{'*' if self.modified else ''} — {APP_TITLE}")

    def new_list(self) -> bool:
        """Start a new army list (asking first about unsaved changes)."""
        if not self.maybe_save():
            return False
        self._set_document(new_army_list(), None, "", None)
        self.ui.armyNameEdit.setFocus()
        self.ui.armyNameEdit.selectAll()
        self._say("New army list: name it, then add its corps and divisions.")
        return True

    def open_file(self, path: str | pathlib.Path) -> bool:
        """Open an army-list YAML file.

        A file with errors opens nothing: the problems dialog lists every problem with its
        line and column (also kept in :attr:`last_problems`) and offers Retry.

        Returns:
            True when the list was opened.
        """
        file = pathlib.Path(path)
        if self.rosters.pack_of_file(file) != DEFAULT_PACK:  # another pack's: its own window
            return self.open_pack_editor(file) is not None
        if not self.maybe_save():
            return False
        try:
            opened = self.rosters.open_file(file)
        except ArmyListError as exc:
            self.last_problems = list(exc.problems)
            self._show_problems(file, exc.problems)
            self._say(f"{file.name} has problems: nothing was opened.")
            return False
        self.last_problems = []
        if self._problems_dialog is not None and self._problems_dialog.isVisible():
            self._problems_dialog.accept()
        self._set_document(opened.army_list, file, opened.header, None)
        units = len(opened.army_list.units())
        note = f" — {count(len(opened.warnings), 'warning')}" if opened.warnings else ""
        self._say(f"Opened {file.name}: {count(units, 'unit')}{note}.")
        return True

    def open_pack_editor(
        self, path: pathlib.Path | None = None, stored: str | None = None
    ) -> PackListEditor | None:
        """Open a list of another pack in a window of its own: a file or a stored list.

        The window is laid out by the pack's list schema.
        The window is kept in :attr:`pack_editors`; None (the problems said) if it did not load.
        """
        from eote_ref.ui.roster_editor.pack_editor import PackListEditor

        editor = PackListEditor(self.rosters)
        opened = editor.open_file(path) if path is not None else editor.open_stored(str(stored))
        if not opened:
            if editor.refusal is not None:
                self._inform("Cannot open", editor.refusal, QMessageBox.Icon.Warning)
            elif path is not None:
                self.last_problems = list(editor.problems_shown())
                self._show_problems(path, self.last_problems)
            editor.deleteLater()
            return None
        self.pack_editors.append(editor)
        editor.show()
        self._say(f"Opened {editor.data.get('name')!r} in the {editor.pack} list editor.")
        return editor

    @property
    def problems_dialog(self) -> ProblemsDialog | None:
        """The dialog of the last file that did not open, if any."""
        return self._problems_dialog

    def _show_problems(self, path: pathlib.Path, problems: Sequence[Problem]) -> None:
        if self._problems_dialog is None:
            self._problems_dialog = ProblemsDialog(self)
            self._problems_dialog.setWindowModality(Qt.WindowModality.WindowModal)
            self._problems_dialog.retryRequested.connect(lambda p: self.open_file(p))
        self._problems_dialog.show_problems(path, problems)
        self._problems_dialog.open()

    def save(self) -> bool:
        """Save to the current file (asking for one if there is none); True when saved."""
        if self.path is None:
            return self.save_as()
        return self._write(self.path)

    def save_as(self, path: str | pathlib.Path | None = None) -> bool:
        """Save to ``path`` (asked for when None); True when saved."""
        file = pathlib.Path(path) if path is not None else self._ask_save_path()
        if file is None:
            return False
        if not self._write(file):
            return False
        self.path = file
        self.origin = None
        self._update_title()
        return True

    def _write(self, file: pathlib.Path) -> bool:
        army_list = self.army_list()
        if not self._check_before("save", army_list):
            return False
        try:
            warnings = self.rosters.save_file(army_list, file, header=self.header)
        except ArmyListError as exc:
            self._refuse("save", exc.problems)
            return False
        except RosterServiceError as exc:
            self._inform("Cannot save", str(exc), QMessageBox.Icon.Critical)
            return False
        self.undo_stack.setClean()
        self._update_title()
        note = f" ({count(len(warnings), 'warning')})" if warnings else ""
        self._say(f"Saved {file.name}{note}.")
        return True

    def _check_before(self, what: str, army_list: ArmyList) -> bool:
        self.validate_now()
        if any(p.severity == "error" for p in self.problems):
            self._refuse(what, self.problems)
            return False
        return True

    def _refuse(self, what: str, problems: Sequence[Problem]) -> None:
        errors = [p for p in problems if p.severity == "error"]
        lines = []
        for p in errors[:12]:
            node, located = locate(self.model.root, p)
            lines.append(f"• {crumbs(node)}: {located.text}")
        if len(errors) > 12:
            lines.append(f"… and {len(errors) - 12} more")
        if errors:
            self.select_node(locate(self.model.root, errors[0])[0])
        self._inform(
            f"Cannot {what} the army list",
            f"The army list has {count(len(errors), 'error')}, so it was not {what}d "
            "(the same checks as opening a file). Fix the highlighted items:\n\n"
            + "\n".join(lines),
            QMessageBox.Icon.Warning,
        )

    def maybe_save(self) -> bool:
        """Offer to save unsaved changes; False when the user cancels (or saving fails)."""
        if not self.modified:
            return True
        answer = self._ask_unsaved()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if self.maybe_save():
            if self._problems_dialog is not None:
                self._problems_dialog.close()
            event.accept()
        else:
            event.ignore()

    # ------------------------------------------------------------------ database

    def import_into_database(self) -> bool:
        """Store the list in the database (asking before replacing one of the same name)."""
        army_list = self.army_list()
        if not self._check_before("import", army_list):
            return False
        try:
            replace = False
            if self.rosters.is_stored(army_list.name):
                if not self._ask_replace(army_list.name):
                    return False
                replace = True
            self.rosters.import_list(army_list, replace=replace)
        except ArmyListError as exc:
            self._refuse("import", exc.problems)
            return False
        except (DuplicateListError, RosterServiceError) as exc:
            self._inform("Cannot import", str(exc), QMessageBox.Icon.Critical)
            return False
        verb = "Replaced" if replace else "Imported"
        units = count(len(army_list.units()), "unit")
        self._say(f"{verb} {army_list.name!r} in the database ({units}).")
        return True

    def load_from_database(self, name: str) -> bool:
        """Open the stored list ``name`` for editing (Save As writes it to a YAML file)."""
        stored = {s.name: s.pack for s in self.rosters.list_stored()}
        if stored.get(name, DEFAULT_PACK) != DEFAULT_PACK:  # another pack's: its own window
            return self.open_pack_editor(stored=name) is not None
        if not self.maybe_save():
            return False
        try:
            army_list = self.rosters.export_list(name)
        except RosterServiceError as exc:
            self._inform("Cannot export", str(exc), QMessageBox.Icon.Critical)
            return False
        self._set_document(army_list, None, "", "from the database")
        self._say(f"Opened {name!r} from the database: save it as a YAML file.")
        return True

    def _on_export(self) -> None:
        try:
            stored = self.rosters.list_stored()
        except RosterServiceError as exc:
            self._inform("Cannot read the database", str(exc), QMessageBox.Icon.Critical)
            return
        if not stored:
            self._inform(
                "Export from database",
                "No army lists are stored in the database yet.",
                QMessageBox.Icon.Information,
            )
            return
        name = self._ask_stored_list(stored)
        if name is not None and self.load_from_database(name):
            self.save_as()

    def _on_open(self) -> None:
        path = self._ask_open_path()
        if path is not None:
            self.open_file(path)

    # ------------------------------------------------------------------ dialogs (tests stub)

    def _ask_unsaved(self) -> QMessageBox.StandardButton:
        buttons = (
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        answer = QMessageBox.question(
            self,
            "Unsaved changes",
            f"The army list {self.model.root.name!r} has unsaved changes. Save them?",
            buttons,
            QMessageBox.StandardButton.Save,
        )
        return QMessageBox.StandardButton(answer)

    def _start_dir(self) -> str:
        return str(self.path.parent) if self.path is not None else str(pathlib.Path.home())

    def _ask_open_path(self) -> pathlib.Path | None:
        name, _ = QFileDialog.getOpenFileName(
            self, "Open army list", self._start_dir(), "Army lists (*.yaml *.yml);;All files (*)"
        )
        return pathlib.Path(name) if name else None

    def _ask_save_path(self) -> pathlib.Path | None:
        if self.path is not None:
            suggestion = self.path
        else:
            slug = re.sub(r"[^a-z0-9]+", "-", self.model.root.name.casefold()).strip("-")
            suggestion = pathlib.Path(self._start_dir()) / f"{slug or 'army-list'}.yaml"
        name, _ = QFileDialog.getSaveFileName(
            self, "Save army list", str(suggestion), "Army lists (*.yaml *.yml)"
        )
        if not name:
            return None
        file = pathlib.Path(name)
        return file if file.suffix else file.with_suffix(".yaml")

    def _ask_replace(self, name: str) -> bool:
        answer = QMessageBox.question(
            self,
            "Replace stored army list?",
            f"An army list named {name!r} is already in the database. Replace it? "
            "Games already set up from it keep their own copy.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def _ask_stored_list(self, stored: Sequence[StoredList]) -> str | None:
        labels = [
            f"{s.name} — {s.nation}, {s.year}" + (f" ({s.battle})" if s.battle else "")
            for s in stored
        ]
        label, ok = QInputDialog.getItem(
            self, "Export from database", "Army list to export:", labels, 0, False
        )
        return stored[labels.index(label)].name if ok and label in labels else None
