"""A unit withdrawn from the battle after its passed morale test (AVlE 15.0).

With the optional morale rule a unit that passes its test stays on its last element
(marker ``passed_morale``); once activated again (an order this round, 5.1) it may be
withdrawn. The check writes the unit ``withdrawn``: off the map from then on, and counted
among its side's units lost for victory only as option ``withdrawn_units`` says (4.2; the
victory check reads the marker). The withdrawal is the unit's activation: refused once it
has fired or reacted this round, and while a check on it is still due (a reaction to a
charge declared on it, 9.3), which is settled first. No dice. Standard library only.
"""

from __future__ import annotations

from typing import Any

from eote_ref.packs.avle.play_state import (
    ctx_unit,
    general_with,
    on_map,
    refuse_if_over,
    spec,
    withdrawn_by_nation,
)
from eote_ref.packs.outcome import Outcome
from eote_ref.packs.play import CheckSpec, Ctx, PlayError, Put


def _situation(ctx: Ctx) -> None:
    state, unit = ctx.state, ctx_unit(ctx)
    refuse_if_over(state)
    if not ctx.rules.opt("morale_rule"):
        raise PlayError(
            "the optional morale rule is not in play (15.0): no unit passes a test to be "
            "withdrawn after"
        )
    if not on_map(state, unit):
        raise PlayError(f"{unit.name} is not on the map")
    if not unit.markers.get("passed_morale"):
        raise PlayError(
            f"only a unit that passed its morale test may be withdrawn, and {unit.name} has "
            "not (or has rallied since) (15.0)"
        )
    if not unit.markers.get("ordered"):
        raise PlayError(
            f"{unit.name} has no order this round: a unit is withdrawn when activated (15.0)"
        )
    # 15.0 makes the withdrawal what the unit does with its activation: not once that is
    # spent on its one fire (7.0.1), nor after a reaction, which ends its round (9.3). A
    # retreat was done to it, and leaves its fire (10.1 D), so it leaves the withdrawal.
    if unit.markers.get("fired"):
        raise PlayError(
            f"{unit.name} has fired this round: its activation is spent, and a withdrawal "
            "is one (7.0.1, 15.0)"
        )
    if unit.markers.get("reacted"):
        raise PlayError(f"{unit.name} reacted to a charge: nothing more this round (9.3, 15.0)")
    # A check still due on it (a reaction to a charge declared, a morale test) belongs to
    # the turn under way and is settled first: the withdrawal may not take the unit out of
    # a charge declared on it (9.3), and the round could not end with it due (4.2).
    due = [
        p["label"]
        for p in ctx.state.pack_state.get("pending") or []
        if p.get("target", {}).get("unit_id") == unit.id
    ]
    if due:
        raise PlayError(
            f"{unit.name} may not be withdrawn while a check on it is due: " + "; ".join(due)
        )


def _changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    unit = ctx_unit(ctx)
    puts = [Put("unit", unit.id, "withdrawn", True)]
    if general_with(ctx.state, unit) is not None:  # he stays in the battle, alone (6.3.1)
        puts.append(Put("unit", unit.id, "attached_leader_id", None, column=True))
    return puts


def _summary(ctx: Ctx, outcome: Outcome | None) -> str:
    return f"{ctx_unit(ctx).name} is withdrawn from the battle (15.0)"


def withdrawn_line(ctx: Ctx, name: str, side: dict[str, Any]) -> str | None:
    """The victory reading's line of ``name``'s units withdrawn and not counted (15.0).

    ``side`` is its report in the victory outcome; None when option withdrawn_units counts
    them (the line of its losses says so) or none is withdrawn.
    """
    if "withdrawn" in side.get("counted", {}):
        return None
    mine = next(s for s in ctx.state.sides if s.name == name)
    n = sum(withdrawn_by_nation(ctx.state, mine).values())
    if not n:
        return None
    note = ctx.rules.option_note("withdrawn_units")
    return f"{name} has withdrawn {n} unit(s), not counted as lost (15.0; {note})"


def checks() -> list[CheckSpec]:
    """The withdrawal of a unit that passed its morale test (15.0)."""
    return [
        spec("withdraw", "Withdraw", "15.0", None, "unit",
             lambda c: [], _situation, _changes, _summary),
    ]  # fmt: skip
