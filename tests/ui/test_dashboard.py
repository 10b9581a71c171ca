"""The dashboard: header tips, hit pips that fit, room for unit and leader names."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView
from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.store import Database, SetField
from eote_ref.ui.delegates import hit_pips_shown, hit_pips_width
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.unit_model import Column
from tests.ui.helpers import demo_window, service


@pytest.fixture
def window(qtbot: QtBot, db: Database, demo: GameService) -> MainWindow:
    return demo_window(qtbot, db)


def test_dashboard_header_tips_name_the_markers(window: MainWindow) -> None:
    assert window.dashboard is not None
    pane = window.dashboard.panes[0]
    tip = {
        c: str(pane.proxy.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole))
        for c in (Column.BLOWN, Column.PINNED, Column.COMMAND)
    }
    assert tip[Column.BLOWN].startswith("Blown")
    assert tip[Column.PINNED].startswith("Pinned")
    assert tip[Column.COMMAND].startswith("Command")


def test_unit_rows_carry_the_full_name_and_the_name_column_has_room(window: MainWindow) -> None:
    assert window.dashboard is not None
    assert window.hub is not None
    pane = window.dashboard.panes[1]
    unit = max(window.hub.view.sides[1].units, key=lambda u: len(u.name))
    index = pane.model.unit_index(unit.id)
    assert index.isValid()
    assert unit.name in str(index.data(Qt.ItemDataRole.ToolTipRole))
    header = pane.tree.header()
    em = pane.tree.fontMetrics().horizontalAdvance("M")
    # Type and Formation as wide as their longest label needs (no wider than they used to be);
    # the unit's name takes the rest
    assert header.sectionSize(Column.TYPE) <= em * 6.6
    assert header.sectionSize(Column.FORMATION) <= em * 7.4
    assert header.sectionResizeMode(Column.UNIT) == QHeaderView.ResizeMode.Stretch


@pytest.mark.parametrize("hits", [1, 3, 4, 5, 7, 12, 20])
def test_the_hits_count_always_fits_beside_the_pips(window: MainWindow, hits: int) -> None:
    assert window.dashboard is not None
    tree = window.dashboard.panes[0].tree
    width = tree.header().sectionSize(Column.HITS) - 2.0
    count_width = tree.fontMetrics().horizontalAdvance(str(hits)) + 6.0
    d, gap = 10.0, 3.0
    shown = hit_pips_shown(width, d, gap, 3, hits, count_width)
    assert shown >= 1
    assert hit_pips_width(shown, d, gap, 3) + count_width <= width
    assert hit_pips_shown(1000.0, d, gap, 3, hits, count_width) == min(max(3, hits), 7)


def test_hits_cell_and_header_explain_the_track(window: MainWindow) -> None:
    assert window.dashboard is not None
    s = service(window)
    pane = window.dashboard.panes[0]
    unit = pane.model.divisions[0].units[0]
    s.set_unit(unit.id, "hits", 4)
    after = next(u for u in s.view().sides[0].units if u.id == unit.id)
    tip = pane.model.unit_index(unit.id, Column.HITS).data(Qt.ItemDataRole.ToolTipRole)
    assert tip == (
        f"4 hits; morale check from 3 hits (EotE 7.5); effective CE {after.effective_ce}"
    )
    s.set_unit(unit.id, "hits", 1)
    tip = pane.model.unit_index(unit.id, Column.HITS).data(Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("1 hit; ")
    # The other cells keep the unit's own tooltip.
    name_tip = pane.model.unit_index(unit.id, Column.UNIT).data(Qt.ItemDataRole.ToolTipRole)
    assert unit.name in name_tip
    header = str(
        pane.proxy.headerData(Column.HITS, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    )
    for words in ("ring", "threshold", "EotE 7.5"):
        assert words in header


def test_the_demos_unit_names_fit_at_1440_px(qtbot: QtBot, window: MainWindow) -> None:
    assert window.dashboard is not None
    qtbot.waitExposed(window)
    for pane in window.dashboard.panes:
        tree = pane.tree
        header = tree.header()
        # What the longest name needs (indentation and padding included) fits the column.
        assert header.sectionSize(Column.UNIT) >= tree.sizeHintForColumn(Column.UNIT), (
            header.sectionSize(Column.UNIT),
            tree.sizeHintForColumn(Column.UNIT),
            tree.fontMetrics().horizontalAdvance("M"),
        )
        for column in Column:
            if column is not Column.UNIT:
                assert header.sectionSize(column) < header.sectionSize(Column.UNIT)


def test_the_leader_column_is_narrow_and_the_tooltip_names_the_leader(
    window: MainWindow,
) -> None:
    assert window.dashboard is not None
    s = service(window)
    pane = window.dashboard.panes[0]
    d = next(d for d in pane.model.divisions if d.leader)
    assert d.leader is not None
    unit = d.units[0]
    s.record("test", "set up", [SetField("game_unit", unit.id, "attached_leader_id", d.leader.id)])
    after = next(u for u in s.view().sides[0].units if u.id == unit.id)
    assert after.attached_leader
    tip = pane.model.unit_index(unit.id, Column.UNIT).data(Qt.ItemDataRole.ToolTipRole)
    assert f"★ {after.attached_leader} attached" in tip
    label = pane.proxy.headerData(Column.LEADER, Qt.Orientation.Horizontal)
    assert label == "Ldr"


def test_the_status_column_shows_which_units_have_fired(window: MainWindow) -> None:
    """EotE 6.0: a unit fires once a sub-phase; the dashboard says which have (undo clears it)."""
    from eote_ref.packs.eote.checks import open_check
    from eote_ref.packs.eote.checks.fire_queue import FireQueue
    from eote_ref.referee.phases import Phase

    assert window.dashboard is not None
    s = service(window)
    while s.view().phase is not Phase.FIRE:
        s.advance_phase()
    french, allied = (window.dashboard.panes[i].model for i in (0, 1))
    firer = next(u for d in allied.divisions for u in d.units if u.arm == "infantry")
    target = next(u for d in french.divisions for u in d.units if u.arm == "infantry")
    queue = FireQueue(s, "infantry")
    check = open_check(s, "infantry_fire", unit_id=firer.id, target_id=target.id)
    check.set("range_in", 4.0)
    queue.add(check, {"roll": 0})
    queue.apply()

    def status(model: object, uid: int) -> str:
        return str(model.unit_index(uid, Column.STATUS).data())  # type: ignore[attr-defined]

    assert status(allied, firer.id).startswith("fired (infantry)")
    assert "fired" not in status(french, target.id)
    s.undo()
    assert "fired" not in status(allied, firer.id)


def test_the_status_column_drops_morale_check_once_the_unit_has_tested(
    window: MainWindow,
) -> None:
    """EotE 7.5: a check at the third hit and each hit after, not while the hits stay the same.

    The umpire's trial of the Arapiles: 1/7th Foot passed its check at 3 hits and the
    dashboard went on showing "MORALE" (a check due) beside it, where the turn guide listed
    none. A further hit makes it due again.
    """
    from eote_ref.packs.eote.checks import open_check
    from eote_ref.referee.phases import Phase
    from eote_ref.ui.unit_model import Role

    assert window.dashboard is not None
    s = service(window)
    while s.view().phase is not Phase.FIRE:
        s.advance_phase()
    allied = window.dashboard.panes[1].model
    unit = next(u for d in allied.divisions for u in d.units if u.arm == "infantry")
    s.set_unit(unit.id, "hits", 3)

    def status() -> str:
        return str(allied.unit_index(unit.id, Column.STATUS).data())

    def badge() -> bool:
        return bool(allied.unit_index(unit.id, Column.STATUS).data(Role.MORALE_DUE))

    assert "morale check" in status()
    assert badge()
    check = open_check(s, "morale", unit_id=unit.id)
    roll = next(r for r in range(1, 11) if _passes(check, r))
    check.apply({"roll": roll})
    assert s.unit_view(unit.id).hits == 3
    assert "morale check" not in status()
    assert not badge()
    s.set_unit(unit.id, "hits", 4)
    assert "morale check" in status()
    assert badge()


def _passes(check: object, roll: int) -> bool:
    trial = check.trial({"roll": roll})  # type: ignore[attr-defined]
    return trial.outcome is not None and trial.outcome.result == "pass"
