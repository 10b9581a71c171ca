"""The main window: menus, toolbar and status bar around the start page or a game's dashboard."""

from __future__ import annotations

import html
import pathlib
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer, QUrl
from PySide6.QtGui import QAction, QCloseEvent, QDesktopServices, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QFileDialog,
    QLabel,
    QLayout,
    QMainWindow,
    QMessageBox,
    QWidget,
)

from eote_ref import __version__
from eote_ref.referee.catalogue import BY_KEY
from eote_ref.referee.game import GameService
from eote_ref.referee.game_rules import RulesetError
from eote_ref.referee.session import Database, describe_location, game_exists, list_games
from eote_ref.referee.setup import SetupError, SetupService
from eote_ref.referee.views import GameView
from eote_ref.ui.action_text import menu_text, undo_label
from eote_ref.ui.dashboard import NEXT_PHASE_KEYS, Dashboard
from eote_ref.ui.database_files import DatabaseFiles
from eote_ref.ui.display_menu import DisplayMenu
from eote_ref.ui.forms.ui_main_window import Ui_MainWindow
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.journal_export import write_journal
from eote_ref.ui.journal_view import JournalView
from eote_ref.ui.pack_printing import PackPrinting
from eote_ref.ui.pack_window import (
    make_pack_docks,
    pack_of_view,
    pack_window,
    selection_target,
    show_pack_docks,
)
from eote_ref.ui.phones_menu import PhonesMenu
from eote_ref.ui.print_actions import MainWindowPrinting
from eote_ref.ui.print_dialog import PrinterActions
from eote_ref.ui.settings import LAST_DATABASE, LAST_GAME, app_settings
from eote_ref.ui.start_page import StartPage
from eote_ref.ui.theme import marker_colors
from eote_ref.ui.turn_guide import TurnGuide
from eote_ref.ui.wizards import MENU, MenuCheck, open_wizard

if TYPE_CHECKING:  # the wizards' classes load with the first wizard opened
    from eote_ref.ui.wizards.base import CheckWizard

GEOMETRY_KEY = "main_window/geometry"
STATE_KEY = "main_window/state"


#: The longest Undo / Redo label (characters): a batch's summary runs to hundreds, and a label
#: that long pushed Undo, Redo and Next phase off the toolbar (the tooltip has it whole).


