"""Every ambiguity of issue 14 as a named option: each value changes the ruling as it says."""

from __future__ import annotations

from typing import Any

import pytest

from eote_ref.packs.eote.rules.assault import (
    NO_RESULT,
    AssaultSituation,
    Position,
    Support,
    assault,
    support_modifier,
)
from eote_ref.packs.eote.rules.core import Outcome
from eote_ref.packs.eote.rules.fire import FireSituation, fire
from eote_ref.packs.eote.rules.morale import MoraleSituation, morale
from eote_ref.packs.eote.rules.movement import MovementSituation, Mover, movement
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.rules.units import CombatArm, Formation, Unit, Weight
from eote_ref.packs.eote.rulesets import load_default
from tests.unit.rules.conftest import dice

RS = load_default()
F = Formation

#: Options issue 14 adds (RULES-NOTES.md section 4) and the default each must have.
ADDED = {
    "town_morale_modifier": "replaces_formation",
    "routed_move_without_initiative": "half",
    "order_distance_rounding": "up",
    "scale_manoeuvre_costs": "scaled",
    "british_countercharge_on_even": "not_offered",
    "second_d_cavalry_v_disordered": "both_fall_back",
    "milling_cavalry_blown": "one_in_all",
    "indecisive_v_unsupported_guns": "rule_7_7",
    "enfilade_support": "doubled_then_plus_1",
    "skirmish_combat_reading": "stands_times_rating",
    "scaled_distance_floor": 0,
    "reserve_first_turn": "oac_roll",
    # the ground scale of 3.6 keeps its existing name (RULES-NOTES calls it order_distance_scale)
    "inches_per_1500_yards": 15,
    # issue 23's silent readings (each choice's ruling: tests/unit/rules/test_third_audit.py)
    "cavalry_engaged_with_cavalry_pins_cavalry": False,
    "routed_unit_morale": "not_tested",
    "kgl_counts_as_british": "skirmish_only",
    "infantry_fire_at_close_skirmishers": "refused",
    # issue 30: the attacker of 7.2 and 7.11 (each choice's ruling below)
    "assault_attacker": "initiative",
    # the half skirmish CE of 5.5.1 as the whole CE of fire and assault (test_skirmish.py)
    "skirmish_half_ce": "up",
}


def fight(s: AssaultSituation, rs: Ruleset, wanted: str) -> Outcome:
    """The assault at the first d10 face that gives ``wanted`` (``attacker/defender``)."""
    want = tuple(NO_RESULT if code == "." else code for code in wanted.split("/"))
    for face in range(1, 11):
        out = assault(s, rs, dice(face))
        if (out.details["attacker_result"], out.details["defender_result"]) == want:
            return out
    raise AssertionError(f"no roll gives {wanted}")


def opt(**chosen: Any) -> Ruleset:
    return RS.with_options(chosen)


def inf(ce: int = 6, formation: Formation = F.LINE, **kw: Any) -> Unit:
    return Unit(CombatArm.INFANTRY, ce, formation, **kw)


def cav(ce: int = 6, **kw: Any) -> Unit:
    return Unit(CombatArm.CAVALRY, ce, F.LINE, **kw)


def bat(ce: int = 5, **kw: Any) -> Unit:
    return Unit(CombatArm.ARTILLERY, ce, F.UNLIMBERED, **kw)


@pytest.mark.parametrize(("name", "default"), ADDED.items())
def test_each_option_is_in_the_ruleset_with_its_default(name: str, default: object) -> None:
    spec = RS.options[name]
    assert spec.default == default
    assert type(spec.default) is type(default)
    assert len(spec.choices) >= 2
    assert spec.rule
    assert len(spec.explanation) > 40


# ------------------------------------------------------------------ town morale (7.12)


def _morale_mods(unit: Unit, choice: str) -> list[float]:
    s = MoraleSituation(unit, in_town=True)
    return [m.value for m in morale(s, opt(town_morale_modifier=choice), dice(1)).modifiers]


