"""The assault wizard: both sides' units and values, the odds of each result pair, what follows.

Built on :class:`~eote_ref.ui.wizards.base.CheckWizard`: the situation page adds the attacker
value, defender value and attack value (column of the table, EotE 7.6) above the questions,
and warns of once-a-turn limits already used this turn (support 7.2, one infantry round
7.0); a battery that moves away or abandons its guns (7.10) is confirmed with no roll; the
roll page is the common one; the last page offers the breakthrough follow-up assault with the
sabre bonus pre-set (5.15, 7.7.1) and the morale checks the hits call for (7.5), one after
another.
"""

from __future__ import annotations

import html
from typing import Any, cast

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from eote_ref.packs.eote.checks.assault import AssaultCheck
from eote_ref.packs.eote.rules.core import Outcome
from eote_ref.referee.errors import REFUSALS
from eote_ref.ui.theme import marker_colors
from eote_ref.ui.wizards.base import CheckWizard, FactsPage, ResultPage, RollPage
from eote_ref.ui.wizards.lists import LIST_ROWS, fit_rows


class AssaultFactsPage(FactsPage):
    """The questions, with the three values of the assault and the turn's limits shown live."""

    def __init__(self, wizard: CheckWizard) -> None:
        super().__init__(wizard)
        self.values_label = QLabel()
        self.values_label.setObjectName("assaultValues")
        self.values_label.setTextFormat(Qt.TextFormat.RichText)
        self.values_label.setWordWrap(True)
        self.warnings_label = QLabel()
        self.warnings_label.setObjectName("assaultWarnings")
        self.warnings_label.setTextFormat(Qt.TextFormat.RichText)
        self.warnings_label.setWordWrap(True)
        layout = cast(QGridLayout, self.layout())
        # The questions are many (supporters): keep them scrollable beside the odds.
        item = layout.itemAtPosition(0, 0)
        found = item.widget() if item is not None else None
        holder = found if found is not None else QWidget()
        layout.removeWidget(holder)
        layout.removeWidget(self.panel)
        form = holder.layout()
        if isinstance(form, QFormLayout):
            form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
        for w in self.widgets.values():
            if isinstance(w, QListWidget):
                fit_rows(w, LIST_ROWS)
        scroll = QScrollArea()
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setObjectName("assaultFacts")
        scroll.setWidgetResizable(True)
        scroll.setWidget(holder)
        layout.addWidget(self.values_label, 0, 0, 1, 2)
        layout.addWidget(self.warnings_label, 1, 0, 1, 2)
        layout.addWidget(scroll, 2, 0)
        layout.addWidget(self.panel, 2, 1)
        # Result pairs ("no decision / disorder") need a wider odds column than one-sided checks.
        self.panel.setMinimumWidth(330)
        layout.setColumnStretch(0, 3)
        layout.setColumnStretch(1, 2)
        self.show_values()

    def _changed(self, key: str, value: Any) -> None:
        super()._changed(key, value)
        self.show_values()

    def show_warnings(self) -> None:
        """The once-a-turn limits this assault would exceed (the umpire decides)."""
        check = self.check
        assert isinstance(check, AssaultCheck)
        try:
            warnings = check.warnings()
        except REFUSALS:
            warnings = []
        self.warnings_label.setVisible(bool(warnings))
        if warnings:
            colour = marker_colors(self.palette()).disorder.name()
            items = "".join(f"<li>{html.escape(w)}</li>" for w in warnings)
            self.warnings_label.setText(
                f"<b style='color:{colour}'>Already this turn:</b><ul style='margin:0'>{items}</ul>"
            )

    def show_values(self) -> None:
        """Attacker value, defender value, attack value and the table column."""
        check = self.check
        assert isinstance(check, AssaultCheck)
        self.show_warnings()
        try:
            outcome = check.preview()
            if check.is_decided(outcome):
                self.values_label.setText(
                    f"<p style='font-size:large'>{html.escape(check.value_text(outcome))}</p>"
                )
                return
            a_ce, d_ce = check.ce_totals()
        except REFUSALS:
            self.values_label.setText("")
            return
        d = outcome.details
        self.values_label.setText(
            f"<p style='font-size:large'>Attacker <b>{d['attacker_value']:g}</b> − defender "
            f"<b>{d['defender_value']:g}</b> = attack value <b>{d['attack_value']:+g}</b> "
            f"(column {html.escape(str(d['column']))}, EotE 7.6)<br>"
            f"<span style='font-size:small'>Base {outcome.base:g} = attacker CE {a_ce:g} − "
            f"defender CE {d_ce:g}; the modifiers beside bring it to {outcome.modified:+g}. "
            "Odds read attacker / defender.</span></p>"
        )


