"""Dice as data: exact distributions, pools against enumeration, entered faces."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eote_ref.packs.dice import D6, D10, PERCENTILE, Pool, Roller, Sum, numbered, pictured
from eote_ref.packs.outcome import PackError

COMMAND = pictured(
    "command",
    "black command die",
    {"flag": 1, "general": 1, "trooper": 1, "cannon": 1, "infantry": 2},
)
ACTION = pictured("action", "white die", {"french": 2, "english": 2, "prussian": 2})


def test_command_die_faces_as_the_text_lists_them() -> None:
    d = COMMAND.distribution()
    assert d == {
        "flag": Fraction(1, 6),
        "general": Fraction(1, 6),
        "trooper": Fraction(1, 6),
        "cannon": Fraction(1, 6),
        "infantry": Fraction(1, 3),
    }
    assert ACTION.p({"french"}) == Fraction(1, 3)


def test_d10_reads_zero_as_ten_and_refuses_other_faces() -> None:
    assert D10.read(0, "roll") == 10
    assert D10.read(7, "roll") == 7
    with pytest.raises(PackError) as err:
        D10.read(11, "roll")
    assert err.value.field == "roll"
    with pytest.raises(PackError):
        D10.read(True, "roll")
    with pytest.raises(PackError):
        D6.read(0, "effect_roll")  # a d6 has no 0 face
    assert PERCENTILE.read(0, "p") == 100


def test_2d6_distribution() -> None:
    dist = Sum(D6, 2).distribution()
    assert dist[7] == Fraction(6, 36)
    assert dist[2] == dist[12] == Fraction(1, 36)
    assert sum(dist.values()) == 1
    assert Sum(D6, 2).read(12, "t") == 12
    with pytest.raises(PackError):
        Sum(D6, 2).read(1, "t")


@pytest.mark.parametrize(
    ("n", "expected"),
    [(1, Fraction(1, 3)), (2, Fraction(5, 9)), (3, Fraction(19, 27)), (4, Fraction(65, 81))],
)
def test_reaction_pool_odds_are_one_less_two_thirds_to_the_n(n: int, expected: Fraction) -> None:
    assert Pool(ACTION, n).p_any({"english"}) == expected == 1 - Fraction(2, 3) ** n


def test_pool_reads_entered_faces() -> None:
    pool = Pool(COMMAND, 3)
    assert pool.read(["flag", "infantry", "cannon"], "dice") == ("flag", "infantry", "cannon")
    with pytest.raises(PackError, match="has 2 faces"):
        pool.read(["flag", "infantry"], "dice")
    with pytest.raises(PackError, match=r"dice\[1\]"):
        pool.read(["flag", "horse", "cannon"], "dice")


def test_roller_records_entered_and_rolled_dice_in_order() -> None:
    r = Roller({"roll": 0}, seed=3)
    assert r.number("roll", D10) == 10
    face = r.die("command", COMMAND)
    assert face in COMMAND.faces
    assert list(r.used) == ["roll", "command"]
    again = Roller({}, seed=3)
    again.number("roll", D10)
    assert Roller({}, seed=5).pool("p", Pool(ACTION, 3)) == Roller({}, seed=5).pool(
        "p", Pool(ACTION, 3)
    )


faces = st.dictionaries(st.sampled_from("abcdef"), st.integers(1, 3), min_size=1, max_size=4)


@given(counts=faces, n=st.integers(0, 4), data=st.data())
def test_pool_probabilities_match_enumeration(
    counts: dict[str, int], n: int, data: st.DataObject
) -> None:
    die = pictured("x", "x", counts)
    pool = Pool(die, n)
    matching = data.draw(st.sets(st.sampled_from(sorted(counts))))
    rolls = list(pool.enumerate())
    assert len(rolls) == die.sides**n
    hits = Counter(sum(1 for f in roll if f in matching) for roll in rolls)
    by_count = pool.count_distribution(matching)
    assert sum(by_count.values()) == 1
    for k, p in by_count.items():
        assert p == Fraction(hits[k], len(rolls))
    assert pool.p_any(matching) == Fraction(sum(v for k, v in hits.items() if k), len(rolls))
    assert pool.p_at_least(2, matching) == Fraction(
        sum(v for k, v in hits.items() if k >= 2), len(rolls)
    )
    assert sum(pool.distribution().values()) == 1


@given(sides=st.integers(1, 20), n=st.integers(1, 4))
def test_sum_distribution_sums_to_one_and_spans_n_to_n_sides(sides: int, n: int) -> None:
    dist = Sum(numbered("d", "d", sides), n).distribution()
    assert sum(dist.values()) == 1
    assert min(dist) == n
    assert max(dist) == n * sides
