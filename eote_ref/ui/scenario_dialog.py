"""The scenario of an open game: set-up, reinforcements, objectives held, breakpoints, result.

The umpire ticks who holds each objective, brings reinforcements on (the turn guide lists
them in the command phase of their turn) and starts the movement-phase timer when the
scenario has one. Every change goes through the referee's
:class:`~eote_ref.referee.scenario_play.ScenarioService` as one undoable step.
"""

from __future__ import annotations

import html
import time

from PySide6.QtCore import QRegularExpression, Qt, QTimer
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from eote_ref.packs.play import possessive
from eote_ref.referee import army_morale
from eote_ref.referee.army_morale import effects_text
from eote_ref.referee.scenario_play import (
    ReinforcementView,
    ScenarioService,
    ScenarioView,
    time_up_text,
)
from eote_ref.referee.views import GameView
from eote_ref.ui.game_hub import GameHub


class ReinforcementDialog(QDialog):
    """Bring one reinforcement on: a confirmation, or the d10 of its arrival roll."""

    def __init__(
        self, hub: GameHub, reinforcement: ReinforcementView, parent: QWidget | None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("reinforcementDialog")
        self.hub = hub
        self.reinforcement = reinforcement
        self.setWindowTitle(f"Reinforcements: {reinforcement.label}")
        layout = QVBoxLayout(self)
        where = (
            f"<br>They enter {html.escape(reinforcement.enters)}." if reinforcement.enters else ""
        )
        text = QLabel(f"<b>{html.escape(reinforcement.label)}</b> ({reinforcement.when()}).{where}")
        text.setWordWrap(True)
        layout.addWidget(text)
        #: The arrival d10 as typed (one digit, 0 reads 10), None for a reinforcement by turn.
        #: It opens empty: a die nobody rolled must not bring anyone on.
        self.die: QLineEdit | None = None
        if reinforcement.turn is None:
            form = QFormLayout()
            self.die = QLineEdit(self)
            self.die.setObjectName("arrivalDie")
            self.die.setMaxLength(1)
            self.die.setFixedWidth(self.die.fontMetrics().horizontalAdvance("00") + 24)
            self.die.setValidator(QRegularExpressionValidator(QRegularExpression("[0-9]"), self))
            self.die.setPlaceholderText("–")
            self.die.setToolTip("The d10 just rolled (0 reads 10)")
            form.addRow(f"d10 (&{reinforcement.roll}+ arrives; 0 reads 10):", self.die)
            layout.addLayout(form)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText("&Bring on" if self.die is None else "&Roll recorded")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        if self.die is not None:
            self.die.textChanged.connect(lambda _text: self.ok.setEnabled(self.roll() is not None))
            self.ok.setEnabled(False)
            self.die.setFocus()

    def roll(self) -> int | None:
        """The d10 typed (0 reads 10), None while none is."""
        if self.die is None or not self.die.text():
            return None
        return int(self.die.text()) or 10

    def accept(self) -> None:
        """Apply the arrival (or the failed roll) as one step, then close."""
        if self.die is not None and self.roll() is None:
            return  # Enter before the die: nothing rolled, nothing recorded
        roll = self.roll()
        service = ScenarioService(self.hub.service)
        event = self.hub.attempt(lambda: service.bring_on(self.reinforcement.key, roll))
        if event is not None:
            self.hub.message.emit(event.summary)
        super().accept()


def bring_on_reinforcement(parent: QWidget, hub: GameHub, key: str) -> ReinforcementDialog | None:
    """Open the dialog that brings reinforcement ``key`` on (window-modal, not blocking)."""
    view = ScenarioService(hub.service).view()
    found = next((r for r in view.reinforcements if r.key == key), None) if view else None
    if found is None:
        return None
    dialog = ReinforcementDialog(hub, found, parent)
    dialog.open()
    return dialog


class ScenarioDialog(QDialog):
    """The scenario's state, kept up to date with the game."""

    def __init__(self, hub: GameHub, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scenarioDialog")
        self.hub = hub
        self.service = ScenarioService(hub.service)
        self.setWindowTitle("Scenario")
        layout = QVBoxLayout(self)
        self.heading = QLabel(self)
        self.heading.setObjectName("scenarioHeading")
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.heading)
        box = QGroupBox("Objectives (who holds each)", self)
        self.objectives_form = QFormLayout(box)
        layout.addWidget(box)
        self.held: dict[str, QComboBox] = {}
        self.reinforcements = QLabel(self)
        self.reinforcements.setObjectName("scenarioReinforcements")
        self.reinforcements.setWordWrap(True)
        layout.addWidget(self.reinforcements)
        self.bring_button = QPushButton("&Bring on the reinforcements due…", self)
        self.bring_button.setObjectName("bringOnButton")
        self.bring_button.clicked.connect(self.bring_on_first_due)
        layout.addWidget(self.bring_button)
        arrivals = QHBoxLayout()
        self.arrival_combo = QComboBox(self)
        self.arrival_combo.setObjectName("arrivalChoice")
        self.arrival_combo.setToolTip("A reinforcement still to come")
        arrivals.addWidget(self.arrival_combo, 1)
        self.hold_turns = QSpinBox(self)
        self.hold_turns.setObjectName("holdTurns")
        self.hold_turns.setRange(1, 20)
        self.hold_turns.setSuffix(" turn(s)")
        arrivals.addWidget(self.hold_turns)
        self.hold_button = QPushButton("&Hold back", self)
        self.hold_button.setObjectName("holdBackButton")
        self.hold_button.setToolTip("Their owner holds them back; later arrivals queue behind")
        self.hold_button.clicked.connect(self.hold_back)
        arrivals.addWidget(self.hold_button)
        self.release_button = QPushButton("Release &early", self)
        self.release_button.setObjectName("releaseEarlyButton")
        self.release_button.setToolTip("The umpire brings them on now (one undoable step)")
        self.release_button.clicked.connect(self.release_early)
        arrivals.addWidget(self.release_button)
        layout.addLayout(arrivals)
        self.breakpoints = QLabel(self)
        self.breakpoints.setObjectName("scenarioBreakpoints")
        self.breakpoints.setWordWrap(True)
        layout.addWidget(self.breakpoints)
        self.morale = QLabel(self)
        self.morale.setObjectName("scenarioArmyMorale")
        self.morale.setWordWrap(True)
        self.morale.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.morale)
        events = QHBoxLayout()
        self.event_combo = QComboBox(self)
        self.event_combo.setObjectName("moraleEvent")
        self.event_combo.setToolTip("An event of an army morale track, to record as it happens")
        events.addWidget(self.event_combo, 1)
        self.event_button = QPushButton("&Record event", self)
        self.event_button.setObjectName("recordMoraleEvent")
        self.event_button.clicked.connect(self.record_event)
        events.addWidget(self.event_button)
        self.secret_die = QLineEdit(self)
        self.secret_die.setObjectName("secretDie")
        self.secret_die.setMaxLength(2)
        self.secret_die.setValidator(QRegularExpressionValidator(QRegularExpression("[0-9]+")))
        self.secret_die.setPlaceholderText("die")
        self.secret_die.setFixedWidth(self.secret_die.fontMetrics().horizontalAdvance("000") + 24)
        events.addWidget(self.secret_die)
        self.secret_button = QPushButton("Roll &secret threshold", self)
        self.secret_button.setObjectName("rollSecretThreshold")
        self.secret_button.clicked.connect(self.roll_secret)
        events.addWidget(self.secret_button)
        layout.addLayout(events)
        self.victory = QLabel(self)
        self.victory.setObjectName("scenarioVictoryNow")
        layout.addWidget(self.victory)
        self.timer_button = QPushButton(self)
        self.timer_button.setObjectName("movementTimerButton")
        self.timer_button.clicked.connect(self.start_timer)
        layout.addWidget(self.timer_button)
        self.timer_label = QLabel(self)
        self.timer_label.setObjectName("movementTimer")
        layout.addWidget(self.timer_label)
        self._deadline: float | None = None
        self._tick = QTimer(self)
        self._tick.setInterval(1000)
        self._tick.timeout.connect(self._show_timer)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.view: ScenarioView | None = None
        hub.viewChanged.connect(self.refresh)
        self.refresh(hub.view)

    def refresh(self, _view: GameView | None = None) -> None:
        """Read the scenario again and show it."""
        view = self.service.view()
        self.view = view
        if view is None:
            self.heading.setText("This game was not made from a scenario.")
            return
        limit = f" of {view.turn_limit}" if view.turn_limit else ""
        setup = f"<p>{html.escape(view.setup)}</p>" if view.setup else ""
        self.heading.setText(f"<b>{html.escape(view.name)}</b>: turn {view.turn}{limit}{setup}")
        choices = ["nobody", *view.side_names]
        for name, points, held in view.objectives:
            combo = self.held.get(name)
            if combo is None:
                combo = QComboBox(self)
                combo.setObjectName(f"held_{len(self.held)}")
                combo.addItems(choices)
                combo.activated.connect(lambda index, n=name: self.set_held(n, index))
                self.objectives_form.addRow(
                    f"{name} ({points} pt{'s' if points != 1 else ''})", combo
                )
                self.held[name] = combo
            combo.setCurrentIndex(0 if held is None else held + 1)
        lines = []
        for r in view.reinforcements:
            side = view.side_names[r.side]
            state = f"arrived on turn {r.arrived_turn}" if r.arrived_turn else r.when()
            lines.append(f"{html.escape(r.label)} ({html.escape(side)}): {html.escape(state)}")
        self.reinforcements.setText(
            "<b>Reinforcements</b><br>" + "<br>".join(lines) if lines else "No reinforcements."
        )
        self.bring_button.setEnabled(bool(view.due()))
        current = self.arrival_combo.currentData()
        self.arrival_combo.clear()
        for r in view.reinforcements:
            if r.arrived_turn is None:
                self.arrival_combo.addItem(f"{r.label} ({view.side_names[r.side]})", r.key)
        if current is not None and (i := self.arrival_combo.findData(current)) >= 0:
            self.arrival_combo.setCurrentIndex(i)
        waiting = self.arrival_combo.count() > 0
        for w in (self.arrival_combo, self.hold_turns, self.hold_button, self.release_button):
            w.setEnabled(waiting)
        self.breakpoints.setText(
            "<b>Breakpoints</b><br>"
            + "<br>".join(html.escape(b.text(view.side_names)) for b in view.breakpoints)
        )
        self.show_tracks(view)
        self.victory.setText(f"<b>Now:</b> {html.escape(view.victory.text(view.side_names))}")
        minutes = view.movement_minutes
        self.timer_button.setVisible(minutes is not None)
        self.timer_label.setVisible(minutes is not None)
        if minutes is not None:
            self.timer_button.setText(f"Start the &movement timer ({minutes} min)")
            self.timer_button.setToolTip(
                time_up_text(self.hub.service).replace("Movement: ", "When ")
            )

    def show_tracks(self, view: ScenarioView) -> None:
        """The army morale tracks with their accounts, the events to record, the secret roll."""
        names = view.side_names
        parts = []
        for t in view.tracks:
            lines = "".join(
                f"<br>&nbsp;&nbsp;{html.escape(line.text)}: {line.points:+d}" for line in t.lines
            )
            effects = effects_text(t.effects)
            what = f"<br>&nbsp;&nbsp;<i>demoralised: {html.escape(effects)}</i>" if effects else ""
            parts.append(f"{html.escape(t.text(names))}{lines}{what}")
        self.morale.setVisible(bool(view.tracks))
        self.morale.setText("<b>Army morale (house rule)</b><br>" + "<br>".join(parts))
        current = self.event_combo.currentData()
        self.event_combo.clear()
        for t in view.tracks:
            for name, points, when in t.events:
                if when is None:
                    label = f"{t.who(names)}: {name} ({points:+d})"
                    self.event_combo.addItem(label, (t.key, name))
        if current is not None and (i := self.event_combo.findData(current)) >= 0:
            self.event_combo.setCurrentIndex(i)
        has_events = self.event_combo.count() > 0
        self.event_combo.setVisible(has_events)
        self.event_button.setVisible(has_events)
        due = next((t for t in view.tracks if t.secret_due), None)
        self.secret_die.setVisible(due is not None)
        self.secret_button.setVisible(due is not None)
        if due is not None:
            who = possessive(due.who(names))
            self.secret_die.setToolTip(f"The d{due.secret_die} for {who} threshold")

    def record_event(self) -> None:
        """Record the chosen event as one step (its points move the track)."""
        chosen = self.event_combo.currentData()
        if chosen is None:
            return
        key, name = chosen
        event = self.hub.attempt(lambda: army_morale.record_event(self.hub.service, key, name))
        if event is not None:
            self.hub.message.emit(event.summary)

    def roll_secret(self) -> None:
        """Record the secret threshold's roll (the players' display never shows the level)."""
        due = next((t for t in self.view.tracks if t.secret_due), None) if self.view else None
        if due is None or not self.secret_die.text():
            return
        roll = int(self.secret_die.text())
        self.hub.attempt(lambda: army_morale.roll_secret(self.hub.service, due.key, roll))
        self.secret_die.clear()

    def hold_back(self) -> None:
        """Their owner holds the chosen reinforcement back the turns chosen (one step)."""
        key = self.arrival_combo.currentData()
        if key is not None:
            turns = self.hold_turns.value()
            self.hub.attempt(lambda: self.service.hold_back(key, turns))

    def release_early(self) -> None:
        """The umpire brings the chosen reinforcement on now (one step)."""
        key = self.arrival_combo.currentData()
        if key is None:
            return
        event = self.hub.attempt(lambda: self.service.release_early(key))
        if event is not None:
            self.hub.message.emit(event.summary)

    def set_held(self, objective: str, index: int) -> None:
        """The umpire's tick: who holds ``objective`` (index 0 is nobody)."""
        self.hub.attempt(
            lambda: self.service.set_held(objective, None if index == 0 else index - 1)
        )

    def bring_on_first_due(self) -> ReinforcementDialog | None:
        """Open the first reinforcement due this turn."""
        due = self.view.due() if self.view else []
        if not due:
            return None
        return bring_on_reinforcement(self, self.hub, due[0].key)

    def start_timer(self) -> None:
        """Start the movement-phase countdown (the players' display shows it too)."""
        if self.view is None or self.view.movement_minutes is None:
            return
        self._deadline = time.monotonic() + 60 * self.view.movement_minutes
        self.hub.attempt(lambda: self.service.start_timer())
        self._tick.start()
        self._show_timer()

    def remaining(self) -> int:
        """Seconds left on the movement timer (0 when it is not running)."""
        if self._deadline is None:
            return 0
        return max(0, int(round(self._deadline - time.monotonic())))

    def _show_timer(self) -> None:
        left = self.remaining()
        self.timer_label.setText(f"Movement: {left // 60}:{left % 60:02d} left")
        if left == 0:
            self._tick.stop()
            self.timer_label.setText(time_up_text(self.hub.service))
