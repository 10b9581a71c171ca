"""The players' display: a second window for a projector or a television beside the table.

It shows, in large type, the turn, the phase and who holds the initiative; each side's
divisions with their state and units with the markers on their stands; and the last results
as applied, each with its modifiers, their sections and the die. It follows every change of
the game (apply, undo, redo) through the hub's signal and never offers an edit.

Everything it shows comes from :mod:`eote_ref.referee.players_view`, which keeps orders
secret (only "in force" or "in transit") and applies the game's fog of war. The window's own
choices — full screen (F11), which screen, every unit or only those with markers, and the
side it is shown to — are view choices, kept in its context menu.
"""

from __future__ import annotations

import functools
import html
import time
from dataclasses import dataclass
from typing import Any, Protocol

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
    SignalInstance,
)
from PySide6.QtGui import (
    QFont,
    QGuiApplication,
    QKeySequence,
    QResizeEvent,
    QShortcut,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QScrollArea,
    QSizePolicy,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from eote_ref.referee.game import GameService
from eote_ref.referee.players_view import (
    Fog,
    ShownPart,
    ShownResult,
    ce_hidden,
    division_state,
    fog_of_war,
    last_results,
    order_state,
    unit_markers,
)
from eote_ref.referee.views import GameView, SideView
from eote_ref.ui.theme import marker_colors

Index = QModelIndex | QPersistentModelIndex

#: Results shown on the right, newest on top.
RESULTS_SHOWN = 4


class ViewSource(Protocol):
    """What the display follows: the hub of the open game, or a database follower."""

    @property
    def view(self) -> GameView: ...

    @property
    def viewChanged(self) -> SignalInstance: ...  # noqa: N802 - a Qt signal

    service: GameService


@dataclass(frozen=True)
class _Row:
    division: bool
    cells: tuple[str, ...]
    alarm: bool = False  # routed or falling back (division), routed (unit)


class SideModel(QAbstractTableModel):
    """One side's divisions and units as display rows (read-only)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[_Row] = []
        self._headers: tuple[str, ...] = HEADERS
        self._colors = marker_colors(QApplication.palette())
        self._bold = QFont()
        self._bold.setBold(True)

    def set_side(self, side: SideView, *, show_ce: bool, all_units: bool) -> None:
        """Rebuild the rows for ``side``; the CE column exists only when ``show_ce``."""
        rows: list[_Row] = []
        for d in side.divisions:
            state = [division_state(d), order_state(d)]
            rows.append(
                _Row(
                    True,
                    (d.title, " · ".join(s for s in state if s)),
                    alarm=d.routed or d.falling_back,
                )
            )
            for u in d.units:
                markers = unit_markers(u)
                if not (markers or all_units):
                    continue
                cells: tuple[str, ...] = (u.coded_name, " · ".join(markers))
                if show_ce:  # as on the dashboard: CE after hits / printed CE (EotE 7.4)
                    cells += (f"{u.effective_ce}/{u.ce}",)
                rows.append(_Row(False, cells, alarm=u.routed))
        headers = HEADERS + (("CE",) if show_ce else ())
        self._colors = marker_colors(QApplication.palette())  # once per change, not per cell
        self.beginResetModel()
        self._rows = rows
        self._headers = headers
        self.endResetModel()

    @property
    def rows(self) -> list[_Row]:
        """The rows as shown (division rows and the units under them)."""
        return self._rows

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._headers)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self._headers[section]
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        return Qt.ItemFlag.ItemIsEnabled  # never selectable, never editable

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            text = row.cells[col] if col < len(row.cells) else ""
            return text if row.division or col else f"   {text}"
        if role == Qt.ItemDataRole.FontRole and row.division:
            return self._bold
        if role == Qt.ItemDataRole.BackgroundRole and row.division:
            return self._colors.division_band
        if role == Qt.ItemDataRole.ForegroundRole and row.alarm and col == 1:
            return self._colors.rout
        if role == Qt.ItemDataRole.TextAlignmentRole and col == 2:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        return None


#: The columns' titles, short enough for the display's large font: "State and markers"
#: read "tate and marke" in its two-fifths column at 1,280 px.
HEADERS = ("Division / unit", "Markers")


class SidePanel(QFrame):
    """A side's name above its table."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel(self)
        self.title.setObjectName("sideTitle")
        self.model = SideModel(self)
        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setShowGrid(False)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(True)  # a long state wraps rather than squeezing the names
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.NoContextMenu)
        self.table.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.table)

    def show_side(self, side: SideView, *, show_ce: bool, all_units: bool) -> None:
        """Render ``side``."""
        self.title.setText(side.name)
        self.model.set_side(side, show_ce=show_ce, all_units=all_units)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        if self.model.columnCount() > 2:
            header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        # A division with nothing to report takes the whole row: its name is never cut
        # ("Pack's …" beside an empty state cell).
        self.table.clearSpans()
        for row, r in enumerate(self.model.rows):
            if r.division and not any(r.cells[1:]) and self.model.columnCount() > 1:
                self.table.setSpan(row, 0, 1, self.model.columnCount())
        self._size_columns()

    def _size_columns(self) -> None:
        """The state column takes two fifths of the table; rows grow when it wraps."""
        width = self.width()  # the table follows the panel's width
        self.table.horizontalHeader().resizeSection(1, max(160, int(width * 0.4)))
        self.table.resizeRowsToContents()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._size_columns()


