"""Movement (AVlE 6.0-6.3, 8.x, 3.2, 13.1), worked from the text's own figures."""

from __future__ import annotations

from typing import Any

import pytest

from eote_ref.packs.avle.data import load_default
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.avle.movement import MovementSituation, PathHex, movement
from eote_ref.packs.dice import Roller
from eote_ref.packs.outcome import PackError


def rules(**options: Any) -> AvleRules:
    return load_default().with_options(options)


def move(**kw: Any) -> Any:
    opts = kw.pop("options", {})
    return movement(MovementSituation(**kw), rules(**opts), Roller())


@pytest.mark.parametrize(
    ("unit", "road", "with_fire", "without"),
    [
        # 6.0: infantry 1 and fire or 2; cavalry 3 and shock; artillery 1 or fire; horse
        # artillery 2 and fire; Generals 3. The road paragraph: infantry 2 and fire or 3,
        # cavalry 4 and shock, artillery 2 without fire, horse artillery 3 and fire,
        # Generals 4.
        ("french_infantry", False, 1, 2),
        ("french_infantry", True, 2, 3),
        ("heavy_cavalry", False, 3, 3),
        ("light_cavalry", True, 4, 4),
        ("medium_artillery", False, None, 1),
        ("heavy_artillery", True, None, 2),
        ("horse_artillery", False, 2, 2),
        ("horse_artillery", True, 3, 3),
        ("general", False, None, 3),
        ("general", True, None, 4),
        ("garrison", True, None, 0),
    ],
)
def test_allowances_by_type_and_road(
    unit: str, road: bool, with_fire: int | None, without: int
) -> None:
    out = move(unit=unit, road=road)
    assert (out.details["allowance_with_fire"], out.details["allowance_without_fire"]) == (
        with_fire,
        without,
    )


def test_the_automatic_cards_give_their_own_moves() -> None:
    """3.2: infantry manoeuvre 1 and fire or 3; bombardment 2 (horse artillery 4)."""
    d = move(unit="french_infantry", card="infantry_manoeuvre").details
    assert (d["allowance_with_fire"], d["allowance_without_fire"]) == (1, 3)
    assert move(unit="medium_artillery", card="bombardment").details["allowance_without_fire"] == 2
    assert move(unit="horse_artillery", card="bombardment").details["allowance_without_fire"] == 4
    on_road = move(unit="french_infantry", card="infantry_manoeuvre", road=True)
    assert on_road.details["allowance_without_fire"] == 3
    plus = move(
        unit="french_infantry",
        card="infantry_manoeuvre",
        road=True,
        options={"automatic_card_road": "plus_one"},
    )
    assert plus.details["allowance_without_fire"] == 4
    with pytest.raises(PackError) as err:
        move(unit="heavy_cavalry", card="infantry_manoeuvre")
    assert (err.value.field, err.value.rule) == ("card", "3.2")


def test_a_road_counts_only_when_the_whole_move_is_on_it() -> None:
    road = [PathHex(terrain="road", road=True)] * 3
    assert move(unit="french_infantry", path=road).result == "allowed"
    mixed = [PathHex(road=True), PathHex(road=True), PathHex()]
    out = move(unit="french_infantry", path=mixed)
    assert out.result == "not_allowed"
    assert out.details["problems"] == [{"problem": "3 hexes: the allowance is 2", "rule": "6.0"}]
    fire = move(unit="french_infantry", path=[PathHex(), PathHex()], will_fire=True)
    assert fire.result == "not_allowed"  # 2 hexes and fire: 1 at most off the road


@pytest.mark.parametrize(
    ("terrain", "rule"), [("wood", "8.1"), ("stream", "8.5"), ("marsh", "8.5"), ("farm", "8.4")]
)
def test_ground_that_stops_a_move(terrain: str, rule: str) -> None:
    ok = move(unit="heavy_cavalry", path=[PathHex(), PathHex(terrain=terrain)])  # type: ignore[arg-type]
    assert (ok.result, ok.details["stops_at"]) == ("allowed", 1)
    on = move(unit="heavy_cavalry", path=[PathHex(terrain=terrain), PathHex()])  # type: ignore[arg-type]
    assert on.result == "not_allowed"
    assert on.details["problems"][0]["rule"] == rule


def test_a_building_entered_and_left_by_road_does_not_stop() -> None:
    """8.4: a unit entering buildings stops, unless it comes in and goes out by road."""
    path = [PathHex(road=True), PathHex(terrain="town", road=True), PathHex(road=True)]
    assert move(unit="heavy_cavalry", path=path).result == "allowed"


