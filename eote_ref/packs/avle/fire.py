"""Fire and shock (AVlE 7.0-7.3, 8.x, 9.0-9.2, 10.1, 11.0): to hit on a d10, then a d6 effect.

Stage one: the fire value from the Reference Sheet by type and range, with the 9.2 modifiers;
each full ten above 10 and above 20 is an automatic hit and a d10 of at most what is left
adds one more (AVlE 9.0). Stage two: a d6 on the combat effect table's column for the hits
(AVlE 9.1) gives elements lost and hexes of retreat, which 7.3, 9.1.1, 9.1.2 and 10.1 then
adjust. The odds of every result are exact over both dice. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from eote_ref.packs.avle.model import AvleRules, UnitType
from eote_ref.packs.dice import D6, D10, Roller
from eote_ref.packs.outcome import Modifier, Outcome, PackError, Source
from eote_ref.packs.outcome import whole_total as total

Terrain = Literal[
    "open", "road", "bridge", "orchard", "field", "wood", "hill",
    "farm", "town", "fortified", "stream", "marsh",
]  # fmt: skip
Aspect = Literal["front", "flank", "rear"]
Formation = Literal["combat", "square"]
BUILDINGS = frozenset({"farm", "town", "fortified"})
OPEN = frozenset({"open", "road", "bridge", "hill"})
#: Where infantry may form square (6.0: clear or hill, not a bridge, 8.6).
SQUARE_GROUND = frozenset({"open", "road", "hill"})
#: Orchards and fields: clear for a square or not, by the option ``square_ground`` (6.0).
CLEAR_BY_OPTION = frozenset({"orchard", "field"})
PACK = "avle"


def square_ground(rules: AvleRules) -> frozenset[str]:
    """The hexes where infantry may stand in square (6.0, 8.6; orchards and fields by option)."""
    if rules.opt("square_ground") == "orchard_and_field_too":
        return SQUARE_GROUND | CLEAR_BY_OPTION
    return SQUARE_GROUND


def check_square(
    rules: AvleRules, unit: UnitType, terrain: str, formation_field: str, terrain_field: str
) -> None:
    """Refuse a square that 6.0 forbids: only infantry forms one, on clear ground or a hill."""
    if unit.arm != "infantry":
        raise PackError(
            f"only infantry forms square; {unit.title} does not", formation_field, "6.0"
        )
    if terrain not in square_ground(rules):
        raise PackError(
            f"infantry may not stand in square in {terrain} (6.0, 8.6; "
            f"{rules.option_note('square_ground')})",
            terrain_field,
            "6.0",
        )


@dataclass(frozen=True)
class CombatSituation:
    """What fire and shock share: the two units, their hexes and the target's state."""

    firer: str
    target: str
    target_terrain: Terrain = "open"
    aspect: Aspect = "front"
    target_formation: Formation = "combat"
    general_attached: bool = False
    target_general_attached: bool = False
    moved: int = 0
    on_road: bool = False
    firer_terrain: Terrain = "open"
    firer_passed_morale: bool = False
    target_elements: int | None = None
    target_passed_morale: bool = False
    retreat_blocked: int = 0
    ordered: bool = True
    fired_this_round: bool = False
    reacted_this_round: bool = False
    retreated_this_round: bool = False


@dataclass(frozen=True)
class ShockSituation(CombatSituation):
    """A cavalry unit shocking an adjacent enemy (AVlE 7.3, 9.2)."""


@dataclass(frozen=True)
class FireSituation(CombatSituation):
    """Infantry, artillery or a garrison firing (AVlE 7.1-7.3)."""

    hexes: int = 1
    firer_formation: Formation = "combat"
    bombardment: bool = False
    orchards_crossed: int = 0
    firer_elements: int | None = None
    target_already_fired_on: bool = False
    changed_formation: bool = False
    entered_building: bool = False