def _signed(v: float) -> str:
    return f"{v:+g}".replace("-", "−")


def result_html(result: ShownResult, dim: str) -> str:
    """One result card: what happened, then each procedure's modifiers, die and outcome."""
    out = [f"<div style='font-size:115%'><b>{html.escape(result.summary)}</b></div>"]
    for part in result.parts:
        out.append(_part_html(part, dim))
    return "".join(out)


def _part_html(part: ShownPart, dim: str) -> str:
    lines = [f"<div style='color:{dim}'>{html.escape(part.title)}</div>"]
    if part.base is not None:
        lines.append(f"<div>Base {part.base:g}</div>")
    for m in part.modifiers:
        mark = " (provisional)" if m.provisional else ""
        lines.append(
            f"<div>{_signed(m.value)} {html.escape(m.reason)}"
            f" <span style='color:{dim}'>({html.escape(m.rule)}){mark}</span></div>"
        )
    if part.modified is not None:
        lines.append(f"<div>Modified {part.modified:g}</div>")
    if part.ce_hidden:
        lines.append(f"<div style='color:{dim}'>CE and total hidden (fog of war)</div>")
    dice = ", ".join(str(d) for d in part.dice)
    die = f"Die <b>{dice}</b> → " if dice else ""
    lines.append(f"<div>{die}<b>{html.escape(part.result)}</b></div>")
    return "<div style='margin-top:6px'>" + "".join(lines) + "</div>"


