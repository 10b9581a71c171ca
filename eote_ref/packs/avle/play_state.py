"""The AVlE game state as its checks read it: sectors, units on the map, Generals, helpers.

The keys are those :mod:`eote_ref.packs.avle.play` lists. Standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from eote_ref.packs.avle.markers import LEADER_MARKER_BY_NAME, UNIT_MARKER_BY_NAME, UNIT_MARKERS
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.avle.victory import threshold
from eote_ref.packs.declaration import cleared_markers
from eote_ref.packs.play import (
    CheckSpec,
    Ctx,
    LeaderState,
    PlayError,
    PlayState,
    Put,
    SideState,
    UnitState,
)
from eote_ref.packs.questions import Choice

RULESET = "avle-1.2"
SECTORS = ("left", "centre", "right")
SECTOR_LEVEL = "sector"
GENERAL_LEVEL = "general"
#: The phases of a round as the pack's turn declares them (``pack.TURN``): the game's
#: ``phase`` column. The cards and command dice are one step (``round``), so a round is in
#: ``card`` until both are played, then in ``orders`` until its victory check.
CARD_PHASE = "card"
ORDERS_PHASE = "orders"
VICTORY_PHASE = "victory"
#: The side's key of the round's orders left, by command-die face (the declared turn's).
DICE = "command_dice"
#: The side's key of the enemy units it must eliminate of one nation alone, by nation (13.1:
#: Waterloo's 12 English for the French), beside ``wins_at``; the enemy's losses are then
#: counted by their flag's nation at the victory check.
WINS_AT_BY_NATION = "wins_at_by_nation"
#: The unit markers that last one round (5.1, 7.0.1, 9.3): the declared ``lasts="round"``.
ROUND_MARKERS = cleared_markers(UNIT_MARKERS, new_turn=False)
#: The hexes a check asks about, as the procedures name them (8.0, 9.2).
TERRAINS = ("open", "road", "bridge", "orchard", "field", "wood", "hill",
            "farm", "town", "fortified", "stream", "marsh")  # fmt: skip
#: The side's key of its set-up garrisons eliminated (13.1, 13.3), counted apart from its
#: units lost: for victory only by option ``setup_garrisons`` (6.0, notes 25).
GARRISONS_LOST = "garrisons_lost"
#: How many units an automatic card orders (3.2, source: text; None: every one of its arm).
AUTOMATIC_ORDERS: Mapping[str, tuple[str, int | None]] = {
    "infantry_manoeuvre": ("infantry", 5),
    "cavalry_grand_charge": ("cavalry", 5),
    "bombardment": ("artillery", None),
}
#: Units a coordinated attack orders in each sector at most (3.1; source: text).
COORDINATED_PER_SECTOR = 2


# ----------------------------------------------------------------------------- reading state
def sector_of(state: PlayState, unit: UnitState) -> str:
    """The sector ``unit`` is ordered in (its command, 3.1)."""
    return state.command(unit.command_id).name.lower()


def on_map(state: PlayState, unit: UnitState) -> bool:
    """On the map now: arrived (4.1), not held back (13.1, 14.0), eliminated or withdrawn (15.0)."""
    m = unit.markers
    if m.get("held") or m.get("eliminated") or m.get("withdrawn"):
        return False
    return int(m.get("arrives", 1)) <= state.turn


def general_present(state: PlayState, g: LeaderState) -> bool:
    """A General in the battle: arrived (4.1), not held back (13.1), not killed or captured."""
    m = g.markers
    if m.get("killed") or m.get("captured") or m.get("held"):
        return False
    return int(m.get("arrives", 1)) <= state.turn


def general_with(state: PlayState, unit: UnitState) -> int | None:
    """The General attached to ``unit`` who is still in the game (6.3.1), if any."""
    if unit.attached_leader_id is None:
        return None
    g = state.leader(unit.attached_leader_id)
    return None if g.markers.get("killed") or g.markers.get("captured") else g.id


def general_flag(state: PlayState, g: LeaderState) -> str:
    """The nation a General counts for when lost (9.4.3, 13.1): his ``flag`` marker.

    A game made before Generals carried one reads him as his side's flag, but for a General
    who came on by Waterloo's arrivals (held back or entered): only the Prussians do (13.1).
    """
    flag = g.markers.get("flag")
    if flag:
        return str(flag)
    arrived = g.markers.get("held") or g.markers.get("entered")
    if state.pack_state.get("scenario") == "waterloo" and arrived:
        return "prussian"
    return str(state.side(g.side_id).pack_state.get("flag"))


def generals_lost_by_nation(state: PlayState, side: SideState) -> dict[str, int]:
    """The side's Generals killed or captured, by nation (9.4.3; 13.1: the English apart).

    Every nation of the side's Generals is a key, at 0 when none is lost. The side's count
    ``generals_lost`` must be the Generals marked killed or captured: one counted by hand
    with none marked has no nation, and is refused in words rather than guessed.
    """
    generals = state.leaders_of(side.id)
    lost = {general_flag(state, g): 0 for g in generals}
    for g in generals:
        if g.markers.get("killed") or g.markers.get("captured"):
            lost[general_flag(state, g)] += 1
    counted = int(side.pack_state.get("generals_lost", 0))
    if counted != sum(lost.values()):
        raise PlayError(
            f"{side.name}: {counted} General(s) lost but {sum(lost.values())} killed or "
            "captured; this battle counts losses by nation (13.1): mark each General lost "
            "killed or captured, or set the Generals lost to match"
        )
    return lost


def withdrawn_by_nation(state: PlayState, side: SideState) -> dict[str, int]:
    """The side's units withdrawn after a passed morale test (15.0), by their flag's nation."""
    flag = side.pack_state.get("flag")
    out: dict[str, int] = {}
    for u in state.units_of(side.id):
        if u.markers.get("withdrawn"):
            nation = str(u.markers.get("flag") or flag)
            out[nation] = out.get(nation, 0) + 1
    return out


def round_of(state: PlayState) -> int:
    """The round of the turn, 1..6 (5.0)."""
    return int(state.pack_state.get("round", 1))


def side_key(state: PlayState, side: SideState) -> str:
    """The name a side goes by in the procedures' situations (its own)."""
    return side.name


