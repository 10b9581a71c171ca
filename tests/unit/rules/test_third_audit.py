"""The third set of hand-worked cases (issue 23): each one read against the rules text.

Four defects (6.5, 5.2.1, two of 5.15), the numbers the text does not give (now provisional,
with a note), the silent readings made named options, and each side's modifiers of a
two-sided procedure shown with their own sign.
"""

from __future__ import annotations

from typing import Any

import pytest

from eote_ref.packs.eote.rules.assault import (
    AssaultSituation,
    DefenderCover,
    Position,
    Support,
    assault,
)
from eote_ref.packs.eote.rules.cavalry import (
    BritishBreakthroughSituation,
    british_cavalry_breakthrough,
)
from eote_ref.packs.eote.rules.core import Outcome, RulesError, Source
from eote_ref.packs.eote.rules.dice import EnteredDice
from eote_ref.packs.eote.rules.fire import FireSituation, fire
from eote_ref.packs.eote.rules.integrity import IntegritySituation, integrity
from eote_ref.packs.eote.rules.morale import MoraleSituation, morale
from eote_ref.packs.eote.rules.movement import (
    MovementSituation,
    Mover,
    Pinner,
    PinningSituation,
    movement,
    pinning,
)
from eote_ref.packs.eote.rules.orders import IssuerLevel, OrderActivationSituation, order_activation
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.rules.square import SquareSituation, square
from eote_ref.packs.eote.rules.units import CombatArm, Formation, Unit, counts_as_british
from eote_ref.packs.eote.rulesets import load_default

RS = load_default()
F = Formation


def d(r: int = 5, **more: int) -> EnteredDice:
    return EnteredDice({"roll": r, **more})


def opt(**chosen: Any) -> Ruleset:
    return RS.with_options(chosen)


def inf(ce: int = 6, formation: Formation = F.LINE, **kw: Any) -> Unit:
    return Unit(CombatArm.INFANTRY, ce, formation, **kw)


def cav(ce: int = 6, **kw: Any) -> Unit:
    return Unit(CombatArm.CAVALRY, ce, F.LINE, **kw)


def bat(ce: int = 4, **kw: Any) -> Unit:
    return Unit(CombatArm.ARTILLERY, ce, F.UNLIMBERED, **kw)


# ------------------------------------------------------------------ 6.5: no fire within 3"


@pytest.mark.parametrize(
    ("target", "range_in"),
    [(cav(6), 2.5), (cav(6), 3), (inf(6), 2), (bat(4), 1), (inf(4, F.SKIRMISH), 2)],
)
def test_no_infantry_fire_with_any_enemy_unit_within_3_inches(
    target: Unit, range_in: float
) -> None:
    """EotE 6.5: a battalion with an enemy unit of any arm within 3" in its arc does not fire.

    Infantry firing at cavalry 2.5" away was accepted before.
    """
    with pytest.raises(RulesError) as err:
        fire(FireSituation([inf(6)], target, range_in), RS, d())
    assert (err.value.field, err.value.rule) == ("range_in", "6.5")


def test_infantry_fires_at_cavalry_beyond_3_inches() -> None:
    """EotE 6.5: 3.5" is outside the 3" but inside the 5" range: the fire goes ahead."""
    out = fire(FireSituation([inf(6)], cav(6), 3.5), RS, d(1))
    assert out.result == "D"  # CE 6 reads the 5-7 row: a 1 disorders (6.6)


def test_the_3_inches_follow_the_figure_scale() -> None:
    """Introduction: 25mm adds 2": the close limit is 5", the range 7"; 6mm: 1" and 3"."""
    with pytest.raises(RulesError):
        fire(FireSituation([inf(6)], cav(6), 4.5, figure_scale="25mm"), RS, d())
    assert fire(FireSituation([inf(6)], cav(6), 5.5, figure_scale="25mm"), RS, d()).roll == 5
    assert fire(FireSituation([inf(6)], cav(6), 1.5, figure_scale="6mm"), RS, d()).roll == 5


def test_another_enemy_unit_nearer_than_the_target_forbids_the_fire() -> None:
    """EotE 6.5: the nearest enemy in the arc counts, not only the target (4" away here)."""
    with pytest.raises(RulesError) as err:
        fire(FireSituation([inf(6)], inf(6), 4, nearest_enemy_in=2.5), RS, d())
    assert (err.value.field, err.value.rule) == ("nearest_enemy_in", "6.5")
    assert fire(FireSituation([inf(6)], inf(6), 4, nearest_enemy_in=3.5), RS, d()).roll == 5
    for bad in (-1.0, float("nan")):
        with pytest.raises(RulesError, match="nearest_enemy_in"):
            fire(FireSituation([inf(6)], inf(6), 4, nearest_enemy_in=bad), RS, d())


