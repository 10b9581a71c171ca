"""The AVlE turn's checks: the hand, the round's cards and dice, orders, the victory check.

The hand of six cards (4.1), the round's cards and command dice (5.1), an order given in
alternation (5.1), and the victory check that ends the round (4.2). Standard library only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from eote_ref.packs.avle import play_arrivals as arrivals
from eote_ref.packs.avle import scenarios as scenarios_mod
from eote_ref.packs.avle import victory as victory_mod
from eote_ref.packs.avle.fire import check_square
from eote_ref.packs.avle.markers import LEADER_MARKERS, UNIT_MARKERS
from eote_ref.packs.avle.model import FACE_ARM
from eote_ref.packs.avle.orders import AUTOMATIC, FACE_ORDERS, OrdersSituation, SideCard
from eote_ref.packs.avle.play_state import (
    AUTOMATIC_ORDERS,
    CARD_PHASE,
    COORDINATED_PER_SECTOR,
    DICE,
    GARRISONS_LOST,
    ORDERS_PHASE,
    SECTORS,
    TERRAINS,
    VICTORY_PHASE,
    WINS_AT_BY_NATION,
    answer_unit,
    card_name,
    ctx_side,
    ctx_unit,
    deck,
    french_side,
    general_present,
    general_with,
    generals_lost_by_nation,
    log_put,
    on_map,
    orders_left,
    refuse_if_over,
    round_of,
    sector_of,
    side_key,
    spec,
    units_able,
    withdrawn_by_nation,
)
from eote_ref.packs.avle.play_withdraw import withdrawn_line
from eote_ref.packs.declaration import cleared_markers
from eote_ref.packs.outcome import Outcome, PackError
from eote_ref.packs.play import (
    CheckSpec,
    Ctx,
    PlayError,
    PlayState,
    Put,
    SideState,
    UnitState,
    possessive,
    turn_puts,
)
from eote_ref.packs.questions import Choice, Question


# ----------------------------------------------------------------------------- hand (4.1)
def _hand_questions(ctx: Ctx) -> list[Question]:
    size = ctx.rules.data.cards.hand.value  # 4.1
    side = ctx_side(ctx)
    cards = deck(ctx.rules)
    last = list(side.pack_state.get("last_hand") or [])
    if ctx.state.turn == 1 or not last:
        default = cards[:size]
    else:
        unplayed = list((Counter(cards) - Counter(last)).elements())
        default = unplayed + last[: size - len(unplayed)]
    return [
        Question(
            "hand",
            f"{possessive(side.name)} hand for turn {ctx.state.turn} "
            f"({size} of the {len(cards)} cards)",
            "choices",
            default,
            "4.1",
            "turn 2 on: "
            + ctx.rules.data.options["next_hand"].words(ctx.rules.opt("next_hand"), "next_hand"),
            tuple(Choice(c, card_name(ctx.rules, c)) for c in cards),
            minimum=size,
            maximum=size,
        )
    ]


def _hand_situation(ctx: Ctx) -> victory_mod.HandSituation:
    side = ctx_side(ctx)
    if side.pack_state.get("hand") is not None:
        raise PlayError(f"{side.name} has chosen this turn's hand already")
    arrivals.refuse_while_arrivals_due(ctx.state, ctx.rules)
    last = list(side.pack_state.get("last_hand") or []) if ctx.state.turn > 1 else []
    return victory_mod.HandSituation(ctx.state.turn, list(ctx.answers["hand"]), last)


def _hand_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    assert outcome is not None
    if outcome.result != "valid":
        raise PlayError("not a lawful hand: " + "; ".join(outcome.details["problems"]))
    side = ctx_side(ctx)
    return [
        Put("side", side.id, "hand", list(ctx.answers["hand"])),
        Put("side", side.id, "played", []),
    ]


def _hand_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    # The cards stay hidden (the players' display shows only the cards played).
    return f"{ctx_side(ctx).name} chooses a hand of 6 cards for turn {ctx.state.turn} (4.1)"


# ----------------------------------------------------------------------------- round (5.1)
def _playable(side: SideState) -> list[str]:
    left = Counter(side.pack_state.get("hand") or []) - Counter(side.pack_state.get("played") or [])
    return list(left.elements())


def _round_questions(ctx: Ctx) -> list[Question]:
    out: list[Question] = []
    for s in ctx.state.sides:
        cards = _playable(s)
        key = f"card_{s.id}"
        chosen = ctx.answers.get(key, cards[0] if cards else None)
        out.append(
            Question(
                key,
                f"{s.name} plays",
                "choice",
                cards[0] if cards else None,
                "5.1",
                choices=tuple(Choice(c, card_name(ctx.rules, c)) for c in dict.fromkeys(cards)),
            )  # fmt: skip
        )
        able = units_able(ctx.state, s, str(chosen)) if chosen else 0
        out.append(
            Question(
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
    refuse_if_over(ctx.state)
    arrivals.refuse_while_arrivals_due(ctx.state, ctx.rules)
    sides: dict[str, SideCard] = {}
    for s in ctx.state.sides:
        if s.pack_state.get("hand") is None:
            raise PlayError(f"{s.name} has no hand yet (4.1)")
        if s.pack_state.get("card") is not None:
            raise PlayError(f"{s.name} has played this round's card already")
        card = ctx.answers.get(f"card_{s.id}")
        if card not in _playable(s):
            raise PlayError(
                f"{s.name} has no {card_name(ctx.rules, card)} card left to play this turn (4.1)"
            )
        sides[side_key(ctx.state, s)] = SideCard(
            card, int(ctx.answers.get(f"able_{s.id}", 0)), s.pack_state.get("last_card")
        )
    return OrdersSituation(sides, french_side(ctx.state))


def _round_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    assert outcome is not None
    puts: list[Put] = []
    by_name = {s.name: s for s in ctx.state.sides}
    for name, report in outcome.details["sides"].items():
        s = by_name[name]
        card = report["card"]
        dice = (
            # 3.2: as many orders as units of its arm on the map (at most its cap, if any).
            {"automatic": units_able(ctx.state, s, card)}
            if card in AUTOMATIC
            else {f: n for f, n in report["faces"].items() if n}
        )
        puts += [
            Put("side", s.id, "card", card),
            Put("side", s.id, "played", [*(s.pack_state.get("played") or []), card]),
            Put("side", s.id, DICE, dice),
            Put("side", s.id, "rolled", dict(dice)),  # as rolled, for the display
            # The round's record for the card tracker (5.1): its orders counted as given.
            log_put(
                s,
                {
                    "turn": ctx.state.turn,
                    "round": round_of(ctx.state),
                    "card": card,
                    "rolled": dict(dice),
                    "ordered": 0,
                },
            ),  # fmt: skip
        ]
    # A hypothetical battle's exploration winner moves first each round (14.0, option
    # hypothetical_first_order), else 5.1's first order.
    first = ctx.state.pack_state.get("initiative") or by_name[outcome.details["first_order"]].id
    puts += [
        Put("game", ctx.state.game_id, "first_order", first),
        Put("game", ctx.state.game_id, "to_order", first),
        Put("game", ctx.state.game_id, "phase", ORDERS_PHASE, column=True),
    ]
    return puts


def _round_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    parts = []
    for name, report in outcome.details["sides"].items():
        faces = ", ".join(f"{n} {f}" for f, n in report["faces"].items() if n)
        parts.append(f"{name} plays {card_name(ctx.rules, report['card'])}"
                     + (f" ({faces})" if faces else ""))  # fmt: skip
    initiative = ctx.state.pack_state.get("initiative")
    first = (
        f"{ctx.state.side(initiative).name} gives the first order (14.0)"
        if initiative
        else f"{outcome.details['first_order']} gives the first order (5.1)"
    )
    return f"Turn {ctx.state.turn}, round {round_of(ctx.state)}: " + "; ".join(parts) + f"; {first}"


def _round_dice(ctx: Ctx) -> Mapping[str, str]:
    return {f"{s.name}_dice": f"command dice of {s.name}" for s in ctx.state.sides}


# ----------------------------------------------------------------------------- order (5.1)
def _refuse_before_cards(side: SideState) -> None:
    if side.pack_state.get("card") is None:
        raise PlayError("play this round's cards first (5.1)")


def _refuse_out_of_turn(state: PlayState, side: SideState) -> None:
    """Orders alternate (5.1): the other side's turn while it has orders left."""
    other = state.other_side(side.id)
    if state.pack_state.get("to_order") not in (None, side.id) and orders_left(other):
        raise PlayError(f"orders alternate: {other.name} give the next one (5.1)")


