"""The roster editor: build and check army lists (the order of battle) and save them as YAML.

:class:`RosterEditorWindow` shows the order of battle as a tree (army → wing/corps →
division/brigade → units) beside a form for the selected item. Every edit is one undoable step
on a :class:`QUndoStack`; the list is checked with the army-list loader's own rules while the
user types, and an invalid list is never saved. Files and the database are reached only
through the :class:`~eote_ref.referee.roster_service.RosterService` handed in.
"""

from __future__ import annotations

import dataclasses
import enum
import pathlib
import re
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import (
    QModelIndex,
    QSignalBlocker,
    QStringListModel,
    Qt,
    QTimer,
    QUrl,
    Signal,
)
from PySide6.QtGui import (
    QCloseEvent,
    QColor,
    QDesktopServices,
    QGuiApplication,
    QIcon,
    QKeySequence,
    QPainter,
    QPalette,
    QPixmap,
    QUndoCommand,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QCompleter,
    QDialog,
    QFileDialog,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
    QSpinBox,
    QStyle,
    QTreeWidgetItem,
    QWidget,
)

from eote_ref.armylists.model import (
    KNOWN_NATIONS,
    TYPES_BY_ARM,
    ArmyList,
    Command,
    Leader,
    Skirmish,
    Unit,
    UnitType,
)
from eote_ref.referee.roster_service import (
    ArmyListError,
    DuplicateListError,
    RosterService,
    RosterServiceError,
    StoredList,
)
from eote_ref.rules.command import Level
from eote_ref.rules.units import Arm, Weight
from eote_ref.ui.forms.ui_roster_editor import Ui_RosterEditorWindow
from eote_ref.ui.forms.ui_roster_problems import Ui_RosterProblemsDialog
from eote_ref.ui.printing import RosterEditorPrinting
from eote_ref.ui.roster_model import (
    InsertCommand,
    Kind,
    MoveCommand,
    Node,
    NodeProblem,
    RemoveCommand,
    RosterFilterModel,
    RosterTreeModel,
    SetValueCommand,
    allowed_levels,
    build_tree,
    can_hold,
    child_level,
    locate,
    new_army_list,
    to_army_list,
    unique_name,
)
from eote_ref.yamlio.problems import Path as KeyPath
from eote_ref.yamlio.problems import Problem, path_text

APP_TITLE = "eote-ref roster editor"

#: How long the editor waits after the last keystroke before checking the list again (ms).
VALIDATE_DELAY_MS = 150

_STYLE = {
    "error": "border: 2px solid #c62828; background: #fff1f0;",
    "warning": "border: 2px solid #e0a100; background: #fffaeb;",
}


_TINT = {"error": "#ffe3e0", "warning": "#fff4d6"}


def _mark_widget(widget: QWidget, severity: str | None) -> None:
    """Highlight a form widget with a problem: a coloured frame, or a tint for spin/combo boxes.

    Spin and combo boxes keep their native look (a style sheet would drop their arrows), so
    they get a tinted palette instead.
    """
    if isinstance(widget, QLineEdit | QPlainTextEdit):
        name = type(widget).__name__
        widget.setStyleSheet(f"{name} {{ {_STYLE[severity]} }}" if severity else "")
        return
    palette = QPalette()
    if severity:
        palette = QPalette(widget.palette())
        for role in (QPalette.ColorRole.Base, QPalette.ColorRole.Button):
            palette.setColor(role, QColor(_TINT[severity]))
    widget.setPalette(palette)


def _crumbs(node: Node) -> str:
    names = [n.name.strip() or f"({n.kind.value})" for n in reversed([node, *node.ancestors()])]
    return " › ".join(names)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _plus_icon(colour: str, *, round_: bool) -> QIcon:
    pixmap = QPixmap(32, 32)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(colour))
    if round_:
        painter.drawEllipse(3, 3, 26, 26)
    else:
        painter.drawRoundedRect(3, 3, 26, 26, 6, 6)
    painter.setBrush(QColor("white"))
    painter.drawRect(14, 8, 4, 16)
    painter.drawRect(8, 14, 16, 4)
    painter.end()
    return QIcon(pixmap)


_Binder = Callable[[Any], tuple[Callable[[], Any], Callable[[Any], None]]]


def _copy_icon() -> QIcon:
    pixmap = QPixmap(32, 32)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QColor("#4a4f57"))
    painter.setBrush(QColor("#dfe3e8"))
    painter.drawRoundedRect(4, 4, 17, 17, 3, 3)
    painter.setBrush(QColor("#ffffff"))
    painter.drawRoundedRect(11, 11, 17, 17, 3, 3)
    painter.end()
    return QIcon(pixmap)


@dataclasses.dataclass
class _Field:
    """One form widget bound to a value of the selected node."""

    key: KeyPath
    label: str
    widget: QWidget
    read: Callable[[], Any]
    write: Callable[[Any], None]
    get: Callable[[Node], Any]
    put: Callable[[Node, Any], Any]
    tooltip: str = ""


# ----------------------------------------------------------------------------- problems dialog


class ProblemsDialog(QDialog):
    """Every problem of an army-list file that did not open, each with its line and column.

    Nothing in the editor changes while it is shown; the user fixes the file (the "Open in Text
    Editor" button opens it) and presses Retry, which emits :attr:`retryRequested`.
    """

    retryRequested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ui = Ui_RosterProblemsDialog()
        self.ui.setupUi(self)
        self.setMinimumSize(560, 280)
        self.path: pathlib.Path | None = None
        self.problems: list[Problem] = []
        self.ui.retryButton.clicked.connect(lambda: self.retryRequested.emit(self.path))
        self.ui.closeButton.clicked.connect(self.reject)
        self.ui.copyButton.clicked.connect(self.copy_to_clipboard)
        self.ui.openTextButton.clicked.connect(self.open_in_text_editor)
        header = self.ui.problemsTree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)

    def show_problems(self, path: pathlib.Path, problems: Sequence[Problem]) -> None:
        """Fill the list with ``problems`` of ``path``."""
        self.path = path
        self.problems = list(problems)
        errors = sum(1 for p in problems if p.severity == "error")
        warnings = len(problems) - errors
        what = _count(errors, "error")
        if warnings:
            what += f" and {_count(warnings, 'warning')}"
        self.setWindowTitle(f"Problems in {path.name}")
        self.ui.headerLabel.setText(
            f"<b>{_html(path.name)}</b> was not opened: it has {what}. Each is listed with its "
            "line and column. Fix the file and press <b>Retry</b>; nothing in the editor has "
            "changed."
        )
        tree = self.ui.problemsTree
        tree.clear()
        style = self.style()
        for p in problems:
            where = f"{p.mark.line}:{p.mark.column}" if p.mark else "?"
            item = QTreeWidgetItem([where, p.severity, path_text(p.path), p.message])
            item.setToolTip(3, p.message)
            icon = (
                QStyle.StandardPixmap.SP_MessageBoxCritical
                if p.severity == "error"
                else QStyle.StandardPixmap.SP_MessageBoxWarning
            )
            item.setIcon(1, style.standardIcon(icon))
            tree.addTopLevelItem(item)
        first = tree.topLevelItem(0)
        if first is not None:
            tree.setCurrentItem(first)

    def lines(self) -> list[str]:
        """The problems as ``line:column: key: message`` text, in file order."""
        out = []
        for p in self.problems:
            where = f"{p.mark.line}:{p.mark.column}" if p.mark else "?"
            out.append(f"{where}: {p.severity}: {path_text(p.path)}: {p.message}")
        return out

    def copy_to_clipboard(self) -> None:
        """Copy every problem as ``file:line:column: severity: key: message``."""
        QGuiApplication.clipboard().setText("\n".join(str(p) for p in self.problems))

    def open_in_text_editor(self) -> None:
        """Open the file in the desktop's editor for YAML/text files."""
        if self.path is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.path)))


