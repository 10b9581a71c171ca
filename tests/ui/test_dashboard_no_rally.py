"""The division band shows a leader who cannot rally troops this turn (EotE 8.0)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QRect, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QStyleOptionViewItem
from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.store import Database, GameLeader, SetField
from eote_ref.ui.dashboard import Dashboard
from eote_ref.ui.delegates import MarkerDelegate
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.unit_model import Role, SideModel


def _division_row(model: SideModel, division_id: int) -> QModelIndex:
    index = model.division_index(division_id)
    assert index.isValid()
    return index


def _paint(model: SideModel, index: QModelIndex) -> None:
    """Paint the division band once (the badge code runs; nothing is asserted on pixels)."""
    image = QImage(900, 24, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    option = QStyleOptionViewItem()
    option.rect = QRect(0, 0, 900, 24)
    MarkerDelegate().paint(painter, option, index)
    painter.end()


def _to_next_turn(game: GameService) -> None:
    turn = game.view().turn
    while game.view().turn == turn:
        game.advance_phase()
    assert game.view().phase is Phase.COMMAND


def test_no_rally_badge_in_the_turn_after_the_leader_was_hit(
    qtbot: QtBot, db: Database, demo: GameService
) -> None:
    hub = GameHub(demo)
    dash = Dashboard(hub)
    qtbot.addWidget(dash)
    side = demo.view().sides[0]
    div = next(d for d in side.divisions if d.leader is not None)
    assert div.leader is not None
    model = dash.panes[0].model
    index = _division_row(model, div.id)
    assert index.data(Role.NO_RALLY) is False
    assert "8.0" not in str(index.data(Qt.ItemDataRole.ToolTipRole))

    # the leader-casualty check marks him: no rally NEXT turn
    demo.record(
        "test", "wounded", [SetField(GameLeader, div.leader.id, "no_rally_next_turn", True)]
    )
    index = _division_row(model, div.id)
    assert index.data(Role.NO_RALLY) is False
    assert "cannot rally troops next turn (EotE 8.0)" in index.data(Qt.ItemDataRole.ToolTipRole)
    assert "no rally next turn" in index.data(Qt.ItemDataRole.DisplayRole)
    _paint(model, index)

    # the turn after: the badge, and the tooltip says why
    _to_next_turn(demo)
    turn = demo.view().turn
    lead = next(d for d in demo.view().sides[0].divisions if d.id == div.id).leader
    assert lead is not None
    assert lead.no_rally_turn == turn
    index = _division_row(model, div.id)
    assert index.data(Role.NO_RALLY) is True
    tip = index.data(Qt.ItemDataRole.ToolTipRole)
    assert f"cannot rally troops in turn {turn} (EotE 8.0)" in tip
    assert "no rally this turn" in index.data(Qt.ItemDataRole.DisplayRole)
    _paint(model, index)

    # and the turn after that he rallies again
    _to_next_turn(demo)
    index = _division_row(model, div.id)
    assert index.data(Role.NO_RALLY) is False
    assert "8.0" not in str(index.data(Qt.ItemDataRole.ToolTipRole))

    # undo goes back into the no-rally turn
    demo.undo()
    index = _division_row(model, div.id)
    assert index.data(Role.NO_RALLY) is True


def test_the_turn_alone_decides_the_badge(demo: GameService) -> None:
    """A model told the game's turn marks the leader only in his no-rally turn."""
    side = demo.view().sides[0]
    div = next(d for d in side.divisions if d.leader is not None)
    assert div.leader is not None
    demo.record("test", "hit", [SetField(GameLeader, div.leader.id, "no_rally_turn", 3)])
    side = demo.view().sides[0]
    model = SideModel()
    model.set_side(side, 3, turn=2)
    assert _division_row(model, div.id).data(Role.NO_RALLY) is False
    changed: list[int] = []
    model.dataChanged.connect(lambda top, _bottom: changed.append(top.row()))
    model.set_side(side, 3, turn=3)
    index = _division_row(model, div.id)
    assert index.data(Role.NO_RALLY) is True
    assert changed == [index.row()]  # the turn alone repaints that band
