"""The Print entries of the packs: each pack's reference sheet, a pack game's sheets (issue 26).

The sheets are HTML pages the packs build (:mod:`eote_ref.packs.printed` from a pack's
declared tables; a pack game's record sheets and card trackers through the referee), laid
out by :func:`eote_ref.ui.printing.write_pdf`. Nothing here names a pack: the registry lists
them and a pack game's service says which sheets it has.
"""

from __future__ import annotations

import pathlib
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence

from eote_ref.packs import registry
from eote_ref.referee.pack_view import game_labels_html, game_sheet_html, game_sheet_titles
from eote_ref.ui.print_actions import _ask_pdf, _safe


def print_pack_reference(pack_id: str, path: str | pathlib.Path) -> int:
    """Write the reference sheet of pack ``pack_id`` (its tables, dice, options); the pages."""
    from eote_ref.packs.printed import reference_sheet_html
    from eote_ref.ui.printing import write_pdf

    pack = registry.get_pack(pack_id)
    html = reference_sheet_html(pack)
    return write_pdf(html, path, landscape=True, title=f"{pack.title} reference sheet")


class PackPrinting(QObject):
    """Help → "Print TITLE reference sheet…" for each pack but the default.

    The default pack's quick reference is :class:`~eote_ref.ui.printing.MainWindowPrinting`'s.

    ``reference_to(pack, path)`` writes without asking (tests and scripts call it).
    """

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        ui = window.ui
        #: pack id -> its "Print … reference sheet" action.
        self.reference_actions: dict[str, QAction] = {}
        #: The open pack game's hub (None: no pack game open) and its sheets' actions.
        self.hub: Any = None
        self.sheet_actions: dict[str, QAction] = {}
        #: "Print base labels…" while a pack game is open (every pack's game has them).
        self.labels_action: QAction | None = None
        for pack, (_module, title) in registry.PACKS.items():
            if pack == registry.DEFAULT_PACK:
                continue
            action = QAction(f"Print {title.replace('&', '&&')} &reference sheet…", window)
            action.setObjectName(f"actionReference_{pack}")
            action.setStatusTip(f"The tables, dice and options of {title} on two pages (PDF)")
            action.triggered.connect(lambda _=False, p=pack: self.reference_dialog(p))
            ui.menuHelp.insertAction(ui.actionAbout, action)
            self.reference_actions[pack] = action

    # ------------------------------------------------------------------ a pack game's sheets
    def game_opened(self, hub: Any) -> None:
        """A pack game opened (or closed: None): its sheets in the Game menu, EotE's hidden."""
        ui = self.window.ui
        for action in [*self.sheet_actions.values(), self.labels_action]:
            if action is not None:
                ui.menuGame.removeAction(action)
                action.deleteLater()
        self.sheet_actions = {}
        self.labels_action = None
        self.hub = hub
        eote = self.window.printing
        for action in (eote.sheets_action, eote.labels_action, eote.report_action):
            action.setVisible(hub is None)
        if hub is None:
            return
        for n, title in enumerate(game_sheet_titles(hub.service)):
            action = QAction(f"Print {title}…", self.window)
            action.setObjectName(f"actionPackSheet_{title.replace(' ', '_')}")
            if n == 0:
                action.setShortcut(QKeySequence("Ctrl+P"))
            action.setStatusTip(f"The {title} of the game as it stands (PDF)")
            action.triggered.connect(lambda _=False, t=title: self.sheet_dialog(t))
            ui.menuGame.insertAction(ui.actionExportJournal, action)
            self.sheet_actions[title] = action
        # Base labels are the engine's: every pack's game has them (its units' codes).
        labels = QAction("Print base &labels…", self.window)
        labels.setObjectName("actionPackLabels")
        labels.setStatusTip("A label per unit, its code large, to put by its base (PDF)")
        labels.triggered.connect(self.labels_dialog)
        ui.menuGame.insertAction(ui.actionExportJournal, labels)
        self.labels_action = labels

    def labels_to(self, path: str | pathlib.Path) -> int:
        """Write the open pack game's base labels to ``path``; the pages."""
        if self.hub is None:
            raise ValueError("no game is open")
        from eote_ref.ui.printing import write_pdf

        html = game_labels_html(self.hub.service)
        pages = write_pdf(html, path, title=f"{self.hub.view.name} base labels")
        self._done(f"Base labels saved to {path}")
        return pages

    def labels_dialog(self) -> None:
        """Ask for a PDF file and write the open pack game's base labels there."""
        if self.hub is None:
            return
        name = f"{_safe(self.hub.view.name)} base labels.pdf"
        path = _ask_pdf(self.window, "Print base labels", name)
        if path:
            self._write(lambda: self.labels_to(path), path)

    def sheet_to(self, title: str, path: str | pathlib.Path) -> int:
        """Write the open pack game's sheet ``title`` to ``path``; the pages."""
        if self.hub is None:
            raise ValueError("no game is open")
        html = game_sheet_html(self.hub.service, title)
        name = self.hub.view.name
        from eote_ref.ui.printing import write_pdf

        pages = write_pdf(html, path, landscape=True, title=f"{name} {title}")
        self._done(f"{title.capitalize()} saved to {path}")
        return pages

    def sheet_dialog(self, title: str) -> None:
        """Ask for a PDF file and write the open pack game's sheet ``title`` there."""
        if self.hub is None:
            return
        path = _ask_pdf(self.window, f"Print {title}", f"{_safe(self.hub.view.name)} {title}.pdf")
        if path:
            self._write(lambda: self.sheet_to(title, path), path)

    def _done(self, text: str) -> None:
        say = getattr(self.window, "_message", None)
        if callable(say):
            say(text)

    def reference_to(self, pack: str, path: str | pathlib.Path) -> int:
        """Write pack ``pack``'s reference sheet to ``path``; the pages."""
        pages = print_pack_reference(pack, path)
        self._done(f"Reference sheet saved to {path}")
        return pages

    def reference_dialog(self, pack: str) -> None:
        """Ask for a PDF file and write pack ``pack``'s reference sheet there."""
        title = registry.PACKS[pack][1]
        path = _ask_pdf(self.window, "Print reference sheet", f"{_safe(title)} reference.pdf")
        if path:
            self._write(lambda: self.reference_to(pack, path), path)

    def _write(self, write: Any, path: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        try:
            write()
        except (OSError, ValueError) as e:
            QMessageBox.warning(self.window, "Print", f"Could not write {path}:\n{e}")
