"""The pick list of the table: type a few letters of a unit, its division or its leader.

:class:`UnitPicker` is a line edit over a list of the matching candidates, ranked by
:func:`eote_ref.referee.picking.rank` (likely units first, case and accents ignored). The
keyboard stays in the line edit: letters narrow the list, the arrows move in it; a space is
only a space, it never opens a popup.

* single pick: the highlighted row is the value, shown beside the edit ("→ 2/30th Foot"); the
  value is never chosen for the umpire unless the caller gave one (a carried-in target, say).
  Enter with letters typed takes the unit and clears them (the wizard stays, so its confirm
  page is seen); Enter with no letters goes on (to the wizard's next button);
* multi pick (``multi=True``): rows have check boxes; Enter ticks or unticks the highlighted
  row and clears the letters for the next unit; with no letters Enter goes on. A picker with
  a ``done`` (the fire queue's firers) moves on after the tick instead, to the die, and
  Shift+Enter ticks and stays for the next unit.

:func:`type_to_find` gives a list's keyboard search the same matching, and
:func:`searchable_combo` an existing :class:`QComboBox` (dialogs of leaders, divisions, armies,
members): type anywhere in the name, accents ignored.

The list holds the first :data:`FIRST_ROWS` ranked rows and is given more as it is scrolled
to its end (Qt's ``canFetchMore``): a picker of every unit of a 2,000-unit game made 1,000
rows it never showed, and the assault wizard's six such pickers took 120 ms to open. A picker
ranks its candidates only once it is first shown or typed into: the questions a wizard hides
(the assault's second and third supporters) rank nothing (``assault_open_ms``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import (
    QElapsedTimer,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QKeyEvent,
    QResizeEvent,
    QShowEvent,
    QStandardItem,
    QStandardItemModel,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QCompleter,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from eote_ref.referee.picking import Candidate, Preference, fold, rank
from eote_ref.ui.touch import touch_mode

VALUE_ROLE = Qt.ItemDataRole.UserRole + 1

#: Rows a picker's list is given at once: the first ones, and as many more each time it is
#: scrolled to its end (or its highlight moved there).
FIRST_ROWS = 60


class _Rows(QStandardItemModel):
    """The picker's rows, made a few dozen at a time as the list asks for more."""

    def __init__(self, picker: UnitPicker) -> None:
        super().__init__(picker)
        self._picker = picker
        self._pending: list[Candidate] = []

    def show_rows(self, ranked: Sequence[Candidate], at_least: int = 0) -> None:
        """List ``ranked`` again: the first :data:`FIRST_ROWS` (``at_least`` + 1 at least)."""
        self.clear()
        self._pending = list(ranked)
        self.add(max(FIRST_ROWS, at_least + 1))

    def add(self, count: int) -> None:
        """Make the next ``count`` rows."""
        taken, self._pending = self._pending[:count], self._pending[count:]
        for c in taken:
            self.appendRow(self._picker._item(c))

    def pending_labels(self) -> list[str]:
        """The labels of the rows not made yet, in order."""
        return [c.label for c in self._pending]

    def canFetchMore(self, parent: QModelIndex | QPersistentModelIndex) -> bool:  # noqa: N802
        return not parent.isValid() and bool(self._pending)

    def fetchMore(self, parent: QModelIndex | QPersistentModelIndex) -> None:  # noqa: N802
        if not parent.isValid():
            filling, self._picker._filling = self._picker._filling, True
            try:
                self.add(FIRST_ROWS)
            finally:
                self._picker._filling = filling


_MOVES = {
    Qt.Key.Key_Up: -1,
    Qt.Key.Key_Down: 1,
    Qt.Key.Key_PageUp: -5,
    Qt.Key.Key_PageDown: 5,
}


