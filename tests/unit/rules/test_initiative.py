"""Initiative (EotE 4.0)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from eote_ref.rules.core import RulesError
from eote_ref.rules.dice import EnteredDice, RandomDice
from eote_ref.rules.initiative import InitiativeSituation, Side, initiative
from eote_ref.rules.ruleset import Ruleset


def test_hand_worked(rs: Ruleset) -> None:
    """French: rating 4, more cavalry, 2 attacking, last turn → +8; Allies: rating 3, -1 → +2."""
    s = InitiativeSituation(
        {
            "French": Side(0, 12, 4, True, 2, roll=2),
            "Allies": Side(1, 8, 3, False, 0, roll=9),
        }
    )
    out = initiative(s, rs, EnteredDice({}))
    assert out.details["totals"] == {"French": 10, "Allies": 11}
    assert out.result == "Allies"
    assert out.details["winner"] == "Allies"
    assert out.modified == 8 - 2
    assert sum(out.probabilities.values()) == 1
    assert sum(m.value for m in out.modifiers) == out.modified - out.base


def test_tie_rerolls(rs: Ruleset) -> None:
    s = InitiativeSituation({"A": Side(roll=5), "B": Side(roll=0, highest_commander_rating=-1)})
    out = initiative(s, rs, EnteredDice({}))
    assert out.details["totals"] == {"A": 5, "B": 9}
    s = InitiativeSituation({"A": Side(roll=5), "B": Side(roll=5)})
    out = initiative(s, rs, EnteredDice({}))
    assert (out.result, out.details["winner"]) == ("reroll", None)
    assert out.probabilities == {
        "A": Fraction(45, 100),
        "B": Fraction(45, 100),
        "reroll": Fraction(10, 100),
    }


def test_equal_cavalry_gives_no_bonus_and_engine_rolls(rs: Ruleset) -> None:
    s = InitiativeSituation({"A": Side(cavalry_regiments=3), "B": Side(cavalry_regiments=3)})
    out = initiative(s, rs, RandomDice(7))
    assert out.modifiers == ()
    assert all(1 <= v["roll"] <= 10 for v in out.details["sides"].values())


@pytest.mark.parametrize(
    "sides",
    [
        {"A": Side()},
        {"A": Side(), "B": Side(), "C": Side()},
        {"A": Side(cavalry_regiments=-1), "B": Side()},
        {"A": Side(highest_commander_rating=5), "B": Side()},
    ],
)
def test_bad(rs: Ruleset, sides: dict[str, Side]) -> None:
    with pytest.raises(RulesError):
        initiative(InitiativeSituation(sides), rs, RandomDice(1))