class PlayersDisplay(QWidget):
    """The players' window (read-only): header, the two sides, the last results.

    Args:
        source: the hub of the open game (or a follower of a shared database).
        viewer: the side position the display is shown to (None: the whole table).
    """

    def __init__(
        self, source: ViewSource, parent: QWidget | None = None, *, viewer: int | None = None
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("playersDisplay")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.source = source
        self.viewer = viewer
        self.all_units = False
        self._stale = False
        self._scheduled = False
        self._error: str | None = None
        font = QFont(self.font())
        font.setPointSizeF(max(font.pointSizeF(), 9) * 2)
        self.setFont(font)

        self.header = QLabel(self)
        self.header.setObjectName("displayHeader")
        big = QFont(font)
        big.setPointSizeF(font.pointSizeF() * 1.5)
        big.setBold(True)
        self.header.setFont(big)
        self.header.setTextFormat(Qt.TextFormat.RichText)
        # Wrapped, so a 1024- or 1280-pixel projector shows the whole window (unwrapped, the
        # header alone asked for 1300 pixels and full screen cut off the last results).
        self.header.setWordWrap(True)
        self.fog_label = QLabel(self)
        self.fog_label.setObjectName("fogLabel")
        self.fog_label.setWordWrap(True)
        # A scenario's movement-phase timer, once the umpire starts it (scenario dialog).
        self.timer_label = QLabel(self)
        self.timer_label.setObjectName("displayTimer")
        self.timer_label.setFont(big)
        self.timer_label.hide()
        self._timer_end: float | None = None
        self._timer_tick = QTimer(self)
        self._timer_tick.setInterval(1000)
        self._timer_tick.timeout.connect(self._show_timer)

        # A scenario's army morale tracks, as the fog of war allows (house rule).
        self.morale_label = QLabel(self)
        self.morale_label.setObjectName("displayArmyMorale")
        self.morale_label.setWordWrap(True)
        self.morale_label.hide()

        self.sides: list[SidePanel] = []
        sides_row = QHBoxLayout()
        for _ in range(2):
            panel = SidePanel(self)
            title = QFont(font)
            title.setPointSizeF(font.pointSizeF() * 1.25)
            title.setBold(True)
            panel.title.setFont(title)
            self.sides.append(panel)
            sides_row.addWidget(panel, 3)

        self.results_title = QLabel("Last results", self)
        self.results_title.setFont(self.sides[0].title.font())
        self.results_box = QWidget(self)
        self.results_layout = QVBoxLayout(self.results_box)
        self.results_layout.setContentsMargins(0, 0, 0, 0)
        self.result_labels: list[QLabel] = []
        for i in range(RESULTS_SHOWN):
            label = QLabel(self.results_box)
            label.setObjectName(f"result{i}")
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            label.setFrameShape(QFrame.Shape.StyledPanel)
            label.setMargin(8)
            # Keep the word-wrapped label's height-for-width: a fresh policy would drop it and
            # the card would be cut at its unwrapped height, hiding the die and the result.
            policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
            policy.setHeightForWidth(True)
            label.setSizePolicy(policy)
            self.results_layout.addWidget(label)
            self.result_labels.append(label)
        self.results_layout.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.results_box)
        self.results_scroll = scroll
        results = QVBoxLayout()
        results.addWidget(self.results_title)
        results.addWidget(scroll, 1)
        sides_row.addLayout(results, 2)

        top = QHBoxLayout()
        top.addWidget(self.header, 1)
        top.addWidget(
            self.fog_label, 0, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        )
        # Shown instead of the game when a followed database can no longer be read: the
        # players must not go on reading a state that may be out of date.
        self.error_label = QLabel(self)
        self.error_label.setObjectName("displayError")
        self.error_label.setWordWrap(True)
        self.error_label.setTextFormat(Qt.TextFormat.RichText)
        self.error_label.setFrameShape(QFrame.Shape.StyledPanel)
        self.error_label.setMargin(16)
        self.error_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.error_label.hide()
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.error_label)
        layout.addWidget(self.timer_label)
        layout.addWidget(self.morale_label)
        layout.addLayout(sides_row, 1)

        QShortcut(QKeySequence(Qt.Key.Key_F11), self, self.toggle_full_screen)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.showNormal)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(lambda pos: self.menu().exec(self.mapToGlobal(pos)))
        source.viewChanged.connect(self._on_change)
        errors = getattr(source, "errorChanged", None)  # a database follower's, not the hub's
        if errors is not None:
            errors.connect(self.show_error)
        self.refresh()
        self.resize(1600, 900)

    # ------------------------------------------------------------------ following the game
    def _on_change(self, _view: object = None) -> None:
        """Follow a change on the next turn of the event loop, after the umpire's own screen.

        Several changes in a row coalesce into one repaint; a closed display catches up when
        shown again.
        """
        self._stale = True
        if self.isVisible() and not self._scheduled:
            self._scheduled = True
            QTimer.singleShot(0, self.flush)

    @property
    def pending(self) -> bool:
        """Whether a change is waiting to be shown."""
        return self._stale

    def flush(self) -> None:
        """Repaint now if a change is waiting."""
        self._scheduled = False
        if self._stale and self.isVisible():
            self.refresh()

    def refresh(self) -> None:
        """Render the current view (not while an error is shown instead)."""
        self._stale = False
        if self._error is not None:
            return
        view = self.source.view
        fog = fog_of_war(view)
        self.setWindowTitle(f"Players' display — {view.name}")
        initiative = view.initiative_side or "not yet decided"
        self.header.setText(
            f"Turn {view.turn} &nbsp;·&nbsp; {html.escape(view.phase.label)} phase"
            f" &nbsp;·&nbsp; Initiative: {html.escape(initiative)}"
        )
        viewer = next((s.name for s in view.sides if s.position == self.viewer), None)
        self.fog_label.setText(_fog_text(fog, viewer))
        self._follow_timer(view)
        self._show_tracks(view, fog)
        for panel, side in zip(self.sides, view.sides, strict=False):
            panel.show_side(
                side,
                show_ce=not ce_hidden(fog, side.position, self.viewer),
                all_units=self.all_units,
            )
        for panel in self.sides[len(view.sides) :]:
            panel.hide()
        hide = any(ce_hidden(fog, s.position, self.viewer) for s in view.sides)
        shown = last_results(self.source.service, RESULTS_SHOWN, hide_ce=hide)
        dim = marker_colors(self.palette()).dim_text.name()
        for label, result in zip(self.result_labels, shown, strict=False):
            label.setText(result_html(result, dim))
            label.show()
        for label in self.result_labels[len(shown) :]:
            label.clear()
            label.hide()

    def _show_tracks(self, view: GameView, fog: Fog) -> None:
        """Each side's army morale track: its value where the fog shows that side's CE."""
        from eote_ref.referee.army_morale import shown_tracks

        lines = shown_tracks(
            self.source.service, view.turn, lambda side: ce_hidden(fog, side, self.viewer)
        )
        self.morale_label.setText(" · ".join(lines))
        self.morale_label.setVisible(bool(lines))

    @property
    def error(self) -> str | None:
        """The error shown instead of the game, if any."""
        return self._error

    def show_error(self, text: str) -> None:
        """Show why the game cannot be read, hiding the state read last ("" clears it)."""
        self._error = text or None
        failed = self._error is not None
        if failed:
            self.error_label.setText(
                "<p><b>The game can no longer be read, so nothing is shown.</b></p>"
                f"<p>{html.escape(text)}</p>"
                "<p>The display tries again at every look; tell the umpire.</p>"
            )
            self.header.setText("Not up to date")
        self.error_label.setVisible(failed)
        for panel in self.sides:
            panel.setVisible(not failed)
        self.results_title.setVisible(not failed)
        self.results_scroll.setVisible(not failed)
        if not failed:
            self.refresh()

    def _follow_timer(self, view: GameView) -> None:
        """Show the movement timer when one runs in this turn's movement phase."""
        from eote_ref.referee.phases import Phase
        from eote_ref.referee.scenario_play import movement_timer_left

        left = None
        if view.phase is Phase.MOVEMENT:
            left = movement_timer_left(self.source.service, view.turn)
        if left is None:
            self._timer_end = None
            self._timer_tick.stop()
            self.timer_label.hide()
            return
        self._timer_end = time.monotonic() + left
        self._timer_tick.start()
        self.timer_label.show()
        self._show_timer()

    def timer_left(self) -> int | None:
        """Seconds the display shows left on the movement timer (None: no timer)."""
        if self._timer_end is None:
            return None
        return max(0, int(round(self._timer_end - time.monotonic())))

    def _show_timer(self) -> None:
        left = self.timer_left()
        if left is None:
            return
        if left == 0:
            from eote_ref.referee.scenario_play import time_up_text

            self._timer_tick.stop()
            self.timer_label.setText(time_up_text(self.source.service))
        else:
            self.timer_label.setText(f"Movement: {left // 60}:{left % 60:02d} left")

    # ------------------------------------------------------------------ view choices
    def menu(self) -> QMenu:
        """The window's view choices (nothing here edits the game)."""
        menu = QMenu(self)
        full = menu.addAction("Full screen (F11)", self.toggle_full_screen)
        full.setCheckable(True)
        full.setChecked(self.isFullScreen())
        every = menu.addAction("Every unit (not only those with markers)")
        every.setCheckable(True)
        every.setChecked(self.all_units)
        every.toggled.connect(self.set_all_units)
        shown_to = menu.addMenu("Shown to")
        table = shown_to.addAction("The whole table", lambda: self.set_viewer(None))
        table.setCheckable(True)
        table.setChecked(self.viewer is None)
        for side in self.source.view.sides:
            action = shown_to.addAction(
                side.name, functools.partial(self.set_viewer, side.position)
            )
            action.setCheckable(True)
            action.setChecked(self.viewer == side.position)
        screens = menu.addMenu("Screen")
        for i, screen in enumerate(QGuiApplication.screens()):
            action = screens.addAction(
                f"{i + 1}: {screen.name()}", functools.partial(self.show_on, screen, full=True)
            )
            action.setCheckable(True)
            action.setChecked(self.screen() is screen)
        return menu

    def set_all_units(self, on: bool) -> None:
        """List every unit, or only those with a marker on them."""
        self.all_units = on
        self.refresh()

    def set_viewer(self, position: int | None) -> None:
        """Show the display to one side (its own CE shown under "opponent") or the whole table."""
        self.viewer = position
        self.refresh()

    def toggle_full_screen(self) -> None:
        """F11: full screen on the window's screen, or back to a window."""
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    def show_on(self, screen: Any, *, full: bool = True) -> None:
        """Move to ``screen`` and fill it (or show as a window on it)."""
        if self.isFullScreen():
            self.showNormal()
        self.setScreen(screen)
        geometry = screen.availableGeometry()
        self.move(geometry.topLeft())
        if full:
            QTimer.singleShot(0, self.showFullScreen)
            self.show()
        else:
            self.resize(min(1600, geometry.width()), min(900, geometry.height()))
            self.show()

    def showEvent(self, event: QShowEvent) -> None:
        if self._stale:
            self.refresh()
        super().showEvent(event)