@pytest.mark.parametrize(
    ("choice", "column", "square", "cavalry"),
    [
        ("replaces_formation", ["town"], ["town"], []),
        ("adds_to_formation", ["column", "town"], ["square", "town"], []),
        ("replaces_formation_cavalry_included", ["town"], ["town"], ["town"]),
    ],
)
def test_town_morale_modifier(
    choice: str, column: list[str], square: list[str], cavalry: list[str]
) -> None:
    """EotE 7.12: the town modifier instead of or with the formation one; cavalry by choice."""
    v = {k: RS.mod("morale", k).value for k in ("column", "square")}
    v["town"] = RS.mod("morale", "in_town").value
    assert _morale_mods(inf(6, F.COLUMN), choice) == [v[k] for k in column]
    assert _morale_mods(inf(6, F.SQUARE), choice) == [v[k] for k in square]
    assert _morale_mods(cav(6), choice) == [v[k] for k in cavalry]


def test_out_of_town_the_formation_modifier_applies_under_every_choice() -> None:
    for choice in RS.options["town_morale_modifier"].choices:
        s = MoraleSituation(inf(6, F.COLUMN))
        mods = morale(s, opt(town_morale_modifier=choice), dice(1)).modifiers
        assert [m.value for m in mods] == [RS.mod("morale", "column").value]


# ------------------------------------------------------------------ routed moves (4.0, 5.1)


@pytest.mark.parametrize(("choice", "fraction"), [("half", True), ("full", False)])
def test_routed_move_without_initiative(choice: str, fraction: bool) -> None:
    rout = RS.movement["rout"].value
    s = MovementSituation(Mover.INFANTRY, F.LINE, routed=True, has_initiative=False)
    out = movement(s, opt(routed_move_without_initiative=choice), dice(1))
    share = RS.movement["non_initiative_fraction"].value if fraction else 1
    assert out.details["allowance_in"] == rout * share
    with_initiative = MovementSituation(Mover.INFANTRY, F.LINE, routed=True)
    full = movement(with_initiative, opt(routed_move_without_initiative=choice), dice(1))
    assert full.details["allowance_in"] == rout


# ------------------------------------------------------------------ manoeuvre costs (5.2, 5.3)


@pytest.mark.parametrize("scale", ["6mm", "15mm", "25mm"])
@pytest.mark.parametrize("choice", ["scaled", "as_printed"])
def test_scale_manoeuvre_costs(choice: str, scale: str) -> None:
    rs = opt(scale_manoeuvre_costs=choice)
    shift = RS.scales[scale].value if choice == "scaled" else 0
    gun = movement(
        MovementSituation(Mover.ARTILLERY, F.LIMBERED, Weight.MEDIUM, figure_scale=scale),
        rs,
        dice(1),
    )
    assert gun.details["limber_in"] == RS.movement["artillery_limber"].value + shift
    assert gun.details["wheel_in"] == RS.movement["wheel_infantry_artillery"].value + shift
    horse = movement(MovementSituation(Mover.CAVALRY, F.LINE, figure_scale=scale), rs, dice(1))
    assert horse.details["wheel_in"] == RS.movement["wheel_cavalry"].value  # free stays free
    assert horse.details["formation_change_in"] == RS.movement["cavalry_formation_change"].value


def test_cavalry_in_skirmish_order_moves_at_a_provisional_rate() -> None:
    out = movement(MovementSituation(Mover.CAVALRY, F.SKIRMISH), RS, dice(1))
    assert out.details["allowance_in"] == RS.movement["cavalry_line"].value
    assert out.details["allowance_source"].value == "provisional"
    assert any("provisional" in n for n in out.notes)


# ------------------------------------------------------------------ British counter-charge (7.11)


@pytest.mark.parametrize(("choice", "offered"), [("not_offered", False), ("offered", True)])
def test_british_countercharge_on_even(choice: str, offered: bool) -> None:
    """Cavalry falling back from ./. against British infantry (7.7, 7.11)."""
    s = AssaultSituation([cav(6)], [inf(6, nation="british")])
    out = fight(s, opt(british_countercharge_on_even=choice), "./.")
    assert out.effects["attacker_1"].fall_back_in > 0
    assert out.details["british_counter_charge"] is offered
    # a real win is offered under either choice (F/. by the attacker)
    win = fight(
        AssaultSituation([inf(6)], [inf(6, nation="british")]),
        opt(british_countercharge_on_even=choice),
        "F/.",
    )
    assert win.details["british_counter_charge"] is True


