"""Tactical assault (EotE 7.x): attack value, multiple units, support, and every consequence.

The attacker is the side with the initiative (7.6); cavalry of the other side that charged
infantry or guns this turn attacks in the combat's arithmetic (5.8, 5.18), and the situation
says so (``attackers_have_initiative``). Who is the attacker for supports (7.2) and the British
counter-charge (7.11) is then the option ``assault_attacker``: ``initiative`` (the text of 7.6:
the side with the initiative, whoever charged) or ``charger`` (the side that attacks in the
combat). Each side's units are modified and combined (7.9), the defending side adds its
supporters (7.2), and the attack value (attacker minus defender) picks the assault-table
column. Results then follow 7.3 for infantry fights and
7.7 for fights involving cavalry: fall back, hits, rout, breakthrough (5.15), blown markers
(5.10), guns abandoned (7.0, 7.7), British counter-charge (7.11).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from dataclasses import dataclass, field

from eote_ref.packs.eote.rules.combine import combine, floor_at_zero
from eote_ref.packs.eote.rules.core import (
    Effect,
    Modifier,
    Outcome,
    Reveals,
    RulesError,
    Source,
    d10_distribution,
)
from eote_ref.packs.eote.rules.dice import Dice
from eote_ref.packs.eote.rules.morale import rout_hits
from eote_ref.packs.eote.rules.ruleset import AssaultColumn, Ruleset
from eote_ref.packs.eote.rules.units import (
    CombatArm,
    Formation,
    Unit,
    combat_modifiers,
    counts_as_british,
    morale_check_due,
)

RULE = "7.6"
NO_RESULT = "./."
#: The order of the result codes from best to worst (7.3); ranks, not rule numbers.
SEVERITY = {code: rank for rank, code in enumerate((NO_RESULT, "D", "F", "1", "2", "R"))}
#: Result codes that are a number of hits (7.3).
HIT_CODES = ("1", "2")


class Position(enum.Enum):
    """Where a unit stands relative to the unit it acts against."""

    FRONT = "front"
    FLANK = "flank"
    REAR = "rear"


class DefenderCover(enum.Enum):
    """The defender's position."""

    NONE = "none"
    TOWN = "town"
    FORTIFIED = "fortified"
    WOODS = "woods"
    WALL = "wall"


@dataclass(frozen=True)
class Support:
    """A supporter within 2" of the defending side that is not itself engaged (EotE 7.2)."""

    arm: CombatArm
    formation: Formation
    position: Position = Position.FRONT
    enfilade: bool = False


@dataclass(frozen=True)
class AssaultSituation:
    """One assault: the initiative side's ``attackers`` against ``defenders``.

    ``attacker_position`` is where the attackers strike the defender (front, flank, rear);
    ``breakthrough`` marks a combat fought on breakthrough movement (no second one, 5.15).
    ``attackers_have_initiative`` is false when the attackers are the other side's cavalry
    that charged (5.8): with option ``assault_attacker=initiative`` the ``supports`` then back
    the attackers, the side without the initiative (7.2), and no counter-charge is offered
    against them (7.11). ``attack_columns`` says the attacking infantry's plain columns are
    attack columns, the assault formation of 1.0.2; false: field or road columns (1.0.2, 10.0),
    which do not take the attack column's bonus. A French assault column is always one (1.0.2).
    """

    attackers: list[Unit]
    defenders: list[Unit]
    supports: list[Support] = field(default_factory=list)
    attacker_position: Position = Position.FRONT
    attacker_enfilade: bool = False
    defender_cover: DefenderCover = DefenderCover.NONE
    uphill: bool = False
    sabre_bonus: bool = False
    sappers: bool = False
    breakthrough: bool = False
    figure_scale: str = "15mm"
    attackers_have_initiative: bool = True
    attack_columns: bool = True


