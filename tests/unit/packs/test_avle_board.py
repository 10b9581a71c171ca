"""Target choice, the retreat hex, garrisons and a General's place, worked by hand.

AVlE 7.3, 10.1, 6.0, and 6.3, 9.4.1, 13.1.
"""

from __future__ import annotations

from typing import Any

import pytest

from eote_ref.packs.avle.data import load_default
from eote_ref.packs.avle.garrisons import (
    GarrisonSituation,
    GeneralSituation,
    garrison,
    general,
)
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.avle.targets import (
    Candidate,
    RetreatHex,
    RetreatSituation,
    TargetSituation,
    retreat_hex,
    target,
)
from eote_ref.packs.dice import Roller
from eote_ref.packs.outcome import PackError


def rules(**options: Any) -> AvleRules:
    return load_default().with_options(options)


# ------------------------------------------------------------------ 7.3: the target
def test_infantry_must_fire_at_the_closest_and_chooses_between_equals() -> None:
    near, far = Candidate(hexes=1), Candidate(hexes=2)
    out = target(TargetSituation("french_infantry", [far, near, near]), rules(), Roller())
    assert out.result == "choice"
    assert out.details["may_choose"] == [1, 2]
    assert out.details["refused"]["0"]["rule"] == "7.3"
    chosen = TargetSituation("french_infantry", [far, near], chosen=0)
    assert target(chosen, rules(), Roller()).result == "not_allowed"


def test_artillery_chooses_freely_within_its_range() -> None:
    """Medium artillery reaches 4 hexes, 5 from a hill (7.3, 8.3)."""
    cands = [Candidate(hexes=1), Candidate(hexes=4), Candidate(hexes=5)]
    out = target(TargetSituation("medium_artillery", cands, chosen=1), rules(), Roller())
    assert out.result == "allowed"
    assert out.details["may_choose"] == [0, 1]
    hill = target(
        TargetSituation("medium_artillery", cands, firer_terrain="hill"), rules(), Roller()
    )
    assert hill.details["may_choose"] == [0, 1, 2]


def test_the_closest_rule_counts_only_what_it_may_fire_on() -> None:
    """An adjacent enemy out of the arc does not bind the infantry; a square fires all round."""
    cands = [Candidate(hexes=1, in_arc=False), Candidate(hexes=2)]
    assert target(TargetSituation("english_infantry", cands), rules(), Roller()).details[
        "may_choose"
    ] == [1]
    square = TargetSituation("english_infantry", cands, firer_formation="square")
    assert target(square, rules(), Roller()).details["may_choose"] == [0]


def test_cavalry_shocks_only_straight_ahead_and_never_into_buildings() -> None:
    cands = [
        Candidate(hexes=1, in_front_hex=False),
        Candidate(hexes=1, terrain="town"),
        Candidate(hexes=1, in_arc_at_start=False),
        Candidate(hexes=1),
    ]
    out = target(TargetSituation("heavy_cavalry", cands), rules(), Roller())
    assert out.details["may_choose"] == [3]
    assert [out.details["refused"][k]["rule"] for k in "012"] == ["6.2.1, 7.3", "8.4", "7.3"]


def test_infantry_reaches_buildings_only_next_to_them_and_a_lone_general_by_option() -> None:
    cands = [Candidate(hexes=2, terrain="farm"), Candidate(hexes=1, lone_general=True)]
    out = target(TargetSituation("french_infantry", cands), rules(), Roller())
    assert out.result == "none"
    yes = target(
        TargetSituation("french_infantry", cands), rules(fire_on_lone_general="yes"), Roller()
    )
    assert yes.details["may_choose"] == [1]


def test_cavalry_in_buildings_fires_as_a_garrison_or_not_at_all() -> None:
    """8.4: as a garrison, adjacent only and the closest; 6.0 by option: no fire."""
    cands = [Candidate(hexes=2), Candidate(hexes=1)]
    s = TargetSituation("light_cavalry", cands, firer_terrain="farm")
    out = target(s, rules(), Roller())
    assert (out.details["range"], out.details["may_choose"]) == (1, [1])
    with pytest.raises(PackError) as err:
        target(s, rules(cavalry_in_building="no_fire"), Roller())
    assert (err.value.field, err.value.rule) == ("firer_terrain", "6.0")


# ------------------------------------------------------------------ 10.1: the retreat hex
def _retreat(rear: dict[str, Any], b: dict[str, Any], c: dict[str, Any]) -> Any:
    s = RetreatSituation(RetreatHex(**rear), RetreatHex(**b), RetreatHex(**c))
    return retreat_hex(s, rules(), Roller())


def test_straight_back_when_it_can() -> None:
    assert _retreat({}, {"towards_own_edge": True}, {}).result == "A"


