"""VlE's artillery losses check in the referee: a battery fired on by artillery (XVI.2).

The fire check (:mod:`.play_checks`) makes it due with what the fire knew: the Fire Table's
steps, whether the fire called for a morale check (none in a town or castle, VII.3, or on a
unit retreating, X.1) and the leader with the battery (XIV.5). Standard library only.
"""

from __future__ import annotations

from typing import Any

from eote_ref.packs.outcome import Outcome
from eote_ref.packs.play import Ctx, PlayError, Put, Veil
from eote_ref.packs.questions import Choice, Question
from eote_ref.packs.vle import combat
from eote_ref.packs.vle.play_command import _given, _leaders_of, _m, _unit, at_risk
from eote_ref.packs.vle.play_veils import seen, veiled


def _infantry_below(ctx: Ctx) -> tuple[Choice, ...]:
    u = _unit(ctx)
    return tuple(
        Choice(x.id, x.name) for x in ctx.state.units
        if x.side_id == u.side_id and x.arm == "infantry" and not _m(x, "eliminated", False)
        and not _m(x, "straggler", False)
    )  # fmt: skip


def _artillery_questions(ctx: Ctx) -> list[Question]:
    u = _unit(ctx)
    named = int(_given(ctx, "infantry_below", 0))  # by the fire, as the unit below (VII.9)
    asks = [
        Question("steps", "Steps the Fire Table took", "int", _given(ctx, "steps", 1), "XVI.2",
            minimum=1, maximum=3, derived=True),
        Question("stacked_on_infantry", "The battery is on top of infantry", "bool",
            bool(named), "XVI.2",
            help="only the first step is the battery's; the rest fall on the infantry"),
        Question("half_loss_marked", "Half a step already marked", "bool",
            bool(_m(u, "half_loss", False)), "XVI.2", derived=True),
        Question("morale_check", "The fire called for a morale check", "bool",
            bool(_given(ctx, "morale_check", True)), "XVI.2",
            help="none in a town or castle (VII.3) or while retreating (X.1)"),
        Question("leader_with_target", "A leader with the battery", "choice",
            int(_given(ctx, "leader_id", 0)), "XIV.5",
            help="he rolls for his life if 2 or 3 steps are lost or the stack goes (XIV.5)",
            choices=(Choice(0, "none"), *_leaders_of(ctx, u.side_id))),
    ]  # fmt: skip
    if ctx.answers.get("stacked_on_infantry", bool(named)):  # before any answer: the default
        asks.append(Question("infantry_below", "The infantry below", "choice", named, "XVI.2",
            help="it takes the steps after the first as full steps, and checks morale "
            "if the battery goes (VII.9)",
            choices=(Choice(0, "none"), *_infantry_below(ctx))))  # fmt: skip
    return asks


def _artillery_situation(ctx: Ctx) -> combat.ArtilleryLossSituation:
    a = ctx.answers
    steps, stacked = int(a["steps"]), bool(a["stacked_on_infantry"])
    if stacked and steps > 1 and not int(a.get("infantry_below") or 0):
        raise PlayError(f"name the infantry below: it takes the other {steps - 1} step(s) (XVI.2)")
    return combat.ArtilleryLossSituation(
        steps=steps, stacked_on_infantry=stacked, half_loss_marked=bool(a["half_loss_marked"]),
    )  # fmt: skip


def _lose(u: Any, lost: int) -> tuple[int, list[Put]]:
    """``u``'s steps after losing ``lost``, and the puts: steps, eliminated at 0."""
    steps = int(_m(u, "steps", 1))
    left = max(0, steps - lost)
    puts = [Put("unit", u.id, "steps", left)]
    if left == 0:
        puts.append(Put("unit", u.id, "eliminated", True))
    return steps - left, puts


def _artillery_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    """The battery's steps (half step), the infantry's below, the leader's roll, the check.

    The leader rolls (XIV.5, before any check) for 2 or 3 steps, read on the Fire Table or as
    actually lost (the option ``leader_casualty_basis``), or for his stack eliminated. The
    battery checks morale only if the fire called for a check (XVI.2, VII.3, X.1); the
    infantry below does if the battery is gone (VII.9).
    """
    u, a = _unit(ctx), ctx.answers
    pending = list(ctx.state.pack_state.get("pending") or [])
    pending = [p for p in pending if p.get("target", {}).get("unit_id") != u.id
               or p.get("check") != "artillery_losses"]  # fmt: skip
    puts: list[Put] = []
    if out is not None:
        if "half_loss_marked" in out.details:
            puts.append(Put("unit", u.id, "half_loss", out.details["half_loss_marked"] or None))
        taken, lost_puts = _lose(u, int(out.details.get("battery_steps", 0)))
        puts += lost_puts if taken else []
        gone = any(p.key == "eliminated" for p in puts)
        rest, below = int(out.details.get("infantry_steps", 0)), int(a.get("infantry_below") or 0)
        # Named, the infantry below checks if the battery goes (VII.9), steps taken or not.
        infantry, below_gone = (ctx.state.unit(below) if below else None), False
        if rest and infantry is not None:
            more, more_puts = _lose(infantry, rest)
            taken += more
            puts += more_puts
            below_gone = any(p.key == "eliminated" and p.row_id == below for p in puts)
        if taken:
            side = ctx.state.side(u.side_id)
            losses = int(side.pack_state.get("losses", 0)) + taken
            puts.append(Put("side", side.id, "losses", losses))
        basis = taken if ctx.rules.opt("leader_casualty_basis") == "steps_actually_lost" else None
        causes = ["fire_2_or_3"] if (int(a["steps"]) if basis is None else basis) >= 2 else []
        if gone and (not a["stacked_on_infantry"] or below_gone):
            causes.append("stack_eliminated")
        leader = int(a.get("leader_with_target") or 0)
        if leader and causes:
            pending.append(at_risk(ctx, leader, causes, taken))
        checker = u if not gone else infantry if infantry is not None and not below_gone else None
        if a["morale_check"] and checker is not None:
            target: dict[str, Any] = {"unit_id": checker.id}
            if _given(ctx, "morale_given", None):
                target["given"] = dict(_given(ctx, "morale_given", {}))
            pending.append({"check": "morale", "label": f"{checker.name}: morale check after "
                            "fire", "rule": "XVI.2", "target": target})  # fmt: skip
    return [*puts, Put("game", ctx.state.game_id, "pending", pending)]


def _artillery_summary(ctx: Ctx, out: Outcome | None) -> str:
    u = _unit(ctx)
    if out is None:
        return f"{u.name}: losses to artillery fire"
    lost = out.details.get("battery_steps", 0)
    rest = out.details.get("infantry_steps", 0)
    below = int(ctx.answers.get("infantry_below") or 0)
    on = ctx.state.unit(below).name if below else "the infantry below"
    more = f", {rest} on {on}" if rest else ""
    return f"{u.name}: {lost} step(s) lost to artillery fire{more} (XVI.2)"


def _artillery_veiled(ctx: Ctx, out: Outcome | None) -> Veil | None:
    """The battery's losses without the steps it lost: a unit removed, a check that follows."""
    if out is None:
        return None
    shown = seen(ctx, _artillery_changes(ctx, out))
    return veiled(f"{_unit(ctx).name}: losses to artillery fire", shown, "XVI.2")