def assault_column(rs: Ruleset, attack_value: float) -> AssaultColumn:
    """The table column for the size of an attack value (negative values use the mirror)."""
    return rs.charts.assault_table.lookup(abs(attack_value))


def column_label(col: AssaultColumn, negative: bool) -> str:
    """A column's heading as the umpire reads it, e.g. ``+1..+3`` or ``-4..-6``."""
    lo, hi = col.attack_value
    sign = "-" if negative else "+"
    if lo == 0 and hi == 0:
        return "0"
    if hi is None:
        return f"≤ -{lo}" if negative else f"≥ +{lo}"
    return f"{sign}{lo}..{sign}{hi}"


def table_results(rs: Ruleset, attack_value: float, roll: int) -> tuple[str, str]:
    """(attacker result, defender result) for an attack value and a d10 (mirror for negatives)."""
    col = assault_column(rs, attack_value)
    if attack_value >= 0:
        a, d = col.cells[roll - 1].split("/")
    else:
        d, a = col.cells[10 - roll].split("/")
    return _code(a), _code(d)


def _code(part: str) -> str:
    return NO_RESULT if part == "." else part


def _validate(s: AssaultSituation) -> None:
    if not s.attackers:
        raise RulesError("at least one attacker is needed", field="attackers", rule=RULE)
    if not s.defenders:
        raise RulesError("at least one defender is needed", field="defenders", rule=RULE)
    arms = {u.arm for u in s.attackers}
    if CombatArm.CAVALRY in arms and len(arms) > 1:
        raise RulesError(
            "cavalry combats are resolved on their own, before the infantry's",
            field="attackers",
            rule="2.0",
        )
    if any(u.routed for u in s.attackers):
        raise RulesError("a routed unit cannot attack", field="attackers", rule="7.4")
    cavalry = arms == {CombatArm.CAVALRY}
    if not cavalry and all(d.arm is CombatArm.CAVALRY for d in s.defenders):
        raise RulesError(
            "infantry and artillery do not assault cavalry", field="defenders", rule="5.18"
        )
    heavy = s.defender_cover in (DefenderCover.FORTIFIED, DefenderCover.WOODS)
    if cavalry and heavy:
        raise RulesError(
            "cavalry may not charge into woods or fortifications",
            field="defender_cover",
            rule="5.8.1",
        )
    if (
        cavalry
        and s.defender_cover is DefenderCover.TOWN
        and not all(u.formation is Formation.COLUMN for u in s.attackers)
    ):
        raise RulesError(
            "in a town cavalry fights in the street and charges only in column",
            field="defender_cover",
            rule="7.12",
        )
    if s.sabre_bonus and not cavalry:
        raise RulesError("only cavalry has the sabre bonus", field="sabre_bonus", rule="5.16")
    if s.breakthrough and not cavalry:
        raise RulesError(
            "only cavalry makes a breakthrough: an infantry or artillery attack never is one",
            field="breakthrough",
            rule="5.15",
        )
    if s.sabre_bonus and any(d.arm is CombatArm.CAVALRY for d in s.defenders):
        raise RulesError(
            "the sabre bonus is against infantry or artillery only", "sabre_bonus", "5.16"
        )
    if s.sappers and s.defender_cover is not DefenderCover.TOWN:
        raise RulesError("sappers count only in town assaults", field="sappers", rule="7.12")
    for i, sup in enumerate(s.supports):
        if sup.arm is CombatArm.CAVALRY:
            raise RulesError(
                f"support {i + 1}: only infantry and artillery support", "supports", "7.2"
            )
        if sup.arm is CombatArm.INFANTRY and sup.formation not in (
            Formation.LINE,
            Formation.COLUMN,
            Formation.FRENCH_ASSAULT_COLUMN,
            Formation.SQUARE,
        ):
            raise RulesError(
                f"support {i + 1}: infantry supports in line, column or square", "supports", "7.2"
            )
        if sup.arm is CombatArm.ARTILLERY and sup.formation is not Formation.UNLIMBERED:
            raise RulesError(f"support {i + 1}: a battery supports unlimbered", "supports", "7.2")