def french_side(state: PlayState) -> str:
    """The French side's name (5.1: the French give the first order on a tie)."""
    for s in state.sides:
        if s.pack_state.get("flag") == "french":
            return s.name
    return state.sides[0].name


def turn_label(state: PlayState) -> str:
    """What follows the turn's heading: the victory, once won (4.2), else nothing."""
    won = state.pack_state.get("victory")
    if not won:
        return ""
    return f"{won['result']} victory, {won.get('winner') or 'nobody'}"


def units_able(state: PlayState, side: SideState, card: str) -> int:
    """Units of ``side`` that can carry out ``card``'s orders (5.1's first-order count)."""
    units = [u for u in state.units_of(side.id) if on_map(state, u)]
    if card in AUTOMATIC_ORDERS:
        arm, cap = AUTOMATIC_ORDERS[card]
        n = sum(1 for u in units if u.arm == arm)
        if card == "infantry_manoeuvre":  # the infantry of one sector (3.2): the fullest
            n = max(sum(1 for u in units if u.arm == arm and sector_of(state, u) == s)
                    for s in SECTORS)  # fmt: skip
        return n if cap is None else min(n, cap)
    if card == "coordinated_attack":
        n = COORDINATED_PER_SECTOR
        return sum(min(n, sum(1 for u in units if sector_of(state, u) == s)) for s in SECTORS)
    return sum(1 for u in units if sector_of(state, u) == card)


def refuse_if_over(state: PlayState) -> None:
    """Nothing more is played once a side has won (4.2)."""
    if state.pack_state.get("victory"):
        raise PlayError("the battle is over (4.2)")


def orders_left(side: SideState) -> int:
    """How many orders the side may still give this round (5.1)."""
    dice = side.pack_state.get(DICE) or {}
    return sum(int(v) for v in dice.values() if v)