def _faces_for(ctx: Ctx, unit: UnitState) -> list[str]:
    side = ctx.state.side(unit.side_id)
    dice = side.pack_state.get(DICE) or {}
    return [f for f, n in dice.items() if n]


def _able(ctx: Ctx, side_id: int) -> list[UnitState]:
    """The side's units on the map without an order this round (5.1)."""
    state = ctx.state
    return [u for u in state.units_of(side_id) if on_map(state, u) and not u.markers.get("ordered")]


def _orderable(ctx: Ctx, unit: UnitState) -> bool:
    """Whether one of the dice the side has left orders ``unit`` now (5.1, 3.1, 3.2)."""
    target = {"unit_id": unit.id}
    return any(
        _orders(replace(ctx, target=target, answers={"face": face}))
        for face in _faces_for(ctx, unit)
    )


def _orders(ctx: Ctx) -> bool:
    """Whether the face answered orders the target unit now (5.1, 3.1, 3.2)."""
    try:
        _order_situation(ctx)
    except PlayError:
        return False
    return True


def _order_unit(ctx: Ctx) -> UnitState:
    """The unit ordered: the target, or the one chosen for the side the turn guide named."""
    if "unit_id" in ctx.target:
        return ctx_unit(ctx)
    if ctx.answers.get("unit") is None:
        side = ctx_side(ctx)
        _refuse_before_cards(side)
        faces = ", ".join(f"{n} {f}" for f, n in (side.pack_state.get(DICE) or {}).items() if n)
        lone = [g.name for g in lone_generals(ctx.state, side)]
        other = f", order {' or '.join(lone)} on his own" if lone else ""
        raise PlayError(
            f"no unit of {side.name} fits the orders left ({faces or 'none'}): give no more "
            f"orders this round{other} (5.1)"
        )
    return answer_unit(ctx, "unit")


