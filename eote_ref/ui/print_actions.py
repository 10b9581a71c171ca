"""The print actions of the main window and the roster editor: their menu entries and dialogs.

Split from :mod:`eote_ref.ui.printing` so that the first window makes its menus without
laying anything out: the printing itself (:mod:`eote_ref.ui.printing`, the sheets, the
report) is imported when an action is first used. The layout's resolution and margins are in
:mod:`eote_ref.ui.print_layout`, read by the printing and the print dialog's preview alike.
"""

from __future__ import annotations

import pathlib
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

if TYPE_CHECKING:
    from eote_ref.referee.game import GameService


def _ask_pdf(parent: QWidget, title: str, name: str, filters: str = "PDF (*.pdf)") -> str:
    default = pathlib.Path.home() / name
    path, _ = QFileDialog.getSaveFileName(parent, title, str(default), filters)
    return path


def _safe(name: str) -> str:
    keep = "".join(ch if ch.isalnum() or ch in " -_" else " " for ch in name)
    return " ".join(keep.split())[:60] or "eote-ref"


#: The title of the sheet a pack game's pack declares as its quick reference of the game.
QUICK_REFERENCE = "quick reference"


def quick_reference_of(window: Any) -> tuple[str, str]:
    """The quick reference of the pack of ``window``'s open game, as HTML, and its title.

    A game of a pack with declared play (``window.pack_game``): its pack's own quick
    reference of the game if it declares one among its game sheets, else its reference sheet
    (its tables, dice and options, as ``eote-ref print qrs --pack``). A game the referee's
    own service runs (``window.hub``): its pack's declared quick reference of the game's
    ruleset at its figure scale. No game: the default pack's.
    """
    from eote_ref.packs import registry
    from eote_ref.ui.printing import quick_reference_html

    pack_game = getattr(window, "pack_game", None)
    pack_hub = getattr(pack_game, "hub", None)
    if pack_hub is not None:
        from eote_ref.referee.pack_view import game_sheet_html, game_sheet_titles

        service = pack_hub.service
        if QUICK_REFERENCE in game_sheet_titles(service):
            html = game_sheet_html(service, QUICK_REFERENCE)
        else:
            from eote_ref.packs.printed import reference_sheet_html

            html = reference_sheet_html(service.pack)
        return html, f"{service.pack.title} quick reference"
    hub = getattr(window, "hub", None)
    if hub is not None:
        game = hub.service
        view = game.view()
        pack = registry.pack_for(view.ruleset, "the game's ruleset")
        html = quick_reference_html(game.ruleset, view.figure_scale, pack=pack)
        return html, f"{game.ruleset.title} quick reference"
    from eote_ref.referee.game_rules import eote_rules

    rules = eote_rules()
    return quick_reference_html(rules, "15mm"), f"{rules.title} quick reference"


def quick_reference_file_name(window: Any) -> str:
    """The quick reference's file name offered: its pack's short name (``AVlE quick …``)."""
    from eote_ref.packs import registry

    pack_game = getattr(window, "pack_game", None)
    pack_hub = getattr(pack_game, "hub", None)
    hub = getattr(window, "hub", None)
    if pack_hub is not None:
        pack = pack_hub.service.pack.id
    elif hub is not None:
        pack = registry.pack_for(hub.service.view().ruleset, "the game's ruleset")
    else:
        pack = registry.DEFAULT_PACK
    return f"{registry.CITE.get(pack, pack)} quick reference.pdf"


