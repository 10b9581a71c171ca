"""The fire wizard: a sub-phase's fires queued one by one, then applied together (EotE 6.0).

Page 1 (:class:`QueuePage`) lists the queued fires on the left; on the right the fire being
entered: its facts (pre-filled from the state, bombardment offered from last turn's targets),
the modifiers and odds, and the die. *Add to queue* (Alt+A) resolves it and starts the next;
*Remove* (Delete) takes a queued fire out. *Apply all* writes the whole sub-phase as one journal
step. Page 2 (:class:`FireAppliedPage`) shows what each target took and offers the morale checks
the hits call for (7.5), one after another, then the infantry sub-phase after the artillery's.
"""

from __future__ import annotations

import dataclasses
import html
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from eote_ref.packs.eote.checks import DieSpec, Question
from eote_ref.packs.eote.checks.fire import FireCheck
from eote_ref.packs.eote.checks.fire_queue import FireQueue
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.picking import preference_for
from eote_ref.ui.theme import marker_colors
from eote_ref.ui.touch import DiePad, touch_mode
from eote_ref.ui.unit_picker import UnitPicker
from eote_ref.ui.wizards.base import CheckWizard, DieEdit, fact_widget, show_value
from eote_ref.ui.wizards.lists import fit_rows
from eote_ref.ui.wizards.odds import OddsPanel

#: Rows the firing units' list shows before it scrolls.
FIRE_LIST_ROWS = 8


