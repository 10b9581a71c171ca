"""VlE's command checks in the referee: orders, a leader's casualty, army morale, the turn.

Obedience (XVII.6), initiative (XVII.7), a leader's casualty (XIV.5, XVII.1), army morale
(XII) and the next phase (II); :mod:`.play_checks` lists them with the units' checks.
Standard library only.
"""

from __future__ import annotations

from typing import Any

from eote_ref.packs.outcome import Outcome
from eote_ref.packs.play import Ctx, PlayError, Put, UnitState, possessive
from eote_ref.packs.questions import Choice, Question
from eote_ref.packs.vle import command, leaders
from eote_ref.packs.vle.play_countercharge import CC_FORMATION, cc_restored

FIRST_PHASE = "charges"


def _given(ctx: Ctx, key: str, default: Any) -> Any:
    """What the check that called for this one knew (a melee's direction), else ``default``."""
    return dict(ctx.target.get("given") or {}).get(key, default)


def _unit(ctx: Ctx) -> UnitState:
    uid = ctx.target.get("unit_id")
    if uid is None:
        raise PlayError("choose a unit")
    return ctx.state.unit(int(uid))


def _m(u: UnitState, key: str, default: Any = 0) -> Any:
    return u.markers.get(key, default)


def _leaders_of(ctx: Ctx, side_id: int) -> list[Choice]:
    """The side's leaders on the field (not killed, not away wounded, XVII.1)."""
    return [
        Choice(ld.id, ld.name) for ld in ctx.state.leaders
        if ld.side_id == side_id and not ld.markers.get("killed")
        and int(ld.markers.get("wounded_until", 0)) <= ctx.state.turn
    ]  # fmt: skip


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


def _initiative_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    """His command's morale malus on the next turn only: 1 after a success, 2 else (XVII.7)."""
    if out is None:
        return []
    ld = _leader(ctx)
    malus = -int(out.details["morale_malus"])
    return [Put("leader", ld.id, "initiative_turn", int(out.details["malus_turn"])),
            Put("leader", ld.id, "initiative_malus", malus)]  # fmt: skip


def _no_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    return []


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


def at_risk(ctx: Ctx, leader_id: int, causes: list[str], lost: int) -> dict[str, Any]:
    """The due entry of a leader's casualty roll for one event meeting ``causes`` (XIV.5).

    ``lost`` is the steps the event took; with two causes the option
    ``leader_casualty_multiple_causes`` says one roll or one per cause.
    """
    ld = ctx.state.leader(leader_id)
    given: dict[str, Any] = {"cause": causes[0], "fire_steps_lost": lost}
    if len(causes) > 1:
        given["also"] = causes[1]
    steps = f"{lost} step{'' if lost == 1 else 's'}"
    said = {"fire_2_or_3": f"{steps} lost to fire", "stack_eliminated": "his stack eliminated"}
    label = f"{ld.name}: casualty roll, " + " and ".join(said.get(c, c) for c in causes)
    return {"check": "leader_casualty", "label": label, "rule": "XIV.5",
            "target": {"leader_id": ld.id, "given": given}}  # fmt: skip


def _casualty_questions(ctx: Ctx) -> list[Question]:
    return [
        Question(
            "cause", "Cause", "choice", _given(ctx, "cause", "fire_2_or_3"), "XIV.5", choices=CAUSES
        ),
        Question("also", "A second cause of the same event", "choice", _given(ctx, "also", "none"),
            "XIV.5", choices=(Choice("none", "none"), *CAUSES),
            help="one roll or one per cause: the option leader_casualty_multiple_causes"),
        Question("wounds", "Wounds (XVII.1 first level)", "bool", False, "XVII.1"),
    ]  # fmt: skip


def _casualty_situation(ctx: Ctx) -> leaders.CasualtySituation:
    ld, a = _leader(ctx), ctx.answers
    if ld.markers.get("killed"):
        raise PlayError(f"{ld.name} is already lost")
    causes = [a["cause"], *([a["also"]] if a.get("also", "none") != "none" else [])]
    lost = _given(ctx, "fire_steps_lost", None)
    return leaders.CasualtySituation(
        causes=causes, wounds=bool(a["wounds"]), turn=ctx.state.turn,
        army_commander=bool(ld.markers.get("army_commander", False)),
        fire_steps_lost=None if lost is None else int(lost),
    )  # fmt: skip


def _casualty_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    ld = _leader(ctx)
    pending = list(ctx.state.pack_state.get("pending") or [])
    left = [p for p in pending if p.get("target", {}).get("leader_id") != ld.id]
    puts = [Put("game", ctx.state.game_id, "pending", left)] if left != pending else []
    if out is None or out.result == "unhurt":
        return puts
    if out.result == "wounded":
        puts.append(Put("leader", ld.id, "wounded_until", int(out.details["returns_turn"])))
    else:
        puts.append(Put("leader", ld.id, "killed", True))
    # A wounded leader was eliminated first (XVII.1 rolls after it): the army is demoralized.
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
    # A countercharge's melee comes at once (IX.7): none by the phase's end, it is over.
    puts += cc_restored([u for u in state.units if CC_FORMATION in u.markers])
    if player_after != player or new_turn:
        puts.append(Put("game", gid, "round", 1 if new_turn else player_after))
    if new_turn:
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