# ----------------------------------------------------------------------------- helpers
def ctx_side(ctx: Ctx) -> SideState:
    """The side the check is on."""
    if "side_id" not in ctx.target:
        raise PlayError("this check needs a side")
    return ctx.state.side(int(ctx.target["side_id"]))


def ctx_unit(ctx: Ctx, key: str = "unit_id") -> UnitState:
    """The unit the check is on."""
    if key not in ctx.target:
        raise PlayError("this check needs a unit")
    return ctx.state.unit(int(ctx.target[key]))


def answer_unit(ctx: Ctx, key: str) -> UnitState:
    """The unit the umpire chose for question ``key``."""
    uid = ctx.answers.get(key)
    if uid is None:
        raise PlayError(f"choose the {key.replace('_', ' ')}")
    return ctx.state.unit(int(uid))


def deck(rules: AvleRules) -> list[str]:
    """Each player's ten cards (3.0), one entry a card."""
    return [c for c, n in rules.data.cards.deck.items() for _ in range(n)]


def lost_unit(state: PlayState, unit: UnitState, puts: list[Put]) -> None:
    """``unit`` eliminated: its marker, one more unit lost by its side (4.2), its General freed."""
    puts.append(Put("unit", unit.id, "eliminated", True))
    puts.append(Put("unit", unit.id, "elements", 0))
    if unit.attached_leader_id is not None:
        # 9.4.4: a General who outlives his unit stands alone (a General die orders him, 5.1;
        # an enemy may capture him, 9.4.2); the hit he may take is due on him all the same.
        puts.append(Put("unit", unit.id, "attached_leader_id", None, column=True))
    side = state.side(unit.side_id)
    # A garrison is counted apart: it counts for victory only by option (6.0, notes 25).
    key = GARRISONS_LOST if unit.arm == "garrison" else "units_lost"
    puts.append(Put("side", side.id, key, int(side.pack_state.get(key, 0)) + 1))


#: A side's record of the rounds played (the card tracker's grid, 5.1, 4.2): one entry a
#: round, ``turn``, ``round``, ``card``, ``rolled`` (the command dice by face, or
#: ``automatic``), ``ordered`` (orders given) and, once checked, ``victory`` (the result).
LOG = "log"


def log_put(side: SideState, entry: Mapping[str, Any] | None = None, **change: Any) -> Put:
    """The side's round record with ``entry`` added as a new round, or its last one changed."""
    log = [dict(e) for e in side.pack_state.get(LOG) or []]
    if entry is not None:
        log.append(dict(entry))
    elif log:
        last = log[-1]
        for key, value in change.items():
            last[key] = value(last.get(key)) if callable(value) else value
    return Put("side", side.id, LOG, log)


def pending_put(state: PlayState, drop: Mapping[str, Any] | None, add: list[dict[str, Any]]) -> Put:
    """The game's checks due, less ``drop`` and with ``add``."""
    items = [p for p in state.pack_state.get("pending") or [] if drop is None or p != drop]
    return Put("game", state.game_id, "pending", items + add)


def matching_pending(ctx: Ctx, check: str) -> dict[str, Any] | None:
    """The due item of ``check`` on this check's target, if any."""
    for p in ctx.state.pack_state.get("pending") or []:
        if p["check"] == check and all(p["target"].get(k) == v for k, v in ctx.target.items()):
            return dict(p)
    return None


def unit_choices(
    state: PlayState, units: Sequence[UnitState], rules: AvleRules | None = None
) -> tuple[Choice, ...]:
    """Units as a choice question offers them: name, type in words, elements."""
    return tuple(
        Choice(u.id, f"{u.name} ({type_words(u.type, rules)}, {u.markers.get('elements')} el.)")
        for u in units
    )


def type_words(unit_type: str, rules: AvleRules | None) -> str:
    """A unit type as the Reference Sheet names it (1.1): ``dragoons or lancers``."""
    kind = rules.data.units.get(unit_type) if rules is not None else None
    return kind.title if kind is not None else unit_type.replace("_", " ")


#: A flag's key in words (1.2, 9.3).
FLAG_WORDS = {"french": "French", "english": "English", "prussian": "Prussian"}


