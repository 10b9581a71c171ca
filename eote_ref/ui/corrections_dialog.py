"""The umpire's corrections of a game in progress (:mod:`eote_ref.referee.corrections`).

Turn → *Correct…* offers: the selected unit's name, CE, type and stands; the selected unit's
(or division band's) leader's name and rating; a late unit joining that division; a leader
for a division that has none alive; an army, wing or corps commander of the side's lists
that the game lacks (EotE 3.1: somebody must issue the orders). Each dialog applies one
journal step, marked as an umpire's correction; Ctrl+Z takes it back. The menu is
:mod:`eote_ref.ui.corrections_menu`, which imports this module on first use.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from eote_ref.referee import corrections
from eote_ref.ui.game_hub import GameHub


class CorrectionDialog(QDialog):
    """A form whose OK applies one correction through ``apply(values)`` (errors shown)."""

    def __init__(
        self,
        hub: GameHub,
        title: str,
        fields: list[tuple[str, str, QWidget]],
        apply: Callable[[dict[str, Any]], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.hub = hub
        self.setWindowTitle(title)
        self._apply = apply
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.fields: dict[str, QWidget] = {}
        for key, label, widget in fields:
            widget.setObjectName(f"correct_{key}")
            form.addRow(label, widget)
            self.fields[key] = widget
        layout.addLayout(form)
        note = QLabel("Written to the journal as an umpire's correction: Ctrl+Z takes it back.")
        note.setWordWrap(True)
        layout.addWidget(note)
        self.error = QLabel()
        self.error.setObjectName("correctionError")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.apply)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def values(self) -> dict[str, Any]:
        """What the form says."""
        out: dict[str, Any] = {}
        for key, w in self.fields.items():
            if isinstance(w, QSpinBox):
                out[key] = w.value()
            elif isinstance(w, QLineEdit):
                out[key] = w.text()
            elif isinstance(w, QComboBox):
                out[key] = w.currentData() or w.currentText()
        return out

    def apply(self) -> bool:
        """Apply the correction; False (the reason shown) when refused."""
        try:
            self._apply(self.values())
        except ValueError as e:
            self.error.setText(str(e))
            return False
        self.accept()
        return True


def _spin(value: int, top: int = 20) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(0, top)
    spin.setValue(value)
    return spin


def correct_unit_dialog(hub: GameHub, unit_id: int, parent: QWidget | None = None) -> QDialog:
    """The selected unit's name, CE, type and stands."""
    game = hub.service
    u = game.unit_view(unit_id)

    def apply(values: dict[str, Any]) -> None:
        changed = {k: v for k, v in values.items() if getattr(u, k) != v}
        corrections.correct_unit(game, unit_id, **changed)

    return CorrectionDialog(
        hub,
        f"Correct {u.name}",
        [
            ("name", "&Name:", QLineEdit(u.name)),
            ("ce", "&CE:", _spin(u.ce)),
            ("type", "&Type:", QLineEdit(u.type)),
            ("stands", "&Stands:", _spin(u.stands)),
        ],
        apply,
        parent,
    )


def correct_leader_dialog(
    hub: GameHub, division_id: int, parent: QWidget | None = None
) -> QDialog | None:
    """The division leader's name and rating (None when the division has no leader)."""
    game = hub.service
    leader = game.division_view(division_id).leader
    if leader is None:
        return None
    lid = leader.id

    def apply(values: dict[str, Any]) -> None:
        changed = {k: v for k, v in values.items() if getattr(leader, k) != v}
        corrections.correct_leader(game, lid, **changed)

    return CorrectionDialog(
        hub,
        f"Correct {leader.name}",
        [("name", "&Name:", QLineEdit(leader.name)), ("rating", "&Rating:", _spin(leader.rating))],
        apply,
        parent,
    )


def add_unit_dialog(hub: GameHub, division_id: int, parent: QWidget | None = None) -> QDialog:
    """A late unit joining the division."""
    game = hub.service
    division = game.division_view(division_id)
    arm = QComboBox()
    for a in corrections.ARMS:
        arm.addItem(a, a)
    formation = QComboBox()

    def formations(_index: int = 0) -> None:
        """The formations of the arm chosen (EotE 1.0.2)."""
        formation.clear()
        for value in game.formations(str(arm.currentData())):
            formation.addItem(value.replace("_", " "), value)

    arm.currentIndexChanged.connect(formations)
    formations()

    def apply(values: dict[str, Any]) -> None:
        corrections.add_unit(
            game,
            division_id,
            values["name"],
            arm=values["arm"],
            type=values["type"] or "line",
            ce=values["ce"],
            stands=values["stands"],
            formation=values["formation"] or None,
        )

    return CorrectionDialog(
        hub,
        f"A late unit joins {division.name}",
        [
            ("name", "&Name:", QLineEdit()),
            ("arm", "&Arm:", arm),
            ("formation", "&Formation:", formation),
            ("type", "&Type:", QLineEdit("line")),
            ("ce", "&CE:", _spin(6)),
            ("stands", "&Stands:", _spin(4)),
        ],
        apply,
        parent,
    )


def add_leader_dialog(hub: GameHub, division_id: int, parent: QWidget | None = None) -> QDialog:
    """A leader for a division with none alive."""
    game = hub.service
    division = game.division_view(division_id)

    def apply(values: dict[str, Any]) -> None:
        corrections.add_leader(game, division_id, values["name"], rating=values["rating"])

    return CorrectionDialog(
        hub,
        f"A leader takes command of {division.name}",
        [("name", "&Name:", QLineEdit()), ("rating", "&Rating:", _spin(3))],
        apply,
        parent,
    )


def add_commander_dialog(
    hub: GameHub, division_id: int, parent: QWidget | None = None
) -> QDialog | None:
    """An army, wing or corps commander of the lists joins the division's side (EotE 3.1).

    None when the side's lists have none that is not in the game already.
    """
    game = hub.service
    side = next(s for s in game.view().sides if any(d.id == division_id for d in s.divisions))
    choices = corrections.commander_choices(game, side.position)
    if not choices:
        return None
    combo = QComboBox()
    for c in choices:
        combo.addItem(c.label, c.reference)

    def apply(values: dict[str, Any]) -> None:
        corrections.add_commander(game, side.position, str(values["commander"]))

    return CorrectionDialog(
        hub,
        f"A commander joins {side.name}",
        [("commander", "&Commander:", combo)],
        apply,
        parent,
    )