def in_attack_column(u: Unit, attack_columns: bool) -> bool:
    """Whether ``u`` is infantry in an attack column (EotE 1.0.2).

    A French assault column always is; a plain column when the attackers' columns are attack
    columns rather than field or road columns.
    """
    if u.arm is not CombatArm.INFANTRY:
        return False
    return u.formation is Formation.FRENCH_ASSAULT_COLUMN or (
        u.formation is Formation.COLUMN and attack_columns
    )


def _unit_mods(
    u: Unit, attacking: bool, cavalry_attack: bool, rs: Ruleset, attack_columns: bool = True
) -> list[Modifier]:
    if not attacking and u.routed:
        return [Modifier(-u.ce, "routed unit assaulted: CE 0", "7.4", Source.TEXT, Reveals.CE)]
    mods = combat_modifiers(u, rs)
    if u.leader_attached:
        mods.append(rs.mod("assault", "leader_attached").modifier())
    if attacking and in_attack_column(u, attack_columns):
        mods.append(rs.mod("assault", "attack_column").modifier())
    if not attacking and cavalry_attack:
        if u.formation is Formation.SQUARE:
            mods.append(rs.mod("assault", "square_vs_cavalry").modifier())
        if u.arm is CombatArm.ARTILLERY and not u.supported:
            mods.append(rs.mod("assault", "unsupported_artillery").modifier())
    return mods


def _side(
    units: list[Unit],
    who: str,
    attacking: bool,
    cavalry_attack: bool,
    rs: Ruleset,
    attack_columns: bool = True,
) -> tuple[float, list[Modifier]]:
    values: list[float] = []
    mods: list[Modifier] = []
    for i, u in enumerate(units):
        own = _unit_mods(u, attacking, cavalry_attack, rs, attack_columns)
        v = u.ce + sum(m.value for m in own)
        # Several units each count at least 0 before 7.9 combines them; a lone unit is
        # floored once, after the side's modifiers too (see ``assault``).
        floor = floor_at_zero(v, rs) if len(units) > 1 else None
        if floor:
            own.append(floor)
            v = 0.0
        tag = f"{who} {i + 1}" if len(units) > 1 else who
        mods += [m.labelled(f"{tag}: {m.reason}") for m in own]
        values.append(v)
    value, combo = combine(values, rs, who)
    if combo:
        mods.append(combo)
    return value, mods


def support_modifier(sup: Support, rs: Ruleset) -> Modifier:
    """One supporter's bonus: by formation, doubled on the flank, +1 in enfilade (EotE 7.2)."""
    if sup.arm is CombatArm.ARTILLERY:
        v = rs.support["artillery"]
    elif sup.formation is Formation.LINE or sup.formation is Formation.FRENCH_ASSAULT_COLUMN:
        v = rs.support["infantry_line"]
    elif sup.formation is Formation.SQUARE:
        v = rs.support["infantry_square"]
    else:
        v = rs.support["infantry_column"]
    value = v.value
    parts = [f"{v.reason} {v.value:g}"]
    source = v.source
    if sup.position is Position.FLANK:
        f = rs.support["flank_factor"]
        value *= f.value
        parts.append(f"×{f.value:g} on the flank")
    elif sup.position is Position.REAR:
        # 7.2 values a rear supporter without giving a figure: the factor is the option's.
        factor = float(rs.opts.support_rear_factor)
        value *= factor
        parts.append(
            f"×{factor:g} on the rear (option support_rear_factor; the text gives no figure)"
        )
        source = Source.PROVISIONAL if source is Source.TEXT else source
    if sup.enfilade:
        e = rs.support["enfilade"]
        placed = sup.position is not Position.FRONT
        if placed and rs.opts.enfilade_support == "plus_1_only":
            value = v.value
            parts = [
                f"{v.reason} {v.value:g}",
                f"not multiplied on the {sup.position.value} (option enfilade_support=plus_1_only)",
            ]
            source = v.source
        value += e.value
        parts.append(f"+{e.value:g} in enfilade")
    return Modifier(value, "support: " + ", ".join(parts), "7.2", source)