def enemies_on_map(ctx: Ctx, of: UnitState) -> list[UnitState]:
    """The enemy units of ``of`` on the map."""
    return [u for u in ctx.state.units if u.side_id != of.side_id and on_map(ctx.state, u)]


def spec(key: str, title: str, rule: str, procedure: str | None, target: Any,
         questions: Any, situation: Any, changes: Any, summary: Any,
         dice: Any = None, reading: Any = None, veiled: Any = None) -> CheckSpec:  # fmt: skip
    """A check's declaration (its dice labels, own reading and veiled line default to none)."""
    return CheckSpec(key, title, rule, procedure, target, questions, situation, changes,
                     summary, dice or (lambda ctx: {}),
                     reading or (lambda ctx, outcome: []),
                     veiled=veiled or (lambda ctx, outcome: None))  # fmt: skip


# ----------------------------------------------------------------------------- changes in words
#: Keys whose changes are bookkeeping: the wizard's list of what Apply does leaves them out.
_QUIET = frozenset(
    {"fired", "fired_on", "played", "last_card", "last_hand", "first_order", "to_order", LOG,
     "pending", "phase", "rolled", "arrival_roll", "deployment", "initiative", "arrives",
     "charges", "counter_shocks"}
)  # fmt: skip


def card_name(rules: AvleRules | None, card: Any) -> str:
    """A card as the pack names it (3.1, 3.2); its key in words without the rules."""
    if rules is None:
        return str(card).replace("_", " ")
    return rules.data.cards.name(str(card))


def cards_named(rules: AvleRules | None, cards: Sequence[Any]) -> str:
    """Cards in words, the same card counted once (``Left sector ×2, Bombardment``)."""
    seen: dict[str, int] = {}
    for c in cards:
        seen[str(c)] = seen.get(str(c), 0) + 1
    return ", ".join(card_name(rules, c) + (f" ×{n}" if n > 1 else "") for c, n in seen.items())


#: A side's keys the screens word as cards (4.1, 5.1), and how each is headed.
_CARD_KEYS = {"hand": "hand", "last_hand": "last turn's hand", "played": "played this turn",
              "card": "card this round", "last_card": "last round's card"}  # fmt: skip
#: A side's keys the screens word with their own heading.
_SIDE_HEADS = {"rolled": "command dice rolled", DICE: "orders left", "units_lost": "units lost",
               GARRISONS_LOST: "set-up garrisons lost",
               "generals_lost": "Generals lost", "wins_at": "enemy units to eliminate",
               "flag": "flag", "arrival_roll": "last arrival roll"}  # fmt: skip


def state_words(key: str, value: Any, rules: AvleRules | None) -> str | None:
    """One key of a side's state in words: cards by their names (3.0), dice by their faces."""
    if value is None or value == [] or value == {} or key == LOG:  # the log: printed only
        return ""
    if key in _CARD_KEYS:
        text = cards_named(rules, value) if isinstance(value, list) else card_name(rules, value)
        return f"{_CARD_KEYS[key]}: {text}"
    if key in (DICE, "rolled") and isinstance(value, dict):
        if value.get("automatic"):
            return f"{_SIDE_HEADS[key]}: automatic card"
        faces = ", ".join(f"{n} {str(f).replace('_', ' ')}" for f, n in value.items() if n)
        return f"{_SIDE_HEADS[key]}: {faces or 'none'}"
    if key == "wins_at" and isinstance(value, int) and rules is not None:
        return f"{_SIDE_HEADS[key]}: {wins_at_words(rules, value)}"
    if key == "flag" and isinstance(value, str):
        return f"{_SIDE_HEADS[key]}: {FLAG_WORDS.get(value, value.replace('_', ' '))}"
    if key == WINS_AT_BY_NATION and isinstance(value, dict):
        counts = " or ".join(
            f"{wins_at_words(rules, n) if rules is not None else n} {nation.title()}"
            for nation, n in value.items()
        )
        return f"or enemy units of one nation alone: {counts} (13.1)"
    if key == "arrival_roll" and isinstance(value, list) and len(value) == 2:
        return f"{_SIDE_HEADS[key]}: turn {value[0]}, round {value[1]}"
    if key in _SIDE_HEADS:
        return f"{_SIDE_HEADS[key]}: {str(value).replace('_', ' ')}"
    return None


