"""Pontoons and demolition (EotE 10.0) and burning buildings (EotE 7.12)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from eote_ref.packs.eote.rules.core import RulesError
from eote_ref.packs.eote.rules.dice import EnteredDice
from eote_ref.packs.eote.rules.engineering import (
    Building,
    BurningSituation,
    DemolitionSituation,
    PontoonSituation,
    burning,
    demolition,
    pontoon,
)
from eote_ref.packs.eote.rules.ruleset import Ruleset
from tests.unit.rules.conftest import dice


@pytest.mark.parametrize(
    ("s", "roll", "result", "after"),
    [
        (PontoonSituation(0), 9, "counts", 1),
        (PontoonSituation(3), 9, "complete", 4),
        (PontoonSituation(1, under_fire_with_hits_or_disorder=True), 5, "counts", 2),
        (PontoonSituation(1, under_fire_with_hits_or_disorder=True), 6, "no_progress", 1),
        (PontoonSituation(1, assaulted_this_turn=True), 1, "no_progress", 1),
    ],
)
def test_pontoon(rs: Ruleset, s: PontoonSituation, roll: int, result: str, after: int) -> None:
    out = pontoon(s, rs, dice(roll))
    assert (out.result, out.details["turns_done_after"]) == (result, after)


def test_pontoon_odds_and_bad(rs: Ruleset) -> None:
    fire = pontoon(PontoonSituation(0, under_fire_with_hits_or_disorder=True), rs, dice(1))
    assert fire.probabilities == {"counts": Fraction(1, 2), "no_progress": Fraction(1, 2)}
    with pytest.raises(RulesError):
        pontoon(PontoonSituation(4), rs, dice(1))


@pytest.mark.parametrize(
    ("charge_set", "roll", "result"),
    [(False, 1, "charge_set"), (True, 5, "destroyed"), (True, 6, "reset")],
)
def test_demolition(rs: Ruleset, charge_set: bool, roll: int, result: str) -> None:
    assert demolition(DemolitionSituation(charge_set), rs, dice(roll)).result == result


@pytest.mark.parametrize(
    ("batteries", "building", "pct", "result", "chance"),
    [
        (1, Building.WOOD, 10, "burning", 10),
        (1, Building.WOOD, 11, "not_burning", 10),
        (2, Building.MASONRY, 16, "burning", 16),
        (3, Building.STONE, 16, "not_burning", 15),
        (12, Building.WOOD, 0, "burning", 100),
    ],
)
def test_burning(
    rs: Ruleset, batteries: int, building: Building, pct: int, result: str, chance: int
) -> None:
    out = burning(BurningSituation(batteries, building), rs, EnteredDice({"percentile": pct}))
    assert (out.result, out.details["chance_percent"]) == (result, chance)
    assert sum(out.probabilities.values()) == 1


def test_burning_needs_howitzers(rs: Ruleset) -> None:
    with pytest.raises(RulesError):
        burning(BurningSituation(0, Building.WOOD), rs, EnteredDice({"percentile": 1}))
