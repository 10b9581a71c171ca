"""Movement (AVlE 6.0-6.3, 8.1-8.8, 3.2, 13.1): allowances by type and order, and a path.

The allowance is the hexes a unit (or a General) may move under the order it has: with fire
after it, or without. An order card's dice give 6.0's allowances, a road the whole way one
hex more; the automatic cards give theirs (3.2). A path, when given, is checked hex by hex:
ground that may not be entered (8.8 rough ground and lakes, rivers off their bridges), hexes
held by other units or Generals (6.1, 6.3), ground and zones of control that stop a move
(8.1, 8.4, 8.5, 6.1, 6.2), Hougoumont for infantry only (13.1). The board is the players':
they say what each hex entered holds. No dice. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from eote_ref.packs.avle.fire import BUILDINGS
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.avle.victory import Card
from eote_ref.packs.dice import Roller
from eote_ref.packs.outcome import Outcome, PackError, certain

PACK = "avle"
Ground = Literal[
    "open", "road", "bridge", "orchard", "field", "wood", "hill", "farm", "town",
    "fortified", "stream", "marsh", "rough", "lake", "river",
]  # fmt: skip
Holder = Literal[
    "none", "friendly_unit", "friendly_artillery", "friendly_general", "enemy_unit",
    "enemy_general",
]  # fmt: skip
#: Ground a move ends on when it enters it (8.1 woods, 8.5 streams and marshes; buildings
#: unless entered and left by road, 8.4).
STOPS = frozenset({"wood", "stream", "marsh"})
#: Ground never entered (8.8: rough ground and lakes; 8.5: a river, but at a bridge).
NO_ENTRY = frozenset({"rough", "lake", "river"})
#: The keys of ``movement`` in ``avle-1.2.yaml`` (6.0) by mover: with fire after, without.
ALLOWANCE: dict[str, tuple[str | None, str | None]] = {
    "infantry": ("infantry_and_fire", "infantry"),
    "cavalry": ("cavalry_and_shock", "cavalry"),
    "artillery": (None, "artillery"),
    "horse_artillery": ("horse_artillery_and_fire", "horse_artillery"),
    "general": (None, "general"),
    "garrison": (None, None),
}
#: The automatic cards' moves (3.2): infantry 1 and fire or 3 without; artillery 2 without
#: firing (horse artillery 4), instead of doubling its fire; cavalry its usual move and shock.
CARD_ALLOWANCE: dict[tuple[str, str], tuple[str | None, str | None]] = {
    ("infantry_manoeuvre", "infantry"): ("manoeuvre_infantry_and_fire", "manoeuvre_infantry"),
    ("bombardment", "artillery"): (None, "bombardment_artillery"),
    ("bombardment", "horse_artillery"): (None, "bombardment_horse_artillery"),
}
CARD_ARM = {
    "infantry_manoeuvre": "infantry",
    "cavalry_grand_charge": "cavalry",
    "bombardment": "artillery",
}


@dataclass(frozen=True)
class PathHex:
    """One hex entered, in order: its ground, a road into it, its neighbours, what it holds."""

    terrain: Ground = "open"
    road: bool = False
    adjacent_to_enemy: bool = False
    holds: Holder = "none"
    hougoumont: bool = False


@dataclass(frozen=True)
class MovementSituation:
    """A unit (a unit type, or ``general``) ordered to move, and optionally its path."""

    unit: str
    card: Card = "left"
    path: list[PathHex] = field(default_factory=list)
    road: bool = False
    will_fire: bool = False
    formation: Literal["combat", "square"] = "combat"
    changes_formation: bool = False
    starts_adjacent_to_enemy: bool = False
    ordered: bool = True
    moved_this_round: bool = False
    retreated_this_round: bool = False
    reacted_this_round: bool = False
    prussian_arrival: bool = False


def _kind(rules: AvleRules, unit: str) -> tuple[str, str]:
    """(allowance key, arm) of the mover."""
    if unit == "general":
        return "general", "general"
    t = rules.unit(unit, "unit")
    if t.arm == "artillery" and t.moving_fire is not None:
        return "horse_artillery", "artillery"
    return t.arm, t.arm


def allowance(
    rules: AvleRules, s: MovementSituation, key: str, arm: str, road: bool, notes: list[str]
) -> tuple[int | None, int, str]:
    """(hexes with fire, hexes without, the section) for this mover under this order."""
    if s.card in CARD_ARM:
        if arm != CARD_ARM[s.card]:
            raise PackError(
                f"{s.card} orders {CARD_ARM[s.card]} only, not a {key.replace('_', ' ')}",
                "card",
                "3.2",
            )
        fire, free = _hexes(rules, CARD_ALLOWANCE.get((s.card, key), ALLOWANCE[key]))
        rule = "3.2"
        if s.card == "bombardment":
            notes.append("a bombarding battery moves or doubles its fire value, not both (3.2)")
        if road and rules.opt("automatic_card_road") == "plus_one":
            bonus = rules.data.movement["road"].value
            fire = None if fire is None else fire + bonus
            free += bonus
        elif road:
            notes.append(
                f"the card's allowance has no road hex added "
                f"({rules.option_note('automatic_card_road')})"
            )
        return fire, free, rule
    fire, free = _hexes(rules, ALLOWANCE[key])
    if road and free:
        bonus = rules.data.movement["road"].value
        fire, free = (None if fire is None else fire + bonus), free + bonus
    return fire, free, "6.0"


def _hexes(rules: AvleRules, keys: tuple[str | None, str | None]) -> tuple[int | None, int]:
    """The hexes with fire after (None: no fire) and without, from the data's keys."""
    m = rules.data.movement
    fire, free = keys
    return (m[fire].value if fire else None), (m[free].value if free else 0)