# --------------------------------------------------------------------- stage one: to hit
def hits_of(value: int, roll: int, rules: AvleRules) -> tuple[int, int, int]:
    """(hits, automatic hits, the most a roll may show to add one) for a final fire value."""
    auto = 2 if value > 20 else 1 if value > 10 else 0
    if value > 30 and rules.opt("fire_value_over_ten") == "third_automatic_hit":
        auto = 3
    need = value - 10 * auto
    hit = roll <= need
    if rules.opt("low_and_high_rolls") == "one_hits_ten_misses":
        hit = roll == 1 or (roll != 10 and hit)
    return auto + int(hit), auto, need


def hit_distribution(value: int, rules: AvleRules) -> dict[int, Fraction]:
    """The chance of each number of hits for a final fire value (over a fair d10)."""
    out: dict[int, Fraction] = {}
    for roll in range(1, 11):
        h = hits_of(value, roll, rules)[0]
        out[h] = out.get(h, Fraction(0)) + Fraction(1, 10)
    return dict(sorted(out.items()))


# --------------------------------------------------------------------- the fire value
def _unit_at(rules: AvleRules, s: CombatSituation) -> tuple[UnitType, UnitType]:
    return rules.unit(s.firer, "firer"), rules.unit(s.target, "target")


def _check_move(firer: UnitType, s: CombatSituation, allowance: int) -> None:
    limit = allowance + (1 if s.on_road and allowance > 0 else 0)
    if s.moved > limit:
        road = " on a road" if s.on_road else ""
        raise PackError(
            f"{firer.title} may not fire after moving {s.moved} hexes{road} (at most {limit})",
            "moved",
            "6.0",
        )


def _garrison_fire(rules: AvleRules, s: CombatSituation, hexes: int, why: str) -> int:
    if hexes != 1:
        raise PackError(f"{why} fires only at an adjacent hex", "hexes", "7.3")
    return rules.data.units["garrison"].fire[0] or 0


def fire_value(
    rules: AvleRules, s: CombatSituation, hexes: int, shock: bool
) -> tuple[int, list[Modifier], list[str], str]:
    """The sheet value, the modifiers and notes, and how the firer fires (its arm)."""
    firer, target = _unit_at(rules, s)
    notes: list[str] = []
    mods: list[Modifier] = []
    zero = s.firer_passed_morale and rules.opt("passed_morale_fire") == "zero_plus_modifiers"
    if s.firer_passed_morale and not zero:
        raise PackError(
            "a unit that passed its morale test has a combat factor of 0 until rallied "
            f"({rules.option_note('passed_morale_fire')})",
            "firer_passed_morale",
            "15.0",
        )
    if target.arm == "garrison" and s.target_terrain not in BUILDINGS:
        raise PackError(
            "a garrison stands in buildings: give target_terrain farm, town or fortified",
            "target_terrain",
            "6.0",
        )
    if s.target_terrain in BUILDINGS and s.aspect != "front":
        raise PackError("a unit in buildings has no flank or rear", "aspect", "8.4")
    if (
        s.target_terrain in BUILDINGS
        and firer.arm == "cavalry"
        and (shock or s.firer_terrain not in BUILDINGS)
    ):
        raise PackError("cavalry may not shock a unit in a building", "target_terrain", "8.4")
    if shock:
        if firer.arm != "cavalry":
            raise PackError(f"only cavalry shocks; {firer.title} fires", "firer", "7.3")
        if s.firer_terrain in BUILDINGS:
            raise PackError("cavalry may not shock from a building", "firer_terrain", "6.0, 8.4")
        _check_move(firer, s, firer.fires_after_move)
        base = firer.fire_at(1) or 0
        arm = "cavalry"
    elif firer.arm == "cavalry":
        if s.firer_terrain not in BUILDINGS:
            raise PackError("cavalry shocks: use the shock procedure", "firer", "7.3")
        if rules.opt("cavalry_in_building") == "no_fire":
            raise PackError(
                f"cavalry in a building does not fire ({rules.option_note('cavalry_in_building')})",
                "firer_terrain",
                "6.0",
            )
        _refuse_entered_building(s)
        base = _garrison_fire(rules, s, hexes, "cavalry in a building")
        notes.append(
            f"cavalry in a building fires as a garrison, value 4 (8.4; "
            f"{rules.option_note('cavalry_in_building')})"
        )
        arm = "garrison"
    else:
        base, arm = _fire_base(rules, s, firer, target, hexes, notes)
    if arm == "garrison" and rules.opt("garrison_modifiers") == "none":
        notes.append(
            f"a garrison fires at 4 without modifiers (7.3; "
            f"{rules.option_note('garrison_modifiers')})"
        )
        return base, mods, notes, arm
    if zero:
        notes.append(
            f"combat factor 0 until rallied (15.0; {rules.option_note('passed_morale_fire')})"
        )
        mods.append(
            Modifier(-base, "combat factor 0 after a passed morale test", "15.0", Source.TEXT)
        )
    mods += _arm_modifiers(rules, s, arm, target, hexes, notes)
    mods += _terrain_modifiers(rules, s, arm)
    if isinstance(s, FireSituation) and s.bombardment:
        mods += _bombardment(rules, base, mods)
    return base, mods, notes, arm


