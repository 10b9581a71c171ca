"""On the army-list page: start from a shipped scenario, a scenario file, or whole lists.

The combo offers the scenarios of every pack, each entry naming its pack (``[EotE]``,
``[AVlE]``) and, for another pack's ready battle, whose set-up it is (the text's scenario or
historical lists); choosing another pack's plays that pack (issue 33).
"""

from __future__ import annotations

import html
import pathlib

from PySide6.QtCore import QDir, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from eote_ref.packs.registry import DEFAULT_PACK
from eote_ref.referee.new_game_draft import NewGameDraft
from eote_ref.referee.pack_lists import PackBattle, other_packs_battles, pack_rule_prefix
from eote_ref.referee.scenario_setup import load, shipped_scenarios
from eote_ref.scenarios.loader import LoadedScenario, ScenarioError

#: The combo's first entry: no scenario, the lists ticked below.
WHOLE_LISTS = "Whole army lists (tick them below)"


class ScenarioChooser(QWidget):
    """A combo of the shipped scenarios and files added, and "Scenario file…".

    Signals:
        chosen: the draft's scenario changed (a scenario, or back to whole lists).
    """

    chosen = Signal()

    def __init__(self, draft: NewGameDraft, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.draft = draft
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        label = QLabel("&Scenario:", self)
        self.combo = QComboBox(self)
        self.combo.setObjectName("scenarioCombo")
        label.setBuddy(self.combo)
        self.combo.addItem(WHOLE_LISTS, None)
        for path in shipped_scenarios():
            try:
                loaded = load(path)
            except ScenarioError:
                continue
            self._add(loaded)
        from eote_ref.ui.new_game_wizard.pack_battle_chooser import KIND_WORDS

        for battle in other_packs_battles(DEFAULT_PACK):
            whose = KIND_WORDS.get(battle.kind, battle.kind)
            self.combo.addItem(
                f"[{pack_rule_prefix(battle.pack)}] {battle.title} [{whose}]", battle
            )
        self.file_button = QPushButton("Scenario &file…", self)
        self.file_button.setObjectName("scenarioFileButton")
        self.file_button.setAutoDefault(False)
        self.file_button.clicked.connect(self.choose_file)
        row.addWidget(label)
        row.addWidget(self.combo, 1)
        row.addWidget(self.file_button)
        layout.addLayout(row)
        self.note = QLabel(self)
        self.note.setObjectName("scenarioNote")
        self.note.setWordWrap(True)
        self.note.hide()
        layout.addWidget(self.note)
        self.combo.currentIndexChanged.connect(self._changed)

    def _add(self, loaded: LoadedScenario) -> int:
        sc = loaded.scenario
        sides = " against ".join(s.name for s in sc.sides)
        prefix = pack_rule_prefix(DEFAULT_PACK)
        self.combo.addItem(f"[{prefix}] {sc.name} — {sc.battle or ''} ({sides})", loaded)
        return self.combo.count() - 1

    def choose(self, name: str) -> None:
        """Select the scenario called ``name`` (or whole lists for :data:`WHOLE_LISTS`)."""
        for i in range(self.combo.count()):
            data = self.combo.itemData(i)
            if (data is None and name == WHOLE_LISTS) or (
                isinstance(data, LoadedScenario) and data.scenario.name == name
            ):
                self.combo.setCurrentIndex(i)
                return
        raise ValueError(f"no scenario {name!r}")

    def choose_file(self) -> None:
        """Ask for a scenario file and add it."""
        name, _ = QFileDialog.getOpenFileName(
            self, "Start from a scenario", QDir.homePath(), "Scenarios (*.yaml *.yml)"
        )
        if name:
            self.add_file(pathlib.Path(name))

    def add_file(self, path: pathlib.Path) -> bool:
        """Load a scenario file and select it; its problems are shown when it has any."""
        try:
            loaded = load(path)
        except ScenarioError as exc:
            lines = "<br>".join(html.escape(str(p)) for p in exc.problems[:8])
            self.note.setText(f"<b>{html.escape(path.name)} cannot be used:</b><br>{lines}")
            self.note.show()
            return False
        self.combo.setCurrentIndex(self._add(loaded))
        return True

    def choose_battle(self, pack: str, key: str) -> None:
        """Select another pack's ready battle ``key``."""
        for i in range(self.combo.count()):
            data = self.combo.itemData(i)
            if isinstance(data, PackBattle) and (data.pack, data.key) == (pack, key):
                self.combo.setCurrentIndex(i)
                return
        raise ValueError(f"no battle {key!r} of pack {pack}")

    def forget_other_pack(self) -> None:
        """Back to whole lists, without a signal, when another pack's battle is selected."""
        if isinstance(self.combo.currentData(), PackBattle):
            self.combo.blockSignals(True)
            self.combo.setCurrentIndex(0)
            self.combo.blockSignals(False)
            self.note.hide()

    def _changed(self) -> None:
        loaded = self.combo.currentData()
        if isinstance(loaded, PackBattle):  # another pack's: play that pack, from that battle
            self.draft.choose_pack(loaded.pack)
            self.draft.choose_pack_battle(loaded)
            self.chosen.emit()
            return
        self.draft.choose_scenario(loaded)
        if loaded is None:
            self.note.hide()
        else:
            sc = loaded.scenario
            setup = f"<br>{html.escape(sc.setup)}" if sc.setup else ""
            # The file's warnings, as `eote-ref scenario validate` prints them (a side with
            # nobody to issue orders, EotE 3.1, among them).
            warned = "".join(
                f"<br><b>Warning:</b> {html.escape(p.message)}" for p in loaded.warnings
            )
            self.note.setText(
                f"<b>{html.escape(sc.name)}</b>: the lists and the commands in play come from "
                f"the scenario.{setup}{warned}"
            )
            self.note.show()
        self.chosen.emit()
