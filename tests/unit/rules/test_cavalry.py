"""Cavalry: charges through terrain (5.8.1, 7.12), end of turn (5.10-5.12), British (5.151)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from eote_ref.packs.eote.rules.cavalry import (
    BritishBreakthroughSituation,
    CavalryEndOfTurnSituation,
    ChargeSituation,
    Terrain,
    british_cavalry_breakthrough,
    cavalry_end_of_turn,
    charge,
)
from eote_ref.packs.eote.rules.core import RulesError
from eote_ref.packs.eote.rules.ruleset import Ruleset
from tests.unit.rules.conftest import dice


@pytest.mark.parametrize(
    ("s", "result", "blown_after", "disordered_after", "gone"),
    [
        (CavalryEndOfTurnSituation(0, engaged_this_turn=True), "blown", 1, False, False),
        (CavalryEndOfTurnSituation(1, engaged_this_turn=True), "disintegrated", 1, False, True),
        (CavalryEndOfTurnSituation(2, engaged_this_turn=True), "disintegrated", 2, False, True),
        (CavalryEndOfTurnSituation(1, rested_this_turn=True), "rested", 0, True, False),
        (CavalryEndOfTurnSituation(2, rested_this_turn=True), "rested", 1, True, False),
        (CavalryEndOfTurnSituation(0, rested_this_turn=True), "no_change", 0, False, False),
        (CavalryEndOfTurnSituation(1), "no_change", 1, False, False),
    ],
)
def test_end_of_turn(
    rs: Ruleset,
    s: CavalryEndOfTurnSituation,
    result: str,
    blown_after: int,
    disordered_after: bool,
    gone: bool,
) -> None:
    out = cavalry_end_of_turn(s, rs, dice(1))
    assert out.result == result
    assert out.details == {
        "blown_after": blown_after,
        "disordered_after": disordered_after,
        "disintegrated": gone,
    }


def test_end_of_turn_bad(rs: Ruleset) -> None:
    with pytest.raises(RulesError):
        cavalry_end_of_turn(CavalryEndOfTurnSituation(-1), rs, dice(1))
    both = CavalryEndOfTurnSituation(0, engaged_this_turn=True, rested_this_turn=True)
    with pytest.raises(RulesError):
        cavalry_end_of_turn(both, rs, dice(1))


@pytest.mark.parametrize(("roll", "result"), [(2, "must_take"), (0, "must_take"), (7, "declined")])
def test_british_declining_rolls(rs: Ruleset, roll: int, result: str) -> None:
    out = british_cavalry_breakthrough(BritishBreakthroughSituation(), rs, dice(roll))
    assert out.result == result
    assert out.probabilities == {"must_take": Fraction(1, 2), "declined": Fraction(1, 2)}
    assert out.effects["unit"].breakthrough is (result == "must_take")


def test_others_and_taking_need_no_roll(rs: Ruleset) -> None:
    french = british_cavalry_breakthrough(BritishBreakthroughSituation("french"), rs, dice(2))
    assert (french.result, french.roll) == ("declined", None)
    taken = british_cavalry_breakthrough(BritishBreakthroughSituation("british", True), rs, dice(2))
    assert (taken.result, taken.roll) == ("taken", None)


@pytest.mark.parametrize(
    ("terrain", "column", "result"),
    [
        (Terrain.OPEN, True, "allowed"),
        (Terrain.STREAM, True, "allowed_disordered"),
        (Terrain.HEDGE, False, "allowed_disordered"),
        (Terrain.WOODS, True, "not_allowed"),
        (Terrain.RIVER, True, "not_allowed"),
        (Terrain.TOWN, True, "allowed"),
        (Terrain.TOWN, False, "not_allowed"),
    ],
)
def test_charge_terrain(rs: Ruleset, terrain: Terrain, column: bool, result: str) -> None:
    out = charge(ChargeSituation(terrain, column), rs, dice(1))
    assert out.result == result
    assert out.effects["unit"].disorder is (result == "allowed_disordered")
