"""Tables by kind: one lookup and one check each; the check finds a broken table."""

from __future__ import annotations

from fractions import Fraction

import pytest

from eote_ref.packs.outcome import PackError
from eote_ref.packs.tables import (
    Band,
    Bands,
    Columns,
    Grid,
    OddsColumns,
    Rows,
    kind_of,
)


def test_bands_lookup_and_check() -> None:
    t = Bands("entry", (Band(1, 3, "V5"), Band(4, 4, "V9"), Band(5, 6, "T13")), 1, 6)
    assert [t.lookup(v) for v in (1, 3, 4, 6)] == ["V5", "V5", "V9", "T13"]
    assert t.check() == []
    with pytest.raises(PackError):
        t.lookup(7)
    gap = Bands("entry", (Band(1, 2, "a"), Band(4, 6, "b")), 1, 6)
    assert [p for _, p in gap.check()] == [
        "band starts at 4 after one ending at 2: expected 3 ([3] fall in no band)"
    ]
    overlap = Bands("entry", (Band(1, 4, "a"), Band(3, 6, "b")), 1, 6)
    assert [p for _, p in overlap.check()] == [
        "band starts at 3 after one ending at 4: expected 5 ([3, 4] fall in two bands)"
    ]
    assert t.lookup(3.5) == "V5"  # a fraction reads the band of its whole part
    short = Bands("entry", (Band(1, 2, "a"),), 1, 6)
    assert short.check()
    assert Bands("e", (), 1, 6).check()
    assert kind_of(t) == "bands"


def test_rows_with_an_open_top() -> None:
    t = Rows("kill", 1, (1, 2, 3), open_top=True)
    assert [t.lookup(v) for v in (1, 2, 3, 4, 9)] == [1, 2, 3, 3, 3]
    with pytest.raises(PackError):
        t.lookup(0)
    with pytest.raises(PackError):
        Rows("kill", 1, (1, 2, 3)).lookup(4)
    assert Rows("kill", 1, ()).check()
    assert kind_of(t) == "rows"


def test_columns_by_value_and_face() -> None:
    t = Columns("effect", 1, 2, (("a1", "a2"), ("b1", "b2")), open_top=True)
    assert t.lookup(1, 2) == "a2"
    assert t.lookup(5, 1) == "b1"
    with pytest.raises(PackError):
        t.lookup(1, 3)
    assert t.check() == []
    assert Columns("effect", 1, 2, (("a1",),)).check()


def test_odds_columns_read_the_largest_heading_not_above() -> None:
    t = OddsColumns(
        "odds", (Fraction(1, 2), Fraction(1), Fraction(2)), 1, (("low",), ("even",), ("high",))
    )
    assert t.lookup(1, 1, 1) == "even"
    assert t.lookup(3, 2, 1) == "even"
    assert t.lookup(5, 2, 1) == "high"
    assert t.lookup(1, 2, 1) == "low"
    assert t.lookup(1, 0, 1) == "high"
    with pytest.raises(PackError):
        t.lookup(1, 3, 1)
    with pytest.raises(PackError):
        t.lookup(1, 1, 2)
    assert t.check() == []
    bad = OddsColumns("odds", (Fraction(2), Fraction(1)), 2, (("x",), ("y", "z")))
    assert len(bad.check()) == 2
    assert kind_of(t) == "odds"


def test_grid_lookup_and_check() -> None:
    t = Grid("fire", ("1", "2"), {"inf": {"1": 9, "2": 5}, "cav": {"1": 12, "2": None}})
    assert t.lookup("inf", "2") == 5
    with pytest.raises(PackError):
        t.lookup("guns", "1")
    with pytest.raises(PackError):
        t.lookup("inf", "3")
    assert t.check() == []
    bad = Grid("fire", ("1", "2"), {"inf": {"1": 9, "3": 1}})
    assert [m for _, m in bad.check()] == ["lacks column(s) 2", "has unknown column(s) 3"]
    assert kind_of(t) == "grid"


def test_every_kind_renders_a_quick_reference() -> None:
    bands = Bands("entry", (Band(1, 3, "V5"), Band(4, None, "V9")), 1, None)
    assert bands.render() == [["value", "result"], ["1-3", "V5"], ["4 or more", "V9"]]
    assert Rows("kill", 1, (1, 2), open_top=True).render() == [
        ["value", "result"],
        ["1", "1"],
        ["2+", "2"],
    ]
    columns = Columns("effect", 1, 2, (((0, 1), (1, 0)), ((1, 1), (2, 0))), open_top=True)
    assert columns.render() == [["roll", "1", "2+"], ["1", "0/1", "1/1"], ["2", "1/0", "2/0"]]
    odds = OddsColumns("odds", (Fraction(1, 2), Fraction(3, 2)), 1, (("a",), ("b",)))
    assert odds.render() == [["roll", "1:2", "3:2"], ["1", "a", "b"]]
    grid = Grid("fire", ("1", "2"), {"inf": {"1": 9, "2": None}})
    assert grid.render() == [["", "1", "2"], ["inf", "9", "-"]]