def wins_at_words(rules: AvleRules, wins_at: int | None) -> str:
    """The enemy units to eliminate as the victory check counts them (4.2, 14.0 with 15.0).

    The count of :func:`~eote_ref.packs.avle.victory.threshold` (the one the check uses),
    with the scenario's own figure beside it when the morale rule reduces it: ``6 (8 less
    20% with the morale rule, 14.0)``.
    """
    count, _notes = threshold(rules, wins_at)
    given = wins_at if wins_at is not None else rules.data.victory["hypothetical_units"].value
    if count == given:
        return str(count)
    cut = rules.data.victory["morale_reduction_percent"].value
    return f"{count} ({given} less {cut}% with the morale rule, 14.0)"


_OPTION_NOTE = re.compile(r"option ([a-z0-9_]+)=([A-Za-z0-9_]+)")


def option_words(text: str, rules: AvleRules | None) -> str:
    """``option NAME=VALUE`` in ``text`` worded from the declared option.

    Its label and the value's words, with its section, said ``as chosen`` when the game was
    given the option and ``by default`` when nobody chose it: what the players and the
    journal read.
    """
    if rules is None or "option " not in text:
        return text

    def one(m: re.Match[str]) -> str:
        spec = rules.data.options.get(m.group(1))
        if spec is None:
            return m.group(0)
        # Only an option the game was given is "chosen"; any other is the pack's default.
        how = "as chosen" if m.group(1) in rules.chosen else "by default"
        return f"{how}: {spec.words(m.group(2), m.group(1))}"

    return _OPTION_NOTE.sub(one, text)


def words(state: PlayState, put: Put, rules: AvleRules | None = None) -> str | None:
    """One change in the umpire's words ("" for bookkeeping; None: no words of the pack's)."""
    v, key = put.value, put.key
    if key in _QUIET or (v is None and key in ROUND_MARKERS):
        return ""
    if put.entity == "unit":
        return _unit_words(state, state.unit(put.row_id), key, v)
    if put.entity == "leader":
        g = state.leader(put.row_id)
        if key in ("held", "entered"):
            return _arrival_words(g.name, key, v)
        if key in ("killed", "captured"):
            return f"{g.name} {key}" if v else f"{g.name} no longer {key}"
        if key == "ordered":
            return f"{g.name}: ordered this round" if v else ""
        return None
    if put.entity == "side":
        return _side_words(state.side(put.row_id), key, v, rules)
    if key in ("round", "turn"):
        return f"{key} {v}"
    if key == "victory":
        return f"{v['result']} victory, {v.get('winner') or 'nobody'}" if v else "no victory"
    return None


def _unit_words(state: PlayState, u: UnitState, key: str, v: Any) -> str | None:
    if key == "elements":
        return f"{u.name}: {u.markers.get('elements')} → {v} element(s)"
    if key == "eliminated":
        return f"{u.name} eliminated" if v else f"{u.name} back in the battle"
    if key == "formation":
        return f"{u.name}: {v or 'combat'} formation"
    if key == "withdrawn":
        return f"{u.name} withdrawn from the battle (15.0)" if v else f"{u.name} back in the battle"
    if key == "passed_morale":
        if v:
            return f"{u.name}: passed its morale test, fights at 0 until rallied (15.0)"
        return f"{u.name}: rallied, fights again (15.0)"
    if key in ("held", "entered"):
        return _arrival_words(u.name, key, v)
    if key == "command_id":
        return f"{u.name}: in the {state.command(int(v)).name.lower()} sector"
    if key == "ordered":
        return f"{u.name}: ordered this round"
    if key == "reacted":
        return f"{u.name}: has reacted this round (9.3)"
    if key == "reformed":
        return f"{u.name}: changed formation, neither moves nor fires this round (6.0)"
    if key == "retreated":
        return f"{u.name}: retreated, may fire but not move this round (10.1 D)"
    if key == "stopped":
        return f"{u.name}: stopped adjacent, no shock this round (9.3)"
    if key == "attached_leader_id":
        if v is None:
            return f"{u.name}: no General attached"
        return f"{u.name}: {state.leader(int(v)).name} attached"
    return None


