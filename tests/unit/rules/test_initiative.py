"""Initiative (EotE 4.0)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from eote_ref.packs.eote.rules.core import RulesError
from eote_ref.packs.eote.rules.dice import EnteredDice, RandomDice
from eote_ref.packs.eote.rules.initiative import InitiativeSituation, Side, initiative
from eote_ref.packs.eote.rules.ruleset import Ruleset


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
    # Each side's modifiers with its own sign (4.0): the Allies' leaderless division is -1,
    # never +1; the advantage is the French total less the Allies'.
    shown = [(m.reason, m.value) for m in out.modifiers]
    assert shown == [
        ("French: more cavalry regiments", 1),
        ("French: highest-ranking commander's rating of +4", 4),
        ("French: had the initiative last turn", 1),
        ("French: per division on ATTACK orders (×2)", 2),
        ("Allies: per division without a leader", -1),
        ("Allies: highest-ranking commander's rating of +3", 3),
    ]
    french = sum(m.value for m in out.modifiers if m.reason.startswith("French: "))
    allies = sum(m.value for m in out.modifiers if m.reason.startswith("Allies: "))
    assert (french, allies) == (8, 2)
    assert out.modified == out.base + french - allies


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


def test_a_rating_is_named_not_multiplied(rs: Ruleset) -> None:
    """4.0: the commander's rating reads as a rating of +3 or −1, never "(×3)"."""
    s = InitiativeSituation(
        {
            "A": Side(roll=5, highest_commander_rating=3),
            "B": Side(roll=5, highest_commander_rating=-1),
        }
    )
    shown = {m.reason: m.value for m in initiative(s, rs, EnteredDice({})).modifiers}
    assert shown == {
        "A: highest-ranking commander's rating of +3": 3,
        "B: highest-ranking commander's rating of \u22121": -1,
    }
    # A club's ruleset with 2 a point says so.
    v = dataclasses.replace(rs.mod("initiative", "commander_rating"), value=2)
    assert v.rated(3).reason == "highest-ranking commander's rating of +3, +2 a point"
    assert v.rated(3).value == 6


def test_a_negative_count_is_signed_and_the_reason_keeps_its_hyphens(rs: Ruleset) -> None:
    """A count below 0 reads "(−1)"; the minus sign is the number's, not the reason's hyphens."""
    m = rs.mod("initiative", "commander_rating").modifier(-1)
    assert m.reason == "highest-ranking commander's rating (\u22121)"
    assert m.value == -1