def lone_generals(state: PlayState, side: SideState) -> list[Any]:
    """The side's Generals a General die may order on their own now (5.1): present, alone."""
    if not (side.pack_state.get(DICE) or {}).get("general"):
        return []
    return [
        g
        for g in state.leaders_of(side.id)
        if g.attached_unit_id is None
        and general_present(state, g)
        and not g.markers.get("ordered")
        and not (g.markers.get("killed") or g.markers.get("captured"))
    ]


def _order_subject(ctx: Ctx) -> tuple[str, int] | None:
    """The unit an order opened on a side acts with: the one chosen (5.1)."""
    chosen = ctx.answers.get("unit")
    return ("unit", int(chosen)) if chosen is not None else None


def _order_questions(ctx: Ctx) -> list[Question]:
    out: list[Question] = []
    if "unit_id" not in ctx.target:  # opened from the turn guide on a side
        # Only the units a die left can order (5.1, 3.1, 3.2); none: nothing to choose, and
        # the refusal says why (the side passes, or orders a General on his own).
        able = [u for u in _able(ctx, ctx_side(ctx).id) if _orderable(ctx, u)]
        label = "the unit ordered" if able else "the unit ordered (none fits the dice left)"
        out.append(
            Question("unit", label, "choice", able[0].id if able else None, "5.1",
                choices=tuple(Choice(u.id, u.name) for u in able))
        )  # fmt: skip
        if ctx.answers.get("unit", out[0].default) is None:
            return out
    unit = (
        ctx_unit(ctx)
        if "unit_id" in ctx.target
        else ctx.state.unit(int(ctx.answers.get("unit", out[0].default)))
    )
    faces = _faces_for(ctx, unit)
    # The unit's arm's die first, then its General's, then a flag; of those, the first that
    # orders it now (a cannon die is refused outside the card's sector, 3.1, where the
    # General die still orders it, 5.1).
    arm_faces = [f for f, arm in FACE_ARM.items() if arm == unit.arm and f in faces]
    general = ["general"] if general_with(ctx.state, unit) is not None else []
    ranked = list(dict.fromkeys([*arm_faces, *general, "flag", *faces]))
    ranked = [f for f in ranked if f in faces]
    unit_target = {"unit_id": unit.id}
    default = next(
        (f for f in ranked if _orders(replace(ctx, target=unit_target, answers={"face": f}))),
        ranked[0] if ranked else None,
    )
    out.append(
        Question("face", "the command die used", "choice", default, "5.1", derived=True,
            choices=tuple(Choice(f, FACE_ORDERS.get(f, "the automatic card")) for f in faces))
    )  # fmt: skip
    return out + _formation_questions(ctx, unit)


