"""The AVlE charge and the reactions to it (9.3): declared, then reacted to before the shock.

A charge declared names the unit charged and makes its reaction due; the reaction rolls the
white dice (9.3, 1.2): a battery's automatic hit, a counter-charge (both shock, at once) or
a square. Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from eote_ref.packs.avle import reaction as reaction_mod
from eote_ref.packs.avle.play_state import (
    TERRAINS,
    answer_unit,
    ctx_unit,
    enemies_on_map,
    general_with,
    lost_unit,
    on_map,
    pending_put,
    spec,
    unit_choices,
)
from eote_ref.packs.avle.play_veils import reaction_veiled
from eote_ref.packs.outcome import Outcome
from eote_ref.packs.play import CheckSpec, Ctx, PlayError, Put, UnitState, possessive
from eote_ref.packs.questions import Choice, Question


# ----------------------------------------------------------------------------- the charge (9.3)
def reaction_due(state: Any, unit: UnitState) -> dict[str, Any] | None:
    """The reaction due for ``unit`` (a charge declared against it, 9.3), if any."""
    for p in state.pack_state.get("pending") or []:
        if p["check"] == "reaction" and p["target"].get("unit_id") == unit.id:
            return dict(p)
    return None


#: The game's record of the charges declared this round: ``[[charger id, charged id], ...]``
#: (9.3), read by the shock that follows; cleared with the round.
CHARGES = "charges"


def charged_by(state: Any, charger: UnitState) -> int | None:
    """The unit ``charger`` declared a charge on this round (9.3), if any."""
    for pair in state.pack_state.get(CHARGES) or []:
        if pair[0] == charger.id:
            return int(pair[1])
    return None


#: The units that have made their shock of a counter-charge this round (9.3): its one
#: combat, so a second shock by the same unit is refused (7.0.1); cleared with the round.
COUNTER_SHOCKS = "counter_shocks"


def counter_charging(state: Any, one: UnitState, other: UnitState) -> bool:
    """Whether ``one`` and ``other`` charged each other this round: a counter-charge (9.3)."""
    pairs = state.pack_state.get(CHARGES) or []
    return [one.id, other.id] in pairs and [other.id, one.id] in pairs


def counter_shock_due(state: Any, unit: UnitState, other: UnitState) -> bool:
    """Whether ``unit`` still has its shock of a counter-charge with ``other`` to make (9.3)."""
    done = state.pack_state.get(COUNTER_SHOCKS) or []
    return counter_charging(state, unit, other) and unit.id not in done


def _charge_questions(ctx: Ctx) -> list[Question]:
    enemies = enemies_on_map(ctx, ctx_unit(ctx))
    return [
        Question("target_unit", "the unit charged", "choice", enemies[0].id if enemies else None,
            "9.3", choices=unit_choices(ctx.state, enemies, ctx.rules)),
        Question("may_react", "the charge starts or passes through a hex of the charged unit's "
            "frontal arc not adjacent to it (it may react)", "bool", True, "9.3",
            "a charge from an adjacent hex, or only through the flank or rear, allows no "
            "reaction"),
    ]  # fmt: skip


def _charge_situation(ctx: Ctx) -> None:
    state, charger = ctx.state, ctx_unit(ctx)
    target = answer_unit(ctx, "target_unit")
    if charger.arm != "cavalry":
        raise PlayError("only cavalry charges (7.3, 9.3)")
    if target.side_id == charger.side_id:
        raise PlayError(f"{target.name} is a friendly unit")
    for u in (charger, target):
        if not on_map(state, u):
            raise PlayError(f"{u.name} is not on the map")
    if not charger.markers.get("ordered"):
        raise PlayError(f"{charger.name} has no order this round: only ordered units charge (5.1)")
    if charger.markers.get("fired") or charger.markers.get("reacted"):
        raise PlayError(f"{charger.name} has fought or reacted this round already (7.0.1, 9.3)")
    if reaction_due(state, target) is not None:
        raise PlayError(f"a reaction of {target.name} is due already (9.3)")


def _charge_reacts(ctx: Ctx) -> bool:
    """Whether the charged unit may still react (9.3): not once it has reacted this round.

    Nor a battery or cavalry that passed its morale test, under passed_morale_fire=no_fire:
    it fights at 0 until rallied, and its reactions are fights (15.0).
    """
    target = answer_unit(ctx, "target_unit")
    at_zero = (
        target.arm in ("artillery", "cavalry")
        and bool(target.markers.get("passed_morale"))
        and ctx.rules.opt("passed_morale_fire") == "no_fire"
    )
    return bool(ctx.answers.get("may_react")) and not target.markers.get("reacted") and not at_zero


def _charge_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    charger, target = ctx_unit(ctx), answer_unit(ctx, "target_unit")
    pairs = [p for p in ctx.state.pack_state.get(CHARGES) or [] if p[0] != charger.id]
    declared = Put("game", ctx.state.game_id, CHARGES, [*pairs, [charger.id, target.id]])
    if not _charge_reacts(ctx):
        return [declared]
    item = {"check": "reaction", "rule": "9.3", "target": {"unit_id": target.id},
            "label": f"{target.name}: may react to {possessive(charger.name)} charge, before the "
                     "shock (9.3)",
            "charger": charger.id}  # fmt: skip
    return [declared, pending_put(ctx.state, None, [item])]


def _charge_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    charger, target = ctx_unit(ctx), answer_unit(ctx, "target_unit")
    then = (
        f"{target.name} may react first (9.3)"
        if _charge_reacts(ctx)
        else "no reaction possible (9.3): the shock follows"
    )
    return f"{charger.name} charges {target.name}: {then}"


# ----------------------------------------------------------------------------- reaction (9.3)
def _reaction_questions(ctx: Ctx) -> list[Question]:
    state, unit = ctx.state, ctx_unit(ctx)
    cavalry = [u for u in enemies_on_map(ctx, unit) if u.arm == "cavalry"]
    due = reaction_due(state, unit)
    if due is not None and due.get("charger") in {u.id for u in cavalry}:
        cavalry.sort(key=lambda u: u.id != due["charger"])  # the charger declared first
    cid = ctx.answers.get("charger", cavalry[0].id if cavalry else None)
    charger = state.unit(int(cid)) if cid is not None else None
    # The charge declared answered where it came from (9.3): it may react, so it started
    # or passed through a non-adjacent hex of the frontal arc; asked only without one.
    declared = due is not None and cid == due.get("charger")
    asked = (
        []
        if declared
        else [
            Question("charge_from_adjacent", "the charge started adjacent", "bool", False, "9.3"),
            Question("through_front", "the charge crossed the frontal arc", "bool", True, "9.3"),
        ]
    )
    return [
        Question("charger", "the charging cavalry", "choice", cavalry[0].id if cavalry else None,
            "9.3", choices=unit_choices(state, cavalry, ctx.rules)),
        Question("empty_hexes", "empty hexes between them at the start, in sight", "int", 1, "9.3",
            maximum=10),
        *asked,
        Question("terrain", "the reacting unit's hex", "choice", "open", "6.0",
            choices=tuple(Choice(t, t) for t in TERRAINS)),
        Question("charger_elements", "the charger's elements", "int",
            int(charger.markers.get("elements", 3)) if charger else 3, "9.3", minimum=1,
            maximum=3, derived=True),
    ]  # fmt: skip


def _reaction_situation(ctx: Ctx) -> reaction_mod.ReactionSituation:
    state, unit = ctx.state, ctx_unit(ctx)
    charger = answer_unit(ctx, "charger")
    if charger.arm != "cavalry" or charger.side_id == unit.side_id:
        raise PlayError(f"{charger.name} is no enemy cavalry")
    if not on_map(state, unit):
        raise PlayError(f"{unit.name} is not on the map")
    if unit.markers.get("reacted"):
        raise PlayError(f"{unit.name} has reacted this round already (9.3)")
    a = ctx.answers
    due = reaction_due(state, unit)
    declared = due is not None and charger.id == due.get("charger")
    nation = unit.markers.get("flag") or state.side(unit.side_id).pack_state["flag"]
    # The other flags of the unit's side (Waterloo's English and Prussians): the option
    # allied_flags=any_allied_flag counts them too (9.3, notes 17).
    allies = sorted(
        {str(u.markers.get("flag")) for u in state.units_of(unit.side_id) if u.markers.get("flag")}
        - {nation}
    )
    return reaction_mod.ReactionSituation(
        reacting=unit.type,
        nation=nation,
        allies=allies,  # type: ignore[arg-type]
        empty_hexes=int(a["empty_hexes"]),
        # As the charge declared them when it did (9.3): not adjacent, through the front.
        charge_from_adjacent=bool(a.get("charge_from_adjacent", False)) and not declared,
        through_front=bool(a.get("through_front", True)) or declared,
        terrain=a["terrain"],
        charger_elements=int(a["charger_elements"]),
        charger_passed_morale=bool(charger.markers.get("passed_morale")),
        # 15.0: fighting at 0 until rallied, a battery or cavalry makes no reaction under
        # passed_morale_fire=no_fire; the reaction due is settled so the shock may follow.
        reacting_passed_morale=bool(unit.markers.get("passed_morale")),
    )


def _reaction_reading(ctx: Ctx, outcome: Outcome) -> list[str]:
    """The white dice a reaction rolls and the flag it needs, for its figure (9.3, 1.2)."""
    n, flags = outcome.details.get("dice"), outcome.details.get("flags")
    if n is None or not flags:
        return []  # no reaction allowed: the wizard says why
    dice = "1 white die" if n == 1 else f"{n} white dice"
    words = " or ".join(str(f).capitalize() for f in flags)
    faces = f"{2 * len(flags)} faces of 6"
    needs = (
        f"it succeeds on a {words} flag ({faces}, 1.2)"
        if n == 1
        else f"it succeeds on any {words} flag among them ({faces} on each die, 1.2)"
    )
    return [f"{dice}, one an empty hex in sight at the charge's start (9.3)", needs]


def _reaction_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    assert outcome is not None
    unit, charger = ctx_unit(ctx), answer_unit(ctx, "charger")
    puts: list[Put] = []
    if outcome.details.get("success"):
        puts.append(Put("unit", unit.id, "reacted", True))
    if outcome.result == "square":
        puts.append(Put("unit", unit.id, "formation", "square"))
    if outcome.result in ("stopped", "stopped_with_loss"):  # halts adjacent, no shock (9.3)
        puts.append(Put("unit", charger.id, "stopped", True))
    if outcome.result == "counter_charge":  # each shocks the other, at once (9.3)
        pairs = [p for p in ctx.state.pack_state.get(CHARGES) or [] if p[0] != unit.id]
        puts.append(Put("game", ctx.state.game_id, CHARGES, [*pairs, [unit.id, charger.id]]))
    add: list[dict[str, Any]] = []
    loss = int(outcome.details.get("charger_losses") or 0)
    if outcome.result == "charger_morale_test":
        # 15.0: at its third loss the cavalry tests instead of going; it stands on its last
        # element until then, as a unit fired on does (``_losses``).
        puts.append(Put("unit", charger.id, "elements", 1))
        add.append({"check": "morale", "label": f"{charger.name}: morale test (15.0)",
                    "rule": "15.0", "target": {"unit_id": charger.id}})  # fmt: skip
    elif loss:
        left = int(ctx.answers["charger_elements"]) - loss
        if left <= 0:
            lost_unit(ctx.state, charger, puts)
        else:
            puts.append(Put("unit", charger.id, "elements", left))
    general = general_with(ctx.state, charger) if loss else None
    if general is not None:  # 9.4: a loss puts the General with the charger at risk
        g = ctx.state.leader(general)
        add.append({"check": "general_hit",
                    "label": f"{g.name}: is he hit? ({loss} lost, 9.4)",
                    "rule": "9.4", "target": {"leader_id": g.id}, "losses": loss,
                    # a cavalry unit with its General may ignore a retreat (7.3.17)
                    "may_ignore_retreat": True})  # fmt: skip
    due = reaction_due(ctx.state, unit)
    if due is not None or add:  # the reaction the charge called for, resolved (9.3)
        puts.append(pending_put(ctx.state, due, add))
    return puts


def _reaction_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    unit, charger = ctx_unit(ctx), answer_unit(ctx, "charger")
    words = outcome.result.replace("_", " ")
    if outcome.result == "counter_charge":
        words += ": both shock, at once"
    return f"{unit.name} reacts to {possessive(charger.name)} charge (9.3): {words}"


def _reaction_dice(ctx: Ctx) -> Mapping[str, str]:
    return {"reaction_dice": "white dice, one an empty hex (9.3)",
            "effect_roll": "d6 on the 1-hit column (9.3)"}  # fmt: skip


def checks() -> list[CheckSpec]:
    """The charge declared and the reaction to it (9.3)."""
    return [
        spec("charge", "Charge declared", "9.3", None, "unit",
             _charge_questions, _charge_situation, _charge_changes, _charge_summary),
        spec("reaction", "Reaction to a charge", "9.3", "reaction", "unit",
             _reaction_questions, _reaction_situation, _reaction_changes, _reaction_summary,
             _reaction_dice, reading=_reaction_reading, veiled=reaction_veiled),
    ]  # fmt: skip
