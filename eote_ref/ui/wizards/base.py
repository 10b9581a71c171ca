"""The check wizard every adjudication shares: the table's facts, the odds, the die, the result.

:class:`CheckWizard` is a thin skin over a check of any pack, as
:class:`~eote_ref.referee.wizard_check.WizardCheck` names it (EotE's ``Adjudication``):

1. **Situation** (:class:`FactsPage`) — the questions pre-filled from the game state, and beside
   them every modifier with its section (provisional values marked) and the odds of each
   result, recomputed as the umpire changes an answer.
2. **Roll** (:class:`RollPage`) — type the die just rolled (keys 0–9, 0 reads 10) or press
   *Roll for me*; a second die is asked for only when the rules call for one. The result and
   the state changes it will make are shown before anything is written; *Apply* writes them
   as one journal step.
3. **Done** (:class:`ResultPage`) — what was applied, what is left to do on the table, and the
   reminder that Ctrl+Z takes it back.

Subclasses add pages in front (a fire queue, an assault's units) through :attr:`PAGES`.
"""

from __future__ import annotations

import dataclasses
import html
import random
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import (
    QKeyEvent,
    QKeySequence,
    QShortcut,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from eote_ref.packs.dice import D10, PERCENTILE
from eote_ref.packs.outcome import Outcome
from eote_ref.packs.questions import Question
from eote_ref.referee.errors import REFUSALS
from eote_ref.referee.picking import preference_for, unit_candidates
from eote_ref.referee.wizard_check import DieSpec, Trial, WizardCheck
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.theme import marker_colors
from eote_ref.ui.touch import DiePad, tap_to_tick, touch_mode
from eote_ref.ui.unit_picker import UnitPicker, type_to_find
from eote_ref.ui.wizards.odds import OddsPanel, pct

#: A choice or units question with more options than this gets the typing picker.
PICKER_FROM = 8


class AppDice:
    """The app's own dice for *Roll for me*: the boundary's dice, rolled (seedable in tests)."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def d10(self, name: str = "roll") -> int:
        """A d10 (1..10)."""
        return int(D10.roll(self._rng))

    def percentile(self, name: str = "percentile") -> int:
        """Percentile dice (1..100)."""
        return int(PERCENTILE.roll(self._rng))


def fact_picker(
    fact: Question, value: Any, on_change: Any, check: WizardCheck[Any], *, always: bool = False
) -> UnitPicker | None:
    """The typing picker of a unit (or long choice) question, None for a short plain choice.

    Unit ids among the choices are found by their division's and leader's names too, and
    ranked by what the check makes likely (:func:`~eote_ref.referee.picking.preference_for`).
    ``always``: the picker however short the list (where a code and Enter must pick a unit).
    """
    if fact.kind not in ("choice", "units"):
        return None
    if len(fact.choices) <= PICKER_FROM and not always:
        return None  # a short list reads at a glance: a combo box or a checklist
    candidates = unit_candidates(check.view, [(c.value, c.label) for c in fact.choices])
    prefer = preference_for(check.view, fact.key, check.values, check.target)
    multi = fact.kind == "units"
    picker = UnitPicker(candidates, prefer, multi=multi, value=value)
    picker.valueChanged.connect(on_change)
    return picker


def _with_codes(fact: Question, check: WizardCheck[Any]) -> Question:
    """``fact`` with each unit among its choices shown after its code (``F13 8th ...``)."""
    shown = unit_candidates(check.view, [(c.value, c.label) for c in fact.choices])
    choices = tuple(
        c._replace(label=cand.label) for c, cand in zip(fact.choices, shown, strict=True)
    )
    return dataclasses.replace(fact, choices=choices)


def fact_widget(
    fact: Question,
    value: Any,
    on_change: Any,
    check: WizardCheck[Any] | None = None,
    *,
    always_pick: bool = False,
) -> QWidget:
    """The editor of one question, wired to ``on_change(value)``.

    With ``check``, unit questions (and long choices) get a :class:`UnitPicker` (a short
    list gets one too with ``always_pick``).
    """
    w: QWidget
    picker = (
        fact_picker(fact, value, on_change, check, always=always_pick)
        if check is not None
        else None
    )
    if picker is None and check is not None and fact.kind in ("choice", "units"):
        fact = _with_codes(fact, check)  # a short list names its units by code too
    if picker is not None:
        w = picker
    elif fact.kind == "bool":
        box = QCheckBox(fact.label)
        box.setChecked(bool(value))
        box.toggled.connect(on_change)
        w = box
    elif fact.kind == "choice":
        combo = QComboBox()
        for c in fact.choices:
            combo.addItem(c.label, c.value)
        i = next((n for n, c in enumerate(fact.choices) if c.value == value), 0)
        combo.setCurrentIndex(i)
        combo.currentIndexChanged.connect(lambda n: on_change(fact.choices[n].value))
        w = combo
    elif fact.kind == "int":
        spin = QSpinBox()
        spin.setRange(int(fact.minimum), int(fact.maximum))
        spin.setValue(int(value or 0))
        spin.setSuffix(fact.suffix)
        spin.valueChanged.connect(on_change)
        w = spin
    elif fact.kind == "float":
        dspin = QDoubleSpinBox()
        dspin.setDecimals(1)
        dspin.setRange(fact.minimum, fact.maximum)
        if fact.minimum < 0 and fact.suffix == '"':
            # A distance below zero is the "not measured yet" of its check (orders, 3.6).
            dspin.setSpecialValueText("not measured")
        dspin.setValue(float(value or 0))
        dspin.setSuffix(fact.suffix)
        dspin.valueChanged.connect(on_change)
        w = dspin
    elif fact.kind == "units":
        lst = QListWidget()
        chosen = set(value or ())
        # The units already chosen come first, so they are never scrolled out of sight.
        ordered = [c for c in fact.choices if c.value in chosen]
        ordered += [c for c in fact.choices if c.value not in chosen]
        for c in ordered:
            item = QListWidgetItem(c.label)
            item.setData(Qt.ItemDataRole.UserRole, c.value)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(
                Qt.CheckState.Checked if c.value in chosen else Qt.CheckState.Unchecked
            )
            lst.addItem(item)

        def changed(_item: QListWidgetItem) -> None:
            picked = [
                lst.item(i).data(Qt.ItemDataRole.UserRole)
                for i in range(lst.count())
                if lst.item(i).checkState() == Qt.CheckState.Checked
            ]
            on_change(tuple(picked))

        lst.itemChanged.connect(changed)
        tap_to_tick(lst)  # touch mode: a tap on the row ticks it
        rows = min(5 if touch_mode() else 8, max(3, lst.count()))
        lst.setFixedHeight(rows * lst.sizeHintForRow(0) + 2 * lst.frameWidth() + 2)
        lst.setMinimumWidth(260)
        lst.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        type_to_find(lst)
        w = lst
    else:  # pragma: no cover - Question kinds are fixed
        raise ValueError(f"unknown fact kind {fact.kind}")
    w.setObjectName(f"fact_{fact.key}")
    cite = f"{check.cite} " if check is not None else ""
    tip = fact.help + (f" ({cite}{fact.rule})" if fact.rule else "")
    if tip.strip():
        w.setToolTip(tip.strip())
    return w


def show_value(widget: QWidget, value: Any) -> None:
    """Show ``value`` in a question's editor (made by :func:`fact_widget`), signals blocked."""
    widget.blockSignals(True)
    try:
        if isinstance(widget, UnitPicker):
            if widget.multi:
                if tuple(widget.values()) != tuple(value or ()):
                    widget._checked = list(value or ())
                    widget.refresh()
            elif widget.value() != value:
                widget._value = value
                widget.refresh()
        elif isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        elif isinstance(widget, QComboBox):
            i = widget.findData(value)
            if i >= 0:
                widget.setCurrentIndex(i)
        elif isinstance(widget, QSpinBox):
            widget.setValue(int(value or 0))
        elif isinstance(widget, QDoubleSpinBox):
            widget.setValue(float(value or 0))
        elif isinstance(widget, QListWidget):
            chosen = set(value or ())
            for i in range(widget.count()):
                item = widget.item(i)
                on = item.data(Qt.ItemDataRole.UserRole) in chosen
                item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
    finally:
        widget.blockSignals(False)


def check_heading(check: WizardCheck[Any]) -> str:
    """The check's title with what it is about: "Rally routed unit — 2/3rd Ligne (2 hits)"."""
    try:
        subject = check.subject()
    except (ValueError, KeyError):  # nothing chosen yet
        subject = check.title
    return check.title if subject == check.title else f"{check.title} — {subject}"


class FactsPage(QWizardPage):
    """The questions, pre-filled from the state, beside the live modifiers and odds."""

    def __init__(self, wizard: CheckWizard) -> None:
        super().__init__()
        self.wiz = wizard
        self.check = wizard.check
        self.setTitle(f"{check_heading(self.check)}: what the table shows")
        self.setSubTitle(
            "Answers marked ● come from the game state; change any the table contradicts."
        )
        self.widgets: dict[str, QWidget] = {}
        #: Under each question, why another answer settles it (shown only when it does).
        self.settled_notes: dict[str, QLabel] = {}
        grid = QGridLayout(self)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        for fact in self.check.questions():
            w = fact_widget(
                fact,
                self.check.values[fact.key],
                lambda v, k=fact.key: self._changed(k, v),
                self.check,
            )
            self.widgets[fact.key] = w
            mark = "● " if fact.derived else ""
            rule = f" <span style='color:gray'>({fact.rule})</span>" if fact.rule else ""
            if fact.kind == "bool":
                if isinstance(w, QCheckBox):
                    w.setText(f"{mark}{fact.label}")
                form.addRow(w)
            elif fact.kind == "units" or isinstance(w, UnitPicker):
                # A list needs the full width: its label goes above it.
                label = QLabel(f"{mark}{html.escape(fact.label)}{rule}")
                label.setWordWrap(True)
                label.setBuddy(w)
                form.addRow(label)
                form.addRow(w)
            else:
                label = QLabel(f"{mark}{html.escape(fact.label)}{rule}")
                label.setBuddy(w)
                form.addRow(label, w)
            note = QLabel()
            note.setObjectName(f"settled_{fact.key}")
            note.setWordWrap(True)
            note.setStyleSheet("color: gray")
            self.settled_notes[fact.key] = note
            form.addRow(note)
        if not self.widgets:  # (the questions asked again listed every unit of the assault)
            form.addRow(QLabel("Nothing to ask: the game state decides every modifier."))
        self.form = form
        self._show_asked()
        holder = QWidget()
        column = QVBoxLayout(holder)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(form)
        column.addStretch(1)  # the questions sit at the top, however few
        grid.addWidget(holder, 0, 0)
        self.panel = OddsPanel()
        self.panel.setMinimumWidth(300)
        self.panel.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        grid.addWidget(self.panel, 0, 1)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(1, 2)
        self._ok = self.panel.show_check(self.check)

    def _changed(self, key: str, value: Any) -> None:
        self.check.set(key, value)
        self._sync(key)
        self._ok = self.panel.show_check(self.check)
        self.completeChanged.emit()

    def _sync(self, changed: str) -> None:
        """Show the answers the check re-derived from ``changed``, and the unit now in hand.

        The new unit's facts, a new defender's sabre bonus; the titles name the new unit.
        """
        for key, w in self.widgets.items():
            if key != changed and key in self.check.values:
                show_value(w, self.check.values[key])
        self._show_asked()
        self.setTitle(f"{check_heading(self.check)}: what the table shows")
        self.wiz.show_heading()

    def _show_asked(self) -> None:
        """Hide the questions that do not concern the units in hand (the check says which).

        A question another answer settles is shown with its value, greyed, and why under
        it: shown, not asked (an attached leader's unit is within his radius, EotE 3.5).
        """
        unasked = self.check.unasked()
        settled = self.check.settled()
        for key, w in self.widgets.items():
            why = settled.get(key)
            w.setEnabled(why is None)
            note = self.settled_notes[key]
            note.setText(f"Settled: {why[1]}" if why else "")
            self.form.setRowVisible(note, why is not None and key not in unasked)
            self.form.setRowVisible(w, key not in unasked)
            label = self.form.labelForField(w)
            if label is None:  # a list's label is its own row, above it
                for lab in self.findChildren(QLabel):
                    if lab.buddy() is w:
                        self.form.setRowVisible(lab, key not in unasked)

    def isComplete(self) -> bool:
        """Refused situations (already in square, say) cannot go on to the roll."""
        return self._ok


class DieEdit(QLineEdit):
    """One die: a single key (a d6's 1–6; a d10's 0–9, 0 reading 10) or up to three digits.

    The keys are the die's faces, as it declares them (:meth:`DieSpec.keys`); the
    percentile dice take up to three digits.
    """

    entered = Signal()

    def __init__(self, die: DieSpec, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.die = die
        self.setObjectName(f"die_{die.name}")
        self.setMaxLength(1 if die.one_key() else 3)
        self.setFixedWidth(56 if die.one_key() else 72)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = self.font()
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        self.setFont(font)
        typed = die.keys() if die.one_key() else die.die.faces
        self.setPlaceholderText(f"{min(typed)}–{max(typed)}" if typed else "")
        self.textChanged.connect(lambda _t: self.entered.emit())

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Digits only; a one-key die's key replaces what was there, if it types a face."""
        text = event.text()
        if text.isdigit() and self.die.one_key():
            if self.die.typed(int(text)) is not None:
                self.setText(text)
            return
        if text and text.isprintable() and not text.isdigit():
            event.ignore()
            return
        super().keyPressEvent(event)

    def value(self) -> int | None:
        """The die as typed (a d10's 0 kept: the check reads it as 10).

        None when empty or not a face of the die (a d6's 0 or 7).
        """
        text = self.text().strip()
        if not text.isdigit():
            return None
        return self.die.typed(int(text))


def _die_text(edit: DieEdit) -> str:
    """A die as read: 0 as the die says (a d10's 10), else as typed."""
    value = edit.value()
    return str(value if value is None else edit.die.face(value))


class RollPage(QWizardPage):
    """The die (typed or rolled by the app), the result and its changes before Apply."""

    def __init__(self, wizard: CheckWizard) -> None:
        super().__init__()
        self.wiz = wizard
        self.check = wizard.check
        self.setTitle("Roll")
        self.setCommitPage(True)
        self.setButtonText(QWizard.WizardButton.CommitButton, "&Apply")
        self.app_rolled: set[str] = set()
        self.edits: list[DieEdit] = []
        self.die_widgets: list[QWidget] = []
        outer = QVBoxLayout(self)
        self.target = QLabel()
        self.target.setObjectName("target")
        self.target.setTextFormat(Qt.TextFormat.RichText)
        self.target.setWordWrap(True)
        outer.addWidget(self.target)
        self.dice_row = QHBoxLayout()
        outer.addLayout(self.dice_row)
        self.roll_button = QPushButton("&Roll for me")
        self.roll_button.setObjectName("rollButton")
        self.roll_button.setToolTip("The app rolls the next die the rules need (Ctrl+R)")
        # Enter must reach Apply, never roll: the button takes a click, Alt+R or Ctrl+R.
        self.roll_button.setAutoDefault(False)
        self.roll_button.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.roll_button.clicked.connect(self.roll_for_me)
        QShortcut(QKeySequence("Ctrl+R"), self, self.roll_for_me)
        self.dice_row.addStretch(1)
        self.dice_row.addWidget(self.roll_button)
        self.pad = DiePad(self)  # touch mode only: the die by finger
        self.pad.pressed.connect(self.type_die)
        self.pad.hide()
        outer.addWidget(self.pad)
        self.result = QLabel()
        self.result.setObjectName("result")
        self.result.setTextFormat(Qt.TextFormat.RichText)
        self.result.setWordWrap(True)
        outer.addWidget(self.result)
        outer.addStretch(1)
        self.trial: Trial[Any] = Trial()

    def initializePage(self) -> None:
        """Show the modified value and odds; ask for the first die (if any)."""
        colors = marker_colors(self.palette())
        dim = colors.dim_text.name()
        try:
            outcome = self.check.preview()
        except REFUSALS as e:
            self.target.setText(html.escape(str(e)))
            return
        rolls = self.check.needs_roll()
        self.setTitle("Roll" if rolls else "Confirm")
        self.roll_button.setVisible(rolls)
        self.pad.setVisible(rolls and touch_mode())
        heading = f"<p style='font-size:large'><b>{html.escape(self.check.subject())}</b></p>"
        if rolls:
            odds = ", ".join(f"{label} {pct(p)}" for label, p in self.check.odds(outcome))
            target = outcome.details.get("target") if outcome.details else None
            own = self.check.roll_heading(outcome)
            modified = f"Modified value <b>{outcome.modified:g}</b>"
            if own is not None:
                modified = html.escape(own)  # a die each side: no single modified value
            elif target:
                modified += f" — {html.escape(str(target))}"
            self.target.setText(
                f"{heading}<p>{modified}<br>"
                f"<span style='color:{dim}'>Odds: {html.escape(odds)}</span></p>"
            )
        else:
            self.target.setText(
                f"{heading}<p style='color:{dim}'>No roll: check what Apply will record.</p>"
            )
        for w in self.die_widgets:
            w.deleteLater()
        self.die_widgets.clear()
        self.edits.clear()
        self.app_rolled.clear()
        self.refresh()

    def rolls(self) -> dict[str, int]:
        """The dice entered so far, by name."""
        out = {}
        for e in self.edits:
            v = e.value()
            if v is not None:
                out[e.die.name] = v
        return out

    def _add_die(self, die: DieSpec) -> DieEdit:
        edit = DieEdit(die, self)
        edit.entered.connect(self.refresh)
        label = QLabel(f"{html.escape(die.label)}:")
        label.setBuddy(edit)
        i = self.dice_row.count() - 2
        self.dice_row.insertWidget(i + 1, label)
        self.dice_row.insertWidget(i + 2, edit)
        self.edits.append(edit)
        self.die_widgets += [label, edit]
        edit.setFocus()
        return edit

    def refresh(self) -> None:
        """Re-run the rules with the dice entered; ask for the next die or show the result."""
        # Drop dice after the first empty one (the rules may no longer want them).
        self.trial = self.check.trial(self.rolls())
        if self.trial.needed is not None and not any(
            e.die.name == self.trial.needed.name for e in self.edits
        ):
            self._add_die(self.trial.needed)
        self.roll_button.setEnabled(self.trial.needed is not None)
        self.result.setText(self._result_html())
        self.completeChanged.emit()
        self.focus_next_die()

    def focus_next_die(self) -> None:
        """Put the keyboard in the die the rules need next (after QWizard placed focus)."""
        needed = self.trial.needed
        edit = next((e for e in self.edits if needed and e.die.name == needed.name), None)
        if edit is not None:
            QTimer.singleShot(0, edit, edit.setFocus)  # dropped if the edit is gone

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """A digit typed anywhere on the page goes to the die the rules need next."""
        needed = self.trial.needed
        if event.text().isdigit() and needed is not None:
            edit = next((e for e in self.edits if e.die.name == needed.name), None)
            if edit is not None:
                edit.setFocus()
                edit.keyPressEvent(event)
                return
        super().keyPressEvent(event)

    def type_die(self, key: int) -> None:
        """A key of the die pad (0 for a 10) goes to the die the rules need next.

        With every die in, it replaces the die in focus (else the last one): a mistyped die
        is corrected by tapping the right face.
        """
        needed = self.trial.needed
        edit = next((e for e in self.edits if needed and e.die.name == needed.name), None)
        if edit is None:
            edit = next((e for e in self.edits if e.hasFocus()), None)
        if edit is None and self.edits:
            edit = self.edits[-1]
        if edit is None:
            return
        if edit.die.one_key():
            if edit.die.typed(key) is not None:  # a key no face is typed by (a d6's 0)
                edit.setText(str(key))
        elif len(edit.text()) < edit.maxLength():
            edit.setText(edit.text() + str(key))

    def _result_html(self) -> str:
        t = self.trial
        colors = marker_colors(self.palette())
        if t.error:
            return f"<span style='color:{colors.rout.name()}'>{html.escape(t.error)}</span>"
        if t.outcome is None:
            return "Type the die just rolled (0 reads 10), or press <b>Roll for me</b>."
        o = t.outcome
        colour = {
            "good": colors.steady.name(),
            "bad": colors.rout.name(),
        }.get(self.check.result_tone(o.result), self.palette().text().color().name())
        rolled = ", ".join(
            f"{e.die.label} {_die_text(e)}" + (" (app)" if e.die.name in self.app_rolled else "")
            for e in self.edits
            if e.value() is not None
        )
        parts = [
            f"<p style='font-size:x-large'><b style='color:{colour}'>"
            f"{html.escape(self.check.result_text(o))}</b></p>"
        ]
        if rolled:
            parts.append(f"<p>Rolled: {html.escape(rolled)}</p>")
        if t.changes:
            items = "".join(f"<li>{html.escape(c)}</li>" for c in t.changes)
            parts.append(f"<p><b>Apply will set</b></p><ul>{items}</ul>")
        else:
            parts.append("<p>No marker changes.</p>")
        if t.notes:
            items = "".join(f"<li>{html.escape(n)}</li>" for n in t.notes)
            parts.append(f"<p><b>On the table</b></p><ul>{items}</ul>")
        return "".join(parts)

    def roll_for_me(self) -> None:
        """The app rolls the die the rules need next (and any after it)."""
        rng = self.wiz.dice
        for _ in range(8):
            needed = self.trial.needed
            if needed is None:
                return
            edit = next((e for e in self.edits if e.die.name == needed.name), None)
            if edit is None:
                edit = self._add_die(needed)
            value = (
                rng.percentile(needed.name) if needed.die == PERCENTILE else rng.d10(needed.name)
            )
            self.app_rolled.add(needed.name)
            edit.blockSignals(True)
            edit.setText(str(value % 10 if needed.one_key() else value))
            edit.blockSignals(False)
            self.refresh()

    def isComplete(self) -> bool:
        """Apply is possible once every die the rules need is in."""
        return self.trial.outcome is not None

    def validatePage(self) -> bool:
        """Apply: one journal step; a refusal is shown and nothing is written."""
        try:
            self.wiz.outcome = self.check.apply(self.rolls())
        except REFUSALS as e:
            self.result.setText(html.escape(str(e)))
            return False
        self.wiz.applied_changes = list(self.trial.changes)
        self.wiz.applied_notes = list(self.trial.notes)
        return True


class ResultPage(QWizardPage):
    """What was applied, what is left for the table, and how to take it back."""

    def __init__(self, wizard: CheckWizard) -> None:
        super().__init__()
        self.wiz = wizard
        self.setTitle("Applied")
        self.label = QLabel()
        self.label.setObjectName("applied")
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        layout.addStretch(1)

    def initializePage(self) -> None:
        """The journal line and the changes."""
        o = self.wiz.outcome
        if o is None:
            return
        parts = [f"<p><b>{html.escape(self.wiz.check.summary(o))}</b></p>"]
        if self.wiz.applied_changes:
            items = "".join(f"<li>{html.escape(c)}</li>" for c in self.wiz.applied_changes)
            parts.append(f"<ul>{items}</ul>")
        if self.wiz.applied_notes:
            items = "".join(f"<li>{html.escape(n)}</li>" for n in self.wiz.applied_notes)
            parts.append(f"<p><b>Now on the table</b></p><ul>{items}</ul>")
        parts.append("<p>Written to the journal as one step: <b>Ctrl+Z</b> takes it back.</p>")
        self.label.setText("".join(parts))


class CheckWizard(QWizard):
    """The wizard of one adjudication (see the module docstring).

    Args:
        hub: the open game (the wizard writes only through its adjudication).
        check: the adjudication, built for its target.
        dice: the app's dice for *Roll for me* (seedable in tests).
    """

    PAGES: tuple[type[QWizardPage], ...] = (FactsPage, RollPage, ResultPage)

    def __init__(
        self,
        hub: GameHub,
        check: WizardCheck[Any],
        parent: QWidget | None = None,
        *,
        dice: Any = None,
    ) -> None:
        super().__init__(parent)
        self.hub = hub
        self.check = check
        self.dice = dice if dice is not None else AppDice()
        self.outcome: Outcome | None = None
        self.applied_changes: list[str] = []
        self.applied_notes: list[str] = []
        self.setObjectName(f"wizard_{check.procedure}")
        self.show_heading()
        self.setOption(QWizard.WizardOption.NoBackButtonOnLastPage, True)
        self.setOption(QWizard.WizardOption.NoCancelButtonOnLastPage, True)
        self.setOption(QWizard.WizardOption.HaveHelpButton, False)
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.resize(760, 520)
        self.pages: list[QWizardPage] = []
        for page_cls in self.PAGES:
            page = page_cls(self)
            self.pages.append(page)
            self.addPage(page)

    def show_heading(self) -> None:
        """The window's title: the check and the unit now in hand, with its section."""
        heading = check_heading(self.check).replace(" — ", ": ", 1)
        self.setWindowTitle(f"{heading} ({self.check.cite} {self.check.rule})")

    def page_of(self, cls: type[QWizardPage]) -> Any:
        """The page of class ``cls``."""
        return next(p for p in self.pages if isinstance(p, cls))
