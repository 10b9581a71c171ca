"""AVlE's checks' lines under fog of war, for a player who may not see what the fog hides.

The play's fog (``play.FOG``, house) keeps a unit's elements and its passed morale test to
its own side: a check's line read by the other side (or the whole table, with fog on both)
leaves out the figures built on them (a fire's value, its hits and the elements lost, the
elements a rally brings back, a charger's loss) and keeps what the table sees happen: a unit
removed, falling back, a morale test taken. Each is a check's
:attr:`~eote_ref.packs.play.CheckSpec.veiled`. Standard library only.
"""

from __future__ import annotations

from eote_ref.packs.avle.play_state import answer_unit, ctx_unit
from eote_ref.packs.outcome import Outcome
from eote_ref.packs.play import Ctx, Veil, possessive


def combat_veiled(ctx: Ctx, outcome: Outcome | None) -> Veil | None:
    """The fire or shock under fog: no value (both units' elements), no hits or losses.

    The table sees the target removed, fall back and take its morale test (FOG, house).
    """
    assert outcome is not None
    firer, target = ctx_unit(ctx), answer_unit(ctx, "target_unit")
    d = outcome.details
    verb = "shocks" if outcome.procedure == "shock" else "fires on"
    seen: list[str] = []
    if d.get("eliminated"):
        seen.append("eliminated")
    else:
        if d.get("retreat"):
            seen.append(f"{d['retreat']} hex(es) back")
        if d.get("morale_test_due"):
            seen.append("morale test")
    words = f"{firer.name} {verb} {target.name}" + (f": {', '.join(seen)}" if seen else "")
    return Veil(words, (firer.side_id, target.side_id))


#: A reaction's results that name the charger's loss, as a player reads them under fog.
_REACTION_VEILED = {"stopped_with_loss": "stopped", "loss_then_shock": "the shock follows"}


def reaction_veiled(ctx: Ctx, outcome: Outcome | None) -> Veil | None:
    """The charger's elements lost left out (FOG, house): its side's fog covers the line."""
    if outcome is None or outcome.result not in _REACTION_VEILED:
        return None
    unit, charger = ctx_unit(ctx), answer_unit(ctx, "charger")
    words = _REACTION_VEILED[outcome.result]
    return Veil(
        f"{unit.name} reacts to {possessive(charger.name)} charge (9.3): {words}",
        (charger.side_id,),
    )


def rally_veiled(ctx: Ctx, outcome: Outcome | None) -> Veil | None:
    """The elements back left out (FOG, house): the table sees the roll, not its count."""
    if outcome is None or outcome.result == "not_allowed":
        return None
    return Veil(f"{ctx_unit(ctx).name} tries to rally (12.0)")


def morale_veiled(ctx: Ctx, outcome: Outcome | None) -> Veil | None:
    """A unit that holds keeps its last element and its passed test to its side (FOG, house).

    The table sees the test taken; a unit removed is seen gone, and read whole.
    """
    if outcome is None or outcome.result != "holds":
        return None
    return Veil(f"{ctx_unit(ctx).name} takes its morale test (15.0)")