def _side_modifiers(s: AssaultSituation, rs: Ruleset) -> tuple[list[Modifier], list[Modifier]]:
    att: list[Modifier] = []
    if s.attacker_position is Position.FLANK:
        att.append(rs.mod("assault", "flank").modifier())
    elif s.attacker_position is Position.REAR:
        att.append(rs.mod("assault", "rear").modifier())
    if s.attacker_enfilade:
        att.append(rs.mod("assault", "enfilade").modifier())
    if s.uphill:
        att.append(rs.mod("assault", "uphill").modifier())
    if s.sabre_bonus:
        att.append(rs.mod("assault", "sabre_bonus").modifier())
    if s.sappers:
        att.append(rs.mod("assault", "sappers").modifier())
    dfd: list[Modifier] = []
    cover = {
        DefenderCover.TOWN: "defender_town",
        DefenderCover.FORTIFIED: "defender_town",
        DefenderCover.WOODS: "defender_woods",
        DefenderCover.WALL: "defender_wall",
    }.get(s.defender_cover)
    if cover:
        dfd.append(rs.mod("assault", cover).modifier())
    supports = [support_modifier(sup, rs) for sup in s.supports]
    if defending_side(s, rs) == "attacker":
        att += supports
    else:
        dfd += supports
    return att, dfd


def defending_side(s: AssaultSituation, rs: Ruleset) -> str:
    """Which side of the combat is the defender of 7.2 and 7.11: ``attacker`` or ``defender``.

    By 7.6 the side with the initiative attacks for the turn; with option
    ``assault_attacker=initiative`` a combat whose attackers lack it (the other side's
    cavalry charged, 5.8) has its attackers as the defending side; with ``charger`` the
    combat's defenders always are.
    """
    if s.attackers_have_initiative or rs.opts.assault_attacker == "charger":
        return "defender"
    return "attacker"


@dataclass(frozen=True)
class _Verdict:
    loser: str
    even: bool
    falls_back: dict[str, bool]
    unit_falls: dict[str, list[bool]]
    breakthrough: str | None
    gunners_flee: bool
    cavalry_blown_on_guns: bool
    engaged: bool
    notes: tuple[str, ...]


