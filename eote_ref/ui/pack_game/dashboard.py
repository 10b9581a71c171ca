"""The dashboard of a pack game: each side's commands, units and leaders with their markers.

Columns come from the pack: one per unit marker it declares with a dashboard mark or words
(:class:`~eote_ref.packs.declaration.MarkerSpec`), headed by its declared label, a flag shown
by its mark and a counter with its limit for the unit's type (``3/4``); a unit or leader off
the map by its declared markers (not yet arrived, eliminated) is greyed out. Without a
declaration, one column per marker key the game's units carry. Edits by hand are offered
where a marker is declared ``editable`` and within its limit. A side's own state (a hand of
cards, the card played) heads its pane; the umpire sees all of it (the players' display
hides what the pack keeps secret). The checks of the pack open on the selection (a unit, a
leader, its side) from the Checks bar, the context menu or Enter. Nothing here names a pack.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QSplitter,
    QToolBar,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from eote_ref.referee.pack_view import (
    PackView,
    edit_refused,
    hand_edit_values,
    marker_header,
    marker_text,
    plain_marker_text,
    side_words,
    unit_type_words,
)
from eote_ref.ui.pack_game.codes import CODE_HEADING, CodedItem, PackCodeTables, place_code_first
from eote_ref.ui.theme import marker_colors

#: Item data: ("unit" | "leader" | "command", row id).
ROW_ROLE = Qt.ItemDataRole.UserRole + 1


class SidePane(QWidget):
    """One side: its state line and a tree of its commands, units and leaders."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.tree = QTreeWidget()
        self.tree.setRootIsDecorated(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        layout.addWidget(self.tree, 1)
        self.side_id: int | None = None


class PackDashboard(QWidget):
    """The pack game's orders of battle, side by side, with the pack's checks on the selection.

    Args:
        hub: the open game's :class:`~eote_ref.ui.pack_game.hub.PackHub`.
        parent: the parent widget.

    :attr:`checkRequested` carries ``(check key, target)`` for the main window to open.
    """

    checkRequested = Signal(str, dict)
    message = Signal(str)

    def __init__(self, hub: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hub = hub
        self.setObjectName("PackDashboard")
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setObjectName("packHeading")
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.heading)
        bar = QHBoxLayout()
        self.checks_bar = bar
        layout.addLayout(bar)
        self.split = QSplitter(Qt.Orientation.Horizontal)
        layout.addWidget(self.split, 1)
        self.panes: list[SidePane] = []
        self._seen_keys: list[str] = []
        self.check_actions: dict[str, QAction] = {}
        self._build_checks_bar()
        # F6: the other side's table, as on EotE's dashboard.
        switch = QShortcut(QKeySequence("F6"), self)
        switch.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        switch.activated.connect(self.other_side)
        #: The units' codes: a number typed on a side's table goes to its unit (issue 32).
        self.codes = PackCodeTables(self)
        hub.viewChanged.connect(self.show_view)
        self.show_view(hub.view)

    # ------------------------------------------------------------------ checks
    def checks(self) -> dict[str, Any]:
        """The game's checks by key (:class:`~eote_ref.packs.play.CheckSpec`).

        A scenario's own check only in a game of that scenario (:meth:`Play.offered`).
        """
        return dict(self.hub.service.play.offered(self.hub.view.state))

    def _build_checks_bar(self) -> None:
        """A tool bar of the pack's checks: those that do not fit go under its » button."""
        bar = QToolBar("Checks", self)
        bar.setObjectName("packChecks")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        bar.addWidget(QLabel("Checks: "))
        for key, spec in self.checks().items():
            action = bar.addAction(spec.title.replace("&", "&&"))
            action.setObjectName(f"check_{key}")
            action.setToolTip(f"{spec.title} ({spec.rule}) on the {spec.target} selected")
            action.triggered.connect(self._requester(key))
            self.check_actions[key] = action
        self.checks_bar.addWidget(bar, 1)

    def target_for(self, key: str) -> dict[str, Any] | None:
        """The target check ``key`` takes from the selection; None (and a message) if none fits."""
        spec = self.hub.service.play.checks[key]
        kind = spec.target
        if kind == "game":
            return {}
        selected = self.selected()
        if kind == "side":
            side = selected.get("side_id") if selected else None
            if side is None:
                side = self.panes[0].side_id if self.panes else None
            return {"side_id": side} if side is not None else None
        wanted = f"{kind}_id"
        if selected and wanted in selected:
            return {wanted: selected[wanted]}
        self.message.emit(f"{spec.title}: select a {kind} first.")
        return None

    def _requester(self, key: str) -> Callable[..., None]:
        """A slot asking for check ``key`` (whatever the signal carries)."""

        def request(*_args: object) -> None:
            self.request_check(key)

        return request

    def request_check(self, key: str) -> None:
        """Ask for check ``key`` on the selection (the main window opens it)."""
        target = self.target_for(key)
        if target is not None:
            self.checkRequested.emit(key, target)

    def selected(self) -> dict[str, Any]:
        """The selection as a target: ``unit_id`` or ``leader_id``, and its ``side_id``."""
        pane = self._last_pane
        if pane is None:
            return {}
        item = pane.tree.currentItem()
        out: dict[str, Any] = {"side_id": pane.side_id}
        data = item.data(0, ROW_ROLE) if item is not None else None
        if isinstance(data, tuple) and data[0] in ("unit", "leader"):
            out[f"{data[0]}_id"] = data[1]
        return out

    #: The side's pane last used (its current row is the selection).
    _last_pane: SidePane | None = None

    def other_side(self) -> None:
        """Put the keyboard in the other side's table."""
        if not self.panes:
            return
        now = self.panes.index(self._last_pane) if self._last_pane in self.panes else -1
        pane = self.panes[(now + 1) % len(self.panes)]
        self.focus_side(pane.side_id)

    def focus_side(self, side_id: int | None) -> None:
        """Put the keyboard in side ``side_id``'s table (its current row kept)."""
        if side_id is None and self._last_pane is not None:
            side_id = self._last_pane.side_id
        for pane in self.panes:
            if side_id is None or pane.side_id == side_id:
                pane.tree.setFocus()
                self._last_pane = pane
                if pane.tree.currentItem() is None:
                    top = pane.tree.topLevelItem(0)
                    if top is not None:
                        pane.tree.setCurrentItem(top)
                return

    def select(self, kind: str, row_id: int) -> bool:
        """Select the unit or leader ``row_id`` (``kind``: unit | leader); whether it is shown."""
        for pane in self.panes:
            for item in _walk(pane.tree):
                if item.data(0, ROW_ROLE) == (kind, row_id):
                    pane.tree.setCurrentItem(item)
                    pane.tree.setFocus()
                    self._last_pane = pane
                    return True
        return False

    # ------------------------------------------------------------------ showing
    def columns(self, view: PackView) -> list[tuple[str, Any]]:
        """The marker columns: ``(key, spec or None)`` in the pack's order."""
        declared = [m for m in view.markers if m.dashboard or m.display]
        if declared:
            return [(m.name, m) for m in declared]
        # Undeclared markers: every key seen so far keeps its column (a marker of the round
        # does not make the columns jump as it comes and goes).
        keys = self._seen_keys
        for u in view.state.units:
            for k in u.markers:
                if k not in keys:
                    keys.append(k)
        return [(k, None) for k in keys]

    def show_view(self, view: PackView) -> None:
        """Render the view: heading, each side's state and its tree."""
        e = html.escape
        self.heading.setText(
            f"<b>{e(view.name)}</b> — {e(view.title)} — <b>{e(view.turn_label)}</b>"
        )
        sides = list(view.state.sides)
        while len(self.panes) < len(sides):
            pane = SidePane(self)
            pane.tree.itemActivated.connect(lambda _i, _c, p=pane: self._activated(p))
            pane.tree.currentItemChanged.connect(lambda *_a, p=pane: self._remember(p))
            # A click on the row already current makes it the selection again (its side's).
            pane.tree.itemPressed.connect(lambda *_a, p=pane: self._remember(p))
            pane.tree.installEventFilter(self)  # + / - : a unit's count by hand; the focus
            pane.tree.viewport().installEventFilter(self)
            pane.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            pane.tree.customContextMenuRequested.connect(
                lambda pos, p=pane: self._context_menu(p, pos)
            )
            self.codes.watch(pane)
            self.split.addWidget(pane)
            self.panes.append(pane)
        columns = self.columns(view)
        self._filling = True
        try:
            for pane, side in zip(self.panes, sides, strict=False):
                self._fill(pane, view, side, columns)
        finally:
            self._filling = False

    def _fill(
        self, pane: SidePane, view: PackView, side: Any, columns: list[tuple[str, Any]]
    ) -> None:
        e = html.escape
        pane.side_id = side.id
        service = self.hub.service
        words = [
            w
            for k, v in side.pack_state.items()
            if (w := (side_words(service, k, v) if v not in (False, None) else ""))
        ]
        pane.title.setText(
            f"<b>{e(side.name)}</b>"
            + (f"<br><small>{e(' · '.join(words))}</small>" if words else "")
        )
        tree = pane.tree
        current = tree.currentItem()
        keep = current.data(0, ROW_ROLE) if current is not None else None
        expanded = {it.data(0, ROW_ROLE) for it in _walk(tree) if it.isExpanded()} or None
        headers = [
            "Name",
            "Type",
            *[marker_header(s) if s else k.replace("_", " ") for k, s in columns],
            CODE_HEADING,  # shown first (place_code_first)
        ]
        tree.setSortingEnabled(False)  # sorted once, when filled
        tree.clear()
        tree.setColumnCount(len(headers))
        tree.setHeaderLabels(headers)
        for col, (_key, spec) in enumerate(columns, start=2):
            if spec is not None:
                where = f" ({spec.rule})" if spec.rule else ""
                tree.headerItem().setToolTip(col, f"{spec.text}{where}")
        colours = marker_colors(self.palette())
        state = view.state
        attached = {u.attached_leader_id: u for u in state.units if u.attached_leader_id}
        for command in (c for c in state.commands if c.side_id == side.id):
            units = [u for u in state.units if u.command_id == command.id]
            leaders = [g for g in state.leaders if g.command_id == command.id]
            top = CodedItem([command.name, f"{len(units)} units"])
            top.setData(0, ROW_ROLE, ("command", command.id))
            font = top.font(0)
            font.setBold(True)
            top.setFont(0, font)
            tree.addTopLevelItem(top)
            leader_specs = {m.name: m for m in view.leader_markers}
            for g in leaders:
                with_unit = attached.get(g.id)
                level = g.level.replace("_", " ").capitalize()  # the pack's word (a General)
                kind = level if not with_unit else f"{level}, with {with_unit.name}"
                cells = [g.name, kind, *("" for _ in columns), ""]
                if leader_specs:  # declared: in its words, and in a unit column of its name
                    status = [
                        w
                        for m in view.leader_markers
                        if m.name not in dict(columns)
                        and (w := m.words(g.markers.get(m.name, m.default)))
                    ]
                    for col, (key, _spec) in enumerate(columns, start=2):
                        if key in leader_specs:
                            spec = leader_specs[key]
                            cells[col] = marker_text(spec, g.markers.get(key, spec.default))
                else:
                    status = [w for k, v in g.markers.items() if (w := _leader_words(k, v))]
                if status:
                    cells[1] = f"{kind} ({', '.join(status)})"
                item = CodedItem(cells)
                item.setData(0, ROW_ROLE, ("leader", g.id))
                item.setForeground(0, colours.leader)
                if view.off_map(g.markers, leader=True):
                    for col in range(len(cells)):
                        item.setForeground(col, colours.off_table)
                top.addChild(item)
            for u in units:
                cells = [u.name, unit_type_words(service, u.type)]
                for key, spec in columns:
                    value = u.markers.get(key, spec.default if spec else None)
                    cells.append(
                        marker_text(spec, value, u.type) if spec else plain_marker_text(value)
                    )
                cells.append(u.code)
                item = CodedItem(cells)
                item.setData(0, ROW_ROLE, ("unit", u.id))
                arm_colour = getattr(colours, u.arm, None)
                if arm_colour is not None:
                    item.setForeground(1, arm_colour)
                # Off the map (not yet arrived, eliminated) as the pack declares it.
                if view.off_map(u.markers):
                    for col in range(len(cells)):
                        item.setForeground(col, colours.off_table)
                top.addChild(item)
            top.setExpanded(expanded is None or ("command", command.id) in expanded)
        header = tree.header()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        place_code_first(tree)
        if keep is not None:
            for it in _walk(tree):
                if it.data(0, ROW_ROLE) == keep:
                    tree.setCurrentItem(it)
                    break

    # ------------------------------------------------------------------ keys and menus
    def _remember(self, pane: SidePane) -> None:
        if not self._filling:  # a refill restores rows: the umpire's choice of side stays
            self._last_pane = pane

    _filling = False

    def _targets(self, data: object) -> list[str]:
        kind = data[0] if isinstance(data, tuple) else None
        return [k for k, s in self.checks().items() if s.target == kind]

    def _activated(self, pane: SidePane) -> None:
        """Enter on a unit or leader opens its first check (a menu when it has several)."""
        self._last_pane = pane
        item = pane.tree.currentItem()
        if item is None:
            return
        keys = self._targets(item.data(0, ROW_ROLE))
        if len(keys) == 1:
            self.request_check(keys[0])
        elif keys:
            rect = pane.tree.visualItemRect(item)
            self._context_menu(pane, rect.bottomLeft())

    def _context_menu(self, pane: SidePane, pos: Any) -> QMenu | None:
        self._last_pane = pane
        item = pane.tree.itemAt(pos) or pane.tree.currentItem()
        if item is None:
            return None
        pane.tree.setCurrentItem(item)
        keys = self._targets(item.data(0, ROW_ROLE)) + [
            k for k, s in self.checks().items() if s.target in ("side", "game")
        ]
        menu = QMenu(self)
        for key in keys:
            spec = self.checks()[key]
            action = menu.addAction(spec.title)
            action.triggered.connect(self._requester(key))
        data = item.data(0, ROW_ROLE)
        edits = self.hand_edits(data[0], data[1]) if isinstance(data, tuple) else []
        if edits:
            menu.addSection("By hand (one journal step)")
            for label, key, value in edits:
                action = menu.addAction(label)
                action.triggered.connect(self._editor(data[0], data[1], key, value))
        self.context_menu = menu
        menu.popup(pane.tree.viewport().mapToGlobal(pos))
        return menu

    # ------------------------------------------------------------------ edits by hand
    def hand_edits(self, kind: str, row_id: int) -> list[tuple[str, str, object]]:
        """The markers of a unit or leader the umpire may set by hand: ``(label, key, value)``.

        Declared markers: those ``editable``, a count one up or down within its limit for the
        unit's type, a flag on or off, a choice to each other value; the pack may still
        refuse one in words (:meth:`PackGameService.edit`), and those are not offered.
        """
        view = self.hub.view
        state = view.state
        declared = view.markers if kind == "unit" else view.leader_markers
        if declared and kind in ("unit", "leader"):
            row = state.unit(row_id) if kind == "unit" else state.leader(row_id)
            unit_type = getattr(row, "type", None)
            offered: list[tuple[str, str, object]] = []
            for spec in declared:
                value = row.markers.get(spec.name, spec.default)
                for new in hand_edit_values(spec, value, unit_type):
                    offered.append((_edit_label(spec, value, new, unit_type), spec.name, new))
            return [
                (label, key, value)
                for label, key, value in offered
                if not edit_refused(self.hub.service, state, kind, row_id, key, value)
            ]
        if kind == "unit":
            row = state.unit(row_id)
            keys = [k for k, _spec in self.columns(view)]
        elif kind == "leader":
            row = state.leader(row_id)
            keys = sorted({k for g in state.leaders for k in g.markers})
        else:
            return []
        out: list[tuple[str, str, object]] = []
        for key in keys:
            value = row.markers.get(key)
            words = key.replace("_", " ")
            if isinstance(value, bool) or value is None:
                toggle = "clear" if value else "set"
                out.append((f"{words}: {toggle}", key, None if value else True))
            elif isinstance(value, int):
                out.append((f"{words} +1 (now {value})", key, value + 1))
                out.append((f"{words} −1 (now {value})", key, value - 1))
        # Only what the pack lets the umpire set by hand (it says why not, in words, on a key).
        service = self.hub.service
        return [
            (label, key, value)
            for label, key, value in out
            if not edit_refused(service, state, kind, row_id, key, value)
        ]

    def edit(self, kind: str, row_id: int, key: str, value: object) -> bool:
        """Set one marker by hand as one journal step; a refusal goes to the status bar."""
        hub = self.hub
        done = hub.attempt(lambda: (hub.service.edit(kind, row_id, key, value), True))
        return done is not None

    def _editor(self, kind: str, row_id: int, key: str, value: object) -> Callable[..., None]:
        def edit(*_args: object) -> None:
            self.edit(kind, row_id, key, value)

        return edit

    def step_first_count(self, pane: SidePane, step: int) -> bool:
        """``+`` / ``-`` on a unit: its first editable counter one up or down."""
        item = pane.tree.currentItem()
        data = item.data(0, ROW_ROLE) if item is not None else None
        if not (isinstance(data, tuple) and data[0] == "unit"):
            return False
        view = self.hub.view
        unit = view.state.unit(data[1])
        for key, spec in self.columns(view):
            if spec is not None and not (spec.kind == "counter" and spec.editable):
                continue
            value = unit.markers.get(key)
            if isinstance(value, int) and not isinstance(value, bool):
                return self.edit("unit", unit.id, key, value + step)
        return False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.FocusIn, QEvent.Type.KeyPress, QEvent.Type.MouseButtonPress):
            # The side's table the umpire last clicked, typed in or moved into holds the
            # selection: its current row is the subject of the next check, always.
            pane = next((p for p in self.panes if watched in (p.tree, p.tree.viewport())), None)
            if pane is not None and not self._filling:
                self._last_pane = pane
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            pane = next((p for p in self.panes if p.tree is watched), None)
            key = event.key()
            counts = (Qt.Key.Key_Plus, Qt.Key.Key_Equal, Qt.Key.Key_Minus)
            text = event.text()
            if pane is not None and key not in counts and text and text.isprintable():
                self._typed_at = time.monotonic()  # a name being typed (the table's search)
            elif pane is not None and self._typing():
                return super().eventFilter(watched, event)  # "Saxe-Weimar": part of the name
            if pane is not None and key in counts:
                self._last_pane = pane
                self.step_first_count(pane, -1 if key == Qt.Key.Key_Minus else 1)
                return True
        return super().eventFilter(watched, event)

    #: When a letter was last typed in a side's table (its search by name), monotonic seconds.
    _typed_at = -1e9

    def _typing(self) -> bool:
        """Whether a name is being typed (a key within the keyboard search's interval)."""
        interval = QApplication.keyboardInputInterval() / 1000
        return time.monotonic() - self._typed_at < interval


def _edit_label(spec: Any, value: object, new: object, unit_type: str | None) -> str:
    """An edit by hand in the menu's words: ``elements −1 (now 4/4)``, ``ordered: set``."""
    if spec.kind == "counter":
        now = marker_text(spec, value, unit_type) or str(value or 0)
        sign = "+1" if isinstance(new, int) and new > int(value or 0) else "−1"  # type: ignore[call-overload]
        return f"{spec.text} {sign} (now {now})"
    if spec.kind == "flag":
        return f"{spec.text}: {'set' if new else 'clear'}"
    return f"{spec.text}: {str(new).replace('_', ' ')}"


def _leader_words(key: str, value: object) -> str:
    if value is True:
        return key.replace("_", " ")
    return ""


def _walk(tree: QTreeWidget) -> Iterable[QTreeWidgetItem]:
    stack = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    while stack:
        item = stack.pop(0)
        if item is None:
            continue
        yield item
        stack[0:0] = [item.child(i) for i in range(item.childCount())]