class QueueList(QListWidget):
    """The queued fires; Delete removes the selected one."""

    def __init__(self, page: QueuePage) -> None:
        super().__init__()
        self.page = page

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Delete takes the current fire out of the queue."""
        if event.key() == Qt.Key.Key_Delete:
            self.page.remove_current()
            return
        super().keyPressEvent(event)


class QueuePage(QWizardPage):
    """The queue of one sub-phase and the fire being entered."""

    def __init__(self, wizard: FireWizard) -> None:
        super().__init__()
        self.wiz = wizard
        self.queue = wizard.queue
        self.setTitle(f"{self.queue.title}: all fire lands together (EotE 6.0)")
        self.setSubTitle(
            "Enter each fire with its die and add it to the queue; Apply all writes them "
            "as one step."
            + (
                " Artillery fires first, then infantry (6.0)."
                if self.queue.sub_phase == "artillery"
                else ""
            )
        )
        self.setCommitPage(True)
        self.setButtonText(QWizard.WizardButton.CommitButton, "A&pply all")
        outer = QHBoxLayout(self)
        left = QVBoxLayout()
        left.addWidget(QLabel("<b>Queued fires</b>"))
        self.list = QueueList(self)
        self.list.setObjectName("fireQueue")
        # Long fire lines wrap instead of hiding behind a horizontal scroll bar.
        self.list.setWordWrap(True)
        self.list.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        left.addWidget(self.list, 1)
        self.remove_button = QPushButton("&Remove")
        self.remove_button.setObjectName("removeFire")
        self.remove_button.setToolTip("Take the selected fire out of the queue (Delete)")
        self.remove_button.clicked.connect(self.remove_current)
        left.addWidget(self.remove_button)
        self.totals = QLabel()
        self.totals.setObjectName("fireTotals")
        self.totals.setTextFormat(Qt.TextFormat.RichText)
        self.totals.setWordWrap(True)
        left.addWidget(self.totals)
        outer.addLayout(left, 1)
        right = QVBoxLayout()
        self.form_holder = QWidget()
        self.form_layout = QVBoxLayout(self.form_holder)
        self.form_layout.setContentsMargins(0, 0, 0, 0)
        if touch_mode():  # finger-sized rows need more height than a tablet has: scroll
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QFrame.Shape.NoFrame)
            scroll.setWidget(self.form_holder)
            right.addWidget(scroll, 10)
        else:
            right.addWidget(self.form_holder)
        dice = QHBoxLayout()
        self.die = DieEdit(DieSpec("roll", "d10"), self)
        self.die.entered.connect(self.refresh)
        die_label = QLabel("&d10:")
        die_label.setBuddy(self.die)
        dice.addWidget(die_label)
        dice.addWidget(self.die)
        self.roll_button = QPushButton("Roll for me")
        self.roll_button.setObjectName("rollButton")
        self.roll_button.setToolTip("The app rolls this fire's die (Ctrl+R)")
        self.roll_button.clicked.connect(self.roll_for_me)
        QShortcut(QKeySequence("Ctrl+R"), self, self.roll_for_me)
        dice.addWidget(self.roll_button)
        # An explicit shortcut, not a mnemonic: it works where mnemonics are off (macOS).
        self.add_button = QPushButton("Add to queue (Alt+A)")
        self.add_button.setObjectName("addFire")
        self.add_button.setAutoDefault(False)
        self.add_button.clicked.connect(self.add_current)
        QShortcut(QKeySequence("Alt+A"), self, self.add_current)
        dice.addWidget(self.add_button)
        dice.addStretch(1)
        right.addLayout(dice)
        self.pad = DiePad(self)  # touch mode: the die by finger
        self.pad.pressed.connect(lambda key: self.die.setText(str(key)))
        self.pad.setVisible(touch_mode())
        right.addWidget(self.pad)
        self.result = QLabel()
        self.result.setObjectName("fireResult")
        self.result.setTextFormat(Qt.TextFormat.RichText)
        self.result.setWordWrap(True)
        right.addWidget(self.result)
        right.addStretch(1)
        outer.addLayout(right, 3)
        self.widgets: dict[str, QWidget] = {}
        self.panel = OddsPanel()
        self.set_draft(wizard.check)

    # ------------------------------------------------------------------ the draft
    def set_draft(self, check: FireCheck) -> None:
        """Show ``check`` (a new fire) in the editor."""
        self.draft = check
        # Building the form emits item changes (list sizing): they are not the umpire's answers.
        self._building = True
        try:
            self._build_form(check)
        finally:
            self._building = False
        self.refresh()

    def _build_form(self, check: FireCheck) -> None:
        layout = self.form_layout
        while layout.count():
            item = layout.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:
                w.hide()
                w.setParent(None)
                w.deleteLater()
        form_widget = QWidget()
        form = QFormLayout(form_widget)
        form.setContentsMargins(0, 0, 0, 0)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.widgets = {}
        for fact in self._facts(check):
            # The firers are always picked by typing: a battery's code and Return tick it
            # and go on to the die however short the list (a plain checklist passed Return
            # to the dialog, which applied the whole queue).
            w = fact_widget(
                fact,
                check.values[fact.key],
                lambda v, k=fact.key: self._changed(k, v),
                check,
                always_pick=fact.key == "firers",
            )
            self.widgets[fact.key] = w
            mark = "● " if fact.derived else ""
            if isinstance(w, QCheckBox):
                w.setText(f"{mark}{fact.label} ({fact.rule})")
                form.addRow(w)
            elif isinstance(w, UnitPicker):
                label = QLabel(
                    f"{mark}{html.escape(fact.label)} <span style='color:gray'>({fact.rule})</span>"
                )
                label.setBuddy(w)
                form.addRow(label)
                form.addRow(w)
            elif isinstance(w, QListWidget):
                # A list of units takes the form's whole width, its label above it.
                label = QLabel(
                    f"{mark}{html.escape(fact.label)} <span style='color:gray'>({fact.rule})</span>"
                )
                label.setBuddy(w)
                fit_rows(w, FIRE_LIST_ROWS)
                form.addRow(label)
                form.addRow(w)
            else:
                label = QLabel(
                    f"{mark}{html.escape(fact.label)} <span style='color:gray'>({fact.rule})</span>"
                )
                label.setBuddy(w)
                form.addRow(label, w)
        firers = self.widgets.get("firers")
        if isinstance(firers, UnitPicker):
            firers.done = self._firers_done
        target = self.widgets.get("target")
        if isinstance(target, UnitPicker):
            target.done = self._target_done
        spin = self.widgets.get("range_in")
        if isinstance(spin, QAbstractSpinBox):
            spin.installEventFilter(self)
        row = QWidget()
        row_layout = QHBoxLayout(row)
        row_layout.setContentsMargins(0, 0, 0, 0)
        row_layout.addWidget(form_widget, 3)
        self.panel = OddsPanel()
        self.panel.setObjectName("fireOdds")
        self.panel.setMinimumWidth(260)
        row_layout.addWidget(self.panel, 2)
        layout.addWidget(row)
        self.die.blockSignals(True)
        self.die.clear()
        self.die.blockSignals(False)

    def _firers_done(self) -> None:
        """Return in the firers' filter: on to the die once the target is chosen, else to it.

        After a fire the target and range are carried, so a firer's code, Return and the die
        queue the next one; Shift+Return ticks another battery and stays (EotE 6.2).
        """
        target = self.widgets.get("target")
        if self.draft.values.get("target") is None and target is not None:
            target.setFocus()
        else:
            self.die.setFocus()

    def _target_done(self) -> None:
        """Return on the target's code: on to its range (a new target, a new range, 6.1)."""
        spin = self.widgets.get("range_in")
        if isinstance(spin, QAbstractSpinBox):
            spin.setFocus()
            spin.selectAll()
        else:
            self.die.setFocus()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Return in the range goes on to the die, never to *Apply all* (the default)."""
        if (
            watched is self.widgets.get("range_in")
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and event.modifiers() == Qt.KeyboardModifier.NoModifier
        ):
            assert isinstance(watched, QAbstractSpinBox)
            watched.interpretText()
            self.die.setFocus()
            return True
        return super().eventFilter(watched, event)

    def fired(self) -> set[int]:
        """The units of this queue that have fired: they leave the firers' list.

        Those whose fire of the sub-phase is already written (alone or in an earlier queue)
        are left out by the check itself (:meth:`FireCheck.firer_choices`, EotE 6.0).
        """
        return {i for q in self.queue.fires for i in q.check._ids()}

    def _facts(self, check: FireCheck) -> list[Question]:
        """The draft's questions, the firers' list without the units that have fired."""
        fired = self.fired()
        out = []
        for fact in check.facts():
            if fact.key == "firers" and fired:
                keep = set(check.values.get("firers") or ())
                choices = tuple(c for c in fact.choices if c.value not in fired or c.value in keep)
                fact = dataclasses.replace(fact, choices=choices)
            out.append(fact)
        return out

    def _changed(self, key: str, value: Any) -> None:
        if getattr(self, "_building", False):
            return
        self.draft.set(key, value)
        target = self.widgets.get("target")
        if key == "firers" and isinstance(target, UnitPicker):
            # The target is an enemy of the firers, those in contact with them first.
            target.prefer = preference_for(
                self.draft.view, "target", self.draft.values, self.draft.target
            )
            target.refresh()
        if key in ("target", "firers") and [f.key for f in self.draft.facts()] != list(
            self.widgets
        ):
            # A target with its skirmishers out offers its stand (EotE 5.5), several batteries
            # ask each one's range (EotE 6.3): a new form.
            self._rebuild(key)
            return
        if key in self.draft.subject_keys:
            # The state's answers for the firers and target now chosen (bombardment, 6.4;
            # being assaulted, 6.0; last turn's range).
            for other, widget in self.widgets.items():
                if other != key and other in self.draft.values:
                    show_value(widget, self.draft.values[other])
        self.refresh()

    def _rebuild(self, key: str = "target") -> None:
        """The draft's form again (its questions changed), keeping the die and the focus."""
        roll = self.die.text()
        self.set_draft(self.draft)
        self.die.setText(roll)
        widget = self.widgets.get(key)
        if widget is not None:
            widget.setFocus()

    def refresh(self) -> None:
        """Modifiers, odds and (with the die) the result of the fire being entered."""
        self.panel.show_check(self.draft)
        colors = marker_colors(self.palette())
        roll = self.die.value()
        if roll is None:
            self.result.setText("Type the die (0 reads 10) or press <b>Roll for me</b>.")
            self.add_button.setEnabled(False)
        else:
            trial = self.draft.trial({"roll": roll})
            if trial.outcome is None:
                self.result.setText(
                    f"<span style='color:{colors.rout.name()}'>"
                    f"{html.escape(trial.error or '')}</span>"
                )
                self.add_button.setEnabled(False)
            else:
                text = self.draft.result_text(trial.outcome)
                self.result.setText(
                    f"<p style='font-size:large'><b>{html.escape(text)}</b></p>"
                    "<p>Alt+A adds it to the queue.</p>"
                )
                self.add_button.setEnabled(True)
        self._show_queue()
        self.completeChanged.emit()

    def roll_for_me(self) -> None:
        """The app rolls this fire's die."""
        self.die.setText(str(self.wiz.dice.d10("roll") % 10))

    def add_current(self) -> bool:
        """Queue the fire being entered and start a new one; False when refused."""
        roll = self.die.value()
        try:
            if roll is None:
                raise RefereeError("enter the d10 first")
            queued = self.queue.add(self.draft, {"roll": roll})
        except RefereeError as e:
            self.result.setText(html.escape(str(e)))
            return False
        # The next fire: no firer picked for the umpire, the last fire's target and range
        # offered (a line of battalions at one target fires at much the same range).
        self.set_draft(
            self.queue.draft(
                firers=(),
                target_id=queued.target_id,
                range_in=float(queued.check.values["range_in"]),
            )
        )
        self.completeChanged.emit()
        firers = self.widgets.get("firers")
        (firers or self.die).setFocus()
        return True

    def remove_current(self) -> None:
        """Take the selected fire out of the queue."""
        row = self.list.currentRow()
        if 0 <= row < len(self.queue.fires):
            self.queue.remove(row)
            self._show_queue()
            self.completeChanged.emit()

    def _show_queue(self) -> None:
        current = self.list.currentRow()
        self.list.clear()
        for q in self.queue.fires:
            self.list.addItem(q.line())
        if self.queue.fires:
            self.list.setCurrentRow(min(max(current, 0), len(self.queue.fires) - 1))
        self.remove_button.setEnabled(bool(self.queue.fires))
        rows = []
        for t in self.queue.totals():
            took = [f"{t.hits} hit{'s' if t.hits != 1 else ''}"] if t.hits else []
            if t.disorder:
                took.append("disorder")
            due = " — <b>morale check</b>" if t.morale_due else ""
            if t.ineffective:
                due += " — <b>stand ineffective: reform it (5.4)</b>"
            took_text = html.escape(" + ".join(took) or "no effect")
            rows.append(f"<li>{html.escape(t.name)}: {took_text}{due}</li>")
        apart = self.queue.uncombined()
        warning = (
            "<p><b>EotE 6.3:</b> several batteries at one target add their modified CEs into "
            f"one fire; {html.escape(', '.join(apart))} "
            f"{'is' if len(apart) == 1 else 'are'} fired at battery by battery. Remove them "
            "and tick the batteries together (Shift+Enter) unless they fire apart.</p>"
            if apart
            else ""
        )
        self.totals.setText(
            f"<b>Apply all will give</b><ul>{''.join(rows)}</ul>{warning}"
            if rows
            else "No fire queued yet."
        )

    # ------------------------------------------------------------------ wizard
    def initializePage(self) -> None:
        """Start where the umpire has to answer: the firers, the target, or the die.

        Firers and target carried in from the dashboard's selection leave only the die.
        """
        carried = self.draft.target
        focus: QWidget | None
        if not self.draft.values.get("firers"):
            focus = self.widgets.get("firers")
        elif "target_id" in carried and self.draft.values.get("target") is not None:
            focus = self.die
        else:
            focus = self.widgets.get("target")
        if focus is not None:
            QTimer.singleShot(0, focus, focus.setFocus)

    def isComplete(self) -> bool:
        """Apply all needs a queued fire, or one entered with its die (queued on Apply)."""
        return bool(self.queue.fires) or (
            self.die.value() is not None and self.add_button.isEnabled()
        )

    def validatePage(self) -> bool:
        """Apply the queue as one journal step (a fire whose die is in is queued first)."""
        if self.die.value() is not None and self.add_button.isEnabled() and not self.add_current():
            return False  # the fire being entered was refused: say why, apply nothing
        summary = self.queue.summary()
        changes = self.queue.describe()
        self.wiz.applied_fires = len(self.queue.fires)
        try:
            self.wiz.morale_due = self.queue.apply()
        except RefereeError as e:
            self.result.setText(html.escape(str(e)))
            return False
        self.wiz.applied_summary = summary
        self.wiz.applied_changes = changes
        return True


