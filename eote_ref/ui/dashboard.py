"""The umpire's dashboard: both orders of battle with their markers, and the turn and phase."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QPoint,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QKeySequence,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QMenu,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTabWidget,
    QWidget,
)

from eote_ref.referee import facts as turn_facts
from eote_ref.referee.markers import BLOWN_CAVALRY_ONLY, carries_blown
from eote_ref.referee.phases import steps_at_scale
from eote_ref.referee.todo import DueCheck, morale_checks_due, owed
from eote_ref.referee.views import GameView, UnitView
from eote_ref.ui.code_keys import CodeKeys, DashboardTables
from eote_ref.ui.forms.ui_dashboard import Ui_Dashboard
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.phase_bar import PhaseBar
from eote_ref.ui.side_pane import SidePane
from eote_ref.ui.theme import marker_colors
from eote_ref.ui.unit_model import (
    Column,
    Role,
    formation_label,
)

#: Keys of "Next phase".
NEXT_PHASE_KEYS = [QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")]

#: Below this width the two sides are shown as tabs instead of side by side.
NARROW_WIDTH = 1100


@dataclass(frozen=True)
class MarkerCommand:
    """A dashboard command on the selected unit: its name, keys and menu label."""

    name: str
    label: str
    keys: tuple[str, ...]
    tip: str


MARKER_COMMANDS = (
    MarkerCommand("hit+", "Add a hit", ("+", "="), "One more hit (EotE 1.3)"),
    MarkerCommand("hit-", "Remove a hit", ("-", "_"), "One hit fewer"),
    MarkerCommand("disorder", "Disordered", ("D",), "Toggle the disorder marker"),
    MarkerCommand("blown+", "Blown +1", ("B",), "One more blown marker (cavalry, EotE 5.10)"),
    MarkerCommand("blown-", "Blown −1", ("Shift+B",), "One blown marker fewer"),
    MarkerCommand("routed", "Routed", ("R",), "Toggle routed (EotE 7.5)"),
    MarkerCommand("pinned", "Pinned", ("P",), "Toggle pinned (EotE 5.5)"),
    MarkerCommand("command", "Out of command", ("C",), "Toggle in / out of command (EotE 3.6)"),
    MarkerCommand("off_table", "Off table", ("O",), "Toggle off table"),
    MarkerCommand("formation", "Formation…", ("F",), "Pick the unit's formation"),
)

_TOGGLES = {
    "disorder": "disordered",
    "routed": "routed",
    "pinned": "pinned",
    "command": "out_of_command",
    "off_table": "off_table",
}


class Dashboard(QWidget):
    """Both sides' orders of battle with every marker, and the turn and phase.

    Every key or menu command is one call to the game service (one journal step); the
    tables are refreshed from :attr:`GameHub.viewChanged` by targeted row updates.
    """

    message = Signal(str)
    #: A check's wizard asked for from the tables (its catalogue key), e.g. ``formation``.
    checkRequested = Signal(str)

    def __init__(
        self,
        hub: GameHub,
        parent: QWidget | None = None,
        *,
        next_phase_action: QAction | None = None,
    ) -> None:
        super().__init__(parent)
        self.ui = Ui_Dashboard()
        self.ui.setupUi(self)
        self.hub = hub
        self.phase_bar = PhaseBar(self)
        self.ui.phaseBarLayout.addWidget(self.phase_bar)
        font = self.ui.turnLabel.font()
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setBold(True)
        self.ui.turnLabel.setFont(font)

        if next_phase_action is None:
            next_phase_action = QAction("Next phase", self)
            next_phase_action.setShortcuts(NEXT_PHASE_KEYS)
            next_phase_action.setToolTip("Go on to the next phase of the turn (Ctrl+Return)")
            next_phase_action.triggered.connect(self.next_phase)
        self.next_phase_action = next_phase_action
        self.ui.nextPhaseButton.setDefaultAction(self.next_phase_action)
        button = self.ui.nextPhaseButton
        bold = button.font()
        bold.setBold(True)
        button.setFont(bold)
        button.setMinimumHeight(self.phase_bar.sizeHint().height())
        button.setMinimumWidth(button.sizeHint().width() + 16)

        self.marker_actions: dict[str, QAction] = {}
        for cmd in MARKER_COMMANDS:
            action = QAction(cmd.label, self)
            action.setShortcuts([QKeySequence(k) for k in cmd.keys])
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.setToolTip(cmd.tip)
            action.setStatusTip(cmd.tip)
            action.triggered.connect(lambda _=False, n=cmd.name: self.run_command(n))
            self.addAction(action)
            self.marker_actions[cmd.name] = action
        self.find_action = QAction("Filter units", self)
        self.find_action.setShortcut(QKeySequence.StandardKey.Find)
        self.find_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.find_action.triggered.connect(self._focus_filter)
        self.addAction(self.find_action)

        self.panes = [SidePane(), SidePane()]
        #: A unit's code number typed on a table goes to that unit.
        self.code_keys = CodeKeys(DashboardTables(self))
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.ui.sidesLayout.addWidget(self.splitter)
        self.ui.sidesLayout.addWidget(self.tabs)
        self._narrow: bool | None = None
        self._active = 0
        for i, pane in enumerate(self.panes):
            pane.tree.command.connect(self.run_command)
            pane.tree.focused.connect(lambda i=i: self._set_active(i))
            pane.tree.customContextMenuRequested.connect(
                lambda pos, i=i: self._context_menu(i, pos)
            )
            pane.tree.doubleClicked.connect(lambda index, i=i: self._double_clicked(i, index))
            pane.tree.selectionModel().selectionChanged.connect(
                lambda _a, _b, i=i: self._selection_changed(i)
            )
            pane.tree.plain_click.connect(lambda i=i: self._selection_changed(i))
            pane.tree.number_typed.connect(lambda d, add, i=i: self.code_keys.typed(i, d, add))
            pane.tree.other_table.connect(lambda i=i: self._focus_table(1 - i))
        #: The side table where the selection started (its units act; the other's are targets).
        self._anchor = 0
        #: The game's options and scale, and the scaling of listed inches they give.
        self._scaled_for: tuple[Any, Callable[[float], float]] | None = None
        self._set_narrow(False)

        self._set_keys_label()
        # The hint takes the room the filter leaves (cut at the right on a narrow window),
        # never the filter's: a code typed there must stay readable.
        self.ui.filterLayout.setStretchFactor(self.ui.keysLabel, 1)
        self.ui.filterEdit.textChanged.connect(self.set_filter)
        self.ui.expandAllButton.clicked.connect(self.expand_all)
        self.ui.collapseAllButton.clicked.connect(self.collapse_all)
        hub.viewChanged.connect(self.show_view)
        self.show_view(hub.view)
        self.setFocusProxy(self.panes[0].tree)

    def _set_keys_label(self) -> None:
        dim = marker_colors(self.palette()).dim_text.name()
        self.ui.keysLabel.setText(
            f"<span style='color:{dim}'>Keys on the selected unit: <b>+</b>/<b>−</b> hits · "
            "<b>D</b> disorder · <b>B</b>/<b>⇧B</b> blown · <b>R</b> routed · <b>P</b> pinned · "
            "<b>C</b> command · <b>O</b> off table · <b>F</b> formation · "
            "<b>Ctrl+click</b> adds a unit: firers, then their target · "
            "<b>12</b> goes to unit 12 of this side, <b>Ctrl+12</b> adds the other side's "
            "· <b>F6</b> the other table</span>"
        )

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and getattr(self, "panes", None):
            # The system switched light/dark: rich-text colours are re-chosen.
            self._set_keys_label()
            for pane in self.panes:
                pane._header_of = None
            self.show_view(self.hub.view)

    # ------------------------------------------------------------------ layout
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._set_narrow(event.size().width() < NARROW_WIDTH)

    def _set_narrow(self, narrow: bool) -> None:
        """Side by side on wide windows, tabs on narrow ones."""
        if narrow == self._narrow:
            return
        self._narrow = narrow
        if narrow:
            for pane in self.panes:
                self.tabs.addTab(pane, pane.model.side_name or "Side")
            self.splitter.hide()
            self.tabs.show()
        else:
            for i, pane in enumerate(self.panes):
                self.splitter.addWidget(pane)
                self.splitter.setStretchFactor(i, 1)
                pane.show()  # the tab not on top was hidden by the tab widget
            self.tabs.clear()
            self.tabs.hide()
            self.splitter.show()
            # Halves once the splitter has its width: sizes set while the layout is still
            # pending (in a resize) came out [0, 0], both tables hidden.
            self._halve_splitter()
            QTimer.singleShot(0, self, self._halve_splitter)

    def _halve_splitter(self) -> None:
        """The two sides' tables side by side, half the width each (none collapsed)."""
        if self._narrow:
            return
        self.splitter.updateGeometry()
        width = max(self.splitter.width(), self.width(), 2 * self.splitter.handleWidth() + 2)
        self.splitter.setSizes([width // 2, width - width // 2])

    @property
    def narrow(self) -> bool:
        """True when the sides are shown as tabs."""
        return bool(self._narrow)

    def _set_active(self, i: int) -> None:
        self._active = i

    # ------------------------------------------------------------------ state
    def show_view(self, view: GameView) -> None:
        """Show ``view``: turn, phase, steps and both sides."""
        threshold = self.hub.service.morale_threshold
        fired = turn_facts.fired_this_turn(view)
        morale = morale_checks_due(view)
        for pane, side in zip(self.panes, view.sides, strict=False):
            pane.set_side(
                side, threshold, view.initiative == side.position, view.turn, fired, morale
            )
        for pane in self.panes:
            j = self.tabs.indexOf(pane)
            if j >= 0:
                self.tabs.setTabText(j, pane.model.side_name)
        self.ui.turnLabel.setText(f"Turn {view.turn}")
        self.phase_bar.set_phase(view.phase)
        self.phase_bar.setToolTip(f"{view.phase.label} phase (EotE {view.phase.rule})")
        dim = marker_colors(self.palette()).dim_text.name()
        listed = steps_at_scale(view.phase, self._scaler(view))
        steps = "".join(
            f"<span style='color:{dim}'>{n}.</span>&nbsp;{html.escape(s)}<br>"
            for n, s in enumerate(listed, start=1)
        )
        self.ui.stepsLabel.setText(
            f"<b>{html.escape(view.phase.label)}</b> "
            f"<span style='color:{dim}'>(EotE {view.phase.rule})</span><br>{steps}"
            f"{due_text(self.hub.due_in(view), dim)}{self._tracks_text(view)}"
        )

    def _tracks_text(self, view: GameView) -> str:
        """A scenario's army morale tracks (house rule), one a line; empty without any."""
        from eote_ref.referee.scenario_state import scenario_of

        if not scenario_of(self.hub.service)[0].get("army_morale"):
            return ""  # the tracks' module is not loaded for a game without them
        from eote_ref.referee.army_morale import shown_tracks

        lines = shown_tracks(self.hub.service, view.turn)
        if not lines:
            return ""
        return "<br><b>Army morale</b><br>" + "<br>".join(html.escape(x) for x in lines)

    def _scaler(self, view: GameView) -> Callable[[float], float]:
        """Listed inches to inches at the game's figure scale, as the checks count them.

        Read from the rules the game's ruleset names, with its options (not from the game
        service, which would load the ORM before the first paint).
        """
        options = tuple(
            sorted((k, v) for k, v in view.options.items() if not str(k).startswith("display_"))
        )
        key = (view.ruleset, options, view.figure_scale)
        if self._scaled_for is None or self._scaled_for[0] != key:
            from eote_ref.referee.game_rules import eote_rules

            ruleset = eote_rules(view.ruleset, dict(options))
            scale = view.figure_scale
            self._scaled_for = (key, lambda inches: ruleset.scaled(inches, scale))
        return self._scaled_for[1]

    def current_unit(self) -> UnitView | None:
        """The unit selected in the side table last used."""
        return self.panes[self._active].current_unit()

    def _selection_changed(self, i: int) -> None:
        """A plain click or arrow starts a new selection: the other table's is cleared."""
        tree = self.panes[i].tree
        adding = tree.selection_mods & (
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
        )
        tree.selection_mods = Qt.KeyboardModifier.NoModifier
        if adding or not tree.selectionModel().hasSelection():
            return
        self.new_selection(i)

    def new_selection(self, i: int) -> None:
        """Table ``i``'s selection starts anew: the other table's selection and row are cleared."""
        self._anchor = i
        other = self.panes[1 - i].tree
        if other.selectionModel().hasSelection():
            other.selectionModel().clearSelection()
        # Its current row goes too: the selected units count it (a target left from before).
        if other.currentIndex().isValid():
            other.selectionModel().clearCurrentIndex()

    def selection(self) -> tuple[list[UnitView], list[UnitView]]:
        """The selected units: those of the table where the selection started, then the others.

        Firers (or attackers) are picked first, then Ctrl+click adds their target in the
        other side's table.
        """
        first = self.panes[self._anchor].selected_units()
        second = self.panes[1 - self._anchor].selected_units()
        return first, second

    def current_division_id(self) -> int | None:
        """The division of the selected row (a division's band or a unit's)."""
        return self.panes[self._active].current_division_id()

    # ------------------------------------------------------------------ codes
    def _focus_table(self, i: int) -> None:
        """Give side table ``i`` the keyboard (F6 from the other one)."""
        if self._narrow:
            self.tabs.setCurrentWidget(self.panes[i])
        self.panes[i].tree.setFocus()

    def select_unit(self, unit_id: int) -> bool:
        """Select a unit alone in whichever side it belongs to and focus that table.

        A new selection: the modifiers a Ctrl shortcut left with the table do not make it an
        addition to the old one (the other table's units would stay the firers).
        """
        for i, pane in enumerate(self.panes):
            pane.tree.selection_mods = Qt.KeyboardModifier.NoModifier
            if pane.select_unit(unit_id):
                self.new_selection(i)
                self._active = i
                if self._narrow:
                    self.tabs.setCurrentWidget(pane)
                pane.tree.setFocus()
                return True
        return False

    # ------------------------------------------------------------------ commands
    def run_command(self, name: str) -> None:
        """Apply a marker command to the selected unit (one journal step)."""
        unit = self.current_unit()
        if unit is None:
            self.message.emit("Select a unit first (the arrow keys move through the table).")
            return
        service = self.hub.service
        if name == "formation":
            self.pick_formation(unit)
            return
        if name in ("hit+", "hit-"):
            delta = 1 if name == "hit+" else -1
            self.hub.attempt(lambda: service.adjust_unit(unit.id, "hits", delta))
        elif name in ("blown+", "blown-"):
            if not carries_blown(unit.arm):
                self.message.emit(f"{unit.name}: {BLOWN_CAVALRY_ONLY}.")
                return
            delta = 1 if name == "blown+" else -1
            self.hub.attempt(lambda: service.adjust_unit(unit.id, "blown", delta))
        elif name in _TOGGLES:
            self.hub.attempt(lambda: service.toggle_unit(unit.id, _TOGGLES[name]))

    def pick_formation(self, unit: UnitView, pos: QPoint | None = None) -> QMenu:
        """Pop up the formations the unit may take; picking one sets it (one journal step)."""
        menu = QMenu(self)
        menu.setObjectName("formationMenu")
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.setTitle(f"Formation of {unit.name}")
        menu.setToolTipsVisible(True)
        # The −2 of a change in tactical combat range (1.8.3) is the wizard's question: a
        # formation picked here is set by hand (a set-up, a correction), without it.
        by_hand = "Set by hand: no movement cost, no changed-formation −2 (EotE 1.8.3)"
        heading = menu.addAction("Set by hand (no −2):")
        heading.setEnabled(False)
        for value in self.hub.service.formations(unit.arm):
            action = menu.addAction(formation_label(value))
            action.setCheckable(True)
            action.setChecked(value == unit.formation)
            action.setData(value)
            action.setToolTip(by_hand)
            action.triggered.connect(
                lambda _=False, v=value, u=unit.id: self.hub.attempt(
                    lambda: self.hub.service.set_unit(u, "formation", v)
                )
            )
        menu.addSeparator()
        in_play = menu.addAction("Change in play, asking about the −2… (Ctrl+Shift+F)")
        in_play.setObjectName("formationInPlay")
        in_play.setToolTip(
            "The formation wizard: its movement cost, and the −2 of a change within tactical "
            "combat range (EotE 5.2, 1.8.3)"
        )
        in_play.triggered.connect(lambda: self.checkRequested.emit("formation"))
        if pos is None:
            tree = self.panes[self._active].tree
            rect = tree.visualRect(tree.currentIndex().siblingAtColumn(Column.FORMATION))
            pos = tree.viewport().mapToGlobal(rect.bottomLeft())
        menu.popup(pos)
        return menu

    def _double_clicked(self, pane: int, index: QModelIndex) -> None:
        self._active = pane
        unit = index.data(Role.UNIT)
        if isinstance(unit, UnitView) and index.column() == Column.FORMATION:
            tree = self.panes[pane].tree
            rect = tree.visualRect(index)
            self.pick_formation(unit, tree.viewport().mapToGlobal(rect.bottomLeft()))

    def _context_menu(self, pane: int, pos: QPoint) -> None:
        tree = self.panes[pane].tree
        index = tree.indexAt(pos)
        if not index.isValid():
            return
        self._active = pane
        tree.setCurrentIndex(index)
        unit = index.data(Role.UNIT)
        menu = QMenu(self)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        if isinstance(unit, UnitView):
            title = menu.addAction(unit.name)
            title.setEnabled(False)
            menu.addSeparator()
            for name, action in self.marker_actions.items():
                if name.startswith("blown"):
                    action.setEnabled(unit.arm == "cavalry")
                menu.addAction(action)
                if name in ("hit-", "blown-", "off_table"):
                    menu.addSeparator()
        else:
            menu.addAction("Expand all", self.expand_all)
            menu.addAction("Collapse all", self.collapse_all)
        menu.popup(tree.viewport().mapToGlobal(pos))

    def next_phase(self) -> None:
        """Go on to the next phase (one journal step), asking first if checks are still due."""
        due = owed(self.hub.due)
        if due and not self.confirm_leave(due):
            self.message.emit("Still in this phase: the turn guide lists what is due.")
            return
        self.hub.attempt(self.hub.service.advance_phase)

    def confirm_leave(self, due: list[DueCheck]) -> bool:
        """Ask whether to leave the phase with ``due`` checks left (replaceable in tests)."""
        box, go = self.leave_question(due)
        box.exec()
        return box.clickedButton() is go

    def leave_question(self, due: list[DueCheck]) -> tuple[QMessageBox, QPushButton]:
        """The question :meth:`confirm_leave` asks, and its *Go on* button.

        *Stay* is the default: Enter, pressed out of habit, leaves nothing due behind.
        """
        listed = "".join(f"<li>{html.escape(c.title)}</li>" for c in due[:8])
        more = f"<li>and {len(due) - 8} more</li>" if len(due) > 8 else ""
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("Leave the phase?")
        box.setText(f"<b>{len(due)} check(s) still due in this phase</b>")
        box.setInformativeText(f"<ul>{listed}{more}</ul>Go on to the next phase anyway?")
        go = box.addButton("&Go on", QMessageBox.ButtonRole.AcceptRole)
        stay = box.addButton("&Stay", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(stay)
        box.setEscapeButton(stay)
        return box, go

    # ------------------------------------------------------------------ filter
    def _focus_filter(self) -> None:
        self.ui.filterEdit.setFocus()
        self.ui.filterEdit.selectAll()

    def set_filter(self, text: str) -> None:
        """Show only the units (or divisions) matching ``text`` in both tables."""
        if self.ui.filterEdit.text() != text:
            self.ui.filterEdit.setText(text)
            return  # textChanged calls back
        for pane in self.panes:
            pane.proxy.set_text(text)
            pane.respan()
            if text.strip():
                pane.tree.expandAll()

    def expand_all(self) -> None:
        """Open every division."""
        for pane in self.panes:
            pane.tree.expandAll()

    def collapse_all(self) -> None:
        """Show the divisions only."""
        for pane in self.panes:
            pane.tree.collapseAll()


#: How many due checks the phase panel lists before summing up the rest.
DUE_SHOWN = 4


def due_text(checks: list[DueCheck], dim: str) -> str:
    """The phase panel's "due now" line: the first few checks the state calls for."""
    checks = owed(checks)
    if not checks:
        return ""
    shown = "; ".join(
        html.escape(c.title) + (f" <span style='color:{dim}'>({c.rule})</span>" if c.rule else "")
        for c in checks[:DUE_SHOWN]
    )
    more = len(checks) - DUE_SHOWN
    rest = f"; and {more} more" if more > 0 else ""
    return f"<b>Due now ({len(checks)}):</b> {shown}{rest}"
