"""The main window with a pack game open: dashboard, journal, turn guide, menus, status bar.

:class:`PackGameScreen` is the main window's part for a game whose pack declares its play
(:func:`~eote_ref.referee.pack_view.has_play`): the window asks it to open such a game and
keeps its EotE dashboard for the others. Undo and redo are the journal's (the same
:class:`~eote_ref.ui.journal_view.JournalView` as EotE's); the Adjudicate menu lists the
pack's checks; a check opens :class:`~eote_ref.ui.pack_game.check_dialog.PackCheckDialog`.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from eote_ref.packs import registry
from eote_ref.referee.pack_view import PackView, game_pack
from eote_ref.ui.action_text import menu_text, undo_label
from eote_ref.ui.journal_view import JournalView

#: The key of a pack's own check that ends the phase (:mod:`eote_ref.packs.play`): Turn →
#: Next phase (Ctrl+Return) opens it while the pack's game is open.
NEXT_PHASE_CHECK = "next_phase"

if TYPE_CHECKING:  # imported when a pack game is first opened, not for the first paint
    from eote_ref.ui.pack_game.dashboard import PackDashboard
    from eote_ref.ui.pack_game.hub import PackHub
    from eote_ref.ui.pack_game.turn_guide import PackTurnGuide


class PackGameScreen(QObject):
    """A pack game in the main window ``window`` (one at a time; :meth:`close` ends it)."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        self.hub: PackHub | None = None
        self.dashboard: PackDashboard | None = None
        self.journal: JournalView | None = None
        self.guide: PackTurnGuide | None = None
        #: The check dialog open last (tests drive it).
        self.dialog: Any = None
        #: The check picker last opened (Ctrl+K), if any.
        self.picker: Any = None
        self.display: Any = None
        self._return_focus: QWidget | None = None
        self._actions: list[QAction] = []
        #: Rules → Tables while a pack game is open, and its dialog opened last.
        self.rules_menu: Any = None
        self.tables: Any = None
        ui = window.ui
        self.actionDisplay = QAction("Players' display (this game)", window)
        self.actionDisplay.setObjectName("actionPackPlayersDisplay")
        # F12 belongs to whichever players' display is shown: this one while a pack game is
        # open (EotE's is hidden meanwhile), EotE's otherwise (one shortcut, one owner).
        self.actionDisplay.setStatusTip(
            "The players' display of the open game: hands kept hidden, and what fog hides"
        )
        self.actionDisplay.triggered.connect(self.open_display)
        self.actionDisplay.setVisible(False)
        ui.menuView.addAction(self.actionDisplay)

    @property
    def is_open(self) -> bool:
        return self.hub is not None

    # ------------------------------------------------------------------ open and close
    def open(self, game_id: int) -> bool:
        """Open pack game ``game_id`` on the window (the EotE game, if any, is closed first).

        A game the pack cannot read (a hand-edited database: EotE's rows under another pack's
        ruleset) is refused in words and nothing on the window changes; False then.
        """
        from eote_ref.referee.game_open import open_service
        from eote_ref.referee.pack_view import read_pack_view
        from eote_ref.ui.pack_game.dashboard import PackDashboard
        from eote_ref.ui.pack_game.hub import PackHub
        from eote_ref.ui.pack_game.turn_guide import PackTurnGuide

        w = self.window
        try:
            service = open_service(w.db, game_id)
            read_pack_view(service)  # the pack reads the whole game once before it is shown
        except (KeyError, ValueError) as e:  # REFUSALS are ValueErrors, KeyError the turn's
            pack = game_pack(w.db, game_id)
            ruleset = next((r for r, p in registry.RULESETS.items() if p == pack), pack)
            QMessageBox.warning(
                w,
                "Open game",
                f"Game {game_id} is played with {registry.PACKS[pack][1]} ({ruleset}), but "
                f"that pack cannot read it: {e}",
            )
            return False
        self.close()
        w._close_eote_widgets()
        self.hub = PackHub(service, self)
        self.dashboard = PackDashboard(self.hub, w)
        self.journal = JournalView(self.hub, w)  # type: ignore[arg-type]
        self.guide = PackTurnGuide(self.hub, w)
        w.journal = self.journal  # Undo / Redo (Ctrl+Z) go through the journal, as for EotE
        w.ui.stack.addWidget(self.dashboard)
        w.ui.stack.setCurrentWidget(self.dashboard)
        w.ui.journalLayout.addWidget(self.journal)
        w.ui.journalDock.show()
        w.guideDock.setWidget(self.guide)
        w.guideDock.show()
        w.show_pack_docks(game_pack(w.db, game_id), self.hub)  # the docks its pack declares
        w.resizeDocks([w.ui.journalDock, w.guideDock], [3, 2], Qt.Orientation.Horizontal)
        # The orders of battle keep most of the height; the guide's steps scroll in their dock.
        w.resizeDocks([w.ui.journalDock], [max(220, w.height() // 3)], Qt.Orientation.Vertical)
        self.hub.viewChanged.connect(self.show_view)
        self.hub.message.connect(w._message)
        self.dashboard.message.connect(w._message)
        self.dashboard.checkRequested.connect(self.open_check)
        self.guide.openCheck.connect(self.open_due)
        self.journal.message.connect(w._message)
        w._set_game_actions(False)
        w.show_eote_entries(False)
        # Turn → Next phase (Ctrl+Return, the toolbar's) is the pack's own check if it has
        # one; a pack whose turn moves on by its other checks hides it.
        has_next = NEXT_PHASE_CHECK in self.hub.service.play.checks
        w.ui.actionNextPhase.setVisible(has_next)
        w.ui.actionNextPhase.setEnabled(has_next)
        for action in w._initiative_actions:  # an EotE game's "Initiative: side" entries
            w.ui.menuTurn.removeAction(action)
        w._initiative_actions = []
        self._build_menus()
        w.pack_printing.game_opened(self.hub)
        w.display_menu.pack_opened(self.hub)  # View → Fog of war sets this game's fog
        self.actionDisplay.setVisible(True)
        self.actionDisplay.setEnabled(True)
        w.display_menu.actionDisplay.setVisible(False)
        w.display_menu.actionDisplay.setShortcut(QKeySequence())
        self.actionDisplay.setShortcut(QKeySequence("F12"))
        self.show_view(self.hub.view)
        from eote_ref.referee.session import describe_location
        from eote_ref.ui.settings import LAST_DATABASE, LAST_GAME

        w.settings.setValue(LAST_DATABASE, describe_location(w.db))
        w.settings.setValue(LAST_GAME, game_id)
        first = self.dashboard.panes[0] if self.dashboard.panes else None
        if first is not None:
            first.tree.setFocus()
            top = first.tree.topLevelItem(0)
            child = top.child(0) if top is not None else None
            if child is not None:
                first.tree.setCurrentItem(child)
        return True

    def close(self) -> None:
        """Close the open pack game's widgets (the window shows something else next)."""
        if self.hub is None:
            return
        w = self.window
        if self.dialog is not None:
            self.dialog.reject()
            self.dialog = None
        if self.display is not None:
            self.display.close()
            self.display.deleteLater()
            self.display = None
        for widget in (self.dashboard, self.journal, self.guide):
            if widget is not None:
                w.ui.stack.removeWidget(widget)
                widget.hide()
                widget.deleteLater()
        if w.journal is self.journal:
            w.journal = None
        self.hub.deleteLater()
        self.hub, self.dashboard, self.journal, self.guide = None, None, None, None
        self._clear_menus()
        w.show_eote_entries(True)
        w.ui.actionNextPhase.setVisible(True)
        w.pack_printing.game_opened(None)
        w.display_menu.pack_opened(None)
        self.actionDisplay.setVisible(False)
        self.actionDisplay.setShortcut(QKeySequence())
        w.display_menu.actionDisplay.setVisible(True)
        w.display_menu.actionDisplay.setShortcut(QKeySequence("F12"))

    # ------------------------------------------------------------------ menus
    def open_tables(self) -> Any:
        """Rules → Tables: the open game's tables in a dialog (kept in :attr:`tables`)."""
        from eote_ref.ui.pack_game.tables_dialog import PackTablesDialog

        if self.hub is None:
            return None
        self.tables = PackTablesDialog(self.hub, self.window)
        self.tables.show()
        return self.tables

    def _clear_menus(self) -> None:
        rules = getattr(self, "rules_menu", None)
        if rules is not None:
            self.window.menuBar().removeAction(rules.menuAction())
            rules.deleteLater()
            self.rules_menu = None
        menu = self.window.menuAdjudicate
        for action in self._actions:
            menu.removeAction(action)
            action.deleteLater()
        self._actions = []
        menu.removeAction(self.window.ui.actionNextPhase)  # shared: taken out, never deleted
        for action in self.window.adjudicate_actions.values():
            action.setVisible(True)

    def _build_menus(self) -> None:
        """The Adjudicate menu: the pack's checks (EotE's hidden while the game is open)."""
        assert self.hub is not None
        w = self.window
        self._clear_menus()
        for action in w.adjudicate_actions.values():
            action.setVisible(False)
        play = self.hub.service.play
        # A scenario's own check only in a game of that scenario (a crossroads' control); the
        # others keep the Alt+number of their place among all the pack's, whatever the game.
        offered = play.offered(self.hub.view.state)
        # Every check by keyboard: the first nine on Alt+1…9, any of them by name (Ctrl+K).
        pick = QAction("Check by &name…", w)
        pick.setObjectName("actionPackCheckByName")
        pick.setShortcut(QKeySequence("Ctrl+K"))
        pick.setStatusTip("Type a word of a check's name or its section, Enter to open it")
        pick.triggered.connect(self.pick_check)
        w.menuAdjudicate.addAction(pick)
        self._actions.append(pick)
        for n, (key, spec) in enumerate(play.checks.items(), 1):
            if key not in offered:
                continue
            if key == NEXT_PHASE_CHECK:
                # One path: the window's own Next phase (Ctrl+Return, Turn and the toolbar),
                # which opens this check, listed here among the pack's checks too.
                w.menuAdjudicate.addAction(w.ui.actionNextPhase)
                continue
            action = QAction(menu_text(f"{spec.title} ({spec.rule})"), w)
            action.setObjectName(f"actionPackCheck_{key}")
            if n <= 9:
                action.setShortcut(QKeySequence(f"Alt+{n}"))
            action.setStatusTip(f"{spec.title} on the {spec.target} selected")
            action.triggered.connect(lambda _=False, k=key: self.request(k))
            w.menuAdjudicate.addAction(action)
            self._actions.append(action)
        self._add_batch_actions()
        w.menuAdjudicate.setEnabled(True)
        w.ui.actionExportJournal.setEnabled(True)
        # Rules → Tables: the pack's tables with each cell's source; a club types its own.
        tables = QAction("&Tables… (each cell's source; house tables)", w)
        tables.setObjectName("actionPackTables")
        tables.setStatusTip("The pack's tables, text, provisional or house, cell by cell")
        tables.triggered.connect(self.open_tables)
        rules_menu = w.menuBar().addMenu("&Rules")
        assert rules_menu is not None
        rules_menu.setObjectName("menuPackRules")
        rules_menu.addAction(tables)
        self.rules_menu = rules_menu
        self._actions.append(tables)

    def _add_batch_actions(self) -> None:
        """A batch of each check the pack declares batchable, on Ctrl+Alt+1…9."""
        from eote_ref.referee.pack_batch import batchable

        assert self.hub is not None
        w = self.window
        for n, spec in enumerate(batchable(self.hub.service), 1):
            action = QAction(menu_text(f"{spec.title}, several {spec.target}s… ({spec.rule})"), w)
            action.setObjectName(f"actionPackBatch_{spec.key}")
            if n <= 9:
                action.setShortcut(QKeySequence(f"Ctrl+Alt+{n}"))
            action.setStatusTip(
                f"{spec.title} for the side whose turn it is (else the selected one's), one step"
            )
            action.triggered.connect(lambda _=False, k=spec.key: self.open_batch(k))
            w.menuAdjudicate.addAction(action)
            self._actions.append(action)

    def open_batch(self, key: str, side_id: int | None = None) -> Any:
        """Check ``key`` for the units of a side in one step.

        The side whose turn it is, if the pack's turn names one (a player turn), else the
        selection's, else the first.
        """
        from eote_ref.referee.pack_batch import batch_side, batch_targets, open_batch
        from eote_ref.ui.pack_game.batch_dialog import PackBatchDialog

        if self.hub is None or self.dashboard is None:
            return None
        service = self.hub.service
        # The side whose turn it is (a player turn), else the selection's.
        side = side_id or batch_side(
            service, self.hub.view.state, self.dashboard.selected().get("side_id")
        )
        targets = self.hub.attempt(lambda: batch_targets(service, key, side))
        batch = (
            None if targets is None else self.hub.attempt(lambda: open_batch(service, key, targets))
        )
        if batch is None:
            return None
        back = QApplication.focusWidget()
        self._return_focus = back if back is not None and back.window() is self.window else None
        dialog = PackBatchDialog(self.hub, batch, self.window)
        self.dialog = dialog
        dialog.finished.connect(lambda _r, d=dialog: self._closed(d))
        dialog.open()
        dialog.activateWindow()
        return dialog

    def pick_check(self) -> Any:
        """Ctrl+K: choose any of the pack's checks by typing its name, then open it."""
        from eote_ref.ui.pack_game.check_picker import CheckPicker

        if self.hub is None:
            return None
        picker = CheckPicker(self.hub.service.play.offered(self.hub.view.state), self.window)
        self.picker = picker
        picker.accepted.connect(lambda: self.request(picker.chosen) if picker.chosen else None)
        picker.open()
        picker.activateWindow()
        return picker

    def request(self, key: str) -> Any:
        """Open check ``key`` on the dashboard's selection (the Adjudicate menu)."""
        if self.dashboard is None:
            return None
        target = self.dashboard.target_for(key)
        return self.open_check(key, target) if target is not None else None

    # ------------------------------------------------------------------ state shown
    def show_view(self, view: PackView) -> None:
        """The window's title, Undo / Redo labels and status bar for ``view``."""
        w = self.window
        w.setWindowTitle(f"{view.name} — eote-ref")
        ui = w.ui
        ui.actionUndo.setEnabled(view.can_undo is not None)
        ui.actionRedo.setEnabled(view.can_redo is not None)
        ui.actionUndo.setText(undo_label(f"Undo {view.can_undo}") if view.can_undo else "&Undo")
        ui.actionRedo.setText(undo_label(f"Redo {view.can_redo}") if view.can_redo else "&Redo")
        ui.actionUndo.setToolTip(f"Undo {view.can_undo or ''} (Ctrl+Z)")
        ui.actionRedo.setToolTip(f"Redo {view.can_redo or ''} (Ctrl+Shift+Z)")
        s = w._status
        e = html.escape
        s["game"].setText(f"<b>{e(view.name)}</b>")
        s["turn"].setText(e(view.turn_label[:1].upper() + view.turn_label[1:]))
        s["initiative"].setText("")
        s["scale"].setText("")
        s["ruleset"].setText(e(view.title))
        s["ruleset"].setToolTip("")
        for label in s.values():
            label.setVisible(bool(label.text()))

    # ------------------------------------------------------------------ checks
    def open_check(self, key: str, target: dict[str, Any]) -> Any:
        """Open the wizard of check ``key`` on ``target``; at most one is open at a time."""
        from eote_ref.ui.pack_game.check_dialog import PackCheckDialog

        hub = self.hub
        if hub is None:
            return None
        if self.dialog is not None and self.dialog.isVisible():
            self.dialog.raise_()
            self.window._message(
                f"{self.dialog.windowTitle()} is still open: finish it or close it first."
            )
            return None
        if self.dashboard is not None:
            for kind in ("unit", "leader"):
                if f"{kind}_id" in target:
                    self.dashboard.select(kind, int(target[f"{kind}_id"]))
        check = hub.attempt(lambda: hub.service.open_check(key, **target))
        if check is None:
            return None
        preset = None
        if self.dashboard is not None:  # the target Ctrl and its code marked (issue 32)
            from eote_ref.ui.pack_game.codes import preset_target

            preset = preset_target(check, self.dashboard.codes.target())
        back = QApplication.focusWidget()
        self._return_focus = back if back is not None and back.window() is self.window else None
        likely = self.dashboard.codes.likely() if self.dashboard is not None else ()
        dialog = PackCheckDialog(hub, check, self.window, likely)
        self.dialog = dialog
        dialog.finished.connect(lambda _r, d=dialog: self._closed(d))
        dialog.open()
        dialog.activateWindow()  # its keys (Alt+R rolls, Enter applies) are the dialog's
        if preset is not None:  # the target given on the dashboard: the die is next
            dialog.focus_die()
        elif self.dashboard is not None:
            self._note_unused_target(dialog, self.dashboard.codes.target())
        return dialog

    def _note_unused_target(self, dialog: Any, marked: int | None) -> None:
        """Say so when the target Ctrl and a code marked is not one this check asks for.

        A check made on the unit fired on (no unit asked) would otherwise drop the mark
        without a word and be made on the unit selected.
        """
        if marked is None or self.hub is None:
            return
        check = dialog.check
        if check.spec.target != "unit" or check.target.get("unit_id") in (marked, None):
            return  # a game's or a side's check (the round, victory) is no unit's
        unit = next((u for u in self.hub.view.state.units if u.id == marked), None)
        if unit is None:
            return
        code = getattr(unit, "code", "")
        name = f"{code} {unit.name}".strip()
        on = dialog.subject_text()
        text = f"{name}, marked as the target, is not asked by this check" + (
            f": it is made on {on}." if on else "."
        )
        dialog.note_subject(text)
        self.window._message(text)

    def open_due(self, key: str, target: dict[str, Any]) -> Any:
        """Open a turn-guide item on its target.

        An item may name only a side (an order to give) where its check takes a unit: the
        check is opened on the side when the pack asks there which unit (an order may),
        else on the unit of that side selected on the dashboard, else the umpire is asked to
        select one.
        """
        if self.hub is None or self.dashboard is None:
            return None
        spec = self.hub.service.play.checks.get(key)
        kind = getattr(spec, "target", "game")
        wanted = f"{kind}_id"
        if kind not in ("unit", "leader") or wanted in target:
            return self.open_check(key, target)
        side = target.get("side_id")
        if side is not None and self._asks_for_its(key, target):
            return self.open_check(key, target)
        selected = self.dashboard.selected()
        if wanted in selected and (side is None or selected.get("side_id") == side):
            return self.open_check(key, {wanted: selected[wanted]})
        name = next((s.name for s in self.hub.view.sides if s.id == side), "")
        whose = f" of {name}" if name else ""
        self.window._message(
            f"{spec.title if spec else key}: select a {kind}{whose} on the dashboard, then "
            "press Enter on this item again."
        )
        self.dashboard.focus_side(side)
        return None

    def _asks_for_its(self, key: str, target: dict[str, Any]) -> bool:
        """Whether check ``key`` opens on ``target`` (a side) and asks there for its unit."""
        hub = self.hub
        assert hub is not None
        try:
            hub.service.open_check(key, **target).facts()
        except (KeyError, ValueError):
            return False
        return True

    def _closed(self, dialog: Any) -> None:
        """A check's wizard or a batch closed: the keyboard back where it was; what was done."""
        check = getattr(dialog, "check", None)  # a batch has none: its title is the batch's
        if dialog.applied:
            title = check.title if check is not None else dialog.batch.title
            self.window._message(f"Applied: {title} (Ctrl+Z undoes it)")
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()
        self.window.activateWindow()
        back = self._return_focus
        if back is not None and back.isVisible():
            back.setFocus()  # where the umpire was: the turn guide's list, a side's table
        elif self.dashboard is not None:
            self.dashboard.focus_side(None)
        if dialog.applied and check is not None:
            self.offer_next(check)

    def offer_next(self, check: Any) -> str:
        """The checks the pack offers next on a check's subject (an ordered unit's fire...).

        The subject is selected on the dashboard and the status bar names what it may do
        next with each check's shortcut (``Next for F3 Foy's division: Fire (Alt+2)``); the
        checks that would refuse it now are left out. Returns the message ("" for none).
        """
        from eote_ref.referee.errors import REFUSALS

        hub, dashboard = self.hub, self.dashboard
        then = tuple(getattr(check.spec, "then", ()))
        subject = check.subject()
        if hub is None or dashboard is None or not then or subject is None:
            return ""
        kind, row_id = subject
        offered = []
        for key in then:
            try:
                trial = hub.service.open_check(key, **{f"{kind}_id": row_id}).trial({})
            except REFUSALS:
                continue
            if trial.error is None:
                offered.append(key)
        if not offered or not dashboard.select(kind, row_id):
            return ""
        checks = hub.service.play.checks
        shortcuts = {a.objectName().removeprefix("actionPackCheck_"): a for a in self._actions}
        words = []
        for key in offered:
            action = shortcuts.get(key)
            keys = action.shortcut().toString() if action is not None else ""
            words.append(f"{checks[key].title} ({keys})" if keys else checks[key].title)
        text = f"Next for {check.subject_text()}: {', '.join(words)}"
        self.window._message(text)
        return text

    # ------------------------------------------------------------------ players' display
    def open_display(self) -> QWidget | None:
        """The players' display of the open game (raised if open already)."""
        if self.hub is None:
            return None
        from eote_ref.ui.pack_game.players_display import PackPlayersDisplay

        if self.display is None:
            self.display = PackPlayersDisplay(self.hub, self.window)  # a window of its own
            self.display.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        display: QWidget = self.display
        display.show()
        display.raise_()
        return display
