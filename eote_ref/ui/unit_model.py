"""The item model of one side's order of battle: division rows with their units below."""

from __future__ import annotations

import enum
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QFont

from eote_ref.referee import markers
from eote_ref.referee.picking import fold, split_code
from eote_ref.referee.views import DivisionView, SideView, UnitView

Index = QModelIndex | QPersistentModelIndex


class Column(enum.IntEnum):
    """The columns of a side's table."""

    UNIT = 0
    TYPE = 1
    FORMATION = 2
    CE = 3
    HITS = 4
    DISORDER = 5
    BLOWN = 6
    STATUS = 7
    PINNED = 8
    COMMAND = 9
    LEADER = 10


#: The columns by number, and how many (looked up on every index and data call the view makes).
_COLUMN_AT = tuple(Column)
_COLUMNS = len(_COLUMN_AT)

HEADERS = {
    Column.UNIT: ("Unit", "Unit (grouped by division)"),
    Column.TYPE: ("Type", "Arm and type"),
    Column.FORMATION: ("Formation", "Formation (double-click or F to change)"),
    Column.CE: ("CE", "Combat effectiveness: current (CE less hits) / printed (EotE 1.3)"),
    Column.HITS: (
        "Hits",
        "Hits (+/−): a filled pip per hit, hollow pips up to the morale threshold, then the "
        "number of hits. The ringed (orange) pip is that threshold: a unit checks morale when "
        "it reaches that many hits and at every hit after it (EotE 7.5). Point at a cell for "
        "the unit's figures.",
    ),
    Column.DISORDER: (markers.mark("disordered"), "Disordered (D)"),
    Column.BLOWN: (
        markers.mark("blown"),
        "Blown: the cavalry unit's blown markers (B / Shift+B, EotE 5.10)",
    ),
    Column.STATUS: (
        "Status",
        "Routed (R), off table (O), morale check due; fired in this turn's artillery or "
        "infantry fire (a unit fires once a sub-phase, EotE 6.0)",
    ),
    Column.PINNED: (
        markers.mark("pinned"),
        "Pinned: held by an enemy within pinning range (P toggles)",
    ),
    Column.COMMAND: ("Cmd", "Command: OUT when the unit is out of command (C toggles)"),
    Column.LEADER: ("Ldr", "Leader attached to the unit (★; the name is in the row's tooltip)"),
}

#: Short labels for unit types and formations, as a referee writes them.
TYPE_LABELS = {
    "line": "Line",
    "light": "Light",
    "guard": "Guard",
    "militia": "Militia",
    "grenadier": "Gren.",
    "heavy": "Heavy",
    "medium": "Med.",
    "foot": "Foot",
    "horse": "Horse",
}
FORMATION_LABELS = {
    "line": "line",
    "column": "column",
    "french_assault_column": "assault col.",
    "square": "square",
    "skirmish": "skirmish",
    "limbered": "limbered",
    "unlimbered": "unlimbered",
}


class Role(enum.IntEnum):
    """Custom data roles read by the delegate and the dashboard."""

    KIND = Qt.ItemDataRole.UserRole + 1
    UNIT = Qt.ItemDataRole.UserRole + 2
    DIVISION = Qt.ItemDataRole.UserRole + 3
    ID = Qt.ItemDataRole.UserRole + 4
    FILTER_TEXT = Qt.ItemDataRole.UserRole + 5
    THRESHOLD = Qt.ItemDataRole.UserRole + 6
    #: On a division row: its leader cannot rally troops this turn (EotE 8.0).
    NO_RALLY = Qt.ItemDataRole.UserRole + 7
    #: On a unit row: a morale check is due at its hits, as the turn guide lists (EotE 7.5).
    MORALE_DUE = Qt.ItemDataRole.UserRole + 8


DIVISION_KIND = "division"
UNIT_KIND = "unit"