def _refuse_entered_building(s: CombatSituation) -> None:
    assert isinstance(s, FireSituation)
    if s.entered_building:
        raise PackError(
            "a unit may not fire in the round it enters a building", "entered_building", "8.4"
        )


def _fire_base(
    rules: AvleRules,
    s: CombatSituation,
    firer: UnitType,
    target: UnitType,
    hexes: int,
    notes: list[str],
) -> tuple[int, str]:
    assert isinstance(s, FireSituation)
    _refuse_entered_building(s)
    if firer.arm == "garrison":
        if s.moved:
            raise PackError("a garrison may not move", "moved", "6.0")
        return _garrison_fire(rules, s, hexes, "a garrison"), "garrison"
    if firer.arm == "infantry":
        if s.firer_formation == "square" and s.moved:
            raise PackError("a square may not move", "moved", "6.0")
        if s.changed_formation and (rules.opt("formation_change_fire") == "no_fire" or s.moved):
            raise PackError(
                "infantry that changes formation may not move and fire "
                f"({rules.option_note('formation_change_fire')})",
                "changed_formation",
                "6.0",
            )
        _check_move(firer, s, firer.fires_after_move)
        if s.target_terrain in BUILDINGS and hexes > 1:
            raise PackError("infantry reaches a building only when adjacent to it", "hexes", "8.4")
    if firer.arm == "artillery":
        if s.firer_terrain in ("stream", "marsh"):
            raise PackError("artillery in a stream or marsh may not fire", "firer_terrain", "8.5")
        if s.bombardment and s.moved:
            raise PackError(
                "a bombarding battery doubles its fire or moves, not both", "bombardment", "3.2"
            )
        _check_move(firer, s, firer.fires_after_move)
    moving = bool(s.moved) and firer.moving_fire is not None
    if moving and rules.opt("horse_artillery_moved_row") == "two_hexes" and s.moved < 2:
        moving = False
    if firer.moving_fire is not None and s.moved:
        row = "after a move" if moving else "without a move"
        notes.append(f"the sheet's row {row} ({rules.option_note('horse_artillery_moved_row')})")
    reach = len(firer.moving_fire if moving and firer.moving_fire else firer.fire)
    value = firer.fire_at(hexes, moving)
    if firer.arm == "artillery" and s.firer_terrain == "hill" and hexes == reach + 1:
        value = firer.fire_at(reach, moving)
        notes.append("artillery on a hill reaches 1 hex further at its longest value (8.3)")
    if value is None:
        raise PackError(f"{firer.title} cannot fire {hexes} hexes (range {reach})", "hexes", "7.3")
    return value, firer.arm


