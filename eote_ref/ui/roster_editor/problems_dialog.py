"""The dialog listing every problem of an army-list file that did not open."""

from __future__ import annotations

import pathlib
from collections.abc import Sequence

from PySide6.QtCore import QUrl, Signal
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import QDialog, QHeaderView, QStyle, QTreeWidgetItem, QWidget

from eote_ref.ui.forms.ui_roster_problems import Ui_RosterProblemsDialog
from eote_ref.ui.roster_editor.style import count, html
from eote_ref.yamlio.problems import Problem, path_text


class ProblemsDialog(QDialog):
    """Every problem of an army-list file that did not open, each with its line and column.

    Nothing in the editor changes while it is shown; the user fixes the file (the "Open in Text
    Editor" button opens it) and presses Retry, which emits :attr:`retryRequested`.
    """

    retryRequested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ui = Ui_RosterProblemsDialog()
        self.ui.setupUi(self)
        self.setMinimumSize(560, 280)
        self.path: pathlib.Path | None = None
        self.problems: list[Problem] = []
        self.ui.retryButton.clicked.connect(lambda: self.retryRequested.emit(self.path))
        self.ui.closeButton.clicked.connect(self.reject)
        self.ui.copyButton.clicked.connect(self.copy_to_clipboard)
        self.ui.openTextButton.clicked.connect(self.open_in_text_editor)
        header = self.ui.problemsTree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)

    def show_problems(self, path: pathlib.Path, problems: Sequence[Problem]) -> None:
        """Fill the list with ``problems`` of ``path``."""
        self.path = path
        self.problems = list(problems)
        errors = sum(1 for p in problems if p.severity == "error")
        warnings = len(problems) - errors
        what = count(errors, "error")
        if warnings:
            what += f" and {count(warnings, 'warning')}"
        self.setWindowTitle(f"Problems in {path.name}")
        self.ui.headerLabel.setText(
            f"<b>{html(path.name)}</b> was not opened: it has {what}. Each is listed with its "
            "line and column. Fix the file and press <b>Retry</b>; nothing in the editor has "
            "changed."
        )
        tree = self.ui.problemsTree
        tree.clear()
        style = self.style()
        for p in problems:
            where = f"{p.mark.line}:{p.mark.column}" if p.mark else "?"
            item = QTreeWidgetItem([where, p.severity, path_text(p.path), p.message])
            item.setToolTip(3, p.message)
            icon = (
                QStyle.StandardPixmap.SP_MessageBoxCritical
                if p.severity == "error"
                else QStyle.StandardPixmap.SP_MessageBoxWarning
            )
            item.setIcon(1, style.standardIcon(icon))
            tree.addTopLevelItem(item)
        first = tree.topLevelItem(0)
        if first is not None:
            tree.setCurrentItem(first)

    def lines(self) -> list[str]:
        """The problems as ``line:column: key: message`` text, in file order."""
        out = []
        for p in self.problems:
            where = f"{p.mark.line}:{p.mark.column}" if p.mark else "?"
            out.append(f"{where}: {p.severity}: {path_text(p.path)}: {p.message}")
        return out

    def copy_to_clipboard(self) -> None:
        """Copy every problem as ``file:line:column: severity: key: message``."""
        QGuiApplication.clipboard().setText("\n".join(str(p) for p in self.problems))

    def open_in_text_editor(self) -> None:
        """Open the file in the desktop's editor for YAML/text files."""
        if self.path is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.path)))
