"""The morale batch's *Passes through* menu: codes, its own division first (issue 30, EotE 7.5).

A routing unit goes to the rear of its own division (7.5), so the formed friends it crosses are
most likely its division's: those head the menu, each after its code; the side's other
divisions follow, one submenu each, and nothing but formed friends is offered.
"""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from eote_ref.packs.eote.ui.batch_dialog import BatchDialog
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.ui.game_hub import GameHub
from tests.ui.helpers import to_phase


def test_the_passes_through_menu_shows_codes_and_the_units_division_first(
    qtbot: QtBot, demo: GameService
) -> None:
    to_phase(demo, Phase.FIRE)
    side = demo.view().sides[0]
    division = next(d for d in side.divisions if sum(u.arm == "infantry" for u in d.units) >= 3)
    router, mate, skirmishing = [u for u in division.units if u.arm == "infantry"][:3]
    demo.set_unit(router.id, "hits", demo.morale_threshold + 2)
    demo.set_unit(skirmishing.id, "formation", "skirmish")  # unformed: not passed through
    dialog = BatchDialog(GameHub(demo), "morale_all")
    qtbot.addWidget(dialog)
    dialog.show()
    menu = dialog.passes[0].menu()
    top = [a for a in menu.actions() if a.isCheckable()]
    view = demo.view()
    own = next(d for d in view.sides[0].divisions if d.id == division.id)
    formed = [
        u
        for u in own.units
        if u.id not in (router.id, skirmishing.id)
        and not (u.routed or u.off_table)
        and not (u.arm == "artillery" and not u.limbered)
    ]
    assert [a.data() for a in top] == [u.id for u in formed]  # its division's, first
    assert mate.id in [a.data() for a in top]
    for action, unit in zip(top, formed, strict=True):
        assert action.text().startswith(f"{unit.code} {unit.name}")
    submenus = [a.menu() for a in menu.actions() if a.menu() is not None]
    others = [d.title for d in view.sides[0].divisions if d.id != division.id]
    titles = [m.title() for m in submenus]
    assert titles == [t for t in others if t in titles]  # in the side's order
    assert submenus
    every = dialog.pass_actions(0)
    assert skirmishing.id not in [a.data() for a in every]
    codes = {u.id: u.code for u in view.sides[0].units}
    assert all(a.text().split(" ", 1)[0] == codes[a.data()] for a in every)
    assert len(every) > len(top)
    dialog.passes_chosen(0, (mate.id,))
    assert dialog.batch.items[0].check is not None
    assert dialog.batch.items[0].check.values["passed_through"] == (mate.id,)