def _arm_modifiers(
    rules: AvleRules,
    s: CombatSituation,
    arm: str,
    target: UnitType,
    hexes: int,
    notes: list[str],
) -> list[Modifier]:
    m = rules.data.modifiers
    out: list[Modifier] = []
    flank = s.aspect != "front"
    square = target.arm == "infantry" and s.target_formation == "square"
    if s.general_attached:
        if arm in ("infantry", "cavalry") and hexes == 1:
            out.append(m["general_attached"].modifier())
        elif arm == "artillery":
            notes.append("an attached General gives artillery nothing (7.3.12)")
        else:
            notes.append("an attached General adds only against an adjacent enemy (7.3.11)")
    if arm == "infantry":
        count = int(square) + int(flank)
        if count and hexes == 1:
            each = rules.opt("infantry_square_flank") == "each"
            out.append(
                m["infantry_on_square_flank"].modifier(
                    f"{m['infantry_on_square_flank'].reason} "
                    f"({rules.option_note('infantry_square_flank')})",
                    count if each else 1,
                )
            )
        if isinstance(s, FireSituation) and s.firer_formation == "square":
            out.append(m["infantry_from_square"].modifier())
        if target.arm == "artillery" and hexes == 2:
            out.append(m["infantry_on_artillery_at_2"].modifier())
        if target.arm == "cavalry":
            out.append(m["infantry_on_cavalry"].modifier())
    elif arm == "cavalry":
        if flank:
            out.append(m["cavalry_on_flank"].modifier())
        if target.arm == "infantry" and not square:
            ground = set(OPEN)
            if rules.opt("cavalry_open_ground") == "orchard_and_field_too":
                ground |= {"orchard", "field"}
            if s.target_terrain in ground:
                v = m["cavalry_on_open_infantry"]
                out.append(v.modifier(f"{v.reason} ({rules.option_note('cavalry_open_ground')})"))
        if square:
            out.append(m["cavalry_on_square"].modifier())
        if target.arm == "artillery":
            out.append(m["cavalry_on_artillery"].modifier())
    elif arm == "artillery":
        if square:
            out.append(m["artillery_on_square"].modifier())
        if flank and hexes == 1:
            out.append(m["artillery_on_flank"].modifier())
        if target.arm == "artillery":
            out.append(m["artillery_on_artillery"].modifier())
        if target.arm == "cavalry":
            out.append(m["artillery_on_cavalry"].modifier())
    return out


def _terrain_modifiers(rules: AvleRules, s: CombatSituation, arm: str) -> list[Modifier]:
    out: list[Modifier] = []
    # 8.2's -1 for orchards in or on the line, and the target's own hex (9.2) when it is
    # not an orchard: two separate modifiers, a wood behind an orchard takes both.
    crossed = s.orchards_crossed if isinstance(s, FireSituation) else 0
    orchards = int(s.target_terrain == "orchard") + crossed
    if orchards:
        v = rules.data.target_terrain["orchard"]
        each = rules.opt("orchards_on_line") == "each"
        reason = f"target in or firing through an orchard ({rules.option_note('orchards_on_line')})"
        out.append(v.modifier(reason, orchards if each else 1))
    if s.target_terrain != "orchard" and s.target_terrain in rules.data.target_terrain:
        out.append(rules.data.target_terrain[s.target_terrain].modifier())
    artillery_in_building = arm == "artillery" and s.firer_terrain in BUILDINGS
    if s.firer_terrain in rules.data.firing_terrain and not artillery_in_building:
        out.append(rules.data.firing_terrain[s.firer_terrain].modifier())
    return out


def _bombardment(rules: AvleRules, base: int, mods: list[Modifier]) -> list[Modifier]:
    v = rules.data.modifiers["bombardment"]
    if rules.opt("bombardment_doubling") == "sheet_value":
        amount = base * (v.value - 1)
    else:
        amount = max(total(base, mods), 0) * (v.value - 1)
    return [
        Modifier(
            amount, f"{v.reason} ({rules.option_note('bombardment_doubling')})", v.rule, v.source
        )
    ]


