"""VlE's checks in the referee: their questions, situations, changes and journal lines.

Each is a :class:`~eote_ref.packs.play.CheckSpec` over one of the pack's procedures (morale,
fire, melee, square, countercharge, obedience, initiative, rally, a leader's casualty, army
morale) or none (the next phase); :func:`checks` lists them. The state keys they read and
write are named in :mod:`.play`'s docstring. Standard library only.
"""

from __future__ import annotations

from typing import Any

from eote_ref.packs.outcome import Outcome
from eote_ref.packs.play import CheckSpec, Ctx, PlayError, Put, UnitState, Veil, possessive
from eote_ref.packs.questions import Choice, Question
from eote_ref.packs.vle import combat, command, leaders, morale

FIRST_PHASE = "charges"


# --------------------------------------------------------------------------- helpers
def _unit(ctx: Ctx) -> UnitState:
    uid = ctx.target.get("unit_id")
    if uid is None:
        raise PlayError("choose a unit")
    return ctx.state.unit(int(uid))


def _m(u: UnitState, key: str, default: Any = 0) -> Any:
    return u.markers.get(key, default)


def _leader_bonus_ask(ctx: Ctx, u: UnitState) -> Question:
    """The leader's morale bonus: 0 unless the umpire says a leader is stacked with ``u``.

    A leader gives his bonus only to a unit he is stacked with (XIV.4), and the game does not
    know the stacks: the bonus each of the side's leaders would give is in the help (his own
    corps' units or any unit for the army commander: his bonus; another corps: +1 at most).
    """
    offers: list[str] = []
    for ld in ctx.state.leaders:
        away = int(ld.markers.get("wounded_until", 0)) > ctx.state.turn  # XVII.1
        if ld.side_id != u.side_id or ld.markers.get("killed") or away:
            continue
        bonus = int(ld.markers.get("morale", 0))
        own = ld.command_id == u.command_id or ld.markers.get("army_commander")
        offers.append(f"{ld.name} {min(bonus, 1) if not own else bonus:+d}")
    help_text = "0 unless a leader is stacked with it (XIV.4)"
    if offers:
        help_text += ": " + ", ".join(offers)
    return Question("leader_morale", "Leader's morale bonus (a leader stacked with it)", "int", 0,
               "XIV.4", help=help_text, minimum=-3, maximum=6)  # fmt: skip


def _demoralized(ctx: Ctx, side_id: int) -> bool:
    return bool(ctx.state.side(side_id).pack_state.get("demoralized"))


def _failure_puts(ctx: Ctx, u: UnitState, result: str) -> list[Put]:
    turn = ctx.state.turn
    if result == "disorganized":
        return [Put("unit", u.id, "disorganized", turn)]
    if result == "eliminated":
        return [Put("unit", u.id, "eliminated", True)]
    if result == "straggler":
        return [Put("unit", u.id, "straggler", True)]
    if result == "routed":
        return [Put("unit", u.id, "routed", True), Put("unit", u.id, "disorganized", turn + 2)]
    return []


def _without_pending(ctx: Ctx, u: UnitState) -> list[Put]:
    pending = list(ctx.state.pack_state.get("pending") or [])
    left = [p for p in pending if p.get("target", {}).get("unit_id") != u.id]
    return [Put("game", ctx.state.game_id, "pending", left)] if left != pending else []


# --------------------------------------------------------------------------- under fog of war
# A unit's steps and its side's losses are fogged (play.FOG, house): a player who may not see
# them reads a check's line without the figures built on them (a fire's or a melee's steps
# lost, its column, a morale check's total with the losses' malus), and with what the table
# sees happen anyway: a unit removed, routed, disorganized, a straggler, a check that follows.
def _seen(ctx: Ctx, puts: list[Put]) -> list[str]:
    """What the table sees of ``puts``, in words: ``17e Léger disorganized``..."""
    out: list[str] = []
    routed = {p.row_id for p in puts if p.entity == "unit" and p.key == "routed" and p.value}
    for p in puts:
        if p.entity == "unit" and p.value:
            name = ctx.state.unit(p.row_id).name
            if p.key in ("eliminated", "routed"):
                out.append(f"{name} {p.key}")
            elif p.key == "straggler":
                out.append(f"{name} a straggler")
            elif p.key == "disorganized" and p.row_id not in routed:
                out.append(f"{name} disorganized")
        elif p.entity == "game" and p.key == "pending":
            before = len(ctx.state.pack_state.get("pending") or [])
            if len(p.value or []) > before:
                out.append("a morale check follows")
    return out