@pytest.mark.parametrize(
    ("b", "c", "result"),
    [
        ({"towards_own_edge": True}, {"next_to_friendly": True}, "B"),  # priority 1 first
        ({"next_to_friendly": True}, {"next_to_enemy": True}, "B"),  # then 2
        ({}, {"next_to_enemy": True}, "C"),  # then 3, as written
        ({}, {}, "either"),
        ({"occupied": True}, {}, "C"),  # 10.1 A
        ({"on_map": False}, {"occupied": True}, "cannot_retreat"),  # 10.1 B, C
    ],
)
def test_between_the_flanks_by_the_text_s_priorities(
    b: dict[str, Any], c: dict[str, Any], result: str
) -> None:
    out = _retreat({"occupied": True}, b, c)
    assert out.result == result
    assert out.details["extra_loss"] == (1 if result == "cannot_retreat" else 0)


def test_next_to_an_enemy_shunned_by_option() -> None:
    s = RetreatSituation(RetreatHex(occupied=True), RetreatHex(), RetreatHex(next_to_enemy=True))
    assert retreat_hex(s, rules(retreat_next_to_enemy="avoid"), Roller()).result == "B"


def test_a_unit_that_cannot_retreat_two_hexes_loses_by_option() -> None:
    s = RetreatSituation(
        RetreatHex(occupied=True), RetreatHex(occupied=True), RetreatHex(on_map=False), hexes=2
    )
    assert retreat_hex(s, rules(), Roller()).details["extra_loss"] == 1
    assert (
        retreat_hex(s, rules(blocked_retreat_loss="per_hex"), Roller()).details["extra_loss"] == 2
    )


# ------------------------------------------------------------------ 6.0: garrisons
def test_infantry_leaves_a_disk_in_buildings() -> None:
    out = garrison(GarrisonSituation("drop", "french_infantry", 3, "town"), rules(), Roller())
    assert (out.result, out.details["elements_after"]) == ("dropped", 2)
    for s in (
        GarrisonSituation("drop", "french_infantry", 1, "town"),  # only its stand-up counter
        GarrisonSituation("drop", "french_infantry", 4, "wood"),  # not buildings
        GarrisonSituation("drop", "heavy_cavalry", 3, "farm"),  # only infantry
    ):
        assert garrison(s, rules(), Roller()).result == "not_allowed"


def test_a_garrison_is_taken_back_up_to_four_elements() -> None:
    ok = garrison(GarrisonSituation("reabsorb", "english_infantry", 3, "farm"), rules(), Roller())
    assert (ok.result, ok.details["elements_after"]) == ("reabsorbed", 4)
    full = garrison(GarrisonSituation("reabsorb", "english_infantry", 4, "farm"), rules(), Roller())
    assert full.result == "not_allowed"
    cavalry = GarrisonSituation("reabsorb", "light_cavalry", 2, "farm")
    assert garrison(cavalry, rules(), Roller()).result == "not_allowed"
    assert garrison(cavalry, rules(garrison_reabsorb="any_arm"), Roller()).result == "reabsorbed"
    hougoumont = GarrisonSituation("reabsorb", "light_cavalry", 2, "fortified", hougoumont=True)
    assert garrison(hougoumont, rules(garrison_reabsorb="any_arm"), Roller()).result == (
        "not_allowed"
    )


# ------------------------------------------------------------------ a General's place
def test_a_lone_general_holds_nothing_and_may_be_captured() -> None:
    out = general(GeneralSituation("french"), rules(), Roller())
    assert out.result == "alone"
    d = out.details
    assert (d["controls_hex"], d["zone_of_control"], d["may_be_captured"]) == (False, False, True)


def test_an_attached_general() -> None:
    """+2 with infantry or cavalry, nothing with artillery (7.3.11, 7.3.12)."""
    inf = general(
        GeneralSituation("english", "english_infantry", unit_ordered=True), rules(), Roller()
    )
    assert inf.result == "attached"
    assert (inf.details["fire_bonus"], inf.details["unit_may_ignore_retreat"]) == (2, True)
    assert "6.3.13" in inf.details["moves"]
    art = general(GeneralSituation("french", "heavy_artillery"), rules(), Roller())
    assert (art.details["fire_bonus"], art.details["unit_may_ignore_retreat"]) == (0, False)


def test_no_attaching_across_english_and_prussian_nor_two_generals() -> None:
    """13.1: Prussian Generals never with British units and the reverse; 6.3.11: one a unit."""
    across = GeneralSituation("prussian", "english_infantry", unit_nation="english")
    assert general(across, rules(), Roller()).result == "not_allowed"
    two = GeneralSituation("french", "french_infantry", unit_has_general=True)
    assert general(two, rules(), Roller()).result == "not_allowed"
    with pytest.raises(PackError) as err:
        general(GeneralSituation("french", "english_infantry", "english"), rules(), Roller())
    assert (err.value.field, err.value.rule) == ("unit_nation", "6.3")