# --------------------------------------------------------------------- stage two: effect
@dataclass(frozen=True)
class Effect:
    """What one result does to the target."""

    table: tuple[int, int]
    losses: int
    retreat: int
    result: str
    may_ignore_retreat: tuple[str, ...]
    notes: tuple[str, ...]


def effect_of(
    rules: AvleRules, s: CombatSituation, arm: str, hexes: int, hits: int, face: int | None
) -> Effect:
    """The adjusted effect of ``hits`` and a d6 ``face`` (None: a miss) on the target."""
    target = rules.data.units[s.target]
    elements = s.target_elements if s.target_elements is not None else target.elements
    if hits == 0 or face is None:
        return Effect((0, 0), 0, 0, "miss", (), ())
    loss, retreat = rules.combat_effect().lookup(hits, face)
    table = (loss, retreat)
    notes: list[str] = []
    cap: int | None = None
    if arm == "infantry" and isinstance(s, FireSituation):
        cap = (
            s.firer_elements if s.firer_elements is not None else rules.data.units[s.firer].elements
        )
        if loss > cap:
            notes.append(f"infantry with {cap} element(s) causes at most {cap} loss(es) (7.3)")
            loss = cap
    if target.arm == "garrison":
        if rules.opt("garrison_hit") == "any_hit":
            loss = max(loss, 1)
        retreat = 0
    elif elements == 1 and rules.opt("last_element_hit") == "any_hit":
        if not loss:
            notes.append(
                f"a hit on a unit with no chips left takes its last element (9.1.1; "
                f"{rules.option_note('last_element_hit')})"
            )
        loss = max(loss, 1)
    convert = False
    if target.arm == "artillery" and retreat:
        if hexes == 1:
            convert, why = True, "artillery fired on or charged from an adjacent hex"
        elif rules.opt("artillery_ignores_retreat") == "range_two_or_more" or (
            isinstance(s, FireSituation) and s.target_already_fired_on
        ):
            notes.append(
                f"artillery fired on from afar ignores retreat (10.1 H; "
                f"{rules.option_note('artillery_ignores_retreat')})"
            )
            retreat = 0
    if (
        target.arm == "infantry"
        and s.target_formation == "square"
        and hexes == 1
        and arm in ("infantry", "artillery")
        and retreat
    ):
        convert, why = True, "a square fired on from an adjacent hex"
    if convert and retreat:
        extra = retreat if rules.opt("retreat_into_loss") == "per_hex" else 1
        notes.append(
            f"{why} loses {extra} element(s) instead of retreating (10.1; "
            f"{rules.option_note('retreat_into_loss')})"
        )
        loss, retreat = loss + extra, 0
    ignore = _may_ignore(s, target.arm) if retreat else []
    if retreat and s.retreat_blocked and ignore:
        blocked = min(s.retreat_blocked, retreat)
        notes.append(
            f"cannot retreat {blocked} hex(es) but may ignore its retreat ({ignore[0]}): "
            "no loss for the hexes it cannot take (10.1 B)"
        )
        retreat -= blocked
    elif retreat and s.retreat_blocked:
        blocked = min(s.retreat_blocked, retreat)
        extra = blocked if rules.opt("blocked_retreat_loss") == "per_hex" else 1
        notes.append(
            f"cannot retreat {blocked} hex(es): {extra} more loss(es) (10.1 B, C; "
            f"{rules.option_note('blocked_retreat_loss')})"
        )
        loss, retreat = loss + extra, retreat - blocked
    if cap is not None and loss > cap and rules.opt("infantry_cap_extra_losses") == "all_losses":
        notes.append(
            f"the 7.3 cap of {cap} covers the losses of 10.1 too "
            f"({rules.option_note('infantry_cap_extra_losses')})"
        )
        loss = cap
    if not retreat:
        ignore = []
    removed = min(loss, elements)
    tests_at = rules.data.morale_losses.get(target.arm)
    lost_after = target.elements - elements + removed
    test_due = (
        rules.opt("morale_rule")
        and tests_at is not None
        and lost_after >= tests_at.value
        and not s.target_passed_morale
    )
    surplus_removes = rules.opt("morale_surplus_loss") == "removes"
    if removed < loss and test_due and surplus_removes:
        notes.append(
            f"{loss - removed} loss(es) beyond the unit's elements: a loss after the morale "
            f"test's, so the unit is removed whatever the test (15.0; "
            f"{rules.option_note('morale_surplus_loss')})"
        )
        test_due = False
    elif removed < loss:
        why = f" (15.0; {rules.option_note('morale_surplus_loss')})" if test_due else " (9.1.2)"
        notes.append(f"{loss - removed} loss(es) beyond the unit's elements are wasted{why}")
    if test_due:
        result, retreat = "morale_test", 0
        notes.append(f"{lost_after} losses in all: a morale test instead of removal (15.0)")
    elif removed >= elements:
        result, retreat = "eliminated", 0
    else:
        result = f"L{removed}R{retreat}"
    return Effect(table, removed, retreat, result, tuple(ignore), tuple(notes))


