"""Hypothesis: every AVlE distribution sums to 1 and matches the dice rolled one by one."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from eote_ref.packs.avle.data import load_default
from eote_ref.packs.avle.fire import FireSituation, ShockSituation, fire, shock
from eote_ref.packs.avle.rally import RallySituation, rally
from eote_ref.packs.avle.reaction import ReactionSituation, reaction
from eote_ref.packs.dice import Roller
from eote_ref.packs.outcome import PackError
from tests.budget import budget

RULES = load_default()
UNITS = sorted(RULES.data.units)
TERRAIN = [
    "open",
    "road",
    "orchard",
    "field",
    "wood",
    "hill",
    "farm",
    "town",
    "fortified",
    "stream",
]
OPTIONS = {name: st.sampled_from(o.choices) for name, o in RULES.data.options.items()}


@st.composite
def combat(draw: st.DrawFn) -> tuple[Any, Any]:
    is_shock = draw(st.booleans())
    cavalry = [u for u in UNITS if RULES.data.units[u].arm == "cavalry"]
    others = [u for u in UNITS if u not in cavalry]
    common: dict[str, Any] = {
        "firer": draw(st.sampled_from(cavalry if is_shock else others)),
        "target": draw(st.sampled_from(UNITS)),
        "target_terrain": draw(st.sampled_from(TERRAIN)),
        "firer_terrain": draw(st.sampled_from(TERRAIN)),
        "aspect": draw(st.sampled_from(["front", "flank", "rear"])),
        "target_formation": draw(st.sampled_from(["combat", "square"])),
        "general_attached": draw(st.booleans()),
        "target_general_attached": draw(st.booleans()),
        "retreat_blocked": draw(st.integers(0, 2)),
    }
    if is_shock:
        return ShockSituation(**common), shock
    more = {
        "hexes": draw(st.integers(1, 4)),
        "bombardment": draw(st.booleans()),
        "orchards_crossed": draw(st.integers(0, 2)),
        "firer_elements": draw(st.none() | st.integers(1, 3)),
    }
    return FireSituation(**common, **more), fire


@settings(max_examples=budget(60, 400))
@given(case=combat(), options=st.fixed_dictionaries({}, optional=OPTIONS))
def test_fire_odds_sum_to_one_and_match_every_pair_of_dice(
    case: tuple[Any, Any], options: dict[str, Any]
) -> None:
    situation, procedure = case
    rules = RULES.with_options(options)
    try:
        first = procedure(situation, rules, Roller({"roll": 1, "effect_roll": 1}))
    except PackError:
        return
    assert sum(first.probabilities.values()) == 1
    seen: Counter[str] = Counter()
    for roll in range(1, 11):
        for face in range(1, 7):
            out = procedure(situation, rules, Roller({"roll": roll, "effect_roll": face}))
            seen[out.result] += 1
    assert {k: Fraction(v, 60) for k, v in seen.items()} == {
        k: v for k, v in first.probabilities.items() if v
    }


@settings(max_examples=budget(40, 200))
@given(
    n=st.integers(0, 3),
    unit=st.sampled_from(["french_infantry", "light_cavalry", "medium_artillery"]),
    options=st.fixed_dictionaries({}, optional=OPTIONS),
)
def test_reaction_odds_match_every_roll_of_the_white_dice(
    n: int, unit: str, options: dict[str, Any]
) -> None:
    rules = RULES.with_options(options)
    s = ReactionSituation(reacting=unit, nation="french", empty_hexes=n, allies=["english"])
    first = reaction(s, rules, Roller({}, seed=1))
    assert sum(first.probabilities.values()) == 1
    if first.result == "no_reaction":
        return
    dice = first.details["dice"]
    pool = rules.pool("action", dice)
    seen: Counter[str] = Counter()
    for faces in pool.enumerate():
        for face in range(1, 7):
            out = reaction(s, rules, Roller({"reaction_dice": list(faces), "effect_roll": face}))
            seen[out.result] += 1
    total = 6**dice * 6
    assert {k: Fraction(v, total) for k, v in seen.items()} == dict(first.probabilities)


@settings(max_examples=budget(30, 150))
@given(
    unit=st.sampled_from(
        ["old_guard", "militia_infantry", "elite_infantry", "heavy_cavalry", "horse_artillery"]
    ),
    elements=st.integers(1, 2),
    general=st.booleans(),
    passed=st.booleans(),
    options=st.fixed_dictionaries({}, optional=OPTIONS),
)
def test_rally_odds_match_every_roll_of_the_command_dice(
    unit: str, elements: int, general: bool, passed: bool, options: dict[str, Any]
) -> None:
    rules = RULES.with_options(options)
    s = RallySituation(
        unit=unit,
        elements=elements,
        general_attached=general,
        in_enemy_sight=False,
        passed_morale=passed,
    )
    first = rally(s, rules, Roller({}, seed=2))
    assert sum(first.probabilities.values()) == 1
    pool = rules.pool("command", first.details["dice"])
    seen: Counter[str] = Counter()
    for faces in pool.enumerate():
        seen[rally(s, rules, Roller({"command_dice": list(faces)})).result] += 1
    total = 6 ** first.details["dice"]
    assert {k: Fraction(v, total) for k, v in seen.items()} == dict(first.probabilities)
