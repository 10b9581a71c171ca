"""VlE army morale, command and control, time limits and random events.

Army morale is XII and XVI.8, command XVII.3, XVII.6 and XVII.7, time limits XIX, events
XXII. Standard library only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from eote_ref.packs.dice import Roller, Sum
from eote_ref.packs.outcome import Outcome, PackError
from eote_ref.packs.vle.data import EVENTS, orders_per_turn
from eote_ref.packs.vle.model import D6, PACK, VleRules, check_range, d6_at_most, text

TWO_D6_SUM = Sum(D6, 2)


@dataclass(frozen=True)
class ArmyMoraleSituation:
    """An army's (or a corps's) losses against the battle's demoralization level (XII)."""

    losses: int
    threshold: int
    scope: Literal["army", "corps"] = "army"
    modulated: bool = False
    drawn_threshold: int | None = None
    army_commander_lost: bool = False


def army_morale(s: ArmyMoraleSituation, rules: VleRules, roller: Roller) -> Outcome:
    """Demoralized once the losses reach the level (XII).

    With XVI.8 a secret level is drawn at the level minus 5: that minus 5 plus two d6.
    """
    check_range(s.losses, 0, 999, "losses", "XII")
    check_range(s.threshold, 1, 999, "threshold", "XII")
    notes: list[str] = ["the battle's special rules say what a loss counts (XII)"]
    effects_note = (
        "demoralized for the rest of the game: -2 morale to every unit with a step lost, chain "
        "reactions, stragglers, a 15-second clock (XII.1, XII.2, XIX.3)"
    )
    if s.army_commander_lost:
        notes.append("the army commander lost: demoralized at once (XIV.5)")
        notes.append(effects_note)
        return Outcome.without_value(
            PACK, "army_morale", "XII", {}, "demoralized", {"demoralized": Fraction(1)},
            {"threshold": s.threshold}, tuple(notes),
        )  # fmt: skip
    modulated = s.modulated and (s.scope == "corps" or rules.opt("modulated_scope") == "army_too")
    if s.modulated and not modulated:
        notes.append(f"modulated demoralization is for corps ({rules.note('modulated_scope')})")
    details: dict[str, object] = {"threshold": s.threshold}
    odds: dict[str, Fraction]
    if not modulated:
        result = "demoralized" if s.losses >= s.threshold else "holding"
        details["losses_left"] = max(0, s.threshold - s.losses)
        odds = {result: Fraction(1)}
    else:
        trigger = s.threshold - 5
        details["draw_at"] = trigger
        if s.losses < trigger:
            result = "holding"
            odds = {result: Fraction(1)}
            notes.append(f"the secret level is drawn when losses reach {trigger} (XVI.8)")
        else:
            if s.drawn_threshold is not None:
                level = s.drawn_threshold
                check_range(level, trigger + 2, trigger + 12, "drawn_threshold", "XVI.8")
                odds_levels = {level: Fraction(1)}
            else:
                total = roller.number("level_roll", D6) + roller.number("level_roll_2", D6)
                level = trigger + total
                odds_levels = {trigger + t: p for t, p in TWO_D6_SUM.distribution().items()}
                notes.append("keep the drawn level secret; reveal it at the end (XVI.8)")
            details["secret_threshold"] = level
            now = rules.opt("modulated_threshold_overshoot") == "immediate"

            def reads(lv: int) -> str:
                return "demoralized" if (s.losses >= lv and now) or s.losses > lv else "holding"

            result = reads(level)
            odds = {}
            for lv, p in odds_levels.items():
                odds[reads(lv)] = odds.get(reads(lv), Fraction(0)) + p
            notes.append(rules.note("modulated_threshold_overshoot"))
    if result == "demoralized":
        notes.append(effects_note)
    return Outcome.without_value(
        PACK, "army_morale", "XVI.8" if modulated else "XII", dict(roller.used), result, odds,
        details, tuple(notes),
    )  # fmt: skip


@dataclass(frozen=True)
class ObedienceSituation:
    """A leader receives a new order on turn ``turn`` (XVII.6)."""

    obedience: int
    turn: int
    with_army_commander: bool = False
    bonus: int = 0