def _fog_text(fog: Fog, viewer: str | None) -> str:
    if fog is Fog.OFF:
        return ""
    if fog is Fog.BOTH or viewer is None:
        return "Fog of war: CE hidden"
    return f"Fog of war: shown to {viewer}"


def second_screen(window: QWidget) -> Any:
    """A screen other than ``window``'s, if the computer has one (None otherwise)."""
    mine = window.screen()
    others = [s for s in QGuiApplication.screens() if s is not mine]
    return others[0] if others else None


def open_players_display(hub: ViewSource, window: QWidget) -> PlayersDisplay:
    """Open the display beside ``window``: full screen on another screen, else as a window."""
    display = PlayersDisplay(hub, window)
    # The umpire's window decides: closing it quits the app, display and all.
    display.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)
    # The umpire keeps the keyboard: the display is watched, never typed into.
    display.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating, True)
    other = second_screen(window)
    if other is not None:
        display.show_on(other, full=True)
    else:
        display.show()
    # Some window managers activate a new window anyway (and full screen comes a loop
    # turn later): hand the focus back once the display is up.
    QTimer.singleShot(0, window.activateWindow)
    return display


__all__ = [
    "PlayersDisplay",
    "SideModel",
    "ViewSource",
    "open_players_display",
    "second_screen",
]