def movement(s: MovementSituation, rules: AvleRules, roller: Roller) -> Outcome:
    """How far may this unit move under its order, and may it take this path (6.0-6.3)?"""
    del roller  # no dice
    key, arm = _kind(rules, s.unit)
    if len(s.path) > 10:
        raise PackError("path is at most 10 hexes", "path")
    problems: list[dict[str, str]] = []
    notes: list[str] = []

    def problem(text: str, rule: str) -> None:
        problems.append({"problem": text, "rule": rule})

    if s.prussian_arrival:
        notes.append("a Prussian unit moves and fires in its arrival round without a card (13.1)")
    elif not s.ordered:
        problem("only a unit given an order this round moves", "5.1")
    if s.moved_this_round:
        problem("one order a unit a round: it has moved on its order already", "5.1")
    if s.retreated_this_round:
        problem("a unit that retreated this round may not move (it may fire)", "10.1")
    if s.reacted_this_round:
        problem("a unit that reacted to a charge does not move this round", "9.3")
    if s.formation == "square":
        if arm != "infantry":
            raise PackError("only infantry forms square", "formation", "6.0")
        problem("a square may not move (it may fire)", "6.0")
    if s.changes_formation:
        if arm != "infantry":
            raise PackError("only infantry changes formation", "changes_formation", "6.0")
        if rules.opt("formation_change_fire") == "no_fire" or s.will_fire:
            problem(
                "infantry that changes formation may not move and fire "
                f"({rules.option_note('formation_change_fire')})",
                "6.0",
            )
    road = all(h.road for h in s.path) if s.path else s.road
    with_fire, without, rule = allowance(rules, s, key, arm, road, notes)
    if road:
        notes.append("entirely on road hexes: one hex more (6.0)")
    limit = with_fire if s.will_fire else without
    if s.will_fire and with_fire is None:
        problem(f"a {key.replace('_', ' ')} may not fire after moving", rule)
    elif s.path and not without:
        problem(f"a {key} may not move", rule)
    elif s.path and limit is not None and len(s.path) > limit:
        problem(f"{len(s.path)} hexes: the allowance is {limit}", rule)
    stops_at = _check_path(s, arm, problems)
    no_fire_there = _no_fire_at_end(s, arm)
    if s.will_fire and no_fire_there:
        problem(no_fire_there[0], no_fire_there[1])
    if key == "general":
        notes.append("zones of control stop units (6.2); the text does not say they stop a General")
    result = "not_allowed" if problems else "allowed"
    return Outcome.without_value(
        pack=PACK,
        procedure="movement",
        rule=rule,
        rolls={},
        result=result,
        probabilities=certain(result),
        details={
            "allowance_with_fire": with_fire,
            "allowance_without_fire": without,
            "road_bonus": road and bool(without),
            "hexes": len(s.path),
            "stops_at": stops_at,
            "may_fire_after": with_fire is not None
            and not no_fire_there
            and (not s.path or len(s.path) <= with_fire)
            and not (
                s.changes_formation
                and (bool(s.path) or rules.opt("formation_change_fire") == "no_fire")
            ),
            "problems": problems,
        },
        notes=tuple(notes),
    )


