"""The assault wizard opened from a recorded combat on a big game: the sides listed once.

Not timed (``scripts/bench.py`` times it: ``assault_open_ms``). A side of 1,000 units was
listed once a unit (each asking again which side attacks: 4 s to open on 2,000 units), the
questions were asked again to see whether there were any, and each of the six unit pickers
made a row for every unit. Here: the combat's units come from its record, ticked first; the
lists are worked out once for a view of the game; each picker makes only its first rows.
"""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from eote_ref.packs.eote.checks import link
from eote_ref.packs.eote.ui.assault import AssaultFactsPage
from eote_ref.referee.game import GameService
from eote_ref.store import Database, SetField, create_game
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.unit_picker import FIRST_ROWS, UnitPicker
from eote_ref.ui.wizards import build_wizard
from tests.unit.store.helpers import sides


def test_the_assault_opened_from_an_engaged_combat_lists_each_side_once(
    qtbot: QtBot, db: Database
) -> None:
    with db.session() as s:
        game_id = create_game(s, "Borodino", sides(divisions=4, units=40)).id
    assert game_id is not None
    game = GameService(db, game_id)
    view = game.view()
    french, allies = view.sides[0].units, view.sides[1].units
    attacker, defender = french[100], allies[50]
    game.record(
        "test",
        "engaged since last turn",
        [
            SetField("game", game_id, "initiative", view.sides[0].position),
            SetField("game", game_id, "phase", "assault"),
            link("engaged", view.turn, attacker.id, defender.id),
        ],
    )
    wizard = build_wizard(GameHub(game), "assault", None, unit_id=defender.id)
    assert wizard is not None
    qtbot.addWidget(wizard)
    wizard.show()
    check = wizard.check
    # the combat from its record, the side with the initiative attacking (7.6)
    assert check.values["attackers"] == (attacker.id,)
    assert check.values["defenders"] == (defender.id,)
    # each side listed once for this view of the game, however often the questions are read
    listed = check.__dict__["_sides_listed"]
    assert listed[0] is check.view
    check.facts()
    assert check.__dict__["_sides_listed"] is listed
    assert [u.id for u in listed[1]] == [u.id for u in french]
    assert [u.id for u in listed[2]] == [u.id for u in allies]
    page = wizard.page_of(AssaultFactsPage)
    pickers = [w for w in page.widgets.values() if isinstance(w, UnitPicker)]
    assert len(pickers) == 6  # attackers, defenders, three supporters, passed through
    # the second and third supporters are asked once a first is named: hidden, unranked
    hidden = [p for p in pickers if not p.isVisible()]
    assert [p.objectName() for p in hidden] == ["fact_support_2", "fact_support_3"]
    assert [p.model.rowCount() for p in hidden] == [0, 0]
    for picker in pickers:
        # the rows up to the one highlighted (a supporter's "none"), else the first ones
        assert picker.model.rowCount() < len(picker.shown())
        if picker.multi:
            assert picker.model.rowCount() == FIRST_ROWS
    attackers = page.widgets["attackers"]
    assert isinstance(attackers, UnitPicker)
    assert attackers.shown()[0].endswith(attackers.candidate(attacker.id).label)  # type: ignore[union-attr]