# ----------------------------------------------------------------------------- the window


class RosterEditorWindow(QMainWindow):
    """The roster editor window.

    Args:
        rosters: the service for files and the database.
        parent: the parent widget, if any.

    Scripts (e.g. the screenshots) call :meth:`open_file` and :meth:`select_first_division`.
    """

    def __init__(self, rosters: RosterService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # The stack first: children are deleted in creation order, and the stack's last
        # signals (it clears itself when deleted) must still find the actions alive.
        self.undo_stack = QUndoStack(self)
        self.ui = Ui_RosterEditorWindow()
        self.ui.setupUi(self)
        # An explicit minimum: the layout's own would change after the window is shown
        # (pages and the problem label come and go), which some platforms warn about.
        self.setMinimumSize(800, 520)
        self.rosters = rosters
        self.path: pathlib.Path | None = None
        self.header = ""
        self.origin: str | None = None
        #: Problems of the last file that failed to open (shown in :attr:`problems_dialog`).
        self.last_problems: list[Problem] = []
        #: Problems of the list being edited, from the last check.
        self.problems: list[Problem] = []
        self._problems_dialog: ProblemsDialog | None = None
        self._loading = False
        self._current: Node | None = None

        self.model = RosterTreeModel(self)
        self.proxy = RosterFilterModel(self)
        self.proxy.setSourceModel(self.model)

        self._validate_timer = QTimer(self)
        self._validate_timer.setSingleShot(True)
        self._validate_timer.setInterval(VALIDATE_DELAY_MS)
        self._validate_timer.timeout.connect(self.validate_now)

        self._status = QLabel()
        self.ui.statusbar.addPermanentWidget(self._status)

        self._setup_tree()
        self._setup_actions()
        self._setup_filters()
        self._fields: dict[str, list[_Field]] = {
            "army": self._army_fields(),
            "command": self._command_fields(),
            "unit": self._unit_fields(),
        }
        for fields in self._fields.values():
            for f in fields:
                f.tooltip = f.widget.toolTip()
        self._setup_form_widgets()
        self.printing = RosterEditorPrinting(self)

        self.model.changed.connect(self._validate_timer.start)
        self.model.touched.connect(self._on_touched)
        self.model.moveRequested.connect(self._on_move_requested)
        self.undo_stack.cleanChanged.connect(self._update_title)

        self.ui.splitter.setStretchFactor(0, 5)
        self.ui.splitter.setStretchFactor(1, 4)
        self.ui.splitter.setSizes([620, 520])
        self._set_document(new_army_list(), None, "", None)

    # ------------------------------------------------------------------ set-up

    def _setup_tree(self) -> None:
        tree = self.ui.tree
        tree.setModel(self.proxy)
        tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        tree.setDropIndicatorShown(True)
        tree.setAcceptDrops(True)
        tree.setDragDropOverwriteMode(False)
        header = tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.resizeSection(0, 330)
        selection = tree.selectionModel()
        selection.currentChanged.connect(self._on_current_changed)

    def _setup_actions(self) -> None:
        ui = self.ui
        style = self.style()
        sp = QStyle.StandardPixmap
        icons = {
            ui.actionNew: style.standardIcon(sp.SP_FileIcon),
            ui.actionOpen: style.standardIcon(sp.SP_DialogOpenButton),
            ui.actionSave: style.standardIcon(sp.SP_DialogSaveButton),
            ui.actionUndo: style.standardIcon(sp.SP_ArrowBack),
            ui.actionRedo: style.standardIcon(sp.SP_ArrowForward),
            ui.actionAddCommand: _plus_icon("#4a4f57", round_=False),
            ui.actionAddUnit: _plus_icon("#2f5d9e", round_=True),
            ui.actionDuplicate: _copy_icon(),
            ui.actionMoveUp: style.standardIcon(sp.SP_ArrowUp),
            ui.actionMoveDown: style.standardIcon(sp.SP_ArrowDown),
            ui.actionDelete: style.standardIcon(sp.SP_TrashIcon),
        }
        for action, icon in icons.items():
            action.setIcon(icon)
        ui.actionUndo.setShortcuts([QKeySequence("Ctrl+Z")])
        ui.actionRedo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        # Structural edits act on the tree: keep Del and Alt+arrows for the form's own widgets
        # (a combo box opens on Alt+Down, a line edit deletes a character on Del).
        for action in (ui.actionDelete, ui.actionMoveUp, ui.actionMoveDown, ui.actionDuplicate):
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            ui.treePanel.addAction(action)

        ui.actionNew.triggered.connect(self.new_list)
        ui.actionOpen.triggered.connect(self._on_open)
        ui.actionSave.triggered.connect(self.save)
        ui.actionSaveAs.triggered.connect(lambda: self.save_as())
        ui.actionImport.triggered.connect(self.import_into_database)
        ui.actionExport.triggered.connect(self._on_export)
        ui.actionClose.triggered.connect(self.close)
        ui.actionUndo.triggered.connect(self.undo_stack.undo)
        ui.actionRedo.triggered.connect(self.undo_stack.redo)
        ui.actionAddCommand.triggered.connect(self.add_command)
        ui.actionAddUnit.triggered.connect(self.add_unit)
        ui.actionDuplicate.triggered.connect(self.duplicate)
        ui.actionMoveUp.triggered.connect(lambda: self.move_by(-1))
        ui.actionMoveDown.triggered.connect(lambda: self.move_by(1))
        ui.actionDelete.triggered.connect(self.delete)
        ui.actionNextProblem.triggered.connect(self.next_problem)

        stack = self.undo_stack
        stack.canUndoChanged.connect(ui.actionUndo.setEnabled)
        stack.canRedoChanged.connect(ui.actionRedo.setEnabled)
        stack.undoTextChanged.connect(
            lambda text: ui.actionUndo.setText(f"&Undo {text}" if text else "&Undo")
        )
        stack.redoTextChanged.connect(
            lambda text: ui.actionRedo.setText(f"&Redo {text}" if text else "&Redo")
        )
        stack.indexChanged.connect(lambda _i: self._update_actions())
        ui.actionUndo.setEnabled(False)
        ui.actionRedo.setEnabled(False)

    def _setup_filters(self) -> None:
        ui = self.ui
        ui.armFilterCombo.addItem("All arms", None)
        for arm in Arm:
            ui.armFilterCombo.addItem(arm.value.capitalize(), arm)
        ui.nationFilterCombo.addItem("All nations", None)
        ui.filterEdit.textChanged.connect(self._apply_filter)
        ui.armFilterCombo.currentIndexChanged.connect(self._apply_filter)
        ui.nationFilterCombo.currentIndexChanged.connect(self._apply_filter)

    def _setup_form_widgets(self) -> None:
        ui = self.ui
        nations = sorted(KNOWN_NATIONS)
        ui.armyNationCombo.addItems(nations)
        ui.armyNationCombo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        completer = ui.armyNationCombo.completer()
        if completer is not None:
            completer.setCompletionMode(QCompleter.CompletionMode.InlineCompletion)
        ui.unitNationEdit.setCompleter(QCompleter(nations, ui.unitNationEdit))
        self._brigades = QStringListModel(self)
        self._brigade_completer = QCompleter(self._brigades, ui.unitBrigadeEdit)
        self._brigade_completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        ui.unitBrigadeEdit.setCompleter(self._brigade_completer)
        for arm in Arm:
            ui.unitArmCombo.addItem(arm.value, arm)
        for skirmish in Skirmish:
            ui.unitSkirmishCombo.addItem(skirmish.value, skirmish)
        for weight in Weight:
            ui.unitWeightCombo.addItem(weight.value, weight)
        title_font = ui.itemTitleLabel.font()
        title_font.setPointSizeF(title_font.pointSizeF() * 1.35)
        title_font.setBold(True)
        ui.itemTitleLabel.setFont(title_font)
        ui.itemPathLabel.setStyleSheet("color: #5f6368;")
        ui.problemLabel.setVisible(False)
        ui.countLabel.setStyleSheet("color: #5f6368;")
        for fields in self._fields.values():
            for f in fields:
                self._connect(f)

    def _connect(self, f: _Field) -> None:
        w = f.widget
        handler = lambda *_args: self._on_field_edited(f)  # noqa: E731
        if isinstance(w, QLineEdit):
            w.textEdited.connect(handler)
        elif isinstance(w, QPlainTextEdit):
            w.textChanged.connect(handler)
        elif isinstance(w, QSpinBox):
            w.valueChanged.connect(handler)
        elif isinstance(w, QComboBox):
            if w.isEditable():
                w.currentTextChanged.connect(handler)
            else:
                w.currentIndexChanged.connect(handler)

    # ------------------------------------------------------------------ field bindings

    @staticmethod
    def _text(w: QLineEdit) -> tuple[Callable[[], Any], Callable[[Any], None]]:
        return w.text, lambda v: w.setText(v or "")

    @staticmethod
    def _optional(w: QLineEdit) -> tuple[Callable[[], Any], Callable[[Any], None]]:
        return (lambda: w.text() if w.text().strip() else None), lambda v: w.setText(v or "")

    @staticmethod
    def _plain_text(w: QPlainTextEdit) -> tuple[Callable[[], Any], Callable[[Any], None]]:
        def read() -> str | None:
            text = w.toPlainText()
            return text if text.strip() else None

        return read, lambda v: w.setPlainText(v or "")

    @staticmethod
    def _spin(w: QSpinBox) -> tuple[Callable[[], Any], Callable[[Any], None]]:
        return w.value, w.setValue

    @staticmethod
    def _combo(cls: type[enum.Enum]) -> _Binder:
        """Bind a combo box whose item data are members of ``cls``.

        Qt hands a ``StrEnum`` back as plain text, so the member is looked up again.
        """

        def binder(w: QComboBox) -> tuple[Callable[[], Any], Callable[[Any], None]]:
            def read() -> Any:
                data = w.currentData()
                return None if data is None else cls(data)

            return read, lambda v: w.setCurrentIndex(w.findData(v))

        return binder

    def _command_binding(
        self,
        prefix: str,
        name: QLineEdit,
        leader: QLineEdit,
        rating: QSpinBox,
        leader_notes: QLineEdit,
        notes: QPlainTextEdit,
    ) -> list[_Field]:
        def cmd(node: Node, **changes: Any) -> Any:
            return node.with_command(dataclasses.replace(node.command, **changes))

        def lead(node: Node, **changes: Any) -> Any:
            return cmd(node, leader=dataclasses.replace(node.command.leader, **changes))

        return [
            _Field(
                ("name",),
                f"{prefix} name",
                name,
                *self._text(name),
                lambda n: n.command.name,
                lambda n, v: cmd(n, name=v),
            ),
            _Field(
                ("leader", "name"),
                "leader",
                leader,
                *self._text(leader),
                lambda n: n.command.leader.name,
                lambda n, v: lead(n, name=v),
            ),
            _Field(
                ("leader", "rating"),
                "leader rating",
                rating,
                *self._spin(rating),
                lambda n: n.command.leader.rating,
                lambda n, v: lead(n, rating=v),
            ),
            _Field(
                ("leader", "notes"),
                "leader notes",
                leader_notes,
                *self._optional(leader_notes),
                lambda n: n.command.leader.notes,
                lambda n, v: lead(n, notes=v),
            ),
            _Field(
                ("notes",),
                f"{prefix} notes",
                notes,
                *self._plain_text(notes),
                lambda n: n.command.notes,
                lambda n, v: cmd(n, notes=v),
            ),
        ]

    def _army_fields(self) -> list[_Field]:
        ui = self.ui

        def lst(node: Node, **changes: Any) -> Any:
            return dataclasses.replace(node.value, **changes)

        nation = ui.armyNationCombo

        def read_sources() -> tuple[str, ...]:
            return tuple(
                line.strip()
                for line in ui.armySourcesEdit.toPlainText().splitlines()
                if line.strip()
            )

        return [
            _Field(
                ("list", "name"),
                "army name",
                ui.armyNameEdit,
                *self._text(ui.armyNameEdit),
                lambda n: n.value.name,
                lambda n, v: lst(n, name=v),
            ),
            _Field(
                ("list", "nation"),
                "nation",
                nation,
                nation.currentText,
                nation.setEditText,
                lambda n: n.value.nation,
                lambda n, v: lst(n, nation=v),
            ),
            _Field(
                ("list", "year"),
                "year",
                ui.armyYearSpin,
                *self._spin(ui.armyYearSpin),
                lambda n: n.value.year,
                lambda n, v: lst(n, year=v),
            ),
            _Field(
                ("list", "battle"),
                "battle",
                ui.armyBattleEdit,
                *self._optional(ui.armyBattleEdit),
                lambda n: n.value.battle,
                lambda n, v: lst(n, battle=v),
            ),
            _Field(
                ("list", "sources"),
                "sources",
                ui.armySourcesEdit,
                read_sources,
                lambda v: ui.armySourcesEdit.setPlainText("\n".join(v)),
                lambda n: n.value.sources,
                lambda n, v: lst(n, sources=v),
            ),
            _Field(
                ("list", "notes"),
                "army notes",
                ui.armyNotesEdit,
                *self._plain_text(ui.armyNotesEdit),
                lambda n: n.value.notes,
                lambda n, v: lst(n, notes=v),
            ),
            *self._command_binding(
                "army command",
                ui.armyCommandNameEdit,
                ui.armyLeaderEdit,
                ui.armyRatingSpin,
                ui.armyLeaderNotesEdit,
                ui.armyCommandNotesEdit,
            ),
        ]

    def _command_fields(self) -> list[_Field]:
        ui = self.ui
        level = ui.commandLevelCombo
        fields = self._command_binding(
            "command",
            ui.commandNameEdit,
            ui.leaderNameEdit,
            ui.leaderRatingSpin,
            ui.leaderNotesEdit,
            ui.commandNotesEdit,
        )
        fields.insert(
            1,
            _Field(
                ("level",),
                "level",
                level,
                *self._combo(Level)(level),
                lambda n: n.command.level,
                lambda n, v: n.with_command(dataclasses.replace(n.command, level=v)),
            ),
        )
        return fields

    def _unit_fields(self) -> list[_Field]:
        ui = self.ui

        def unit(node: Node, **changes: Any) -> Unit:
            value: Unit = dataclasses.replace(node.value, **changes)
            return value

        def put_arm(node: Node, arm: Arm) -> Unit:
            old: Unit = node.value
            types = TYPES_BY_ARM[arm]
            new_type = old.type if old.type in types else types[0]
            if arm is Arm.ARTILLERY:
                return unit(node, arm=arm, type=new_type, weight=old.weight or Weight.MEDIUM)
            return unit(node, arm=arm, type=new_type, weight=None, howitzers=0)

        def simple(key: str, label: str, w: Any, binding: _Binder) -> _Field:
            return _Field(
                (key,),
                label,
                w,
                *binding(w),
                lambda n: getattr(n.value, key),
                lambda n, v: unit(n, **{key: v}),
            )

        return [
            simple("name", "unit name", ui.unitNameEdit, self._text),
            _Field(
                ("arm",),
                "arm",
                ui.unitArmCombo,
                *self._combo(Arm)(ui.unitArmCombo),
                lambda n: n.value.arm,
                put_arm,
            ),
            simple("type", "type", ui.unitTypeCombo, self._combo(UnitType)),
            simple("ce", "CE", ui.unitCeSpin, self._spin),
            simple("stands", "stands", ui.unitStandsSpin, self._spin),
            simple("skirmish", "skirmish", ui.unitSkirmishCombo, self._combo(Skirmish)),
            simple("weight", "weight", ui.unitWeightCombo, self._combo(Weight)),
            simple("howitzers", "howitzers", ui.unitHowitzersSpin, self._spin),
            simple("brigade", "brigade", ui.unitBrigadeEdit, self._optional),
            simple("nation", "unit nation", ui.unitNationEdit, self._optional),
            simple("notes", "unit notes", ui.unitNotesEdit, self._plain_text),
        ]

    # ------------------------------------------------------------------ document

    def army_list(self) -> ArmyList:
        """The list being edited, as a frozen :class:`ArmyList`."""
        return to_army_list(self.model.root)

    @property
    def modified(self) -> bool:
        """True when there are changes since the last open or save."""
        return not self.undo_stack.isClean()

    def _set_document(
        self,
        army_list: ArmyList,
        path: pathlib.Path | None,
        header: str,
        origin: str | None,
    ) -> None:
        self.path = path
        self.header = header
        self.origin = origin
        self.undo_stack.clear()
        self._current = None
        self.ui.filterEdit.clear()
        self.ui.armFilterCombo.setCurrentIndex(0)
        self.ui.nationFilterCombo.setCurrentIndex(0)
        self.model.reset(build_tree(army_list))
        self.validate_now()
        self._expand_default()
        self.select_node(self.model.root)
        self._update_title()

    def _expand_default(self) -> None:
        """Show the command tree down to the divisions, each division folded."""
        tree = self.ui.tree
        tree.collapseAll()
        for node in self.model.root.walk():
            if node.kind is not Kind.UNIT and not node.holds_units:
                tree.expand(self.proxy.mapFromSource(self.model.index_of(node)))

    def _update_title(self) -> None:
        if self.path is not None:
            doc = self.path.name
        elif self.origin:
            doc = f"{self.model.root.name} ({self.origin})"
        else:
            doc = "Untitled"
        # An explicit "*" rather than Qt's "[*]" placeholder, so the title reads the same
        # on every platform and in windowTitle().
        self.setWindowTitle(f"{doc}{'*' if self.modified else ''} — {APP_TITLE}")

    def new_list(self) -> bool:
        """Start a new army list (asking first about unsaved changes)."""
        if not self.maybe_save():
            return False
        self._set_document(new_army_list(), None, "", None)
        self.ui.armyNameEdit.setFocus()
        self.ui.armyNameEdit.selectAll()
        self._say("New army list: name it, then add its corps and divisions.")
        return True

    def open_file(self, path: str | pathlib.Path) -> bool:
        """Open an army-list YAML file.

        A file with errors opens nothing: the problems dialog lists every problem with its
        line and column (also kept in :attr:`last_problems`) and offers Retry.

        Returns:
            True when the list was opened.
        """
        file = pathlib.Path(path)
        if not self.maybe_save():
            return False
        try:
            opened = self.rosters.open_file(file)
        except ArmyListError as exc:
            self.last_problems = list(exc.problems)
            self._show_problems(file, exc.problems)
            self._say(f"{file.name} has problems: nothing was opened.")
            return False
        self.last_problems = []
        if self._problems_dialog is not None and self._problems_dialog.isVisible():
            self._problems_dialog.accept()
        self._set_document(opened.army_list, file, opened.header, None)
        units = len(opened.army_list.units())
        note = f" — {_count(len(opened.warnings), 'warning')}" if opened.warnings else ""
        self._say(f"Opened {file.name}: {_count(units, 'unit')}{note}.")
        return True

    @property
    def problems_dialog(self) -> ProblemsDialog | None:
        """The dialog of the last file that did not open, if any."""
        return self._problems_dialog

    def _show_problems(self, path: pathlib.Path, problems: Sequence[Problem]) -> None:
        if self._problems_dialog is None:
            self._problems_dialog = ProblemsDialog(self)
            self._problems_dialog.setWindowModality(Qt.WindowModality.WindowModal)
            self._problems_dialog.retryRequested.connect(lambda p: self.open_file(p))
        self._problems_dialog.show_problems(path, problems)
        self._problems_dialog.open()

    def save(self) -> bool:
        """Save to the current file (asking for one if there is none); True when saved."""
        if self.path is None:
            return self.save_as()
        return self._write(self.path)

    def save_as(self, path: str | pathlib.Path | None = None) -> bool:
        """Save to ``path`` (asked for when None); True when saved."""
        file = pathlib.Path(path) if path is not None else self._ask_save_path()
        if file is None:
            return False
        if not self._write(file):
            return False
        self.path = file
        self.origin = None
        self._update_title()
        return True

    def _write(self, file: pathlib.Path) -> bool:
        army_list = self.army_list()
        if not self._check_before("save", army_list):
            return False
        try:
            warnings = self.rosters.save_file(army_list, file, header=self.header)
        except ArmyListError as exc:
            self._refuse("save", exc.problems)
            return False
        except RosterServiceError as exc:
            self._inform("Cannot save", str(exc), QMessageBox.Icon.Critical)
            return False
        self.undo_stack.setClean()
        self._update_title()
        note = f" ({_count(len(warnings), 'warning')})" if warnings else ""
        self._say(f"Saved {file.name}{note}.")
        return True

    def _check_before(self, what: str, army_list: ArmyList) -> bool:
        self.validate_now()
        if any(p.severity == "error" for p in self.problems):
            self._refuse(what, self.problems)
            return False
        return True

    def _refuse(self, what: str, problems: Sequence[Problem]) -> None:
        errors = [p for p in problems if p.severity == "error"]
        lines = []
        for p in errors[:12]:
            node, located = locate(self.model.root, p)
            lines.append(f"• {_crumbs(node)}: {located.text}")
        if len(errors) > 12:
            lines.append(f"… and {len(errors) - 12} more")
        if errors:
            self.select_node(locate(self.model.root, errors[0])[0])
        self._inform(
            f"Cannot {what} the army list",
            f"The army list has {_count(len(errors), 'error')}, so it was not {what}d "
            "(the same checks as opening a file). Fix the highlighted items:\n\n"
            + "\n".join(lines),
            QMessageBox.Icon.Warning,
        )

    def maybe_save(self) -> bool:
        """Offer to save unsaved changes; False when the user cancels (or saving fails)."""
        if not self.modified:
            return True
        answer = self._ask_unsaved()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if self.maybe_save():
            if self._problems_dialog is not None:
                self._problems_dialog.close()
            event.accept()
        else:
            event.ignore()

    # ------------------------------------------------------------------ database

    def import_into_database(self) -> bool:
        """Store the list in the database (asking before replacing one of the same name)."""
        army_list = self.army_list()
        if not self._check_before("import", army_list):
            return False
        try:
            replace = False
            if self.rosters.is_stored(army_list.name):
                if not self._ask_replace(army_list.name):
                    return False
                replace = True
            self.rosters.import_list(army_list, replace=replace)
        except ArmyListError as exc:
            self._refuse("import", exc.problems)
            return False
        except (DuplicateListError, RosterServiceError) as exc:
            self._inform("Cannot import", str(exc), QMessageBox.Icon.Critical)
            return False
        verb = "Replaced" if replace else "Imported"
        units = _count(len(army_list.units()), "unit")
        self._say(f"{verb} {army_list.name!r} in the database ({units}).")
        return True

    def load_from_database(self, name: str) -> bool:
        """Open the stored list ``name`` for editing (Save As writes it to a YAML file)."""
        if not self.maybe_save():
            return False
        try:
            army_list = self.rosters.export_list(name)
        except RosterServiceError as exc:
            self._inform("Cannot export", str(exc), QMessageBox.Icon.Critical)
            return False
        self._set_document(army_list, None, "", "from the database")
        self._say(f"Opened {name!r} from the database: save it as a YAML file.")
        return True

    def _on_export(self) -> None:
        try:
            stored = self.rosters.list_stored()
        except RosterServiceError as exc:
            self._inform("Cannot read the database", str(exc), QMessageBox.Icon.Critical)
            return
        if not stored:
            self._inform(
                "Export from database",
                "No army lists are stored in the database yet.",
                QMessageBox.Icon.Information,
            )
            return
        name = self._ask_stored_list(stored)
        if name is not None and self.load_from_database(name):
            self.save_as()

    def _on_open(self) -> None:
        path = self._ask_open_path()
        if path is not None:
            self.open_file(path)

    # ------------------------------------------------------------------ dialogs (tests stub)

    def _ask_unsaved(self) -> QMessageBox.StandardButton:
        buttons = (
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        answer = QMessageBox.question(
            self,
            "Unsaved changes",
            f"The army list {self.model.root.name!r} has unsaved changes. Save them?",
            buttons,
            QMessageBox.StandardButton.Save,
        )
        return QMessageBox.StandardButton(answer)

    def _start_dir(self) -> str:
        return str(self.path.parent) if self.path is not None else str(pathlib.Path.home())

    def _ask_open_path(self) -> pathlib.Path | None:
        name, _ = QFileDialog.getOpenFileName(
            self, "Open army list", self._start_dir(), "Army lists (*.yaml *.yml);;All files (*)"
        )
        return pathlib.Path(name) if name else None

    def _ask_save_path(self) -> pathlib.Path | None:
        if self.path is not None:
            suggestion = self.path
        else:
            slug = re.sub(r"[^a-z0-9]+", "-", self.model.root.name.casefold()).strip("-")
            suggestion = pathlib.Path(self._start_dir()) / f"{slug or 'army-list'}.yaml"
        name, _ = QFileDialog.getSaveFileName(
            self, "Save army list", str(suggestion), "Army lists (*.yaml *.yml)"
        )
        if not name:
            return None
        file = pathlib.Path(name)
        return file if file.suffix else file.with_suffix(".yaml")

    def _ask_replace(self, name: str) -> bool:
        answer = QMessageBox.question(
            self,
            "Replace stored army list?",
            f"An army list named {name!r} is already in the database. Replace it? "
            "Games already set up from it keep their own copy.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def _ask_stored_list(self, stored: Sequence[StoredList]) -> str | None:
        labels = [
            f"{s.name} — {s.nation}, {s.year}" + (f" ({s.battle})" if s.battle else "")
            for s in stored
        ]
        label, ok = QInputDialog.getItem(
            self, "Export from database", "Army list to export:", labels, 0, False
        )
        return stored[labels.index(label)].name if ok and label in labels else None

    def _inform(self, title: str, text: str, icon: QMessageBox.Icon) -> None:
        box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, self)
        box.exec()

    def _say(self, text: str) -> None:
        self.ui.statusbar.showMessage(text, 8000)

    # ------------------------------------------------------------------ selection

    def current_node(self) -> Node | None:
        """The selected node."""
        return self._current

    def select_node(self, node: Node) -> None:
        """Select ``node`` in the tree (expanding its parents) and show it in the form."""
        index = self.proxy.mapFromSource(self.model.index_of(node))
        if not index.isValid():
            self._show_node(node)
            return
        parent = index.parent()
        while parent.isValid():
            self.ui.tree.expand(parent)
            parent = parent.parent()
        self.ui.tree.setCurrentIndex(index)
        self.ui.tree.scrollTo(index)
        if self._current is not node:
            self._show_node(node)

    def select_first_division(self, *, first_unit: bool = False) -> Node | None:
        """Select the first division or brigade (expanded), or its first unit."""
        division = next((n for n in self.model.root.walk() if n.holds_units), None)
        if division is None:
            return None
        self.ui.tree.expand(self.proxy.mapFromSource(self.model.index_of(division)))
        target = division.children[0] if first_unit and division.children else division
        self.select_node(target)
        return target

    def _on_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        node = self.model.node(self.proxy.mapToSource(current))
        if node is not None:
            self._show_node(node)

    def _on_touched(self, node: Node) -> None:
        if node is self._current:
            self._refresh_form()
        else:
            self.select_node(node)
        self._update_actions()

    # ------------------------------------------------------------------ the form

    def _page_fields(self) -> list[_Field]:
        node = self._current
        if node is None:
            return []
        return self._fields[node.kind.value]

    def _show_node(self, node: Node) -> None:
        self._current = node
        pages = self.ui.pages
        page = {
            Kind.ARMY: self.ui.armyPage,
            Kind.COMMAND: self.ui.commandPage,
            Kind.UNIT: self.ui.unitPage,
        }[node.kind]
        pages.setCurrentWidget(page)
        self._refresh_form()
        self._update_actions()

    def _refresh_form(self) -> None:
        node = self._current
        if node is None:
            self.ui.pages.setCurrentWidget(self.ui.emptyPage)
            return
        self._loading = True
        try:
            ui = self.ui
            if node.kind is Kind.UNIT:
                self._prepare_unit_page(node)
            elif node.kind is Kind.COMMAND:
                self._prepare_command_page(node)
            for f in self._page_fields():
                value = f.get(node)
                if f.read() != value:
                    with QSignalBlocker(f.widget):
                        f.write(value)
            if node.kind is Kind.ARMY:
                ui.itemTitleLabel.setText(node.name.strip() or "(unnamed army)")
                army = node.value
                ui.itemPathLabel.setText(
                    f"Army list · {army.nation} · {army.year}"
                    + (f" · {army.battle}" if army.battle else "")
                )
            elif node.kind is Kind.COMMAND:
                level = node.command.level
                ui.itemTitleLabel.setText(node.name.strip() or f"(unnamed {level})")
                ui.itemPathLabel.setText(f"{str(level).capitalize()} in {_crumbs(node.parent)}")  # type: ignore[arg-type]
                ui.commandSummaryLabel.setText(self._command_summary(node))
            else:
                ui.itemTitleLabel.setText(node.name.strip() or "(unnamed unit)")
                ui.itemPathLabel.setText(f"Unit of {_crumbs(node.parent)}")  # type: ignore[arg-type]
        finally:
            self._loading = False
        self._show_field_problems()

    def _prepare_unit_page(self, node: Node) -> None:
        ui = self.ui
        unit: Unit = node.value
        combo = ui.unitTypeCombo
        wanted = list(TYPES_BY_ARM[unit.arm])
        if [combo.itemData(i) for i in range(combo.count())] != wanted:
            with QSignalBlocker(combo):
                combo.clear()
                for t in wanted:
                    combo.addItem(t.value, t)
                combo.setCurrentIndex(combo.findData(unit.type))
        artillery = unit.arm is Arm.ARTILLERY
        ui.unitForm.setRowVisible(ui.unitWeightCombo, artillery)
        ui.unitForm.setRowVisible(ui.unitHowitzersSpin, artillery)
        army_nation = self.model.root.value.nation
        ui.unitNationEdit.setPlaceholderText(f"{army_nation} (the army's)")
        parent = node.parent
        assert parent is not None
        brigades = sorted(
            {
                s.value.brigade
                for s in parent.children
                if s.kind is Kind.UNIT and s is not node and s.value.brigade
            }
        )
        if self._brigades.stringList() != brigades:
            self._brigades.setStringList(brigades)

    def _prepare_command_page(self, node: Node) -> None:
        combo = self.ui.commandLevelCombo
        wanted = allowed_levels(node)
        if node.command.level not in wanted:
            wanted.append(node.command.level)
        if [combo.itemData(i) for i in range(combo.count())] != wanted:
            with QSignalBlocker(combo):
                combo.clear()
                for level in wanted:
                    combo.addItem(level.value, level)
                combo.setCurrentIndex(combo.findData(node.command.level))

    def _command_summary(self, node: Node) -> str:
        units = node.units()
        if not units:
            subs = [c for c in node.children if c.kind is Kind.COMMAND]
            if subs:
                return f"{_count(len(subs), 'subordinate command')}, no units of its own."
            if node.holds_units:
                return "No units yet: add them with <b>Add Unit</b> (Ctrl+Shift+U)."
            return "No subordinate commands yet: add them with <b>Add Command</b>."
        by_arm = {arm: sum(1 for u in units if u.arm is arm) for arm in Arm}
        arms = ", ".join(f"{n} {arm.value}" for arm, n in by_arm.items() if n)
        text = (
            f"<b>{_count(len(units), 'unit')}</b> ({arms}) · "
            f"<b>{sum(u.stands for u in units)}</b> stands · "
            f"total CE <b>{sum(u.ce for u in units)}</b>"
        )
        brigades = list(dict.fromkeys(u.brigade for u in units if u.brigade))
        if node.holds_units and brigades:
            text += f"<br>Brigades: {_html(', '.join(brigades))}"
        return text

    def _on_field_edited(self, f: _Field) -> None:
        node = self._current
        if self._loading or node is None:
            return
        try:
            new = f.put(node, f.read())
        except (TypeError, ValueError):
            return
        if new == node.value:
            return
        merge = f"{'.'.join(str(k) for k in f.key)}"
        what = node.name.strip() or node.kind.value
        self.undo_stack.push(
            SetValueCommand(self.model, node, new, f"edit {f.label} of {what}", merge)
        )

    # ------------------------------------------------------------------ validation

    def validate_now(self) -> list[Problem]:
        """Check the list with the loader's rules and show every problem where it belongs."""
        self._validate_timer.stop()
        root = self.model.root
        self.problems = self.rosters.validate(self.army_list())
        by_node: dict[Node, list[NodeProblem]] = {}
        for p in self.problems:
            node, located = locate(root, p)
            by_node.setdefault(node, []).append(located)
        self.model.set_problems(by_node)
        self._show_field_problems()
        self._update_summary()
        return self.problems

    def node_problems(self, node: Node) -> list[NodeProblem]:
        """The problems of the last check located on ``node``."""
        return list(self.model.problems.get(node, []))

    def field_problem(self, widget: QWidget) -> str | None:
        """The severity shown on a form widget (``error``/``warning``), None when clean."""
        value = widget.property("problem")
        return str(value) if value else None

    def _show_field_problems(self) -> None:
        node = self._current
        fields = self._page_fields()
        problems = self.node_problems(node) if node is not None else []
        marks: dict[int, list[NodeProblem]] = {}
        loose: list[NodeProblem] = []
        for p in problems:
            key = tuple(k for k in p.field if not isinstance(k, int))
            match = next(
                (f for f in fields if key and key[: len(f.key)] == f.key),
                None,
            )
            if match is None:
                loose.append(p)
            else:
                marks.setdefault(id(match), []).append(p)
        for f in fields:
            found = marks.get(id(f), [])
            severity = None
            if found:
                severity = "error" if any(p.severity == "error" for p in found) else "warning"
            if f.widget.property("problem") != severity:
                f.widget.setProperty("problem", severity)
                _mark_widget(f.widget, severity)
            tip = "\n".join(f"{p.severity.capitalize()}: {p.message}" for p in found)
            f.widget.setToolTip("\n\n".join(t for t in (tip, f.tooltip) if t))
        label = self.ui.problemLabel
        if problems:
            rows = []
            for p in sorted(problems, key=lambda p: p.severity != "error"):
                colour = "#b71c1c" if p.severity == "error" else "#8d5a00"
                sign = "✖" if p.severity == "error" else "⚠"
                rows.append(f'<span style="color:{colour}">{sign} {_html(p.text)}</span>')
            label.setText("<br>".join(rows))
            label.setVisible(True)
        else:
            label.setVisible(False)
            label.clear()

    def _update_summary(self) -> None:
        root = self.model.root
        errors = sum(1 for p in self.problems if p.severity == "error")
        warnings = len(self.problems) - errors
        if errors or warnings:
            parts = [_count(n, w) for n, w in ((errors, "error"), (warnings, "warning")) if n]
            self._status.setText(" · ".join(parts) + " — F8: next problem")
            colour = "#b71c1c" if errors else "#8d5a00"
            self._status.setStyleSheet(f"color: {colour}; font-weight: bold;")
        else:
            self._status.setText("✔ The list is valid")
            self._status.setStyleSheet("color: #2e7d32; font-weight: bold;")
        units = root.units()
        divisions = sum(1 for n in root.walk() if n.holds_units)
        self.ui.countLabel.setText(
            f"{_count(divisions, 'division')} and brigades · {_count(len(units), 'unit')} · "
            f"{sum(u.stands for u in units)} stands · total CE {sum(u.ce for u in units)}"
            if divisions
            else "No divisions yet."
        )
        self._update_nation_filter()

    def status_text(self) -> str:
        """The validity summary shown at the right of the status bar."""
        return self._status.text()

    def next_problem(self) -> None:
        """Select the next item (after the selected one) with an error or warning."""
        nodes = list(self.model.root.walk())
        flagged = [n for n in nodes if self.model.problems.get(n)]
        if not flagged:
            self._say("No problems: the list is valid.")
            return
        start = nodes.index(self._current) if self._current in nodes else -1
        after = [n for n in flagged if nodes.index(n) > start]
        self.select_node((after or flagged)[0])

    # ------------------------------------------------------------------ filter

    def _update_nation_filter(self) -> None:
        root = self.model.root
        nations = sorted({root.value.nation, *(u.nation for u in root.units() if u.nation)})
        combo = self.ui.nationFilterCombo
        have = [combo.itemData(i) for i in range(1, combo.count())]
        if have == nations:
            return
        chosen = combo.currentData()
        with QSignalBlocker(combo):
            combo.clear()
            combo.addItem("All nations", None)
            for nation in nations:
                combo.addItem(nation, nation)
            combo.setCurrentIndex(max(0, combo.findData(chosen)))

    def set_filter(self, text: str = "", arm: Arm | None = None, nation: str | None = None) -> None:
        """Show only matching units (and their commands); empty arguments show everything."""
        ui = self.ui
        with QSignalBlocker(ui.filterEdit), QSignalBlocker(ui.armFilterCombo):
            ui.filterEdit.setText(text)
            ui.armFilterCombo.setCurrentIndex(max(0, ui.armFilterCombo.findData(arm)))
        with QSignalBlocker(ui.nationFilterCombo):
            ui.nationFilterCombo.setCurrentIndex(max(0, ui.nationFilterCombo.findData(nation)))
        self._apply_filter()

    def _apply_filter(self) -> None:
        ui = self.ui
        self.proxy.set_filter(
            ui.filterEdit.text(),
            Arm(arm) if (arm := ui.armFilterCombo.currentData()) else None,
            ui.nationFilterCombo.currentData(),
        )
        if self.proxy.active:
            ui.tree.expandAll()
        if self._current is not None:
            index = self.proxy.mapFromSource(self.model.index_of(self._current))
            if index.isValid():
                ui.tree.setCurrentIndex(index)
                ui.tree.scrollTo(index)

    def visible_names(self) -> list[str]:
        """Names of the units the tree shows (through the filter), in order."""
        out: list[str] = []

        def walk(parent: QModelIndex) -> None:
            for row in range(self.proxy.rowCount(parent)):
                index = self.proxy.index(row, 0, parent)
                node = self.model.node(self.proxy.mapToSource(index))
                if node is not None and node.kind is Kind.UNIT:
                    out.append(node.name)
                walk(index)

        walk(QModelIndex())
        return out

    # ------------------------------------------------------------------ structural edits

    def _update_actions(self) -> None:
        ui = self.ui
        node = self._current
        is_item = node is not None and node.kind is not Kind.ARMY
        ui.actionAddCommand.setEnabled(node is not None)
        holds = node is not None and (
            node.holds_units or (node.kind is Kind.UNIT and node.parent is not None)
        )
        ui.actionAddUnit.setEnabled(holds)
        ui.actionAddUnit.setToolTip(
            "Add a unit to the selected division or brigade"
            if holds
            else "Units belong to a division or brigade: select one first"
        )
        ui.actionDuplicate.setEnabled(is_item)
        ui.actionDelete.setEnabled(is_item)
        can_up = can_down = False
        if node is not None and node.parent is not None:
            can_up = node.row > 0
            can_down = node.row < len(node.parent.children) - 1
        ui.actionMoveUp.setEnabled(can_up)
        ui.actionMoveDown.setEnabled(can_down)

    def _push(self, command: QUndoCommand) -> None:
        self.undo_stack.push(command)

    def add_command(self) -> Node | None:
        """Add a command under the selected army/wing/corps, or after the selected division."""
        node = self._current
        if node is None:
            return None
        if node.kind is Kind.UNIT:
            node = node.parent
            assert node is not None
        if node.holds_units:
            parent = node.parent
            assert parent is not None
            row, level = node.row + 1, node.command.level
        else:
            parent, row, level = node, len(node.children), child_level(node.command.level)
            if any(
                c.kind is Kind.UNIT for c in parent.children
            ):  # pragma: no cover - loader forbids
                return None
        name = unique_name(f"New {level}", parent.children)
        command = Command(name=name, level=level, leader=Leader(name="", rating=1))
        new = Node(Kind.COMMAND, command)
        self._push(InsertCommand(self.model, parent, row, new, f"add {level} {name!r}"))
        self._focus_name()
        return new

    def add_unit(self) -> Node | None:
        """Add a unit to the selected division/brigade, or after the selected unit.

        The new unit copies the arm, type, CE, stands and brigade of the unit before it.
        """
        node = self._current
        if node is None:
            return None
        if node.kind is Kind.UNIT:
            parent = node.parent
            assert parent is not None
            row, template = node.row + 1, node.value
        elif node.holds_units:
            parent, row = node, len(node.children)
            template = node.children[-1].value if node.children else None
        else:
            self._say("Units belong to a division or brigade: select one first.")
            return None
        name = unique_name("New unit", parent.children)
        if template is None:
            unit = Unit(name=name, arm=Arm.INFANTRY, type=UnitType.LINE, ce=5, stands=4)
        else:
            unit = dataclasses.replace(template, name=name, notes=None)
        new = Node(Kind.UNIT, unit)
        self._push(InsertCommand(self.model, parent, row, new, f"add unit {name!r}"))
        self._focus_name()
        return new

    def _focus_name(self) -> None:
        node = self._current
        if node is None:
            return
        edit = self.ui.unitNameEdit if node.kind is Kind.UNIT else self.ui.commandNameEdit
        edit.setFocus()
        edit.selectAll()

    def duplicate(self) -> Node | None:
        """Insert a copy of the selected command (with everything under it) or unit after it."""
        node = self._current
        if node is None or node.parent is None:
            return None
        copy = node.clone()
        name = unique_name(f"{node.name} (copy)", node.parent.children)
        if node.kind is Kind.UNIT:
            copy.value = dataclasses.replace(node.value, name=name)
        else:
            copy.value = dataclasses.replace(node.value, name=name)
        self._push(
            InsertCommand(self.model, node.parent, node.row + 1, copy, f"duplicate {node.name!r}")
        )
        return copy

    def move_by(self, step: int) -> bool:
        """Move the selected item up (-1) or down (+1) among its siblings."""
        node = self._current
        if node is None or node.parent is None:
            return False
        row = node.row + step
        if not 0 <= row < len(node.parent.children):
            return False
        where = "up" if step < 0 else "down"
        self._push(MoveCommand(self.model, node, node.parent, row, f"move {node.name!r} {where}"))
        return True

    def move_to(self, node: Node, new_parent: Node, row: int) -> bool:
        """Move ``node`` to child ``row`` of ``new_parent`` when the rules allow it."""
        if node.parent is None or not can_hold(new_parent, node):
            return False
        if node.kind is Kind.COMMAND and any(c.kind is Kind.UNIT for c in new_parent.children):
            return False
        limit = len(new_parent.children) - (1 if node.parent is new_parent else 0)
        row = max(0, min(row, limit))
        if node.parent is new_parent and node.row == row:
            return False
        self._push(
            MoveCommand(
                self.model, node, new_parent, row, f"move {node.name!r} to {new_parent.name!r}"
            )
        )
        return True

    def _on_move_requested(self, node: Node, new_parent: Node, row: int) -> None:
        # Queued: the drag's own bookkeeping must finish before the rows move.
        QTimer.singleShot(0, lambda: self.move_to(node, new_parent, row))

    def delete(self) -> bool:
        """Delete the selected command (with everything under it) or unit."""
        node = self._current
        if node is None or node.parent is None:
            return False
        self._push(RemoveCommand(self.model, node, f"delete {node.name!r}"))
        return True