def _formation_questions(ctx: Ctx, unit: UnitState) -> list[Question]:
    """Infantry ordered may change formation (6.0): into square, where one may stand."""
    if unit.arm != "infantry":
        return []
    now = unit.markers.get("formation") or "combat"
    out = [
        Question("formation", "its formation after the order", "choice", now, "6.0",
            "a change of formation leaves no move and fire this round",
            choices=(Choice("combat", "combat"), Choice("square", "square")), derived=True)
    ]  # fmt: skip
    if ctx.answers.get("formation", now) == "square" and now != "square":
        out.append(
            Question("terrain", "the unit's hex", "choice", "open", "6.0",
                choices=tuple(Choice(t, t) for t in TERRAINS))
        )  # fmt: skip
    return out


def _formation_change(ctx: Ctx, unit: UnitState) -> str | None:
    """The formation the order puts ``unit`` into, or None for no change (6.0)."""
    now = unit.markers.get("formation") or "combat"
    wanted = ctx.answers.get("formation", now)
    if wanted == now:
        return None
    if unit.arm != "infantry":
        raise PlayError("only infantry changes formation (6.0)")
    if wanted == "square":
        kind, terrain = ctx.rules.data.units[unit.type], str(ctx.answers.get("terrain", "open"))
        try:
            check_square(ctx.rules, kind, terrain, "formation", "terrain")
        except PackError as e:
            raise PlayError(str(e)) from None
    return str(wanted)


def _order_situation(ctx: Ctx) -> None:
    state, unit = ctx.state, _order_unit(ctx)
    side = state.side(unit.side_id)
    _refuse_before_cards(side)
    card = str(side.pack_state["card"])
    face = ctx.answers.get("face")
    if not on_map(state, unit):
        raise PlayError(f"{unit.name} is not on the map")
    if unit.markers.get("ordered"):
        raise PlayError(f"{unit.name} has had its order this round (5.1)")
    if face not in _faces_for(ctx, unit):
        raise PlayError(f"{side.name} has no {face} order left this round")
    _refuse_out_of_turn(state, side)
    _formation_change(ctx, unit)
    sector = sector_of(state, unit)
    ordered = [u for u in state.units_of(side.id) if u.markers.get("ordered")]
    if face == "automatic":
        arm = AUTOMATIC_ORDERS[card][0]
        if unit.arm != arm:
            raise PlayError(f"{card_name(ctx.rules, card)} orders {arm} only (3.2)")
        others = {sector_of(state, u) for u in ordered}
        if card == "infantry_manoeuvre" and others and sector not in others:
            raise PlayError(
                f"the infantry manoeuvre orders one sector's infantry (3.2): the {others.pop()}"
            )
    elif face == "general":  # anywhere, whatever the card (5.1)
        if general_with(state, unit) is None:
            raise PlayError(f"{unit.name} has no General attached (5.1)")
    else:
        if card in SECTORS and sector != card:
            raise PlayError(
                f"{unit.name} is in the {sector} sector; the {card_name(ctx.rules, card)} card "
                f"orders the {card} sector's units (3.1)"
            )
        in_sector = sum(1 for u in ordered if sector_of(state, u) == sector)
        if card == "coordinated_attack" and in_sector >= COORDINATED_PER_SECTOR:
            raise PlayError(
                f"a coordinated attack orders at most {COORDINATED_PER_SECTOR} units in the "
                f"{sector} sector (3.1)"
            )
        if face in FACE_ARM and FACE_ARM[face] != unit.arm:
            raise PlayError(f"a {face} die orders {FACE_ARM[face]}, not {unit.arm} (5.1)")


