"""The fire queue as a second umpire's trial found it (Telnitz at 6mm, one whole turn).

- After the firer changed side the target list still ranked the first firer's enemies (its
  own side) first: a fire's target is an enemy in the firer's arc (EotE 6.1, 6.2).
- A queued fire's line named firer and target without their codes, the way the umpire
  types and reads them everywhere else.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from eote_ref.packs.eote.ui.fire import FireWizard, QueuePage
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.unit_picker import UnitPicker
from eote_ref.ui.wizards import build_wizard
from tests.games import named
from tests.ui.helpers import choose, queue_fire, to_phase


def _page(qtbot: QtBot, demo: GameService, unit_id: int) -> QueuePage:
    wizard = build_wizard(GameHub(demo), "artillery_fire", unit_id=unit_id)
    assert isinstance(wizard, FireWizard)
    qtbot.addWidget(wizard)
    wizard.show()
    return wizard.page_of(QueuePage)


def test_the_targets_follow_the_firer_to_the_other_side(qtbot: QtBot, demo: GameService) -> None:
    to_phase(demo, Phase.FIRE)
    french = named(demo, "20/6 Foot Battery")
    british = named(demo, "Rogers' Battery RA")
    target = named(demo, "2/30th Foot")
    page = _page(qtbot, demo, french.id)
    # A fire queued: the next one offers its target (carried in as the likely one).
    queue_fire(qtbot, page, french.id, target.id, 10.0, 7)
    sides = {u.id: s.position for s in demo.view().sides for u in s.units}
    for firer in (british, french, british):
        choose(page.widgets["firers"], firer.id)
        picker = page.widgets["target"]
        assert isinstance(picker, UnitPicker)
        by_label = {c.label: c.value for c in picker.candidates}
        top = [by_label[label] for label in picker.shown()[:5]]
        assert all(sides[v] != sides[firer.id] for v in top), (firer.name, top)


def test_a_queued_fire_names_firer_and_target_with_their_codes(
    qtbot: QtBot, demo: GameService
) -> None:
    to_phase(demo, Phase.FIRE)
    french = named(demo, "20/6 Foot Battery")
    target = named(demo, "2/30th Foot")
    page = _page(qtbot, demo, french.id)
    queue_fire(qtbot, page, french.id, target.id, 10.0, 7)
    line = page.list.item(0).text()
    assert f"{french.code} {french.name}" in line
    assert f"{target.code} {target.name}" in line


def test_escape_with_fires_queued_warns_before_it_discards(qtbot: QtBot, demo: GameService) -> None:
    """The Pratzen trial: Escape on the queue page closed it and the queued fire was lost."""
    to_phase(demo, Phase.FIRE)
    french = named(demo, "20/6 Foot Battery")
    target = named(demo, "2/30th Foot")
    wizard = build_wizard(GameHub(demo), "artillery_fire", unit_id=french.id)
    assert isinstance(wizard, FireWizard)
    qtbot.addWidget(wizard)
    wizard.show()
    page = wizard.page_of(QueuePage)
    queue_fire(qtbot, page, french.id, target.id, 10.0, 7)
    events = len(demo.journal())
    qtbot.keyClick(page.die, Qt.Key.Key_Escape)
    assert wizard.isVisible()
    assert "1 queued fire is not applied" in page.result.text()
    qtbot.keyClick(page.die, Qt.Key.Key_Escape)
    assert not wizard.isVisible()
    assert len(demo.journal()) == events
