"""The turn guide of a pack game: where the game is, in the pack's words, and what falls due.

The heading is the pack's (``turn 2, round 3 of 6``); the list is its due items in order
(:class:`~eote_ref.packs.play.Due`: a hand to choose, the round's cards and command dice,
the orders, a pending check, victory after the round). Enter or a double click opens the
selected item's check. Nothing here names a pack.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from eote_ref.referee.pack_lists import pack_rule_prefix
from eote_ref.referee.pack_view import PackView
from eote_ref.ui.theme import marker_colors

DUE_ROLE = Qt.ItemDataRole.UserRole + 1


class PackTurnGuide(QWidget):
    """The heading and the due items of a pack game; :attr:`openCheck` asks for one.

    ``openCheck`` carries ``(check key, target)``.
    """

    openCheck = Signal(str, dict)

    def __init__(self, hub: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hub = hub
        self.setObjectName("PackTurnGuide")
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setObjectName("turnHeading")
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        self.bar = QLabel()
        self.bar.setObjectName("turnBar")
        self.bar.setTextFormat(Qt.TextFormat.RichText)
        self.bar.setWordWrap(True)
        layout.addWidget(self.bar)
        self.steps = QLabel()
        self.steps.setObjectName("phaseSteps")
        self.steps.setTextFormat(Qt.TextFormat.RichText)
        self.steps.setWordWrap(True)
        layout.addWidget(self.steps)
        self.list = QListWidget()
        self.list.setObjectName("dueList")
        self.list.setWordWrap(True)
        self.list.setMinimumHeight(60)
        self.list.itemActivated.connect(self._activated)
        layout.addWidget(self.list, 1)
        self.hint = QLabel("Enter opens the selected check; Ctrl+Z undoes the last step.")
        self.hint.setWordWrap(True)
        layout.addWidget(self.hint)
        hub.viewChanged.connect(self.show_view)
        self.show_view(hub.view)

    def show_view(self, view: PackView) -> None:
        """The heading and the due items of ``view``."""
        e = html.escape
        label = view.turn_label
        self.heading.setText(
            f"<span style='font-size:large'><b>{e(label[:1].upper() + label[1:])}</b></span>"
        )
        prefix = pack_rule_prefix(view.pack)
        self.bar.setText(self.bar_html(view))
        phase = view.phase_spec()
        self.steps.setText(
            "<ul style='margin-left:-20px'>"
            + "".join(f"<li>{e(step)}</li>" for step in phase.steps)
            + "</ul>"
            if phase is not None
            else ""
        )
        self.steps.setToolTip(f"{phase.label} ({prefix} {phase.rule})" if phase else "")
        row = max(self.list.currentRow(), 0)
        current = self.list.currentItem()
        kept = current.data(DUE_ROLE) if current is not None else None
        self.list.clear()
        for due in view.due:
            rule = f" ({prefix} {due.rule})" if due.rule else ""
            item = QListWidgetItem(f"{due.label}{rule}")
            item.setData(DUE_ROLE, due)
            self.list.addItem(item)
        if not view.due:
            item = QListWidgetItem("Nothing falls due: the battle is over.")
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.list.addItem(item)
        elif self.list.count():
            # The item the umpire had highlighted stays highlighted wherever it moved (an
            # item due put before it); gone, the row it stood at. The first row, current as
            # the first, stays the first: an item put before it is due before it (a charged
            # unit's reaction before the next order).
            at = (
                None
                if row == 0
                else next((i for i, due in enumerate(view.due) if _same(due, kept)), None)
            )
            self.list.setCurrentRow(at if at is not None else min(row, self.list.count() - 1))

    def bar_html(self, view: PackView) -> str:
        """The rounds of the turn and the phases of the round, where the game is in bold."""
        spec = view.turn_spec
        if spec is None:
            return ""
        colours = marker_colors(self.palette())
        now, dim = colours.phase_current.name(), colours.dim_text.name()
        parts = []
        if spec.rounds > 1:
            rounds = " ".join(
                f"<b style='color:{now}'>[{r}]</b>" if r == view.round else
                f"<span style='color:{dim if r > view.round else ''}'>{r}</span>"
                for r in range(1, spec.rounds + 1)
            )  # fmt: skip
            parts.append(f"{html.escape(spec.round_label.capitalize())}s: {rounds}")
        current = view.phase_spec()
        keys = [p.key for p in spec.phases]
        at = keys.index(current.key) if current is not None else -1
        phases = " › ".join(
            f"<b style='color:{now}'>{html.escape(p.short_label)}</b>" if i == at else
            f"<span style='color:{dim}'>{html.escape(p.short_label)}</span>" if i > at else
            html.escape(p.short_label)
            for i, p in enumerate(spec.phases)
        )  # fmt: skip
        parts.append(phases)
        return "<br>".join(parts)

    def items(self) -> list[str]:
        """The due items as the list shows them (tests and screen readers)."""
        return [self.list.item(i).text() for i in range(self.list.count())]

    def _activated(self, item: QListWidgetItem) -> None:
        due = item.data(DUE_ROLE)
        if due is not None:
            self.openCheck.emit(due.check, dict(due.target))


def _same(due: Any, other: Any) -> bool:
    """Whether two due items are the same step: its check on its target (not its words)."""
    if other is None:
        return False
    return bool(due.check == other.check and dict(due.target) == dict(other.target))