def _veiled(head: str, seen: list[str], rule: str, sides: tuple[int, ...] = ()) -> Veil:
    return Veil(f"{head}{': ' + ', '.join(seen) if seen else ''} ({rule})", sides)


# --------------------------------------------------------------------------- morale
REASONS = (
    Choice("fire", "fired on, steps lost (X.1)"),
    Choice("melee", "a melee * (X.1)"),
    Choice("retreat_through", "a disorganized unit retreats through (X.1)"),
    Choice("chain_reaction", "chain reaction, demoralized corps (XII.1)"),
    Choice("event", "an event calls for it (XXII.3)"),
)
DIRECTIONS = (Choice("front", "front"), Choice("flank", "flank (-2)"), Choice("rear", "rear (-3)"),
              Choice("flank_and_rear", "flank and rear"))  # fmt: skip


def _morale_questions(ctx: Ctx) -> list[Question]:
    u = _unit(ctx)
    return [
        Question("reason", "Why the check", "choice", "fire", "X.1", choices=REASONS),
        Question("morale", "Morale (the counter's)", "int", _m(u, "morale", 8), "X.2",
            minimum=2, maximum=12, derived=True),
        Question("steps", "Steps now", "int", _m(u, "steps", 1), "X.4", minimum=1, maximum=20,
            derived=True),
        _leader_bonus_ask(ctx, u),
        Question("direction", "Attacked or fired on through", "choice", "front", "X.4",
            choices=DIRECTIONS),
        Question("below_failed_unit", "The unit above has just failed", "bool", False, "V.5"),
        Question("event_bonus", "Events played (+ helps)", "int", 0, "XXII.3", minimum=-6,
            maximum=6),
    ]  # fmt: skip


def _morale_situation(ctx: Ctx) -> morale.MoraleSituation:
    u, a = _unit(ctx), ctx.answers
    if _m(u, "eliminated", False):
        raise PlayError(f"{u.name} is eliminated")
    return morale.MoraleSituation(
        morale=int(a["morale"]), reason=a["reason"], arm=u.arm,  # type: ignore[arg-type]
        original_steps=int(_m(u, "start", a["steps"])), steps=int(a["steps"]),
        disorganized=bool(_m(u, "disorganized")), routed=bool(_m(u, "routed", False)),
        leader_morale=int(a["leader_morale"]), direction=a["direction"],
        below_failed_unit=bool(a["below_failed_unit"]),
        demoralized_army=_demoralized(ctx, u.side_id), event_bonus=int(a["event_bonus"]),
    )  # fmt: skip


def _morale_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    u = _unit(ctx)
    puts = _without_pending(ctx, u)
    if out is not None and out.result != "passed":
        puts += _failure_puts(ctx, u, out.result)
    return puts


def _morale_summary(ctx: Ctx, out: Outcome | None) -> str:
    u = _unit(ctx)
    if out is None:
        return f"{u.name} checks morale"
    return f"{u.name} checks morale at {out.modified:g}: {out.result.replace('_', ' ')} (X.2)"


def _morale_veiled(ctx: Ctx, out: Outcome | None) -> Veil | None:
    """Its result without the total, which the losses' malus is in (X.4): all on the table."""
    if out is None:
        return None
    return Veil(f"{_unit(ctx).name} checks morale: {out.result.replace('_', ' ')} (X.2)")