class MainWindowPrinting(QObject):
    """The main window's print actions: record sheets (Ctrl+P), quick reference, report.

    ``window`` is the main window; its ``hub`` (None without an open game) holds the game.
    The ``*_to`` methods write a file without asking (tests and scripts call them).
    """

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        ui = window.ui
        self.sheets_action = QAction("Print record &sheets…", window)
        self.sheets_action.setShortcut(QKeySequence("Ctrl+P"))
        self.sheets_action.triggered.connect(self.record_sheets_dialog)
        self.labels_action = QAction("Print base &labels…", window)
        self.labels_action.triggered.connect(self.labels_dialog)
        self.report_action = QAction("&After-action report…", window)
        self.report_action.triggered.connect(self.report_dialog)
        self.qrs_action = QAction("Print &quick reference…", window)
        self.qrs_action.triggered.connect(self.quick_reference_dialog)
        before = ui.actionExportJournal
        ui.menuGame.insertAction(before, self.sheets_action)
        ui.menuGame.insertAction(before, self.labels_action)
        ui.menuGame.insertAction(before, self.report_action)
        ui.menuHelp.insertAction(ui.actionAbout, self.qrs_action)
        ui.menuGame.aboutToShow.connect(self.update_actions)
        ui.stack.currentChanged.connect(lambda _i: self.update_actions())
        self.update_actions()

    def _game(self) -> GameService | None:
        hub = getattr(self.window, "hub", None)
        return hub.service if hub is not None else None

    def update_actions(self) -> None:
        """Enable the game's print actions only while a game is open."""
        on = self._game() is not None
        self.sheets_action.setEnabled(on)
        self.labels_action.setEnabled(on)
        self.report_action.setEnabled(on)

    def _done(self, text: str) -> None:
        say = getattr(self.window, "_message", None)
        if callable(say):
            say(text)

    def record_sheets_to(self, path: str | pathlib.Path) -> int:
        """Write the open game's record sheets; returns the pages."""
        game = self._game()
        if game is None:
            raise ValueError("no game is open")
        from eote_ref.ui.printing import print_record_sheets_for_game

        pages = print_record_sheets_for_game(game, path)
        self._done(f"Record sheets saved to {path}")
        return pages

    def labels_to(self, path: str | pathlib.Path) -> int:
        """Write the open game's base labels; returns the pages."""
        game = self._game()
        if game is None:
            return 0
        from eote_ref.ui.printing import print_unit_labels

        pages = print_unit_labels(game, path)
        self._done(f"Base labels saved to {path}")
        return pages

    def labels_dialog(self) -> None:
        """Ask for a PDF file and write the open game's base labels."""
        game = self._game()
        if game is not None:
            name = f"{_safe(game.view().name)} base labels.pdf"
            self._run("Print base labels", name, self.labels_to)

    def report_to(self, path: str | pathlib.Path) -> None:
        """Write the open game's after-action report (HTML for ``.html``, else PDF)."""
        game = self._game()
        if game is None:
            raise ValueError("no game is open")
        if pathlib.Path(path).suffix.lower() in (".html", ".htm"):
            from eote_ref.ui.printing import write_report_html

            write_report_html(game, path)
        else:
            from eote_ref.ui.printing import print_report

            print_report(game, path)
        self._done(f"After-action report saved to {path}")

    def quick_reference_to(self, path: str | pathlib.Path) -> int:
        """Write the quick reference of the open game's pack (:func:`quick_reference_of`)."""
        from eote_ref.ui.printing import write_pdf

        html, title = quick_reference_of(self.window)
        pages = write_pdf(html, path, landscape=True, title=title)
        self._done(f"Quick reference saved to {path}")
        return pages

    def _run(self, title: str, name: str, write: Any, filters: str = "PDF (*.pdf)") -> None:
        path = _ask_pdf(self.window, title, name, filters)
        if not path:
            return
        try:
            write(path)
        except (OSError, ValueError) as e:
            QMessageBox.warning(self.window, title, f"Could not write {path}:\n{e}")

    def record_sheets_dialog(self) -> None:
        """Ask for a PDF file and write the open game's record sheets."""
        game = self._game()
        if game is not None:
            name = f"{_safe(game.view().name)} record sheets.pdf"
            self._run("Print record sheets", name, self.record_sheets_to)

    def report_dialog(self) -> None:
        """Ask for a file (PDF or HTML) and write the after-action report."""
        game = self._game()
        if game is not None:
            name = f"{_safe(game.view().name)} report.pdf"
            filters = "PDF (*.pdf);;Web page (*.html)"
            self._run("After-action report", name, self.report_to, filters)

    def quick_reference_dialog(self) -> None:
        """Ask for a PDF file and write the quick reference sheet."""
        name = quick_reference_file_name(self.window)
        self._run("Print quick reference", name, self.quick_reference_to)


class RosterEditorPrinting(QObject):
    """The roster editor's "Print record sheets…" action for the list being edited."""

    def __init__(self, editor: Any) -> None:
        super().__init__(editor)
        self.editor = editor
        self.action = QAction("Print record &sheets…", editor)
        self.action.setShortcut(QKeySequence("Ctrl+P"))
        self.action.triggered.connect(self.record_sheets_dialog)
        ui = editor.ui
        ui.menuFile.insertAction(ui.actionClose, self.action)

    def record_sheets_to(self, path: str | pathlib.Path, figure_scale: str = "15mm") -> int:
        """Write the record sheets of the list being edited; returns the pages."""
        from eote_ref.referee.game_rules import eote_rules

        army_list = self.editor.army_list()
        ruleset = eote_rules(army_list.ruleset, what="the army list")
        from eote_ref.ui.printing import print_record_sheets_for_list

        return print_record_sheets_for_list(army_list, ruleset, path, figure_scale=figure_scale)

    def record_sheets_dialog(self) -> None:
        """Ask for a PDF file and write the record sheets there."""
        name = f"{_safe(self.editor.army_list().name)} record sheets.pdf"
        path = _ask_pdf(self.editor, "Print record sheets", name)
        if not path:
            return
        try:
            self.record_sheets_to(path)
        except (OSError, ValueError) as e:
            QMessageBox.warning(self.editor, "Print record sheets", f"Could not write {path}:\n{e}")
