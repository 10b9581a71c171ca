"""The initiative wizard (EotE 4.0): both sides' modifiers, typed dice, a tie rolled again."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSpinBox
from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.store import snapshot
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.wizards import build_wizard
from eote_ref.ui.wizards.base import FactsPage, ResultPage, RollPage


def test_a_tie_asks_for_new_dice_then_records_the_winner(qtbot: QtBot, demo: GameService) -> None:
    while demo.view().phase is not Phase.INITIATIVE:
        demo.advance_phase()
    with demo.db.session() as s:
        before = snapshot(s, demo.game_id)
    first, second = (s.name for s in demo.view().sides)
    wizard = build_wizard(GameHub(demo), "initiative", side=-1)
    assert wizard is not None
    qtbot.addWidget(wizard)
    wizard.show()
    facts = wizard.page_of(FactsPage)
    # Level the sides so that equal dice tie.
    for p in (0, 1):
        for k in ("divisions_without_leader", "cavalry_regiments", "highest_commander_rating"):
            w = facts.widgets[f"{p}.{k}"]
            assert isinstance(w, QSpinBox)
            w.setValue(0)
    assert "tie: roll again" in facts.panel.odds.text()
    wizard.next()
    roll = wizard.page_of(RollPage)
    qtbot.keyClick(roll.edits[-1], Qt.Key.Key_6)
    assert roll.edits[-1].die.name == f"{second}.roll"
    qtbot.keyClick(roll.edits[-1], Qt.Key.Key_6)
    # A tie: the page asks each side for a re-roll.
    assert not roll.isComplete()
    assert roll.edits[-1].die.label == f"{first} re-roll 1"
    qtbot.keyClick(roll.edits[-1], Qt.Key.Key_8)
    qtbot.keyClick(roll.edits[-1], Qt.Key.Key_3)
    assert roll.isComplete()
    assert f"{first} has the initiative" in roll.result.text()
    assert "after 1 tie" in roll.result.text()
    wizard.next()
    assert wizard.currentPage() is wizard.page_of(ResultPage)
    assert demo.view().initiative == 0
    entry = demo.journal(limit=1)[0]
    assert entry.kind == "initiative"
    assert [r["value"] for r in entry.rolls] == [6, 6, 8, 3]
    demo.undo()
    with demo.db.session() as s:
        assert snapshot(s, demo.game_id) == before


def test_the_roll_page_gives_each_sides_modifier_not_a_modified_value(
    qtbot: QtBot, demo: GameService
) -> None:
    """Second trial: the initiative's roll page said "Modified value 0" (EotE 4.0)."""
    while demo.view().phase is not Phase.INITIATIVE:
        demo.advance_phase()
    first, second = (s.name for s in demo.view().sides)
    wizard = build_wizard(GameHub(demo), "initiative", side=-1)
    assert wizard is not None
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.next()
    text = wizard.page_of(RollPage).target.text()
    assert "Modified value" not in text
    assert f"{first} d10 " in text
    assert f"{second} d10 " in text


def test_the_facts_pages_modifiers_give_each_sides_total_not_modified_0(
    qtbot: QtBot, demo: GameService
) -> None:
    """Third trial: the facts page's modifiers still ended in "Base 0 … Modified 0" (EotE 4.0).

    Each side rolls its own die and adds its own modifiers: there is no single base or
    modified value, so the table ends with what each side adds to its d10.
    """
    while demo.view().phase is not Phase.INITIATIVE:
        demo.advance_phase()
    first, second = (s.name for s in demo.view().sides)
    wizard = build_wizard(GameHub(demo), "initiative", side=-1)
    assert wizard is not None
    qtbot.addWidget(wizard)
    wizard.show()
    text = wizard.page_of(FactsPage).panel.modifiers.text()
    assert "<b>Modified</b>" not in text
    assert ">Base<" not in text
    assert f"{first} d10 " in text
    assert f"{second} d10 " in text
