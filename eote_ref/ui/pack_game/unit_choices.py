"""A pack check's unit lists: each unit by its code, the likely ones first, a code typed picks.

A question of a pack's check offering units (a shock's target, the unit ordered, the units
attacking) lists them as ``(unit id, label)``; a choice counts as a unit when its value is a
unit's id and its label begins with that unit's name (as EotE's wizards read theirs,
:func:`eote_ref.referee.picking.unit_candidates`). Here each such label is shown after its
unit's code (``A12 Bijlandt's brigade (line) (…)``), the likely units come first — those
the turn guide has this check due on, the unit selected on the dashboard and the target
Ctrl and its code marked there — and, on the list's box, a code typed (``a12``, or ``12``
alone) or a few letters of the name pick the unit (:class:`TypedPick`), as the EotE pick
lists do (:func:`eote_ref.referee.picking.rank`). Nothing here names a pack.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QComboBox, QListWidget, QWidget

from eote_ref.packs.questions import Choice, Question
from eote_ref.referee.picking import Candidate, rank, split_code
from eote_ref.ui.code_keys import NUMBER_PAUSE_MS
from eote_ref.ui.unit_picker import TypedSearch


def coded_asks(
    state: Any, asks: Sequence[Question], likely: Collection[int] = ()
) -> tuple[list[Question], set[str]]:
    """``asks`` with their units' codes in the labels and the likely units first.

    Returns the questions and the keys of those that offer units.
    """
    units = {u.id: u for u in getattr(state, "units", ())}
    out: list[Question] = []
    keys: set[str] = set()
    for ask in asks:
        if ask.kind not in ("choice", "choices") or not ask.choices:
            out.append(ask)
            continue
        coded: list[Choice] = []
        for value, label in ask.choices:
            unit = units.get(value) if _is_id(value) else None
            if unit is not None and str(label).startswith(unit.name) and unit.code:
                coded.append(Choice(value, f"{unit.code} {label}"))
            else:
                coded.append(Choice(value, label))
        if coded == list(ask.choices):
            out.append(ask)
            continue
        keys.add(ask.key)
        coded.sort(key=lambda c: c[0] not in likely)  # stable: the pack's order after
        out.append(replace(ask, choices=tuple(coded)))
    return out, keys


def _is_id(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def due_units(due: Sequence[Any], check_key: str) -> set[int]:
    """The units the turn guide has check ``check_key`` due on now."""
    return {
        int(d.target["unit_id"])
        for d in due
        if d.check == check_key and _is_id(d.target.get("unit_id"))
    }


class TypedPick(TypedSearch):
    """Keys typed on a unit list's box (a combo box, a list of ticks) pick a unit.

    Letters and digits typed within :attr:`~eote_ref.ui.unit_picker.TypedSearch.PAUSE_MS`
    make one search: a whole code (``a12``), a code's number (``12``) or words of the name;
    the best match becomes the current item (Space still ticks an item of a list).
    """

    PAUSE_MS = NUMBER_PAUSE_MS

    def __init__(
        self, widget: QComboBox | QListWidget, answer: Callable[[Any], None] | None = None
    ) -> None:
        super().__init__(widget)
        self.widget = widget
        #: How a combo box's pick is answered (the wizard's ``answer``); None: set the box.
        self.answer = answer
        widget.installEventFilter(self)

    def items(self) -> list[str]:
        w = self.widget
        if isinstance(w, QComboBox):
            return [w.itemText(i) for i in range(w.count())]
        return [w.item(i).text() for i in range(w.count())]

    def search(self, typed: str) -> None:
        self.pick(typed)

    def pick(self, typed: str) -> int | None:
        """Make the best match of ``typed`` the current item; its row (None: no match)."""
        found = rank(typed, [_candidate(row, text) for row, text in enumerate(self.items())])
        if not found:
            return None
        row = int(found[0].value)
        w = self.widget
        if isinstance(w, QListWidget):
            w.setCurrentRow(row)  # Space ticks it
        elif self.answer is None:
            w.setCurrentIndex(row)
        else:
            # After the key's event, from the dialog: the answer may ask other questions and
            # so rebuild them, this box with them, which must not be in its own event then.
            answer, value = self.answer, w.itemData(row)
            QTimer.singleShot(0, w.window(), lambda: answer(value))
        return row


def _candidate(row: int, text: str) -> Candidate:
    first, _, rest = text.partition(" ")
    if rest and split_code(first) is not None:
        return Candidate(row, text, rest, code=first)
    return Candidate(row, text, text)


def watch_unit_choice(
    widget: QWidget, answer: Callable[[Any], None] | None = None
) -> TypedPick | None:
    """Let a code or a name typed on ``widget`` (a unit question's box) pick the unit.

    ``answer(value)`` answers a combo box's question with the unit picked (the wizard's
    :meth:`~eote_ref.ui.pack_game.check_dialog.PackCheckDialog.answer`).
    """
    if isinstance(widget, QComboBox | QListWidget):
        return TypedPick(widget, answer)
    return None