# ------------------------------------------------------------------ who attacks (7.6, 7.2, 7.11)


def _charge_without_initiative(**kw: Any) -> AssaultSituation:
    """French cavalry without the initiative charged British line infantry (5.8, 7.6).

    One supporter, infantry in line on the front: worth +2 (7.2).
    """
    return AssaultSituation(
        [cav(6)],
        [inf(5, nation="british")],
        supports=[Support(CombatArm.INFANTRY, F.LINE)],
        attackers_have_initiative=False,
        **kw,
    )


def test_assault_attacker_initiative_backs_the_chargers_without_it() -> None:
    """EotE 7.6, 7.2: only the side without the initiative is supported, whoever charged.

    The side with the initiative attacks for the turn (7.6). The French chargers lack it: the
    +2 line supporter adds to their 6 (8), the British stay at 5, attack value 8 - 5 = +3.
    With ``charger`` the British are the defending side: 6 against 5 + 2 = 7, value -1.
    """
    plain = assault(_charge_without_initiative(), opt(assault_attacker="initiative"), dice(5))
    other = assault(_charge_without_initiative(), opt(assault_attacker="charger"), dice(5))
    assert (plain.details["attacker_value"], plain.details["defender_value"]) == (8, 5)
    assert plain.details["attack_value"] == 3
    assert (other.details["attacker_value"], other.details["defender_value"]) == (6, 7)
    assert other.details["attack_value"] == -1
    support = [m for m in plain.details["attacker_modifiers"] if m.rule == "7.2"]
    assert [m.value for m in support] == [2]
    assert not [m for m in plain.details["defender_modifiers"] if m.rule == "7.2"]
    assert any("assault_attacker=initiative" in n for n in plain.notes)
    # charger: the charged British are the defending side and take the +2 (7.2)
    support = [m for m in other.details["defender_modifiers"] if m.rule == "7.2"]
    assert [m.value for m in support] == [2]


@pytest.mark.parametrize(("choice", "offered"), [("initiative", False), ("charger", True)])
def test_assault_attacker_and_the_british_counter_charge(choice: str, offered: bool) -> None:
    """EotE 7.11: the counter-charge is against an attacker with the initiative.

    French infantry (CE 2) attacking British line (CE 9) comes off worst, F/./: beaten back,
    the British not disordered. With the initiative the French are the 7.6 attacker: offered
    under either choice. Without it (the French charged out of turn) only ``charger`` offers it.
    """
    french, british = inf(2, nation="french"), inf(9, nation="british")
    with_it = fight(AssaultSituation([french], [british]), opt(assault_attacker=choice), "F/.")
    assert with_it.details["british_counter_charge"] is True
    without = fight(
        AssaultSituation([french], [british], attackers_have_initiative=False),
        opt(assault_attacker=choice),
        "F/.",
    )
    assert without.effects["attacker_1"].fall_back_in > 0
    assert without.details["british_counter_charge"] is offered
    assert any("(7.11)" in n for n in without.notes) is offered


# ------------------------------------------------------------------ second D v cavalry (7.3)


@pytest.mark.parametrize(("choice", "falls"), [("both_fall_back", True), ("cavalry_only", False)])
def test_second_d_cavalry_v_disordered(choice: str, falls: bool) -> None:
    """D/D of cavalry on disordered infantry: the cavalry falls back; the infantry by option."""
    s = AssaultSituation([cav(6)], [inf(6, disordered=True)])
    out = fight(s, opt(second_d_cavalry_v_disordered=choice), "D/D")
    assert out.effects["attacker_1"].fall_back_in > 0
    assert (out.effects["defender_1"].fall_back_in > 0) is falls
    assert out.effects["defender_1"].hits == 0


