"""The wizard of any check a pack declares: its questions, the odds, the dice, one step.

The loop is the app's: show the state (the questions pre-filled from it), ask for what the
table shows, preview every modifier with its section and the exact odds, take the dice the
procedure reads (a die, or a pool as one face per die), show what will change, and apply it
as one journal step (:meth:`~eote_ref.referee.pack_play.PackCheck.apply`). The questions,
dice and results are the pack's (:class:`~eote_ref.packs.questions.Question`,
:class:`~eote_ref.referee.pack_play.NeededDie`, the procedure's results); nothing here names
a pack. In touch mode (View → Touch mode, :mod:`eote_ref.ui.touch`) the die asked for shows
a pad of its declared faces to tap, and a list of choices ticks by a tap on its row.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Collection
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QMouseEvent, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from eote_ref.packs.questions import Question
from eote_ref.referee.errors import REFUSALS
from eote_ref.referee.pack_lists import pack_rule_prefix
from eote_ref.ui.pack_game.unit_choices import coded_asks, due_units, watch_unit_choice
from eote_ref.ui.theme import marker_colors
from eote_ref.ui.touch import DiePad, face_words, tap_to_tick, touch_mode
from eote_ref.ui.wizards.odds import OddsBars, modifiers_table

#: How each result's tone reads in the odds (the subject of the check's view).
TONES = ("good", "neutral", "bad")


def _zero_reads_ten(faces: tuple[object, ...]) -> bool:
    """Whether a die's faces are a d10's 1 to 10: its face printed 0 is typed 0 for 10."""
    return tuple(faces) == tuple(range(1, 11))


def keys_text(faces: tuple[object, ...]) -> str:
    """The keys that type each face in a die's box: ``keys 1-10``; ``f flag, g general``."""
    if faces and all(isinstance(f, int) and not isinstance(f, bool) for f in faces):
        numbers = [int(f) for f in faces]  # type: ignore[call-overload]
        zero = " (0 reads 10)" if _zero_reads_ten(faces) else ""
        return f"keys {min(numbers)}–{max(numbers)}{zero}"
    words = [face_words(f) for f in faces]
    out = []
    for word in words:
        others = [w for w in words if w != word]
        n = next((n for n in range(1, len(word) + 1)
                  if not any(o.startswith(word[:n]) for o in others)), len(word))  # fmt: skip
        out.append(f"{word[:n]} {word}")
    return "keys " + ", ".join(out)


