"""Starting formations: a unit's own, else its arm's default (EotE 5.3.6 for the assault column)."""

from __future__ import annotations

from eote_ref.rules.units import starting_formation


def test_own_formation_wins_over_the_default() -> None:
    assert starting_formation("line", "column", "french", "french") == "line"


def test_default_applies_when_the_unit_gives_none() -> None:
    assert starting_formation(None, "column", "british", "british") == "column"
    assert starting_formation(None, None, "british", "british") is None


def test_assault_column_default_is_a_column_for_an_allied_contingent() -> None:
    fac = "french_assault_column"
    assert starting_formation(None, fac, "french", "french") == fac
    assert starting_formation(None, fac, "nassau", "french") == "column"
    assert starting_formation(fac, "line", "nassau", "french") == fac
