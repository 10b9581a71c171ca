"""Going to a unit by its code from the dashboard's side tables.

A unit's code is its side's letter and a number (``F12``). On a side's table the number
alone goes to that side's unit (``1`` then ``2`` selects F12: digits typed within
:data:`NUMBER_PAUSE_MS` make one number, as type-to-find does); Ctrl and the number adds the
other side's unit with that number to the selection, as a Ctrl+click on its row would —
firers first, then their target. F6 gives the other table the keyboard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QElapsedTimer, QItemSelectionModel, Qt

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

    from eote_ref.ui.game_hub import GameHub
    from eote_ref.ui.side_pane import SidePane

#: Digits typed within this many milliseconds make one number.
NUMBER_PAUSE_MS = 1200


def code_number(code: str) -> int | None:
    """The number of a unit's code (``F12`` reads 12), None for no code."""
    return int(code[1:]) if code[1:].isdigit() else None


class CodeTables(Protocol):
    """What the codes are typed on: the dashboard (``dashboard.Dashboard``), its two tables."""

    hub: GameHub
    panes: list[SidePane]

    @property
    def message(self) -> SignalInstance:
        """A line for the status bar."""
        ...


class CodeKeys:
    """The number being typed on a dashboard's tables and the unit it went to."""

    def __init__(self, dashboard: CodeTables) -> None:
        self.dashboard = dashboard
        #: The table and Ctrl the number is typed with, and its digits so far.
        self.typing: tuple[int, bool, str] = (0, False, "")
        #: The unit Ctrl+number added last (replaced while the number grows).
        self.added: int | None = None
        #: When the last digit came (a pause starts a new number).
        self.clock = QElapsedTimer()

    def typed(self, i: int, digit: str, add: bool) -> None:
        """A digit typed on table ``i`` (with Ctrl: ``add``): go to that unit."""
        dash = self.dashboard
        table, was_add, digits = self.typing
        fresh = not self.clock.isValid() or self.clock.elapsed() > NUMBER_PAUSE_MS
        digits = digit if fresh or (table, was_add) != (i, add) else digits + digit
        self.typing = (i, add, digits)
        self.clock.start()
        j = 1 - i if add else i
        sides = dash.hub.view.sides
        pane = dash.panes[j]
        units = sides[j].units if j < len(sides) else []
        unit = next((u for u in units if code_number(u.code) == int(digits)), None)
        if unit is None:
            dash.message.emit(f"No unit numbered {digits} in {pane.model.side_name}")
            return
        if not add:
            self.added = None
            pane.select_unit(unit.id)
            # A typed number starts a new selection even on the row already selected, as a
            # plain click does: the last fire's target typed as the next firer changes no
            # selection, so the last firer stayed the firer (return fire went the wrong way).
            pane.tree.plain_click.emit()
            return
        dash.panes[i].tree.selection_mods = Qt.KeyboardModifier.NoModifier
        tree = pane.tree
        model = tree.selectionModel()
        rows = QItemSelectionModel.SelectionFlag.Rows
        # Each change is marked as added (Ctrl), so the table keeps the other's selection.
        if not fresh and self.added is not None:  # the number grew: the last one goes
            old = pane.proxy.mapFromSource(pane.model.unit_index(self.added))
            if old.isValid():
                tree.selection_mods = Qt.KeyboardModifier.ControlModifier
                model.select(old, QItemSelectionModel.SelectionFlag.Deselect | rows)
        index = pane.proxy.mapFromSource(pane.model.unit_index(unit.id))
        if not index.isValid():
            return
        tree.expand(index.parent())
        tree.selection_mods = Qt.KeyboardModifier.ControlModifier
        model.select(index, QItemSelectionModel.SelectionFlag.Select | rows)
        # ... and it is its table's current row, as a Ctrl+click makes it (the target first).
        tree.selection_mods = Qt.KeyboardModifier.ControlModifier
        model.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.NoUpdate)
        tree.scrollTo(index)
        self.added = unit.id
