"""On the army-list page of a pack with ready battles (AVlE): start from one of them.

A ready battle is a scenario of the pack with its shipped lists: the rules text's own set-up
(Waterloo, Quatre Bras, Ligny, the hypothetical battle's forces) or historical lists played
with a scenario's victory. Each entry says which it is.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from eote_ref.referee.new_game_draft import NewGameDraft
from eote_ref.referee.pack_lists import PackBattle, pack_battles

#: The combo's first entry: no ready battle, the lists ticked below.
LISTS_BELOW = "Army lists ticked below (the scenario on the options page)"
#: How each kind of battle is named in the combo.
KIND_WORDS = {"text": "the text's scenario", "historical": "historical lists"}


class PackBattleChooser(QWidget):
    """A combo of the draft's pack's ready battles.

    Signals:
        chosen: the draft's battle changed (its lists are the draft's now, or back to lists).
    """

    chosen = Signal()

    def __init__(self, draft: NewGameDraft, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.draft = draft
        self.pack: str | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        label = QLabel("Ba&ttle:", self)
        self.combo = QComboBox(self)
        self.combo.setObjectName("packBattleCombo")
        label.setBuddy(self.combo)
        row.addWidget(label)
        row.addWidget(self.combo, 1)
        layout.addLayout(row)
        self.note = QLabel(self)
        self.note.setObjectName("packBattleNote")
        self.note.setWordWrap(True)
        self.note.hide()
        layout.addWidget(self.note)
        self.combo.currentIndexChanged.connect(self._changed)

    def load(self, pack: str) -> bool:
        """Offer ``pack``'s battles; whether it has any (the chooser is shown only then)."""
        if pack == self.pack:
            return self.combo.count() > 1
        self.pack = pack
        self.combo.blockSignals(True)
        self.combo.clear()
        self.combo.addItem(LISTS_BELOW, None)
        for battle in pack_battles(pack):
            self.combo.addItem(f"{battle.title} [{KIND_WORDS[battle.kind]}]", battle)
        current = self.draft.pack_battle
        at = next((i for i in range(1, self.combo.count()) if self.combo.itemData(i) == current), 0)
        self.combo.setCurrentIndex(at)
        self.combo.blockSignals(False)
        return self.combo.count() > 1

    def choose(self, key: str | None) -> None:
        """Select the battle ``key`` (None: the lists ticked below)."""
        for i in range(self.combo.count()):
            data = self.combo.itemData(i)
            if (data is None and key is None) or (data is not None and data.key == key):
                self.combo.setCurrentIndex(i)
                return
        raise ValueError(f"no battle {key!r}")

    def _changed(self) -> None:
        battle = self.combo.currentData()
        self.draft.choose_pack_battle(battle if isinstance(battle, PackBattle) else None)
        if isinstance(battle, PackBattle):
            sides = "; ".join(
                f"{name}: {', '.join(p.name for p in paths)}" for name, paths in battle.sides
            )
            self.note.setText(
                f"<b>{html.escape(KIND_WORDS[battle.kind].capitalize())}</b>: the lists, the "
                f"sides and the victory come with it ({html.escape(sides)})."
            )
            self.note.show()
        else:
            self.note.hide()
        self.chosen.emit()
