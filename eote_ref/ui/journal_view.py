"""The journal as a readable log: every step with its turn, phase, dice and result; undo from it."""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QHeaderView, QWidget

from eote_ref.referee.journal_record import result_words
from eote_ref.referee.phases import Phase
from eote_ref.referee.views import GameView, JournalEntry
from eote_ref.ui.forms.ui_journal_view import Ui_JournalView
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.theme import marker_colors

Index = QModelIndex | QPersistentModelIndex

ENTRY_ROLE = Qt.ItemDataRole.UserRole + 1


class JournalColumn(enum.IntEnum):
    """Columns of the log."""

    SEQ = 0
    TURN = 1
    PHASE = 2
    SUMMARY = 3
    DICE = 4
    RESULT = 5


_HEADERS = ("#", "Turn", "Phase", "What happened", "Dice", "Result")


def phase_label(text: str) -> str:
    """A stored phase as the umpire says it (unknown values shown as stored)."""
    try:
        return Phase.parse(text).label
    except ValueError:
        return text


_NEW_TURN = re.compile(r"turn (\d+): (.+)")


def summary_text(entry: JournalEntry) -> str:
    """What a step did, as the log and its exports show it.

    A phase step is stored under the phase it leaves, so it reads as the start of the next:
    ``→ Movement phase begins``, ``→ Turn 2 begins: Command phase; ...`` (what carried over
    into the new turn follows the semicolon).
    """
    if entry.kind != "phase":
        return entry.summary
    head, sep, rest = entry.summary.partition("; ")
    new_turn = _NEW_TURN.fullmatch(head)
    head = f"Turn {new_turn[1]} begins: {new_turn[2]} phase" if new_turn else f"{head} begins"
    return f"→ {head}{sep}{rest}"


def dice_text(rolls: list[Any]) -> str:
    """The dice of a step: ``3 5`` for plain rolls, ``name 3`` for named ones."""
    out = []
    for r in rolls:
        if isinstance(r, dict):
            value = r.get("value", r.get("roll", ""))
            name = r.get("name") or r.get("die") or ""
            out.append(f"{name} {value}".strip())
        elif isinstance(r, list | tuple):
            out.append("+".join(str(x) for x in r))
        else:
            out.append(str(r))
    return "  ".join(out)