# ------------------------------------------------------------------ milling cavalry (7.7, 5.10)


@pytest.mark.parametrize(
    ("choice", "end_of_turn"), [("one_in_all", False), ("one_more_at_end_of_turn", True)]
)
def test_milling_cavalry_blown(choice: str, end_of_turn: bool) -> None:
    s = AssaultSituation([cav(6)], [bat(6, supported=False)])
    out = fight(s, opt(milling_cavalry_blown=choice), "./.")
    e = out.effects["attacker_1"]
    assert e.blown_markers == 1
    assert ("cavalry_end_of_turn" in e.checks_due) is end_of_turn


def test_milling_while_already_blown_still_disintegrates() -> None:
    s = AssaultSituation([cav(6, blown=1)], [bat(4, supported=False)])
    e = fight(s, RS, "./.").effects["attacker_1"]
    assert "cavalry_end_of_turn" in e.checks_due


# ------------------------------------------------------------------ indecisive v guns (7.3, 7.7)


@pytest.mark.parametrize(("choice", "gunners_leave"), [("rule_7_7", True), ("rule_7_3", False)])
def test_indecisive_v_unsupported_guns(choice: str, gunners_leave: bool) -> None:
    s = AssaultSituation([cav(6)], [bat(6, supported=False)])
    out = fight(s, opt(indecisive_v_unsupported_guns=choice), "./.")
    assert out.effects["defender_1"].guns_abandoned is gunners_leave
    assert (out.effects["attacker_1"].fall_back_in > 0) is not gunners_leave
    # D/D is an even result, not the indecisive cell: 7.7 under either choice
    dd = fight(s, opt(indecisive_v_unsupported_guns=choice), "D/D")
    assert dd.effects["defender_1"].guns_abandoned is True


# ------------------------------------------------------------------ enfilade support (7.2)


@pytest.mark.parametrize(
    ("choice", "flank_enfilade"), [("doubled_then_plus_1", True), ("plus_1_only", False)]
)
def test_enfilade_support(choice: str, flank_enfilade: bool) -> None:
    rs = opt(enfilade_support=choice)
    base = RS.support["infantry_column"].value
    e = RS.support["enfilade"].value
    factor = RS.support["flank_factor"].value
    sup = Support(CombatArm.INFANTRY, F.COLUMN, Position.FLANK, enfilade=True)
    expected = base * factor + e if flank_enfilade else base + e
    assert support_modifier(sup, rs).value == expected
    front = Support(CombatArm.INFANTRY, F.COLUMN, Position.FRONT, enfilade=True)
    assert support_modifier(front, rs).value == base + e
    flank = Support(CombatArm.INFANTRY, F.COLUMN, Position.FLANK)
    assert support_modifier(flank, rs).value == base * factor


# ------------------------------------------------------------------ skirmish combat (5.5)


def test_skirmish_combat_reading_adds_skirmish_groups_in_full() -> None:
    firers = [inf(6, F.SKIRMISH), inf(5, F.SKIRMISH)]
    full = fire(FireSituation(firers, inf(), 4), opt(), dice(5))
    assert full.modified == 11
    halved = fire(
        FireSituation(firers, inf(), 4), opt(skirmish_combat_reading="multiple_unit"), dice(5)
    )
    assert halved.modified == 6 + 2  # the weaker at half, rounded down (7.9)


def test_skirmish_combat_reading_lets_formed_battalions_fire_back_combined() -> None:
    target = inf(6, F.SKIRMISH)
    firers = [inf(6), inf(4)]
    out = fire(FireSituation(firers, target, 4), RS, dice(5))
    skirm = RS.mod("fire", "target_skirmish").value
    assert out.modified == 6 + 2 + skirm
    assert any("skirmish_combat_reading" in m.reason for m in out.modifiers)
    with pytest.raises(ValueError, match="one at a time"):
        fire(
            FireSituation(firers, target, 4), opt(skirmish_combat_reading="multiple_unit"), dice(5)
        )
    with pytest.raises(ValueError, match="one at a time"):
        fire(FireSituation(firers, inf(), 4), RS, dice(5))
