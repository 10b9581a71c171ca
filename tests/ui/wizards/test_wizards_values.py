"""What a check wizard shows of its value: named when there is no roll, base and modified."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.ui.wizards.base import FactsPage
from tests.ui.helpers import to_phase, wizard_for


def test_a_no_roll_check_names_its_value_and_has_no_modified_row(
    qtbot: QtBot, demo: GameService
) -> None:
    to_phase(demo, Phase.COMMAND, turn=2)
    d = next(d for d in demo.view().sides[1].divisions if len(d.units) >= 4 and d.leader)
    wizard = wizard_for(qtbot, demo, "command_radius", division_id=d.id)
    panel = wizard.page_of(FactsPage).panel
    text = panel.modifiers.text()
    assert "Command radius" in text
    assert "EotE 3.6" in text
    assert "Base" not in text
    assert "Modified" not in text
    assert "From the rules" in panel.modifiers_heading.text()
    assert not panel.odds.isVisibleTo(panel)


def test_a_no_roll_check_with_a_modifier_shows_value_and_value_now(
    qtbot: QtBot, demo: GameService
) -> None:
    to_phase(demo, Phase.MOVEMENT)
    # The side without the initiative moves half (EotE 5.1): a modifier on the allowance.
    view = demo.view()
    side = next(s for s in view.sides if s.position != view.initiative)
    unit = next(u for u in side.units if u.arm == "infantry")
    wizard = wizard_for(qtbot, demo, "formation", unit_id=unit.id)
    panel = wizard.page_of(FactsPage).panel
    text = panel.modifiers.text()
    assert "Move allowance" in text
    assert "Move allowance now" in text
    assert "moves half" in text
    assert "Base" not in text
    assert "Modified" not in text
    assert "Modifiers" in panel.modifiers_heading.text()


def test_a_check_with_a_roll_keeps_base_and_modified(qtbot: QtBot, demo: GameService) -> None:
    unit = next(u for u in demo.view().sides[0].units if u.arm == "infantry")
    demo.set_unit(unit.id, "hits", 1)
    wizard = wizard_for(qtbot, demo, "square", unit_id=unit.id)
    panel = wizard.page_of(FactsPage).panel
    text = panel.modifiers.text()
    assert "Base" in text
    assert "Modified" in text
    assert "Modifiers" in panel.modifiers_heading.text()
    assert panel.odds.isVisibleTo(panel)