def _may_ignore(s: CombatSituation, arm: str) -> list[str]:
    """Why the target may ignore a retreat, if it may (10.1 E, 7.3.17)."""
    out: list[str] = []
    if arm == "infantry" and s.target_formation == "square":
        out.append("infantry in square (10.1 E)")
    if arm == "infantry" and s.target_terrain in BUILDINGS:
        out.append("infantry in buildings (10.1 E)")
    if s.target_general_attached and arm in ("infantry", "cavalry"):
        out.append("a General attached (7.3.17)")
    return out


def check_orders(s: CombatSituation) -> None:
    """Refuse fire or a shock the state of the unit's orders forbids (5.1, 7.0.1, 9.3, 10.1 D)."""
    if not s.ordered:
        raise PackError("only a unit given an order this round fires or shocks", "ordered", "5.1")
    if s.fired_this_round:
        raise PackError("a unit fires once a round", "fired_this_round", "7.0.1")
    if s.reacted_this_round:
        raise PackError(
            "a unit that reacted to a charge neither moves nor fires this round",
            "reacted_this_round",
            "9.3",
        )
    if s.retreated_this_round and s.moved:
        raise PackError("a unit that retreated this round may fire but not move", "moved", "10.1")


def _check_counts(rules: AvleRules, s: CombatSituation) -> None:
    firer, target = _unit_at(rules, s)
    check_orders(s)
    if s.target_formation == "square":
        check_square(rules, target, s.target_terrain, "target_formation", "target_terrain")
    if isinstance(s, FireSituation) and s.firer_formation == "square":
        check_square(rules, firer, s.firer_terrain, "firer_formation", "firer_terrain")
    bounds: list[tuple[str, int | None, int, int]] = [
        ("moved", s.moved, 0, 4),
        ("retreat_blocked", s.retreat_blocked, 0, 2),
        ("target_elements", s.target_elements, 1, target.elements),
    ]
    if isinstance(s, FireSituation):
        bounds.append(("firer_elements", s.firer_elements, 1, firer.elements))
    for name, value, lo, hi in bounds:
        if value is not None and not lo <= value <= hi:
            raise PackError(f"{name} {value} is out of range {lo}..{hi}", name)