class MainWindow(QMainWindow):
    """The application window for one open database.

    Args:
        db: the open database (the window never closes it).
        settings: where geometry and the last game are remembered (the app's by default).
    """

    def __init__(
        self,
        db: Database,
        parent: QWidget | None = None,
        *,
        settings: QSettings | None = None,
    ) -> None:
        super().__init__(parent)
        self.ui = Ui_MainWindow()
        self.ui.setupUi(self)
        # The window's size is the user's (remembered); the layout never imposes a minimum on
        # it, which also spares platforms that cannot take size hints (offscreen) a warning.
        layout = self.layout()
        if layout is not None:
            layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        self.db = db
        self.settings = settings if settings is not None else app_settings()
        self.setup = SetupService(db)
        self.hub: GameHub | None = None
        self.dashboard: Dashboard | None = None
        self.journal: JournalView | None = None
        self._windows: list[QWidget] = []

        ui = self.ui
        ui.actionUndo.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Undo))
        redo_keys = [QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")]
        ui.actionRedo.setShortcuts(redo_keys)
        ui.actionNextPhase.setShortcuts(NEXT_PHASE_KEYS)
        ui.actionNewGame.triggered.connect(self.new_game)
        ui.actionOpenGame.triggered.connect(self.show_start_page)
        ui.actionDemo.triggered.connect(self.open_demo)
        ui.actionStartPage.triggered.connect(self.show_start_page)
        ui.actionExportJournal.triggered.connect(self.export_journal_dialog)
        ui.actionQuit.triggered.connect(self.close)
        ui.actionUndo.triggered.connect(self.undo)
        ui.actionRedo.triggered.connect(self.redo)
        ui.actionNextPhase.triggered.connect(self.next_phase)
        ui.actionExpandAll.triggered.connect(lambda: self.dashboard and self.dashboard.expand_all())
        ui.actionCollapseAll.triggered.connect(
            lambda: self.dashboard and self.dashboard.collapse_all()
        )
        ui.actionRosterEditor.triggered.connect(self.open_roster_editor)
        self.actionCampaigns = ui.menuTools.addAction("&Campaigns...", self.open_campaigns)
        self.actionScenario = ui.menuTurn.addAction("&Scenario…", self.open_scenario)
        self.actionScenario.setObjectName("actionScenario")
        self.actionEndBattle = ui.menuTurn.addAction("&End battle…", self.end_battle)
        self.actionEndBattle.setObjectName("actionEndBattle")
        from eote_ref.ui.corrections_menu import correction_menu

        self.menuCorrect = correction_menu(self)  # correcting a game in progress
        ui.menuTurn.addMenu(self.menuCorrect)
        ui.actionAbout.triggered.connect(self.about)
        self.actionOpenLogFolder = QAction("Open &log folder", self)
        self.actionOpenLogFolder.setObjectName("actionOpenLogFolder")
        self.actionOpenLogFolder.setStatusTip("The folder of eote-ref's log files, to send on")
        self.actionOpenLogFolder.triggered.connect(self.open_log_folder)
        ui.menuHelp.insertAction(ui.actionAbout, self.actionOpenLogFolder)
        ui.menuView.addAction(ui.journalDock.toggleViewAction())
        ui.menuView.addAction(ui.toolBar.toggleViewAction())
        self._initiative_actions: list[QAction] = []
        self.menuAdjudicate = ui.menubar.addMenu("&Adjudicate")
        self.menuAdjudicate.setObjectName("menuAdjudicate")
        ui.menubar.insertMenu(ui.menuView.menuAction(), self.menuAdjudicate)
        self.adjudicate_actions: dict[str, QAction] = {}
        for entry in MENU:
            action = QAction(entry.label, self)
            if entry.shortcut:
                action.setShortcut(QKeySequence(entry.shortcut))
            action.setToolTip(entry.tip)
            action.setStatusTip(entry.tip)
            action.triggered.connect(lambda _=False, e=entry: self.run_menu_check(e))
            self.menuAdjudicate.addAction(action)
            self.adjudicate_actions[entry.key] = action
        self.guide: TurnGuide | None = None
        self.guideDock = QDockWidget("Turn guide", self)
        self.guideDock.setObjectName("guideDock")
        # Beside the journal under the tables: the orders of battle keep the window's width.
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.guideDock)
        self.splitDockWidget(ui.journalDock, self.guideDock, Qt.Orientation.Horizontal)
        self.guideDock.hide()
        ui.menuView.addAction(self.guideDock.toggleViewAction())
        self.actionGuide = QAction("&Go to the turn guide", self)
        self.actionGuide.setShortcut(QKeySequence("Ctrl+G"))
        self.actionGuide.setStatusTip("Focus the list of checks due; Enter opens the selected one")
        self.actionGuide.triggered.connect(self.focus_guide)
        ui.menuView.addAction(self.actionGuide)
        self.display_menu = DisplayMenu(self, ui.menuView)  # the players' display
        self.phones_menu = PhonesMenu(self, ui.menuView)  # the players' phones (issue 35)
        #: The wizard open last (tests drive it; the window keeps it alive while open).
        self.wizard: CheckWizard | None = None

        self.start_page = StartPage(self)
        self.start_page.openGame.connect(self.open_game)
        self.start_page.newGame.connect(self.new_game)
        self.start_page.openArmyList.connect(self.open_roster_editor)
        self.start_page.demoBattle.connect(self.open_demo)
        ui.stack.addWidget(self.start_page)

        self._status: dict[str, QLabel] = {}
        for key in ("game", "turn", "initiative", "scale", "ruleset"):
            label = QLabel(self)
            label.setObjectName(f"status_{key}")
            label.setContentsMargins(6, 0, 6, 0)
            label.setTextFormat(Qt.TextFormat.RichText)
            ui.statusbar.addPermanentWidget(label)
            self._status[key] = label
        make_pack_docks(self)  # before the saved layout, which may hold them (EotE's movement)
        self._restore_geometry()
        self._set_game_actions(False)
        # The start page's list of games is read when the window first shows it: a start
        # that opens the demo or the last game at once never needs it (showEvent).
        self._games_listed = False
        self.show_start_page(list_games_now=False)
        self.printing = MainWindowPrinting(self)
        self.files = DatabaseFiles(self)  # Game → Open database…, Open recent
        self.printer = PrinterActions(self)  # the system's print dialog beside the PDFs
        self.pack_printing = PackPrinting(self)  # the other packs' reference sheets
        from eote_ref.ui.pack_game.screen import PackGameScreen

        self.pack_game = PackGameScreen(self)  # a game of a pack with declared play (AVlE)

    def _list_games(self) -> None:
        self.start_page.set_games(list_games(self.db), describe_location(self.db))
        self._games_listed = True

    def showEvent(self, event: QShowEvent) -> None:
        if not self._games_listed and self.ui.stack.currentWidget() is self.start_page:
            self._list_games()
        super().showEvent(event)

    # ------------------------------------------------------------------ settings
    def _restore_geometry(self) -> None:
        geometry = self.settings.value(GEOMETRY_KEY)
        if isinstance(geometry, QByteArray | bytes) and geometry:
            self.restoreGeometry(QByteArray(geometry))
        else:
            self.resize(1440, 900)
        state = self.settings.value(STATE_KEY)
        if isinstance(state, QByteArray | bytes) and state:
            self.restoreState(QByteArray(state))

    def closeEvent(self, event: QCloseEvent) -> None:
        self.settings.setValue(GEOMETRY_KEY, self.saveGeometry())
        self.settings.setValue(STATE_KEY, self.saveState())
        self.settings.sync()
        for w in self._windows:
            w.close()
        super().closeEvent(event)
        if event.isAccepted():
            self.files.close_all()

    def restore_last_game(self) -> bool:
        """Open the game played last with this database, if it still exists."""
        if self.settings.value(LAST_DATABASE) != describe_location(self.db):
            return False
        try:
            game_id = int(str(self.settings.value(LAST_GAME)))
        except ValueError:
            return False
        if not game_exists(self.db, game_id):
            return False
        return self.open_game(game_id)

    # ------------------------------------------------------------------ pages
    def show_start_page(self, *, list_games_now: bool = True) -> None:
        """Show the recent games and the ways to start."""
        pack_game = getattr(self, "pack_game", None)  # None while the window is being built
        if pack_game is not None:
            pack_game.close()
        if list_games_now:
            self._list_games()
        self.ui.stack.setCurrentWidget(self.start_page)
        self.ui.journalDock.hide()
        self.guideDock.hide()
        self.show_pack_docks(None)
        self.display_menu.game_opened(None)
        self.setWindowTitle("eote-ref")
        self.start_page.setFocus()
        self._set_game_actions(False)
        self._show_status(None)

    def open_game(self, game_id: int) -> bool:
        """Open a game on the dashboard, with its journal; False if its rules are not EotE's.

        A game of a pack with declared play (AVlE) opens on the pack's screen instead.
        """
        from eote_ref.referee.pack_view import game_pack, has_play

        pack = game_pack(self.db, game_id)
        if has_play(pack):
            return bool(self.pack_game.open(game_id))
        try:
            service = GameService(self.db, game_id)
        except RulesetError as e:  # a ruleset no pack has
            QMessageBox.warning(self, "Open game", str(e))
            return False
        self.pack_game.close()
        old = (self.hub, self.dashboard, self.journal, self.guide)
        self.hub = GameHub(service, self, announce=True)
        self.dashboard = Dashboard(self.hub, self, next_phase_action=self.ui.actionNextPhase)
        self.journal = JournalView(self.hub, self)
        self.ui.stack.addWidget(self.dashboard)
        self.ui.stack.setCurrentWidget(self.dashboard)
        self.ui.journalLayout.addWidget(self.journal)
        self.ui.journalDock.show()
        self.guide = TurnGuide(self.hub, self)
        self.guide.openCheck.connect(self.open_due)
        self.guide.openMenuCheck.connect(self.run_menu_check)
        self.guideDock.setWidget(self.guide)
        self.guideDock.show()
        self.show_pack_docks(pack, self.hub)  # EotE's: the movement reference (EotE 5.0)
        self.display_menu.game_opened(self.hub)
        self.resizeDocks([self.ui.journalDock, self.guideDock], [3, 2], Qt.Orientation.Horizontal)
        for w in old:
            if w is not None:
                if isinstance(w, QWidget):
                    self.ui.stack.removeWidget(w)
                    w.hide()
                w.deleteLater()
        self.hub.viewChanged.connect(self._show_view)
        self.hub.message.connect(self._message)
        self.dashboard.message.connect(self._message)
        self.dashboard.checkRequested.connect(self._run_check_key)
        self.journal.message.connect(self._message)
        self._build_game_menus()
        self._set_game_actions(True)
        if service.read_only:
            self._message(
                "Opened read-only: this database account may look at games, campaigns and the "
                "league, but not change them."
            )
        self._show_view(self.hub.view)
        self.settings.setValue(LAST_DATABASE, describe_location(self.db))
        self.settings.setValue(LAST_GAME, game_id)
        self.dashboard.panes[0].tree.setFocus()
        first = self.dashboard.panes[0].model.index(0, 0)
        if first.isValid():
            tree = self.dashboard.panes[0].tree
            tree.setCurrentIndex(self.dashboard.panes[0].proxy.mapFromSource(first))
        return True

    def _close_game(self) -> None:
        """Close the open game's dashboard, journal and guide (the start page shows)."""
        self.pack_game.close()
        self._close_eote_widgets()
        self.show_start_page()

    def show_eote_entries(self, on: bool) -> None:
        """Show (``on``) or hide the menu entries only an EotE game has.

        A pack game's screen hides them while it is open, so that its own entries are the
        only ones (found in a trial of Ligny and Saalfeld). The Adjudicate menu's and the
        PDF sheets' are hidden by the pack screen and its printing; Next phase is the pack's
        own check there.
        """
        for action in (
            self.printer.sheets_action,
            self.display_menu.menuOrders.menuAction(),
            self.actionScenario,
            self.actionEndBattle,
            self.menuCorrect.menuAction(),
            self.ui.menuUnit.menuAction(),
            self.ui.actionExpandAll,
            self.ui.actionCollapseAll,
        ):
            action.setVisible(on)

    def _close_eote_widgets(self) -> None:
        """Close an EotE game's dashboard, journal, guide and wizard (if one is open)."""
        if self.wizard is not None:
            self.wizard.reject()
        for w in (self.dashboard, self.journal, self.guide):
            if w is not None:
                self.ui.stack.removeWidget(w)
                w.hide()
                w.deleteLater()
        if self.hub is not None:
            self.hub.deleteLater()
        self.hub, self.dashboard, self.journal, self.guide = None, None, None, None
        self.show_pack_docks(None)
        self.display_menu.game_opened(None)

    def show_pack_docks(self, pack: str | None, hub: object = None) -> None:
        """Give the docks ``pack`` declares the open game's ``hub``; hide every other pack's."""
        show_pack_docks(self, pack, hub)

    def switch_database(self, db: Database) -> None:
        """Work with database ``db`` from now on: the game and the tool windows close first."""
        for w in self._windows:
            w.close()
        self._windows = []
        self._close_game()
        self.db = db
        self.setup = SetupService(db)
        self.show_start_page()

    def open_demo(self) -> None:
        """Open the demo battle (made on first use)."""
        try:
            game_id = self.setup.demo()
        except SetupError as e:
            QMessageBox.warning(self, "Demo battle", str(e))
            return
        self.open_game(game_id)

    def _set_game_actions(self, on: bool) -> None:
        for action in (
            self.ui.actionExportJournal,
            self.ui.actionNextPhase,
            self.actionEndBattle,
            self.ui.actionExpandAll,
            self.ui.actionCollapseAll,
        ):
            action.setEnabled(on)
        self.ui.menuUnit.setEnabled(on)
        self.menuCorrect.setEnabled(on)
        self.menuAdjudicate.setEnabled(on)
        for action in self.adjudicate_actions.values():
            action.setEnabled(on)
        if not on:
            self.ui.actionUndo.setEnabled(False)
            self.ui.actionRedo.setEnabled(False)
            self.ui.actionUndo.setText("&Undo")
            self.ui.actionRedo.setText("&Redo")

    def _build_game_menus(self) -> None:
        assert self.dashboard is not None
        assert self.hub is not None
        menu = self.ui.menuUnit
        menu.clear()
        for name, action in self.dashboard.marker_actions.items():
            menu.addAction(action)
            if name in ("hit-", "blown-", "off_table"):
                menu.addSeparator()
        menu.addAction(self.dashboard.find_action)
        for action in self._initiative_actions:
            self.ui.menuTurn.removeAction(action)
        self._initiative_actions = []
        for side in self.hub.view.sides:
            action = QAction(menu_text(f"Initiative: {side.name}"), self)
            action.setCheckable(True)
            pos = side.position
            action.triggered.connect(lambda _=False, p=pos: self.set_initiative(p))
            self.ui.menuTurn.addAction(action)
            self._initiative_actions.append(action)

    # ------------------------------------------------------------------ state shown
    def _show_view(self, view: GameView) -> None:
        read_only = self.hub is not None and self.hub.service.read_only
        suffix = " (read-only: this account may look but not change the game)" if read_only else ""
        self.setWindowTitle(f"{view.name} — eote-ref{suffix}")
        ui = self.ui
        ui.actionUndo.setEnabled(view.can_undo is not None)
        ui.actionRedo.setEnabled(view.can_redo is not None)
        undo = f"Undo {view.can_undo}" if view.can_undo else "Undo"
        redo = f"Redo {view.can_redo}" if view.can_redo else "Redo"
        ui.actionUndo.setText(undo_label(undo) if view.can_undo else "&Undo")
        ui.actionRedo.setText(undo_label(redo) if view.can_redo else "&Redo")
        ui.actionUndo.setToolTip(undo + " (Ctrl+Z)")
        ui.actionRedo.setToolTip(redo + " (Ctrl+Shift+Z)")
        for action, side in zip(self._initiative_actions, view.sides, strict=False):
            action.setChecked(view.initiative == side.position)
        self._show_status(view)

    def _show_status(self, view: GameView | None) -> None:
        s = self._status
        if view is None:
            for label in s.values():
                label.setText("")
                label.hide()
            return
        c = marker_colors(self.palette())
        s["game"].setText(f"<b>{_html(view.name)}</b>")
        s["turn"].setText(f"Turn {view.turn} · {view.phase.label} (EotE {view.phase.rule})")
        side = view.initiative_side
        s["initiative"].setText(f"Initiative: {_html(side)}" if side else "Initiative: not decided")
        s["scale"].setText(f"{view.figure_scale} figures")
        ruleset = _html(view.ruleset)
        if view.provisional:
            ruleset += (
                f" <span style='color:{c.threshold.name()}; font-weight:600'>"
                "⚠ provisional charts</span>"
            )
            s["ruleset"].setToolTip(
                "Some chart values in use were filled in by the project where the rules text is "
                "missing or unreadable; results that use them are marked provisional."
            )
        else:
            s["ruleset"].setToolTip("")
        s["ruleset"].setText(ruleset)
        for label in s.values():
            label.show()

    def status_text(self) -> str:
        """The status bar's permanent fields as plain text (for tests and screen readers)."""
        return " | ".join(_plain(label.text()) for label in self._status.values() if label.text())

    def _message(self, text: str) -> None:
        self.ui.statusbar.showMessage(text, 6000)

    # ------------------------------------------------------------------ commands
    def undo(self) -> None:
        """Undo the last step of the open game."""
        if self.journal is not None:
            self.journal.undo()

    def redo(self) -> None:
        """Redo the step undone last."""
        if self.journal is not None:
            self.journal.redo()

    def next_phase(self) -> None:
        """Go on to the next phase (a pack game's: its own ``next_phase`` check)."""
        if self.pack_game.is_open:
            from eote_ref.ui.pack_game.screen import NEXT_PHASE_CHECK

            self.pack_game.request(NEXT_PHASE_CHECK)
        elif self.dashboard is not None:
            self.dashboard.next_phase()

    def set_initiative(self, position: int) -> None:
        """Give the initiative to a side (one journal step)."""
        if self.hub is not None:
            hub = self.hub
            hub.attempt(lambda: hub.service.set_initiative(position))
            self._show_view(hub.view)

    def focus_guide(self) -> None:
        """Show the turn guide and put the keyboard in its list of due checks."""
        guide = self.guide if self.guide is not None else self.pack_game.guide
        if guide is None:
            return
        self.guideDock.show()
        self.guideDock.raise_()
        guide.list.setFocus()
        if guide.list.currentRow() < 0 and guide.list.count():
            guide.list.setCurrentRow(0)

    def open_due(self, check: object) -> CheckWizard | None:
        """Open the wizard that resolves a due check of the turn guide."""
        from eote_ref.referee.todo import DueCheck

        if self.hub is None or not isinstance(check, DueCheck):
            return None
        if check.procedure == "reinforcement" and check.key is not None:
            from eote_ref.ui.scenario_dialog import bring_on_reinforcement

            self.reinforcement_dialog = bring_on_reinforcement(self, self.hub, check.key)
            return None
        if check.procedure == "scenario_end":
            self.end_battle()
            return None
        if check.procedure == "army_morale":  # a demoralised side, a secret threshold to roll
            self.open_scenario()
            return None
        target = {
            k: v
            for k, v in (
                ("unit_id", check.unit_id),
                ("division_id", check.division_id),
                ("side", check.side if check.side >= 0 else None),
            )
            if v is not None
        }
        if check.unit_id is not None and self.dashboard is not None:
            self.dashboard.select_unit(check.unit_id)
        return self._show_wizard(check.procedure, target)

    def _run_check_key(self, key: str) -> CheckWizard | None:
        """Open the Adjudicate menu's check ``key`` for the selection (the tables asked)."""
        entry = next((m for m in MENU if m.key == key), None)
        return self.run_menu_check(entry) if entry is not None else None

    def run_menu_check(self, entry: MenuCheck) -> CheckWizard | None:
        """Open an Adjudicate-menu wizard for the selection it needs.

        A fire or an assault takes the whole selection: the units of the table where it
        started fire (or attack), a unit Ctrl+clicked in the other table is the target (or a
        defender). A division's check takes a division's band as well as one of its units.
        """
        if self.hub is None or self.dashboard is None:
            return None
        if BY_KEY[entry.key].batch is not None:  # a batch of the catalogue
            self.open_batch(entry.key)
            return None
        target: dict[str, object] = {}
        if entry.needs == "any":
            target = selection_target(entry.key, self.dashboard, self.hub.view)
        elif entry.needs == "division":
            division_id = self.dashboard.current_division_id()
            if division_id is not None:
                target["division_id"] = division_id
        elif entry.needs in ("unit", "side"):
            unit = self.dashboard.current_unit()
            if unit is None:
                if entry.needs == "unit":
                    self._message("Select a unit first (the arrow keys move through the table).")
                    return None
            elif entry.needs == "unit":
                target["unit_id"] = unit.id
                if entry.key == "charge":
                    # The charger is the unit selected first; a unit Ctrl+clicked in the other
                    # side's table (which then holds the current row) is the unit charged.
                    first, second = self.dashboard.selection()
                    if first and second:
                        target.update(unit_id=first[0].id, target_id=second[0].id)
            else:
                side = next(
                    s.position for s in self.hub.view.sides if any(u.id == unit.id for u in s.units)
                )
                target["side"] = side
        return self._show_wizard(entry.key, target)

    def open_batch(self, name: str) -> QDialog | None:
        """Open a batch of the catalogue (EotE's batches): one dialog, one journal step.

        The dialog is the open game's pack's (its registry line's ``window``); a pack that
        declares none has no batches of the catalogue.
        """
        if self.hub is None:
            return None
        declared = pack_window(pack_of_view(self.hub.view))
        if declared is None:
            self._message(f"{self.hub.view.ruleset} has no batch {name!r}.")
            return None
        dialog: Any = declared.batch_dialog(self.hub, name, self)  # a QDialog with its .batch
        what = dialog.batch.kind.what
        if not dialog.batch.items:
            self._message(f"{dialog.batch.kind.title}: no {what} is due it.")
            dialog.deleteLater()
            return None
        self._message(f"{dialog.batch.kind.title}: {len(dialog.batch.items)} {what}(s)")
        self.batch_dialog = dialog
        dialog.finished.connect(lambda _r: dialog.deleteLater())
        dialog.open()
        opened: QDialog = dialog
        return opened

    def _show_wizard(self, key: str, target: Mapping[str, object]) -> CheckWizard | None:
        """Open a check's wizard; at most one is open at a time (finish or close it first)."""
        assert self.hub is not None
        open_now = self.wizard
        if open_now is not None and open_now.isVisible():
            open_now.raise_()
            open_now.activateWindow()
            self._message(
                f"{open_now.windowTitle()} is still open: finish it or close it (Escape) first."
            )
            return None
        wizard = open_wizard(self.hub, key, self, **target)
        if wizard is not None:
            self.wizard = wizard
            # Hand-offs (fire to morale, assault to breakthrough) open through here too.
            wizard.opener = lambda k, t: self._show_wizard(k, t)  # type: ignore[attr-defined]
            wizard.finished.connect(lambda _r, w=wizard: self._wizard_closed(w))
        return wizard

    def _wizard_closed(self, wizard: CheckWizard) -> None:
        if wizard.outcome is not None:
            self._message(f"Applied: {wizard.check.summary(wizard.outcome)} (Ctrl+Z undoes it)")
        if self.wizard is wizard:
            self.wizard = None
        wizard.deleteLater()
        self.activateWindow()
        if self.dashboard is not None:
            self.dashboard.setFocus()

    def new_game(self) -> None:
        """Open the new-game wizard; open the game it creates."""
        try:
            from eote_ref.ui.new_game_wizard.wizard import NewGameWizard
        except ImportError as e:
            self._not_available("New game", e)
            return
        wizard = NewGameWizard(self.setup, self)
        if wizard.exec() == QDialog.DialogCode.Accepted:
            game_id = getattr(wizard, "game_id", None)
            if game_id is not None:
                self.open_game(int(game_id))
        wizard.deleteLater()

    def open_roster_editor(self) -> None:
        """Open the roster (army list) editor in its own window."""
        try:
            from eote_ref.referee.roster_service import RosterService
            from eote_ref.ui.roster_editor.window import RosterEditorWindow
        except ImportError as e:
            self._not_available("Roster editor", e)
            return
        window = RosterEditorWindow(RosterService(self.db), self)
        self._windows.append(window)
        window.show()

    def open_scenario(self) -> QDialog | None:
        """The scenario of the game: objectives held, reinforcements, breakpoints, timer."""
        if self.hub is None:
            return None
        from eote_ref.ui.scenario_dialog import ScenarioDialog

        dialog = ScenarioDialog(self.hub, self)
        dialog.show()
        return dialog

    def end_battle(self) -> QDialog | None:
        """Show the battle summary per side (EotE: after the battle), exportable to CSV/HTML."""
        if self.hub is None:
            return None
        from eote_ref.referee.campaign import CampaignService
        from eote_ref.ui.battle_summary import BattleSummaryDialog

        dialog = BattleSummaryDialog(self.hub, self, CampaignService(self.db))
        dialog.open()
        return dialog

    def open_campaigns(self) -> None:
        """Open the club campaigns window (members, battles, league tables, charts)."""
        from eote_ref.referee.campaign import CampaignService
        from eote_ref.ui.campaign_window import CampaignWindow

        window = CampaignWindow(CampaignService(self.db), self)
        window.game_started.connect(self.open_game)
        self._windows.append(window)
        window.show()

    def _not_available(self, what: str, error: ImportError) -> None:
        QMessageBox.information(
            self,
            what,
            f"{what} is not available in this build of eote-ref.\n\n({error})",
        )

    def _journal_hub(self) -> GameHub | None:
        """The open game's hub, EotE's or a pack game's (both keep the journal)."""
        return self.hub if self.hub is not None else self.pack_game.hub  # type: ignore[return-value]

    def export_journal_dialog(self) -> None:
        """Ask for a file name and export the journal there."""
        hub = self._journal_hub()
        if hub is None:
            return
        default = pathlib.Path.home() / f"{_safe_name(hub.view.name)} journal.csv"
        path, _ = QFileDialog.getSaveFileName(
            self,
            "Export journal",
            str(default),
            "CSV spreadsheet (*.csv);;Plain text (*.txt)",
        )
        if path:
            try:
                self.export_journal(pathlib.Path(path))
            except OSError as e:
                QMessageBox.warning(self, "Export journal", f"Could not write {path}:\n{e}")
                return
            self._message(f"Journal saved to {path}")

    def export_journal(self, path: pathlib.Path) -> None:
        """Write the journal, oldest step first: CSV for ``.csv``, aligned text otherwise."""
        hub = self._journal_hub()
        if hub is None:
            raise ValueError("no game is open")
        write_journal(hub, path)

    def open_log_folder(self) -> None:
        """Show the log folder in the system's file manager (made if missing)."""
        from eote_ref.referee.logs import log_folder, start_logging

        start_logging()
        folder = log_folder()
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))):
            self.statusBar().showMessage(f"The log files are in {folder}")

    def about(self) -> None:
        """The About box."""
        QMessageBox.about(
            self,
            "About eote-ref",
            f"<h3>eote-ref {__version__}</h3>"
            "<p>A referee assistant for Napoleonic miniatures battles fought under "
            "<i>Eagles Over the Empire</i> 6.2.</p>"
            f"<p>Games are saved as you play in<br><tt>{_html(describe_location(self.db))}</tt></p>"
            "<p>Free software under the GNU GPL, version 3 or later.</p>",
        )

    def show_later(self) -> None:
        """Show the window and focus the dashboard once the event loop runs."""
        self.show()
        QTimer.singleShot(0, lambda: self.dashboard.setFocus() if self.dashboard else None)


def _plain(text: str) -> str:
    """Rich text without tags and entities."""
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def _html(text: str) -> str:
    return html.escape(text)


def _safe_name(name: str) -> str:
    keep = "".join(ch if ch.isalnum() or ch in " -_" else " " for ch in name)
    return " ".join(keep.split())[:60] or "game"
