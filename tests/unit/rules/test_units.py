"""Starting formations: a unit's own, else its arm's default (EotE 5.3.6 for the assault column)."""

from __future__ import annotations

from eote_ref.packs.eote.rules.units import starting_formation


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


def test_who_fires_in_which_sub_phase_is_one_answer() -> None:
    """Who fires when: EotE 6.2, 6.5, 5.17.

    Batteries in the artillery sub-phase; foot, engineers and skirmishing horse in the
    infantry one; mounted cavalry never.
    """
    from eote_ref.packs.eote.rules.units import fire_sub_phase

    assert fire_sub_phase("artillery", "unlimbered") == "artillery"
    assert fire_sub_phase("infantry", "line") == "infantry"
    assert fire_sub_phase("engineers", "line") == "infantry"
    assert fire_sub_phase("cavalry", "skirmish") == "infantry"
    assert fire_sub_phase("cavalry", "line") is None
    assert fire_sub_phase("cavalry", None) is None


def test_morale_is_due_from_the_threshold_on_unless_routed() -> None:
    from eote_ref.packs.eote.rules.units import morale_due

    assert not morale_due(2, 3)
    assert morale_due(3, 3)
    assert morale_due(5, 3)
    assert not morale_due(5, 3, routed=True)


def test_a_unit_with_a_leader_attached_may_be_out_of_command() -> None:
    """EotE 3.5.1, 3.6: ``leader_attached`` is any attached leader's bonus, not the radius.

    A corps or army leader attached to a unit (after the division, 3.5.1) does not put it
    within its division commander's radius, and the engine cannot tell whose leader he is:
    the two fields together are a unit, out of command.
    """
    from eote_ref.packs.eote.rules.units import CombatArm, Formation, Unit

    line = {"arm": CombatArm.INFANTRY, "ce": 6, "formation": Formation.LINE}
    u = Unit(**line, leader_attached=True, in_command=False)  # type: ignore[arg-type]
    assert (u.leader_attached, u.in_command) == (True, False)
