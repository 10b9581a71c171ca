"""An engaged combat ends for a unit that has left the table (EotE 7.0, 7.5).

The umpire's trial of the Arapiles (turn 2): a battalion routed by a morale check was
assaulted and left engaged; in the next command phase it left the table (7.5), yet the
assault phase still listed "Engaged: ... against" it, and its wizard opened titled against
the unit that had gone, at "CE 0" for a routed defender, with no defender ticked. A combat
goes on only between units still on the table; the others of a several-unit combat fight on.
"""

from __future__ import annotations

from eote_ref.packs.eote.checks import open_check
from eote_ref.referee import facts as turn_facts
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.todo import checks_due
from tests.games import mark
from tests.unit.referee.test_combat_state import (
    BRIT_30,
    FR_54_1,
    FR_54_2,
    FRENCH,
    engaged_roll,
    to_phase,
    two_against_one,
)


def _engaged_then_removed(game: GameService, gone: int) -> None:
    """Two French battalions left engaged with a British one; ``gone`` routs and leaves (7.5)."""
    to_phase(game, Phase.ASSAULT)
    check = two_against_one(game)
    check.apply({"roll": engaged_roll(check)})
    mark(game, gone, routed=True)
    to_phase(game, Phase.COMMAND, turn=2)
    assert open_check(game, "remove_routed", unit_id=gone).apply({}).result == "removed"
    assert game.unit_view(gone).off_table


def _assaults_due(game: GameService) -> list[str]:
    return [c.title for c in checks_due(game.view()) if c.procedure == "assault"]


def test_an_engaged_combat_whose_defender_left_the_table_is_not_due(
    waterloo: GameService,
) -> None:
    """EotE 7.5, 7.0: the routed defender left in the command phase: no combat to fight."""
    _engaged_then_removed(waterloo, BRIT_30)
    to_phase(waterloo, Phase.FIRE, turn=2)
    # Its attackers are no longer in contact: not being assaulted (6.0), free to fire.
    for uid in (FR_54_1, FR_54_2):
        fire = open_check(waterloo, "infantry_fire", unit_id=uid)
        assert fire.values["firer_assaulted"] is False, waterloo.unit_view(uid).name
    assert not {FR_54_1, FR_54_2} & turn_facts.pinned_by_engagement(waterloo.view())
    to_phase(waterloo, Phase.ASSAULT, turn=2)
    waterloo.set_initiative(FRENCH)
    assert _assaults_due(waterloo) == []
    # Opened on an attacker, nothing of the old combat is pre-filled against the gone unit.
    again = open_check(waterloo, "assault", unit_id=FR_54_1)
    assert BRIT_30 not in again.values["defenders"]


def test_an_engaged_combat_goes_on_without_one_of_its_units_that_left(
    waterloo: GameService,
) -> None:
    """EotE 7.0, 7.9: one attacker of a 2-against-1 left the table; the other fights on."""
    _engaged_then_removed(waterloo, FR_54_2)
    to_phase(waterloo, Phase.ASSAULT, turn=2)
    waterloo.set_initiative(FRENCH)
    a1, gone, d = (waterloo.unit_view(i).coded_name for i in (FR_54_1, FR_54_2, BRIT_30))
    assert _assaults_due(waterloo) == [f"Engaged: {a1} against {d} (since turn 1)"]
    for uid in (FR_54_1, BRIT_30):
        again = open_check(waterloo, "assault", unit_id=uid)
        assert again.values["attackers"] == (FR_54_1,)
        assert again.values["defenders"] == (BRIT_30,)
    assert gone not in " ".join(_assaults_due(waterloo))
