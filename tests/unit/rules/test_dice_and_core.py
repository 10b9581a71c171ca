"""Dice (0 reads as 10) and the shared outcome plumbing."""

from __future__ import annotations

from fractions import Fraction

import pytest

from eote_ref.packs.eote.rules.core import (
    Effect,
    Modifier,
    Outcome,
    RulesError,
    Source,
    certain,
    total,
)
from eote_ref.packs.eote.rules.dice import EnteredDice, RandomDice, read_d10, read_percentile
from eote_ref.packs.eote.rules.procedures import PROCEDURES, get
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.rules.units import CombatArm, Formation, Unit


@pytest.mark.parametrize(("entered", "face"), [(0, 10), (1, 1), (10, 10), (7, 7)])
def test_zero_reads_ten(entered: int, face: int) -> None:
    assert read_d10(entered) == face


@pytest.mark.parametrize("bad", [-1, 11, 2.5, "3", True, None])
def test_bad_d10(bad: object) -> None:
    with pytest.raises(RulesError):
        read_d10(bad)


@pytest.mark.parametrize(("entered", "face"), [(0, 100), (1, 1), (100, 100)])
def test_percentile(entered: int, face: int) -> None:
    assert read_percentile(entered) == face


@pytest.mark.parametrize("bad", [-1, 101, 1.5, False])
def test_bad_percentile(bad: object) -> None:
    with pytest.raises(RulesError):
        read_percentile(bad)


def test_random_dice_are_seeded_and_in_range() -> None:
    a, b = RandomDice(42), RandomDice(42)
    rolls = [a.d10() for _ in range(200)]
    assert rolls == [b.d10() for _ in range(200)]
    assert set(rolls) == set(range(1, 11))
    assert 1 <= a.percentile() <= 100
    assert set(a.rolled) == {"roll", "percentile"}


def test_entered_dice_fallback_and_missing() -> None:
    d = EnteredDice({"roll": 0, "percentile": 0}, fallback=RandomDice(1))
    assert d.d10() == 10
    assert d.percentile() == 100
    assert 1 <= d.d10("second_roll") <= 10
    assert 1 <= d.percentile("other") <= 100
    bare = EnteredDice({})
    with pytest.raises(RulesError, match="no roll"):
        bare.d10()
    with pytest.raises(RulesError, match="no percentile"):
        bare.percentile()


def test_outcome_json() -> None:
    m = Modifier(-1.5, "x", "5.6", Source.PROVISIONAL)
    out = Outcome(
        "p",
        "1.0",
        6,
        (m,),
        total(6, [m]),
        3,
        "r",
        certain("r"),
        effects={"u": Effect(hits=1)},
        details={"t": "text", "f": Fraction(1, 4), "s": Source.TEXT, "l": [2.0], "d": {"k": m}},
        second_roll=4,
    )
    j = out.to_json()
    assert j["modified"] == 4.5
    assert j["modifiers"] == [
        {"value": -1.5, "reason": "x", "rule": "5.6", "source": "provisional"}
    ]
    assert (j["f"], j["s"], j["l"], j["second_roll"]) == (0.25, "text", [2], 4)
    assert j["d"]["k"]["source"] == "provisional"
    assert j["effects"]["u"]["hits"] == 1


def test_registry(rs: Ruleset) -> None:
    assert get("square").rule == "5.6"
    with pytest.raises(KeyError, match="known"):
        get("nope")
    assert {"square", "morale", "fire", "assault", "integrity", "burning"} <= set(PROCEDURES)


def test_options(rs: Ruleset) -> None:
    with pytest.raises(RulesError):
        rs.option("nope")
    with pytest.raises(RulesError, match="known"):
        rs.with_options({"nope": 1})
    with pytest.raises(RulesError, match="one of"):
        rs.with_options({"morale_hit_threshold": 5})
    with pytest.raises(RulesError, match="one of"):
        rs.with_options({"morale_hit_threshold": "3"})
    assert rs.with_options({"morale_hit_threshold": 4}).option("morale_hit_threshold") == 4
    with pytest.raises(RulesError):
        rs.mod("square", "nope")
    with pytest.raises(RulesError):
        rs.distance("nope")
    assert rs.uses_provisional
    assert rs.scale_modifier("15mm") is None


@pytest.mark.parametrize(
    ("kw", "field"),
    [
        ({"ce": -1}, "ce"),
        ({"hits": -1}, "hits"),
        ({"blown": -1}, "blown"),
        ({"formation": Formation.LIMBERED}, "formation"),
        ({"blown": 1}, "blown"),
    ],
)
def test_unit_checks(kw: dict[str, object], field: str) -> None:
    base: dict[str, object] = {"arm": CombatArm.INFANTRY, "ce": 5, "formation": Formation.LINE}
    with pytest.raises(RulesError) as err:
        Unit(**{**base, **kw})  # type: ignore[arg-type]
    assert err.value.field == field