@pytest.mark.parametrize(("terrain", "rule"), [("rough", "8.8"), ("lake", "8.8"), ("river", "8.5")])
def test_ground_never_entered(terrain: str, rule: str) -> None:
    out = move(unit="general", path=[PathHex(terrain=terrain)])  # type: ignore[arg-type]
    assert out.result == "not_allowed"
    assert out.details["problems"][0]["rule"] == rule


def test_zones_of_control() -> None:
    """6.2: entering a hex next to an enemy ends the move; from one, not into another."""
    enter = move(unit="light_cavalry", path=[PathHex(), PathHex(adjacent_to_enemy=True)])
    assert (enter.result, enter.details["stops_at"]) == ("allowed", 1)
    through = move(unit="light_cavalry", path=[PathHex(adjacent_to_enemy=True), PathHex()])
    assert through.result == "not_allowed"
    assert through.details["problems"][0]["rule"] == "6.2"
    leave = move(unit="light_cavalry", path=[PathHex()], starts_adjacent_to_enemy=True)
    assert leave.result == "allowed"
    into = move(
        unit="light_cavalry",
        path=[PathHex(adjacent_to_enemy=True)],
        starts_adjacent_to_enemy=True,
    )
    assert into.result == "not_allowed"


def test_what_a_hex_holds() -> None:
    """6.1 and 6.3: what a hex holds.

    6.1: no friendly or enemy unit's hex; infantry and cavalry pass a battery; a hex with
    only a friendly General stops the move. 6.3: a General crosses friendly units.
    """
    battery = [PathHex(holds="friendly_artillery"), PathHex()]
    assert move(unit="french_infantry", path=battery).result == "allowed"
    assert move(unit="horse_artillery", path=battery).result == "not_allowed"
    ends = move(unit="french_infantry", path=[PathHex(holds="friendly_artillery")])
    assert ends.result == "not_allowed"
    general = move(unit="heavy_cavalry", path=[PathHex(holds="friendly_general"), PathHex()])
    assert general.result == "not_allowed"
    assert move(unit="general", path=[PathHex(holds="friendly_unit"), PathHex()]).result == (
        "allowed"
    )
    assert move(unit="general", path=[PathHex(holds="friendly_general")]).result == ("not_allowed")


def test_the_state_of_orders_and_formation() -> None:
    """The orders' state (5.1, 10.1 D, 9.3), a square (6.0) and a Prussian arrival (13.1).

    Only an ordered unit moves, not one that retreated or reacted; a square does not move;
    a Prussian arrival moves without a card.
    """
    one = [PathHex()]
    assert move(unit="french_infantry", path=one, ordered=False).result == "not_allowed"
    assert move(unit="french_infantry", path=one, ordered=False, prussian_arrival=True).result == (
        "allowed"
    )
    assert move(unit="french_infantry", path=one, retreated_this_round=True).result == (
        "not_allowed"
    )
    assert move(unit="french_infantry", path=one, moved_this_round=True).result == ("not_allowed")
    assert move(unit="french_infantry", path=one, reacted_this_round=True).result == ("not_allowed")
    assert move(unit="french_infantry", path=one, formation="square").result == "not_allowed"
    changed = move(unit="french_infantry", path=one, changes_formation=True)
    assert changed.result == "not_allowed"
    not_both = move(
        unit="french_infantry",
        path=one,
        changes_formation=True,
        options={"formation_change_fire": "not_both"},
    )
    assert not_both.result == "allowed"
    assert not not_both.details["may_fire_after"]


def test_only_infantry_enters_hougoumont() -> None:
    hougoumont = [PathHex(terrain="fortified", hougoumont=True)]
    assert move(unit="english_infantry", path=hougoumont).result == "allowed"
    out = move(unit="heavy_cavalry", path=hougoumont)
    assert out.result == "not_allowed"
    assert out.details["problems"][0]["rule"] == "13.1"


@pytest.mark.parametrize(
    ("unit", "terrain", "rule"),
    [
        ("french_infantry", "farm", "8.4"),  # no fire in the round it enters buildings
        ("heavy_cavalry", "town", "6.0, 8.4"),  # no shock from buildings
        ("horse_artillery", "marsh", "8.5"),  # artillery in a marsh does not fire
    ],
)
def test_ground_where_a_move_ends_without_fire(unit: str, terrain: str, rule: str) -> None:
    path = [PathHex(terrain=terrain)]  # type: ignore[arg-type]
    quiet = move(unit=unit, path=path)
    assert (quiet.result, quiet.details["may_fire_after"]) == ("allowed", False)
    firing = move(unit=unit, path=path, will_fire=True)
    assert firing.result == "not_allowed"
    assert firing.details["problems"][-1]["rule"] == rule
    wood = move(unit=unit, path=[PathHex(terrain="wood")], will_fire=True)
    assert wood.result == "allowed"  # 8.1: a unit fires in the round it enters woods