# The roles and flags as plain ints and constants: the view asks the model for every cell it
# paints and every index it maps (thousands of calls at the first paint), and reading a Qt
# enum member or or-ing flags costs a Python call each.
_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_FONT = int(Qt.ItemDataRole.FontRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
_USER = int(Qt.ItemDataRole.UserRole)
_KIND = int(Role.KIND)
_UNIT = int(Role.UNIT)
_DIVISION = int(Role.DIVISION)
_ID = int(Role.ID)
_FILTER_TEXT = int(Role.FILTER_TEXT)
_THRESHOLD = int(Role.THRESHOLD)
_NO_RALLY = int(Role.NO_RALLY)
_MORALE_DUE = int(Role.MORALE_DUE)
_CENTRE = Qt.AlignmentFlag.AlignCenter
_CENTRED = frozenset(
    int(c) for c in (Column.CE, Column.DISORDER, Column.BLOWN, Column.PINNED, Column.COMMAND)
)
_HORIZONTAL = Qt.Orientation.Horizontal
#: The headers' label and tip by column number, and the columns whose header is left-aligned.
_HEADER_AT = tuple(HEADERS[c] for c in Column)
_LEFT_HEADERS = frozenset(
    int(c) for c in (Column.UNIT, Column.TYPE, Column.FORMATION, Column.LEADER, Column.STATUS)
)
_NO_FLAGS = Qt.ItemFlag.NoItemFlags
_DIVISION_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_UNIT_FLAGS = _DIVISION_FLAGS | Qt.ItemFlag.ItemNeverHasChildren


def formation_label(value: str | None) -> str:
    """The formation as shown in the table (``—`` when not yet set)."""
    return FORMATION_LABELS.get(value, value) if value else "—"


def unit_status(u: UnitView, morale_due: bool | None = None) -> str:
    """The status words of a unit (routed, off table, morale due...).

    ``morale_due``: whether the turn guide owes it a morale check now (EotE 7.5: at the
    threshold's hit and each hit after, not again at the same hits); without it, whether its
    hits reach the threshold.
    """
    words = []
    if u.off_table:
        words.append(markers.OFF_TABLE)
    if u.routed:
        words.append(markers.ROUTED)
    elif u.morale_due if morale_due is None else morale_due:
        words.append("morale check")
    if u.skirmishers_out:
        # The stand's own hit markers (EotE 5.4), kept apart from the parent's.
        words.append(markers.skirmish_words(u))
    if u.guns_abandoned:
        words.append(markers.GUNS_ABANDONED)
    if u.changed_formation:
        words.append("changed formation")
    return ", ".join(words)


def no_rally_now(d: DivisionView, turn: int) -> bool:
    """Whether the division's leader cannot rally troops on ``turn`` (EotE 8.0)."""
    lead = d.leader
    return lead is not None and not lead.killed and lead.no_rally_turn == turn


def no_rally_tip(d: DivisionView, turn: int) -> str:
    """Why the leader cannot rally (this turn, or next turn), or ``""`` (EotE 8.0)."""
    lead = d.leader
    if lead is None or lead.killed:
        return ""
    if lead.no_rally_turn == turn:
        return (
            f"{lead.name} was hit last turn and cannot rally troops in turn {turn} "
            "(EotE 8.0): no rally from disorder or rout for his division"
        )
    if lead.no_rally_next_turn:
        return f"{lead.name} was hit this turn and cannot rally troops next turn (EotE 8.0)"
    return ""


def division_summary(d: DivisionView, turn: int | None = None) -> str:
    """One line describing a division: leader, order, pending order, integrity.

    With ``turn`` a leader who cannot rally in that turn (EotE 8.0) is marked too.
    """
    parts = [d.title]
    if d.leader:
        lead = f"{d.leader.name} ({d.leader.rating})"
        if d.leader.killed:
            lead += " killed"
        if turn is not None and no_rally_now(d, turn):
            lead += " no rally this turn"
        elif d.leader.no_rally_next_turn:
            lead += " no rally next turn"
        parts.append(lead)
    parts.append(f"order {d.current_order}" if d.current_order else "no order")
    if d.pending_order:
        turns = d.pending_order_turns
        parts.append(f"pending {d.pending_order}" + (f" in {turns}" if turns is not None else ""))
    parts.append(d.integrity_state)
    return " · ".join(parts)


def _unit_text(u: UnitView, column: Column) -> str:
    match column:
        case Column.UNIT:
            return u.coded_name
        case Column.TYPE:
            return f"{u.arm} {u.type}"
        case Column.FORMATION:
            return formation_label(u.formation)
        case Column.CE:
            return f"{u.effective_ce}/{u.ce}"
        case Column.HITS:
            return str(u.hits)
        case Column.DISORDER:
            return markers.mark("disordered") if u.disordered else ""
        case Column.BLOWN:
            return str(u.blown) if u.blown else ""
        case Column.STATUS:
            return unit_status(u)
        case Column.PINNED:
            return markers.mark("pinned") if u.pinned else ""
        case Column.COMMAND:
            return markers.mark("out_of_command") if u.out_of_command else ""
        case Column.LEADER:
            return u.attached_leader or ""
    return ""  # pragma: no cover


def hits_tooltip(u: UnitView, threshold: int) -> str:
    """The Hits cell's tooltip: the count, the morale threshold and the effective CE."""
    hits = f"{u.hits} hit{'s' if u.hits != 1 else ''}"
    return f"{hits}; morale check from {threshold} hits (EotE 7.5); effective CE {u.effective_ce}"


def _unit_tooltip(u: UnitView, morale_due: bool | None = None) -> str:
    bits = [
        f"<b>{u.coded_name}</b> — {u.nation} {u.arm} ({u.type})",
        f"CE {u.effective_ce} of {u.ce}, {u.hits} hit(s), {u.stands} stands",
    ]
    if u.brigade:
        bits.append(f"Brigade {u.brigade}")
    if u.attached_leader:
        bits.append(f"★ {u.attached_leader} attached")
    status = unit_status(u, morale_due)
    if status:
        bits.append(status)
    return "<br>".join(bits)


class SideModel(QAbstractItemModel):
    """One side's divisions (top-level rows) and units (their children).

    :meth:`set_side` takes a fresh :class:`SideView` after every change; when the order of
    battle is the same it only signals the rows whose values changed, so the view keeps its
    selection, expansion and scroll position and repaints a row or two.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._divisions: list[DivisionView] = []
        self._shape: list[tuple[int, tuple[int, ...]]] = []
        self._unit_pos: dict[int, tuple[int, int]] = {}
        self._threshold = 3
        self._turn = 0
        #: Units that have fired this turn, with the fire sub-phase (EotE 6.0).
        self._fired: dict[int, str] = {}
        #: Units owed a morale check now, as the turn guide lists them (EotE 7.5); None: not
        #: given, a unit's hits at the threshold say it.
        self._morale: set[int] | None = None
        self.side_name = ""
        self.side_position = 0
        #: Each row's texts, made when the row is first painted and kept while its view
        #: object, the turn, the threshold, the fired and the morale checks stay the same:
        #: a unit's id to (its view, one text per column), a division's to (its view, its
        #: line).
        self._unit_texts: dict[int, tuple[UnitView, tuple[str, ...]]] = {}
        self._division_texts: dict[int, tuple[DivisionView, str]] = {}
        #: The bold font of a routed unit's name, made on first use.
        self._bold: QFont | None = None

    # ------------------------------------------------------------------ updating
    def set_side(
        self,
        side: SideView,
        threshold: int = 3,
        turn: int | None = None,
        fired: dict[int, str] | None = None,
        morale: set[int] | None = None,
    ) -> None:
        """Show ``side``: signal changed rows only, or reset if the order of battle differs.

        ``turn`` (the game's) tells whether a leader's no-rally turn (EotE 8.0) is this one;
        ``fired`` gives the units that have fired this turn and in which sub-phase (6.0);
        ``morale`` the units owed a morale check now (7.5).
        """
        if (
            (morale is not None and morale != self._morale)
            or (fired is not None and fired != self._fired)
            or (turn is not None and turn != self._turn)
            or threshold != self._threshold
        ):
            self._unit_texts.clear()  # the Status column or the division lines may change
            self._division_texts.clear()
        if morale is not None:
            old_morale, self._morale = self._morale or set(), set(morale)
            for changed in old_morale ^ self._morale:
                index = self.unit_index(changed, Column.STATUS)
                if index.isValid():
                    self.dataChanged.emit(index, index, [Qt.ItemDataRole.DisplayRole])
        if fired is not None:
            old_fired, self._fired = self._fired, dict(fired)
            for uid in set(old_fired.items()) ^ set(self._fired.items()):
                index = self.unit_index(uid[0], Column.STATUS)
                if index.isValid():
                    self.dataChanged.emit(index, index, [Qt.ItemDataRole.DisplayRole])
        self.side_name = side.name
        self.side_position = side.position
        old_turn = self._turn
        if turn is not None:
            self._turn = turn
        if not self._same_shape(side.divisions) or threshold != self._threshold:
            self.beginResetModel()
            self._divisions = list(side.divisions)
            self._shape = [_shape(d) for d in side.divisions]
            self._threshold = threshold
            self._unit_pos = {
                u.id: (d_row, u_row)
                for d_row, d in enumerate(self._divisions)
                for u_row, u in enumerate(d.units)
            }
            self.endResetModel()
            return
        last = len(Column) - 1
        for d_row, (old, new) in enumerate(zip(self._divisions, side.divisions, strict=True)):
            if old is new and old_turn == self._turn:
                continue  # the same view object: a patched game view keeps unchanged divisions
            if old == new and not (
                old_turn != self._turn and new.leader and new.leader.no_rally_turn is not None
            ):
                continue
            self._divisions[d_row] = new
            if _division_only(old) != _division_only(new) or (
                old_turn != self._turn and new.leader and new.leader.no_rally_turn is not None
            ):
                self.dataChanged.emit(
                    self.index(d_row, 0),
                    self.index(d_row, last),
                    _roles(_division_filter_text(old) == _division_filter_text(new)),
                )
            parent = self.index(d_row, 0)
            for u_row, (ou, nu) in enumerate(zip(old.units, new.units, strict=True)):
                if ou is not nu and ou != nu:
                    self.dataChanged.emit(
                        self.index(u_row, 0, parent),
                        self.index(u_row, last, parent),
                        _roles(_unit_filter_text(ou) == _unit_filter_text(nu)),
                    )

    def _same_shape(self, divisions: tuple[DivisionView, ...]) -> bool:
        """Whether ``divisions`` hold the rows shown, in the same places.

        A division that is the very object shown has not changed; the others are compared
        by their ids and their units' ids (a patched view touches a division or two).
        """
        if len(divisions) != len(self._shape):
            return False
        return all(
            new is old or _shape(new) == shape
            for new, old, shape in zip(divisions, self._divisions, self._shape, strict=True)
        )

    @property
    def divisions(self) -> list[DivisionView]:
        """The divisions shown, in order."""
        return list(self._divisions)

    def unit_index(self, unit_id: int, column: int = 0) -> QModelIndex:
        """The index of a unit's row (invalid if the unit is not on this side)."""
        pos = self._unit_pos.get(unit_id)
        if pos is None:
            return QModelIndex()
        return self.index(pos[1], column, self.index(pos[0], 0))

    def division_index(self, division_id: int) -> QModelIndex:
        """The index of a division's row (invalid if not on this side)."""
        for row, d in enumerate(self._divisions):
            if d.id == division_id:
                return self.index(row, 0)
        return QModelIndex()

    # ------------------------------------------------------------------ structure
    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if column < 0 or column >= _COLUMNS or row < 0:
            return QModelIndex()
        if not parent.isValid():
            if row >= len(self._divisions):
                return QModelIndex()
            return self.createIndex(row, column, 0)
        if parent.internalId() != 0:
            return QModelIndex()
        d_row = parent.row()
        if d_row >= len(self._divisions) or row >= len(self._divisions[d_row].units):
            return QModelIndex()
        return self.createIndex(row, column, d_row + 1)

    def parent(self, child: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not child.isValid():
            return QModelIndex()
        internal = child.internalId()
        if internal == 0:
            return QModelIndex()
        return self.createIndex(internal - 1, 0, 0)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self._divisions)
        if parent.internalId() == 0 and parent.column() == 0:
            return len(self._divisions[parent.row()].units)
        return 0

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return len(Column)

    def hasChildren(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        if not parent.isValid():
            return bool(self._divisions)
        if parent.internalId() == 0 and parent.column() == 0:
            return bool(self._divisions[parent.row()].units)
        return False

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return _NO_FLAGS
        return _DIVISION_FLAGS if index.internalId() == 0 else _UNIT_FLAGS

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != _HORIZONTAL or not 0 <= section < _COLUMNS:
            return None
        if role == _DISPLAY:
            return _HEADER_AT[section][0]
        if role == _TOOLTIP:
            return _HEADER_AT[section][1]
        if role == _ALIGNMENT and section not in _LEFT_HEADERS:
            return _CENTRE
        return None

    # ------------------------------------------------------------------ data
    def unit_at(self, index: Index) -> UnitView | None:
        """The unit of a unit row, or None for a division row."""
        if not index.isValid() or index.internalId() == 0:
            return None
        return self._divisions[index.internalId() - 1].units[index.row()]

    def division_at(self, index: Index) -> DivisionView | None:
        """The division of a division row, or of a unit row's parent."""
        if not index.isValid():
            return None
        internal = index.internalId()
        return self._divisions[internal - 1 if internal else index.row()]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """A cell's value.

        Its text comes from the row's texts (made once per view of the row); the tooltip is
        made only when asked (a pointer resting on the cell).
        """
        if not index.isValid():
            return None
        internal = index.internalId()
        if internal == 0:
            return self._division_data(self._divisions[index.row()], index.column(), role)
        unit = self._divisions[internal - 1].units[index.row()]
        if role == _DISPLAY:
            return self._texts_of(unit)[index.column()]
        if role >= _USER:
            if role == _UNIT:
                return unit
            if role == _KIND:
                return UNIT_KIND
            if role == _ID:
                return unit.id
            if role == _THRESHOLD:
                return self._threshold
            if role == _MORALE_DUE:
                return self._morale_due(unit) and not unit.off_table
            if role == _FILTER_TEXT:
                return _unit_filter_text(unit)
            return None
        if role == _ALIGNMENT:
            return _CENTRE if index.column() in _CENTRED else None
        if role == _FONT:
            return self._bold_font() if unit.routed and index.column() == Column.UNIT else None
        if role == _TOOLTIP:
            if index.column() == Column.HITS:
                return hits_tooltip(unit, self._threshold)
            return _unit_tooltip(unit, self._morale_due(unit))
        return None

    def _texts_of(self, unit: UnitView) -> tuple[str, ...]:
        """The unit row's text in each column (made once per view of the unit)."""
        kept = self._unit_texts.get(unit.id)
        if kept is not None and kept[0] is unit:
            return kept[1]
        texts = tuple(
            self._status_text(unit) if column == Column.STATUS else _unit_text(unit, column)
            for column in _COLUMN_AT
        )
        self._unit_texts[unit.id] = (unit, texts)
        return texts

    def _status_text(self, unit: UnitView) -> str:
        """The Status column: fired this turn (6.0), then the unit's status words."""
        status = unit_status(unit, self._morale_due(unit))
        if unit.id in self._fired:
            return ", ".join(w for w in (f"fired ({self._fired[unit.id]})", status) if w)
        return status

    def _bold_font(self) -> QFont:
        if self._bold is None:
            self._bold = QFont()
            self._bold.setBold(True)
        return self._bold

    def _morale_due(self, unit: UnitView) -> bool:
        """Whether ``unit`` is owed a morale check now (EotE 7.5)."""
        return unit.morale_due if self._morale is None else unit.id in self._morale

    def _division_data(self, d: DivisionView, column: int, role: int) -> Any:
        if role == _DISPLAY:
            return self._summary_of(d) if column == Column.UNIT else ""
        if role < _USER:
            if role == _TOOLTIP:
                tip = self._summary_of(d) + (f"<br>under {d.parent}" if d.parent else "")
                why = no_rally_tip(d, self._turn)
                return f"{tip}<br>{why}" if why else tip
            return None
        if role == _KIND:
            return DIVISION_KIND
        if role == _DIVISION:
            return d
        if role == _NO_RALLY:
            return no_rally_now(d, self._turn)
        if role == _ID:
            return d.id
        if role == _FILTER_TEXT:
            return _division_filter_text(d)
        return None

    def _summary_of(self, d: DivisionView) -> str:
        """The division's line (:func:`division_summary`, made once per view of it)."""
        kept = self._division_texts.get(d.id)
        if kept is not None and kept[0] is d:
            return kept[1]
        text = division_summary(d, self._turn)
        self._division_texts[d.id] = (d, text)
        return text


def _shape(d: DivisionView) -> tuple[int, tuple[int, ...]]:
    """A division's place in the tree: its id and its units' ids in order."""
    return (d.id, tuple(u.id for u in d.units))


def _unit_filter_text(u: UnitView) -> str:
    """What the filter matches a unit row against (:class:`SideFilterProxy`)."""
    return " ".join((u.code, u.name, u.arm, u.type, u.nation, u.brigade or "")).casefold()


def _division_filter_text(d: DivisionView) -> str:
    """What the filter matches a division row against."""
    leader = d.leader.name if d.leader else ""
    return f"{d.name} {leader} {d.parent or ''}".casefold()


#: Every role a row answers except the filter's: a change that leaves the filter text alone
#: names these, so the proxy repaints the row without filtering it (and its division) again.
_VALUE_ROLES = [
    int(r)
    for r in (
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.ToolTipRole,
        Qt.ItemDataRole.FontRole,
        Qt.ItemDataRole.TextAlignmentRole,
        Role.KIND,
        Role.UNIT,
        Role.DIVISION,
        Role.ID,
        Role.THRESHOLD,
        Role.NO_RALLY,
    )
]


def _roles(same_filter_text: bool) -> list[int]:
    """The roles a row's change signals: all (an empty list) when its filter text changed."""
    return _VALUE_ROLES if same_filter_text else []


def _division_only(d: DivisionView) -> tuple[Any, ...]:
    """A division's own values (its units left out), to tell whether its row changed."""
    return (
        d.name,
        d.leader,
        d.current_order,
        d.pending_order,
        d.pending_order_turns,
        d.falling_back,
        d.routed,
        d.in_town,
        d.objective_lost,
        tuple((u.hits, u.disordered, u.routed, u.off_table, u.blown) for u in d.units),
    )


def _as_code(words: list[str]) -> tuple[str | None, int] | None:
    """One typed word that is a unit code (``f12``: ``("F", 12)``) or a number (``(None, 12)``)."""
    if len(words) != 1:
        return None
    parsed = split_code(words[0])
    if parsed is not None:
        return parsed
    word = words[0]
    return (None, int(word)) if word.isdigit() and len(word) <= 4 else None


class SideFilterProxy(QSortFilterProxyModel):
    """Filters units by name, arm, type, nation or brigade; divisions by name or leader.

    A division whose name matches shows all its units; a unit that matches shows with its
    division.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setRecursiveFilteringEnabled(True)
        self.setAutoAcceptChildRows(True)
        # The filter reads this role: a change signalled without it (a marker) is repainted
        # without filtering the row and its division again.
        self.setFilterRole(Role.FILTER_TEXT)
        self._words: list[str] = []
        #: A unit code typed whole (``F12``) or its number alone (``12``): units match it
        #: exactly, not as letters anywhere (``F1`` is F1, not F10-F19 too).
        self._code: tuple[str | None, int] | None = None

    def set_text(self, text: str) -> None:
        """Show only rows matching every word of ``text`` (case and accents ignored).

        A code typed on its own (``F12``, or ``12`` for that number on either side) shows
        that unit only.
        """
        words = fold(text).split()
        if words == self._words:
            return
        self.beginFilterChange()
        self._words = words
        self._code = _as_code(words)
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if not self._words:
            return True
        model = self.sourceModel()
        if self._code is not None:
            index = model.index(source_row, 0, source_parent)
            unit = model.data(index, Role.UNIT)
            if unit is None:
                return False  # a division shows when one of its units does
            parsed = split_code(unit.code) if unit.code else None
            letter, number = self._code
            return parsed is not None and parsed[1] == number and letter in (None, parsed[0])
        text = fold(
            str(model.data(model.index(source_row, 0, source_parent), Role.FILTER_TEXT) or "")
        )
        return all(w in text for w in self._words)
