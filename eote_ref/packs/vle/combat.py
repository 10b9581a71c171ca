"""VlE fire (VII) and melee (VIII, IX) through the tables; charges and artillery losses.

The charge add-on is IX.3 and IX.6, artillery losses XVI.2. The Fire and Melee Tables'
cells are provisional until a club types its play aid's (a house table file): every answer
that reads one says so in its notes. Standard library only.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from eote_ref.packs.dice import Pool, Roller
from eote_ref.packs.outcome import Modifier, Outcome, PackError, whole_total
from eote_ref.packs.vle.data import (
    FIRE_COLUMNS,
    HOUSE,
    MELEE_COLUMNS,
    PROVISIONAL,
    Cell,
    fire_table,
    melee_column,
    melee_table,
)
from eote_ref.packs.vle.model import D6, PACK, VleRules, check_range, half_up, text

Arm = Literal["infantry", "cavalry", "artillery"]

FIRE_CODES = {"": "no_effect", "*": "morale_check", "1": "loss_1", "2": "loss_2", "3": "loss_3"}


def _source_note(name: str, cells: list[Cell]) -> str | None:
    kinds = {c.source for c in cells}
    if PROVISIONAL in kinds:
        return (
            f"the {name} Table's cells are provisional (the text's table cannot be read): type "
            "your play aid's values in a house table file"
        )
    if HOUSE in kinds:
        return f"the {name} Table's cells read are the club's (house)"
    return None


# --- fire (VII) ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Firer:
    """One unit firing: its fire value as the Formation and Terrain tables leave it (VII.1).

    For a battery, ``empty_hexes`` is the count of empty hexes between it and the target and
    ``reduced`` that it has lost one of its two steps (IV.12, VII.1).
    """

    value: int
    arm: Literal["infantry", "artillery"] = "infantry"
    empty_hexes: int = 0
    reduced: bool = False
    in_square: bool = False
    on_square_vs_cavalry: bool = False
    fire_volley: bool = False


@dataclass(frozen=True)
class FireSituation:
    """One fire attack: the firers combined into one value, one die (VII.3)."""

    firers: list[Firer]
    target_arm: Arm = "infantry"
    target_square: bool = False
    target_tirailleur: bool = False
    target_terrain: Literal["open", "town", "castle"] = "open"
    target_retreating: bool = False
    beyond_voltigeur: bool = False
    leader_with_target: bool = False
    die_bonus: int = 0


def fire_value(s: FireSituation, rules: VleRules) -> tuple[int, tuple[Modifier, ...], list[str]]:
    """The combined modified fire value and its parts (VII.1, IV.4, IV.12, XVI.1, XXII.3)."""
    if not s.firers:
        raise PackError("give at least one firer", "firers", "VII.3")
    notes: list[str] = []
    mods: list[Modifier] = []
    base = 0
    artillery_parts: list[int] = []
    for i, f in enumerate(s.firers):
        check_range(f.value, 0, 20, f"firers[{i}].value", "VII.1")
        v = f.value
        if f.arm == "artillery":
            check_range(f.empty_hexes, 0, 6, f"firers[{i}].empty_hexes", "IV.12")
            halve_first = rules.opt("reduced_battery_order") == "halve_then_range"
            if f.reduced and halve_first:
                v = half_up(v)
            if f.empty_hexes:
                v = v - f.empty_hexes
                if rules.opt("combined_artillery_minimum") == "per_battery":
                    v = max(1, v)
            if f.reduced and not halve_first:
                v = half_up(max(v, 1))
            if f.on_square_vs_cavalry:
                v = half_up(v)
            artillery_parts.append(v)
        else:
            if f.in_square:
                v = max(1, v - 2)
            if f.fire_volley:
                v += 1
        base += v
        mods_text = []
        if f.arm == "artillery" and f.reduced:
            mods_text.append("halved for a lost step (VII.1)")
        if f.arm == "artillery" and f.empty_hexes:
            mods_text.append(f"-{f.empty_hexes} for range (IV.12)")
        if f.in_square:
            mods_text.append("in square -2, at least 1 (IV.4)")
        if f.on_square_vs_cavalry:
            mods_text.append("on a square against cavalry, halved (IX.6)")
        if f.fire_volley:
            mods_text.append("Fire Volley +1 (XXII.3 #2)")
        if mods_text:
            notes.append(f"firer {i + 1}: {f.value} -> {v}: {', '.join(mods_text)}")
    if artillery_parts and rules.opt("combined_artillery_minimum") == "combined_total":
        total_art = sum(artillery_parts)
        if total_art < 1:
            base += 1 - total_art
            notes.append(
                f"artillery at least 1 in all ({rules.note('combined_artillery_minimum')})"
            )
    if s.beyond_voltigeur and base > 1:
        mods.append(text(-1, "firing beyond a voltigeur", "XVI.1"))
    return base, tuple(mods), notes


def _die_mods(s: FireSituation) -> list[Modifier]:
    mods = []
    if s.target_square:
        mods.append(text(1, "target in square", "VII.10"))
    if s.target_tirailleur:
        mods.append(text(-1, "target in tirailleurs", "IV.6"))
    if s.die_bonus:
        mods.append(text(s.die_bonus, "events played (Rolling Fire, Tactics, Interarm)", "XXII.3"))
    return mods


def _fire_row(die: int, rules: VleRules, rows: list[str]) -> str:
    lo, hi = int(rows[0]), int(rows[-1])
    if lo <= die <= hi:
        return str(die)
    if rules.opt("fire_die_out_of_range") == "clamp":
        return str(min(max(die, lo), hi))
    raise PackError(f"modified die {die} is beyond the table's rows {lo}..{hi}", "roll", "VII.3")


def fire(s: FireSituation, rules: VleRules, roller: Roller) -> Outcome:
    """Fire (VII.3): combined value, one d6 with its modifiers, the Fire Table."""
    check_range(s.die_bonus, -4, 6, "die_bonus", "XXII.3")
    value, value_mods, notes = fire_value(s, rules)
    value = whole_total(value, value_mods)
    table = fire_table(dict(rules.house.get("fire", {})))
    die_mods = _die_mods(s)
    shift = sum(int(m.value) for m in die_mods)
    rows = list(table.rows)
    if value <= 0:
        return Outcome.of_pack(
            PACK, "fire", "VII.3", value, value_mods, value, {}, "no_effect",
            {"no_effect": Fraction(1)}, {"fire_value": value},
            (*notes, "a fire value of 0: the unit cannot fire (VII.1)"),
        )  # fmt: skip
    column = FIRE_COLUMNS[min(value, 7) - 1]
    odds: dict[str, Fraction] = {}
    used: list[Cell] = []
    for face in range(1, 7):
        cell = table.lookup(_fire_row(face + shift, rules, rows), column)
        used.append(cell)
        code = FIRE_CODES[cell.value]
        odds[code] = odds.get(code, Fraction(0)) + Fraction(1, 6)
    roll = roller.number("roll", D6)
    row = _fire_row(roll + shift, rules, rows)
    cell = table.lookup(row, column)
    code = FIRE_CODES[cell.value]
    steps = int(cell.value) if cell.value.isdigit() else 0
    check = bool(cell.value)
    if s.target_terrain != "open" and not rules.opt("town_castle_morale"):
        check = False
        if cell.value:
            notes.append(f"in a {s.target_terrain}: no morale check for fire (VII.3)")
    if s.target_retreating and check:
        check = False
        notes.append("fired on while retreating disorganized: no morale check (X.1)")
    if steps >= 2 and s.leader_with_target:
        notes.append("a leader with the target rolls for casualty: 6 kills (XIV.5)")
    if s.target_arm == "artillery" and steps and rules.opt("artillery_losses") != "none":
        notes.append(
            "a battery fired on by artillery giving half the fire value or more takes its "
            f"losses by the artillery losses check ({rules.note('artillery_losses')}, XVI.2)"
        )
    source = _source_note("Fire", [cell])
    if source:
        notes.append(source)
    return Outcome.of_pack(
        PACK, "fire", "VII.3", value, value_mods, value,
        {**roller.used, "modified_roll": roll + shift}, code, odds,
        {
            "fire_value": value,
            "column": column,
            "row": row,
            "die_modifiers": [m.to_json() for m in die_mods],
            "cell": cell.value,
            "cell_source": cell.source,
            "steps_lost": steps,
            "morale_check": check,
        },
        tuple(notes),
    )  # fmt: skip


# --- melee (VIII) --------------------------------------------------------------------------


@dataclass(frozen=True)
class MeleeUnit:
    """One unit in the melee: its value and current steps.

    The value is as the Formation and Terrain tables leave it (VIII.3); the steps are its
    current ones (VIII.4).
    """

    value: int
    steps: int
    arm: Arm = "infantry"
    column: bool = False
    disorganized: bool = False
    tirailleur: bool = False
    square: bool = False
    general_order: bool = False
    cavalry_class: Literal["", "light", "line", "heavy"] = ""
    elan: bool = False
    limbered: bool = False

    @property
    def six_front_hexes(self) -> bool:
        """In square, general order or disorganized: no flank, no rear (IV.3-IV.5, IV.9, IV.10)."""
        return self.square or self.general_order or self.disorganized


@dataclass(frozen=True)
class MeleeSituation:
    """A melee: attackers against a defending stack, one d6 (VIII.8)."""

    attackers: list[MeleeUnit]
    defenders: list[MeleeUnit]
    attacked_from: Literal["front", "flank", "rear"] = "front"
    mixed_order: bool = False
    protected_flank: bool = False
    defender_terrain: Literal["open", "town", "castle", "wood", "brush", "other"] = "open"
    attacker_in_cover: bool = False
    charge: bool = False
    countercharge: bool = False
    attacker_leader_combat: int = 0
    defender_leader_combat: int = 0
    fresh_order: bool = False
    die_bonus: int = 0
    heavy_charge_event: bool = False


def _strength(
    units: list[MeleeUnit], side: str, s: MeleeSituation, rules: VleRules, notes: list[str]
) -> int:
    attacking = side == "attackers"
    flank = not attacking and s.attacked_from != "front"
    flank = flank and not s.mixed_order and not s.protected_flank
    all_round = [d for d in s.defenders if d.six_front_hexes and d.arm != "artillery"]
    if flank and all_round:
        # A stack's front is every unit's (V.7): one with six front hexes covers the others.
        flank = False
        notes.append(f"no {s.attacked_from} to attack: six front hexes (IV.3-IV.5, V.7)")
    def_square = any(d.square for d in s.defenders)
    def_heavy = any(d.cavalry_class == "heavy" for d in s.defenders)
    infantry_attacks = any(a.arm == "infantry" for a in s.attackers)
    cover = s.defender_terrain in ("town", "wood", "brush") or s.attacker_in_cover
    total = 0
    for i, u in enumerate(units):
        where = f"{side}[{i}]"
        check_range(u.value, 0, 10, f"{where}.value", "VIII.3")
        check_range(u.steps, 0, 20, f"{where}.steps", "VIII.4")
        v = u.value
        said = []
        if attacking and u.elan:
            v += 1
            said.append("Elan +1 (XXII.3 #1)")
        if u.disorganized:
            v = min(v, 1) if v else 0
            said.append("disorganized: 1 (VIII.4)")
        elif attacking and u.column and u.arm == "infantry":
            v += 1
            said.append("column attacking +1 (IV.2)")
        heavy = attacking and u.arm == "cavalry" and s.charge and u.cavalry_class == "heavy"
        if heavy and rules.opt("cavalry_classes") and not def_heavy:
            v += 1
            said.append("heavy cavalry charging +1 (XVI.4)")
        immune = s.heavy_charge_event and rules.opt("heavy_charge_square_immunity") == (
            "ignores_value_reduction"
        )
        if attacking and u.arm == "cavalry" and (def_square or cover) and v > 1 and not immune:
            v = 1
            said.append("cavalry against a square or into/from cover: 1 (IV.4, VIII.4)")
        if not attacking and u.arm == "cavalry" and u.general_order:
            v = min(v, 1)
            said.append("cavalry in general order defends at 1 (IV.9)")
        if not attacking and u.square and infantry_attacks:
            v = half_up(v)
            said.append("square against infantry, with cavalry or not: halved (IV.4)")
        if u.tirailleur:
            v = half_up(v)
            said.append("tirailleur: halved (IV.6)")
        if flank and v:
            if u.tirailleur and rules.opt("tirailleur_flank_halving") == "halve_once":
                said.append(
                    f"flank/rear: already halved ({rules.note('tirailleur_flank_halving')})"
                )
            else:
                v = half_up(v)
                said.append(f"attacked in {s.attacked_from}: halved (VIII.6)")
        if said:
            notes.append(f"{where}: {u.value} -> {v} ({'; '.join(said)})")
        if attacking and v == 0:
            notes.append(f"{where}: value 0, stays out of the melee (VIII.3)")
        total += v * u.steps
    return total


def _die_modifiers(s: MeleeSituation, rules: VleRules) -> list[Modifier]:
    mods: list[Modifier] = []
    if s.attacker_leader_combat:
        mods.append(text(s.attacker_leader_combat, "attacking leader's combat value", "XIV.3"))
    if s.defender_leader_combat:
        mods.append(text(-s.defender_leader_combat, "defending leader's combat value", "XIV.3"))
    if rules.opt("cavalry_classes"):
        classes = {a.cavalry_class for a in s.attackers if a.arm == "cavalry"}
        if "light" in classes and any(d.disorganized for d in s.defenders):
            mods.append(text(1, "light cavalry against disorganized", "XVI.4"))
        if "line" in classes and any(d.cavalry_class == "light" for d in s.defenders):
            mods.append(text(1, "line cavalry against light cavalry", "XVI.4"))
    if s.fresh_order:
        mods.append(text(1, "fresh order, every unit new", "XVII.3"))
    if s.die_bonus:
        mods.append(text(s.die_bonus, "events played (net, by the umpire)", "XXII.3"))
    return mods


def charge_addon_value(result: str, rules: VleRules, s: MeleeSituation) -> tuple[str, str | None]:
    """A charged infantry's result one step worse (IX.3, IX.6), or unchanged and why."""
    if not s.charge and not s.countercharge:
        return result, None
    if s.countercharge and rules.opt("charge_addon_on_countercharge") == "does_not_apply":
        return result, rules.note("charge_addon_on_countercharge")
    if not any(a.arm == "cavalry" for a in s.attackers):
        return result, None
    if any(d.arm != "infantry" for d in s.defenders):
        return result, None
    if any(d.square for d in s.defenders):
        return result, "in square: no extra step (IX.6)"
    exempt = rules.opt("charge_addon_general_order") == "exempt"
    if exempt and any(d.general_order for d in s.defenders):
        return (
            result,
            f"general order: no extra step ({rules.note('charge_addon_general_order')})",
        )
    return worse(result), "charged infantry: one step more (IX.6)"