class _PickerEdit(QLineEdit):
    """The letters typed; the arrows and (multi pick) Enter act on the list below."""

    def __init__(self, picker: UnitPicker) -> None:
        super().__init__(picker)
        self.picker = picker

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if key in _MOVES and mods == Qt.KeyboardModifier.NoModifier:
            self.picker.move_highlight(_MOVES[Qt.Key(key)])
            event.accept()
            return
        enter = key in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        shift = mods == Qt.KeyboardModifier.ShiftModifier
        if enter and self.picker.multi and (mods == Qt.KeyboardModifier.NoModifier or shift):
            done = self.picker.done
            if self.text().strip():
                self.picker.toggle_current()
                if done is not None and not shift:
                    done()  # ticked: on to what comes next (Shift+Return stays for another)
                event.accept()
                return
            if done is not None and not shift:
                done()  # no letters: the ticking is over
                event.accept()
                return
        if (
            key in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and mods == Qt.KeyboardModifier.NoModifier
            and not self.picker.multi
            and self.text().strip()
        ):
            # Return takes the unit found and clears the letters; it does not also move the
            # wizard on (a second Return, with no letters, does), unless the picker has a
            # ``done`` (the fire queue's target: on to the range).
            self.picker.take_current()
            if self.picker.done is not None:
                self.picker.done()
            event.accept()
            return
        super().keyPressEvent(event)


class _ElidedLabel(QLabel):
    """A one-line label that elides its text to the room it is given, never asking for more.

    ``text()`` is the whole text (the tooltip shows it): "✓ 12: ..." naming a division's
    battalions would otherwise set the width of the whole wizard.
    """

    def __init__(self) -> None:
        super().__init__()
        self._whole = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(80)

    def setText(self, text: str) -> None:
        self._whole = text
        self._elide()

    def text(self) -> str:
        return self._whole

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        room = max(self.contentsRect().width(), 20)
        shown = self.fontMetrics().elidedText(self._whole, Qt.TextElideMode.ElideRight, room)
        QLabel.setText(self, shown)