def obedience(s: ObedienceSituation, rules: VleRules, roller: Roller) -> Outcome:
    """A d6 at most the obedience: the order from N+1; else a delay check at N+1 (XVII.6)."""
    check_range(s.obedience, 1, 6, "obedience", "XVII.6")
    check_range(s.turn, 1, 99, "turn", "XVII.6")
    check_range(s.bonus, 0, 2, "bonus", "XXII.3 #13")
    if s.with_army_commander:
        return Outcome.without_value(
            PACK, "obedience", "XVII.6", {}, "obeyed", {"obeyed": Fraction(1)},
            {"in_effect_turn": s.turn + 1},
            ("the army commander in the hex: obeyed, no roll, in effect next turn (XVII.6)",),
        )  # fmt: skip
    target = s.obedience + s.bonus
    mods = (text(s.bonus, "Staff Officer event", "XXII.3 #13"),) if s.bonus else ()
    roll = roller.number("roll", D6)
    ok = roll <= target
    p = d6_at_most(target)
    details: dict[str, object] = (
        {"in_effect_turn": s.turn + 1} if ok else {"delay_check_turn": s.turn + 1}
    )
    notes = (
        ("the old order holds this turn; the new one from next turn (XVII.6)",)
        if ok
        else ("the old order holds this turn and next; roll order_delay next turn (XVII.6)",)
    )
    return Outcome.of_pack(
        PACK, "obedience", "XVII.6", s.obedience, mods, target, dict(roller.used),
        "obeyed" if ok else "delayed", {"obeyed": p, "delayed": 1 - p}, details, notes,
    )  # fmt: skip


@dataclass(frozen=True)
class DelaySituation:
    """The delay check the turn after a failed obedience check (XVII.6); ``turn`` is N+1."""

    turn: int


def order_delay(s: DelaySituation, rules: VleRules, roller: Roller) -> Outcome:
    """A d6, no modifier: 1-4 in effect next turn, 5 one turn later, 6 the aide is lost."""
    check_range(s.turn, 2, 99, "turn", "XVII.6")
    roll = roller.number("roll", D6)
    details: dict[str, int | None]
    if roll <= 4:
        result, details = "next_turn", {"in_effect_turn": s.turn + 1}
    elif roll == 5:
        result, details = "one_turn_late", {"in_effect_turn": s.turn + 2}
    else:
        result, details = "never", {"in_effect_turn": None}
    return Outcome.without_value(
        PACK, "order_delay", "XVII.6", dict(roller.used), result,
        {"next_turn": Fraction(4, 6), "one_turn_late": Fraction(1, 6), "never": Fraction(1, 6)},
        details,
        ("6: the aide is lost, the order never arrives and the old one holds (XVII.6)",)
        if result == "never" else (),
    )  # fmt: skip


@dataclass(frozen=True)
class InitiativeSituation:
    """A corps commander changes his tactic on his own (XVII.7) on turn ``turn``."""

    initiative: int
    turn: int
    bonus: int = 0


def initiative(s: InitiativeSituation, rules: VleRules, roller: Roller) -> Outcome:
    """A d6 at most the initiative; next turn his units take -1 morale on success, -2 else."""
    check_range(s.initiative, 1, 6, "initiative", "XVII.7")
    check_range(s.turn, 1, 99, "turn", "XVII.7")
    check_range(s.bonus, 0, 2, "bonus", "XXII.3 #18")
    target = s.initiative + s.bonus
    mods = (text(s.bonus, "Initiative event", "XXII.3 #18"),) if s.bonus else ()
    roll = roller.number("roll", D6)
    ok = roll <= target
    p = d6_at_most(target)
    details = {
        "in_effect_turn": s.turn + 1 if ok else None,
        "morale_malus": -1 if ok else -2,
        "malus_turn": s.turn + 1,
    }
    return Outcome.of_pack(
        PACK, "initiative", "XVII.7", s.initiative, mods, target, dict(roller.used),
        "changed" if ok else "refused", {"changed": p, "refused": 1 - p}, details,
        (f"every unit of his command: {details['morale_malus']} morale on turn {s.turn + 1} "
         "only (XVII.7)",),
    )  # fmt: skip


@dataclass(frozen=True)
class OrderScopeSituation:
    """What an order asks of a corps (XVII.3), and the army's orders a turn."""

    order: Literal["attack", "march", "defense", "withdrawal", "retreat", "reserve"]
    good_order_units: int = 0
    artillery_and_reserve: int = 0
    units: int = 0
    corps: int = 0
    corps_retreating: int = 0
    nation: Literal["french", "russian", "austrian", "prussian", "british"] = "french"
    year: int = 1809


