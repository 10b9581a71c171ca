"""Leader casualties (EotE 8.0)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from eote_ref.packs.eote.rules.leader_casualty import LeaderCasualtySituation, leader_casualty
from eote_ref.packs.eote.rules.ruleset import Ruleset
from tests.unit.rules.conftest import dice


@pytest.mark.parametrize(
    ("attached", "roll", "result"),
    [
        (False, 1, "killed"),
        (False, 2, "no_rally"),
        (False, 4, "no_rally"),
        (False, 5, "no_effect"),
        (False, 0, "no_effect"),
        (True, 3, "killed"),
        (True, 4, "no_rally"),
        (True, 6, "no_rally"),
        (True, 7, "no_effect"),
    ],
)
def test_bands(rs: Ruleset, attached: bool, roll: int, result: str) -> None:
    s = LeaderCasualtySituation(attached_to_assaulting_unit=attached)
    assert leader_casualty(s, rs, dice(roll)).result == result


def test_killed_brings_a_replacement_and_an_integrity_check(rs: Ruleset) -> None:
    out = leader_casualty(LeaderCasualtySituation(), rs, dice(1))
    assert out.details == {"replacement_in_turns": 2, "replacement_rating": -1}
    assert out.effects["leader"].checks_due == ("divisional_integrity",)


def test_odds(rs: Ruleset) -> None:
    plain = leader_casualty(LeaderCasualtySituation(), rs, dice(9)).probabilities
    assert plain == {
        "killed": Fraction(1, 10),
        "no_rally": Fraction(3, 10),
        "no_effect": Fraction(6, 10),
    }
    attached = leader_casualty(LeaderCasualtySituation(True), rs, dice(9)).probabilities
    assert attached == {
        "killed": Fraction(3, 10),
        "no_rally": Fraction(3, 10),
        "no_effect": Fraction(4, 10),
    }