def worse(result: str) -> str:
    """IX.6's step: 0 and a bare * unchanged, 1->2, D->D1, D1->D2, 1*->2*."""
    table = {"1": "2", "1*": "2*", "D": "D1", "D1": "D2", "2": "3"}
    return table.get(result, result)


def _read(cell: str) -> tuple[str, str]:
    att, _, dfn = cell.partition("/")
    return att, dfn


def _artillery_alone(att: str, dfn: str) -> tuple[str, str]:
    """VIII.6: only the battery's side applies; a 0 or 1, with or without *, becomes D."""
    return "0", "D" if dfn in ("0", "1", "0*", "1*", "*") else dfn


def melee(s: MeleeSituation, rules: VleRules, roller: Roller) -> Outcome:
    """Melee (VIII.8): strengths, the ratio rounded for the defender, a d6, the Melee Table."""
    if not s.attackers or not s.defenders:
        raise PackError("give the attackers and the defenders", "attackers", "VIII.8")
    for name in ("attacker_leader_combat", "defender_leader_combat"):
        check_range(getattr(s, name), -2, 3, name, "XIV.3")
    check_range(s.die_bonus, -4, 4, "die_bonus", "XXII.3")
    if all(d.arm == "artillery" and d.disorganized for d in s.defenders):
        return Outcome.without_value(
            PACK, "melee", "IV.13", {}, "0/E", {"0/E": Fraction(1)},
            {"attacker_result": "0", "defender_result": "E", "automatic": True},
            ("disorganized artillery attacked in melee is eliminated, no die (IV.13)",),
        )  # fmt: skip
    notes: list[str] = []
    attack = _strength(s.attackers, "attackers", s, rules, notes)
    defence = _strength(s.defenders, "defenders", s, rules, notes)
    if attack <= 0:
        raise PackError("no attacker has a melee value above 0 (VIII.3, VIII.7)", "attackers")
    if defence <= 0:
        if rules.opt("melee_all_defenders_zero") == "umpire":
            raise PackError(
                "every defender is at 0: the umpire decides "
                f"({rules.note('melee_all_defenders_zero')})",
                "defenders",
                "VIII.3",
            )
        notes.append(
            f"every defender at 0: the best column ({rules.note('melee_all_defenders_zero')})"
        )
    col = MELEE_COLUMNS[melee_column(attack, defence)]
    mods = tuple(_die_modifiers(s, rules))
    shift = int(sum(m.value for m in mods))
    table = melee_table(dict(rules.house.get("melee", {})))
    lone = s.defenders[0]
    alone = (
        len(s.defenders) == 1
        and lone.arm == "artillery"
        and not lone.limbered
        and s.attacked_from != "front"
    )

    def answer(face: int) -> tuple[str, Cell, str]:
        die = face + shift
        if not 0 <= die <= 7:
            if rules.opt("melee_die_out_of_range") == "clamp_0_7":
                die = min(max(die, 0), 7)
            elif str(die) not in table.rows:
                raise PackError(f"modified die {die} beyond the rows 0..7", "roll", "VIII.8")
        cell = table.lookup(str(die), col)
        att, dfn = _read(cell.value)
        if alone:
            att, dfn = _artillery_alone(att, dfn)
        dfn, _ = charge_addon_value(dfn, rules, s)
        return f"{att}/{dfn}", cell, str(die)

    odds: dict[str, Fraction] = {}
    used: list[Cell] = []
    for face in range(1, 7):
        code, cell, _ = answer(face)
        used.append(cell)
        odds[code] = odds.get(code, Fraction(0)) + Fraction(1, 6)
    roll = roller.number("roll", D6)
    code, cell, row = answer(roll)
    _, addon_note = charge_addon_value(_read(cell.value)[1], rules, s)
    if alone:
        notes.append(
            "an unlimbered battery alone hit in flank or rear: its result only; 0 or 1 becomes D "
            "(VIII.6)"
        )
    if addon_note:
        notes.append(addon_note)
    if s.defender_terrain in ("town", "castle") and not rules.opt("town_castle_morale"):
        notes.append("a unit in a town or castle does not check morale on * (VIII.8)")
    source = _source_note("Melee", [cell])
    if source:
        notes.append(source)
    att, dfn = code.split("/")
    return Outcome.of_pack(
        PACK, "melee", "VIII.8", 0, mods, shift, {**roller.used, "modified_roll": int(row)}, code,
        odds,
        {
            "attack_strength": attack,
            "defence_strength": defence,
            "column": col,
            "row": row,
            "cell": cell.value,
            "cell_source": cell.source,
            "attacker_result": att,
            "defender_result": dfn,
        },
        tuple(notes),
    )  # fmt: skip