def _verdict(s: AssaultSituation, a: str, d: str, rs: Ruleset) -> _Verdict:
    sa, sd = SEVERITY[a], SEVERITY[d]
    loser = ("none" if sa == 0 else "both") if sa == sd else "attacker" if sa > sd else "defender"
    cav_att = all(u.arm is CombatArm.CAVALRY for u in s.attackers)
    cav_def = all(u.arm is CombatArm.CAVALRY for u in s.defenders)
    falls = {
        "attacker": a in ("F", "1", "2", "R"),
        "defender": d in ("F", "1", "2", "R"),
    }
    notes: list[str] = []
    gunners = blown = False
    if cav_att or cav_def:
        # 7.7: in a cavalry fight the worse result falls back; even results by arm.
        unsupported_guns = all(
            u.arm is CombatArm.ARTILLERY and not u.supported for u in s.defenders
        ) and any(u.arm is CombatArm.ARTILLERY for u in s.defenders)
        if loser in ("attacker", "defender"):
            falls[loser] = True
        elif cav_att and cav_def:
            falls = {"attacker": True, "defender": True}
            notes.append("cavalry against cavalry: an even result sends both back (7.7)")
        elif (
            unsupported_guns
            and cav_att
            and (a != NO_RESULT or rs.opts.indecisive_v_unsupported_guns == "rule_7_7")
        ):
            falls = {"attacker": False, "defender": True}
            gunners = blown = True
            loser = "defender"
            notes.append(
                "even against unsupported artillery: the gunners leave the guns, "
                "the cavalry is blown among them and gets no breakthrough (7.7)"
            )
        else:
            cav_side = "attacker" if cav_att else "defender"
            falls[cav_side] = True
            loser = cav_side
            if unsupported_guns:
                notes.append(
                    "an indecisive result: attacking cavalry falls back "
                    "(7.3; option indecisive_v_unsupported_guns=rule_7_3)"
                )
            else:
                notes.append(
                    "an even result against infantry or supported artillery: "
                    "cavalry falls back (7.7)"
                )
    breakthrough = None
    if not gunners:
        for side, units, other_code in (
            ("attacker", s.attackers, d),
            ("defender", s.defenders, a),
        ):
            other = "defender" if side == "attacker" else "attacker"
            if (
                all(u.arm is CombatArm.CAVALRY for u in units)
                and loser == other
                and other_code in ("1", "2", "R")
            ):
                # Only the attacking cavalry is on its breakthrough movement; a defending
                # cavalry unit that wins has not used its one breakthrough (5.15).
                spent = s.breakthrough and side == "attacker"
                breakthrough = None if spent else side
                if spent:
                    notes.append("only one breakthrough: this combat was already one (5.15)")
    # A disordered unit taking a second D falls back on its own (7.3); a side all of whose
    # units fall back is out of contact.
    unit_falls: dict[str, list[bool]] = {}
    for side, code, units in (("attacker", a, s.attackers), ("defender", d, s.defenders)):
        unit_falls[side] = [falls[side] or second_d_falls_back(u, code, s, rs) for u in units]
        if not falls[side] and any(unit_falls[side]):
            notes.append(f"{side}: a second D falls back out of contact, no other penalty (7.3)")
        falls[side] = all(unit_falls[side])
    infantry_fight = not (cav_att or cav_def)
    if (
        infantry_fight
        and sa == sd
        and sa > 0
        and not any(unit_falls["attacker"] + unit_falls["defender"])
    ):
        notes.append("even results in an infantry fight: both sides stand (7.6)")
    engaged = not falls["attacker"] and not falls["defender"]
    return _Verdict(
        loser, sa == sd, falls, unit_falls, breakthrough, gunners, blown, engaged, tuple(notes)
    )


def second_d_falls_back(u: Unit, code: str, s: AssaultSituation, rs: Ruleset) -> bool:
    """A unit already disordered that takes a second D falls back out of contact (7.3, 7.4).

    In a fight with cavalry, infantry or artillery falls back on a second D only under option
    ``second_d_cavalry_v_disordered=both_fall_back``.
    """
    if code != "D" or not u.disordered:
        return False
    cavalry_fight = any(
        all(x.arm is CombatArm.CAVALRY for x in units) for units in (s.attackers, s.defenders)
    )
    if not cavalry_fight or u.arm is CombatArm.CAVALRY:
        return True
    return bool(rs.opts.second_d_cavalry_v_disordered == "both_fall_back")


