"""The new-game wizard: name the battle, choose army lists, scale and options, initiative, start."""

from __future__ import annotations

import functools
import html
import pathlib
from collections.abc import Iterable
from dataclasses import dataclass, field

from PySide6.QtCore import QDir, QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QPalette, QWheelEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QGridLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QRadioButton,
    QTableWidgetItem,
    QWidget,
    QWizard,
    QWizardPage,
)

from eote_ref.referee.setup import (
    FIGURE_SCALES,
    ListSummary,
    NewGame,
    OptionInfo,
    SetupService,
)
from eote_ref.referee.stored_lists import stored_list_summaries
from eote_ref.ui.forms.ui_new_game_initiative import Ui_NewGameInitiativePage
from eote_ref.ui.forms.ui_new_game_lists import Ui_NewGameListsPage
from eote_ref.ui.forms.ui_new_game_names import Ui_NewGameNamesPage
from eote_ref.ui.forms.ui_new_game_options import Ui_NewGameOptionsPage
from eote_ref.ui.forms.ui_new_game_summary import Ui_NewGameSummaryPage
from eote_ref.yamlio.problems import YamlError, path_text

OptionValue = str | int | bool

#: ``NewGameDraft.initiative`` value: roll for it when the game is created (EotE 4.0).
ROLL = "roll"

#: The arms the wizard sets a starting formation for (engineers keep their lists' own).
FORMATION_ARMS = ("infantry", "cavalry", "artillery")

#: What each side is called before it has a name or an army list.
SIDE_PLACEHOLDERS = ("First side", "Second side")


def nation_title(nation: str) -> str:
    """A nation key as people write it: ``dutch-belgian`` → ``Dutch-Belgian``."""
    return "-".join(part.capitalize() for part in nation.split("-"))


def option_title(name: str) -> str:
    """An option's key as a heading: ``morale_hit_threshold`` → ``Morale hit threshold``."""
    words = name.split("_")
    text = " ".join(ACRONYMS.get(w, w) for w in words)
    return text[0].upper() + text[1:]


#: Abbreviations the rules write in capitals (divisional integrity, combat effectiveness).
ACRONYMS = {"di": "DI", "ce": "CE", "tcr": "TCR"}


def choice_text(value: OptionValue) -> str:
    """An option value as the umpire reads it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")


def _inches(value: float) -> str:
    return f"{value:g}\u2033"


@dataclass
class NewGameDraft:
    """What the new-game pages fill in, turned into a :class:`NewGame` on Finish.

    Empty names are filled from the army lists: a side is called after its lists' nations,
    the game after the battle they share (or "A against B").
    """

    name: str = ""
    side_names: list[str] = field(default_factory=lambda: ["", ""])
    lists: list[list[ListSummary]] = field(default_factory=lambda: [[], []])
    figure_scale: str = "15mm"
    #: Only the options set away from their defaults.
    options: dict[str, OptionValue] = field(default_factory=dict)
    #: A side's index (0 or 1), :data:`ROLL`, or None to decide at the table.
    initiative: int | str | None = ROLL
    #: Per side, the starting formation of each arm chosen here ("" for none); arms left
    #: out keep their lists' defaults.
    formations: list[dict[str, str]] = field(default_factory=lambda: [{}, {}])

    def formation(self, side: int, arm: str) -> str:
        """The formation ``arm`` of side ``side`` starts in ("" for none)."""
        if arm in self.formations[side]:
            return self.formations[side][arm]
        return SetupService.list_formations(self.lists[side]).get(arm, "")

    def automatic_side_name(self, side: int) -> str:
        """A side's name when none is typed: its lists' nations, e.g. ``British & Prussian``."""
        nations: list[str] = []
        for summary in self.lists[side]:
            title = nation_title(summary.nation)
            if title not in nations:
                nations.append(title)
        return " & ".join(nations) if nations else SIDE_PLACEHOLDERS[side]

    def side_name(self, side: int) -> str:
        """The name side ``side`` will have (typed, else automatic; never equal to the other)."""
        names = [self.side_names[i].strip() or self.automatic_side_name(i) for i in (0, 1)]
        if names[0].casefold() == names[1].casefold():
            return f"{names[side]} ({side + 1})"
        return names[side]

    def automatic_name(self) -> str:
        """The game's name when none is typed: the battle all lists share, else "A against B"."""
        battles = {s.battle for side in self.lists for s in side}
        if len(battles) == 1 and None not in battles and self.lists[0] and self.lists[1]:
            return str(next(iter(battles)))
        return f"{self.side_name(0)} against {self.side_name(1)}"

    def game_name(self) -> str:
        """The game's name (typed, else automatic)."""
        return self.name.strip() or self.automatic_name()

    def initiative_text(self) -> str:
        """The initiative choice in words."""
        if self.initiative == ROLL:
            return "rolled for when the game is created (d10 each, EotE 4.0)"
        if isinstance(self.initiative, int):
            return f"{self.side_name(self.initiative)} starts"
        return "decided at the table"

    def to_new_game(self) -> NewGame:
        """The set-up the referee's :class:`SetupService` creates."""
        initiative: str | None
        if isinstance(self.initiative, int):
            initiative = self.side_name(self.initiative)
        else:
            initiative = self.initiative
        return NewGame(
            name=self.game_name(),
            sides={self.side_name(i): [s.path for s in self.lists[i]] for i in (0, 1)},
            figure_scale=self.figure_scale,
            options=dict(self.options),
            initiative=initiative,
            formations={self.side_name(i): dict(self.formations[i]) for i in (0, 1)},
        )