@dataclass(frozen=True)
class ChargeAddonSituation:
    """A charged defender's result from the Melee Table, before IX.6's extra step."""

    result: str
    defender_arm: Arm = "infantry"
    square: bool = False
    general_order: bool = False
    countercharge: bool = False


def charge_addon(s: ChargeAddonSituation, rules: VleRules, roller: Roller) -> Outcome:
    """The charge's extra step on infantry (IX.3, IX.6): 1->2, D->D1, D1->D2; 0 and * kept."""
    known = ("0", "1", "*", "1*", "D", "D1", "E")
    if s.result not in known:
        raise PackError(f"result must be one of {', '.join(known)}", "result", "VIII.8")
    probe = MeleeSituation(
        attackers=[MeleeUnit(1, 1, "cavalry")],
        defenders=[MeleeUnit(1, 1, s.defender_arm, square=s.square, general_order=s.general_order)],
        charge=not s.countercharge,
        countercharge=s.countercharge,
    )
    after, why = charge_addon_value(s.result, rules, probe)
    notes = (why,) if why else ()
    if s.defender_arm != "infantry":
        notes = ("only infantry takes the extra step (IX.3)",)
    return Outcome.without_value(
        PACK, "charge_addon", "IX.6", {}, after, {after: Fraction(1)},
        {"before": s.result, "after": after}, notes,
    )  # fmt: skip


