"""Page 1 of the new-game wizard: the game's and the sides' names."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QWidget

from eote_ref.referee.new_game_draft import NewGameDraft
from eote_ref.referee.pack_lists import pack_choices
from eote_ref.referee.setup import SetupService
from eote_ref.ui.forms.ui_new_game_names import Ui_NewGameNamesPage
from eote_ref.ui.new_game_wizard.base import Page, error_color


class NamesPage(Page):
    """Page 1: the ruleset, the game's and the sides' names (empty ones named from the lists)."""

    #: Emitted with the pack's id when another ruleset is chosen.
    packChanged = Signal(str)

    def __init__(self, setup: SetupService, draft: NewGameDraft, parent: QWidget | None = None):
        super().__init__(setup, draft, parent)
        self.ui = Ui_NewGameNamesPage()
        self.ui.setupUi(self)
        self.ui.gameName.textChanged.connect(self._changed)
        self.ui.firstSide.textChanged.connect(self._changed)
        self.ui.secondSide.textChanged.connect(self._changed)
        self.ui.problem.setStyleSheet(f"color: {error_color(self)}")
        # The ruleset pack: it decides the army lists, the options and the pages that follow.
        self.packCombo = QComboBox(self)
        self.packCombo.setObjectName("packCombo")
        for pack, title in pack_choices():
            self.packCombo.addItem(title, pack)
        self.packCombo.setToolTip(
            "The rules the battle is fought under: the army lists offered next are its own"
        )
        self.ui.formLayout.addRow("&Ruleset:", self.packCombo)
        self.packCombo.currentIndexChanged.connect(self._pack_chosen)
        self.setTabOrder(self.ui.secondSide, self.packCombo)

    def initializePage(self) -> None:
        self.packCombo.setCurrentIndex(max(0, self.packCombo.findData(self.draft.pack)))
        self.ui.gameName.setText(self.draft.name)
        self.ui.firstSide.setText(self.draft.side_names[0])
        self.ui.secondSide.setText(self.draft.side_names[1])
        self._placeholders()

    def _placeholders(self) -> None:
        d = self.draft
        self.ui.firstSide.setPlaceholderText(
            d.automatic_side_name(0) if d.lists[0] else "named after its army lists, e.g. French"
        )
        self.ui.secondSide.setPlaceholderText(
            d.automatic_side_name(1) if d.lists[1] else "named after its army lists, e.g. British"
        )
        self.ui.gameName.setPlaceholderText(
            d.automatic_name()
            if d.lists[0] and d.lists[1]
            else "named after the battle of the army lists, e.g. Waterloo, 18 June 1815"
        )

    def _pack_chosen(self) -> None:
        pack = self.packCombo.currentData()
        if isinstance(pack, str) and pack != self.draft.pack:
            self.draft.choose_pack(pack)
            self._placeholders()
            self.packChanged.emit(pack)

    def _changed(self) -> None:
        self.draft.name = self.ui.gameName.text()
        self.draft.side_names[0] = self.ui.firstSide.text()
        self.draft.side_names[1] = self.ui.secondSide.text()
        self.ui.problem.setText(self._problem())
        self.completeChanged.emit()

    def _problem(self) -> str:
        first, second = (n.strip() for n in self.draft.side_names)
        if first and first.casefold() == second.casefold():
            return "The two sides need different names."
        return ""

    def isComplete(self) -> bool:
        return not self._problem()