def _error_color(widget: QWidget) -> str:
    dark = widget.palette().color(QPalette.ColorRole.Window).lightness() < 128
    return "#ff7b6e" if dark else "#b03a2e"


def _dim_color(widget: QWidget) -> str:
    return widget.palette().color(QPalette.ColorRole.PlaceholderText).name()


class _Page(QWizardPage):
    """A page with the setup service and the shared draft."""

    def __init__(self, setup: SetupService, draft: NewGameDraft, parent: QWidget | None = None):
        super().__init__(parent)
        self.setup = setup
        self.draft = draft


# ---------------------------------------------------------------------------- 1. names
class NamesPage(_Page):
    """Page 1: the game's and the sides' names (empty boxes take names from the lists)."""

    def __init__(self, setup: SetupService, draft: NewGameDraft, parent: QWidget | None = None):
        super().__init__(setup, draft, parent)
        self.ui = Ui_NewGameNamesPage()
        self.ui.setupUi(self)
        self.ui.gameName.textChanged.connect(self._changed)
        self.ui.firstSide.textChanged.connect(self._changed)
        self.ui.secondSide.textChanged.connect(self._changed)
        self.ui.problem.setStyleSheet(f"color: {_error_color(self)}")

    def initializePage(self) -> None:
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


# ---------------------------------------------------------------------------- 2. army lists
COL_FIRST, COL_SECOND, COL_NAME, COL_NATION, COL_YEAR, COL_BATTLE, COL_DIVS, COL_UNITS = range(8)
HEADERS = ("", "", "Army list", "Nation", "Year", "Battle", "Divisions", "Units")


class ListsPage(_Page):
    """Page 2: tick the army lists of each side; "Add file…" takes any YAML army list."""

    #: Emitted with the file's path when an added file cannot be used.
    file_rejected = Signal(str)

    def __init__(self, setup: SetupService, draft: NewGameDraft, parent: QWidget | None = None):
        super().__init__(setup, draft, parent)
        self.ui = Ui_NewGameListsPage()
        self.ui.setupUi(self)
        self.rows: list[ListSummary] = []
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
        self.ui.problemsBox.setStyleSheet(f"QGroupBox {{ color: {_error_color(self)}; }}")

    # -- loading
    def ensure_loaded(self) -> None:
        """Read the shipped army lists into the table (once)."""
        if self._loaded:
            return
        self._loaded = True
        for summary in self.setup.shipped_lists():
            self._add_row(summary)
        # Lists imported into the database (roster editor), beside the shipped ones.
        for summary in stored_list_summaries(self.setup.db):
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
            COL_DIVS: str(summary.divisions),
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
            summary = self.setup.summarise(path)
        except YamlError as exc:
            lines = [self._problem_line(p) for p in exc.problems] or [str(exc)]
            self._show_problems(path, lines)
            return None
        except (ValueError, OSError, UnicodeDecodeError) as exc:
            self._show_problems(path, [str(exc) or type(exc).__name__])
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
        bad = _error_color(self)
        dim = _dim_color(self)
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
            label.setText(
                f"<b>{name}</b><br>{items}<br><span style='color:{dim}'>"
                f"{divisions} divisions and brigades, {units} units</span>"
            )

    def isComplete(self) -> bool:
        return all(self.draft.lists[side] for side in (0, 1))

    def validatePage(self) -> bool:
        # Next is disabled while a side has no list; this also stops QWizard.next() from code
        return self.isComplete()


# ---------------------------------------------------------------------------- 3. scale, options
class _OptionCombo(QComboBox):
    """A combo box that leaves the mouse wheel to the scroll area unless it has focus."""

    def wheelEvent(self, event: QWheelEvent) -> None:
        if self.hasFocus():
            super().wheelEvent(event)
        else:
            event.ignore()