# --------------------------------------------------------------------------- fire
def _fire_questions(ctx: Ctx) -> list[Question]:
    u = _unit(ctx)
    return [
        Question("fire_value", "Combined fire value of the firers", "int", 3, "VII.3",
            help="as the Formation and Terrain tables leave it", minimum=0, maximum=20),
        Question("target_square", "Target in square (+1 die)", "bool",
            _m(u, "formation", "") == "square", "VII.10", derived=True),
        Question("die_bonus", "Events on the die", "int", 0, "XXII.3", minimum=-4, maximum=6),
        Question("leader_with_target", "A leader with the target", "bool", False, "XIV.5"),
    ]  # fmt: skip


def _fire_situation(ctx: Ctx) -> combat.FireSituation:
    u, a = _unit(ctx), ctx.answers
    if _m(u, "eliminated", False):
        raise PlayError(f"{u.name} is eliminated")
    return combat.FireSituation(
        firers=[combat.Firer(int(a["fire_value"]))], target_arm=u.arm,  # type: ignore[arg-type]
        target_square=bool(a["target_square"]), die_bonus=int(a["die_bonus"]),
        leader_with_target=bool(a["leader_with_target"]),
    )  # fmt: skip


def _fire_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    if out is None:
        return []
    u = _unit(ctx)
    lost = int(out.details.get("steps_lost", 0))
    steps = int(_m(u, "steps", 1))
    puts: list[Put] = []
    if lost:
        left = max(0, steps - lost)
        side = ctx.state.side(u.side_id)
        taken = steps - left
        puts.append(Put("unit", u.id, "steps", left))
        puts.append(Put("side", side.id, "losses", int(side.pack_state.get("losses", 0)) + taken))
        if left == 0:
            puts.append(Put("unit", u.id, "eliminated", True))
            return puts
    if out.details.get("morale_check"):
        pending = list(ctx.state.pack_state.get("pending") or [])
        pending.append({"check": "morale", "label": f"{u.name}: morale check after fire",
                        "rule": "VII.9", "target": {"unit_id": u.id}})  # fmt: skip
        puts.append(Put("game", ctx.state.game_id, "pending", pending))
    return puts


def _fire_summary(ctx: Ctx, out: Outcome | None) -> str:
    u = _unit(ctx)
    if out is None:
        return f"fire on {u.name}"
    return f"fire on {u.name} at {out.modified:g}: {out.result.replace('_', ' ')} (VII.3)"


def _fire_veiled(ctx: Ctx, out: Outcome | None) -> Veil | None:
    """The fire without its value and the steps it took: a unit removed, a check due.

    Its value is the firers' (artillery at one step fires at half, VII.1) and the steps lost
    the target's: both sides' fog covers it. The firers are not asked for, so every side
    but the target's counts as theirs.
    """
    if out is None:
        return None
    sides = tuple(s.id for s in ctx.state.sides)
    return _veiled(
        f"fire on {_unit(ctx).name}", _seen(ctx, _fire_changes(ctx, out)), "VII.3", sides
    )


# --------------------------------------------------------------------------- melee
TERRAINS = tuple(Choice(t, t) for t in ("open", "town", "castle", "wood", "brush", "other"))


def _on_map(u: UnitState) -> bool:
    return not u.markers.get("eliminated") and not u.markers.get("straggler")


def _melee_questions(ctx: Ctx) -> list[Question]:
    u = _unit(ctx)
    enemies = tuple(
        Choice(e.id, e.name) for e in ctx.state.units if e.side_id != u.side_id and _on_map(e)
    )
    return [
        Question("attackers", "Attacking units", "choices", [], "VIII.1", choices=enemies),
        Question("attacked_from", "Attacked through", "choice", "front", "VIII.6",
            choices=DIRECTIONS[:3]),
        Question("defender_terrain", "Defender's terrain", "choice", "open", "VIII.3",
            choices=TERRAINS),
        Question("charge", "A cavalry charge", "bool", False, "IX.3"),
        Question("attacker_leader_combat", "Attacking leader's combat value", "int", 0, "XIV.3",
            minimum=-2, maximum=3),
        Question("defender_leader_combat", "Defending leader's combat value", "int", 0, "XIV.3",
            minimum=-2, maximum=3),
        Question("die_bonus", "Events on the die (net)", "int", 0, "XXII.3", minimum=-4, maximum=4),
    ]  # fmt: skip


