"""VlE: every answer's odds are exact, sum to 1 and hold the result given (any situation)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from eote_ref.packs.dice import Roller
from eote_ref.packs.outcome import Outcome
from eote_ref.packs.vle import combat, morale
from eote_ref.packs.vle.model import VleRules

RULES = VleRules()


def _sound(out: Outcome) -> None:
    assert sum(out.probabilities.values(), Fraction(0)) == 1
    assert out.probabilities.get(out.result, Fraction(0)) > 0


@settings(max_examples=150, deadline=None)
@given(
    st.integers(2, 12),
    st.integers(-3, 6),
    st.sampled_from(["front", "flank", "rear", "flank_and_rear"]),
    st.booleans(),
    st.integers(4, 9).flatmap(lambda n: st.tuples(st.just(n), st.integers(1, n))),
    st.tuples(st.integers(1, 6), st.integers(1, 6)),
)
def test_morale_odds_stay_within_the_naturals(
    m: int, leader: int, direction: str, dis: bool, steps: tuple[int, int], dice: tuple[int, int]
) -> None:
    s = morale.MoraleSituation(
        morale=m, leader_morale=leader, direction=direction,  # type: ignore[arg-type]
        disorganized=dis, original_steps=steps[0], steps=steps[1],
    )  # fmt: skip
    out = morale.morale(s, RULES, Roller({"dice": list(dice)}))
    _sound(out)
    p = out.probabilities["passed"]
    assert Fraction(1, 36) <= p <= Fraction(35, 36)  # X.3
    assert (out.result == "passed") == morale.succeeds(dice, int(out.modified))


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 4), st.integers(1, 9)), min_size=1, max_size=3),
    st.lists(st.tuples(st.integers(0, 4), st.integers(1, 9)), min_size=1, max_size=3),
    st.integers(-2, 3),
    st.integers(1, 6),
    st.booleans(),
)
def test_melee_odds_sum_to_one(
    att: list[tuple[int, int]], dfn: list[tuple[int, int]], lead: int, roll: int, charge: bool
) -> None:
    if not any(v for v, _ in att):
        att = [(1, 1)]
    s = combat.MeleeSituation(
        attackers=[combat.MeleeUnit(v, n, "cavalry" if charge else "infantry") for v, n in att],
        defenders=[combat.MeleeUnit(v, n) for v, n in dfn],
        attacker_leader_combat=lead, charge=charge,
    )  # fmt: skip
    _sound(combat.melee(s, RULES, Roller({"roll": roll})))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 8), min_size=1, max_size=3), st.booleans(), st.integers(1, 6))
def test_fire_odds_sum_to_one(values: list[int], square: bool, roll: int) -> None:
    s = combat.FireSituation(firers=[combat.Firer(v) for v in values], target_square=square)
    _sound(combat.fire(s, RULES, Roller({"roll": roll})))