def _used_die(ctx: Ctx, side: SideState, face: str) -> list[Put]:
    """One order given with a ``face`` die: the side's dice less one, the other side next."""
    dice = dict(side.pack_state.get(DICE) or {})
    dice[face] = int(dice[face]) - 1
    other = ctx.state.other_side(side.id)
    after = sum(int(v) for v in dice.values() if v)
    nxt = other.id if orders_left(other) else (side.id if after else None)
    return [
        Put("side", side.id, DICE, dice),
        Put("game", ctx.state.game_id, "to_order", nxt),
        log_put(side, ordered=lambda n: int(n or 0) + 1),
    ]


def _order_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    unit = _order_unit(ctx)
    side = ctx.state.side(unit.side_id)
    puts = [Put("unit", unit.id, "ordered", True), *_used_die(ctx, side, ctx.answers["face"])]
    formation = _formation_change(ctx, unit)
    if formation is not None:  # 6.0: no move and fire this round
        puts += [
            Put("unit", unit.id, "formation", formation if formation == "square" else None),
            Put("unit", unit.id, "reformed", True),
        ]
    return puts


def _order_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    unit = _order_unit(ctx)
    side = ctx.state.side(unit.side_id)
    return f"{side.name} orders {unit.name} ({ctx.answers['face']} die, 5.1)"


# ----------------------------------------------------------------------------- a General alone
def _general_order_situation(ctx: Ctx) -> None:
    state = ctx.state
    if "leader_id" not in ctx.target:
        raise PlayError("this check needs a General")
    g = state.leader(int(ctx.target["leader_id"]))
    side = state.side(g.side_id)
    if g.markers.get("killed") or g.markers.get("captured"):
        raise PlayError(f"{g.name} is out of the battle (9.4)")
    if not general_present(state, g):
        raise PlayError(f"{g.name} has not arrived yet")
    if g.markers.get("ordered"):
        raise PlayError(f"{g.name} has had his order this round (5.1)")
    _refuse_before_cards(side)
    if not (side.pack_state.get(DICE) or {}).get("general"):
        raise PlayError(f"{side.name} has no General die left this round (5.1)")
    _refuse_out_of_turn(state, side)


def _general_order_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    g = ctx.state.leader(int(ctx.target["leader_id"]))
    side = ctx.state.side(g.side_id)
    return [Put("leader", g.id, "ordered", True), *_used_die(ctx, side, "general")]


def _general_order_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    g = ctx.state.leader(int(ctx.target["leader_id"]))
    return f"{ctx.state.side(g.side_id).name} orders {g.name} (General die, 5.1)"


# ----------------------------------------------------------------------------- no more orders
def _pass_situation(ctx: Ctx) -> None:
    state, side = ctx.state, ctx_side(ctx)
    if side.pack_state.get("card") is None:
        raise PlayError("play this round's cards first (5.1)")
    if not orders_left(side):
        raise PlayError(f"{side.name} has no order left this round")
    other = state.other_side(side.id)
    if state.pack_state.get("to_order") not in (None, side.id) and orders_left(other):
        raise PlayError(f"orders alternate: {other.name} give the next one (5.1)")


def _pass_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    """The side's dice left unused (5.1 step 5): the other side gives the rest of its own."""
    side = ctx_side(ctx)
    dice = dict.fromkeys(side.pack_state.get(DICE) or {}, 0)
    other = ctx.state.other_side(side.id)
    nxt = other.id if orders_left(other) else None
    return [Put("side", side.id, DICE, dice), Put("game", ctx.state.game_id, "to_order", nxt)]


def _pass_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    side = ctx_side(ctx)
    return f"{side.name} give no more orders this round ({orders_left(side)} unused, 5.1)"


# ----------------------------------------------------------------------------- victory (4.2)
def _victory_questions(ctx: Ctx) -> list[Question]:
    return []