def _melee_unit(u: UnitState) -> combat.MeleeUnit:
    formation = str(_m(u, "formation", "") or "")
    movement = int(_m(u, "movement", 0))
    klass = ""
    if u.arm == "cavalry":
        klass = "light" if movement >= 10 else "line" if movement == 9 else "heavy"
    return combat.MeleeUnit(
        value=0 if _m(u, "routed", False) else int(_m(u, "melee", 1)),
        steps=int(_m(u, "steps", 1)), arm=u.arm,  # type: ignore[arg-type]
        column=formation == "column", disorganized=bool(_m(u, "disorganized")),
        tirailleur=formation == "tirailleur", square=formation == "square",
        general_order=formation == "general_order", cavalry_class=klass,  # type: ignore[arg-type]
    )  # fmt: skip


def _attackers(ctx: Ctx) -> list[UnitState]:
    ids = [int(i) for i in ctx.answers.get("attackers") or []]
    if not ids:
        raise PlayError("choose the attacking units (VIII.1)")
    u = _unit(ctx)
    out = [ctx.state.unit(i) for i in ids]
    for a in out:
        if a.side_id == u.side_id:
            raise PlayError(f"{a.name} is on the defender's side")
        if _m(a, "disorganized"):
            raise PlayError(f"{a.name} is disorganized: it cannot attack (VIII.7)")
        if a.arm == "artillery":
            raise PlayError(f"{a.name} is artillery: it cannot attack (VIII.7)")
    return out


def _melee_situation(ctx: Ctx) -> combat.MeleeSituation:
    u, a = _unit(ctx), ctx.answers
    if not _on_map(u):
        raise PlayError(f"{u.name} is not on the map")
    return combat.MeleeSituation(
        attackers=[_melee_unit(x) for x in _attackers(ctx)], defenders=[_melee_unit(u)],
        attacked_from=a["attacked_from"], defender_terrain=a["defender_terrain"],
        charge=bool(a["charge"]), attacker_leader_combat=int(a["attacker_leader_combat"]),
        defender_leader_combat=int(a["defender_leader_combat"]), die_bonus=int(a["die_bonus"]),
    )  # fmt: skip


def _result_puts(ctx: Ctx, u: UnitState, code: str, pending: list[Any]) -> list[Put]:
    """One side's melee result on its first unit (VIII.8): steps, *, D, D1, D2, E."""
    steps = int(_m(u, "steps", 1))
    lost = {"1": 1, "2": 2, "1*": 1, "2*": 2, "D1": 1, "D2": 2}.get(code, 0)
    puts: list[Put] = []
    side = ctx.state.side(u.side_id)
    if code == "E":
        lost = steps
    if lost:
        left = max(0, steps - lost)
        puts.append(Put("unit", u.id, "steps", left))
        losses = int(side.pack_state.get("losses", 0)) + steps - left
        puts.append(Put("side", side.id, "losses", losses))
        if left == 0:
            return [*puts, Put("unit", u.id, "eliminated", True)]
    if code.startswith("D"):
        if _m(u, "disorganized") or _m(u, "routed", False):
            if side.pack_state.get("demoralized"):
                puts.append(Put("unit", u.id, "straggler", True))
            elif ctx.rules.opt("rout"):
                puts += _failure_puts(ctx, u, "routed")
            else:
                puts.append(Put("unit", u.id, "eliminated", True))
        else:
            puts.append(Put("unit", u.id, "disorganized", ctx.state.turn))
    if code.endswith("*"):
        pending.append({"check": "morale", "label": f"{u.name}: morale check after melee",
                        "rule": "VIII.8", "target": {"unit_id": u.id}})  # fmt: skip
    return puts