class JournalModel(QAbstractTableModel):
    """The journal entries, newest first."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._entries: list[JournalEntry] = []
        self._turns: Counter[int] = Counter()
        #: How a stored phase reads (a pack game's hub gives its own: its rounds are no EotE phase).
        self.phase_text: Callable[[str], str] = phase_label
        #: How a step's dice and result read (a pack game's hub words its own: no codes).
        self.dice_text: Callable[[JournalEntry], str] = lambda e: dice_text(e.rolls)
        self.result_text: Callable[[JournalEntry], str] = lambda e: result_words(e.kind, e.result)

    def set_entries(self, entries: list[JournalEntry], kept: int = 0) -> None:
        """Show ``entries``, of which the ``kept`` oldest are the oldest shown now.

        Only the newest rows change (rows inserted or removed at the top, the others told
        they changed), so a long log is not rebuilt after every step; with ``kept`` 0 the
        log is rebuilt.
        """
        if kept == 0 or kept > len(self._entries):
            if entries == self._entries:
                return
            self.beginResetModel()
            self._entries = list(entries)
            self._turns = Counter(e.turn for e in entries)
            self.endResetModel()
            return
        old_head = len(self._entries) - kept
        new_head = len(entries) - kept
        for e in self._entries[:old_head]:
            self._turns[e.turn] -= 1
        for e in entries[:new_head]:
            self._turns[e.turn] += 1
        if old_head > new_head:
            self.beginRemoveRows(QModelIndex(), 0, old_head - new_head - 1)
            del self._entries[: old_head - new_head]
            self.endRemoveRows()
        elif new_head > old_head:
            self.beginInsertRows(QModelIndex(), 0, new_head - old_head - 1)
            self._entries[:0] = entries[: new_head - old_head]
            self.endInsertRows()
        changed = [i for i in range(new_head) if self._entries[i] != entries[i]]
        self._entries[:new_head] = entries[:new_head]
        if changed:
            last = len(_HEADERS) - 1
            self.dataChanged.emit(self.index(changed[0], 0), self.index(changed[-1], last))

    def turns(self) -> list[int]:
        """The turns the entries were made in, in order."""
        return sorted(t for t, n in self._turns.items() if n > 0)

    def last_done_seq(self) -> int:
        """The number of the newest step done (the undone ones are the newest), 0 if none."""
        return next((e.seq for e in self._entries if e.status == "done"), 0)

    def counts(self) -> tuple[int, int]:
        """How many entries are done and how many undone (undone ones are the newest)."""
        undone = next(
            (i for i, e in enumerate(self._entries) if e.status == "done"), len(self._entries)
        )
        return len(self._entries) - undone, undone

    @property
    def entries(self) -> list[JournalEntry]:
        """The entries shown, newest first."""
        return list(self._entries)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._entries)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(_HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return _HEADERS[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        e = self._entries[index.row()]
        column = JournalColumn(index.column())
        undone = e.status != "done"
        if role == Qt.ItemDataRole.DisplayRole:
            match column:
                case JournalColumn.SEQ:
                    return str(e.seq)
                case JournalColumn.TURN:
                    return str(e.turn)
                case JournalColumn.PHASE:
                    return self.phase_text(e.phase)
                case JournalColumn.SUMMARY:
                    return summary_text(e) + ("  (undone)" if undone else "")
                case JournalColumn.DICE:
                    return self.dice_text(e)
                case JournalColumn.RESULT:
                    return self.result_text(e)
        if role == ENTRY_ROLE:
            return e
        if role == Qt.ItemDataRole.ForegroundRole and undone:
            return marker_colors(QApplication.palette()).dim_text
        if role == Qt.ItemDataRole.FontRole and undone:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (
            JournalColumn.SEQ,
            JournalColumn.TURN,
        ):
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        if role == Qt.ItemDataRole.ToolTipRole:
            when = e.created_at.astimezone().strftime("%d %b %Y %H:%M:%S")
            state = "undone — Redo brings it back" if undone else "done"
            return f"Step {e.seq} ({e.kind}), {when}, {state}"
        return None


class JournalFilter(QSortFilterProxyModel):
    """Filters the log by words and by turn."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._words: list[str] = []
        self._turn: int | None = None

    def set_filter(self, text: str, turn: int | None) -> None:
        """Show the steps containing every word of ``text`` in ``turn`` (None: every turn)."""
        words = text.casefold().split()
        if words == self._words and turn == self._turn:
            return
        self.beginFilterChange()
        self._words = words
        self._turn = turn
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        model = self.sourceModel()
        entry = model.data(model.index(source_row, 0, source_parent), ENTRY_ROLE)
        if not isinstance(entry, JournalEntry):
            return True
        if self._turn is not None and entry.turn != self._turn:
            return False
        if not self._words:
            return True
        text = " ".join(
            (
                summary_text(entry),
                entry.kind,
                getattr(model, "phase_text", phase_label)(entry.phase),
                getattr(model, "dice_text", lambda e: dice_text(e.rolls))(entry),
                getattr(model, "result_text", lambda e: result_words(e.kind, e.result))(entry),
                "undone" if entry.status != "done" else "",
            )
        ).casefold()
        return all(w in text for w in self._words)