@dataclass
class _OptionRow:
    info: OptionInfo
    title: QLabel
    combo: QComboBox


class OptionsPage(_Page):
    """Page 3: figure scale (with what it does to distances) and the ruleset options."""

    def __init__(self, setup: SetupService, draft: NewGameDraft, parent: QWidget | None = None):
        super().__init__(setup, draft, parent)
        self.ui = Ui_NewGameOptionsPage()
        self.ui.setupUi(self)
        self.scale_buttons = {
            "6mm": self.ui.scale6,
            "15mm": self.ui.scale15,
            "25mm": self.ui.scale25,
        }
        assert set(self.scale_buttons) == set(FIGURE_SCALES)
        for scale, button in self.scale_buttons.items():
            button.toggled.connect(functools.partial(self._scale_toggled, scale))
        self.option_rows: dict[str, _OptionRow] = {}
        self._build_options()
        self.ui.restoreDefaults.clicked.connect(self.restore_defaults)
        self._provisional_note()

    def _build_options(self) -> None:
        grid = self.ui.optionsGrid
        dim = _dim_color(self)
        previous: QWidget | None = None
        for i, info in enumerate(self.setup.options()):
            title = QLabel(f"<b>{html.escape(option_title(info.name))}</b>")
            combo = _OptionCombo()
            combo.setObjectName(f"option_{info.name}")
            combo.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            for choice in info.choices:
                suffix = " (default)" if choice == info.default else ""
                combo.addItem(choice_text(choice) + suffix)
            combo.setCurrentIndex(self._choice_index(info, info.default))
            combo.setToolTip(info.explanation)
            title.setBuddy(combo)
            rule = QLabel(f"EotE {html.escape(info.rule)}")
            rule.setStyleSheet(f"color: {dim}")
            rule.setToolTip("The rules sections in conflict")
            text = info.explanation
            for choice in info.choices:  # the choices as the combo box shows them
                if isinstance(choice, str) and "_" in choice:
                    text = text.replace(choice, choice_text(choice))
            explanation = QLabel(text)
            explanation.setTextFormat(Qt.TextFormat.PlainText)
            explanation.setWordWrap(True)
            explanation.setStyleSheet(f"color: {dim}")
            explanation.setContentsMargins(0, 0, 0, 10)
            grid.addWidget(title, 2 * i, 0)
            grid.addWidget(rule, 2 * i, 1)
            grid.addWidget(combo, 2 * i, 2)
            grid.addWidget(explanation, 2 * i + 1, 0, 1, 3)
            combo.currentIndexChanged.connect(lambda _i, n=info.name: self._option_chosen(n))
            if previous is not None:
                QWidget.setTabOrder(previous, combo)
            previous = combo
            self.option_rows[info.name] = _OptionRow(info, title, combo)
        grid.setColumnStretch(0, 1)
        if previous is not None:
            QWidget.setTabOrder(previous, self.ui.restoreDefaults)

    @staticmethod
    def _choice_index(info: OptionInfo, value: OptionValue) -> int:
        for i, choice in enumerate(info.choices):
            if choice == value and type(choice) is type(value):
                return i
        return info.choices.index(info.default)

    def _provisional_note(self) -> None:
        values = self.setup.provisional_values()
        if not values:
            self.ui.provisionalNote.hide()
            return

        def key(rule: str) -> tuple[int, ...]:
            return tuple(int(p) if p.isdigit() else 0 for p in rule.split("."))

        sections = sorted({v.rule for v in values}, key=key)
        self.ui.provisionalNote.setText(
            f"<b>Provisional values in use.</b> The rules text lost {len(values)} chart values "
            f"(sections {html.escape(', '.join(sections))}); eote-ref fills them with its own "
            "defaults and marks every result that uses one."
        )
        self.ui.provisionalNote.setToolTip(
            "\n".join(f"EotE {v.rule}: {v.what}" for v in values[:40])
        )

    def initializePage(self) -> None:
        self.scale_buttons[self.draft.figure_scale].setChecked(True)
        for name, row in self.option_rows.items():
            value = self.draft.options.get(name, row.info.default)
            row.combo.setCurrentIndex(self._choice_index(row.info, value))
        self._scale_effect()

    def _scale_toggled(self, scale: str, on: bool) -> None:
        if on:
            self.draft.figure_scale = scale
            self._scale_effect()

    def _option_chosen(self, name: str) -> None:
        row = self.option_rows[name]
        value = row.info.choices[row.combo.currentIndex()]
        if value == row.info.default and type(value) is type(row.info.default):
            self.draft.options.pop(name, None)
            row.title.setText(f"<b>{html.escape(option_title(name))}</b>")
        else:
            self.draft.options[name] = value
            row.title.setText(f"<b>{html.escape(option_title(name))}</b> \u2022 changed")
        if name == "scale_adjusts":
            self._scale_effect()

    def restore_defaults(self) -> None:
        """Set every option back to its default."""
        for row in self.option_rows.values():
            row.combo.setCurrentIndex(self._choice_index(row.info, row.info.default))

    def _scale_effect(self) -> None:
        scale = self.draft.figure_scale
        distances = self.setup.distances_at_scale(scale, self.draft.options)
        changed = any(d.scaled != d.listed for d in distances)
        if scale == "15mm":
            lead = "Distances are played as the rules list them."
        elif not changed:
            lead = (
                f"Option <i>scale adjusts</i> is <i>none</i>: {scale} figures play every "
                "distance as listed."
            )
        else:
            sign = "shorter" if scale == "6mm" else "longer"
            lead = (
                f"Every distance is 2\u2033 {sign} than listed (never under 1\u2033), "
                "pinning and command radius included (introduction)."
            )
        dim = _dim_color(self)
        rows = "".join(
            f"<tr><td>{html.escape(d.label)}</td>"
            f"<td style='color:{dim}' align='right'>&nbsp;&nbsp;EotE {html.escape(d.rule)}</td>"
            f"<td align='right'>&nbsp;&nbsp;{_inches(d.listed)}</td>"
            f"<td align='right'>&nbsp;&nbsp;<b>{_inches(d.scaled)}</b></td></tr>"
            for d in distances
        )
        head = (
            f"<tr><th></th><th></th><th align='right' style='color:{dim}'>&nbsp;&nbsp;listed</th>"
            f"<th align='right' style='color:{dim}'>&nbsp;&nbsp;at {scale}</th></tr>"
        )
        self.ui.scaleEffect.setText(f"{lead}<table cellspacing='1'>{head}{rows}</table>")