class AssaultResultPage(ResultPage):
    """The applied results, then the breakthrough follow-up and the morale checks."""

    def __init__(self, wizard: AssaultWizard) -> None:
        super().__init__(wizard)
        row = QHBoxLayout()
        self.follow_button = QPushButton("&Breakthrough assault…")
        self.follow_button.setObjectName("followUp")
        self.follow_button.setToolTip(
            "The cavalry's breakthrough contacts another unit: resolve it now (5.15, 7.7.1)"
        )
        self.follow_button.clicked.connect(wizard.open_follow_up)
        row.addWidget(self.follow_button)
        self.morale_button = QPushButton("Open the &morale checks")
        self.morale_button.setObjectName("openMorale")
        self.morale_button.clicked.connect(wizard.open_next_morale)
        row.addWidget(self.morale_button)
        row.addStretch(1)
        cast(QVBoxLayout, self.layout()).insertLayout(1, row)

    def initializePage(self) -> None:
        """The journal line, and what may follow."""
        super().initializePage()
        wiz = self.wiz
        assert isinstance(wiz, AssaultWizard)
        o = wiz.outcome
        check = wiz.check
        assert isinstance(check, AssaultCheck)
        wiz.morale_due = check.morale_due(o) if o is not None else []
        wiz.follow = check.follow_up(o) if o is not None else None
        self.follow_button.setVisible(wiz.follow is not None)
        self.morale_button.setVisible(bool(wiz.morale_due))
        # Enter: the breakthrough first, else the morale checks, else Finish.
        follow = (
            self.follow_button
            if wiz.follow is not None
            else self.morale_button
            if wiz.morale_due
            else None
        )
        for button in (self.follow_button, self.morale_button):
            button.setAutoDefault(button is follow)
            button.setDefault(button is follow)
        if follow is not None:
            QTimer.singleShot(0, follow, follow.setFocus)
        if wiz.morale_due:
            names = ", ".join(check.unit(i).name for i in wiz.morale_due)
            self.label.setText(
                self.label.text() + f"<p><b>Morale checks due (7.5):</b> {html.escape(names)}</p>"
            )


class AssaultWizard(CheckWizard):
    """One assault (see the module docstring)."""

    PAGES = (AssaultFactsPage, RollPage, AssaultResultPage)
    #: The assault applied (EotE's outcome: its morale checks and follow-up are read off it).
    outcome: Outcome | None

    def __init__(self, hub: Any, check: Any, parent: QWidget | None = None, *, dice: Any = None):
        self.morale_due: list[int] = []
        self.follow: dict[str, Any] | None = None
        #: Wizards opened from this one (follow-up assault, morale checks), newest last.
        self.opened: list[CheckWizard] = []
        super().__init__(hub, check, parent, dice=dice)
        self.resize(980, 720)

    def open_follow_up(self) -> CheckWizard | None:
        """Close this wizard and open the breakthrough's assault, the sabre bonus pre-set.

        The morale checks this assault called for follow the breakthrough (EotE 5.15, 7.7.1).
        """
        from eote_ref.ui.wizards.handoff import handoff

        # Read again: the follow-up may have been fought already (one breakthrough, 5.15).
        if self.outcome is not None and isinstance(self.check, AssaultCheck):
            self.follow = self.check.follow_up(self.outcome)
        if self.follow is None:
            page = self.currentPage()
            if isinstance(page, AssaultResultPage):
                page.follow_button.setVisible(False)
            return None
        then = [("morale", {"unit_id": uid}) for uid in self.morale_due]
        self.morale_due = []
        wizard = handoff(self, "assault", dict(self.follow), then)
        if wizard is not None:
            self.opened.append(wizard)
        return wizard

    def open_next_morale(self) -> CheckWizard | None:
        """Close this wizard and open the due morale checks, one after the other (7.5)."""
        from eote_ref.ui.wizards.handoff import handoff

        if not self.morale_due:
            return None
        first, *rest = self.morale_due
        self.morale_due = []
        wizard = handoff(
            self, "morale", {"unit_id": first}, [("morale", {"unit_id": u}) for u in rest]
        )
        if wizard is not None:
            self.opened.append(wizard)
        return wizard