class _Question:
    """One question's widget: reads and writes the answer, says when it changes."""

    def __init__(self, ask: Question, changed: Callable[[str, object], None]) -> None:
        self.ask = ask
        self.key = ask.key
        self._changed = changed
        kind = ask.kind
        self.widget: QWidget
        #: The question's words where the widget does not carry them (a box's, wrapped).
        self.words: QLabel | None = None
        if kind == "bool":
            # The box and its words beside it, wrapped to the pane (a long question set the
            # pane's width: a scroll bar under it at the dialog's size).
            box = QCheckBox()
            box.setAccessibleName(ask.label)
            box.toggled.connect(lambda on: self._changed(self.key, bool(on)))
            self.widget = box
            self.words = _BoxWords(ask.label, box)
        elif kind == "int":
            spin = QSpinBox()
            spin.setRange(int(ask.minimum), int(ask.maximum))
            spin.valueChanged.connect(lambda v: self._changed(self.key, int(v)))
            self.widget = spin
        elif kind == "choice":
            combo = QComboBox()
            # As wide as the pane, not as its longest choice (the list shows them whole).
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(12)
            combo.setPlaceholderText("none to choose from")
            for value, label in ask.choices:
                combo.addItem(str(label), value)
            combo.currentIndexChanged.connect(
                lambda i: self._changed(self.key, combo.itemData(i)) if i >= 0 else None
            )
            self.widget = combo
        elif kind == "choices":
            items = QListWidget()
            items.setWordWrap(True)  # a long row wraps in the pane rather than widen it
            items.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            for value, label in ask.choices:
                item = QListWidgetItem(str(label))
                item.setData(Qt.ItemDataRole.UserRole, value)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Unchecked)
                items.addItem(item)
            rows = min(max(len(ask.choices), 3), 12)
            height = (items.sizeHintForRow(0) if ask.choices else 18) * rows + 8
            items.setMinimumHeight(height)
            items.setMaximumHeight(height)
            items.itemChanged.connect(lambda _item: self._changed(self.key, self.value()))
            tap_to_tick(items)  # touch mode: a tap anywhere on a row ticks it
            self.widget = items
        else:
            raise ValueError(f"question {ask.key!r}: unknown kind {kind!r}")
        self.widget.setObjectName(f"ask_{ask.key}")
        tip = ask.help or ""
        if ask.rule:
            tip = f"{tip} ({ask.rule})".strip()
        self.widget.setToolTip(tip)
        if self.words is not None:
            self.words.setToolTip(tip)
        self.set_value(ask.default)

    def row(self) -> QWidget:
        """What the form shows for the question: its widget, or a box with its words."""
        if self.words is None:
            return self.widget
        line = QWidget()
        layout = QHBoxLayout(line)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.widget, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.words, 1)
        return line

    def same_shape(self, ask: Question) -> bool:
        """Whether ``ask`` fits this widget (same kind and choices): only its value moves."""
        return (
            ask.kind == self.ask.kind
            and tuple(ask.choices) == tuple(self.ask.choices)
            and (ask.minimum, ask.maximum) == (self.ask.minimum, self.ask.maximum)
        )

    def value(self) -> object:
        w = self.widget
        if isinstance(w, QCheckBox):
            return w.isChecked()
        if isinstance(w, QSpinBox):
            return w.value()
        if isinstance(w, QComboBox):
            return w.currentData()
        assert isinstance(w, QListWidget)
        return [
            w.item(i).data(Qt.ItemDataRole.UserRole)
            for i in range(w.count())
            if w.item(i).checkState() == Qt.CheckState.Checked
        ]

    def set_value(self, value: object) -> None:
        w = self.widget
        w.blockSignals(True)
        try:
            if isinstance(w, QCheckBox):
                w.setChecked(bool(value))
            elif isinstance(w, QSpinBox):
                w.setValue(int(value) if isinstance(value, int) else w.minimum())
            elif isinstance(w, QComboBox):
                at = next(
                    (i for i in range(w.count()) if w.itemData(i) == value),
                    0 if w.count() else -1,
                )
                w.setCurrentIndex(at)
            elif isinstance(w, QListWidget):
                wanted = list(value) if isinstance(value, list | tuple) else []
                for i in range(w.count()):
                    item = w.item(i)
                    data = item.data(Qt.ItemDataRole.UserRole)
                    on = data in wanted
                    if on:
                        wanted.remove(data)  # a card held twice ticks two rows
                    item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        finally:
            w.blockSignals(False)


class _BoxWords(QLabel):
    """A check box's words, wrapped to the room they are given; a click on them ticks it."""

    def __init__(self, text: str, box: QCheckBox) -> None:
        super().__init__(text)
        self.box = box
        self.setObjectName("words")
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setBuddy(box)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """A click on the words ticks or unticks the box, as on a box's own text."""
        if event.button() == Qt.MouseButton.LeftButton and self.rect().contains(
            event.position().toPoint()
        ):
            self.box.setFocus()
            self.box.toggle()
            return
        super().mouseReleaseEvent(event)


