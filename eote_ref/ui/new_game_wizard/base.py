"""What every new-game page shares: the set-up service, the draft, two colours."""

from __future__ import annotations

from PySide6.QtGui import QPalette, QWheelEvent
from PySide6.QtWidgets import QComboBox, QWidget, QWizardPage

from eote_ref.referee.new_game_draft import NewGameDraft
from eote_ref.referee.setup import SetupService


def error_color(widget: QWidget) -> str:
    """The colour of a problem's text, readable on a light or a dark window."""
    dark = widget.palette().color(QPalette.ColorRole.Window).lightness() < 128
    return "#ff7b6e" if dark else "#b03a2e"


def dim_color(widget: QWidget) -> str:
    """The colour of secondary text (the palette's placeholder colour)."""
    return widget.palette().color(QPalette.ColorRole.PlaceholderText).name()


class Page(QWizardPage):
    """A page with the setup service and the shared draft."""

    def __init__(self, setup: SetupService, draft: NewGameDraft, parent: QWidget | None = None):
        super().__init__(parent)
        self.setup = setup
        self.draft = draft


class OptionCombo(QComboBox):
    """A combo box that leaves the mouse wheel to the scroll area unless it has focus."""

    def wheelEvent(self, event: QWheelEvent) -> None:
        if self.hasFocus():
            super().wheelEvent(event)
        else:
            event.ignore()