class FireAppliedPage(QWizardPage):
    """What the sub-phase did, and the morale checks and the sub-phase that follow."""

    def __init__(self, wizard: FireWizard) -> None:
        super().__init__()
        self.wiz = wizard
        self.setTitle("Applied")
        layout = QVBoxLayout(self)
        self.label = QLabel()
        self.label.setObjectName("applied")
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setWordWrap(True)
        layout.addWidget(self.label)
        buttons = QHBoxLayout()
        self.morale_button = QPushButton("Open the &morale checks")
        self.morale_button.setObjectName("openMorale")
        self.morale_button.clicked.connect(self.wiz.open_next_morale)
        buttons.addWidget(self.morale_button)
        self.infantry_button = QPushButton("&Infantry fire next")
        self.infantry_button.setObjectName("openInfantryFire")
        self.infantry_button.clicked.connect(self.wiz.open_infantry_fire)
        buttons.addWidget(self.infantry_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        layout.addStretch(1)

    def initializePage(self) -> None:
        """The journal line, the changes and the morale checks due."""
        parts = [f"<p><b>{html.escape(self.wiz.applied_summary)}</b></p>"]
        if self.wiz.applied_changes:
            items = "".join(f"<li>{html.escape(c)}</li>" for c in self.wiz.applied_changes)
            parts.append(f"<ul>{items}</ul>")
        names = [self.wiz.check.unit(i).name for i in self.wiz.morale_due]
        if names:
            items = "".join(f"<li>{html.escape(n)}</li>" for n in names)
            parts.append(f"<p><b>Morale checks due (7.5)</b></p><ul>{items}</ul>")
            which = "battery" if self.wiz.queue.sub_phase == "artillery" else "battalion"
            parts.append(
                f"<p>They follow the {html.escape(self.wiz.queue.title.lower())}: once they "
                f"begin, no {which} fires again this sub-phase (EotE 6.0). Fire the others "
                "first; the turn guide keeps them listed (Ctrl+Alt+M takes them all).</p>"
            )
        parts.append("<p>Written to the journal as one step: <b>Ctrl+Z</b> takes it back.</p>")
        self.label.setText("".join(parts))
        self.morale_button.setVisible(bool(names))
        artillery = self.wiz.queue.sub_phase == "artillery"
        self.infantry_button.setVisible(artillery)
        if artillery and names:
            self.morale_button.setText("Open the &morale checks, then infantry fire")
        # Enter does the obvious next thing: the morale checks after a queue of the
        # sub-phase's fires, or the infantry fire, or Finish; after a fire entered on its own
        # the sub-phase's other fires come first (6.0), so Enter finishes and Alt+M opens
        # the morale checks. Escape closes (the fire is applied either way).
        whole = self.wiz.applied_fires > 1
        follow = (
            (self.morale_button if whole else None)
            if names
            else self.infantry_button
            if artillery
            else None
        )
        for button in (self.morale_button, self.infantry_button):
            button.setAutoDefault(button is follow)
            button.setDefault(button is follow)
        target = follow or self.wiz.button(QWizard.WizardButton.FinishButton)
        QTimer.singleShot(0, target, target.setFocus)


class FireWizard(CheckWizard):
    """A fire sub-phase: the queue, then what it did (see the module docstring)."""

    PAGES = (QueuePage, FireAppliedPage)
    #: The fire the wizard opened on (EotE's own check, more than the shared wizard asks).
    check: FireCheck

    def __init__(self, hub: Any, check: Any, parent: QWidget | None = None, *, dice: Any = None):
        self.queue = FireQueue(hub.service, check.sub_phase)
        self.morale_due: list[int] = []
        self.applied_summary = ""
        #: How many fires the last Apply all wrote (one: the fast path).
        self.applied_fires = 0
        #: Wizards opened from this one (morale checks, the next sub-phase), newest last.
        self.opened: list[CheckWizard] = []
        super().__init__(hub, check, parent, dice=dice)
        self.setWindowTitle(f"{self.queue.title} (EotE {check.rule})")
        self.resize(1100, 660)

    def reject(self) -> None:
        """Escape or Cancel with fires queued and not applied: say so first, close the next time.

        A queue is several dice's work (EotE 6.0: the sub-phase lands together); one key lost
        it without a word in the Pratzen trial.
        """
        page = self.currentPage()
        queued = len(self.queue.fires) if isinstance(page, QueuePage) else 0
        if isinstance(page, QueuePage) and queued and not self.__dict__.get("_warned_discard"):
            self.__dict__["_warned_discard"] = True
            page.result.setText(
                f"<b>{queued} queued fire{'s are' if queued != 1 else ' is'} not applied.</b> "
                "Escape again discards the queue; <b>Apply all</b> writes it."
            )
            return
        super().reject()

    def open_next_morale(self) -> CheckWizard | None:
        """Close this wizard and open the due morale checks, one after the other (7.5)."""
        from eote_ref.ui.wizards.handoff import handoff

        if not self.morale_due:
            return None
        first, *rest = self.morale_due
        self.morale_due = []
        then = [("morale", {"unit_id": uid}) for uid in rest]
        if self.queue.sub_phase == "artillery":
            then.append(("infantry_fire", {}))  # the infantry fire after the morale checks
        wizard = handoff(self, "morale", {"unit_id": first}, then)
        if wizard is not None:
            self.opened.append(wizard)
        return wizard

    def open_infantry_fire(self) -> CheckWizard | None:
        """Close this wizard and open the infantry sub-phase after the artillery's (EotE 6.0)."""
        from eote_ref.ui.wizards.handoff import handoff

        wizard = handoff(self, "infantry_fire", {})
        if wizard is not None:
            self.opened.append(wizard)
        return wizard