# ---------------------------------------------------------------------------- 4. initiative
class InitiativePage(_Page):
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
        dim = _dim_color(self)
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
                combo = _OptionCombo()
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
        hint.setStyleSheet(f"color: {_dim_color(self)}")
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


# ---------------------------------------------------------------------------- 5. summary
class SummaryPage(_Page):
    """Page 5: everything chosen; Finish creates the game through the setup service."""

    def __init__(self, setup: SetupService, draft: NewGameDraft, parent: QWidget | None = None):
        super().__init__(setup, draft, parent)
        self.ui = Ui_NewGameSummaryPage()
        self.ui.setupUi(self)
        self.ui.errorLabel.hide()
        self.ui.errorLabel.setStyleSheet(f"color: {_error_color(self)}")
        self.game_id: int | None = None

    def initializePage(self) -> None:
        missing = self.missing_lists()
        self.ui.errorLabel.setText(missing)
        self.ui.errorLabel.setVisible(bool(missing))
        self.ui.summaryText.setHtml(self.summary_html())

    def summary_html(self) -> str:
        """The set-up as an HTML page."""
        d = self.draft
        dim = _dim_color(self)
        e = html.escape
        parts = [f"<h2 style='margin-bottom:4px'>{e(d.game_name())}</h2>"]
        parts.append("<table cellspacing='0' cellpadding='3' width='100%'><tr>")
        for side in (0, 1):
            lists = d.lists[side]
            rows = "".join(
                f"<li>{e(s.name)} <span style='color:{dim}'>({e(nation_title(s.nation))}, "
                f"{s.year}; {s.divisions} divisions, {s.units} units)</span></li>"
                for s in lists
            )
            parts.append(
                f"<td width='50%' valign='top'><b>{e(d.side_name(side))}</b>"
                f"<ul style='margin-top:2px'>{rows}</ul></td>"
            )
        parts.append("</tr></table>")
        scale_note = {
            "6mm": "distances 2\u2033 shorter",
            "15mm": "distances as listed",
            "25mm": "distances 2\u2033 longer",
        }[d.figure_scale]
        if d.options.get("scale_adjusts") == "none":
            scale_note = "distances as listed (scale adjusts: none)"
        parts.append(f"<p><b>Figure scale:</b> {e(d.figure_scale)} — {e(scale_note)}</p>")
        infos = {o.name: o for o in self.setup.options()}
        if d.options:
            items = "".join(
                f"<li>{e(option_title(name))}: <b>{e(choice_text(value))}</b> "
                f"<span style='color:{dim}'>(default {e(choice_text(infos[name].default))}; "
                f"EotE {e(infos[name].rule)})</span></li>"
                for name, value in d.options.items()
            )
            parts.append(
                f"<p><b>Rules options:</b> {len(d.options)} changed, the rest as default.</p>"
                f"<ul style='margin-top:0'>{items}</ul>"
            )
        else:
            parts.append(f"<p><b>Rules options:</b> all {len(infos)} at their defaults.</p>")
        parts.append(f"<p><b>Initiative:</b> {e(d.initiative_text())}</p>")
        starts = "; ".join(
            f"{e(d.side_name(side))}: "
            + ", ".join(
                f"{arm} {e((d.formation(side, arm) or 'none').replace('_', ' '))}"
                for arm in FORMATION_ARMS
            )
            for side in (0, 1)
        )
        parts.append(f"<p><b>Starting formations:</b> {starts}</p>")
        return "".join(parts)

    def missing_lists(self) -> str:
        """Why the game cannot start yet: the sides with no army list ("" when both have one)."""
        empty = [self.draft.side_name(side) for side in (0, 1) if not self.draft.lists[side]]
        if not empty:
            return ""
        return (
            f"{' and '.join(empty)} {'has' if len(empty) == 1 else 'have'} no army list: go "
            "back to the army lists page and tick at least one list for each side."
        )

    def validatePage(self) -> bool:
        missing = self.missing_lists()
        if missing:
            self.ui.errorLabel.setText(missing)
            self.ui.errorLabel.show()
            return False
        try:
            self.game_id = self.setup.create(self.draft.to_new_game())
        except Exception as exc:  # every failure is shown; the service creates all or nothing
            self.ui.errorLabel.setText(f"The game could not be created: {exc}")
            self.ui.errorLabel.show()
            return False
        return True


