"""The dashboard's tables paint from few questions to their model (issue 36, the first paint).

Half of the demo's first paint was the side tables asking their model for every role of every
cell (about 3,800 calls for the rows shown). These tests count the model's ``data`` calls,
not time: a marker cell asks for its unit (and the Hits cell its threshold), a unit row's
texts are made once per view of the unit, and the demo's first paint stays under a ceiling
per cell painted.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, QRect, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication, QStyleOptionViewItem
from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.store import Database
from eote_ref.ui import unit_model
from eote_ref.ui.dashboard import Dashboard
from eote_ref.ui.delegates import MarkerDelegate
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.unit_model import Column, SideModel


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Counts the side models' ``data`` calls and the cells the delegate paints.

    Made before the widgets, so Qt calls the counting methods.
    """
    count: Counter[str] = Counter()
    data, paint = SideModel.data, MarkerDelegate.paint

    def counted_data(self: SideModel, *args: Any) -> Any:
        count["data"] += 1
        return data(self, *args)

    def counted_paint(self: MarkerDelegate, *args: Any) -> None:
        count["paint"] += 1
        paint(self, *args)

    monkeypatch.setattr(SideModel, "data", counted_data)
    monkeypatch.setattr(MarkerDelegate, "paint", counted_paint)
    return count


def _paint(index: QModelIndex) -> None:
    image = QImage(300, 24, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    option = QStyleOptionViewItem()
    option.rect = QRect(0, 0, 300, 24)
    MarkerDelegate().paint(painter, option, index)
    painter.end()


def test_a_unit_cell_is_painted_from_its_unit_alone(
    qtbot: QtBot, demo: GameService, asked: Counter[str]
) -> None:
    dash = Dashboard(GameHub(demo))
    qtbot.addWidget(dash)
    model = dash.panes[0].model
    unit = model.divisions[0].units[0]
    cells = {column: model.unit_index(unit.id, column) for column in Column}
    asked.clear()
    _paint(cells[Column.DISORDER])
    assert asked["data"] == 1  # the unit (the panel under the badge asks for no style roles)
    asked.clear()
    _paint(cells[Column.UNIT])
    assert asked["data"] == 1  # its text and font come from the unit too
    asked.clear()
    _paint(cells[Column.HITS])
    assert asked["data"] == 2  # the unit and the morale threshold
    asked.clear()
    _paint(model.division_index(model.divisions[0].id))
    assert asked["data"] <= 3  # not a unit; the division; whether its leader may rally


def test_a_unit_rows_texts_are_made_once_per_view_of_the_unit(
    qtbot: QtBot, demo: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: Counter[int] = Counter()
    text = unit_model._unit_text

    def counted(u: Any, column: Column) -> str:
        made[u.id] += 1
        return text(u, column)

    monkeypatch.setattr(unit_model, "_unit_text", counted)
    dash = Dashboard(GameHub(demo))
    qtbot.addWidget(dash)
    model = dash.panes[0].model
    unit = model.divisions[0].units[0]
    made.clear()
    for _ in range(3):
        for column in Column:
            model.unit_index(unit.id, column).data(Qt.ItemDataRole.DisplayRole)
    assert made[unit.id] == len(Column) - 1  # each column once (Status has its own words)
    # A new view of the unit: its texts are made again, with its hit.
    demo.adjust_unit(unit.id, "hits", 1)
    assert model.unit_index(unit.id, Column.HITS).data() == "1"
    assert made[unit.id] == 2 * (len(Column) - 1)


def test_the_demos_first_paint_asks_the_model_a_few_times_a_cell(
    qtbot: QtBot, db: Database, demo: GameService, asked: Counter[str]
) -> None:
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.resize(1440, 900)
    window.open_demo()
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    assert window.dashboard is not None
    assert asked["paint"] >= 100  # both tables painted, rows of every column
    # 3,836 calls for 378 cells before issue 36's last round (every role of every cell, twice
    # for a marker cell); 668 since, most of them the rows' size hints.
    assert asked["data"] <= 3 * asked["paint"], asked
