"""The battle summary dialog: its words, the turn-by-turn table, hits taken and rallied off."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.store import SetField
from eote_ref.ui.battle_summary import BattleSummaryDialog
from eote_ref.ui.game_hub import GameHub
from tests.ui.helpers import cell_text, header_texts


def test_battle_summary_words_turn_column_and_net_hits(qtbot: QtBot, demo: GameService) -> None:
    french, allied = demo.view().sides
    demo.adjust_unit(french.units[0].id, "hits", 3)  # the umpire's marker edit counts
    demo.adjust_unit(allied.units[0].id, "hits", 2)
    while demo.view().turn == 1:
        demo.advance_phase()
    demo.record("rally", "rallied", [SetField("game_unit", french.units[0].id, "markers.hits", 1)])
    dialog = BattleSummaryDialog(GameHub(demo))
    qtbot.addWidget(dialog)
    labels = header_texts(dialog.sides_table, vertical=True)
    assert "Turns played" not in labels
    assert "Off the table" in labels
    assert "Divisions routed" in labels
    assert not any("Removed" in x or "broken" in x for x in labels)
    hits_row = labels.index("Hits taken")
    header = dialog.sides_table.verticalHeaderItem(hits_row)
    assert header is not None
    assert "rallies" in header.toolTip()
    item = dialog.sides_table.item(hits_row, 0)
    assert item is not None
    assert item.text() == "3"  # the rally does not take back hits taken (issue 30)
    rallied = dialog.sides_table.item(labels.index("Hits rallied off"), 0)
    assert rallied is not None
    assert rallied.text() == "2"
    turns = dialog.turns_table
    assert header_texts(turns, vertical=False) == ["Turn", "French", "Anglo-Allied"]
    assert [[cell_text(turns, r, c) for c in range(3)] for r in range(turns.rowCount())] == [
        ["1", "3", "2"],
    ]
    assert not dialog.no_turns.isVisibleTo(dialog)