# --- artillery losses (XVI.2) --------------------------------------------------------------


@dataclass(frozen=True)
class ArtilleryLossSituation:
    """A battery fired on by artillery loses ``steps`` by the Fire Table (XVI.2)."""

    steps: int
    stacked_on_infantry: bool = False
    half_loss_marked: bool = False
    artillery_fire: int = 0
    total_fire: int = 0


def artillery_losses(s: ArtilleryLossSituation, rules: VleRules, roller: Roller) -> Outcome:
    """System A counts half steps; system B rolls a d6 a step (1-3 counts); a check follows."""
    check_range(s.steps, 1, 3, "steps", "XVI.2")
    system = rules.opt("artillery_losses")
    notes: list[str] = [f"{rules.note('artillery_losses')}"]
    if s.total_fire:
        check_range(s.artillery_fire, 0, s.total_fire, "artillery_fire", "XVI.2")
        if 2 * s.artillery_fire < s.total_fire:
            system = "none"
            notes.append("the artillery gave less than half the fire: full losses (XVI.2)")
    rolled = 1 if s.stacked_on_infantry else s.steps
    to_infantry = s.steps - 1 if s.stacked_on_infantry else 0
    details: dict[str, object] = {"infantry_steps": to_infantry}
    if system == "none":
        lost = 1 if s.stacked_on_infantry else s.steps
        details |= {"battery_steps": lost, "half_loss_marked": s.half_loss_marked}
        code = f"battery_{lost}"
        odds = {code: Fraction(1)}
    elif system == "system_a":
        halves = (
            1 + (1 if s.half_loss_marked else 0)
            if s.stacked_on_infantry
            else s.steps + (1 if s.half_loss_marked else 0)
        )
        lost, left = divmod(halves, 2)
        details |= {"battery_steps": lost, "half_loss_marked": bool(left)}
        code = f"battery_{lost}"
        odds = {code: Fraction(1)}
        notes.append("each step a half: a second half makes a whole step (XVI.2 A)")
    else:
        rolls = list(roller.pool("rolls", Pool(D6, rolled)))
        lost = sum(1 for r in rolls if int(r) <= 3)
        details |= {"battery_steps": lost}
        code = f"battery_{lost}"
        odds = {
            f"battery_{k}": p for k, p in Pool(D6, rolled).count_distribution((1, 2, 3)).items()
        }
        notes.append("a d6 a step: 1-3 it counts, 4-6 it is ignored (XVI.2 B)")
    notes.append(
        "the battery checks morale whatever the roll, if the fire called for a check (XVI.2)"
    )
    if to_infantry:
        notes.append(f"the other {to_infantry} step(s) fall on the infantry (XVI.2)")
    return Outcome.without_value(
        PACK, "artillery_losses", "XVI.2", dict(roller.used), code, odds, details, tuple(notes)
    )


_ = (field, dataclasses)