def _unit_effect(
    u: Unit, code: str, falls: bool, verdict: _Verdict, side: str, s: AssaultSituation, rs: Ruleset
) -> Effect:
    notes: list[str] = []
    hits = int(code) if code in HIT_CODES else 0
    rout = code == "R"
    if rout:
        hits = rout_hits(rs, from_assault=True)
    disorder = code in ("D", "F") and not u.disordered
    cavalry_fight = any(x.arm is CombatArm.CAVALRY for x in (*s.attackers, *s.defenders))
    if falls and code == "D" and u.disordered and cavalry_fight and u.arm is not CombatArm.CAVALRY:
        notes.append(
            "a second D against cavalry: falls back too "
            "(7.3; option second_d_cavalry_v_disordered=both_fall_back)"
        )
    distance = 0.0
    if rout:
        distance = rs.scaled(rs.distance("rout_assault").value, s.figure_scale)
    elif falls:
        far = u.arm is CombatArm.CAVALRY or u.formation is Formation.LIMBERED
        key = "fall_back_cavalry" if far else "fall_back_infantry"
        distance = rs.scaled(rs.distance(key).value, s.figure_scale)
    # Unlimbered guns are left behind (7.0); limbered batteries drive off with them (7.3).
    guns = u.arm is CombatArm.ARTILLERY and u.formation is Formation.UNLIMBERED and (falls or rout)
    if guns:
        notes.append("falls back without its guns; they may be re-manned next movement (7.0)")
    checks: list[str] = []
    # A unit routed by the result has nothing left to test: morale is for units still
    # formed (7.4, 7.5).
    if not rout and morale_check_due(u.hits, hits, rs):
        checks.append("morale")
    if rout:
        # Formed units a router passes through test morale, as after a morale rout (7.5);
        # an infantry rout calls for the division's integrity check (9.0).
        checks.append("morale_of_units_passed_through")
        if u.arm is CombatArm.INFANTRY:
            checks.append("divisional_integrity")
    blown = 0
    if u.arm is CombatArm.CAVALRY:
        milling = verdict.cavalry_blown_on_guns and side == "attacker"
        extra = rs.opts.milling_cavalry_blown == "one_more_at_end_of_turn"
        if milling:
            blown = 1
        if u.blown:
            checks.append("cavalry_end_of_turn")
            notes.append("fought while blown: disintegrates at the end of the turn (5.11)")
        elif milling and not extra:
            notes.append(
                "the blown marker among the guns is its marker for this turn "
                "(7.7; option milling_cavalry_blown=one_in_all)"
            )
        else:
            checks.append("cavalry_end_of_turn")
            notes.append("fought: blown at the end of the turn (5.10)")
            if milling:
                notes.append(
                    "blown among the guns and again at the end of the turn "
                    "(option milling_cavalry_blown=one_more_at_end_of_turn)"
                )
    breakthrough = verdict.breakthrough == side
    if breakthrough:
        reach = rs.scaled(rs.distance("breakthrough").value, s.figure_scale)
        notes.append(f'may make one {reach:g}" breakthrough, disordered (5.15)')
        if counts_as_british(u.nation, rs):
            notes.append("British cavalry: if declined, an even d10 forces it (5.151)")
    return Effect(
        hits=hits,
        disorder=disorder,
        fall_back_in=distance,
        rout=rout,
        guns_abandoned=guns,
        breakthrough=breakthrough,
        blown_markers=blown,
        engaged_next_turn=verdict.engaged,
        checks_due=tuple(checks),
        notes=tuple(notes),
    )