# ---------------------------------------------------------------------------- the wizard
class NewGameWizard(QWizard):
    """Start a new game: names, army lists, figure scale and options, initiative, summary.

    After ``exec()`` returns ``QDialog.Accepted`` the new game's id is in :attr:`game_id`.

    The pages fill one :class:`NewGameDraft` (``wizard.draft``). Every page but the army
    lists is complete with its defaults, so a script (screenshots, tests) can walk them::

        wizard = NewGameWizard(SetupService(db))
        wizard.select_lists(["waterloo-1815-french.yaml"], ["waterloo-1815-anglo-allied.yaml"])
        wizard.show()  # or wizard.restart()
        for n, _ in enumerate(wizard.page_ids(), 1):
            wizard.grab().save(f"new-game-{n}.png")
            wizard.next()

    Args:
        setup: the referee's set-up service (lists, options, creation).
        parent: the parent widget.
        draft: a draft to start from (a fresh one by default).
    """

    PAGES: tuple[type[_Page], ...] = (
        NamesPage,
        ListsPage,
        OptionsPage,
        InitiativePage,
        SummaryPage,
    )

    def __init__(
        self,
        setup: SetupService,
        parent: QWidget | None = None,
        draft: NewGameDraft | None = None,
    ) -> None:
        super().__init__(parent)
        self.setup = setup
        self.draft = draft or NewGameDraft()
        self.game_id: int | None = None
        self.setObjectName("NewGameWizard")
        self.setWindowTitle("New game")
        self.setWizardStyle(QWizard.WizardStyle.ModernStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setOption(QWizard.WizardOption.HaveHelpButton, False)
        self.setButtonText(QWizard.WizardButton.FinishButton, "&Start the game")
        self.pages: list[_Page] = []
        for cls in self.PAGES:
            page = cls(setup, self.draft)
            self.pages.append(page)
            self.addPage(page)
        self.setMinimumSize(720, 540)
        self.resize(900, 640)

    @property
    def lists_page(self) -> ListsPage:
        """The army-list page (for "Add file…" and ticking lists from scripts)."""
        page = self.pages[self.PAGES.index(ListsPage)]
        assert isinstance(page, ListsPage)
        return page

    def page_ids(self) -> list[int]:
        """The ids of the pages in order (one screenshot each)."""
        return list(self.pageIds())

    def select_lists(
        self,
        first: Iterable[str | pathlib.Path],
        second: Iterable[str | pathlib.Path],
    ) -> None:
        """Put army lists on each side: shipped lists by file name, other files by path."""
        for side, lists in ((0, first), (1, second)):
            for item in lists:
                self.lists_page.tick(item, side)

    def accept(self) -> None:
        """Finish: the summary page has created the game (or refused to close, showing why)."""
        super().accept()  # validates the summary page, which creates the game
        summary = self.pages[-1]
        assert isinstance(summary, SummaryPage)
        self.game_id = summary.game_id