def _resolve(
    rules: AvleRules, s: CombatSituation, hexes: int, shock: bool, roller: Roller
) -> Outcome:
    _check_counts(rules, s)
    base, mods, notes, arm = fire_value(rules, s, hexes, shock)
    value = total(base, mods)
    roll = roller.number("roll", D10)
    hits, auto, need = hits_of(value, roll, rules)
    hit_dist = hit_distribution(value, rules)
    probabilities: dict[str, Fraction] = {}
    by_hits: dict[int, dict[str, Fraction]] = {}
    for h, p in hit_dist.items():
        faces = [None] if h == 0 else list(range(1, 7))
        dist: dict[str, Fraction] = {}
        for face in faces:
            r = effect_of(rules, s, arm, hexes, h, face).result
            dist[r] = dist.get(r, Fraction(0)) + Fraction(1, len(faces))
        by_hits[h] = dist
        for r, q in dist.items():
            probabilities[r] = probabilities.get(r, Fraction(0)) + p * q
    face = roller.number("effect_roll", D6) if hits else None
    eff = effect_of(rules, s, arm, hexes, hits, face)
    details: dict[str, Any] = {
        "fire_value": value,
        "automatic_hits": auto,
        "hit_on": max(min(need, 10), 0),
        "hits": hits,
        "table": {"losses": eff.table[0], "retreat": eff.table[1]},
        "losses": eff.losses,
        "retreat": eff.retreat,
        "eliminated": eff.result == "eliminated",
        "morale_test_due": eff.result == "morale_test",
        "may_ignore_retreat": list(eff.may_ignore_retreat),
        "general_check_losses": _general_losses(rules, s, eff),
        "pursuit_due": pursuit_due(shock, eff),
        "hits_probabilities": {str(h): p for h, p in hit_dist.items()},
        "effect_probabilities": by_hits[hits] if hits else None,
    }
    if eff.result == "eliminated" and s.target_general_attached and eff.table[1]:
        notes.append(
            f"the General with it, if he lives, retreats the result's {eff.table[1]} hex(es) "
            "(9.4.4)"
        )
    rule = "9.2" if shock else "9.0"
    return Outcome.of_pack(
        pack=PACK,
        procedure="shock" if shock else "fire",
        rule=rule,
        base=base,
        modifiers=tuple(mods),
        modified=value,
        rolls=dict(roller.used),
        result=eff.result,
        probabilities=probabilities,
        details=details,
        notes=tuple(notes) + eff.notes,
    )


def pursuit_due(shock: bool, eff: Effect) -> str:
    """Whether the shocking cavalry's pursuit test falls due (9.1.3).

    ``yes``: the target is destroyed or must retreat; ``if_target_retreats``: it may ignore
    its retreat (a square or buildings, 10.1 E; a General, 7.3.17) and the test is due only if
    it goes; ``if_target_routs``: a morale test decides (15.0); ``no``: the target stays, or
    the firer is not cavalry shocking (only cavalry pursues).
    """
    if not shock or eff.result == "miss":
        return "no"
    if eff.result == "morale_test":
        return "if_target_routs"
    if eff.result == "eliminated":
        return "yes"
    if not eff.retreat:
        return "no"
    return "if_target_retreats" if eff.may_ignore_retreat else "yes"


def _general_losses(rules: AvleRules, s: CombatSituation, eff: Effect) -> int | None:
    """The losses a General attached to the target rolls for (9.4), or None when none."""
    if not s.target_general_attached or eff.result == "miss":
        return None
    n = eff.table[0] if rules.opt("general_kill_losses") == "table" else eff.losses
    return n or None


def fire(s: FireSituation, rules: AvleRules, roller: Roller) -> Outcome:
    """Infantry, artillery or a garrison fires (AVlE 7.1-7.3, 9.0-9.2)."""
    if not 1 <= s.hexes <= 6:
        raise PackError(f"hexes {s.hexes} is out of range 1..6", "hexes")
    if s.orchards_crossed < 0:
        raise PackError("orchards_crossed is 0 or more", "orchards_crossed")
    return _resolve(rules, s, s.hexes, False, roller)


def shock(s: ShockSituation, rules: AvleRules, roller: Roller) -> Outcome:
    """Cavalry shocks an adjacent enemy (AVlE 7.3, 9.2)."""
    return _resolve(rules, s, 1, True, roller)