def _melee_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    if out is None:
        return []
    u = _unit(ctx)
    pending = list(ctx.state.pack_state.get("pending") or [])
    before = len(pending)
    puts = _result_puts(ctx, u, str(out.details["defender_result"]), pending)
    first = _attackers(ctx)[0]
    puts += _result_puts(ctx, first, str(out.details["attacker_result"]), pending)
    if len(pending) != before:
        puts.append(Put("game", ctx.state.game_id, "pending", pending))
    return puts


def _melee_summary(ctx: Ctx, out: Outcome | None) -> str:
    u = _unit(ctx)
    if out is None:
        return f"melee on {u.name}"
    col = out.details.get("column")
    return f"melee on {u.name} at {col}: {out.result} (VIII.8)"


def _melee_veiled(ctx: Ctx, out: Outcome | None) -> Veil | None:
    """The melee without its column (both sides' steps) and the steps each side lost."""
    if out is None:
        return None
    u = _unit(ctx)
    sides = (u.side_id, _attackers(ctx)[0].side_id)
    return _veiled(f"melee on {u.name}", _seen(ctx, _melee_changes(ctx, out)), "VIII.8", sides)


# --------------------------------------------------------------------------- square, countercharge
def _square_questions(ctx: Ctx) -> list[Question]:
    u = _unit(ctx)
    return [
        Question("cavalry_distance", "Hexes to the charging cavalry, as first seen", "int", 3,
            "IX.6", minimum=1, maximum=30),
        Question("morale", "Morale (the counter's)", "int", _m(u, "morale", 8), "X.2",
            minimum=2, maximum=12, derived=True),
        _leader_bonus_ask(ctx, u),
        Question("below_failed_unit", "The unit above has just failed", "bool", False, "IX.6"),
        Question("event_bonus", "Events played (+ helps)", "int", 0, "XXII.3", minimum=-6,
            maximum=6),
    ]  # fmt: skip


def _square_situation(ctx: Ctx) -> morale.SquareSituation:
    u, a = _unit(ctx), ctx.answers
    return morale.SquareSituation(
        morale=int(a["morale"]), cavalry_distance=int(a["cavalry_distance"]),
        original_steps=int(_m(u, "start", 1)), steps=int(_m(u, "steps", 1)),
        disorganized=bool(_m(u, "disorganized")), leader_morale=int(a["leader_morale"]),
        below_failed_unit=bool(a["below_failed_unit"]),
        demoralized_army=_demoralized(ctx, u.side_id), event_bonus=int(a["event_bonus"]),
    )  # fmt: skip


def _square_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    u = _unit(ctx)
    if out is None or out.result == "not_allowed":
        return []
    if out.result == "passed":
        return [Put("unit", u.id, "formation", "square")]
    return [Put("unit", u.id, "disorganized", ctx.state.turn)]


def _square_summary(ctx: Ctx, out: Outcome | None) -> str:
    u = _unit(ctx)
    said = {"passed": "forms square", "not_allowed": "may not try to form square"}
    word = said.get(out.result, "fails to form square") if out is not None else "square"
    return f"{u.name} {word} (IX.6)"


def _cc_questions(ctx: Ctx) -> list[Question]:
    u = _unit(ctx)
    return [
        Question("morale", "Morale (the counter's)", "int", _m(u, "morale", 8), "X.2",
            minimum=2, maximum=12, derived=True),
        _leader_bonus_ask(ctx, u),
    ]  # fmt: skip


def _cc_situation(ctx: Ctx) -> morale.CounterchargeSituation:
    u, a = _unit(ctx), ctx.answers
    if u.arm != "cavalry":
        raise PlayError(f"{u.name} is not cavalry: only cavalry countercharges (IX.7)")
    return morale.CounterchargeSituation(
        morale=int(a["morale"]), original_steps=int(_m(u, "start", 1)),
        steps=int(_m(u, "steps", 1)), disorganized=bool(_m(u, "disorganized")),
        leader_morale=int(a["leader_morale"]), demoralized_army=_demoralized(ctx, u.side_id),
    )  # fmt: skip


