"""Going to a unit by its code from the dashboard's side tables.

A unit's code is its side's letter and a number (``F12``). On a side's table the number
alone goes to that side's unit (``1`` then ``2`` selects F12: digits typed within
:data:`NUMBER_PAUSE_MS` make one number, as type-to-find does), and the whole code of the
other side's unit (``P2`` on the French table, on a pack game's tables where a letter is not
a command) goes to it; Ctrl and the number adds the
other side's unit with that number to the selection, as a Ctrl+click on its row would —
firers first, then their target. F6 gives the other table the keyboard.

The codes are the engine's: :class:`CodeKeys` reads the digits and finds the unit on any
dashboard that is a :class:`CodeTables` — EotE's through :class:`DashboardTables`, a pack
game's through :mod:`eote_ref.ui.pack_game.codes`.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    """What the codes are typed on: a dashboard's side tables, EotE's or any pack game's.

    :class:`CodeKeys` reads the numbers and finds the unit; the tables select it their way
    (:class:`DashboardTables` for EotE's dashboard, ``PackCodeTables`` in
    :mod:`eote_ref.ui.pack_game.codes` for a pack game's).
    """

    @property
    def message(self) -> SignalInstance:
        """A line for the status bar."""
        ...

    def coded_units(self, i: int) -> tuple[str, Sequence[tuple[int, str]]]:
        """Table ``i``'s side name and its units as ``(id, code)``."""
        ...

    def go_to_unit(self, i: int, unit_id: int) -> None:
        """A number typed alone: select unit ``unit_id`` on table ``i``, a new selection."""
        ...

    def add_unit(self, typed_on: int, i: int, unit_id: int, replaced: int | None) -> bool:
        """Ctrl and a number typed on table ``typed_on``: add unit ``unit_id`` of table ``i``.

        ``replaced``: the unit the number added before it grew (``1`` then ``2``), taken out
        of the selection. Whether the unit is shown (and so added).
        """
        ...


class CodeKeys:
    """The number being typed on a dashboard's tables and the unit it went to."""

    def __init__(self, tables: CodeTables) -> None:
        self.tables = tables
        #: The table and Ctrl the number is typed with, and its digits so far.
        self.typing: tuple[int, bool, str] = (0, False, "")
        #: The unit Ctrl+number added last (replaced while the number grows).
        self.added: int | None = None
        #: When the last digit came (a pause starts a new number).
        self.clock = QElapsedTimer()
        #: A letter typed on a table just before a number (``P`` of ``P2``) and when.
        self.prefix: tuple[int, str] | None = None
        self.prefix_clock = QElapsedTimer()
        #: The number being typed goes to the other table (its side's letter came first).
        self.other = False

    def letter(self, i: int, text: str) -> None:
        """A letter typed on table ``i``: the side's letter of a code, if digits follow."""
        self.prefix = (i, text.upper()) if len(text) == 1 and text.isalpha() else None
        self.prefix_clock.start()

    def _other_side_letter(self, i: int) -> bool:
        """Whether the letter just typed on table ``i`` is the other side's codes' letter.

        ``P2`` typed whole on the French table goes to the Prussians' P2, not to F2. A letter
        that is also this side's (or no side's) leaves the number on this table.
        """
        prefix, self.prefix = self.prefix, None
        recent = self.prefix_clock.isValid() and self.prefix_clock.elapsed() <= NUMBER_PAUSE_MS
        if prefix is None or prefix[0] != i or not recent:
            return False

        def letters(t: int) -> set[str]:
            return {code[:1].upper() for _uid, code in self.tables.coded_units(t)[1] if code}

        return prefix[1] in letters(1 - i) and prefix[1] not in letters(i)

    def typed(self, i: int, digit: str, add: bool) -> None:
        """A digit typed on table ``i`` (with Ctrl: ``add``): go to that unit."""
        tables = self.tables
        table, was_add, digits = self.typing
        fresh = not self.clock.isValid() or self.clock.elapsed() > NUMBER_PAUSE_MS
        new = fresh or (table, was_add) != (i, add)
        digits = digit if new else digits + digit
        if new:
            self.other = not add and self._other_side_letter(i)
        self.typing = (i, add, digits)
        self.clock.start()
        j = 1 - i if add or self.other else i
        side_name, units = tables.coded_units(j)
        unit = next((uid for uid, code in units if code_number(code) == int(digits)), None)
        if unit is None:
            tables.message.emit(f"No unit numbered {digits} in {side_name}")
            return
        if not add:
            self.added = None
            tables.go_to_unit(j, unit)
            return
        replaced = self.added if not fresh else None
        if tables.add_unit(i, j, unit, replaced):
            self.added = unit


class EotETables(Protocol):
    """EotE's dashboard (``dashboard.Dashboard``): its hub and its two side panes."""

    hub: GameHub
    panes: list[SidePane]

    @property
    def message(self) -> SignalInstance:
        """A line for the status bar."""
        ...


class DashboardTables:
    """The codes on EotE's dashboard: its side tables' views and selection models."""

    def __init__(self, dashboard: EotETables) -> None:
        self.dashboard = dashboard

    @property
    def message(self) -> SignalInstance:
        return self.dashboard.message

    def coded_units(self, i: int) -> tuple[str, Sequence[tuple[int, str]]]:
        sides = self.dashboard.hub.view.sides
        units = sides[i].units if i < len(sides) else []
        return self.dashboard.panes[i].model.side_name, [(u.id, u.code) for u in units]

    def go_to_unit(self, i: int, unit_id: int) -> None:
        pane = self.dashboard.panes[i]
        pane.select_unit(unit_id)
        # A typed number starts a new selection even on the row already selected, as a
        # plain click does: the last fire's target typed as the next firer changes no
        # selection, so the last firer stayed the firer (return fire went the wrong way).
        pane.tree.plain_click.emit()

    def add_unit(self, typed_on: int, i: int, unit_id: int, replaced: int | None) -> bool:
        dash = self.dashboard
        pane = dash.panes[i]
        dash.panes[typed_on].tree.selection_mods = Qt.KeyboardModifier.NoModifier
        tree = pane.tree
        model = tree.selectionModel()
        rows = QItemSelectionModel.SelectionFlag.Rows
        # Each change is marked as added (Ctrl), so the table keeps the other's selection.
        if replaced is not None:  # the number grew: the last one goes
            old = pane.proxy.mapFromSource(pane.model.unit_index(replaced))
            if old.isValid():
                tree.selection_mods = Qt.KeyboardModifier.ControlModifier
                model.select(old, QItemSelectionModel.SelectionFlag.Deselect | rows)
        index = pane.proxy.mapFromSource(pane.model.unit_index(unit_id))
        if not index.isValid():
            return False
        tree.expand(index.parent())
        tree.selection_mods = Qt.KeyboardModifier.ControlModifier
        model.select(index, QItemSelectionModel.SelectionFlag.Select | rows)
        # ... and it is its table's current row, as a Ctrl+click makes it (the target first).
        tree.selection_mods = Qt.KeyboardModifier.ControlModifier
        model.setCurrentIndex(index, QItemSelectionModel.SelectionFlag.NoUpdate)
        tree.scrollTo(index)
        return True