def _victory_situation(ctx: Ctx) -> victory_mod.VictorySituation:
    state = ctx.state
    refuse_if_over(state)
    for s in state.sides:
        _refuse_before_cards(s)
    pending = state.pack_state.get("pending") or []
    if pending:
        raise PlayError("still due this round: " + "; ".join(p["label"] for p in pending))
    sides: dict[str, victory_mod.SideState] = {}
    # The set-up garrisons by nation only when their option counts them (6.0): else their
    # count is no part of the victory, and a count unlike their markers refuses nothing.
    garrisons_count = ctx.rules.opt("setup_garrisons") == "counted"
    for s in state.sides:
        units = [u for u in state.units_of(s.id) if on_map(state, u)]
        generals = [g for g in state.leaders_of(s.id) if general_present(state, g)]
        enemy = next(o for o in state.sides if o.id != s.id)
        by_nation = enemy.pack_state.get(WINS_AT_BY_NATION)
        withdrawn = withdrawn_by_nation(state, s)
        sides[s.name] = victory_mod.SideState(
            wins_at=s.pack_state.get("wins_at"),
            wins_at_by_nation=dict(s.pack_state.get(WINS_AT_BY_NATION) or {}),
            units_lost_by_nation=_lost_by_nation(state, s, "units_lost") if by_nation else {},
            setup_garrisons_lost_by_nation=(
                _lost_by_nation(state, s, GARRISONS_LOST) if by_nation and garrisons_count else {}
            ),
            # 9.4.3: a General lost counts as a unit, of his own nation (13.1).
            generals_lost_by_nation=generals_lost_by_nation(state, s) if by_nation else {},
            withdrawn=sum(withdrawn.values()),  # 15.0: by option withdrawn_units
            withdrawn_by_nation=withdrawn if by_nation else {},
            units_lost=int(s.pack_state.get("units_lost", 0)),
            generals_lost=int(s.pack_state.get("generals_lost", 0)),
            setup_garrisons_lost=int(s.pack_state.get(GARRISONS_LOST, 0)),
            units_by_sector=dict(Counter(sector_of(state, u) for u in units)),
            generals_by_sector=dict(
                Counter(state.command(g.command_id).name.lower() for g in generals)
            ),
            elements_left=sum(int(u.markers.get("elements", 0)) for u in units),
            generals_left=len(generals),
        )
    return victory_mod.VictorySituation(sides, state.turn, round_of(state))


def _lost_by_nation(state: PlayState, side: SideState, key: str) -> dict[str, int]:
    """The side's units eliminated, counted by their flag's nation (13.1: the English apart).

    ``key``: ``units_lost`` for the units, or the set-up garrisons' count (kept apart, 6.0;
    the victory check adds them to their nation's units when option setup_garrisons counts
    them). Every nation of the side's units is a key, at 0 when none is lost. The side's
    count must be the units marked eliminated: a loss counted by hand with no unit marked
    has no nation, and is refused in words rather than guessed.
    """
    flag = side.pack_state.get("flag")
    units = state.units_of(side.id)
    lost = {str(u.markers.get("flag") or flag): 0 for u in units}
    garrisons = key == GARRISONS_LOST
    for u in units:
        if u.markers.get("eliminated") and (u.arm == "garrison") == garrisons:
            lost[str(u.markers.get("flag") or flag)] += 1
    counted = int(side.pack_state.get(key, 0))
    if counted != sum(lost.values()):
        what = "set-up garrison(s)" if garrisons else "unit(s)"
        raise PlayError(
            f"{side.name}: {counted} {what} lost but {sum(lost.values())} marked eliminated; "
            "this battle counts losses by nation (13.1): mark each unit lost eliminated, or "
            f"set the {what.replace('(s)', 's')} lost to match"
        )
    return lost