def _cc_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    u = _unit(ctx)
    if out is not None and out.result == "passed":
        return [Put("unit", u.id, "formation", "line")]  # in line to melee at once (IX.7)
    return []


def _cc_summary(ctx: Ctx, out: Outcome | None) -> str:
    u = _unit(ctx)
    ok = out is not None and out.result == "passed"
    return f"{u.name} {'countercharges' if ok else 'does not countercharge'} (IX.7)"


# --------------------------------------------------------------------------- orders
def _obedience_questions(ctx: Ctx) -> list[Question]:
    ld = _leader(ctx)
    return [
        Question("obedience", "Obedience (the counter's back)", "int",
            int(ld.markers.get("obedience", 3)), "XVII.6", minimum=1, maximum=6, derived=True),
        Question("with_army_commander", "The army commander in his hex", "bool", False, "XVII.6"),
    ]  # fmt: skip


def _obedience_situation(ctx: Ctx) -> command.ObedienceSituation:
    a = ctx.answers
    return command.ObedienceSituation(
        obedience=int(a["obedience"]), turn=ctx.state.turn,
        with_army_commander=bool(a["with_army_commander"]),
    )  # fmt: skip


def _obedience_summary(ctx: Ctx, out: Outcome | None) -> str:
    ld = _leader(ctx)
    if out is None:
        return f"{ld.name} receives an order"
    when = out.details.get("in_effect_turn") or out.details.get("delay_check_turn")
    verb = "obeys: in effect turn" if out.result == "obeyed" else "delayed: delay check turn"
    return f"{ld.name} {verb} {when} (XVII.6)"


def _initiative_questions(ctx: Ctx) -> list[Question]:
    ld = _leader(ctx)
    return [
        Question("initiative", "Initiative (the counter's back)", "int",
            int(ld.markers.get("initiative", 3)), "XVII.7", minimum=1, maximum=6, derived=True),
    ]  # fmt: skip


def _initiative_situation(ctx: Ctx) -> command.InitiativeSituation:
    return command.InitiativeSituation(
        initiative=int(ctx.answers["initiative"]), turn=ctx.state.turn
    )


def _initiative_summary(ctx: Ctx, out: Outcome | None) -> str:
    ld = _leader(ctx)
    if out is None:
        return f"{ld.name} takes the initiative"
    word = "changes his tactic" if out.result == "changed" else "fails to change his tactic"
    return f"{ld.name} {word}; his units {out.details['morale_malus']} morale next turn (XVII.7)"


def _no_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    return []


# --------------------------------------------------------------------------- rally
def _rally_questions(ctx: Ctx) -> list[Question]:
    u = _unit(ctx)
    return [
        Question("morale", "Morale (the counter's)", "int", _m(u, "morale", 8), "X.2",
            minimum=2, maximum=12, derived=True),
        _leader_bonus_ask(ctx, u),
        Question("adjacent_enemy", "Next to an enemy (-1)", "bool", False, "X.4"),
    ]  # fmt: skip


def _rally_situation(ctx: Ctx) -> morale.RallySituation:
    u, a = _unit(ctx), ctx.answers
    since = int(_m(u, "disorganized"))
    if not since:
        raise PlayError(f"{u.name} is not disorganized")
    return morale.RallySituation(
        morale=int(a["morale"]), turns_disorganized=ctx.state.turn - since,
        original_steps=int(_m(u, "start", 1)), steps=int(_m(u, "steps", 1)),
        routed=bool(_m(u, "routed", False)), adjacent_enemy=bool(a["adjacent_enemy"]),
        leader_morale=int(a["leader_morale"]), demoralized_army=_demoralized(ctx, u.side_id),
        arm=u.arm,  # type: ignore[arg-type]
    )  # fmt: skip


def _rally_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    u = _unit(ctx)
    if out is not None and out.result == "passed":
        return [Put("unit", u.id, "disorganized", None), Put("unit", u.id, "routed", None)]
    return []


