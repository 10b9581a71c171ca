"""AVlE 1.2 played in the referee: set-up, the turn of six rounds, its checks, what falls due.

The shared referee (:mod:`eote_ref.referee.pack_play`) runs these; this module names the
pack's state keys and reads nothing but the standard library and the pack's procedures.

State kept (every key is written and undone by the journal one at a time):

* ``game.pack_state``: ``round`` (1..6 of the turn, 5.0; the turn is the game's ``turn``
  column), ``first_order`` and ``to_order`` (the side ids giving the first and the next
  order, 5.1), ``pending`` (checks a result called for: a General hit, a morale test), and
  ``victory`` once a side has won (4.2).
* ``game_side.pack_state``: ``flag`` (9.3), ``hand`` (the six cards of this turn, 4.1; None
  until chosen), ``last_hand``, ``played`` (this turn's cards in order), ``card`` (this
  round's), ``last_card`` (the round before's, 5.1), ``dice`` (the command dice's orders
  still to give this round, by face; ``automatic`` for an automatic card), ``units_lost`` and
  ``generals_lost`` (counted against this side, 4.2, 9.4.3), ``wins_at`` (the scenario's
  count, None for 14.0's).
* ``game_unit.markers``: ``elements``, ``start`` (the elements it started with, 12.0),
  ``arrives`` (the turn it comes on, 4.1), ``flag``, ``eliminated``, ``passed_morale``
  (15.0), ``formation`` (``square`` after a reaction, 9.3) and the round's ``ordered``,
  ``fired``, ``reacted``, ``fired_on``, cleared at the end of the round.
* ``game_leader.markers``: ``arrives``, ``killed`` (9.4), ``captured`` (9.4.2); the unit a
  General is attached to is the shared column ``game_unit.attached_leader_id`` (6.3.1).

The sectors are the commands (``Left``, ``Centre``, ``Right``, level ``sector``; 3.1), the
Generals their leaders (level ``general``). Standard library only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from eote_ref.packs.avle import fire as fire_mod
from eote_ref.packs.avle import generals as generals_mod
from eote_ref.packs.avle import rally as rally_mod
from eote_ref.packs.avle import reaction as reaction_mod
from eote_ref.packs.avle import victory as victory_mod
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.avle.orders import AUTOMATIC, FACE_ORDERS, OrdersSituation, SideCard
from eote_ref.packs.outcome import Outcome
from eote_ref.packs.play import (
    Ask,
    CheckSpec,
    Ctx,
    Due,
    Plan,
    PlanCommand,
    PlanLeader,
    PlanSide,
    PlanUnit,
    Play,
    PlayError,
    PlayState,
    Put,
    SideState,
    UnitState,
)

RULESET = "avle-1.2"
SECTORS = ("left", "centre", "right")
SECTOR_LEVEL = "sector"
GENERAL_LEVEL = "general"
#: The game's ``phase`` column for an AVlE game: empty, its round is ``pack_state.round``
#: (the shared view reads an empty phase as none of EotE's own).
PHASE = ""
#: The unit markers that last one round (5.1, 7.0.1, 9.3).
ROUND_MARKERS = ("ordered", "fired", "reacted", "fired_on")
#: How many units an automatic card orders (3.2; None: every one of its arm).
AUTOMATIC_ORDERS: Mapping[str, tuple[str, int | None]] = {
    "infantry_manoeuvre": ("infantry", 5),
    "cavalry_grand_charge": ("cavalry", 5),
    "bombardment": ("artillery", None),
}
#: The arm each command-die face orders (5.1); ``flag`` and ``general`` order any.
FACE_ARM = {"infantry": "infantry", "trooper": "cavalry", "cannon": "artillery"}


# ----------------------------------------------------------------------------- set-up
def setup(sides: Sequence[tuple[str, Sequence[tuple[str, Any]]]], rules: AvleRules) -> Plan:
    """The game of two sides of AVlE lists: a sector a command, Generals as its leaders."""
    plan_sides: list[PlanSide] = []
    for name, lists in sides:
        if not lists:
            raise PlayError(f"{name} has no army list")
        flag = lists[0][1].flag
        units: dict[str, list[PlanUnit]] = {s: [] for s in SECTORS}
        leaders: dict[str, list[PlanLeader]] = {s: [] for s in SECTORS}
        seen: set[str] = set()
        for _file, army in lists:
            for u in army.units:
                if u.name in seen:
                    raise PlayError(f"{name}: two units called {u.name!r}")
                seen.add(u.name)
                kind = rules.data.units[u.type]
                start = u.elements or kind.elements
                units[u.sector].append(
                    PlanUnit(
                        u.name,
                        kind.arm,
                        u.type,
                        u.nation or army.nation,
                        {
                            "elements": start,
                            "start": start,
                            "arrives": u.arrives,
                            "flag": u.flag or army.flag,
                        },
                    )
                )
            for g in army.generals:
                leaders[g.sector].append(
                    PlanLeader(g.name, GENERAL_LEVEL, {"arrives": g.arrives}, g.attached)
                )
        plan_sides.append(
            PlanSide(
                name,
                tuple(f for f, _ in lists),
                tuple(
                    PlanCommand(s.title(), SECTOR_LEVEL, tuple(units[s]), tuple(leaders[s]))
                    for s in SECTORS
                ),
                # An absent key reads as None: the journal removes a key set to None.
                {
                    "flag": flag,
                    "last_hand": [],
                    "played": [],
                    "units_lost": 0,
                    "generals_lost": 0,
                },  # fmt: skip
            )
        )
    return Plan(
        ruleset=RULESET,
        ruleset_version=rules.data.version,
        phase=PHASE,
        sides=tuple(plan_sides),
        pack_state={"round": 1, "pending": []},
    )


# ----------------------------------------------------------------------------- reading state
def sector_of(state: PlayState, unit: UnitState) -> str:
    """The sector ``unit`` is ordered in (its command, 3.1)."""
    return state.command(unit.command_id).name.lower()


def on_map(state: PlayState, unit: UnitState) -> bool:
    """On the map now: arrived (4.1) and not eliminated."""
    m = unit.markers
    return int(m.get("arrives", 1)) <= state.turn and not m.get("eliminated")


def general_with(state: PlayState, unit: UnitState) -> int | None:
    """The General attached to ``unit`` who is still in the game (6.3.1), if any."""
    if unit.attached_leader_id is None:
        return None
    g = state.leader(unit.attached_leader_id)
    return None if g.markers.get("killed") or g.markers.get("captured") else g.id


def round_of(state: PlayState) -> int:
    """The round of the turn, 1..6 (5.0)."""
    return int(state.pack_state.get("round", 1))


def _side_key(state: PlayState, side: SideState) -> str:
    return side.name


def _french(state: PlayState) -> str:
    for s in state.sides:
        if s.pack_state.get("flag") == "french":
            return s.name
    return state.sides[0].name


def turn_label(state: PlayState) -> str:
    """The turn and round in words: turn 2, round 3 of 6 (and the victory once won)."""
    won = state.pack_state.get("victory")
    head = f"turn {state.turn}, round {round_of(state)} of 6"
    if won:
        who = won.get("winner") or "nobody"
        return f"{head}: {won['result']} victory, {who}"
    return head


def _units_able(state: PlayState, side: SideState, card: str) -> int:
    """Units of ``side`` that can carry out ``card``'s orders (5.1's first-order count)."""
    units = [u for u in state.units_of(side.id) if on_map(state, u)]
    if card in AUTOMATIC_ORDERS:
        arm, cap = AUTOMATIC_ORDERS[card]
        n = sum(1 for u in units if u.arm == arm)
        return n if cap is None else min(n, cap)
    if card == "coordinated_attack":
        return sum(min(2, sum(1 for u in units if sector_of(state, u) == s)) for s in SECTORS)
    return sum(1 for u in units if sector_of(state, u) == card)


def _orders_left(side: SideState) -> int:
    dice = side.pack_state.get("dice") or {}
    return sum(int(v) for v in dice.values() if v)


# ----------------------------------------------------------------------------- what falls due
def due(state: PlayState, rules: AvleRules) -> list[Due]:
    """The turn guide now (5.1's steps, 4.1's hands, 4.2's check after each round)."""
    if state.pack_state.get("victory"):
        return []
    r = round_of(state)
    out: list[Due] = []
    for s in state.sides:
        if s.pack_state.get("hand") is None:
            out.append(
                Due(
                    "hand",
                    f"{s.name}: choose the hand of 6 cards for turn {state.turn}",
                    "4.1",
                    {"side_id": s.id},
                )  # fmt: skip
            )
    if out:
        return out
    if any(s.pack_state.get("card") is None for s in state.sides):
        return [Due("round", f"round {r}: both play a card and roll the command dice", "5.1")]
    for p in state.pack_state.get("pending") or []:
        out.append(Due(p["check"], p["label"], p["rule"], dict(p["target"])))
    to_order = state.pack_state.get("to_order")
    for s in state.sides:
        left = _orders_left(s)
        if left and s.id == to_order:
            out.append(
                Due(
                    "order",
                    f"{s.name}: give an order ({left} left this round)",
                    "5.1",
                    {"side_id": s.id},
                )  # fmt: skip
            )
    out.append(Due("victory", f"end of round {r}: check victory, then the next round", "4.2"))
    return out


# ----------------------------------------------------------------------------- helpers
def _side(ctx: Ctx) -> SideState:
    if "side_id" not in ctx.target:
        raise PlayError("this check needs a side")
    return ctx.state.side(int(ctx.target["side_id"]))


def _unit(ctx: Ctx, key: str = "unit_id") -> UnitState:
    if key not in ctx.target:
        raise PlayError("this check needs a unit")
    return ctx.state.unit(int(ctx.target[key]))


def _answer_unit(ctx: Ctx, key: str) -> UnitState:
    uid = ctx.answers.get(key)
    if uid is None:
        raise PlayError(f"choose the {key.replace('_', ' ')}")
    return ctx.state.unit(int(uid))


def _deck(rules: AvleRules) -> list[str]:
    return [c for c, n in rules.data.cards.deck.items() for _ in range(n)]


def _lost_unit(state: PlayState, unit: UnitState, puts: list[Put]) -> None:
    """``unit`` eliminated: its marker and one more unit lost by its side (4.2)."""
    puts.append(Put("unit", unit.id, "eliminated", True))
    puts.append(Put("unit", unit.id, "elements", 0))
    side = state.side(unit.side_id)
    lost = int(side.pack_state.get("units_lost", 0)) + 1
    puts.append(Put("side", side.id, "units_lost", lost))


def _pending(state: PlayState, drop: Mapping[str, Any] | None, add: list[dict[str, Any]]) -> Put:
    items = [p for p in state.pack_state.get("pending") or [] if drop is None or p != drop]
    return Put("game", state.game_id, "pending", items + add)


def _matching_pending(ctx: Ctx, check: str) -> dict[str, Any] | None:
    for p in ctx.state.pack_state.get("pending") or []:
        if p["check"] == check and all(p["target"].get(k) == v for k, v in ctx.target.items()):
            return dict(p)
    return None


def _unit_choices(state: PlayState, units: Sequence[UnitState]) -> tuple[tuple[Any, str], ...]:
    return tuple(
        (u.id, f"{u.name} ({u.type.replace('_', ' ')}, {u.markers.get('elements')} el.)")
        for u in units
    )


def _enemies_on_map(ctx: Ctx, of: UnitState) -> list[UnitState]:
    return [u for u in ctx.state.units if u.side_id != of.side_id and on_map(ctx.state, u)]


# ----------------------------------------------------------------------------- hand (4.1)
def _hand_questions(ctx: Ctx) -> list[Ask]:
    side = _side(ctx)
    deck = _deck(ctx.rules)
    last = list(side.pack_state.get("last_hand") or [])
    if ctx.state.turn == 1 or not last:
        default = deck[:6]
    else:
        unplayed = list((Counter(deck) - Counter(last)).elements())
        default = unplayed + last[: 6 - len(unplayed)]
    return [
        Ask(
            "hand",
            f"{side.name}'s hand for turn {ctx.state.turn} (6 of the 10 cards)",
            "choices",
            default,
            "4.1",
            "turn 2 on: the 4 cards not played plus 2 of those played (option next_hand)",
            tuple((c, c.replace("_", " ")) for c in deck),
        )
    ]


def _hand_situation(ctx: Ctx) -> victory_mod.HandSituation:
    side = _side(ctx)
    if side.pack_state.get("hand") is not None:
        raise PlayError(f"{side.name} has chosen this turn's hand already")
    last = list(side.pack_state.get("last_hand") or []) if ctx.state.turn > 1 else []
    return victory_mod.HandSituation(ctx.state.turn, list(ctx.answers["hand"]), last)


def _hand_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    assert outcome is not None
    if outcome.result != "valid":
        raise PlayError("not a lawful hand: " + "; ".join(outcome.details["problems"]))
    side = _side(ctx)
    return [
        Put("side", side.id, "hand", list(ctx.answers["hand"])),
        Put("side", side.id, "played", []),
    ]


def _hand_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    # The cards stay hidden (the players' display shows only the cards played).
    return f"{_side(ctx).name} chooses a hand of 6 cards for turn {ctx.state.turn} (4.1)"


# ----------------------------------------------------------------------------- round (5.1)
def _playable(side: SideState) -> list[str]:
    left = Counter(side.pack_state.get("hand") or []) - Counter(side.pack_state.get("played") or [])
    return list(left.elements())


def _round_questions(ctx: Ctx) -> list[Ask]:
    out: list[Ask] = []
    for s in ctx.state.sides:
        cards = _playable(s)
        key = f"card_{s.id}"
        chosen = ctx.answers.get(key, cards[0] if cards else None)
        out.append(
            Ask(
                key,
                f"{s.name} plays",
                "choice",
                cards[0] if cards else None,
                "5.1",
                choices=tuple((c, c.replace("_", " ")) for c in dict.fromkeys(cards)),
            )  # fmt: skip
        )
        able = _units_able(ctx.state, s, str(chosen)) if chosen else 0
        out.append(
            Ask(
                f"able_{s.id}",
                f"{s.name}: units able to carry out its card",
                "int",
                able,
                "5.1",
                "who gives the first order",
                derived=True,
            )  # fmt: skip
        )
    return out


def _round_situation(ctx: Ctx) -> OrdersSituation:
    if ctx.state.pack_state.get("victory"):
        raise PlayError("the battle is over (4.2)")
    sides: dict[str, SideCard] = {}
    for s in ctx.state.sides:
        if s.pack_state.get("hand") is None:
            raise PlayError(f"{s.name} has no hand yet (4.1)")
        if s.pack_state.get("card") is not None:
            raise PlayError(f"{s.name} has played this round's card already")
        card = ctx.answers.get(f"card_{s.id}")
        if card not in _playable(s):
            raise PlayError(f"{s.name} has no {card} card left to play this turn (4.1)")
        sides[_side_key(ctx.state, s)] = SideCard(
            card, int(ctx.answers.get(f"able_{s.id}", 0)), s.pack_state.get("last_card")
        )
    return OrdersSituation(sides, _french(ctx.state))


def _round_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    assert outcome is not None
    puts: list[Put] = []
    by_name = {s.name: s for s in ctx.state.sides}
    for name, report in outcome.details["sides"].items():
        s = by_name[name]
        card = report["card"]
        dice = (
            {"automatic": AUTOMATIC_ORDERS[card][1] or 99}
            if card in AUTOMATIC
            else {f: n for f, n in report["faces"].items() if n}
        )
        puts += [
            Put("side", s.id, "card", card),
            Put("side", s.id, "played", [*(s.pack_state.get("played") or []), card]),
            Put("side", s.id, "dice", dice),
        ]
    first = by_name[outcome.details["first_order"]].id
    puts += [
        Put("game", ctx.state.game_id, "first_order", first),
        Put("game", ctx.state.game_id, "to_order", first),
    ]
    return puts


def _round_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    parts = []
    for name, report in outcome.details["sides"].items():
        faces = ", ".join(f"{n} {f}" for f, n in report["faces"].items() if n)
        parts.append(f"{name} plays {report['card'].replace('_', ' ')}"
                     + (f" ({faces})" if faces else ""))  # fmt: skip
    return (
        f"Turn {ctx.state.turn}, round {round_of(ctx.state)}: "
        + "; ".join(parts)
        + f"; {outcome.details['first_order']} gives the first order (5.1)"
    )


def _round_dice(ctx: Ctx) -> Mapping[str, str]:
    return {f"{s.name}_dice": f"{s.name}'s command dice" for s in ctx.state.sides}


# ----------------------------------------------------------------------------- order (5.1)
def _faces_for(ctx: Ctx, unit: UnitState) -> list[str]:
    side = ctx.state.side(unit.side_id)
    dice = side.pack_state.get("dice") or {}
    return [f for f, n in dice.items() if n]


def _order_questions(ctx: Ctx) -> list[Ask]:
    unit = _unit(ctx)
    faces = _faces_for(ctx, unit)
    preferred = next((f for f, arm in FACE_ARM.items() if arm == unit.arm and f in faces), None)
    if preferred is None and general_with(ctx.state, unit) is not None and "general" in faces:
        preferred = "general"
    default = preferred or ("flag" if "flag" in faces else (faces[0] if faces else None))
    return [
        Ask(
            "face",
            "the command die used",
            "choice",
            default,
            "5.1",
            choices=tuple((f, FACE_ORDERS.get(f, "the automatic card")) for f in faces),
        )  # fmt: skip
    ]


def _order_situation(ctx: Ctx) -> None:
    state, unit = ctx.state, _unit(ctx)
    side = state.side(unit.side_id)
    card = side.pack_state.get("card")
    face = ctx.answers.get("face")
    if card is None:
        raise PlayError("play this round's cards first (5.1)")
    if not on_map(state, unit):
        raise PlayError(f"{unit.name} is not on the map")
    if unit.markers.get("ordered"):
        raise PlayError(f"{unit.name} has had its order this round (5.1)")
    if face not in _faces_for(ctx, unit):
        raise PlayError(f"{side.name} has no {face} order left this round")
    other = state.other_side(side.id)
    if state.pack_state.get("to_order") not in (None, side.id) and _orders_left(other):
        raise PlayError(f"orders alternate: {other.name} give the next one (5.1)")
    if face == "automatic":
        arm = AUTOMATIC_ORDERS[card][0]
        if unit.arm != arm:
            raise PlayError(f"{card.replace('_', ' ')} orders {arm} only (3.2)")
    elif face == "general":
        if general_with(state, unit) is None:
            raise PlayError(f"{unit.name} has no General attached (5.1)")
    else:
        sector = sector_of(state, unit)
        if card in SECTORS and sector != card:
            raise PlayError(f"{unit.name} is in the {sector} sector, the card orders the {card}")
        if face in FACE_ARM and FACE_ARM[face] != unit.arm:
            raise PlayError(f"a {face} die orders {FACE_ARM[face]}, not {unit.arm} (5.1)")


def _order_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    state, unit = ctx.state, _unit(ctx)
    side = state.side(unit.side_id)
    dice = dict(side.pack_state.get("dice") or {})
    dice[ctx.answers["face"]] = int(dice[ctx.answers["face"]]) - 1
    other = state.other_side(side.id)
    after = sum(int(v) for v in dice.values() if v)
    nxt = other.id if _orders_left(other) else (side.id if after else None)
    return [
        Put("unit", unit.id, "ordered", True),
        Put("side", side.id, "dice", dice),
        Put("game", state.game_id, "to_order", nxt),
    ]


def _order_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    unit = _unit(ctx)
    side = ctx.state.side(unit.side_id)
    return f"{side.name} orders {unit.name} ({ctx.answers['face']} die, 5.1)"


# ----------------------------------------------------------------------------- fire and shock
TERRAINS = ("open", "road", "bridge", "orchard", "field", "wood", "hill",
            "farm", "town", "fortified", "stream", "marsh")  # fmt: skip


def _combat_questions(ctx: Ctx, shock: bool) -> list[Ask]:
    state, firer = ctx.state, _unit(ctx)
    enemies = _enemies_on_map(ctx, firer)
    tid = ctx.answers.get("target_unit", enemies[0].id if enemies else None)
    target = state.unit(int(tid)) if tid is not None else None
    side = state.side(firer.side_id)
    qs = [
        Ask(
            "target_unit",
            "target",
            "choice",
            enemies[0].id if enemies else None,
            "7.1",
            choices=_unit_choices(state, enemies),
        ),  # fmt: skip
    ]
    if not shock:
        qs.append(Ask("hexes", "range in hexes", "int", 1, "7.3", minimum=1, maximum=5))
    qs += [
        Ask(
            "target_terrain",
            "the target's hex",
            "choice",
            "open",
            "8.0",
            choices=tuple((t, t) for t in TERRAINS),
        ),  # fmt: skip
        Ask(
            "aspect",
            "fired on through its",
            "choice",
            "front",
            "9.2",
            choices=(("front", "front"), ("flank", "flank"), ("rear", "rear")),
        ),  # fmt: skip
        Ask("moved", "hexes the firer moved first", "int", 0, "6.0", maximum=4),
        Ask(
            "retreat_blocked",
            "hexes of retreat the target cannot take",
            "int",
            0,
            "10.1",
            maximum=2,
        ),  # fmt: skip
        Ask(
            "target_formation",
            "the target's formation",
            "choice",
            (target.markers.get("formation") or "combat") if target else "combat",
            "6.0",
            choices=(("combat", "combat"), ("square", "square")),
            derived=True,
        ),  # fmt: skip
        Ask(
            "general_attached",
            "a General with the firer",
            "bool",
            general_with(state, firer) is not None,
            "7.3.11",
            derived=True,
        ),  # fmt: skip
        Ask(
            "target_general_attached",
            "a General with the target",
            "bool",
            target is not None and general_with(state, target) is not None,
            "9.4",
            derived=True,
        ),  # fmt: skip
        Ask(
            "target_elements",
            "the target's elements",
            "int",
            int(target.markers.get("elements", 1)) if target else 1,
            "1.1",
            minimum=1,
            maximum=4,
            derived=True,
        ),  # fmt: skip
    ]
    if not shock:
        qs += [
            Ask(
                "firer_elements",
                "the firer's elements",
                "int",
                int(firer.markers.get("elements", 1)),
                "7.3",
                minimum=1,
                maximum=4,
                derived=True,
            ),  # fmt: skip
            Ask(
                "bombardment",
                "under a bombardment card",
                "bool",
                side.pack_state.get("card") == "bombardment" and firer.arm == "artillery",
                "3.2",
                derived=True,
            ),  # fmt: skip
            Ask(
                "target_already_fired_on",
                "the target was fired on already this round",
                "bool",
                bool(target and target.markers.get("fired_on")),
                "10.1 H",
                derived=True,
            ),  # fmt: skip
        ]
    return qs


def _combat_situation(ctx: Ctx, shock: bool) -> fire_mod.CombatSituation:
    state, firer = ctx.state, _unit(ctx)
    target = _answer_unit(ctx, "target_unit")
    if target.side_id == firer.side_id:
        raise PlayError(f"{target.name} is a friendly unit")
    for u in (firer, target):
        if not on_map(state, u):
            raise PlayError(f"{u.name} is not on the map")
    if not firer.markers.get("ordered"):
        raise PlayError(f"{firer.name} has no order this round: only ordered units fire (5.1)")
    if firer.markers.get("fired"):
        raise PlayError(f"{firer.name} has fired this round already (7.0.1)")
    if shock and firer.arm != "cavalry":
        raise PlayError("only cavalry shocks (7.3)")
    if not shock and firer.arm == "cavalry":
        raise PlayError("cavalry does not fire: it shocks (7.3)")
    a = ctx.answers
    common: dict[str, Any] = {
        "firer": firer.type,
        "target": target.type,
        "target_terrain": a["target_terrain"],
        "aspect": a["aspect"],
        "target_formation": a["target_formation"],
        "general_attached": bool(a["general_attached"]),
        "target_general_attached": bool(a["target_general_attached"]),
        "moved": int(a["moved"]),
        "firer_passed_morale": bool(firer.markers.get("passed_morale")),
        "target_elements": int(a["target_elements"]),
        "target_passed_morale": bool(target.markers.get("passed_morale")),
        "retreat_blocked": int(a["retreat_blocked"]),
    }
    if shock:
        return fire_mod.ShockSituation(**common)
    return fire_mod.FireSituation(
        **common,
        hexes=int(a["hexes"]),
        bombardment=bool(a["bombardment"]),
        firer_elements=int(a["firer_elements"]),
        target_already_fired_on=bool(a["target_already_fired_on"]),
    )


def _combat_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    assert outcome is not None
    state, firer = ctx.state, _unit(ctx)
    target = _answer_unit(ctx, "target_unit")
    d = outcome.details
    puts = [Put("unit", firer.id, "fired", True), Put("unit", target.id, "fired_on", True)]
    add: list[dict[str, Any]] = []
    puts += _losses(ctx, target, int(ctx.answers["target_elements"]), outcome, add)
    general = general_with(state, target)
    if d.get("general_check_losses") and general is not None:
        g = state.leader(general)
        add.append({"check": "general_hit",
                    "label": f"{g.name}: is he hit? ({d['general_check_losses']} lost, 9.4)",
                    "rule": "9.4", "target": {"leader_id": g.id},
                    "losses": int(d["general_check_losses"]),
                    "may_ignore_retreat": bool(d["may_ignore_retreat"])})  # fmt: skip
    if add:
        puts.append(_pending(state, None, add))
    return puts


def _losses(
    ctx: Ctx, unit: UnitState, elements: int, outcome: Outcome, add: list[dict[str, Any]]
) -> list[Put]:
    """The elements ``unit`` loses by ``outcome`` (9.1), or its removal, or its morale test.

    A unit due a morale test stands on its last element until the test (15.0: the element
    left fights at 0 if it passes).
    """
    d = outcome.details
    puts: list[Put] = []
    if d.get("eliminated"):
        _lost_unit(ctx.state, unit, puts)
    elif d.get("morale_test_due"):
        puts.append(Put("unit", unit.id, "elements", 1))
        add.append({"check": "morale", "label": f"{unit.name}: morale test (15.0)",
                    "rule": "15.0", "target": {"unit_id": unit.id}})  # fmt: skip
    elif d.get("losses"):
        puts.append(Put("unit", unit.id, "elements", elements - int(d["losses"])))
    return puts


def _combat_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    firer, target = _unit(ctx), _answer_unit(ctx, "target_unit")
    d = outcome.details
    verb = "shocks" if outcome.procedure == "shock" else "fires on"
    if outcome.result == "miss":
        what = "misses"
    elif d["eliminated"]:
        what = "eliminated"
    else:
        what = f"{d['hits']} hit(s): {d['losses']} lost, {d['retreat']} hex(es) back"
        if d["morale_test_due"]:
            what += ", morale test"
    return f"{firer.name} {verb} {target.name} (value {outcome.modified}): {what}"


def _combat_dice(ctx: Ctx) -> Mapping[str, str]:
    return {"roll": "d10 to hit (9.0)", "effect_roll": "d6 on the combat effect table (9.1)"}


# ----------------------------------------------------------------------------- reaction (9.3)
def _reaction_questions(ctx: Ctx) -> list[Ask]:
    state, unit = ctx.state, _unit(ctx)
    cavalry = [u for u in _enemies_on_map(ctx, unit) if u.arm == "cavalry"]
    cid = ctx.answers.get("charger", cavalry[0].id if cavalry else None)
    charger = state.unit(int(cid)) if cid is not None else None
    return [
        Ask("charger", "the charging cavalry", "choice", cavalry[0].id if cavalry else None,
            "9.3", choices=_unit_choices(state, cavalry)),
        Ask("empty_hexes", "empty hexes between them at the start, in sight", "int", 1, "9.3",
            maximum=10),
        Ask("charge_from_adjacent", "the charge started adjacent", "bool", False, "9.3"),
        Ask("through_front", "the charge crossed the frontal arc", "bool", True, "9.3"),
        Ask("terrain", "the reacting unit's hex", "choice", "open", "6.0",
            choices=tuple((t, t) for t in TERRAINS)),
        Ask("charger_elements", "the charger's elements", "int",
            int(charger.markers.get("elements", 3)) if charger else 3, "9.3", minimum=1,
            maximum=3, derived=True),
    ]  # fmt: skip


def _reaction_situation(ctx: Ctx) -> reaction_mod.ReactionSituation:
    state, unit = ctx.state, _unit(ctx)
    charger = _answer_unit(ctx, "charger")
    if charger.arm != "cavalry" or charger.side_id == unit.side_id:
        raise PlayError(f"{charger.name} is no enemy cavalry")
    if not on_map(state, unit):
        raise PlayError(f"{unit.name} is not on the map")
    if unit.markers.get("reacted"):
        raise PlayError(f"{unit.name} has reacted this round already (9.3)")
    a = ctx.answers
    return reaction_mod.ReactionSituation(
        reacting=unit.type,
        nation=unit.markers.get("flag") or state.side(unit.side_id).pack_state["flag"],
        empty_hexes=int(a["empty_hexes"]),
        charge_from_adjacent=bool(a["charge_from_adjacent"]),
        through_front=bool(a["through_front"]),
        terrain=a["terrain"],
        charger_elements=int(a["charger_elements"]),
    )


def _reaction_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    assert outcome is not None
    unit, charger = _unit(ctx), _answer_unit(ctx, "charger")
    puts: list[Put] = []
    if outcome.details.get("success"):
        puts.append(Put("unit", unit.id, "reacted", True))
    if outcome.result == "square":
        puts.append(Put("unit", unit.id, "formation", "square"))
    loss = int(outcome.details.get("charger_losses") or 0)
    if loss:
        left = int(ctx.answers["charger_elements"]) - loss
        if left <= 0:
            _lost_unit(ctx.state, charger, puts)
        else:
            puts.append(Put("unit", charger.id, "elements", left))
    return puts


def _reaction_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    unit, charger = _unit(ctx), _answer_unit(ctx, "charger")
    words = outcome.result.replace("_", " ")
    return f"{unit.name} reacts to {charger.name}'s charge (9.3): {words}"


def _reaction_dice(ctx: Ctx) -> Mapping[str, str]:
    return {"reaction_dice": "white dice, one an empty hex (9.3)",
            "effect_roll": "d6 on the 1-hit column (9.3)"}  # fmt: skip


# ----------------------------------------------------------------------------- Generals (9.4)
def _general(ctx: Ctx) -> Any:
    if "leader_id" not in ctx.target:
        raise PlayError("this check needs a General")
    return ctx.state.leader(int(ctx.target["leader_id"]))


def _general_hit_questions(ctx: Ctx) -> list[Ask]:
    due_item = _matching_pending(ctx, "general_hit") or {}
    return [
        Ask("losses", "elements his unit lost in the result", "int",
            int(due_item.get("losses", 1)), "9.4", minimum=1, maximum=10,
            derived="losses" in due_item),
        Ask("unit_may_ignore_retreat", "his unit may ignore retreats", "bool",
            bool(due_item.get("may_ignore_retreat", False)), "10.1 E", derived=True),
    ]  # fmt: skip


def _general_alive(ctx: Ctx) -> Any:
    g = _general(ctx)
    if g.markers.get("killed") or g.markers.get("captured"):
        raise PlayError(f"{g.name} is out of the battle already (9.4)")
    return g


def _general_hit_situation(ctx: Ctx) -> generals_mod.GeneralHitSituation:
    g = _general_alive(ctx)
    if g.attached_unit_id is None:
        raise PlayError(f"{g.name} is with no unit: only an attached General is hit (9.4)")
    return generals_mod.GeneralHitSituation(
        int(ctx.answers["losses"]), bool(ctx.answers["unit_may_ignore_retreat"])
    )


def _general_out(ctx: Ctx, marker: str) -> list[Put]:
    """The General killed or captured: out of the game, a unit lost for victory (9.4.3)."""
    g = _general(ctx)
    side = ctx.state.side(g.side_id)
    puts = [
        Put("leader", g.id, marker, True),
        Put("side", side.id, "generals_lost", int(side.pack_state.get("generals_lost", 0)) + 1),
    ]
    if g.attached_unit_id is not None:
        puts.append(Put("unit", g.attached_unit_id, "attached_leader_id", None, column=True))
    return puts


def _general_hit_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    assert outcome is not None
    puts = _general_out(ctx, "killed") if outcome.result == "killed" else []
    item = _matching_pending(ctx, "general_hit")
    if item is not None:
        puts.append(_pending(ctx.state, item, []))
    return puts


def _general_hit_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    g = _general(ctx)
    if outcome.result == "killed":
        return f"{g.name} is killed (9.4): his unit retreats 1 more hex"
    return f"{g.name} is unhurt (9.4)"


def _capture_questions(ctx: Ctx) -> list[Ask]:
    return [
        Ask("hexes_moved", "hexes the enemy unit moved into his hex", "int", 1, "9.4.2",
            minimum=1, maximum=10),
        Ask("general_retreat_hexes", "hexes he retreats (option capture_value)", "int", 1,
            "9.4.2", maximum=10),
    ]  # fmt: skip


def _capture_situation(ctx: Ctx) -> generals_mod.GeneralCaptureSituation:
    g = _general_alive(ctx)
    if int(g.markers.get("arrives", 1)) > ctx.state.turn:
        raise PlayError(f"{g.name} has not arrived yet")
    return generals_mod.GeneralCaptureSituation(
        int(ctx.answers["hexes_moved"]), int(ctx.answers["general_retreat_hexes"])
    )


def _capture_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    assert outcome is not None
    return _general_out(ctx, "captured") if outcome.result == "captured" else []


def _capture_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    return f"{_general(ctx).name} {outcome.result} (9.4.2)"


# ----------------------------------------------------------------------------- rally and morale
def _rally_questions(ctx: Ctx) -> list[Ask]:
    unit = _unit(ctx)
    return [
        Ask("hexes_from_enemy", "hexes to the nearest enemy", "int", 4, "12.0", maximum=30),
        Ask("in_enemy_sight", "in the enemy's line of sight", "bool", True, "12.0"),
        Ask("general_attached", "a General attached", "bool",
            general_with(ctx.state, unit) is not None, "12.1", derived=True),
    ]  # fmt: skip


def _rally_situation(ctx: Ctx) -> rally_mod.RallySituation:
    unit = _unit(ctx)
    if not on_map(ctx.state, unit):
        raise PlayError(f"{unit.name} is not on the map")
    if not unit.markers.get("ordered"):
        raise PlayError(f"{unit.name} has no order this round: only an ordered unit rallies (12.0)")
    return rally_mod.RallySituation(
        unit=unit.type,
        elements=int(unit.markers["elements"]),
        start_elements=int(unit.markers.get("start", unit.markers["elements"])),
        general_attached=bool(ctx.answers["general_attached"]),
        hexes_from_enemy=int(ctx.answers["hexes_from_enemy"]),
        in_enemy_sight=bool(ctx.answers["in_enemy_sight"]),
        passed_morale=bool(unit.markers.get("passed_morale")),
    )


def _rally_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    assert outcome is not None
    unit = _unit(ctx)
    got = int(outcome.details.get("recovered", 0))
    if not got:
        return []
    puts = [Put("unit", unit.id, "elements", int(outcome.details["elements_after"]))]
    if unit.markers.get("passed_morale"):
        puts.append(Put("unit", unit.id, "passed_morale", None))  # fights again (15.0)
    return puts


def _rally_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    unit = _unit(ctx)
    if outcome.result == "not_allowed":
        return f"{unit.name} may not rally (12.0)"
    return f"{unit.name} rallies: {outcome.details['recovered']} element(s) back (12.0)"


def _morale_questions(ctx: Ctx) -> list[Ask]:
    return [
        Ask("surplus_losses", "further losses in the same result", "int", 0, "15.0",
            maximum=4),
    ]  # fmt: skip


def _morale_situation(ctx: Ctx) -> rally_mod.MoraleSituation:
    unit = _unit(ctx)
    if unit.markers.get("eliminated"):
        raise PlayError(f"{unit.name} has been removed already")
    return rally_mod.MoraleSituation(
        unit.type, bool(unit.markers.get("passed_morale")), int(ctx.answers["surplus_losses"])
    )


def _morale_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    assert outcome is not None
    unit = _unit(ctx)
    puts: list[Put] = []
    if outcome.result == "holds":
        puts.append(Put("unit", unit.id, "passed_morale", True))
    else:
        _lost_unit(ctx.state, unit, puts)
    item = _matching_pending(ctx, "morale")
    if item is not None:
        puts.append(_pending(ctx.state, item, []))
    return puts


def _morale_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    unit = _unit(ctx)
    words = {"holds": "holds on its last element", "rout": "routs and is removed",
             "removed": "is removed"}[outcome.result]  # fmt: skip
    return f"{unit.name} {words} (15.0)"


# ----------------------------------------------------------------------------- victory (4.2)
def _victory_questions(ctx: Ctx) -> list[Ask]:
    return []


def _victory_situation(ctx: Ctx) -> victory_mod.VictorySituation:
    state = ctx.state
    if state.pack_state.get("victory"):
        raise PlayError("the battle is over (4.2)")
    if any(s.pack_state.get("card") is None for s in state.sides):
        raise PlayError("play this round's cards first (5.1)")
    pending = state.pack_state.get("pending") or []
    if pending:
        raise PlayError("still due this round: " + "; ".join(p["label"] for p in pending))
    sides: dict[str, victory_mod.SideState] = {}
    for s in state.sides:
        units = [u for u in state.units_of(s.id) if on_map(state, u)]
        generals = [
            g for g in state.leaders_of(s.id)
            if not (g.markers.get("killed") or g.markers.get("captured"))
            and int(g.markers.get("arrives", 1)) <= state.turn
        ]  # fmt: skip
        sides[s.name] = victory_mod.SideState(
            wins_at=s.pack_state.get("wins_at"),
            units_lost=int(s.pack_state.get("units_lost", 0)),
            generals_lost=int(s.pack_state.get("generals_lost", 0)),
            units_by_sector=dict(Counter(sector_of(state, u) for u in units)),
            generals_by_sector=dict(
                Counter(state.command(g.command_id).name.lower() for g in generals)
            ),
            elements_left=sum(int(u.markers.get("elements", 0)) for u in units),
            generals_left=len(generals),
        )
    return victory_mod.VictorySituation(sides, state.turn, round_of(state))


def _victory_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    assert outcome is not None
    state = ctx.state
    gid = state.game_id
    if outcome.result != "none":
        won = {"result": outcome.result, "winner": outcome.details["winner"],
               "turn": state.turn, "round": round_of(state)}  # fmt: skip
        return [Put("game", gid, "victory", won)]
    puts: list[Put] = [
        Put("unit", u.id, k, None) for u in state.units for k in ROUND_MARKERS if u.markers.get(k)
    ]
    puts += [Put("game", gid, "first_order", None), Put("game", gid, "to_order", None)]
    new_turn = round_of(state) >= int(ctx.rules.data.victory["rounds"].value)
    for s in state.sides:
        puts += [
            Put("side", s.id, "last_card", s.pack_state.get("card")),
            Put("side", s.id, "card", None),
            Put("side", s.id, "dice", None),
        ]
        if new_turn:  # 4.1: the next hand is chosen from this one
            puts += [
                Put("side", s.id, "last_hand", s.pack_state.get("hand")),
                Put("side", s.id, "hand", None),
                Put("side", s.id, "played", []),
            ]
    if new_turn:
        puts += [Put("game", gid, "round", 1), Put("game", gid, "turn", state.turn + 1, True)]
    else:
        puts.append(Put("game", gid, "round", round_of(state) + 1))
    return puts


def _victory_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    head = f"End of turn {ctx.state.turn}, round {round_of(ctx.state)}"
    if outcome.result == "none":
        return f"{head}: no victory (4.2); the next round begins"
    winner = outcome.details["winner"] or "nobody"
    return f"{head}: {outcome.result} victory, {winner} (4.2)"


# ----------------------------------------------------------------------------- the checks
def _spec(key: str, title: str, rule: str, procedure: str | None, target: Any,
          questions: Any, situation: Any, changes: Any, summary: Any,
          dice: Any = None) -> CheckSpec:  # fmt: skip
    return CheckSpec(key, title, rule, procedure, target, questions, situation, changes,
                     summary, dice or (lambda ctx: {}))  # fmt: skip


def checks() -> dict[str, CheckSpec]:
    """Every AVlE check of the referee, by key."""
    specs = [
        _spec("hand", "Hand of cards", "4.1", "hand", "side",
              _hand_questions, _hand_situation, _hand_changes, _hand_summary),
        _spec("round", "Round: cards and command dice", "5.1", "orders", "game",
              _round_questions, _round_situation, _round_changes, _round_summary,
              _round_dice),
        _spec("order", "Give an order", "5.1", None, "unit",
              _order_questions, _order_situation, _order_changes, _order_summary),
        _spec("fire", "Fire", "9.0", "fire", "unit",
              lambda c: _combat_questions(c, False), lambda c: _combat_situation(c, False),
              _combat_changes, _combat_summary, _combat_dice),
        _spec("shock", "Shock", "9.2", "shock", "unit",
              lambda c: _combat_questions(c, True), lambda c: _combat_situation(c, True),
              _combat_changes, _combat_summary, _combat_dice),
        _spec("reaction", "Reaction to a charge", "9.3", "reaction", "unit",
              _reaction_questions, _reaction_situation, _reaction_changes, _reaction_summary,
              _reaction_dice),
        _spec("general_hit", "General hit", "9.4", "general_hit", "leader",
              _general_hit_questions, _general_hit_situation, _general_hit_changes,
              _general_hit_summary),
        _spec("general_capture", "General captured", "9.4.2", "general_capture", "leader",
              _capture_questions, _capture_situation, _capture_changes, _capture_summary),
        _spec("rally", "Rally", "12.0", "rally", "unit",
              _rally_questions, _rally_situation, _rally_changes, _rally_summary),
        _spec("morale", "Morale test", "15.0", "morale", "unit",
              _morale_questions, _morale_situation, _morale_changes, _morale_summary),
        _spec("victory", "Victory, end of the round", "4.2", "victory", "game",
              _victory_questions, _victory_situation, _victory_changes, _victory_summary),
    ]  # fmt: skip
    return {s.key: s for s in specs}


def declare_play() -> Play:
    """AVlE's play for the referee."""
    return Play("avle", RULESET, setup, checks(), due, turn_label)
