"""VlE morale: the check and the checks built on it.

The check (X.2-X.4), the loss grid, rally (XI), square (IX.6), countercharge (IX.7),
withdrawal (VI.8). Two d6 summed, success at or below the modified morale; a double 1
always succeeds and a double 6 always fails (X.3), so the two dice are entered, not a total.
Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from eote_ref.packs.dice import Pool, Roller
from eote_ref.packs.outcome import Modifier, Outcome, PackError, whole_total
from eote_ref.packs.vle.data import loss_malus
from eote_ref.packs.vle.model import D6, PACK, VleRules, check_choices, check_range, text

TWO_D6 = Pool(D6, 2)

Reason = Literal[
    "fire",
    "melee",
    "retreat_through",
    "chain_reaction",
    "stack_below",
    "event",
    "rally",
    "square",
    "countercharge",
    "withdrawal",
    "reintegration",
]


@dataclass(frozen=True)
class MoraleSituation:
    """A unit checks its morale (X.1): its printed morale and what modifies it (X.4).

    ``original_steps``/``steps`` give the loss grid's malus (option ``loss_morale=grid``); with
    reduced-strength counters give the counter's ``morale`` and leave them 0. ``event_bonus``
    is the sum of the events played, by effect: + makes success likelier (XXII.3).
    ``six_front_hexes``: in square or general order, the unit has no flank or rear (IV.3,
    IV.4, IV.9); nor has a disorganized infantry or cavalry unit (IV.5, IV.10; a disorganized
    battery keeps its flanks, IV.13) or a routed unit (XVI.5).
    """

    morale: int
    reason: Reason = "fire"
    arm: Literal["infantry", "cavalry", "artillery"] = "infantry"
    original_steps: int = 0
    steps: int = 0
    loss_malus: int | None = None
    disorganized: bool = False
    routed: bool = False
    square_attacked_by: Literal["none", "cavalry_only", "mixed"] = "none"
    adjacent_enemy: bool = False
    leader_morale: int = 0
    direction: Literal["front", "flank", "rear", "flank_and_rear"] = "front"
    protected_flank: bool = False
    below_failed_unit: bool = False
    demoralized_army: bool = False
    initiative_last_turn: Literal["none", "success", "failure"] = "none"
    time_penalty: int = 0
    terrain: Literal["open", "town", "castle"] = "open"
    event_bonus: int = 0
    cavalry_distance: int | None = None
    turns_disorganized: int | None = None
    rally_event: bool = False
    light_cavalry: bool = False
    six_front_hexes: bool = False


def p_success(target: int) -> Fraction:
    """The chance two d6 succeed against ``target``, naturals ruling (X.2, X.3)."""
    hits = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if (a, b) == (1, 1) or ((a, b) != (6, 6) and a + b <= target):
                hits += 1
    return Fraction(hits, 36)


def succeeds(dice: tuple[int, int], target: int) -> bool:
    """Whether two dice succeed against ``target`` (X.2, X.3)."""
    if dice == (1, 1):
        return True
    if dice == (6, 6):
        return False
    return sum(dice) <= target


def modifiers(s: MoraleSituation, rules: VleRules) -> tuple[int, tuple[Modifier, ...], list[str]]:
    """The base morale and the modifiers of X.4 (and XII.1, XVI.5, XVI.6, XVII.7, XIX)."""
    check_choices(s, "X.4")
    check_range(s.morale, 2, 12, "morale", "X")
    check_range(s.leader_morale, -3, 6, "leader_morale", "XIV.4")
    check_range(s.time_penalty, 0, 20, "time_penalty", "XIX.2")
    check_range(s.event_bonus, -6, 6, "event_bonus", "XXII.3")
    notes: list[str] = []
    base = s.morale
    mods: list[Modifier] = []
    fortified = {"town": 2, "castle": 3}.get(s.terrain, 0)
    if fortified and rules.opt("town_castle_morale"):
        capped = rules.opt("fortified_morale_cap") == "cap_before_other_modifiers"
        bonus = min(fortified, max(0, 11 - base)) if capped else fortified
        mods.append(
            text(bonus, f"in a {s.terrain} ({rules.note('fortified_morale_cap')})", "XVI.6")
        )
    if s.reason == "withdrawal" and rules.opt("withdrawal_no_modifiers") == "printed_morale":
        notes.append(
            f"withdrawal: the printed morale alone ({rules.note('withdrawal_no_modifiers')})"
        )
        return base, (), notes
    situational = not (
        s.reason == "withdrawal" and rules.opt("withdrawal_no_modifiers") == "drop_situational_only"
    )
    if s.routed:
        mods.append(text(-3, "routed", "XVI.5"))
        if rules.opt("routed_morale") == "minus_3_and_minus_2":
            mods.append(text(-2, f"disorganized ({rules.note('routed_morale')})", "X.4"))
    elif s.disorganized and not (s.rally_event and s.reason == "rally"):
        mods.append(text(-2, "disorganized", "X.4"))
    if s.square_attacked_by != "none" and situational:
        mixed_ok = rules.opt("square_bonus_mixed_attack") == "any_cavalry"
        if s.square_attacked_by == "cavalry_only" or mixed_ok:
            mods.append(text(2, "square attacked by cavalry", "X.4"))
        else:
            notes.append("no square +2: the attack is not by cavalry alone (X.4)")
    if s.reason == "rally" and s.adjacent_enemy and not s.rally_event:
        mods.append(text(-1, "rallying next to an enemy", "X.4"))
    if s.leader_morale and situational:
        mods.append(text(s.leader_morale, "leader's morale bonus", "XIV.4"))
    # Disorganized infantry and cavalry have six front hexes (IV.5, IV.10), a disorganized
    # battery not (IV.13, as in melee); a routed unit of any arm has (XVI.5).
    all_round = s.six_front_hexes or s.routed or (s.disorganized and s.arm != "artillery")
    if s.direction != "front" and all_round and s.reason != "square":
        notes.append(f"no {s.direction.replace('_', ' and ')}: six front hexes (IV.3-IV.5)")
    elif s.direction != "front" and situational and s.reason != "square" and not s.protected_flank:
        if s.direction == "flank_and_rear" and rules.opt("flank_and_rear_together") == "cumulative":
            mods.append(text(-2, "flank", "X.4"))
            mods.append(text(-3, "rear", "X.4"))
        else:
            value = -2 if s.direction == "flank" else -3
            mods.append(text(value, s.direction.replace("_", " and "), "X.4"))
        if s.direction == "flank_and_rear":
            notes.append(rules.note("flank_and_rear_together"))
    elif s.direction != "front" and s.reason == "square":
        notes.append("forming square ignores the flank/rear malus (IX.6)")
    if s.below_failed_unit and not s.rally_event:
        mods.append(text(-2, "the unit above has just failed", "X.4, V.5"))
    loss = 0
    if s.loss_malus is not None:
        check_range(s.loss_malus, -2, 0, "loss_malus", "X.4")
        loss = s.loss_malus
    elif rules.opt("loss_morale") == "grid" and s.original_steps:
        check_range(s.original_steps, 1, 20, "original_steps", "X.4")
        check_range(s.steps, 1, s.original_steps, "steps", "X.4")
        if s.original_steps > 9 and rules.opt("loss_malus_above_row_9") == "club_value":
            raise PackError(
                "give loss_malus for a unit of more than 9 steps "
                f"({rules.note('loss_malus_above_row_9')})",
                "loss_malus",
                "X.4",
            )
        if s.original_steps >= 4:
            loss = loss_malus(s.original_steps, s.steps)
        else:
            notes.append("3 steps or fewer: no loss malus (X.4)")
    if loss and not (s.rally_event and s.reason == "rally"):
        mods.append(text(loss, f"losses ({s.steps} of {s.original_steps} steps)", "X.4"))
    if s.demoralized_army and s.original_steps and s.steps < s.original_steps:
        mods.append(text(-2, "demoralized army, a step lost", "XII.1"))
    if s.initiative_last_turn != "none":
        value = -1 if s.initiative_last_turn == "success" else -2
        mods.append(text(value, f"initiative taken last turn ({s.initiative_last_turn})", "XVII.7"))
    if s.time_penalty:
        mods.append(text(-s.time_penalty, "time over-run", "XIX.2"))
    if s.reason == "square":
        if s.cavalry_distance is None:
            raise PackError("give cavalry_distance to form square", "cavalry_distance", "IX.6")
        if s.cavalry_distance >= 3:
            mods.append(text(1, "cavalry 3 hexes or more away", "IX.6"))
    if s.event_bonus:
        mods.append(text(s.event_bonus, "events played (by effect)", "XXII.3"))
    if s.rally_event and s.reason == "rally":
        mods.append(text(2, "Rally event: +2, no negative", "XXII.3 #16"))
        negatives = [m for m in mods if m.value < 0 and m.rule not in ("XVI.5",)]
        mods = [m for m in mods if m not in negatives]
    return base, tuple(mods), notes


def _failure(s: MoraleSituation, rules: VleRules) -> tuple[str, str]:
    """What a failure does to this unit, and why (X.2, VII.9, XII.2, XVI.5, IX.7, XI.4)."""
    if s.reason == "countercharge":
        return "failed_no_effect", "a failed countercharge does nothing (IX.7)"
    if s.reason == "rally":
        return "stays_disorganized", "rally failed: 2 hexes back, unless in town or wood (XI.4)"
    if s.reason == "reintegration":
        return "failed_no_effect", "no step recovered (XVI.7)"
    if s.reason == "square":
        return "disorganized", "no square: disorganized, retreating after the charge (IX.6)"
    if s.disorganized or s.routed:
        if s.demoralized_army:
            return "straggler", "a straggler: scores as destroyed, stays on the map (XII.2)"
        if rules.opt("rout"):
            return "routed", "routed: markers at turn + 2, fire and melee 0, morale -3 (XVI.5)"
        return "eliminated", "disorganized a second time: eliminated (VII.9)"
    return "disorganized", "disorganized and 2 hexes back (X.2, VIII.9)"


RESULTS = (
    "passed",
    "disorganized",
    "eliminated",
    "straggler",
    "routed",
    "stays_disorganized",
    "failed_no_effect",
    "not_allowed",
)


def check(
    s: MoraleSituation,
    rules: VleRules,
    roller: Roller,
    procedure: str = "morale",
    rule: str = "X.2",
) -> Outcome:
    """One morale check: the target, the two dice, the result and its exact odds."""
    refusal = _refused(s, rules)
    base, mods, notes = modifiers(s, rules)
    if refusal:
        return Outcome.of_pack(
            PACK, procedure, rule, base, mods, whole_total(base, mods), {}, "not_allowed",
            {"not_allowed": Fraction(1)}, {"reason": refusal[0]}, (refusal[1],),
        )  # fmt: skip
    target = whole_total(base, mods)
    final_cap = rules.opt("fortified_morale_cap") == "cap_final_value" and s.terrain != "open"
    if final_cap and rules.opt("town_castle_morale") and target > 11:
        notes.append(f"capped at 11 ({rules.note('fortified_morale_cap')})")
        target = 11
    faces = roller.pool("dice", TWO_D6)
    dice = (int(faces[0]), int(faces[1]))
    passed = succeeds(dice, target)
    fail_code, fail_words = _failure(s, rules)
    p = p_success(target)
    if target < 2:
        notes.append("only a double 1 succeeds (X.3)")
    elif target >= 12:
        notes.append("only a double 6 fails (X.3)")
    natural = (
        "natural 2: always a success"
        if dice == (1, 1)
        else ("natural 12: always a failure" if dice == (6, 6) else "")
    )
    if natural:
        notes.append(f"{natural} (X.3)")
    notes.append(f"on failure: {fail_words}")
    result = "passed" if passed else fail_code
    return Outcome.of_pack(
        PACK, procedure, rule, base, mods, target, dict(roller.used), result,
        {"passed": p, fail_code: 1 - p},
        {"target": target, "dice_total": sum(dice), "passed": passed},
        tuple(notes),
    )  # fmt: skip


def _refused(s: MoraleSituation, rules: VleRules) -> tuple[str, str] | None:
    if s.reason == "square":
        if s.arm != "infantry":
            return "not_infantry", "only infantry forms square (IX.6)"
        if s.disorganized:
            return "disorganized", "a disorganized unit cannot form square (IX.6)"
        if s.cavalry_distance is not None and s.cavalry_distance <= 1:
            return "adjacent", "the cavalry is adjacent: no square attempt (IX.6)"
    if s.reason in ("retreat_through", "chain_reaction") and (s.disorganized or s.routed):
        why = "a retreat through it" if s.reason == "retreat_through" else "a chain reaction"
        return "not_good_order", f"only a good order unit checks for {why} (VIII.9, XII.1)"
    if s.reason == "countercharge" and (s.arm != "cavalry" or s.disorganized):
        return "not_allowed", "only good order cavalry countercharges (IX.7)"
    if s.reason == "withdrawal" and (s.arm != "cavalry" or s.disorganized):
        return "not_allowed", "only good order cavalry withdraws (VI.8)"
    if s.reason == "rally":
        if not (s.disorganized or s.routed):
            return "not_disorganized", "only a disorganized unit rallies (XI.2)"
        waiting = s.turns_disorganized is not None and s.turns_disorganized < 2
        if waiting and not (s.rally_event and rules.opt("rally_event_overrides_wait") == "yes"):
            return "too_soon", "a unit rallies once its marker is two turns old (XI.1)"
    return None


# --- the procedures ------------------------------------------------------------------------


def morale(s: MoraleSituation, rules: VleRules, roller: Roller) -> Outcome:
    """A morale check of any cause (X.1-X.4)."""
    if s.reason == "withdrawal" and s.light_cavalry and rules.opt("cavalry_classes"):
        return _auto(s, "withdrawal", "VI.8", "light cavalry withdraws without a check (XVI.4)")
    return check(s, rules, roller)


def _auto(s: MoraleSituation, procedure: str, rule: str, why: str) -> Outcome:
    return Outcome.without_value(
        PACK, procedure, rule, {}, "passed", {"passed": Fraction(1)}, {"automatic": True}, (why,)
    )


@dataclass(frozen=True)
class RallySituation:
    """A disorganized unit tries to rally in its rally phase (XI)."""

    morale: int
    turns_disorganized: int
    original_steps: int = 0
    steps: int = 0
    loss_malus: int | None = None
    routed: bool = False
    adjacent_enemy: bool = False
    leader_morale: int = 0
    demoralized_army: bool = False
    initiative_last_turn: Literal["none", "success", "failure"] = "none"
    time_penalty: int = 0
    event_bonus: int = 0
    rally_event: bool = False
    arm: Literal["infantry", "cavalry", "artillery"] = "infantry"


def rally(s: RallySituation, rules: VleRules, roller: Roller) -> Outcome:
    """Rally (XI): the marker two turns old, the check with the -2 of disorganization."""
    m = MoraleSituation(
        morale=s.morale, reason="rally", arm=s.arm, original_steps=s.original_steps,
        steps=s.steps, loss_malus=s.loss_malus, disorganized=True, routed=s.routed,
        adjacent_enemy=s.adjacent_enemy, leader_morale=s.leader_morale,
        demoralized_army=s.demoralized_army, initiative_last_turn=s.initiative_last_turn,
        time_penalty=s.time_penalty, event_bonus=s.event_bonus,
        turns_disorganized=s.turns_disorganized, rally_event=s.rally_event,
    )  # fmt: skip
    return check(m, rules, roller, "rally", "XI.2")


@dataclass(frozen=True)
class SquareSituation:
    """Infantry tries to form square as cavalry charges it (IX.6)."""

    morale: int
    cavalry_distance: int
    original_steps: int = 0
    steps: int = 0
    loss_malus: int | None = None
    disorganized: bool = False
    leader_morale: int = 0
    below_failed_unit: bool = False
    demoralized_army: bool = False
    initiative_last_turn: Literal["none", "success", "failure"] = "none"
    time_penalty: int = 0
    event_bonus: int = 0
    direction: Literal["front", "flank", "rear", "flank_and_rear"] = "front"
    general_order: bool = False
    arm: Literal["infantry", "cavalry", "artillery"] = "infantry"


def square(s: SquareSituation, rules: VleRules, roller: Roller) -> Outcome:
    """Form square (IX.6): +1 at 3 hexes or more, none adjacent, flank/rear ignored."""
    check_range(s.cavalry_distance, 1, 30, "cavalry_distance", "IX.6")
    if s.general_order:
        return Outcome.without_value(
            PACK, "square", "IV.4", {}, "not_allowed", {"not_allowed": Fraction(1)},
            {"reason": "terrain"},
            ("in general order (a town, wood, brush or castle): no square there (IV.3, IV.4)",),
        )  # fmt: skip
    m = MoraleSituation(
        morale=s.morale, reason="square", arm=s.arm, original_steps=s.original_steps,
        steps=s.steps,
        loss_malus=s.loss_malus, disorganized=s.disorganized, leader_morale=s.leader_morale,
        below_failed_unit=s.below_failed_unit, demoralized_army=s.demoralized_army,
        initiative_last_turn=s.initiative_last_turn, time_penalty=s.time_penalty,
        event_bonus=s.event_bonus, cavalry_distance=s.cavalry_distance, direction=s.direction,
    )  # fmt: skip
    out = check(m, rules, roller, "square", "IX.6")
    extra: tuple[str, ...]
    if out.result == "passed":
        extra = ("square formed; the infantry below in the stack forms it too (IX.6)",)
    elif out.result == "disorganized":
        extra = ("the next unit of the stack may try at -2 (IX.6, V.5)",)
    else:
        extra = ()
    return _with_notes(out, extra)


@dataclass(frozen=True)
class CounterchargeSituation:
    """Cavalry tries to countercharge a unit entering its front (IX.7)."""

    morale: int
    original_steps: int = 0
    steps: int = 0
    loss_malus: int | None = None
    disorganized: bool = False
    leader_morale: int = 0
    below_failed_unit: bool = False
    demoralized_army: bool = False
    initiative_last_turn: Literal["none", "success", "failure"] = "none"
    time_penalty: int = 0
    event_bonus: int = 0


def countercharge(s: CounterchargeSituation, rules: VleRules, roller: Roller) -> Outcome:
    """Countercharge (IX.7): a morale check; failure does nothing, success melees at once."""
    m = MoraleSituation(
        morale=s.morale, reason="countercharge", arm="cavalry", original_steps=s.original_steps,
        steps=s.steps, loss_malus=s.loss_malus, disorganized=s.disorganized,
        leader_morale=s.leader_morale, below_failed_unit=s.below_failed_unit,
        demoralized_army=s.demoralized_army, initiative_last_turn=s.initiative_last_turn,
        time_penalty=s.time_penalty, event_bonus=s.event_bonus,
    )  # fmt: skip
    out = check(m, rules, roller, "countercharge", "IX.7")
    if out.result == "passed":
        return _with_notes(
            out,
            ("in line at once, it melees the unit as attacker, without moving (IX.7)",),
        )
    return out


@dataclass(frozen=True)
class WithdrawalSituation:
    """Good order cavalry withdraws 1 or 2 hexes as an enemy comes adjacent (VI.8).

    ``enemy_is_cavalry``: the enemy comes adjacent charging, as cavalry attacks (VI.8, IX.1,
    XVI.4); cavalry on a regular move in the movement phase does not bar a withdrawal.
    """

    morale: int
    cavalry_class: Literal["light", "line", "heavy"] = "line"
    enemy_is_cavalry: bool = False
    disorganized: bool = False
    charging: bool = False
    again_same_enemy: bool = False
    original_steps: int = 0
    steps: int = 0
    loss_malus: int | None = None
    leader_morale: int = 0
    direction: Literal["front", "flank", "rear", "flank_and_rear"] = "front"


def withdrawal(s: WithdrawalSituation, rules: VleRules, roller: Roller) -> Outcome:
    """Withdrawal (VI.8): none from a cavalry charge (``enemy_is_cavalry``), none disorganized."""
    if s.enemy_is_cavalry or s.disorganized or s.charging:
        why = (
            "no withdrawal from a cavalry charge (VI.8, XVI.4)"
            if s.enemy_is_cavalry
            else "no withdrawal while disorganized or charging (VI.8)"
        )
        return Outcome.without_value(
            PACK, "withdrawal", "VI.8", {}, "not_allowed", {"not_allowed": Fraction(1)}, {}, (why,)
        )
    if s.again_same_enemy:
        return _auto_named("withdrawal", "VI.8", "again before the same unit: no check (VI.8)")
    if s.cavalry_class == "light" and rules.opt("cavalry_classes"):
        return _auto_named("withdrawal", "VI.8", "light cavalry withdraws without a check (XVI.4)")
    m = MoraleSituation(
        morale=s.morale, reason="withdrawal", arm="cavalry", original_steps=s.original_steps,
        steps=s.steps, loss_malus=s.loss_malus, leader_morale=s.leader_morale,
        direction=s.direction,
    )  # fmt: skip
    out = check(m, rules, roller, "withdrawal", "VI.8")
    if out.result == "passed":
        return _with_notes(out, ("1 or 2 hexes away from the enemy, formation kept (VI.8)",))
    return out


def _auto_named(procedure: str, rule: str, why: str) -> Outcome:
    return Outcome.without_value(
        PACK, procedure, rule, {}, "passed", {"passed": Fraction(1)}, {"automatic": True}, (why,)
    )


def _with_notes(out: Outcome, extra: tuple[str, ...]) -> Outcome:
    import dataclasses

    return dataclasses.replace(out, notes=(*out.notes, *extra))


@dataclass(frozen=True)
class LossMalusSituation:
    """A unit's original and current steps (X.4's grid)."""

    original_steps: int
    steps: int


def loss_malus_procedure(s: LossMalusSituation, rules: VleRules, roller: Roller) -> Outcome:
    """The loss grid's malus (X.4): none for a unit of 3 steps or fewer."""
    check_range(s.original_steps, 1, 20, "original_steps", "X.4")
    check_range(s.steps, 1, s.original_steps, "steps", "X.4")
    notes: list[str] = []
    if s.original_steps <= 3:
        value = 0
        notes.append("3 steps or fewer: never a loss malus (X.4)")
    elif s.original_steps > 9 and rules.opt("loss_malus_above_row_9") == "club_value":
        raise PackError(
            f"the grid stops at 9 steps; the club gives the value "
            f"({rules.note('loss_malus_above_row_9')})",
            "original_steps",
            "X.4",
        )
    else:
        value = loss_malus(s.original_steps, s.steps)
        if s.original_steps > 9:
            notes.append(f"read on row 9 ({rules.note('loss_malus_above_row_9')})")
    if rules.opt("loss_morale") == "counters":
        notes.append("with reduced-strength counters their printed morale is used instead (X.4)")
    code = {0: "none", -1: "minus_1", -2: "minus_2"}[value]
    mods = (text(value, "losses", "X.4"),) if value else ()
    return Outcome.of_pack(
        PACK, "loss_malus", "X.4", 0, mods, value, {}, code, {code: Fraction(1)},
        {"malus": value}, tuple(notes),
    )  # fmt: skip