def _rally_summary(ctx: Ctx, out: Outcome | None) -> str:
    u = _unit(ctx)
    word = "rallies" if out is not None and out.result == "passed" else "fails to rally"
    return f"{u.name} {word} (XI)"


# --------------------------------------------------------------------------- leaders
CAUSES = (
    Choice("fire_2_or_3", "2 or 3 steps lost to one fire"),
    Choice("stack_eliminated", "his stack eliminated"),
    Choice("alone_entered", "alone, an enemy enters"),
    Choice("surrounded_lone_survivor", "surrounded, lone survivor (4-6)"),
)


def _leader(ctx: Ctx) -> Any:
    lid = ctx.target.get("leader_id")
    if lid is None:
        raise PlayError("choose a leader")
    return ctx.state.leader(int(lid))


def _casualty_questions(ctx: Ctx) -> list[Question]:
    return [
        Question("cause", "Cause", "choice", "fire_2_or_3", "XIV.5", choices=CAUSES),
        Question("wounds", "Wounds (XVII.1 first level)", "bool", False, "XVII.1"),
    ]


def _casualty_situation(ctx: Ctx) -> leaders.CasualtySituation:
    ld, a = _leader(ctx), ctx.answers
    if ld.markers.get("killed"):
        raise PlayError(f"{ld.name} is already lost")
    return leaders.CasualtySituation(
        causes=[a["cause"]], wounds=bool(a["wounds"]), turn=ctx.state.turn,
        army_commander=bool(ld.markers.get("army_commander", False)),
    )  # fmt: skip


def _casualty_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    ld = _leader(ctx)
    if out is None or out.result == "unhurt":
        return []
    if out.result == "wounded":
        return [Put("leader", ld.id, "wounded_until", int(out.details["returns_turn"]))]
    puts = [Put("leader", ld.id, "killed", True)]
    if ld.markers.get("army_commander"):
        puts.append(Put("side", ld.side_id, "demoralized", True))
    return puts


def _casualty_summary(ctx: Ctx, out: Outcome | None) -> str:
    ld = _leader(ctx)
    return f"{ld.name}: {out.result if out is not None else 'at risk'} (XIV.5)"


# --------------------------------------------------------------------------- army morale
def _side(ctx: Ctx) -> Any:
    sid = ctx.target.get("side_id")
    if sid is None:
        raise PlayError("choose a side")
    return ctx.state.side(int(sid))


def _army_questions(ctx: Ctx) -> list[Question]:
    s = _side(ctx)
    return [
        Question("losses", "Steps lost", "int", int(s.pack_state.get("losses", 0)), "XII",
            derived=True, maximum=999),
        Question("threshold", "Demoralization level (the battle's)", "int",
            int(s.pack_state.get("demoralize_at", 20)), "XII", minimum=1, maximum=999),
    ]  # fmt: skip


def _army_situation(ctx: Ctx) -> command.ArmyMoraleSituation:
    a = ctx.answers
    return command.ArmyMoraleSituation(losses=int(a["losses"]), threshold=int(a["threshold"]))


def _army_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    s = _side(ctx)
    if out is not None and out.result == "demoralized":
        return [Put("side", s.id, "demoralized", True)]
    return []


def _army_summary(ctx: Ctx, out: Outcome | None) -> str:
    s = _side(ctx)
    return f"{possessive(s.name)} army: {out.result if out is not None else 'checked'} (XII)"


# --------------------------------------------------------------------------- the turn
def _next_questions(ctx: Ctx) -> list[Question]:
    return []


def _next_situation(ctx: Ctx) -> None:
    if ctx.state.pack_state.get("pending"):
        raise PlayError("resolve the morale checks due first (VII.9)")


