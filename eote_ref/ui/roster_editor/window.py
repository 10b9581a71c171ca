"""The roster editor window: the form, the edits and the files tied together by their actions."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence, QUndoStack
from PySide6.QtWidgets import QLabel, QStyle, QWidget

from eote_ref.armylists.tree import new_army_list
from eote_ref.referee.roster_service import RosterService
from eote_ref.ui.forms.ui_roster_editor import Ui_RosterEditorWindow
from eote_ref.ui.print_actions import RosterEditorPrinting
from eote_ref.ui.roster_editor.fields import army_fields, command_fields, unit_fields
from eote_ref.ui.roster_editor.files import RosterFiles
from eote_ref.ui.roster_editor.style import copy_icon, plus_icon
from eote_ref.ui.roster_editor.tree_model import RosterFilterModel, RosterTreeModel

#: How long the editor waits after the last keystroke before checking the list again (ms).
VALIDATE_DELAY_MS = 150


class RosterEditorWindow(RosterFiles):
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
        self.path = None
        self.header = ""
        self.origin = None
        self.last_problems = []
        self.problems = []
        self._problems_dialog = None
        self.pack_editors = []
        self._loading = False
        self._current = None

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
        self._fields = {
            "army": army_fields(self.ui),
            "command": command_fields(self.ui),
            "unit": unit_fields(self.ui),
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
            ui.actionAddCommand: plus_icon("#4a4f57", round_=False),
            ui.actionAddUnit: plus_icon("#2f5d9e", round_=True),
            ui.actionDuplicate: copy_icon(),
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
