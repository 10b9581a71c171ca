"""What every campaign dialog shares: the signal of a campaign changed, a form checked as typed.

Every dialog that saves announces it on :func:`campaign_events`, so an open campaign window
shows a battle recorded from the End battle dialog at once (no closing and reopening).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
)

from eote_ref.referee.errors import REFUSALS

ERROR_STYLE = "color: #b00020;"


class CampaignEvents(QObject):
    """Campaign edits made in this process, for the windows that show campaigns."""

    #: A campaign's members, armies, battles or carried losses changed (its id).
    changed = Signal(int)


_EVENTS: list[CampaignEvents] = []


def campaign_events() -> CampaignEvents:
    """The application's one :class:`CampaignEvents` (made on first use)."""
    if not _EVENTS:
        _EVENTS.append(CampaignEvents())
    return _EVENTS[0]


class CampaignForm(QDialog):
    """A dialog with an inline problem line and OK enabled only while the entries are valid."""

    campaign_id: int
    name_edit: QLineEdit
    #: The names (casefolded) the one entered may not take.
    _taken: set[str]

    def _named_form(self, name: str, label: str, combo: QComboBox) -> None:
        """Lay out a name line and ``combo``, the problem line and OK; validated as typed."""
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.name_edit = QLineEdit(name)
        self.name_edit.setObjectName("nameEdit")
        form.addRow("&Name:", self.name_edit)
        form.addRow(label, combo)
        layout.addLayout(form)
        self._finish(layout)
        self.name_edit.textChanged.connect(self.validate)
        self.validate()

    def _name_problems(self, missing: str, taken: str) -> list[str]:
        """``missing`` without a name, ``taken`` (its ``{name}`` filled) for one in ``_taken``."""
        name = self.name_edit.text().strip()
        if not name:
            return [missing]
        if name.casefold() in self._taken:
            return [taken.format(name=name)]
        return []

    def _finish(self, layout: QVBoxLayout) -> None:
        self.problem_label = QLabel()
        self.problem_label.setObjectName("problemLabel")
        self.problem_label.setStyleSheet(ERROR_STYLE)
        self.problem_label.setWordWrap(True)
        layout.addWidget(self.problem_label)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

    @property
    def ok_button(self) -> QPushButton:
        """The OK button."""
        return self.buttons.button(QDialogButtonBox.StandardButton.Ok)

    def problems(self) -> list[str]:
        """What is wrong with the entries (empty when they can be saved)."""
        return []

    def validate(self) -> bool:
        """Show the problems under the form and enable OK only without them."""
        found = self.problems()
        self.problem_label.setText("\n".join(found))
        self.ok_button.setEnabled(not found)
        return not found

    def save(self) -> None:
        """Write the entries through the service (a refusal keeps the dialog open)."""

    def accept(self) -> None:
        """Save and close; a refusal from the service is shown in the dialog."""
        if not self.validate():
            return
        try:
            self.save()
        except REFUSALS as exc:  # the service's, or the schema's (a game linked meanwhile)
            self.problem_label.setText(str(exc))
            return
        super().accept()
        campaign_events().changed.emit(self.campaign_id)
