"""Page 3 of the new-game wizard: the commands in play, which make the game a scenario.

Every command (and battery) of the chosen lists is ticked: the game holds the whole lists,
as before.
Untick what is not on the table (a corps action, one division's attack) and the game holds
only the commands left ticked; "Save as scenario…" writes them as a scenario file the club
can keep and share (docs/scenario-format.md). A scenario chosen on the army-list page shows
its set-up here instead.
"""

from __future__ import annotations

import html
import pathlib

from PySide6.QtCore import QDir, Qt
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from eote_ref.referee.new_game_draft import NewGameDraft
from eote_ref.referee.scenario_setup import command_outline
from eote_ref.referee.setup import SetupService
from eote_ref.ui.new_game_wizard.base import Page, error_color

REF_ROLE = Qt.ItemDataRole.UserRole + 1


#: The page's subtitle over the two trees of commands (whole lists).
UNTICK = (
    "Untick what is not on the table: the game then holds only the commands left "
    "ticked, and nothing else appears anywhere."
)
#: Its subtitle when a scenario was chosen: there is nothing to untick here.
FROM_SCENARIO = (
    "The scenario sets the commands in play. To choose them yourself, go Back and pick "
    "whole army lists."
)


class CommandsPage(Page):
    """Page 3: tick the commands in play on each side (all ticked: the whole lists)."""

    def __init__(self, setup: SetupService, draft: NewGameDraft, parent: QWidget | None = None):
        super().__init__(setup, draft, parent)
        self.setTitle("Commands in play")
        self.setSubTitle(UNTICK)
        layout = QVBoxLayout(self)
        self.scenario_text = QLabel(self)
        self.scenario_text.setObjectName("scenarioSetup")
        self.scenario_text.setWordWrap(True)
        self.scenario_text.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.scenario_text)
        row = QHBoxLayout()
        self.trees: list[QTreeWidget] = []
        for side in (0, 1):
            tree = QTreeWidget(self)
            tree.setObjectName(f"commandsTree{side}")
            tree.setHeaderLabels(["Command", "Units"])
            tree.itemChanged.connect(self._changed)
            self.trees.append(tree)
            row.addWidget(tree)
        layout.addLayout(row, 1)
        buttons = QHBoxLayout()
        self.save_button = QPushButton("Save as &scenario…", self)
        self.save_button.setObjectName("saveScenarioButton")
        self.save_button.setAutoDefault(False)
        self.save_button.clicked.connect(self.choose_save)
        self.status = QLabel(self)
        self.status.setObjectName("commandsStatus")
        self.status.setWordWrap(True)
        buttons.addWidget(self.status, 1)
        buttons.addWidget(self.save_button)
        layout.addLayout(buttons)
        self._filling = False

    def initializePage(self) -> None:
        loaded = self.draft.scenario
        for tree in self.trees:
            tree.setVisible(loaded is None)
        self.save_button.setVisible(loaded is None)
        self.setSubTitle(UNTICK if loaded is None else FROM_SCENARIO)
        if loaded is not None:
            sc = loaded.scenario
            parts = [f"<h3>{html.escape(sc.name)}</h3>"]
            if sc.setup:
                parts.append(f"<p>{html.escape(sc.setup)}</p>")
            for side in loaded.sides:
                what = ", ".join(html.escape(r.text().split(" / ")[-1]) for r in side.in_play)
                parts.append(f"<p><b>{html.escape(side.name)}:</b> {what or 'the whole lists'}</p>")
            self.scenario_text.setText("".join(parts))
            self.status.clear()
            return
        self.scenario_text.setText("")
        self._fill()

    def _fill(self) -> None:
        self._filling = True
        for side, tree in enumerate(self.trees):
            tree.clear()
            tree.setHeaderLabels([self.draft.side_name(side), "Units"])
            chosen = set(self.draft.in_play[side])
            for summary in self.draft.lists[side]:
                stack: list[QTreeWidgetItem] = []
                for line in command_outline(summary.path):
                    item = QTreeWidgetItem([f"{line.name} ({line.level})", str(line.units)])
                    item.setData(0, REF_ROLE, line.reference)
                    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                    ticked = not chosen or line.reference in chosen
                    item.setCheckState(
                        0, Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked
                    )
                    del stack[line.depth :]
                    if stack:
                        stack[-1].addChild(item)
                    else:
                        tree.addTopLevelItem(item)
                    stack.append(item)
            tree.expandToDepth(1)
            tree.resizeColumnToContents(0)
        self._filling = False
        self._read()

    def _changed(self, item: QTreeWidgetItem, column: int) -> None:
        if self._filling or column != 0:
            return
        self._filling = True
        state = item.checkState(0)
        stack = _children(item)
        while stack:  # a command ticked or unticked takes everything under it along
            child = stack.pop()
            child.setCheckState(0, state)
            stack += _children(child)
        if state == Qt.CheckState.Unchecked:  # and the commands above it are no longer whole
            parent = item.parent()
            while parent is not None:
                parent.setCheckState(0, Qt.CheckState.Unchecked)
                parent = parent.parent()
        self._filling = False
        self._read()

    def _read(self) -> None:
        """The draft's commands in play: the highest ticked commands (none: the whole lists)."""
        for side, tree in enumerate(self.trees):
            tops = _tops(tree)
            chosen = highest_ticked(tops)
            whole = all(all_ticked(item) for item in tops)
            self.draft.in_play[side] = [] if whole else chosen
        empty = [
            self.draft.side_name(s)
            for s in (0, 1)
            if self.trees[s].topLevelItemCount() and not self._any_ticked(s)
        ]
        if empty:
            self.status.setText(
                f"<span style='color:{error_color(self)}'>{html.escape(' and '.join(empty))} "
                "has no command in play.</span>"
            )
        elif self.draft.uses_scenario():
            counts = ", ".join(
                f"{self.draft.side_name(s)}: {len(self.draft.in_play[s]) or 'all'}" for s in (0, 1)
            )
            self.status.setText(f"Commands in play — {html.escape(counts)}")
        else:
            self.status.setText("The whole lists are in play.")
        self.completeChanged.emit()

    def _any_ticked(self, side: int) -> bool:
        tree = self.trees[side]
        stack = _tops(tree)
        while stack:
            item = stack.pop()
            if item.checkState(0) == Qt.CheckState.Checked:
                return True
            stack += _children(item)
        return False

    def set_in_play(self, side: int, references: list[str]) -> None:
        """Tick only the commands named by ``references`` on ``side`` (scripts and tests)."""
        tree = self.trees[side]
        self._filling = True
        stack = _tops(tree)
        while stack:
            item = stack.pop()
            item.setCheckState(0, Qt.CheckState.Unchecked)
            stack += _children(item)
        self._filling = False
        stack = _tops(tree)
        while stack:
            item = stack.pop()
            if item.data(0, REF_ROLE) in references:
                item.setCheckState(0, Qt.CheckState.Checked)  # ticks its children too
            stack += _children(item)

    def isComplete(self) -> bool:
        if self.draft.scenario is not None:
            return True
        return all(self._any_ticked(s) or not self.trees[s].topLevelItemCount() for s in (0, 1))

    def choose_save(self) -> None:
        """Ask where to save the commands chosen as a scenario file."""
        start = str(self.draft.lists[0][0].path.parent) if self.draft.lists[0] else QDir.homePath()
        name, _ = QFileDialog.getSaveFileName(self, "Save as scenario", start, "Scenarios (*.yaml)")
        if name:
            self.save(pathlib.Path(name))

    def save(self, path: pathlib.Path) -> pathlib.Path:
        """Write the lists and commands chosen as a scenario file (its problems shown if any)."""
        text = self.draft.drafted_scenario_text()
        path.write_text(text, encoding="utf-8")
        self.status.setText(f"Saved {html.escape(path.name)}")
        return path


def all_ticked(item: QTreeWidgetItem) -> bool:
    """Whether ``item`` and everything under it are ticked."""
    if item.checkState(0) != Qt.CheckState.Checked:
        return False
    return all(all_ticked(c) for c in _children(item))


def highest_ticked(items: list[QTreeWidgetItem]) -> list[str]:
    """The references of the highest commands ticked whole among ``items`` and below."""
    out: list[str] = []
    for item in items:
        if all_ticked(item):
            out.append(str(item.data(0, REF_ROLE)))
        else:
            out += highest_ticked(_children(item))
    return out


def _tops(tree: QTreeWidget) -> list[QTreeWidgetItem]:
    items = (tree.topLevelItem(i) for i in range(tree.topLevelItemCount()))
    return [i for i in items if i is not None]


def _children(item: QTreeWidgetItem) -> list[QTreeWidgetItem]:
    items = (item.child(i) for i in range(item.childCount()))
    return [i for i in items if i is not None]
