"""Page 2 of the new-game wizard: the army lists of each side, shipped or from a file."""

from __future__ import annotations

import html
import pathlib

from PySide6.QtCore import QDir, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QFileDialog, QHeaderView, QTableWidgetItem, QWidget

from eote_ref.packs.registry import DEFAULT_PACK
from eote_ref.referee.new_game_draft import NewGameDraft, nation_title
from eote_ref.referee.pack_lists import pack_title, shipped_lists_of, summarise_any
from eote_ref.referee.setup import ListSummary, SetupService
from eote_ref.referee.stored_lists import stored_list_summaries
from eote_ref.ui.forms.ui_new_game_lists import Ui_NewGameListsPage
from eote_ref.ui.new_game_wizard.base import Page, dim_color, error_color
from eote_ref.yamlio.problems import YamlError, path_text

COL_FIRST, COL_SECOND, COL_NAME, COL_NATION, COL_YEAR, COL_BATTLE, COL_DIVS, COL_UNITS = range(8)
HEADERS = ("", "", "Army list", "Nation", "Year", "Battle", "Divisions", "Units")


class ListsPage(Page):
    """Page 2: tick the army lists of each side; "Add file…" takes any YAML army list."""

    #: Emitted with the file's path when an added file cannot be used.
    file_rejected = Signal(str)

    def __init__(self, setup: SetupService, draft: NewGameDraft, parent: QWidget | None = None):
        super().__init__(setup, draft, parent)
        self.ui = Ui_NewGameListsPage()
        self.ui.setupUi(self)
        self.rows: list[ListSummary] = []
        #: The pack whose lists the table holds (None before the first load).
        self._loaded_pack: str | None = None
        self._loaded = False
        self._updating = False
        table = self.ui.listsTable
        table.setColumnCount(len(HEADERS))
        table.setHorizontalHeaderLabels(list(HEADERS))
        header = table.horizontalHeader()
        header.setHighlightSections(False)
        for col in range(len(HEADERS)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_BATTLE, QHeaderView.ResizeMode.Stretch)
        table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        table.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        table.itemChanged.connect(self._item_changed)
        table.installEventFilter(self)
        self.ui.addFileButton.clicked.connect(self.choose_file)
        self.ui.problemsBox.hide()
        self.ui.problemsText.setMaximumHeight(self.fontMetrics().lineSpacing() * 7)
        self.ui.pageLayout.setStretch(0, 1)
        self.ui.problemsBox.setStyleSheet(f"QGroupBox {{ color: {error_color(self)}; }}")
        from eote_ref.ui.new_game_wizard.scenario_chooser import ScenarioChooser

        self.scenarios = ScenarioChooser(draft, self)
        self.ui.pageLayout.insertWidget(0, self.scenarios)
        self.scenarios.chosen.connect(self._scenario_chosen)
        from eote_ref.ui.new_game_wizard.pack_battle_chooser import PackBattleChooser

        self.battles = PackBattleChooser(draft, self)
        self.ui.pageLayout.insertWidget(1, self.battles)
        self.battles.hide()
        self.battles.chosen.connect(self._battle_chosen)

    def _battle_chosen(self) -> None:
        """A pack's ready battle brings its own lists: shown ticked, not to be changed."""
        for side in (0, 1):
            for summary in self.draft.lists[side]:
                if self._row_of(summary.path) is None:
                    self._add_row(summary)
        chosen = self.draft.pack_battle is not None
        self.ui.listsTable.setEnabled(not chosen)
        self.ui.addFileButton.setEnabled(not chosen)
        self._sync_checks()
        self._update_summaries()
        self.completeChanged.emit()

    def _scenario_chosen(self) -> None:
        """A scenario brings its own lists: they are shown ticked and cannot be changed."""
        self.ensure_loaded()
        for side in (0, 1):
            for summary in self.draft.lists[side]:
                if self._row_of(summary.path) is None:
                    self._add_row(summary)
        scenario = self.draft.scenario is not None or self.draft.pack_battle is not None
        self.ui.listsTable.setEnabled(not scenario)
        self.ui.addFileButton.setEnabled(not scenario)
        self._sync_checks()
        self._update_summaries()
        self.completeChanged.emit()

    # -- loading
    def ensure_loaded(self) -> None:
        """Read the shipped army lists of the draft's pack into the table (again if it changed).

        Only the chosen pack's lists are offered: a file of another pack is refused when added
        (:meth:`add_file`).
        """
        if self._loaded and self._loaded_pack == self.draft.pack:
            return
        if self._loaded:  # another pack was chosen on the first page: start the table again
            self._updating = True
            self.ui.listsTable.setRowCount(0)
            self.rows = []
            self._updating = False
            self._show_problems(None, [])
        self._loaded = True
        self._loaded_pack = self.draft.pack
        default = self.draft.pack == DEFAULT_PACK
        self.scenarios.setVisible(default)  # the default pack's page: every pack's scenarios
        if default:
            self.scenarios.forget_other_pack()
        self.battles.setVisible(not default and self.battles.load(self.draft.pack))
        divisions = HEADERS[COL_DIVS] if default else "Make-up"
        self.ui.listsTable.setHorizontalHeaderItem(COL_DIVS, QTableWidgetItem(divisions))
        for summary in shipped_lists_of(self.draft.pack):
            self._add_row(summary)
        # Lists imported into the database (roster editor), beside the shipped ones.
        for summary in stored_list_summaries(self.setup.db, self.draft.pack):
            if self._row_of(summary.path) is None:
                battle = self.ui.listsTable.item(self._add_row(summary), COL_BATTLE)
                if battle is not None:
                    battle.setText(f"{summary.battle or '—'} (in this database)")
        for side in (0, 1):
            for summary in self.draft.lists[side]:
                row = self._row_of(summary.path)
                if row is None:
                    self._add_row(summary)
        self._sync_checks()
        fixed = self.draft.scenario is not None or self.draft.pack_battle is not None
        self.ui.listsTable.setEnabled(not fixed)
        self.ui.addFileButton.setEnabled(not fixed)
        if self.rows:
            self.ui.listsTable.setCurrentCell(0, COL_FIRST)

    def initializePage(self) -> None:
        self.ensure_loaded()
        self._update_summaries()

    def _row_of(self, path: pathlib.Path) -> int | None:
        target = path.resolve()
        for i, s in enumerate(self.rows):
            if s.path.resolve() == target:
                return i
        return None

    def _add_row(self, summary: ListSummary) -> int:
        table = self.ui.listsTable
        row = table.rowCount()
        self._updating = True
        table.insertRow(row)
        self.rows.append(summary)
        for col in (COL_FIRST, COL_SECOND):
            item = QTableWidgetItem()
            item.setFlags(
                Qt.ItemFlag.ItemIsEnabled
                | Qt.ItemFlag.ItemIsSelectable
                | Qt.ItemFlag.ItemIsUserCheckable
            )
            item.setCheckState(Qt.CheckState.Unchecked)
            side = "first" if col == COL_FIRST else "second"
            item.setToolTip(f"Play {summary.name} on the {side} side")
            table.setItem(row, col, item)
        values: dict[int, str] = {
            COL_NAME: summary.name,
            COL_NATION: nation_title(summary.nation),
            COL_YEAR: str(summary.year),
            COL_BATTLE: summary.battle or "—",
            COL_DIVS: summary.detail or str(summary.divisions),
            COL_UNITS: str(summary.units),
        }
        for col, text in values.items():
            item = QTableWidgetItem(text)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
            item.setToolTip(str(summary.path))
            if col in (COL_YEAR, COL_DIVS, COL_UNITS):
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(row, col, item)
        self._updating = False
        return row

    # -- choosing
    def side_of(self, row: int) -> int | None:
        """Which side row ``row``'s list is on (0, 1) or None."""
        summary = self.rows[row]
        for side in (0, 1):
            if any(s.path == summary.path for s in self.draft.lists[side]):
                return side
        return None

    def set_side(self, row: int, side: int | None) -> None:
        """Put row ``row``'s list on ``side`` (None: on neither); a list plays on one side only."""
        summary = self.rows[row]
        for lists in self.draft.lists:
            lists[:] = [s for s in lists if s.path != summary.path]
        if side is not None:
            self.draft.lists[side].append(summary)
        self._sync_checks()
        self._update_summaries()
        self.completeChanged.emit()

    def toggle(self, row: int, side: int) -> None:
        """Tick or untick row ``row`` for ``side``."""
        self.set_side(row, None if self.side_of(row) == side else side)

    def tick(self, path_or_name: str | pathlib.Path, side: int) -> None:
        """Put a list on ``side``: a shipped list's file name, or any file's path (added first)."""
        self.ensure_loaded()
        row = next((i for i, s in enumerate(self.rows) if s.path.name == str(path_or_name)), None)
        if row is None:
            row = self.add_file(pathlib.Path(path_or_name))
        if row is None:
            raise ValueError(f"cannot use army list {path_or_name}")
        self.set_side(row, side)

    def _sync_checks(self) -> None:
        self._updating = True
        table = self.ui.listsTable
        for row in range(len(self.rows)):
            side = self.side_of(row)
            for col, s in ((COL_FIRST, 0), (COL_SECOND, 1)):
                item = table.item(row, col)
                assert item is not None
                state = Qt.CheckState.Checked if side == s else Qt.CheckState.Unchecked
                if item.checkState() != state:
                    item.setCheckState(state)
        self._updating = False

    def _item_changed(self, item: QTableWidgetItem) -> None:
        if self._updating or item.column() not in (COL_FIRST, COL_SECOND):
            return
        side = 0 if item.column() == COL_FIRST else 1
        checked = item.checkState() == Qt.CheckState.Checked
        if checked:
            self.set_side(item.row(), side)
        elif self.side_of(item.row()) == side:
            self.set_side(item.row(), None)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.ui.listsTable and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            keys = {Qt.Key.Key_1: 0, Qt.Key.Key_2: 1}
            side = keys.get(Qt.Key(event.key()))
            row = self.ui.listsTable.currentRow()
            if side is not None and 0 <= row < len(self.rows):
                self.toggle(row, side)
                return True
        return super().eventFilter(watched, event)

    # -- adding files
    def choose_file(self) -> None:
        """Ask for an army-list file and add it."""
        start = str(self.rows[-1].path.parent) if self.rows else QDir.homePath()
        name, _ = QFileDialog.getOpenFileName(
            self, "Add an army list", start, "Army lists (*.yaml *.yml);;All files (*)"
        )
        if name:
            self.add_file(pathlib.Path(name))

    def add_file(self, path: pathlib.Path) -> int | None:
        """Add an army-list file to the table and return its row; None (problems shown) if bad.

        A side without a list yet gets the new list ticked.
        """
        existing = self._row_of(path)
        if existing is not None:
            self._show_problems(None, [])
            self.ui.listsTable.setCurrentCell(existing, COL_NAME)
            return existing
        try:
            summary = summarise_any(path)
        except YamlError as exc:
            lines = [self._problem_line(p) for p in exc.problems] or [str(exc)]
            self._show_problems(path, lines)
            return None
        except (ValueError, OSError, UnicodeDecodeError) as exc:
            self._show_problems(path, [str(exc) or type(exc).__name__])
            return None
        if summary.pack != self.draft.pack:
            self._show_problems(
                path,
                [
                    f"a list for {pack_title(summary.pack)}, and this game is played under "
                    f"{pack_title(self.draft.pack)}: choose that ruleset on the first page "
                    "to use it"
                ],
            )
            return None
        self._show_problems(None, [])
        row = self._add_row(summary)
        self.ui.listsTable.setCurrentCell(row, COL_NAME)
        empty = [side for side in (0, 1) if not self.draft.lists[side]]
        if empty:
            self.set_side(row, empty[0])
        return row

    @staticmethod
    def _problem_line(problem: object) -> str:
        mark = getattr(problem, "mark", None)
        where = f"line {mark.line}, column {mark.column}" if mark else "(no position)"
        severity = getattr(problem, "severity", "error")
        key = path_text(getattr(problem, "path", ()))
        message = getattr(problem, "message", str(problem))
        return f"{where}: {severity}: {key + ': ' if key else ''}{message}"

    def _show_problems(self, path: pathlib.Path | None, lines: list[str]) -> None:
        box = self.ui.problemsBox
        if path is None:
            box.hide()
            self.ui.problemsText.clear()
            return
        count = sum(1 for line in lines if ": warning:" not in line) or len(lines)
        noun = "problem" if count == 1 else "problems"
        box.setTitle(f"{path.name} cannot be used: {count} {noun}")
        self.ui.problemsText.setPlainText("\n".join(lines))
        self.ui.problemsText.setToolTip(str(path))
        box.show()
        self.file_rejected.emit(str(path))

    def problems(self) -> str:
        """The problems shown for the last file that could not be added ("" when none)."""
        return self.ui.problemsText.toPlainText() if self.ui.problemsBox.isVisibleTo(self) else ""

    # -- summaries and completeness
    def _update_summaries(self) -> None:
        table = self.ui.listsTable
        for side, col in ((0, COL_FIRST), (1, COL_SECOND)):
            name = self.draft.side_name(side)
            short = name if len(name) <= 18 else name[:17] + "…"
            header = QTableWidgetItem(f"{side + 1}: {short}")
            header.setToolTip(f"Tick the lists of {name}, or press {side + 1} on a row")
            table.setHorizontalHeaderItem(col, header)
        bad = error_color(self)
        dim = dim_color(self)
        for side, label in ((0, self.ui.firstSummary), (1, self.ui.secondSummary)):
            name = html.escape(self.draft.side_name(side))
            lists = self.draft.lists[side]
            if not lists:
                label.setText(
                    f"<b>{name}</b><br><span style='color:{bad}'>needs at least one army "
                    f"list — press {side + 1} on a row</span>"
                )
                continue
            divisions = sum(s.divisions for s in lists)
            units = sum(s.units for s in lists)
            items = "<br>".join(html.escape(s.name) for s in lists)
            make_up = (
                "; ".join(s.detail for s in lists)
                if any(s.detail for s in lists)
                else f"{divisions} divisions and brigades, {units} units"
            )
            label.setText(
                f"<b>{name}</b><br>{items}<br><span style='color:{dim}'>"
                f"{html.escape(make_up)}</span>"
            )

    def isComplete(self) -> bool:
        return all(self.draft.lists[side] for side in (0, 1))

    def validatePage(self) -> bool:
        # Next is disabled while a side has no list; this also stops QWizard.next() from code
        return self.isComplete()
