"""Page 4 of the new-game wizard: who has the initiative, and each side's starting formations."""

from __future__ import annotations

import functools
import html

from PySide6.QtWidgets import QComboBox, QGridLayout, QGroupBox, QLabel, QRadioButton, QWidget

from eote_ref.referee.new_game_draft import FORMATION_ARMS, ROLL, NewGameDraft
from eote_ref.referee.setup import SetupService
from eote_ref.ui.forms.ui_new_game_initiative import Ui_NewGameInitiativePage
from eote_ref.ui.new_game_wizard.base import OptionCombo, Page, dim_color


class InitiativePage(Page):
    """Page 4: who starts with the initiative, or roll for it (EotE 4.0)."""

    def __init__(self, setup: SetupService, draft: NewGameDraft, parent: QWidget | None = None):
        super().__init__(setup, draft, parent)
        self.ui = Ui_NewGameInitiativePage()
        self.ui.setupUi(self)
        self.choices: dict[int | str | None, QRadioButton] = {
            ROLL: self.ui.rollForIt,
            0: self.ui.firstStarts,
            1: self.ui.secondStarts,
            None: self.ui.decideLater,
        }
        for value, button in self.choices.items():
            button.toggled.connect(functools.partial(self._toggled, value))
        dim = dim_color(self)
        self.ui.rollHint.setStyleSheet(f"color: {dim}")
        self.ui.laterHint.setStyleSheet(f"color: {dim}")
        self._build_formations()

    def _build_formations(self) -> None:
        """Starting formations per side and arm, from the lists; set before turn 1."""
        box = QGroupBox("Starting &formations")
        box.setObjectName("startingFormations")
        grid = QGridLayout(box)
        self.side_labels = [QLabel(), QLabel()]
        for side, label in enumerate(self.side_labels):
            grid.addWidget(label, 0, side + 1)
        self.formation_combos: dict[tuple[int, str], QComboBox] = {}
        for row, arm in enumerate(FORMATION_ARMS, start=1):
            grid.addWidget(QLabel(arm.capitalize()), row, 0)
            for side in (0, 1):
                combo = OptionCombo()
                combo.setObjectName(f"formation_{side}_{arm}")
                combo.addItem("none (set by hand)", "")
                for value in self.setup.formation_choices(arm):
                    combo.addItem(value.replace("_", " "), value)
                combo.activated.connect(functools.partial(self._formation_chosen, side, arm))
                grid.addWidget(combo, row, side + 1)
                self.formation_combos[(side, arm)] = combo
        hint = QLabel(
            "Units whose army list gives their own formation keep it. Setting up is not a "
            "change of formation: no unit starts with the changed-formation −2 (EotE 1.8.3)."
        )
        hint.setWordWrap(True)
        hint.setStyleSheet(f"color: {dim_color(self)}")
        grid.addWidget(hint, len(FORMATION_ARMS) + 1, 0, 1, 3)
        self.ui.pageLayout.insertWidget(self.ui.pageLayout.count() - 1, box)

    def _formation_chosen(self, side: int, arm: str, index: int) -> None:
        combo = self.formation_combos[(side, arm)]
        self.draft.formations[side][arm] = str(combo.itemData(index))

    def set_formation(self, side: int, arm: str, value: str) -> None:
        """Choose a starting formation as the combo would ("" for none)."""
        combo = self.formation_combos[(side, arm)]
        index = combo.findData(value)
        if index < 0:
            raise ValueError(f"{arm} cannot start in {value!r}")
        combo.setCurrentIndex(index)
        self._formation_chosen(side, arm, index)

    def _toggled(self, value: int | str | None, on: bool) -> None:
        if on:
            self.draft.initiative = value

    def initializePage(self) -> None:
        for side, button in ((0, self.ui.firstStarts), (1, self.ui.secondStarts)):
            name = self.draft.side_name(side).replace("&", "&&")
            button.setText(f"&{side + 1}  {name} starts")
        self.ui.rollForIt.setText("&Roll for it")
        self.ui.decideLater.setText("&Decide at the table")
        self.choices[self.draft.initiative].setChecked(True)
        for side, label in enumerate(self.side_labels):
            label.setText(f"<b>{html.escape(self.draft.side_name(side))}</b>")
        for (side, arm), combo in self.formation_combos.items():
            combo.setCurrentIndex(max(0, combo.findData(self.draft.formation(side, arm))))