def _arrival_words(name: str, key: str, v: Any) -> str:
    if key == "held":
        return f"{name}: held back, arrives by the dice ({v})" if v else ""
    if v in ("left", "centre", "right"):
        return f"{name}: enters in the {v} sector (14.0)"
    return f"{name}: enters at {v} (13.1)" if v else f"{name}: not arrived"


def _side_words(s: SideState, key: str, v: Any, rules: AvleRules | None) -> str | None:
    if key in ("units_lost", "generals_lost", GARRISONS_LOST):
        what = {"units_lost": "unit(s)", "generals_lost": "General(s)"}.get(key, "garrison(s)")
        return f"{s.name}: {v} {what} lost"
    if key == "hand":
        return f"{s.name}: a hand of {len(v)} cards" if v else f"{s.name}: a new hand due"
    if key == "card":
        return f"{s.name} plays {card_name(rules, v)}" if v else ""
    if key == DICE:
        if not v:
            return ""
        left = ", ".join(f"{n} {f}" for f, n in v.items() if n)
        return f"{s.name}: orders {left}" if left else f"{s.name}: no orders left this round"
    return None


# ----------------------------------------------------------------------------- the umpire's edits
#: What the umpire may set by hand on a side (its own state, not markers), with its kind. A
#: unit's and a General's are their declared markers with ``editable`` (:mod:`.markers`).
SIDE_EDITABLE: Mapping[str, str] = {
    "units_lost": "count", "generals_lost": "count", GARRISONS_LOST: "count",
    "wins_at": "threshold",
}  # fmt: skip
_MARKERS = {"unit": UNIT_MARKER_BY_NAME, "leader": LEADER_MARKER_BY_NAME}


def edit_refusal(state: PlayState, put: Put, rules: AvleRules) -> str | None:
    """Why the umpire may not make this edit by hand, or None when he may."""
    if put.entity in _MARKERS:
        return _marker_refusal(state, put, rules)
    kind = SIDE_EDITABLE.get(put.key) if put.entity == "side" else None
    if kind is None or put.column:
        known = ", ".join(SIDE_EDITABLE) if put.entity == "side" else "none"
        return f"{put.key} is not set by hand on a {put.entity} (those that are: {known})"
    v = put.value
    if kind == "count" and not (isinstance(v, int) and not isinstance(v, bool) and v >= 0):
        return f"{put.key} is a count, 0 or more"
    if kind == "threshold" and not (v is None or (isinstance(v, int) and v >= 1)):
        return "the units to eliminate are 1 or more, or none for 14.0's count"
    return None


def _marker_refusal(state: PlayState, put: Put, rules: AvleRules) -> str | None:
    """A unit's or a General's marker by hand: only a declared ``editable`` one, in its range."""
    declared = _MARKERS[put.entity]
    spec = declared.get(put.key)
    if spec is None or not spec.editable or put.column:
        known = ", ".join(m.name for m in declared.values() if m.editable)
        return f"{put.key} is not set by hand on a {put.entity} (those that are: {known})"
    v = put.value
    if spec.kind == "flag":
        return None if v is None or isinstance(v, bool) else f"{put.key} is yes or no"
    if spec.kind == "choice":
        if spec.check(v) is None:
            return None
        return f"a {spec.text} is {' or '.join(spec.choices)} ({spec.rule.removeprefix('AVlE ')})"
    if put.key == "elements":
        most = rules.data.units[state.unit(put.row_id).type].elements
        if not (isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= most):
            return f"elements are 1..{most} for this unit's type (1.1); eliminate it instead"
        return None
    unit_type = state.unit(put.row_id).type if put.entity == "unit" else None
    return spec.check(v, unit_type)