class JournalView(QWidget):
    """The log dock: filter by text and turn, Undo / Redo, and "Undo back to here"."""

    message = Signal(str)

    def __init__(self, hub: GameHub, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ui = Ui_JournalView()
        self.ui.setupUi(self)
        self.hub = hub
        self.model = JournalModel(self)
        self.model.phase_text = getattr(hub, "phase_text", phase_label)
        for words in ("dice_text", "result_text"):  # a pack game's hub words its own
            if hasattr(hub, words):
                setattr(self.model, words, getattr(hub, words))
        self.proxy = JournalFilter(self)
        self.proxy.setSourceModel(self.model)
        table = self.ui.table
        table.setModel(self.proxy)
        header = table.horizontalHeader()
        header.setStretchLastSection(False)
        fm = table.fontMetrics()
        em = fm.horizontalAdvance("M")
        for column, width in (
            (JournalColumn.SEQ, 3.2),
            (JournalColumn.TURN, 3.4),
            (JournalColumn.PHASE, 11.5),
            (JournalColumn.DICE, 7),
            (JournalColumn.RESULT, 12),
        ):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, int(em * width))
        header.setSectionResizeMode(JournalColumn.SUMMARY, QHeaderView.ResizeMode.Stretch)
        table.verticalHeader().setDefaultSectionSize(fm.height() + 8)
        self.ui.filterEdit.textChanged.connect(self._apply_filter)
        self.ui.turnCombo.currentIndexChanged.connect(self._apply_filter)
        self.ui.undoButton.clicked.connect(self.undo)
        self.ui.redoButton.clicked.connect(self.redo)
        self.ui.undoToButton.clicked.connect(self.undo_to_selected)
        table.selectionModel().currentRowChanged.connect(self._update_buttons)
        self._pending = False
        hub.viewChanged.connect(self.show_view)
        self._reload(hub.view)

    # ------------------------------------------------------------------ state
    def show_view(self, view: GameView) -> None:
        """Reload the log after a change, once the dashboard has been repainted.

        The reload reads the whole journal (about 14 ms per 1,000 steps), so it runs from
        the event loop right after the edit is shown; several changes in a row coalesce.
        """
        if not self._pending:
            self._pending = True
            QTimer.singleShot(0, self.flush)

    def flush(self) -> None:
        """Reload now if a reload is pending (reading methods call it first)."""
        if self._pending:
            self._pending = False
            self._reload(self.hub.view)

    def _reload(self, view: GameView) -> None:
        selected = self._selected_entry()
        entries, kept = self.hub.service.journal_since(self.model.entries)
        self.model.set_entries(entries, kept)
        turns = sorted({*self.model.turns(), view.turn})
        combo = self.ui.turnCombo
        wanted = ["All turns"] + [f"Turn {t}" for t in turns]
        if [combo.itemText(i) for i in range(combo.count())] != wanted:
            current = combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            combo.addItem("All turns", None)
            for t in turns:
                combo.addItem(f"Turn {t}", t)
            at = combo.findData(current) if current is not None else 0
            combo.setCurrentIndex(max(at, 0))
            combo.blockSignals(False)
        current = self._selected_entry()
        if selected is not None and (current is None or current.seq != selected.seq):
            self.select_seq(selected.seq)
        done, undone = self.model.counts()
        self.ui.countLabel.setText(
            f"{done} step{'s' if done != 1 else ''}" + (f", {undone} undone" if undone else "")
        )
        self._update_buttons()

    def _apply_filter(self) -> None:
        self.proxy.set_filter(self.ui.filterEdit.text(), self.ui.turnCombo.currentData())

    def set_filter(self, text: str = "", turn: int | None = None) -> None:
        """Set the text and turn filters as the user would."""
        self.ui.filterEdit.setText(text)
        at = self.ui.turnCombo.findData(turn) if turn is not None else 0
        self.ui.turnCombo.setCurrentIndex(max(at, 0))
        self._apply_filter()

    def visible_entries(self) -> list[JournalEntry]:
        """The entries the filters let through, top to bottom."""
        self.flush()
        out = []
        for row in range(self.proxy.rowCount()):
            e = self.proxy.data(self.proxy.index(row, 0), ENTRY_ROLE)
            if isinstance(e, JournalEntry):
                out.append(e)
        return out

    def selected_entry(self) -> JournalEntry | None:
        """The entry of the selected row."""
        self.flush()
        return self._selected_entry()

    def _selected_entry(self) -> JournalEntry | None:
        index = self.ui.table.currentIndex()
        e = index.data(ENTRY_ROLE) if index.isValid() else None
        return e if isinstance(e, JournalEntry) else None

    def select_seq(self, seq: int) -> bool:
        """Select the entry with step number ``seq`` if it is shown."""
        self.flush()
        for row in range(self.proxy.rowCount()):
            e = self.proxy.data(self.proxy.index(row, 0), ENTRY_ROLE)
            if isinstance(e, JournalEntry) and e.seq == seq:
                self.ui.table.setCurrentIndex(self.proxy.index(row, 0))
                return True
        return False

    def _update_buttons(self) -> None:
        view = self.hub.view
        self.ui.undoButton.setEnabled(view.can_undo is not None)
        self.ui.redoButton.setEnabled(view.can_redo is not None)
        e = self._selected_entry()
        later_done = e is not None and self.model.last_done_seq() > e.seq
        self.ui.undoToButton.setEnabled(bool(e and e.status == "done" and later_done))

    # ------------------------------------------------------------------ commands
    def undo(self) -> None:
        """Undo the last step."""
        if self.hub.view.can_undo is not None:
            done = self.hub.attempt(self.hub.service.undo)
            if done:
                self.message.emit(f"Undone: {done[0]}")

    def redo(self) -> None:
        """Redo the step undone last."""
        if self.hub.view.can_redo is not None:
            done = self.hub.attempt(self.hub.service.redo)
            if done:
                self.message.emit(f"Redone: {done[0]}")

    def undo_to_selected(self) -> None:
        """Undo every step after the selected one."""
        e = self.selected_entry()
        if e is None:
            return
        seq = e.seq
        done = self.hub.attempt(lambda: self.hub.service.undo_to(seq))
        if done:
            self.message.emit(f"Undone {len(done)} step{'s' if len(done) != 1 else ''}")
