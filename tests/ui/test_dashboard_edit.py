"""A marker key on the dashboard: the rows show the new values, read once for every panel."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from eote_ref.referee import todo
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.store import SetField
from eote_ref.ui import game_hub
from eote_ref.ui.dashboard import Dashboard
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.turn_guide import TurnGuide
from eote_ref.ui.unit_model import Column, SideModel


def _cell(model: SideModel, unit_id: int, column: Column) -> str:
    index = model.unit_index(unit_id, column)
    assert index.isValid()
    return str(index.data(Qt.ItemDataRole.DisplayRole))


def _division_text(model: SideModel, division_id: int) -> str:
    return str(model.division_index(division_id).data(Qt.ItemDataRole.DisplayRole))


@pytest.fixture
def dash(qtbot: QtBot, demo: GameService) -> Dashboard:
    dash = Dashboard(GameHub(demo))
    qtbot.addWidget(dash)
    dash.resize(1200, 700)
    dash.show()
    return dash


def test_marker_keys_show_in_the_rows_and_undo_restores_them(
    qtbot: QtBot, dash: Dashboard, demo: GameService
) -> None:
    unit = next(u for u in demo.view().sides[1].units if u.arm == "infantry" and not u.hits)
    model = dash.panes[1].model
    assert dash.select_unit(unit.id)
    tree = dash.panes[1].tree
    tree.setFocus()
    qtbot.keyClick(tree, Qt.Key.Key_Plus)
    qtbot.keyClick(tree, Qt.Key.Key_Plus)
    qtbot.keyClick(tree, Qt.Key.Key_D)
    assert _cell(model, unit.id, Column.HITS) == "2"
    assert _cell(model, unit.id, Column.CE) == f"{unit.ce - 2}/{unit.ce}"
    assert _cell(model, unit.id, Column.DISORDER) == "D"
    current = dash.current_unit()  # the row kept its selection and shows the new unit
    assert current is not None
    assert (current.id, current.hits, current.disordered) == (unit.id, 2, True)
    # the side's header counts the hits of every unit, the new ones included
    hits = sum(u.hits for u in demo.view().sides[1].units)
    assert f"{hits} hits" in dash.panes[1].header.text()
    demo.undo(3)
    assert _cell(model, unit.id, Column.HITS) == "0"
    assert _cell(model, unit.id, Column.DISORDER) == ""
    demo.redo(1)
    assert _cell(model, unit.id, Column.HITS) == "1"


def test_division_and_leader_changes_show_in_the_band(dash: Dashboard, demo: GameService) -> None:
    division = next(d for d in demo.view().sides[0].divisions if d.leader is not None)
    assert division.leader is not None
    model = dash.panes[0].model
    demo.set_division(division.id, "falling_back", True)
    assert "falling back" in _division_text(model, division.id)
    demo.record("test", "killed", [SetField("game_leader", division.leader.id, "killed", True)])
    assert f"{division.leader.name} ({division.leader.rating}) killed" in _division_text(
        model, division.id
    )


def test_a_change_from_another_copy_shows_after_follow(dash: Dashboard, demo: GameService) -> None:
    unit = demo.view().sides[0].units[3]
    other = GameService(demo.db, demo.game_id, demo.ruleset)
    other.toggle_unit(unit.id, "pinned")
    assert dash.hub.follow()
    assert _cell(dash.panes[0].model, unit.id, Column.PINNED) == ("" if unit.pinned else "P")


def test_due_checks_are_worked_out_once_per_change(
    qtbot: QtBot, demo: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The dashboard's steps and the turn guide show one list, computed once per change."""
    calls: list[Phase] = []

    def counted(view, game=None):  # type: ignore[no-untyped-def]  # noqa: ANN001, ANN202
        calls.append(view.phase)
        return todo.checks_due(view, game)

    monkeypatch.setattr(game_hub, "checks_due", counted)
    hub = GameHub(demo)
    dash = Dashboard(hub)
    guide = TurnGuide(hub)
    qtbot.addWidget(dash)
    qtbot.addWidget(guide)
    while demo.view().phase is not Phase.FIRE:
        demo.advance_phase()
    unit = next(u for u in demo.view().sides[0].units if u.arm == "infantry" and not u.routed)
    calls.clear()
    for _ in range(demo.morale_threshold):
        demo.adjust_unit(unit.id, "hits", 1)
    assert len(calls) == demo.morale_threshold  # one per change, for both panels
    due = [c for c in hub.due if c.unit_id == unit.id]
    assert [c.procedure for c in due] == ["morale"]
    titles = [guide.list.item(i).text() for i in range(guide.list.count())]
    assert any(due[0].title in t for t in titles)
    owed = todo.owed(hub.due)
    assert f"Due now ({len(owed)})" in dash.ui.stepsLabel.text()
    assert guide.checks == hub.due