def _no_fire_at_end(s: MovementSituation, arm: str) -> tuple[str, str] | None:
    """Why the mover may not fire where its path ends (reason, section), or None."""
    if not s.path:
        return None
    end = s.path[-1].terrain
    if end in BUILDINGS:
        if arm == "cavalry":
            return "cavalry does not shock from buildings", "6.0, 8.4"
        return "a unit does not fire in the round it enters buildings", "8.4"
    if arm == "artillery" and end in ("stream", "marsh"):
        return "artillery in a stream or marsh does not fire", "8.5"
    return None


def _check_path(s: MovementSituation, arm: str, problems: list[dict[str, str]]) -> int | None:
    """Check each hex entered; the index of the first hex the move must end in, or None."""
    stops_at: int | None = None
    stop_rule = ""
    general = arm == "general"
    last = len(s.path) - 1
    for i, h in enumerate(s.path):
        where = f"path[{i}]"

        def problem(text: str, rule: str, where: str = where) -> None:
            problems.append({"problem": f"{where}: {text}", "rule": rule})

        if h.terrain == "river":
            problem("a river is crossed only at a bridge", "8.5")
        elif h.terrain in NO_ENTRY:
            problem(f"{h.terrain} may not be entered", "8.8")
        if h.hougoumont and arm != "infantry":
            problem("only infantry may occupy Hougoumont", "13.1")
        if h.hougoumont and h.terrain != "fortified":
            problem("Hougoumont is a fortified building", "13.1")
        stop = "6.1" if _holder(h, i, last, general, arm, problem) else ""
        if h.terrain in STOPS:
            stop = stop or ("8.1" if h.terrain == "wood" else "8.5")
        if h.terrain in BUILDINGS:
            leaves_by_road = i < last and h.road and s.path[i + 1].road
            if not leaves_by_road:
                stop = stop or "8.4"
        if h.adjacent_to_enemy and not general:
            stop = stop or "6.2"
            if s.starts_adjacent_to_enemy:
                problem(
                    "a unit that starts next to an enemy may not move into, or end in, "
                    "another hex next to one",
                    "6.2",
                )
        if stop and stops_at is None:
            stops_at, stop_rule = i, stop
    if stops_at is not None and stops_at < last:
        problems.append(
            {
                "problem": f"path[{stops_at}]: the move must end there, {last - stops_at} "
                "hex(es) go on",
                "rule": stop_rule,
            }
        )
    return stops_at


def _holder(h: PathHex, i: int, last: int, general: bool, arm: str, problem: Any) -> bool:
    """Check what the hex holds; True when the move must end there."""
    if general:
        if h.holds in ("enemy_unit", "enemy_general"):
            problem("a General may not enter a hex with an enemy unit or General", "6.3")
        if h.holds == "friendly_general" and i == last:
            problem("a General may not end in a hex with another General", "6.3, 7.3.16")
        return False
    if h.holds in ("enemy_unit", "enemy_general"):
        problem("a unit may not enter a hex with an enemy unit or General", "6.1")
    elif h.holds == "friendly_unit":
        problem("a unit may not enter or pass through a friendly unit's hex", "6.1")
    elif h.holds == "friendly_artillery":
        if arm not in ("infantry", "cavalry"):
            problem("only infantry and cavalry pass through a friendly battery", "6.1")
        elif i == last:
            problem("a move may pass through a friendly battery, not end with it", "6.1")
    elif h.holds == "friendly_general":
        return True  # it may enter, and stops there (6.1)
    return False