def test_close_skirmishers_by_option() -> None:
    """5.5 lets formed units fire back at skirmishers: option allowed lifts 6.5's 3" for them."""
    s = FireSituation([inf(6)], inf(4, F.SKIRMISH), 2)
    with pytest.raises(RulesError, match="infantry_fire_at_close_skirmishers=refused"):
        fire(s, RS, d())
    out = fire(s, opt(infantry_fire_at_close_skirmishers="allowed"), d(1))
    assert out.result == "D"  # 6 - 2 for skirmishers = 4: the 3-4 row, a 1 disorders
    # the option is about skirmishers only: cavalry at 2" stays refused
    with pytest.raises(RulesError):
        fire(
            FireSituation([inf(6)], cav(6), 2),
            opt(infantry_fire_at_close_skirmishers="allowed"),
            d(),
        )


def test_artillery_and_pass_through_fire_are_not_infantry_fire() -> None:
    """6.5 is the infantry's rule: a battery fires at 2" (canister), pass-through fire too."""
    assert fire(FireSituation([bat(4)], cav(6), 2), RS, d()).roll == 5
    assert fire(FireSituation([inf(6)], cav(6), 2, pass_through=True), RS, d()).roll == 5


# ------------------------------------------------------------------ 5.2.1: full skirmish reform


@pytest.mark.parametrize(("scale", "inches"), [("15mm", 12), ("25mm", 14), ("6mm", 10)])
def test_reforming_from_full_skirmish_order_takes_the_whole_movement(
    scale: str, inches: float
) -> None:
    """EotE 5.2.1: reforming from full skirmish order uses the whole movement phase (12")."""
    out = movement(MovementSituation(Mover.INFANTRY, F.SKIRMISH, figure_scale=scale), RS, d())
    assert out.details["allowance_in"] == inches
    assert out.details["formation_change_in"] == inches
    assert any("5.2.1" in n for n in out.notes)


def test_other_infantry_formation_changes_still_cost_half() -> None:
    """EotE 5.2.1: a line changes formation for half of its 6": 3"; a column half of 8": 4"."""
    line = movement(MovementSituation(Mover.INFANTRY, F.LINE), RS, d())
    column = movement(MovementSituation(Mover.INFANTRY, F.COLUMN), RS, d())
    assert (line.details["formation_change_in"], column.details["formation_change_in"]) == (3, 4)
    assert not any("5.2.1" in n for n in line.notes)


def test_a_skirmish_reform_without_the_initiative_takes_its_half_move() -> None:
    """4.0 halves the move of the side without the initiative; reforming takes all of it: 6"."""
    s = MovementSituation(Mover.INFANTRY, F.SKIRMISH, has_initiative=False)
    out = movement(s, RS, d())
    assert out.details["formation_change_in"] == out.details["allowance_in"] == 6


# ------------------------------------------------------------------ 5.15: breakthrough


def test_cavalry_on_breakthrough_fights_disordered() -> None:
    """EotE 5.15: a unit making breakthrough movement is disordered: CE 8 counts 8 - 2 = 6."""
    out = assault(AssaultSituation([cav(8)], [inf(6)], breakthrough=True), RS, d(5))
    assert out.details["attacker_value"] == 6
    assert out.details["attack_value"] == 0
    assert [m.value for m in out.details["attacker_modifiers"]] == [-2]
    assert out.effects["attacker_1"].disorder is True  # mark it on the table
    assert any("5.15" in n for n in out.notes)
    plain = assault(AssaultSituation([cav(8)], [inf(6)]), RS, d(5))
    assert plain.details["attacker_value"] == 8


def test_already_disordered_cavalry_is_not_disordered_twice_on_breakthrough() -> None:
    """5.15 and 7.4: disorder is a state, not a count: CE 8 disordered stays at 6."""
    out = assault(
        AssaultSituation([cav(8, disordered=True)], [inf(6)], breakthrough=True), RS, d(5)
    )
    assert out.details["attacker_value"] == 6
    assert out.effects["attacker_1"].disorder is False


