"""Printing on paper through the system's print dialog, beside "Save as PDF".

The record sheets and the quick reference are laid out as for the PDF files
(:mod:`eote_ref.ui.printing`), on whatever printer, paper and copies the umpire picks in
the native :class:`QPrintDialog`. The Game menu gets *Print record sheets on a printer…*
(Ctrl+Shift+P is taken: Ctrl+Alt+P) and the Help menu *Print the quick reference on a
printer…*.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QMarginsF, QObject, QSizeF, Qt
from PySide6.QtGui import QAction, QFont, QKeySequence, QPageLayout, QTextDocument
from PySide6.QtWidgets import QDialog

from eote_ref.ui.print_layout import LAYOUT_DPI, MARGIN_MM

if TYPE_CHECKING:  # QtPrintSupport and the sheets load on the first print, not at start
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter


def print_html(html: str, printer: QPrinter, *, landscape: bool = False, title: str = "") -> int:
    """Lay ``html`` out on the printer's pages (its paper, our margins); returns the pages."""
    printer.setDocName(title)
    printer.setPageOrientation(
        QPageLayout.Orientation.Landscape if landscape else QPageLayout.Orientation.Portrait
    )
    printer.setPageMargins(
        QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM), QPageLayout.Unit.Millimeter
    )
    doc = QTextDocument()
    doc.setDocumentMargin(0)
    doc.setDefaultFont(QFont("DejaVu Sans", 8))
    doc.setHtml(html)
    paint = printer.pageLayout().paintRectPixels(LAYOUT_DPI)
    doc.setPageSize(QSizeF(paint.width(), paint.height()))
    pages = doc.pageCount()
    doc.print_(printer)
    return pages


class PrinterActions(QObject):
    """The print-on-paper actions of the main window (a game's sheets, the quick reference)."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        #: The dialog open last (tests accept it); None when none is open.
        self.dialog: QPrintDialog | None = None
        self._printer: QPrinter | None = None
        ui = window.ui
        self.sheets_action = QAction("Print record sheets on a &printer…", window)
        self.sheets_action.setObjectName("actionPrintSheets")
        self.sheets_action.setShortcut(QKeySequence("Ctrl+Alt+P"))
        self.sheets_action.triggered.connect(self.print_sheets)
        self.qrs_action = QAction("Print the quick reference on a printer…", window)
        self.qrs_action.setObjectName("actionPrintQuickReference")
        self.qrs_action.triggered.connect(self.print_quick_reference)
        ui.menuGame.insertAction(ui.actionExportJournal, self.sheets_action)
        ui.menuHelp.insertAction(ui.actionAbout, self.qrs_action)

    @property
    def printer(self) -> QPrinter:
        """The printer the dialogs use (made on first use: it loads QtPrintSupport)."""
        if self._printer is None:
            from PySide6.QtPrintSupport import QPrinter

            self._printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        return self._printer

    def _ask(self, title: str, html: str, landscape: bool) -> QPrintDialog:
        from PySide6.QtPrintSupport import QPrintDialog

        dialog = QPrintDialog(self.printer, self.window)
        dialog.setWindowTitle(title)

        def accepted() -> None:
            pages = print_html(html, self.printer, landscape=landscape, title=title)
            self.window._message(f"{title}: {pages} page(s) sent to {self.printer.printerName()}")

        dialog.accepted.connect(accepted)
        dialog.finished.connect(lambda _r: setattr(self, "dialog", None))
        self.dialog = dialog
        # QPrintDialog.open() takes a receiver in PySide; this is QDialog's window-modal open().
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.show()
        return dialog

    def print_sheets(self) -> QDialog | None:
        """The print dialog for the open game's record sheets, markers as they stand."""
        hub = getattr(self.window, "hub", None)
        if hub is None:
            self.window._message("Open a game first: its record sheets are printed.")
            return None
        from eote_ref.ui.printing import game_record_sheets_html

        name = hub.view.name
        html = game_record_sheets_html(hub.service, f"{name} — record sheets")
        return self._ask(f"{name} record sheets", html, True)

    def print_quick_reference(self) -> QDialog:
        """The print dialog for the quick reference of the open game's pack (or the default's)."""
        from eote_ref.ui.print_actions import quick_reference_of

        html, title = quick_reference_of(self.window)
        return self._ask(title, html, True)