class _DiceRow(QWidget):
    """The faces of one die (a combo box) or of a pool (one combo box a die)."""

    entered = Signal()

    def __init__(self, needed: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.needed = needed
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.combos: list[QComboBox] = []
        for i in range(max(1, int(needed.count))):
            combo = QComboBox()
            combo.setObjectName(f"die_{needed.name}_{i}")
            combo.addItem("—", None)
            for face in needed.faces:
                combo.addItem(face_words(face), face)
            combo.currentIndexChanged.connect(lambda _i: self.entered.emit())
            combo.installEventFilter(self)
            layout.addWidget(combo)
            self.combos.append(combo)
        layout.addStretch(1)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A pool's die typed: the keyboard goes on to the pool's next die (one key a die).

        A face whose word begins another's (a d10's 1, before 10) waits for the next key.
        """
        if (
            event.type() == QEvent.Type.KeyPress
            and watched in self.combos
            and isinstance(event, QKeyEvent)
            and event.text().strip()
            and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        ):
            combo = watched
            assert isinstance(combo, QComboBox)
            if event.text() == "0" and _zero_reads_ten(tuple(self.needed.faces)):
                combo.setCurrentIndex(combo.findData(10))  # a d10's 0 (no face begins with 0)
            else:
                combo.keyPressEvent(event)
            at = self.combos.index(combo)
            word = combo.currentText()
            words = [combo.itemText(i) for i in range(1, combo.count())]
            settled = combo.currentData() is not None and not any(
                w != word and w.startswith(word) for w in words
            )
            if settled and at + 1 < len(self.combos):
                self.combos[at + 1].setFocus()
            return True
        return super().eventFilter(watched, event)

    def value(self) -> object | None:
        """The face (a die) or the faces (a pool) entered; None while any is missing."""
        faces = [c.currentData() for c in self.combos]
        if any(f is None for f in faces):
            return None
        pool = getattr(self.needed, "pool", self.needed.count != 1)
        return faces if pool else faces[0]

    def tap(self, face: object) -> None:
        """A face tapped on the pad: the first die still empty takes it.

        With every die entered a tap corrects: a lone die takes the new face, a pool starts
        again from its first die (the others emptied).
        """
        empty = next((c for c in self.combos if c.currentData() is None), None)
        if empty is None:
            for combo in self.combos[1:]:
                combo.blockSignals(True)
                combo.setCurrentIndex(0)
                combo.blockSignals(False)
            empty = self.combos[0]
        empty.blockSignals(True)
        empty.setCurrentIndex(empty.findData(face))
        empty.blockSignals(False)
        self.entered.emit()

    def roll(self, rng: random.Random) -> None:
        """Fill every die at random (a roll made here instead of on the table)."""
        for combo in self.combos:
            combo.blockSignals(True)
            combo.setCurrentIndex(rng.randrange(1, combo.count()))
            combo.blockSignals(False)
        self.entered.emit()


class PackCheckDialog(QDialog):
    """One check of a pack game, from its questions to one journal step.

    Args:
        hub: the open game's :class:`~eote_ref.ui.pack_game.hub.PackHub`.
        check: the check opened (:meth:`PackGameService.open_check`).
        parent: the parent widget.
        likely: units a unit question lists first (the dashboard's selection and target);
            those the turn guide has this check due on join them.

    After ``Apply`` the outcome is in :attr:`outcome` and :attr:`applied` is True.
    """

    def __init__(
        self, hub: Any, check: Any, parent: QWidget | None = None, likely: Collection[int] = ()
    ) -> None:
        super().__init__(parent)
        self.hub = hub
        self.check = check
        #: Units listed first by a unit question; the keys of the questions offering units.
        self.likely = set(likely) | due_units(hub.view.due, check.spec.key)
        self._unit_keys: set[str] = set()
        self.outcome: Any = None
        self.applied = False
        self.rolls: dict[str, object] = {}
        self.trial: Any = None
        #: A word under the subject from the screen (a target marked this check takes not).
        self.subject_note = ""
        self._rng = random.Random()
        prefix = pack_rule_prefix(hub.view.pack)
        self.setWindowTitle(f"{check.title} ({prefix} {check.rule})")
        self.setObjectName(f"PackCheck_{check.spec.key}")
        self.prefix = prefix

        outer = QVBoxLayout(self)
        # The unit (or General) the check acts with, named before any question or die.
        self.subject_label = QLabel()
        self.subject_label.setObjectName("subject")
        self.subject_label.setTextFormat(Qt.TextFormat.RichText)
        self.subject_label.setWordWrap(True)
        outer.addWidget(self.subject_label)
        body = QHBoxLayout()
        outer.addLayout(body, 1)
        facts = QGroupBox("What the table shows")
        self.form = QFormLayout(facts)
        # Each question's words over its box: long questions read whole, boxes line up.
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
        self.form.setFormAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(facts)
        scroll.setMinimumWidth(360)
        body.addWidget(scroll, 1)
        right = QVBoxLayout()
        body.addLayout(right, 1)
        self.preview = QTextBrowser()
        self.preview.setObjectName("preview")
        right.addWidget(self.preview, 1)
        # The odds as every check screen shows them: a bar each result, most likely first.
        self.odds_heading = QLabel("<b>Odds</b>")
        right.addWidget(self.odds_heading)
        self.odds = OddsBars(decimals=1)
        self.odds.setObjectName("odds")
        right.addWidget(self.odds)
        # Alt+D: the keyboard to the die asked for next, from any question (a morale check's
        # seven questions were seven Tabs before its dice).
        dice = QGroupBox("Dice (Alt+D)")
        QShortcut(QKeySequence("Alt+D"), self, self.focus_die)
        self.dice_layout = QVBoxLayout(dice)
        self.dice_rows: dict[str, _DiceRow] = {}
        self._dice_boxes: dict[str, QWidget] = {}
        #: Touch mode's pad of each die's faces, by the procedure's name for the die.
        self.pads: dict[str, DiePad] = {}
        self.roll_button = QPushButton("&Roll for me (Ctrl+R)")
        self.roll_button.setToolTip("Fill the dice still needed at random (instead of the table)")
        QShortcut(QKeySequence("Ctrl+R"), self, self.roll_needed)
        self.roll_button.setAutoDefault(False)
        self.roll_button.clicked.connect(self.roll_needed)
        self.dice_layout.addWidget(self.roll_button)
        right.addWidget(dice)
        self.dice_box = dice
        self.result_label = QLabel()
        self.result_label.setObjectName("result")
        self.result_label.setWordWrap(True)
        self.result_label.setTextFormat(Qt.TextFormat.RichText)
        outer.addWidget(self.result_label)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        # The accepting button: the default, so Enter applies from any question.
        self.apply_button = self.buttons.addButton("&Apply", QDialogButtonBox.ButtonRole.AcceptRole)
        self.apply_button.setObjectName("applyButton")
        self.apply_button.setDefault(True)
        self.buttons.accepted.connect(self.apply)
        self.buttons.rejected.connect(self.reject)
        outer.addWidget(self.buttons)

        self.questions: dict[str, _Question] = {}
        self._build_questions()
        self.resize(960, 640)
        self.update_all()
        if not self.questions or self._unit_settled() or self._all_settled():
            self.focus_die()  # the keyboard goes to the die

    def _unit_settled(self) -> bool:
        """Whether the first question is a unit the game settled (a charge's target).

        A number typed in a unit's list picks a unit by its code: a die typed there would
        change the unit, so the keyboard starts in the die instead.
        """
        first = next(iter(self.questions.values()), None)
        return first is not None and first.key in self._unit_keys and bool(first.ask.derived)

    def _all_settled(self) -> bool:
        """Whether the game answered every question (a check due with what caused it).

        Nothing is left to ask, and a die typed in the first box would change its answer
        (a General's 3 elements lost read as 1): the keyboard starts in the die instead.
        """
        return all(q.ask.derived for q in self.questions.values())

    def focus_die(self) -> None:
        """Put the keyboard in the first box of the die the procedure needs next."""
        needed = self.trial.needed if self.trial is not None else None
        row = self.dice_rows.get(needed.name) if needed is not None else None
        if row is not None:  # a pool half entered: its first die still empty
            empty = [c for c in row.combos if c.currentData() is None]
            (empty or row.combos)[0].setFocus()

    # ------------------------------------------------------------------ questions
    def _facts(self) -> list[Any]:
        result = self.hub.attempt(self.check.facts)
        # Units by their codes, the likely first (issue 32).
        state = getattr(self.check, "state", None) or self.hub.view.state
        asks, self._unit_keys = coded_asks(state, list(result or []), self.likely)
        return asks

    def _build_questions(self) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.questions = {}
        for ask in self._facts():
            q = _Question(ask, self._answered)
            q.set_value(self.check.values.get(ask.key, ask.default))
            self.questions[ask.key] = q
            if ask.key in self._unit_keys:  # a code typed (a12, or 12) picks the unit
                watch_unit_choice(q.widget, self._answerer(ask.key))
            if ask.kind == "bool":
                self.form.addRow(q.row())
            else:
                label = QLabel(f"{ask.label.replace('&', '&&')}:")
                label.setTextFormat(Qt.TextFormat.PlainText)
                label.setWordWrap(True)  # a long question wraps in the pane, never widens it
                label.setBuddy(q.widget)
                # Its own row over the box: the pane's whole width before it wraps.
                self.form.addRow(label)
                self.form.addRow(q.widget)
            if ask.derived:  # read from the game: the umpire confirms it, or corrects it
                q.widget.setProperty("derived", True)
                q.widget.setToolTip(
                    (q.widget.toolTip() + "\n" if q.widget.toolTip() else "")
                    + "As the game has it: change it only if the table shows otherwise."
                )
        first = next(iter(self.questions.values()), None)
        if first is not None:
            first.widget.setFocus()

    def _answered(self, key: str, value: object) -> None:
        if self.hub.attempt(lambda: self.check.set(key, value)) is None and key not in (
            self.check.values
        ):
            return
        facts = self._facts()
        same = [a.key for a in facts] == list(self.questions) and all(
            self.questions[a.key].same_shape(a) for a in facts
        )
        if not same:
            focused = key
            self._build_questions()
            if focused in self.questions:
                self.questions[focused].widget.setFocus()
        else:
            for ask in facts:
                q = self.questions[ask.key]
                q.ask = ask
                if ask.key != key:
                    q.set_value(self.check.values.get(ask.key, ask.default))
        self.update_all()

    def _answerer(self, key: str) -> Callable[[object], None]:
        def answer(value: object) -> None:
            if key in self.questions:
                self.answer(key, value)

        return answer

    def answer(self, key: str, value: object) -> None:
        """Answer question ``key`` as the umpire would (its widget shows it)."""
        q = self.questions[key]
        q.set_value(value)
        self._answered(key, q.value())

    # ------------------------------------------------------------------ dice
    def _dice_entered(self) -> None:
        for name, row in self.dice_rows.items():
            value = row.value()
            if value is None:
                self.rolls.pop(name, None)
            else:
                self.rolls[name] = value
        self.update_all()
        # A die typed and another one asked for next: the keyboard goes to it (issue 32).
        focus = self.focusWidget()
        typed_in = next((r for r in self.dice_rows.values() if focus in r.combos), None)
        needed = self.trial.needed if self.trial is not None else None
        if typed_in is not None and needed is not None and typed_in.needed.name != needed.name:
            self.focus_die()

    def _ensure_dice_row(self, needed: Any) -> _DiceRow:
        row = self.dice_rows.get(needed.name)
        if row is None:
            row = _DiceRow(needed, self)
            box = QWidget()
            column = QVBoxLayout(box)
            column.setContentsMargins(0, 0, 0, 0)
            line = QHBoxLayout()
            column.addLayout(line)
            label = QLabel(f"{needed.label.replace('&', '&&')}:")
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setBuddy(row.combos[0])
            line.addWidget(label)
            line.addWidget(row, 1)
            keys = QLabel(keys_text(needed.faces))  # what a key types in its box
            keys.setObjectName(f"keys_{needed.name}")
            keys.setToolTip("Type a face's key in a die's box (Tab to the next die)")
            line.addWidget(keys)
            if touch_mode():  # a button a face of the declared die, its picture by its words
                pad = DiePad(box, needed.faces)
                pad.setObjectName(f"pad_{needed.name}")
                pad.chosen.connect(row.tap)
                column.addWidget(pad)
                self.pads[needed.name] = pad
            self.dice_layout.insertWidget(self.dice_layout.count() - 1, box)
            row.entered.connect(self._dice_entered)
            self.dice_rows[needed.name] = row
            self._dice_boxes[needed.name] = box
        return row

    def _resize_pools(self) -> None:
        """Ask again for a pool whose number of dice the answers changed (9.3's empty hexes).

        A pool the procedure no longer reads (none of its dice: the result is certain) goes,
        with the faces entered in it.
        """
        for name, row in list(self.dice_rows.items()):
            if not getattr(row.needed, "pool", False):
                continue
            try:
                probe = self.check.trial({k: v for k, v in self.rolls.items() if k != name})
            except REFUSALS:
                continue
            needed = probe.needed
            if needed is None:
                if not probe.done:
                    continue
            elif needed.name != name or needed.count == row.needed.count:
                continue
            self.rolls.pop(name, None)
            del self.dice_rows[name]
            self.pads.pop(name, None)
            box = self._dice_boxes.pop(name)
            self.dice_layout.removeWidget(box)
            box.hide()
            box.deleteLater()

    def enter_die(self, name: str, value: object) -> None:
        """Enter a die (a face) or a pool (a list of faces) by the procedure's name for it."""
        row = self.dice_rows.get(name)
        if row is None:
            raise KeyError(f"no die {name!r} asked for yet (asked: {', '.join(self.dice_rows)})")
        faces = list(value) if isinstance(value, list | tuple) else [value]
        for combo, face in zip(row.combos, faces, strict=True):
            combo.blockSignals(True)
            combo.setCurrentIndex(combo.findData(face))
            combo.blockSignals(False)
        self._dice_entered()

    def roll_needed(self) -> None:
        """Roll, here, every die the procedure still needs (one after another)."""
        for _ in range(8):
            needed = self.trial.needed if self.trial is not None else None
            if needed is None:
                return
            self._ensure_dice_row(needed).roll(self._rng)

    # ------------------------------------------------------------------ preview
    def subject_text(self) -> str:
        """The acting unit or General as the wizard names it ("" when none is chosen yet)."""
        return str(self.hub.attempt(self.check.subject_text) or "")

    def note_subject(self, text: str) -> None:
        """Say ``text`` under the subject, in the warning's colour, as long as it is open."""
        self.subject_note = text
        self._show_subject()

    def _show_subject(self) -> None:
        subject = self.subject_text()
        shown = f"<b>Acting:</b> {html.escape(subject)}" if subject else ""
        if self.subject_note:
            colour = marker_colors(self.palette()).hit.name()
            note = f"<span style='color:{colour}'>{html.escape(self.subject_note)}</span>"
            shown = f"{shown}<br>{note}" if shown else note
        self.subject_label.setText(shown)
        self.subject_label.setVisible(bool(shown))

    def update_all(self) -> None:
        """Preview the odds, ask for the next die, show the result and its changes."""
        self._show_subject()
        # A refusal here is the answers so far: shown under the questions, not as news.
        try:
            preview = self.check.preview()
        except REFUSALS:
            preview = None
        if self.dice_rows:
            self._resize_pools()
        try:
            self.trial = self.check.trial(dict(self.rolls))
        except REFUSALS as e:
            self.trial = None
            self.result_label.setText(html.escape(str(e)))
        if self.trial is not None and self.trial.needed is not None:
            self._ensure_dice_row(self.trial.needed)
        self.dice_box.setVisible(bool(self.dice_rows))
        self._show_pad()
        self.preview.setHtml(self.preview_html(preview))
        # Once a die is in, the odds are the other dice's given it (else said to be before).
        given = self.check.odds_given(dict(self.rolls)) if self.rolls else None
        self.odds.set_rows(self.odds_rows(preview, given))
        heading = "with the dice entered" if given is not None else "before the dice"
        self.odds_heading.setText(f"<b>Odds</b> {heading}" if self.rolls else "<b>Odds</b>")
        self.odds_heading.setVisible(bool(self.odds.rows))
        self.odds.setVisible(bool(self.odds.rows))
        if self.trial is not None:
            self.result_label.setText(self.result_html())
        done = self.trial is not None and self.trial.done
        self.apply_button.setEnabled(done)
        self.roll_button.setEnabled(self.trial is not None and self.trial.needed is not None)

    def _show_pad(self) -> None:
        """Touch mode: the pad of the die asked for now, one at a time (a tablet's screen).

        Once every die is in, the last die's pad stays, to correct it.
        """
        if not self.pads:
            return
        needed = self.trial.needed if self.trial is not None else None
        current = needed.name if needed is not None else next(reversed(self.dice_rows), None)
        for name, pad in self.pads.items():
            pad.setVisible(name == current)

    def _results(self) -> dict[str, Any]:
        name = self.check.spec.procedure
        if name is None:
            return {}
        try:
            spec = self.hub.service.pack.procedure(name)
        except KeyError:
            return {}
        return {r.code: r for r in spec.results}

    def _result_tone(self, code: str) -> str:
        """A result's tone: good, bad or neutral (the procedure's result spec)."""
        spec = self._results().get(code)
        return spec.tone if spec is not None else "neutral"

    def _result_text(self, code: str) -> tuple[str, str]:
        """A result's words and the colour of its tone."""
        c = marker_colors(self.palette())
        spec = self._results().get(code)
        text = spec.text if spec is not None else code.replace("_", " ")
        colour = {"good": c.steady, "bad": c.hit}.get(self._result_tone(code), c.dim_text)
        return text, colour.name()

    def odds_rows(self, outcome: Any, given: Any = None) -> list[tuple[str, float, str]]:
        """The exact odds of each result that can happen, most likely first, for the bars.

        ``given``: the odds with the dice entered so far (``PackCheck.odds_given``), else
        the outcome's own, before the dice. None when the result is certain (a hand chosen,
        a victory counted: no die decides it), where "100%" would say nothing the result
        line does not.
        """
        if outcome is None:
            return []
        probabilities = given if given is not None else outcome.probabilities
        odds = sorted(probabilities.items(), key=lambda kv: -kv[1])
        rows = [
            (self._result_text(code)[0], float(p), self._result_tone(code)) for code, p in odds if p
        ]
        return [] if len(rows) == 1 and rows[0][1] >= 1.0 else rows

    def preview_html(self, outcome: Any) -> str:
        """The modifiers with their sections and sources (the odds are :attr:`odds`'s bars)."""
        e = html.escape
        if outcome is None:
            if self.check.spec.procedure is None:
                return "<p>Nothing is rolled: the answers are recorded as they are.</p>"
            return "<p><i>The answers do not make a situation yet.</i></p>"
        dim = marker_colors(self.palette()).dim_text.name()
        rows: list[tuple[str, str | None, str | None]] = []
        reading = self.hub.attempt(lambda: self.check.reading(outcome)) or []
        if (outcome.modifiers or outcome.base or outcome.modified) and not reading:
            rows.append(("base", f"<b>{outcome.base}</b>", ""))
        for m in outcome.modifiers:
            where = f"{self.prefix} {e(m.rule)} · {e(m.source.value)}"
            rows.append((e(self.check.worded(m.reason)), f"{m.value:+d}", where))
        if rows and not reading:
            rows.append(("<b>modified</b>", f"<b>{outcome.modified}</b>", ""))
        read = "".join(f"<li>{e(line)}</li>" for line in reading)
        counted = "<p>Counted:</p>" if reading and rows else ""
        return (
            f"<p><b>{e(self.check.title)}</b> ({self.prefix} {e(self.check.rule)})</p>"
            + (f"<ul>{read}</ul>" if read else "")
            + counted
            + (modifiers_table(rows, dim) if rows else "")
        )

    def result_html(self) -> str:
        """The result with the dice entered, and what it changes; or what is still needed."""
        e = html.escape
        t = self.trial
        if t is None:
            return ""
        if t.error:
            c = marker_colors(self.palette())
            return f"<span style='color:{c.hit.name()}'>{e(t.error)}</span>"
        if t.needed is not None:
            return f"Enter the {e(t.needed.label)}."
        parts = []
        if t.outcome is not None:
            text, colour = self._result_text(str(t.outcome.result))
            parts.append(f"<b>Result:</b> <span style='color:{colour}'><b>{e(text)}</b></span>")
        if t.changes:
            parts.append("<b>Changes:</b> " + e("; ".join(t.changes)))
        else:
            parts.append("<b>Changes:</b> none")
        parts += [f"<i>{e(n)}</i>" for n in t.notes]
        return "<br>".join(parts)

    def result_text(self) -> str:
        """The result line and its changes as plain text (tests and screen readers)."""
        from PySide6.QtGui import QTextDocument

        doc = QTextDocument()
        doc.setHtml(self.result_label.text())
        return doc.toPlainText()

    # ------------------------------------------------------------------ apply
    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter applies from any question (a button with focus keeps its own Enter)."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not isinstance(
            self.focusWidget(), QPushButton
        ):
            self.apply()
            return
        super().keyPressEvent(event)

    def apply(self) -> None:
        """Write the check as one journal step and close."""
        if self.trial is None or not self.trial.done:
            return
        done = self.hub.attempt(lambda: (self.check.apply(dict(self.rolls)), True))
        if done is None:
            self.update_all()
            return
        self.outcome = done[0]
        self.applied = True
        self.accept()