@pytest.mark.parametrize("attackers", [[inf(6)], [bat(4)]])
def test_breakthrough_is_refused_for_an_infantry_or_artillery_attack(attackers: list[Unit]) -> None:
    """EotE 5.15: only cavalry makes a breakthrough; the field is named, like the sabre bonus."""
    with pytest.raises(RulesError) as err:
        assault(AssaultSituation(attackers, [inf(6)], breakthrough=True), RS, d())
    assert (err.value.field, err.value.rule) == ("breakthrough", "5.15")


# ------------------------------------------------------------------ numbers the text lacks


@pytest.mark.parametrize("arm", [Mover.CAVALRY, Mover.ARTILLERY])
def test_rout_rate_of_cavalry_and_artillery_is_provisional(arm: Mover) -> None:
    """5.1 lists the rout rate (20") under infantry only: the others read it, provisionally."""
    formation = F.LINE if arm is Mover.CAVALRY else F.LIMBERED
    out = movement(MovementSituation(arm, formation, routed=True), RS, d())
    assert out.details["allowance_in"] == 20
    assert out.details["allowance_source"] is Source.PROVISIONAL
    assert any("provisional" in n for n in out.notes)
    foot = movement(MovementSituation(Mover.INFANTRY, F.LINE, routed=True), RS, d())
    assert foot.details["allowance_source"] is Source.TEXT


def test_rear_support_is_provisional() -> None:
    """7.2 doubles a flank supporter (text) but gives no figure for the rear (the option's).

    A column on the rear: 1 × 2 = 2, provisional; on the flank: 1 × 2 = 2, text.
    """
    rear = [Support(CombatArm.INFANTRY, F.COLUMN, Position.REAR)]
    flank = [Support(CombatArm.INFANTRY, F.COLUMN, Position.FLANK)]
    r = assault(AssaultSituation([inf(6)], [inf(6)], rear), RS, d()).details["defender_modifiers"]
    f = assault(AssaultSituation([inf(6)], [inf(6)], flank), RS, d()).details["defender_modifiers"]
    assert [(m.value, m.source) for m in r] == [(2, Source.PROVISIONAL)]
    assert [(m.value, m.source) for m in f] == [(2, Source.TEXT)]
    assert "support_rear_factor" in r[0].reason


@pytest.mark.parametrize(
    ("ces", "source"), [([20, 20], Source.TEXT), ([22, 22], Source.PROVISIONAL)]
)
def test_divisional_ce_base_above_20_is_provisional(ces: list[int], source: Source) -> None:
    """9.0's table ends at 17-20 → 20; an average of 22 keeps 20, marked provisional."""
    out = integrity(IntegritySituation(ces), RS, d(1))
    assert out.details["ce_base"] == 20
    assert out.details["ce_base_source"] == source.value
    assert any("provisional" in n for n in out.notes) is (source is Source.PROVISIONAL)


def test_a_wing_commander_s_order_distance_is_provisional() -> None:
    """3.6 has no wing column: the wing reads the corps radius (rating 2: 24"), provisionally.

    10" is within half of 24": +0; for a corps commander the same +0 is a text value.
    """
    wing = order_activation(OrderActivationSituation(2, IssuerLevel.WING, 10), RS, d(3))
    corps = order_activation(OrderActivationSituation(2, IssuerLevel.CORPS, 10), RS, d(3))
    assert [(m.value, m.source) for m in wing.modifiers] == [(0, Source.PROVISIONAL)]
    assert [(m.value, m.source) for m in corps.modifiers] == [(0, Source.TEXT)]
    assert "wing" in wing.modifiers[0].reason
    assert wing.result == corps.result


# ------------------------------------------------------------------ silent readings as options


def test_cavalry_busy_with_cavalry_and_other_cavalry() -> None:
    """5.7 frees infantry and artillery from busy cavalry's pin; for cavalry, the option says."""
    s = PinningSituation(Mover.CAVALRY, Pinner.CAVALRY, 4, enemy_cavalry_engaged_with_cavalry=True)
    assert RS.options["cavalry_engaged_with_cavalry_pins_cavalry"].default is False
    out = pinning(s, RS, d())
    assert out.result == "not_pinned"
    assert "cavalry_engaged_with_cavalry_pins_cavalry=false" in out.notes[0]
    assert pinning(s, opt(cavalry_engaged_with_cavalry_pins_cavalry=True), d()).result == "pinned"
    foot = PinningSituation(
        Mover.INFANTRY, Pinner.CAVALRY, 4, enemy_cavalry_engaged_with_cavalry=True
    )
    for rs in (RS, opt(cavalry_engaged_with_cavalry_pins_cavalry=True)):
        assert pinning(foot, rs, d()).result == "not_pinned"  # the text's own exception