def _next_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    """The next phase; after the rally the other player's turn (II), then a new turn."""
    from eote_ref.packs.vle.pack import TURN

    state = ctx.state
    player = int(state.pack_state.get("round", 1))
    nxt, player_after, new_turn = TURN.after(state.phase or FIRST_PHASE, player)
    gid = state.game_id
    puts = [Put("game", gid, "phase", nxt, column=True)]
    if player_after != player:
        puts.append(Put("game", gid, "round", player_after))
    if new_turn:
        puts.append(Put("game", gid, "round", 1))
        puts.append(Put("game", gid, "turn", state.turn + 1, column=True))
        for u in state.units:
            if u.markers.get("fired"):
                puts.append(Put("unit", u.id, "fired", None))
            if u.markers.get("charged") or u.markers.get("charged_last_turn"):
                puts.append(Put("unit", u.id, "charged_last_turn", u.markers.get("charged")))
                puts.append(Put("unit", u.id, "charged", None))
    return puts


def _next_summary(ctx: Ctx, out: Outcome | None) -> str:
    from eote_ref.packs.vle.pack import TURN

    state = ctx.state
    player = int(state.pack_state.get("round", 1))
    nxt, player_after, new_turn = TURN.after(state.phase or FIRST_PHASE, player)
    turn = state.turn + 1 if new_turn else state.turn
    return f"on to {TURN.heading(turn, nxt, 1 if new_turn else player_after)} (II)"


def checks() -> dict[str, CheckSpec]:
    """Every VlE check of the referee, by key."""
    specs = (
        CheckSpec("morale", "Morale check", "X.2", "morale", "unit", _morale_questions,
                  _morale_situation, _morale_changes, _morale_summary,
                  dice_labels=lambda ctx: {"dice": "two d6 (morale)"}, veiled=_morale_veiled),
        CheckSpec("fire", "Fire on a unit", "VII.3", "fire", "unit", _fire_questions,
                  _fire_situation, _fire_changes, _fire_summary,
                  dice_labels=lambda ctx: {"roll": "fire d6"}, veiled=_fire_veiled),
        CheckSpec("melee", "Melee on a unit", "VIII.8", "melee", "unit", _melee_questions,
                  _melee_situation, _melee_changes, _melee_summary,
                  dice_labels=lambda ctx: {"roll": "melee d6"}, veiled=_melee_veiled),
        CheckSpec("square", "Form square", "IX.6", "square", "unit", _square_questions,
                  _square_situation, _square_changes, _square_summary,
                  dice_labels=lambda ctx: {"dice": "two d6 (morale)"}),
        CheckSpec("countercharge", "Countercharge", "IX.7", "countercharge", "unit",
                  _cc_questions, _cc_situation, _cc_changes, _cc_summary,
                  dice_labels=lambda ctx: {"dice": "two d6 (morale)"}),
        CheckSpec("obedience", "Obedience to a new order", "XVII.6", "obedience", "leader",
                  _obedience_questions, _obedience_situation, _no_changes, _obedience_summary,
                  dice_labels=lambda ctx: {"roll": "obedience d6"}),
        CheckSpec("initiative", "Initiative", "XVII.7", "initiative", "leader",
                  _initiative_questions, _initiative_situation, _no_changes,
                  _initiative_summary, dice_labels=lambda ctx: {"roll": "initiative d6"}),
        # The rally phase: each eligible unit the player chooses checks, one by one (XI.2):
        # several of a side may be rolled in one step, a batch.
        CheckSpec("rally", "Rally", "XI.2", "rally", "unit", _rally_questions, _rally_situation,
                  _rally_changes, _rally_summary,
                  dice_labels=lambda ctx: {"dice": "two d6 (rally)"}, batch=True),
        CheckSpec("leader_casualty", "Leader casualty", "XIV.5", "leader_casualty", "leader",
                  _casualty_questions, _casualty_situation, _casualty_changes,
                  _casualty_summary,
                  dice_labels=lambda ctx: {"roll": "casualty d6", "wound_roll": "wound d6"}),
        CheckSpec("army_morale", "Army morale", "XII", "army_morale", "side", _army_questions,
                  _army_situation, _army_changes, _army_summary),
        CheckSpec("next_phase", "Next phase", "II", None, "game", _next_questions,
                  _next_situation, _next_changes, _next_summary),
    )  # fmt: skip
    return {s.key: s for s in specs}
