"""A picker ranks its units only once it is shown or typed into (``assault_open_ms``, issue 36).

The assault wizard on a 2,000-unit game made six pickers of 1,000 to 2,000 units each, and
ranked all six while two of them (the second and third supporters) stay hidden until a
supporter is named. A hidden picker now ranks nothing; shown, typed into or read, it lists
exactly what a picker ranked at once lists.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from eote_ref.referee import picking
from eote_ref.referee.picking import Candidate, Preference
from eote_ref.ui.unit_picker import UnitPicker

UNITS = [Candidate(i, f"{i}/{i % 7}e Ligne", f"{i}/{i % 7}e Ligne") for i in range(1, 1001)]


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the rankings the pickers make."""
    calls: list[int] = []

    def rank(*args: Any, **kw: Any) -> list[Candidate]:
        calls.append(1)
        return picking.rank(*args, **kw)

    monkeypatch.setattr("eote_ref.ui.unit_picker.rank", rank)
    return calls


def test_a_hidden_picker_ranks_nothing_until_it_is_shown(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _counted(monkeypatch)
    holder = QWidget()
    qtbot.addWidget(holder)
    layout = QVBoxLayout(holder)
    prefer = Preference(likely=frozenset({700, 3}))
    hidden = UnitPicker(UNITS, prefer, multi=True, value=(900,))
    single = UnitPicker(UNITS, prefer, value=650)
    hidden.hide()
    single.hide()
    layout.addWidget(hidden)
    layout.addWidget(single)
    holder.show()
    qtbot.waitExposed(holder)
    hidden.set_value((900, 12))  # a question answered again while it is hidden
    assert calls == []
    assert hidden.model.rowCount() == 0
    assert single.chosen.text() == "→ 650/6e Ligne"  # named all the same
    # Shown: the rows of a picker ranked at once, in the same order, the value highlighted.
    eager = UnitPicker(UNITS, prefer, multi=True, value=(900, 12))
    qtbot.addWidget(eager)
    eager.show()
    hidden.show()
    assert hidden.shown() == eager.shown()
    assert set(hidden.shown()[:2]) == {"900/4e Ligne", "12/5e Ligne"}  # the ticked first
    assert hidden.model.rowCount() == eager.model.rowCount()
    assert single.shown()[:2] == ["3/3e Ligne", "700/0e Ligne"]  # read: ranked for it
    single.show()
    assert single.list.currentIndex().data() == "650/6e Ligne"


def test_a_hidden_picker_typed_into_ranks_then(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _counted(monkeypatch)
    picker = UnitPicker(UNITS)
    qtbot.addWidget(picker)
    assert calls == []
    picker.edit.setText("999/")
    assert calls
    assert picker.value() == 999
    assert picker.shown() == ["999/5e Ligne"]
