"""A division falling back does not rally from disorder until it has ended (EotE 9.0, 3.6).

The umpire's trial of the Arapiles: Bonnet's division failed its integrity check and fell
back disordered. 9.0 has such a division move away each turn until it is 18" clear of the
enemy or in cover, and only then rally as normal. The command phase offered its units'
rally from disorder as due (only the leader's no-rally result of 8.0 held it back that
turn); with the leader able, the units would have rallied while still falling back.
"""

from __future__ import annotations

import pytest

from eote_ref.packs.eote.checks import open_check
from eote_ref.packs.eote.checks.batch import Batch
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.todo import checks_due
from tests.unit.referee.checks.test_end_of_turn import guards, rout_one, to_phase


def _fell_back(game: GameService) -> list[int]:
    """The Guards fail their integrity check and fall back disordered; next command phase."""
    d = guards(game)
    rout_one(game)
    to_phase(game, Phase.INTEGRITY)
    check = open_check(game, "integrity", division_id=d.id)
    assert check.apply({"roll": 10, "second_roll": 4}).result == "fall_back"
    game.advance_phase()
    assert game.view().phase is Phase.COMMAND
    after = guards(game)
    assert after.falling_back
    return [u.id for u in after.units if u.disordered and not u.routed and not u.off_table]


def test_a_falling_back_division_does_not_rally_from_disorder(waterloo: GameService) -> None:
    disordered = _fell_back(waterloo)
    assert disordered
    rally = [
        c
        for c in checks_due(waterloo.view(), waterloo)
        if c.procedure == "disorder_rally" and c.unit_id in disordered
    ]
    assert rally
    assert not [c for c in rally if c.due]
    with pytest.raises(RefereeError, match=r"falling back.*9\.0"):
        open_check(waterloo, "disorder_rally", unit_id=disordered[0])
    batch = Batch(waterloo, "disorder_rally_all")
    rows = [i for i in batch.items if i.unit is not None and i.unit.id in disordered]
    assert rows
    assert all(i.refused and "falling back" in i.refused for i in rows)


def test_once_the_falling_back_has_ended_the_division_rallies(waterloo: GameService) -> None:
    disordered = _fell_back(waterloo)
    ended = open_check(waterloo, "falling_back_ended", division_id=guards(waterloo).id)
    ended.set("reason", "cover")
    ended.apply({})
    check = open_check(waterloo, "disorder_rally", unit_id=disordered[0])
    assert check.apply({}).result == "rallied"