def test_enfilade_plus_1_only_covers_rear_supporters_too() -> None:
    """7.2: a column (1) on the rear in enfilade: ×2 then +1 = 3; plus_1_only: 1 + 1 = 2."""
    sup = [Support(CombatArm.INFANTRY, F.COLUMN, Position.REAR, enfilade=True)]
    s = AssaultSituation([inf(6)], [inf(6)], sup)
    (default,) = assault(s, RS, d()).details["defender_modifiers"]
    (plus,) = assault(s, opt(enfilade_support="plus_1_only"), d()).details["defender_modifiers"]
    assert (default.value, plus.value) == (3, 2)
    assert "enfilade_support=plus_1_only" in plus.reason
    assert plus.source is Source.TEXT  # no rear factor used: the column's 1 and the +1


def test_a_routed_unit_takes_no_morale_check_by_default() -> None:
    """7.4, 7.5: a routed unit has no morale left to test (option routed_unit_morale)."""
    s = MoraleSituation(inf(6, hits=3, routed=True))
    assert RS.options["routed_unit_morale"].default == "not_tested"
    with pytest.raises(RulesError) as err:
        morale(s, RS, d(1))
    assert (err.value.field, err.value.rule) == ("routed", "7.5")
    out = morale(s, opt(routed_unit_morale="as_formed"), d(1))
    assert (out.modified, out.result) == (3, "pass")  # 6 - 3 hits; 1 is lower
    assert any("routed_unit_morale=as_formed" in n for n in out.notes)


def test_kgl_counts_as_british_by_option() -> None:
    """The text names the British only; KGL skirmish as British, the rest by the option."""
    assert RS.options["kgl_counts_as_british"].default == "skirmish_only"
    all_rules = opt(kgl_counts_as_british="all_british_rules")
    assert counts_as_british("British", RS)
    assert counts_as_british("british", all_rules)
    assert not counts_as_british("kgl", RS)
    assert counts_as_british("KGL", all_rules)
    assert not counts_as_british("french", all_rules)
    # 5.151: declining the breakthrough, KGL cavalry rolls only under all_british_rules
    s = BritishBreakthroughSituation(nation="kgl")
    declined = british_cavalry_breakthrough(s, RS, d(4))
    assert (declined.result, declined.roll) == ("declined", None)
    assert "kgl_counts_as_british=skirmish_only" in declined.notes[0]
    forced = british_cavalry_breakthrough(s, all_rules, d(4))
    assert forced.result == "must_take"
    assert any("kgl_counts_as_british=all_british_rules" in n for n in forced.notes)
    # 5.6: KGL in line gets the British +2 only under the option (CE 6 + 2 = 8)
    line = SquareSituation(inf(6, nation="kgl"))
    assert square(line, RS, d(5)).modified == 6
    assert square(line, all_rules, d(5)).modified == 8
    column = SquareSituation(inf(6, F.COLUMN, nation="kgl"))
    assert square(column, RS, d(5)).modified == 8  # any column +2
    assert square(column, all_rules, d(5)).modified == 9  # British column +3


def test_british_counter_charge_reads_the_kgl_option() -> None:
    """7.11 for KGL infantry under all_british_rules: an attack thrown back (F/.) at +1..+3."""
    s = AssaultSituation([inf(7)], [inf(6, nation="kgl")])
    out = assault(s, RS, d(1))
    assert out.result == "F/./."
    assert out.details["british_counter_charge"] is False
    kgl = assault(s, opt(kgl_counts_as_british="all_british_rules"), d(1))
    assert kgl.details["british_counter_charge"] is True


# ------------------------------------------------------------------ own signs


def outcome_rows(out: Outcome) -> list[tuple[str, float]]:
    return [(m.reason, m.value) for m in out.modifiers]


def test_assault_shows_each_side_s_modifiers_with_its_own_sign() -> None:
    """7.6: the defender in woods has +2 (provisional chart); it reads +2, not -2.

    Attacker CE 6 on the flank (+3) = 9; defender CE 6 in woods (+2) = 8; attack value +1.
    """
    s = AssaultSituation(
        [inf(6)], [inf(6)], attacker_position=Position.FLANK, defender_cover=DefenderCover.WOODS
    )
    out = assault(s, RS, d())
    assert outcome_rows(out) == [
        ("attacker: attacking the flank", 3),
        ("defender: defender in woods", 2),
    ]
    assert (out.base, out.modified) == (0, 1)