def _victory_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    assert outcome is not None
    state = ctx.state
    gid = state.game_id
    checked = [log_put(s, victory=outcome.result) for s in state.sides]  # the tracker's (4.2)
    if outcome.result != "none":
        won = {"result": outcome.result, "winner": outcome.details["winner"],
               "turn": state.turn, "round": round_of(state)}  # fmt: skip
        return [
            *checked,
            Put("game", gid, "victory", won),
            Put("game", gid, "phase", VICTORY_PHASE, column=True),
        ]
    if ctx.turn is None:
        raise PlayError("the pack declares no turn: no next round")
    new_turn = round_of(state) >= ctx.turn.rounds
    # The declared turn's changes (5.1, 4.1): the card kept as the last, the command dice
    # cleared; at a new turn the round back to 1 and a new hand to deal.
    puts = turn_puts(ctx.turn, state, new_turn=new_turn)
    # What only this pack's play keeps: the markers declared to last the round (or the
    # turn, at a new turn), a unit's and a General's, and the order's turn.
    unit_keys = cleared_markers(UNIT_MARKERS, new_turn=new_turn)
    puts += [Put("unit", u.id, k, None) for u in state.units for k in unit_keys if u.markers.get(k)]
    leader_keys = cleared_markers(LEADER_MARKERS, new_turn=new_turn)
    puts += [
        Put("leader", g.id, k, None) for g in state.leaders for k in leader_keys if g.markers.get(k)
    ]
    puts += [Put("game", gid, "first_order", None), Put("game", gid, "to_order", None)]
    if state.pack_state.get("charges"):  # the round's charges declared (9.3)
        puts.append(Put("game", gid, "charges", None))
    if state.pack_state.get("counter_shocks"):  # and the shocks of their counter-charges
        puts.append(Put("game", gid, "counter_shocks", None))
    for s in state.sides:
        puts += [Put("side", s.id, "card", None), Put("side", s.id, "rolled", None)]
        if new_turn:  # 4.1: the next hand is chosen from this one
            puts.append(Put("side", s.id, "last_hand", s.pack_state.get("hand")))
    if new_turn:
        puts.append(Put("game", gid, "turn", state.turn + 1, True))
    else:
        puts.append(Put("game", gid, "round", round_of(state) + 1))
    puts.append(Put("game", gid, "phase", CARD_PHASE, column=True))
    return [*checked, *puts]


_COUNTED = {"units": ("unit(s)", "4.2"), "generals": ("General(s) killed or captured", "9.4.3"),
            "setup_garrisons": ("set-up garrison(s)", "6.0"),
            "withdrawn": ("unit(s) withdrawn", "15.0")}  # fmt: skip


def _victory_reading(ctx: Ctx, outcome: Outcome) -> list[str]:
    """Each side's losses against the count its enemy must reach, and what decides (4.2)."""
    sides: dict[str, Any] = outcome.details["sides"]
    names = list(sides)
    lines = []
    for name, side in sides.items():
        enemy = names[1] if name == names[0] else names[0]
        parts = [f"{n} {_COUNTED[k][0]} ({_COUNTED[k][1]})"
                 for k, n in side.get("counted", {}).items() if n or k == "units"]  # fmt: skip
        count = f"{side['enemy_needs']}"
        if side.get("enemy_count") not in (None, side["enemy_needs"]):
            count += f" ({side['enemy_count']} less 20% with the morale rule, 15.0, 14.0)"
        reached = "reached" if side["units_lost"] >= side["enemy_needs"] else "not reached"
        lines.append(f"{name} has lost {' + '.join(parts)} = {side['units_lost']} of the "
                     f"{count} {enemy} must eliminate: {reached}")  # fmt: skip
        by_nation = side.get("enemy_needs_by_nation") or {}
        mine = next(s for s in ctx.state.sides if s.name == name) if by_nation else None
        generals = generals_lost_by_nation(ctx.state, mine) if mine is not None else {}
        for nation, need in by_nation.items():
            n = side["lost_by_nation"][nation]
            what = "unit(s) and General(s)" if generals.get(nation) else "unit(s)"  # 9.4.3
            lines.append(f"{name} has lost {n} {nation.title()} {what} of the {need} {enemy} "
                         f"must eliminate of that nation alone (13.1): "
                         f"{'reached' if n >= need else 'not reached'}")  # fmt: skip
        if withdrawn_words := withdrawn_line(ctx, name, side):
            lines.append(withdrawn_words)
        if side.get("empty_sectors"):
            lines.append(f"{name} holds no unit in its {', '.join(side['empty_sectors'])} "
                         "sector: a decisive defeat (4.2)")  # fmt: skip
    if not _substantial_now(ctx):
        lines.append("substantial victory is checked only after a complete turn "
                     "(option substantial_check=turn)")  # fmt: skip
    return lines


def _substantial_now(ctx: Ctx) -> bool:
    if ctx.rules.opt("substantial_check") != "turn" or ctx.turn is None:
        return True
    return round_of(ctx.state) >= ctx.turn.rounds