def orders(s: OrderScopeSituation, rules: VleRules, roller: Roller) -> Outcome:
    """The counts an order sets (XVII.3) and the army commander's orders a turn."""
    check_range(s.year, 1792, 1815, "year", "XVII.3")
    details: dict[str, object] = {"orders_per_turn": orders_per_turn(s.nation, s.year)}
    notes: list[str] = []
    if s.order == "attack":
        counted = max(0, s.good_order_units - s.artillery_and_reserve)
        details["must_engage"] = math.ceil(counted / 3)
        notes.append(
            "a third, rounded up, of the good order units (not artillery, reserves or "
            "disorganized) move 4 hexes toward the enemy and attack if they can"
        )
    elif s.order == "withdrawal":
        details["must_withdraw"] = s.units // 2
        notes.append("the leader goes back 2 or 3 hexes; half the units, rounded down, too")
    elif s.order == "march":
        details["free_units"] = 1
        notes.append("column or general order only, no attack but opportunity fire; one unit free")
    elif s.order == "retreat":
        details["free_units"] = 2
        notes.append("column or disorganized, 3 hexes or more toward the lines; two units free")
    elif s.order == "defense":
        notes.append("2 hexes sideways, 1 back, never past the line drawn 1 hex ahead")
    else:
        notes.append("at the start only; 6 hexes or more from the enemy, no attack")
    if s.corps:
        half = math.ceil(s.corps / 2)
        details["commander_free_at"] = half
        free = s.corps_retreating >= half
        details["commander_movement"] = "full" if free else 3
        notes.append(
            "the army commander moves 3 MP until the army is demoralized or half his "
            "corps, rounded up, have a retreat order (XVII.3)"
        )
    notes.append("a fresh order: +1 melee for 3 turns after the battle's delay (XVII.3)")
    return Outcome.without_value(
        PACK, "orders", "XVII.3", {}, s.order, {s.order: Fraction(1)}, details, tuple(notes)
    )


@dataclass(frozen=True)
class TimeLimitSituation:
    """A player's movement phase against the battle's limit (XIX)."""

    seconds_used: int
    limit_seconds: int = 0
    demoralized: bool = False
    reactions_seconds: int = 0


def time_limit(s: TimeLimitSituation, rules: VleRules, roller: Roller) -> Outcome:
    """-1 morale a 30 s over the limit, rounded up; demoralized: 15 s and -1 a 15 s."""
    check_range(s.seconds_used, 0, 36000, "seconds_used", "XIX.1")
    check_range(s.reactions_seconds, 0, s.seconds_used, "reactions_seconds", "XIX.1")
    if s.demoralized:
        limit, step = 15, 15
    else:
        if s.limit_seconds <= 0:
            raise PackError("give the battle's limit_seconds (XIX.1)", "limit_seconds", "XIX.1")
        limit, step = s.limit_seconds, 30
    used = s.seconds_used - s.reactions_seconds
    excess = max(0, used - limit)
    malus = math.ceil(excess / step)
    scope = str(rules.opt("time_penalty_scope"))
    notes = [
        "the enemy's reactions are not counted (XIX.1)",
        f"-{malus} morale until the next game turn, on {scope.replace('_', ' ')} "
        f"({rules.note('time_penalty_scope')})"
        if malus
        else "within the time",
    ]
    if s.demoralized:
        notes.append("a demoralized army has 15 seconds (XIX.3)")
    mods = (text(-malus, "time over-run", "XIX.2"),) if malus else ()
    code = f"malus_{malus}"
    return Outcome.of_pack(
        PACK, "time_limit", "XIX.3" if s.demoralized else "XIX.2", 0, mods, -malus, {}, code,
        {code: Fraction(1)}, {"limit": limit, "excess": excess, "malus": malus}, tuple(notes),
    )  # fmt: skip


@dataclass(frozen=True)
class EventSituation:
    """A player plays random event ``number`` (XXII.2, XXII.3)."""

    number: int
    side: Literal["french", "other"] = "french"
    turn: int = 1
    unit_arm: Literal["", "infantry", "cavalry", "artillery"] = ""
    advanced_rules: bool = True
    enemy_turn: bool = False
    enemy_demoralized: bool = False
    played_on_unit: list[int] = field(default_factory=list)


def random_event(s: EventSituation, rules: VleRules, roller: Roller) -> Outcome:
    """Is the event playable now, and what does it change (XXII.3)?"""
    check_range(s.number, 1, len(EVENTS), "number", "XXII.3")
    ev = EVENTS[s.number - 1]
    why: list[str] = []
    if ev.arms and s.unit_arm and s.unit_arm not in ev.arms:
        why.append(f"for {' or '.join(ev.arms)} only")
    if ev.side == "french" and s.side != "french":
        why.append("for the French player only")
    if s.turn < ev.from_turn:
        why.append(f"not before turn {ev.from_turn}")
    if ev.advanced and not s.advanced_rules:
        why.append("needs the advanced rules")
    if ev.enemy_turn and not s.enemy_turn:
        why.append("played in the enemy's turn")
    if ev.needs_demoralized_enemy and not s.enemy_demoralized:
        why.append("the enemy army or a corps must be demoralized")
    if s.number in s.played_on_unit:
        why.append("not twice on the same unit (XXII.2)")
    result = "not_allowed" if why else "playable"
    notes = [f"#{ev.number} {ev.name}: {ev.effect}"] + why
    notes.append("a played event goes back into its side's cup (XXII.1)")
    if ev.changes:
        notes.append(f"a bonus is read by its effect ({rules.note('event_bonus_sign')})")
    return Outcome.without_value(
        PACK, "random_event", "XXII.3", {}, result, {result: Fraction(1)},
        {"event": ev.name, "changes": dict(ev.changes)},
        tuple(notes),
    )  # fmt: skip
