"""Hypothetical-battle deployment and reinforcements (AVlE 14.0), Quatre Bras control (13.2).

Deployment: both players roll a d6 for exploration; the difference says how the two place
their units in turns (the exploration table of ``avle-1.2.yaml``), and the winner has the
initiative. Reinforcements: from turn 3 a side's held-back units (4 at most) arrive as due
(2 in turn 3, 1 in turn 4, 1 in turn 5); each round a black die per unit due picks its arm,
a unit of that arm still held back arrives, and a d6 picks its sector. Quatre Bras: the
French win at once when they control its three hexes. The board (hexes, rows, who stands
where) is the players'; they enter what they see. Standard library only.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from eote_ref.packs.avle.model import FACE_ARM, AvleRules
from eote_ref.packs.dice import Face, Pool, Roller
from eote_ref.packs.outcome import Outcome, PackError, certain

PACK = "avle"
SECTORS = ("left", "centre", "right")
ARMS = ("infantry", "cavalry", "artillery")


# ------------------------------------------------------------------------------ deployment
@dataclass(frozen=True)
class DeploySide:
    """One player: the exploration d6 (null: rolled) and, to check, the deployment made."""

    exploration_roll: int | None = None
    units_by_sector: dict[str, int] | None = None
    held_back: int = 0
    generals: int | None = None


@dataclass(frozen=True)
class DeploymentSituation:
    """The two players of a hypothetical battle (one of them named by ``french``)."""

    sides: dict[str, DeploySide]
    french: str = "french"


def _exploration_odds(rules: AvleRules) -> dict[str, Fraction]:
    d6 = rules.die("d6")
    table = rules.bands("exploration")
    out: dict[str, Fraction] = {}
    step = Fraction(1, d6.sides**2)
    for a, b in itertools.product(d6.faces, repeat=2):
        code = table.lookup(abs(int(a) - int(b)))
        out[code] = out.get(code, Fraction(0)) + step
    return {b.result: out[b.result] for b in table.bands if b.result in out}


def deployment(s: DeploymentSituation, rules: AvleRules, roller: Roller) -> Outcome:
    """How the two players deploy and who has the initiative (14.0, 4.0)."""
    if len(s.sides) != 2 or s.french not in s.sides:
        raise PackError(f"give exactly two sides, one of them '{s.french}'", "sides")
    names = list(s.sides)
    other = names[1] if names[0] == s.french else names[0]
    problems = {n: _deployment_problems(rules, n, side) for n, side in s.sides.items()}
    notes: list[str] = []
    details: dict[str, Any]
    if rules.opt("hypothetical_deployment") == "alternate_three_two":
        for n, side in s.sides.items():
            if side.exploration_roll is not None:
                raise PackError(
                    "no exploration roll under 4.0's alternation",
                    f"sides.{n}.exploration_roll",
                    "4.0",
                )
        result = "alternate_three_two"
        probabilities = certain(result)
        notes.append(
            f"{other} places 3 units at a time, {s.french} 2, {other} first "
            f"(4.0; {rules.option_note('hypothetical_deployment')})"
        )
        details = {
            "exploration": None,
            "difference": None,
            "winner": None,
            "first_to_place": other,
            "units_at_a_time": {other: 3, s.french: 2},
            "hidden": False,
            "initiative": None,
        }
        notes.append("the first order of each round follows 5.1")
    else:
        d6 = rules.die("d6")
        rolled: dict[str, int] = {}
        for n, side in s.sides.items():
            name = f"{n}_exploration"
            if side.exploration_roll is not None:
                rolled[n] = int(d6.read(side.exploration_roll, f"sides.{n}.exploration_roll"))
                roller.used[name] = rolled[n]
            else:
                rolled[n] = roller.number(name, d6)
        a, b = names
        difference = abs(rolled[a] - rolled[b])
        result = rules.bands("exploration").lookup(difference)
        probabilities = _exploration_odds(rules)
        winner = loser = None
        if difference:
            higher = a if rolled[a] > rolled[b] else b
            lower = b if higher == a else a
            by_higher = rules.opt("exploration_winner") == "higher"
            winner, loser = (higher, lower) if by_higher else (lower, higher)
        details = {
            "exploration": rolled,
            "difference": difference,
            "winner": winner,
            **_placing(rules, result, winner, loser, notes),
            "initiative": _initiative(rules, winner, notes),
        }
        if winner is not None:
            notes.append(
                f"{winner} wins the exploration ({rules.option_note('exploration_winner')})"
            )
    details["problems"] = problems
    return Outcome.without_value(
        pack=PACK,
        procedure="deployment",
        rule="14.0",
        rolls=dict(roller.used),
        result=result,
        probabilities=probabilities,
        details=details,
        notes=tuple(notes),
    )


def _placing(
    rules: AvleRules, result: str, winner: str | None, loser: str | None, notes: list[str]
) -> dict[str, Any]:
    if winner is None or loser is None:
        notes.append("a tie: both deploy at once behind a screen (14.0)")
        return {"first_to_place": None, "units_at_a_time": None, "hidden": True}
    if result == "loser_all_first":
        notes.append(f"{loser} places every unit, then {winner} (14.0)")
        return {"first_to_place": loser, "units_at_a_time": {loser: "all", winner: "all"},
                "hidden": False}  # fmt: skip
    at_a_time = {loser: 3 if result == "three_and_two" else 4, winner: 2}
    first = loser if rules.opt("deployment_first") == "loser" else winner
    notes.append(f"{first} places first ({rules.option_note('deployment_first')})")
    return {"first_to_place": first, "units_at_a_time": at_a_time, "hidden": False}


def _initiative(rules: AvleRules, winner: str | None, notes: list[str]) -> str | None:
    if rules.opt("hypothetical_first_order") == "as_5_1":
        notes.append(
            f"the first order follows 5.1 ({rules.option_note('hypothetical_first_order')})"
        )
        return None
    if winner is None:
        notes.append("no exploration winner: the first unit to move is drawn at random each round")
        return "random"
    return winner


def _deployment_problems(rules: AvleRules, name: str, side: DeploySide) -> list[str]:
    h = rules.data.hypothetical
    at = f"sides.{name}"
    if side.held_back < 0:
        raise PackError("held_back is 0 or more", f"{at}.held_back")
    out: list[str] = []
    most = h["reinforcements"].value
    if side.held_back > most:
        out.append(f"at most {most} units are held back as reinforcements (14.0)")
    if side.generals is not None and side.generals != h["generals"].value:
        out.append(f"each player has {h['generals'].value} Generals, not {side.generals} (14.0)")
    if side.units_by_sector is None:
        return out
    bad = sorted(set(side.units_by_sector) - set(SECTORS))
    if bad or any(v < 0 for v in side.units_by_sector.values()):
        raise PackError(
            "units_by_sector counts left, centre, right (0 or more)", f"{at}.units_by_sector"
        )
    least = h["sector_minimum"].value
    for sector in SECTORS:
        n = side.units_by_sector.get(sector, 0)
        if n < least:
            out.append(f"{sector} has {n} units: deploy at least {least} in each sector (14.0)")
    units = h["units"].value
    deployed = sum(side.units_by_sector.values())
    if deployed + side.held_back != units:
        out.append(
            f"{deployed} deployed and {side.held_back} held back: each player has {units} "
            "units (14.0)"
        )
    return out


# -------------------------------------------------------------------------- reinforcements
@dataclass(frozen=True)
class ReinforcementSituation:
    """One side at the start of a round: its held-back units by arm and what has arrived."""

    turn: int
    round: int = 1
    pool: dict[str, int] = field(default_factory=dict)
    arrived_this_turn: int = 0
    arrived_before: int = 0


def due(rules: AvleRules, turn: int, arrived_before: int, arrived_this_turn: int) -> int:
    """Reinforcements still due this turn (by the schedule, and the carry option)."""
    h = rules.data.hypothetical

    def scheduled(t: int) -> int:
        v = h.get(f"reinforcements_turn_{t}")
        return v.value if v is not None else 0

    if rules.opt("reinforcement_carry") == "carried":
        owed = sum(scheduled(t) for t in range(1, turn + 1)) - arrived_before
    else:
        owed = scheduled(turn)
    return max(0, min(owed, h["reinforcements"].value - arrived_before) - arrived_this_turn)


def _arrivals(faces: tuple[Face, ...], pool: dict[str, int], can: int) -> list[str]:
    """The arms that arrive for these faces, die by die, from what is held back."""
    left = dict(pool)
    out: list[str] = []
    for face in faces:
        arm = FACE_ARM.get(str(face))
        if arm is not None and left.get(arm, 0) > 0 and len(out) < can:
            left[arm] -= 1
            out.append(arm)
    return out


def _code(arms: list[str]) -> str:
    return "+".join(sorted(arms, key=ARMS.index)) or "none"


def reinforcement(s: ReinforcementSituation, rules: AvleRules, roller: Roller) -> Outcome:
    """Does a held-back unit arrive this round, of which arm, and in which sector (14.0)?"""
    turns, rounds = rules.data.victory["turns"].value, rules.data.victory["rounds"].value
    h = rules.data.hypothetical
    if not 1 <= s.turn <= turns:
        raise PackError(f"turn is 1..{turns}", "turn")
    if not 1 <= s.round <= rounds:
        raise PackError(f"round is 1..{rounds}", "round")
    bad = sorted(set(s.pool) - set(ARMS))
    if bad or any(v < 0 for v in s.pool.values()):
        raise PackError("pool counts infantry, cavalry, artillery (0 or more)", "pool")
    most = h["reinforcements"].value
    for name in ("arrived_this_turn", "arrived_before"):
        if getattr(s, name) < 0:
            raise PackError(f"{name} is 0 or more", name)
    if sum(s.pool.values()) + s.arrived_before + s.arrived_this_turn > most:
        raise PackError(
            f"at most {most} reinforcements a player, held back and arrived (14.0)", "pool", "14.0"
        )
    notes = ["turns stand for the text's hours (14.0)"]
    owed = due(rules, s.turn, s.arrived_before, s.arrived_this_turn)
    owed = min(owed, sum(s.pool.values()))
    timing = rules.opt("reinforcement_timing")
    n = 0
    if timing == "turn_start" and s.round != 1:
        notes.append(f"rolled only in round 1 ({rules.option_note('reinforcement_timing')})")
    elif owed:
        n = owed if rules.opt("reinforcement_dice") == "units_due" else 1
        n = min(n, h["reinforcement_dice"].value)
        notes.append(f"{n} black die/dice ({rules.option_note('reinforcement_dice')})")
    else:
        notes.append(f"no reinforcement due in turn {s.turn} (14.0; "
                     f"{rules.option_note('reinforcement_carry')})")  # fmt: skip
    if not n and "type_dice" in roller.entered:
        raise PackError("no black die is rolled this round (no unit due)", "type_dice", "14.0")
    black = rules.die("command")
    probabilities: dict[str, Fraction] = {}
    arms: list[str] = []
    sectors: list[dict[str, Any]] = []
    if n:
        pool = Pool(black, n)
        step = Fraction(1, black.sides**n)
        for faces in pool.enumerate():
            code = _code(_arrivals(faces, s.pool, n))
            probabilities[code] = probabilities.get(code, Fraction(0)) + step
        arms = _arrivals(roller.pool("type_dice", pool), s.pool, n)
        if arms:
            rolls = roller.pool("sector_rolls", Pool(rules.die("d6"), len(arms)))
            table = rules.bands("reinforcement_sector")
            sectors = [
                {"arm": arm, "sector_roll": r, "sector": table.lookup(int(r))}
                for arm, r in zip(arms, rolls, strict=True)
            ]
        notes.append("a flag, a General or an arm not held back brings no unit (14.0)")
    result = _code(arms)
    if not probabilities:
        probabilities = certain(result)
    return Outcome.without_value(
        pack=PACK,
        procedure="reinforcement",
        rule="14.0",
        rolls=dict(roller.used),
        result=result,
        probabilities={k: probabilities[k] for k in sorted(probabilities, key=_order)},
        details={
            "due": owed,
            "dice": n,
            "arrivals": sectors,
            "sector_probabilities": _sector_odds(rules),
        },
        notes=tuple(notes),
    )


def _order(code: str) -> tuple[int, list[int]]:
    arms = [] if code == "none" else [ARMS.index(a) for a in code.split("+")]
    return len(arms), arms


def _sector_odds(rules: AvleRules) -> dict[str, Fraction]:
    table = rules.bands("reinforcement_sector")
    out: dict[str, Fraction] = {}
    d6 = rules.die("d6")
    for face, p in d6.distribution().items():
        sector = table.lookup(int(face))
        out[sector] = out.get(sector, Fraction(0)) + p
    return out


# ---------------------------------------------------------------------------- Quatre Bras
Holder = Literal["french", "allied", "none"]


@dataclass(frozen=True)
class HexState:
    """One Quatre Bras hex: whose unit stands in it, and whose unit entered it last."""

    occupant: Holder = "none"
    general_only: bool = False
    last_entered: Holder = "none"


@dataclass(frozen=True)
class QuatreBrasSituation:
    """The three Quatre Bras hexes as the players see them (a hex not given: never entered)."""

    hexes: dict[str, HexState] = field(default_factory=dict)


def quatre_bras(s: QuatreBrasSituation, rules: AvleRules, roller: Roller) -> Outcome:
    """Do the French control Quatre Bras, and so win at once (13.2)?"""
    del roller  # no dice
    qb = rules.data.quatre_bras
    wanted = list(qb.control_hexes)
    unknown = sorted(set(s.hexes) - set(wanted))
    if unknown:
        raise PackError(
            f"hexes: '{unknown[0]}' is not a Quatre Bras hex (known: {', '.join(wanted)})",
            "hexes",
            qb.rule,
        )
    reading = rules.opt("quatre_bras_control")
    generals = bool(rules.opt("generals_hold_sector"))
    side = qb.controlling_side
    held: dict[str, str | None] = {}
    for name in wanted:
        h = s.hexes.get(name, HexState())
        if h.general_only and h.occupant == "none":
            raise PackError("general_only needs an occupant", f"hexes.{name}.general_only")
        occupant = h.occupant if generals or not h.general_only else "none"
        if occupant != "none":
            held[name] = occupant
        elif reading == "last_entered" and h.last_entered != "none":
            held[name] = h.last_entered
        else:
            held[name] = None
    won = all(v == side for v in held.values())
    result = "decisive" if won else "not_controlled"
    notes = [
        f"control: {rules.option_note('quatre_bras_control')}; a lone General "
        f"{'holds' if generals else 'does not hold'} a hex "
        f"({rules.option_note('generals_hold_sector')})",
        f"substantial victory: {qb.french_wins_at.value} units for the French, "
        f"{qb.allied_wins_at.value} for the Allies, checked after each complete turn "
        "(13.2; the victory procedure with wins_at and substantial_check=turn)",
    ]
    return Outcome.without_value(
        pack=PACK,
        procedure="quatre_bras",
        rule=qb.rule,
        rolls={},
        result=result,
        probabilities=certain(result),
        details={"winner": side if won else None, "held_by": held},
        notes=tuple(notes),
    )