def _victory_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    head = f"End of turn {ctx.state.turn}, round {round_of(ctx.state)}"
    if outcome.result == "none":
        return f"{head}: no victory (4.2); the next round begins"
    winner = outcome.details["winner"] or "nobody"
    return f"{head}: {outcome.result} victory, {winner} (4.2)"


# ----------------------------------------------------------------------------- Quatre Bras (13.2)
HOLDERS = (
    Choice("none", "nobody"),
    Choice("french", "a French unit"),
    Choice("allied", "an Allied unit"),
)


def _qb_hexes(ctx: Ctx) -> list[str]:
    if ctx.state.pack_state.get("scenario") != "quatre_bras":
        raise PlayError("this game was not set up as the Quatre Bras scenario (13.2)")
    return list(ctx.rules.data.quatre_bras.control_hexes)


def _qb_questions(ctx: Ctx) -> list[Question]:
    out: list[Question] = []
    for h in _qb_hexes(ctx):
        out += [
            Question(f"{h}_occupant", f"{h}: who stands in it", "choice", "none", "13.2",
                choices=HOLDERS),
            Question(f"{h}_general_only", f"{h}: only a General", "bool", False, "13.2"),
            Question(f"{h}_last_entered", f"{h}: whose unit entered it last", "choice", "none",
                "13.2", choices=HOLDERS),
        ]  # fmt: skip
    return out


def _qb_situation(ctx: Ctx) -> scenarios_mod.QuatreBrasSituation:
    refuse_if_over(ctx.state)
    a = ctx.answers
    return scenarios_mod.QuatreBrasSituation(
        {
            h: scenarios_mod.HexState(
                a[f"{h}_occupant"], bool(a[f"{h}_general_only"]), a[f"{h}_last_entered"]
            )
            for h in _qb_hexes(ctx)
        }
    )


def _qb_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    assert outcome is not None
    if outcome.result != "decisive":
        return []
    state = ctx.state
    winner = french_side(state)
    won = {"result": "decisive", "winner": winner, "turn": state.turn,
           "round": round_of(state), "rule": "13.2"}  # fmt: skip
    return [
        Put("game", state.game_id, "victory", won),
        Put("game", state.game_id, "phase", VICTORY_PHASE, column=True),
    ]


def _qb_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    if outcome.result == "decisive":
        return f"{french_side(ctx.state)} control Quatre Bras: decisive victory (13.2)"
    return "Quatre Bras is not under French control (13.2)"


def checks() -> list[CheckSpec]:
    """The turn's checks."""
    return [
        spec("hand", "Hand of cards", "4.1", "hand", "side",
             _hand_questions, _hand_situation, _hand_changes, _hand_summary),
        spec("round", "Round: cards and command dice", "5.1", "orders", "game",
             _round_questions, _round_situation, _round_changes, _round_summary,
             _round_dice),
        replace(spec("order", "Give an order", "5.1", None, "unit",
                     _order_questions, _order_situation, _order_changes, _order_summary),
                subject=_order_subject,
                # 7.0.1, 9.3, 12.0, 15.0: what an ordered unit does next, offered on it.
                then=("fire", "shock", "charge", "rally", "withdraw")),
        # Quatre Bras's own victory (13.2): no other game has it.
        replace(spec("quatre_bras", "Quatre Bras control", "13.2", "quatre_bras", "game",
                     _qb_questions, _qb_situation, _qb_changes, _qb_summary),
                scenarios=("quatre_bras",)),
        spec("general_order", "Order a General", "5.1", None, "leader",
             lambda c: [], _general_order_situation, _general_order_changes,
             _general_order_summary),
        spec("victory", "Victory, end of the round", "4.2", "victory", "game",
             _victory_questions, _victory_situation, _victory_changes, _victory_summary,
             reading=_victory_reading),
    ]  # fmt: skip


def pass_check() -> CheckSpec:
    """A side's 'no more orders this round' (5.1): last in the menus, it is the guide's."""
    return spec("pass", "No more orders this round", "5.1", None, "side",
                lambda c: [], _pass_situation, _pass_changes, _pass_summary)  # fmt: skip