def assault(s: AssaultSituation, rs: Ruleset, dice: Dice) -> Outcome:
    """Resolve one assault; ``result`` is ``"<attacker result>/<defender result>"``.

    The top-level ``modifiers`` are each side's own, with their own sign, every reason naming
    its side; ``modified`` is the attack value (attacker minus defender), so it equals the base
    plus the attacker's modifiers minus the defender's.
    """
    _validate(s)
    fresh: set[int] = set()
    if s.breakthrough:
        # Cavalry on its breakthrough movement is disordered (5.15): it fights so.
        fresh = {i for i, u in enumerate(s.attackers) if not u.disordered}
        s = dataclasses.replace(
            s, attackers=[dataclasses.replace(u, disordered=True) for u in s.attackers]
        )
    cavalry_attack = all(u.arm is CombatArm.CAVALRY for u in s.attackers)
    a_value, a_mods = _side(s.attackers, "attacker", True, cavalry_attack, rs, s.attack_columns)
    d_value, d_mods = _side(s.defenders, "defender", False, cavalry_attack, rs)
    a_side, d_side = _side_modifiers(s, rs)
    a_value += sum(m.value for m in a_side)
    d_value += sum(m.value for m in d_side)
    # All modifiers are added to the base CE (10.0) before the house floor at 0 applies.
    a_floor = floor_at_zero(a_value, rs)
    if a_floor:
        a_side.append(a_floor)
        a_value = 0.0
    d_floor = floor_at_zero(d_value, rs)
    if d_floor:
        d_side.append(d_floor)
        d_value = 0.0
    a_all = a_mods + [m.labelled(f"attacker: {m.reason}") for m in a_side]
    d_all = d_mods + [m.labelled(f"defender: {m.reason}") for m in d_side]
    attack_value = a_value - d_value

    def result_of(roll: int) -> str:
        a, d = table_results(rs, attack_value, roll)
        return f"{a}/{d}"

    roll = dice.d10()
    a_res, d_res = table_results(rs, attack_value, roll)
    verdict = _verdict(s, a_res, d_res, rs)
    effects: dict[str, Effect] = {}
    for side, units, code in (
        ("attacker", s.attackers, a_res),
        ("defender", s.defenders, d_res),
    ):
        for i, u in enumerate(units):
            effect = _unit_effect(u, code, verdict.unit_falls[side][i], verdict, side, s, rs)
            if side == "attacker" and i in fresh:
                effect = dataclasses.replace(effect, disorder=True)
            effects[f"{side}_{i + 1}"] = effect
    # 7.11: British infantry that beat back the attacking side (the one with the initiative,
    # or the charger by the option), not disordered itself, may counter-charge.
    guarding = defending_side(s, rs)
    assailing = "attacker" if guarding == "defender" else "defender"
    results = {"attacker": a_res, "defender": d_res}
    british = {
        side: any(counts_as_british(u.nation, rs) and u.arm is CombatArm.INFANTRY for u in units)
        for side, units in (("attacker", s.attackers), ("defender", s.defenders))
    }
    counter = (
        verdict.loser == assailing
        and verdict.falls_back[assailing]
        and results[assailing] != "R"
        and results[guarding] == NO_RESULT
        and british[guarding]
        and (not verdict.even or rs.opts.british_countercharge_on_even == "offered")
    )
    col = assault_column(rs, attack_value)
    notes = list(verdict.notes)
    if guarding == "attacker":
        notes.append(
            "the charging attackers do not have the initiative: theirs is the defending side "
            "of 7.2 (its supporters back them) and no counter-charge is offered against them "
            "(7.6, 7.11; option assault_attacker=initiative)"
        )
    if s.breakthrough:
        notes.append("the cavalry fights disordered: it is on its breakthrough movement (5.15)")
    if counter:
        how = " (option british_countercharge_on_even=offered)" if verdict.even else ""
        notes.append(f"British infantry may counter-charge to pinning distance (7.11){how}")
    if col.source.value == "provisional":
        notes.append("assault table column is provisional: replace it with your chart (7.6)")
    base = float(sum(u.ce for u in s.attackers) - sum(u.ce for u in s.defenders))
    modifiers = tuple(a_all) + tuple(d_all)
    make = functools.partial(Outcome, procedure="assault", rule=RULE, base=base)
    return make(
        modifiers=modifiers,
        modified=attack_value,
        roll=roll,
        result=f"{a_res}/{d_res}",
        probabilities=d10_distribution(result_of),
        effects=effects,
        details={
            "attacker_value": a_value,
            "defender_value": d_value,
            "attack_value": attack_value,
            "column": column_label(col, attack_value < 0),
            "attacker_result": a_res,
            "defender_result": d_res,
            "loser": verdict.loser,
            "attacker_modifiers": a_all,
            "defender_modifiers": d_all,
            "engaged_next_turn": verdict.engaged,
            "breakthrough": verdict.breakthrough,
            "british_counter_charge": counter,
        },
        notes=tuple(notes),
    )