class UnitPicker(QWidget):
    """A line edit over the ranked candidates (see the module docstring).

    Args:
        candidates: what may be picked, in the caller's order.
        prefer: what makes a candidate likely (ranked first).
        multi: several values, ticked, instead of one.
        value: the value chosen already (single: a value or None; multi: a sequence).
        rows: rows of the list shown before it scrolls.
    """

    #: The value changed: the value (single) or a tuple of values (multi).
    valueChanged = Signal(object)

    def __init__(
        self,
        candidates: Sequence[Candidate],
        prefer: Preference | None = None,
        *,
        multi: bool = False,
        value: Any = None,
        rows: int = 6,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.candidates = list(candidates)
        self.prefer = prefer or Preference()
        self.multi = multi
        #: Multi pick: where Return goes once a unit is ticked, or on an empty filter (the
        #: fire queue: to the die); Shift+Return ticks and stays. None: Return ticks and
        #: stays, and on an empty filter goes on to the dialog's default button. Single
        #: pick: where Return goes once a unit is taken (None: it stays).
        self.done: Callable[[], None] | None = None
        self._value: Any = None
        self._checked: list[Any] = list(value or ()) if multi else []
        if not multi:
            self._value = value if any(c.value == value for c in self.candidates) else None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        top = QHBoxLayout()
        self.edit = _PickerEdit(self)
        self.edit.setObjectName("pickerFilter")
        self.edit.setClearButtonEnabled(True)
        self.edit.setPlaceholderText(
            "Code or name (division, leader); Enter ticks"
            if multi
            else "Code or name (division, leader)"
        )
        # Wide enough for its hint: "...; Enter ticks" was cut to "...; En…" in the fire queue.
        hint = self.edit.fontMetrics().horizontalAdvance(self.edit.placeholderText())
        self.edit.setMinimumWidth(hint + 48)  # the frame, text margins and the clear button
        top.addWidget(self.edit, 1)
        self.chosen = _ElidedLabel()
        self.chosen.setObjectName("pickerChosen")
        self.chosen.setTextFormat(Qt.TextFormat.PlainText)
        # A long list of ticked names is cut at the edit's width (all of it in the tooltip):
        # it set the wizard's width, 2,499 px for a big division's integrity.
        self.chosen.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.chosen.setMinimumWidth(40)
        top.addWidget(self.chosen, 1)
        layout.addLayout(top)
        self.model = _Rows(self)
        self.list = QListView(self)
        self.list.setObjectName("pickerList")
        self.list.setModel(self.model)
        self.list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.list.setUniformItemSizes(True)
        self.list.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        layout.addWidget(self.list)
        self.setFocusProxy(self.edit)
        self._rows = rows
        self._filling = False
        #: The rows are not ranked and made yet: they are when the picker is first shown or
        #: typed into, or read (a hidden question's picker never ranks its candidates).
        self._stale = True
        self.edit.textChanged.connect(self._typed)
        self.list.clicked.connect(self._clicked)
        self.model.itemChanged.connect(self._item_changed)
        if self.candidates:  # one row, to measure a row's height before any is made
            self.model.appendRow(self._item(self.candidates[0]))
        row_h = max(self.list.sizeHintForRow(0), self.list.fontMetrics().height() + 2)
        self.model.clear()
        self.list.setFixedHeight(rows * row_h + 2 * self.list.frameWidth() + 2)
        self.list.setMinimumWidth(260)
        self._show_chosen()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        """Shown for the first time since its candidates or value changed: rank them now."""
        self._ensure_rows()
        super().showEvent(event)

    def _ensure_rows(self) -> None:
        """Rank the candidates and make the first rows, if not done since the last change."""
        if self._stale:
            self._fill()

    # ------------------------------------------------------------------ values
    def value(self) -> Any:
        """The picked value (single pick), None when nothing is picked."""
        return self._value

    def values(self) -> tuple[Any, ...]:
        """The ticked values (multi pick), in the order they were ticked."""
        return tuple(self._checked)

    def set_value(self, value: Any) -> None:
        """Pick ``value`` (single pick) or tick exactly ``value`` (a sequence, multi pick)."""
        if self.multi:
            self._checked = list(value or ())
        else:
            self._value = value
        self._refill()
        self.valueChanged.emit(self.values() if self.multi else self._value)

    def candidate(self, value: Any) -> Candidate | None:
        """The candidate of ``value``."""
        return next((c for c in self.candidates if c.value == value), None)

    def shown(self) -> list[str]:
        """The labels listed, top first, the rows not made yet included (tests, screen readers)."""
        self._ensure_rows()
        made = [self.model.item(i).text() for i in range(self.model.rowCount())]
        return made + self.model.pending_labels()

    # ------------------------------------------------------------------ list
    def refresh(self) -> None:
        """List the candidates again (after :attr:`prefer` or :attr:`candidates` changed).

        A hidden picker only notes it: it ranks them when it is shown or typed into.
        """
        if not self.isVisible() and not self.edit.text().strip():
            self._refill()
            return
        self._fill()
        if not self.multi and self.edit.text().strip():
            self._pick_current()

    def _refill(self) -> None:
        """Rank the candidates again now if the picker shows, else when it is first shown."""
        if self.isVisible():
            self._fill()
            return
        self._stale = True
        self.model.clear()
        self._show_chosen()

    def _ranked(self) -> list[Candidate]:
        found = rank(self.edit.text(), self.candidates, self.prefer)
        if self.multi and not self.edit.text().strip():
            checked = set(self._checked)  # looked up once a candidate: 2,000 of them
            ticked = [c for c in found if c.value in checked]
            found = ticked + [c for c in found if c.value not in checked]
        return found

    def _item(self, c: Candidate) -> QStandardItem:
        """The list's row of candidate ``c``."""
        item = QStandardItem(c.label)
        item.setData(c.value, VALUE_ROLE)
        item.setToolTip(c.label + (f"\n{' · '.join(c.context)}" if c.context else ""))
        item.setEditable(False)
        if self.multi:
            item.setCheckable(True)
            if touch_mode():  # a tap on the row ticks (in _clicked), not only on the box
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(
                Qt.CheckState.Checked if c.value in self._checked else Qt.CheckState.Unchecked
            )
        return item

    def _fill(self) -> None:
        self._stale = False
        self._filling = True
        typed = bool(self.edit.text().strip())
        ranked = self._ranked()
        current_row = 0 if typed and ranked else -1
        if not typed and not self.multi and self._value is not None:
            # (a None value, "none" among the supporters, ranks last: the list stays at its
            # top rather than make every row to reach it; it is named beside the edit)
            current_row = next((i for i, c in enumerate(ranked) if c.value == self._value), -1)
        self.model.show_rows(ranked, current_row)
        self._filling = False
        if current_row >= 0:
            index = self.model.index(current_row, 0)
            self.list.setCurrentIndex(index)
            self.list.scrollTo(index)
        self._show_chosen()

    def _typed(self, _text: str) -> None:
        self.refresh()

    def _pick_current(self) -> None:
        self._ensure_rows()
        index = self.list.currentIndex()
        if not index.isValid():
            return
        value = index.data(VALUE_ROLE)
        if value != self._value:
            self._value = value
            self._show_chosen()
            self.valueChanged.emit(value)

    def _show_chosen(self) -> None:
        if self.multi:
            names = [c.name or c.label for v in self._checked if (c := self.candidate(v))]
            self.chosen.setText(
                f"✓ {len(names)}: {', '.join(names)}" if names else "none ticked yet"
            )
        else:
            c = self.candidate(self._value)
            self.chosen.setText(f"→ {c.name or c.label}" if c else "nothing chosen yet")
        if not self._stale and not self.model.rowCount():
            self.chosen.setText(f"nothing matches “{self.edit.text()}”")
        self.chosen.setToolTip(self.chosen.text())

    def move_highlight(self, step: int) -> None:
        """Move the highlight ``step`` rows (single pick: that row becomes the value)."""
        self._ensure_rows()
        rows = self.model.rowCount()
        if not rows:
            return
        current = self.list.currentIndex().row()
        if current + step >= rows and self.model.canFetchMore(QModelIndex()):
            self.model.fetchMore(QModelIndex())  # the rows after the last one made
            rows = self.model.rowCount()
        row = 0 if current < 0 else max(0, min(rows - 1, current + step))
        self.list.setCurrentIndex(self.model.index(row, 0))
        if not self.multi:
            self._pick_current()

    def take_current(self) -> None:
        """Pick the highlighted row (single pick) and clear the letters."""
        self._pick_current()
        self.edit.clear()  # refills, the value highlighted

    def toggle_current(self) -> None:
        """Tick or untick the highlighted row (multi pick) and clear the letters."""
        self._ensure_rows()
        index = self.list.currentIndex()
        if not index.isValid():
            return
        value = index.data(VALUE_ROLE)
        if value in self._checked:
            self._checked.remove(value)
        else:
            self._checked.append(value)
        self.edit.clear()  # refills, the ticked first
        self.valueChanged.emit(self.values())

    def _clicked(self, index: QModelIndex) -> None:
        if not self.multi:
            self._pick_current()
        elif touch_mode():  # touch mode: a tap anywhere on the row ticks or unticks it
            item = self.model.itemFromIndex(index)
            checked = item.checkState() == Qt.CheckState.Checked
            item.setCheckState(Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked)

    def _item_changed(self, item: QStandardItem) -> None:
        if self._filling or not self.multi:
            return
        value = item.data(VALUE_ROLE)
        on = item.checkState() == Qt.CheckState.Checked
        if on and value not in self._checked:
            self._checked.append(value)
        elif not on and value in self._checked:
            self._checked.remove(value)
        else:
            return
        self._show_chosen()
        self.valueChanged.emit(self.values())


# ----------------------------------------------------------------------------- combo boxes


class FoldFilterProxy(QSortFilterProxyModel):
    """Rows whose text holds every typed word, case and accents ignored, best matches first."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._query = ""

    def set_query(self, text: str) -> None:
        """Filter (and rank) by ``text``."""
        self.beginFilterChange()
        self._query = text
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        self.sort(0 if text.strip() else -1)

    def _candidate(self, row: int, parent: QModelIndex | QPersistentModelIndex) -> Candidate:
        text = str(self.sourceModel().index(row, 0, parent).data() or "")
        return Candidate(row, text, text)

    def filterAcceptsRow(self, source_row: int, source_parent: Any) -> bool:
        return bool(rank(self._query, [self._candidate(source_row, source_parent)]))

    def lessThan(self, left: Any, right: Any) -> bool:
        a = rank(self._query, [self._candidate(left.row(), left.parent())])
        b = rank(self._query, [self._candidate(right.row(), right.parent())])
        if not a or not b:
            return bool(left.row() < right.row())
        order = rank(self._query, [a[0], b[0]])
        return order[0] is a[0]


def searchable_combo(combo: QComboBox) -> QComboBox:
    """Let the umpire type anywhere in an item of ``combo`` (accents ignored) to pick it.

    The combo becomes editable (no new items are added); the completer lists the matching
    items, best first; picking one sets the combo's current item.
    """
    combo.setEditable(True)
    combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    proxy = FoldFilterProxy(combo)
    proxy.setSourceModel(combo.model())
    completer = QCompleter(proxy, combo)
    completer.setCompletionMode(QCompleter.CompletionMode.UnfilteredPopupCompletion)
    completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    combo.setCompleter(completer)
    edit = combo.lineEdit()
    assert edit is not None

    def typed(text: str) -> None:
        proxy.set_query(text)
        # The best match is highlighted: Enter in the popup takes it.
        popup = completer.popup()
        model = completer.completionModel()
        if popup is not None and text.strip() and model.rowCount():
            popup.setCurrentIndex(model.index(0, 0))

    def chosen(text: str) -> None:
        row = combo.findText(text, Qt.MatchFlag.MatchExactly)
        if row >= 0:
            combo.setCurrentIndex(row)

    edit.textEdited.connect(typed)
    completer.activated.connect(chosen)

    def finished() -> None:
        # Enter with letters typed: the best match is the pick.
        text = edit.text()
        if text == combo.itemText(combo.currentIndex()) or not text.strip():
            return
        proxy.set_query(text)
        if proxy.rowCount():
            combo.setCurrentIndex(proxy.mapToSource(proxy.index(0, 0)).row())

    edit.editingFinished.connect(finished)
    edit.returnPressed.connect(finished)
    return combo


class TypedSearch(QObject):
    """Keys typed on a widget within :attr:`PAUSE_MS` of each other make one search.

    A printable key (Shift aside) extends the search, or starts a new one after a pause, and
    :meth:`search` runs on it; a space on its own is left to the widget (it ticks an item).
    The type-to-find of every list and a pack wizard's unit boxes share it.
    """

    #: Keys typed within this many milliseconds make one search.
    PAUSE_MS = 1200

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.typed = ""
        self.clock = QElapsedTimer()

    def search(self, typed: str) -> None:
        """Act on the search typed so far."""
        raise NotImplementedError

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        text = event.text()
        mods = event.modifiers() & ~(
            Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier
        )
        if mods or not text or not text.isprintable():
            return False
        fresh = not self.clock.isValid() or self.clock.elapsed() > self.PAUSE_MS
        if text == " " and (fresh or not self.typed):
            return False  # a space on its own ticks the item, as ever
        self.typed = text if fresh else self.typed + text
        self.clock.start()
        self.search(self.typed)
        return True


class _TypeToFind(TypedSearch):
    """Letters typed on a list jump to the best match anywhere in an item's text."""

    def __init__(self, view: QAbstractItemView) -> None:
        super().__init__(view)
        self.view = view

    def search(self, typed: str) -> None:
        model = self.view.model()
        root = self.view.rootIndex()
        cands = [
            Candidate(row, str(model.index(row, 0, root).data() or ""))
            for row in range(model.rowCount(root))
        ]
        found = rank(typed, cands)
        if found:
            self.view.setCurrentIndex(model.index(found[0].value, 0, root))


def type_to_find(view: QAbstractItemView) -> QAbstractItemView:
    """Letters typed on ``view`` find an item anywhere in its text, accents ignored."""
    finder = _TypeToFind(view)
    view.installEventFilter(finder)
    view.setProperty("typeToFind", True)
    return view


def fold_contains(haystack: str, words: str) -> bool:
    """Whether every word of ``words`` is in ``haystack``, case and accents ignored."""
    folded = fold(haystack)
    return all(w in folded for w in fold(words).split())
