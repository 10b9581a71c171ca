"""The AVlE checks of combat: fire, shock, Generals, rally and morale.

Fire and shock (9.0-9.2; the charge and its reactions, 9.3, are :mod:`.play_charge`'s),
Generals hit and captured (9.4), rally (12.0), the optional morale test (15.0) and the
pursuit (9.1.3). Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from eote_ref.packs.avle import fire as fire_mod
from eote_ref.packs.avle import generals as generals_mod
from eote_ref.packs.avle import play_charge as charge_mod
from eote_ref.packs.avle import rally as rally_mod
from eote_ref.packs.avle.play_charge import (
    COUNTER_SHOCKS,
    charged_by,
    counter_charging,
    counter_shock_due,
    reaction_due,
)
from eote_ref.packs.avle.play_state import (
    TERRAINS,
    answer_unit,
    ctx_unit,
    enemies_on_map,
    general_present,
    general_with,
    lost_unit,
    matching_pending,
    on_map,
    pending_put,
    spec,
    unit_choices,
)
from eote_ref.packs.avle.play_veils import (
    combat_veiled,
    morale_veiled,
    rally_veiled,
)
from eote_ref.packs.outcome import Outcome
from eote_ref.packs.play import CheckSpec, Ctx, PlayError, Put, UnitState
from eote_ref.packs.questions import Choice, Question


# ----------------------------------------------------------------------------- fire and shock
def _combat_questions(ctx: Ctx, shock: bool) -> list[Question]:
    state, firer = ctx.state, ctx_unit(ctx)
    enemies = enemies_on_map(ctx, firer)
    charged = charged_by(state, firer) if shock else None
    if charged is not None:  # the shock of a charge declared falls on the unit charged (9.3)
        enemies.sort(key=lambda u: u.id != charged)
    tid = ctx.answers.get("target_unit", enemies[0].id if enemies else None)
    target = state.unit(int(tid)) if tid is not None else None
    side = state.side(firer.side_id)
    qs = [
        Question(
            "target_unit",
            "target",
            "choice",
            enemies[0].id if enemies else None,
            "7.1",
            # The unit a charge declared settled (9.3): read from the game, to confirm.
            derived=charged is not None,
            choices=unit_choices(state, enemies, ctx.rules),
        ),  # fmt: skip
    ]
    if not shock:
        # 7.3: artillery on a hill reaches one hex more than the sheet (heavy: 6).
        qs.append(Question("hexes", "range in hexes", "int", 1, "7.3", minimum=1, maximum=6))
    qs += [
        Question(
            "firer_terrain",
            "the firer's own hex",
            "choice",
            "open",
            "9.2",
            choices=tuple(Choice(t, t) for t in TERRAINS),
        ),  # fmt: skip
        Question(
            "target_terrain",
            "the target's hex",
            "choice",
            "open",
            "8.0",
            choices=tuple(Choice(t, t) for t in TERRAINS),
        ),  # fmt: skip
        Question(
            "aspect",
            "fired on through its",
            "choice",
            "front",
            "9.2",
            choices=tuple(Choice(d, d) for d in ("front", "flank", "rear")),
        ),  # fmt: skip
        Question("moved", "hexes the firer moved first", "int", 0, "6.0", maximum=4),
        # 6.0 Roads: a move made only along a road goes 1 hex further, fire or shock after.
        Question("on_road", "that move was along a road all the way", "bool", False, "6.0"),
        Question(
            "retreat_blocked",
            "hexes of retreat the target cannot take",
            "int",
            0,
            "10.1",
            maximum=2,
        ),  # fmt: skip
        Question(
            "target_formation",
            "the target's formation",
            "choice",
            (target.markers.get("formation") or "combat") if target else "combat",
            "6.0",
            choices=(Choice("combat", "combat"), Choice("square", "square")),
            derived=True,
        ),  # fmt: skip
        Question(
            "general_attached",
            "a General with the firer",
            "bool",
            general_with(state, firer) is not None,
            "7.3.11",
            derived=True,
        ),  # fmt: skip
        Question(
            "target_general_attached",
            "a General with the target",
            "bool",
            target is not None and general_with(state, target) is not None,
            "9.4",
            derived=True,
        ),  # fmt: skip
        Question(
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
            Question(
                "orchards_crossed",
                "orchard hexes the line of fire crosses (between the two)",
                "int",
                0,
                "8.2",
                maximum=5,
            ),  # fmt: skip
            Question(
                "firer_elements",
                "the firer's elements",
                "int",
                int(firer.markers.get("elements", 1)),
                "7.3",
                minimum=1,
                maximum=4,
                derived=True,
            ),  # fmt: skip
            Question(
                "bombardment",
                "under a bombardment card",
                "bool",
                side.pack_state.get("card") == "bombardment" and firer.arm == "artillery",
                "3.2",
                derived=True,
            ),  # fmt: skip
            Question(
                "target_already_fired_on",
                "the target was fired on already this round",
                "bool",
                bool(target and target.markers.get("fired_on")),
                "10.1 H",
                derived=True,
            ),  # fmt: skip
        ]
    elif target is not None and _may_ignore_retreat(ctx, target):
        # 9.1.3: the charger tests for pursuit only if the target leaves its hex; a unit that
        # may ignore a retreat (10.1 E, 7.3.17) chooses whether it does.
        qs.append(
            Question("target_stays", "the target ignores any retreat it may ignore (it holds its "
                "hex: no pursuit)", "bool", True, "10.1 E",
                "a square, infantry in buildings or a unit with a General may stay put; the "
                "charger tests for pursuit only if its target leaves the hex (9.1.3)")
        )  # fmt: skip
    return qs


def _may_ignore_retreat(ctx: Ctx, target: UnitState) -> bool:
    """Whether the answers make ``target`` a unit that may ignore a retreat (10.1 E, 7.3.17)."""
    a = ctx.answers
    square = a.get("target_formation", target.markers.get("formation")) == "square"
    general = a.get("target_general_attached", general_with(ctx.state, target) is not None)
    if target.arm == "infantry" and (square or a.get("target_terrain") in fire_mod.BUILDINGS):
        return True
    return bool(general) and target.arm in ("infantry", "cavalry")


def _combat_situation(ctx: Ctx, shock: bool) -> fire_mod.CombatSituation:
    state, firer = ctx.state, ctx_unit(ctx)
    target = answer_unit(ctx, "target_unit")
    if target.side_id == firer.side_id:
        raise PlayError(f"{target.name} is a friendly unit")
    # A counter-charge (9.3) is one combat of both at once: each shocks the other once,
    # ordered or not, fired before this round or not (a special action, 7.0.1), and the one
    # resolved second still shocks if the first shock removed it.
    counter = shock and counter_shock_due(state, firer, target)
    if shock and not counter and counter_charging(state, firer, target):
        raise PlayError(
            f"{firer.name} has fired this round already: its shock of the counter-charge is "
            "made (7.0.1, 9.3)"
        )
    for u in (firer, target):
        if not on_map(state, u) and not (counter and u is firer and u.markers.get("eliminated")):
            raise PlayError(f"{u.name} is not on the map")
    if not firer.markers.get("ordered") and not counter:
        raise PlayError(f"{firer.name} has no order this round: only ordered units fire (5.1)")
    if firer.markers.get("fired") and not counter:
        raise PlayError(f"{firer.name} has fired this round already (7.0.1)")
    if firer.markers.get("reacted") and not counter:
        raise PlayError(f"{firer.name} reacted to a charge: nothing more this round (9.3)")
    if shock and firer.markers.get("stopped"):
        raise PlayError(f"{firer.name} was stopped by the battery's reaction: no shock (9.3)")
    if shock and firer.arm != "cavalry":
        raise PlayError("only cavalry shocks (7.3)")
    if shock and reaction_due(state, target) is not None:
        raise PlayError(
            f"{target.name} may react before the shock (9.3): resolve its reaction first"
        )
    a = ctx.answers
    if not shock and firer.arm == "cavalry" and a.get("firer_terrain") not in fire_mod.BUILDINGS:
        # 8.4: in a building it fires as a garrison (by option), refused there by the rule.
        raise PlayError("cavalry does not fire: it shocks (7.3)")
    common: dict[str, Any] = {
        "firer": firer.type,
        "target": target.type,
        "target_terrain": a["target_terrain"],
        "firer_terrain": a.get("firer_terrain", "open"),  # 9.2 FIRING FROM, 8.0
        "aspect": a["aspect"],
        "target_formation": a["target_formation"],
        "general_attached": bool(a["general_attached"]),
        "target_general_attached": bool(a["target_general_attached"]),
        "moved": int(a["moved"]),
        "on_road": bool(a.get("on_road", False)),
        "firer_passed_morale": bool(firer.markers.get("passed_morale")),
        "target_elements": int(a["target_elements"]),
        "target_passed_morale": bool(target.markers.get("passed_morale")),
        "retreat_blocked": int(a["retreat_blocked"]),
        "retreated_this_round": bool(firer.markers.get("retreated")),  # 10.1 D
    }
    if shock:
        return fire_mod.ShockSituation(**common)
    return fire_mod.FireSituation(
        **common,
        hexes=int(a["hexes"]),
        orchards_crossed=int(a.get("orchards_crossed", 0)),
        # 8.4: a unit that moved and stands in a building entered it this round.
        entered_building=int(a["moved"]) > 0 and common["firer_terrain"] in fire_mod.BUILDINGS,
        # 9.2: infantry firing from a square (formed by a reaction, 9.3).
        firer_formation=firer.markers.get("formation") or "combat",
        bombardment=bool(a["bombardment"]),
        firer_elements=int(a["firer_elements"]),
        target_already_fired_on=bool(a["target_already_fired_on"]),
        changed_formation=bool(firer.markers.get("reformed")),  # by its order (6.0)
    )


def _combat_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    assert outcome is not None
    state, firer = ctx.state, ctx_unit(ctx)
    target = answer_unit(ctx, "target_unit")
    d = outcome.details
    puts = [Put("unit", firer.id, "fired", True), Put("unit", target.id, "fired_on", True)]
    if outcome.procedure == "shock" and counter_shock_due(state, firer, target):
        done = state.pack_state.get(COUNTER_SHOCKS) or []
        puts.append(Put("game", state.game_id, COUNTER_SHOCKS, [*done, firer.id]))
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
    stays = bool(d.get("may_ignore_retreat")) and bool(ctx.answers.get("target_stays", True))
    if d.get("retreat") and not stays and not d.get("eliminated"):
        puts.append(Put("unit", target.id, "retreated", True))  # 10.1 D: no move this round
    if outcome.procedure == "shock" and d["eliminated"]:
        add.append(_pursuit_item(firer, "destroyed"))
    elif outcome.procedure == "shock" and d["retreat"] and not stays:  # it left its hex
        add.append(_pursuit_item(firer, "retreated"))
    elif outcome.procedure == "shock" and d["retreat"]:
        # It held its hex (10.1 E): no pursuit, unless its General is killed and it must go
        # back 1 hex after all (9.4).
        for item in add:
            if item["check"] == "general_hit":
                item["pursuer"] = firer.id
    elif outcome.procedure == "shock" and d.get("morale_test_due"):
        # 9.1.3: a rout at the morale test (15.0) empties the hex: the charger pursues then.
        for item in add:
            if item["check"] == "morale":
                item["pursuer"] = firer.id
    if add:
        puts.append(pending_put(state, None, add))
    return puts


def _pursuit_item(cavalry: UnitState, target_result: str) -> dict[str, Any]:
    """The pursuit test (9.1.3) of cavalry whose target left its hex, as a due item.

    ``target_result``: ``destroyed`` or ``retreated``, what made the hex empty.
    """
    return {"check": "pursuit", "label": f"{cavalry.name}: pursuit test (9.1.3)",
            "rule": "9.1.3", "target": {"unit_id": cavalry.id},
            "target_result": target_result}  # fmt: skip


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
        lost_unit(ctx.state, unit, puts)
    elif d.get("morale_test_due"):
        puts.append(Put("unit", unit.id, "elements", 1))
        add.append({"check": "morale", "label": f"{unit.name}: morale test (15.0)",
                    "rule": "15.0", "target": {"unit_id": unit.id}})  # fmt: skip
    elif d.get("losses"):
        puts.append(Put("unit", unit.id, "elements", elements - int(d["losses"])))
    return puts


def _combat_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    firer, target = ctx_unit(ctx), answer_unit(ctx, "target_unit")
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


# ----------------------------------------------------------------------------- Generals (9.4)
def _general(ctx: Ctx) -> Any:
    if "leader_id" not in ctx.target:
        raise PlayError("this check needs a General")
    return ctx.state.leader(int(ctx.target["leader_id"]))


def _general_hit_questions(ctx: Ctx) -> list[Question]:
    due_item = matching_pending(ctx, "general_hit") or {}
    return [
        Question("losses", "elements his unit lost in the result", "int",
            int(due_item.get("losses", 1)), "9.4", minimum=1, maximum=10,
            derived="losses" in due_item),
        Question("unit_may_ignore_retreat", "his unit may ignore retreats", "bool",
            bool(due_item.get("may_ignore_retreat", False)), "10.1 E", derived=True),
    ]  # fmt: skip


def _general_alive(ctx: Ctx) -> Any:
    g = _general(ctx)
    if g.markers.get("killed") or g.markers.get("captured"):
        raise PlayError(f"{g.name} is out of the battle already (9.4)")
    return g


def _general_hit_situation(ctx: Ctx) -> generals_mod.GeneralHitSituation:
    g = _general_alive(ctx)
    # A General whose unit was just eliminated stands alone, his hit still due (9.4, 9.4.4).
    if g.attached_unit_id is None and matching_pending(ctx, "general_hit") is None:
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
    g = _general(ctx)
    puts = _general_out(ctx, "killed") if outcome.result == "killed" else []
    if outcome.details.get("retreat_compulsory") and g.attached_unit_id is not None:
        # 9.4: his unit goes 1 hex more, so it moves no more this round (10.1 D).
        puts.append(Put("unit", g.attached_unit_id, "retreated", True))
    item = matching_pending(ctx, "general_hit")
    if item is not None:
        add: list[dict[str, Any]] = []
        pursuer = item.get("pursuer")
        if outcome.result == "killed" and pursuer is not None:
            # 9.4: his unit must retreat 1 more hex, so the hex it held empties (9.1.3).
            cavalry = ctx.state.unit(int(pursuer))
            if on_map(ctx.state, cavalry):
                add.append(_pursuit_item(cavalry, "retreated"))
        puts.append(pending_put(ctx.state, item, add))
    return puts


def _general_hit_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    g = _general(ctx)
    if outcome.result == "killed":
        return f"{g.name} is killed (9.4): his unit retreats 1 more hex"
    return f"{g.name} is unhurt (9.4)"


def _capture_questions(ctx: Ctx) -> list[Question]:
    # One question of the two, by the reading of the capture value (9.4.2, notes 14).
    if ctx.rules.opt("capture_value") == "general_retreat":
        return [
            Question("general_retreat_hexes", "hexes he retreats", "int", 1, "9.4.2",
                maximum=10),
        ]  # fmt: skip
    return [
        Question("hexes_moved", "hexes the enemy unit moved into his hex", "int", 1, "9.4.2",
            minimum=1, maximum=10),
    ]  # fmt: skip


def _capture_situation(ctx: Ctx) -> generals_mod.GeneralCaptureSituation:
    g = _general_alive(ctx)
    if not general_present(ctx.state, g):
        raise PlayError(f"{g.name} has not arrived yet")
    a = ctx.answers
    return generals_mod.GeneralCaptureSituation(
        int(a.get("hexes_moved", 1)), int(a.get("general_retreat_hexes", 1))
    )


def _capture_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    assert outcome is not None
    return _general_out(ctx, "captured") if outcome.result == "captured" else []


def _capture_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    return f"{_general(ctx).name} {outcome.result} (9.4.2)"


# ----------------------------------------------------------------------------- rally and morale
def _rally_questions(ctx: Ctx) -> list[Question]:
    unit = ctx_unit(ctx)
    return [
        Question("hexes_from_enemy", "hexes to the nearest enemy", "int", 4, "12.0", maximum=30),
        Question("in_enemy_sight", "in the enemy's line of sight", "bool", True, "12.0"),
        Question("general_attached", "a General attached", "bool",
            general_with(ctx.state, unit) is not None, "12.1", derived=True),
    ]  # fmt: skip


def _rally_situation(ctx: Ctx) -> rally_mod.RallySituation:
    unit = ctx_unit(ctx)
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
    unit = ctx_unit(ctx)
    got = int(outcome.details.get("recovered", 0))
    if not got:
        return []
    puts = [Put("unit", unit.id, "elements", int(outcome.details["elements_after"]))]
    if unit.markers.get("passed_morale"):
        puts.append(Put("unit", unit.id, "passed_morale", None))  # fights again (15.0)
    return puts


def _rally_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    unit = ctx_unit(ctx)
    if outcome.result == "not_allowed":
        return f"{unit.name} may not rally (12.0)"
    return f"{unit.name} rallies: {outcome.details['recovered']} element(s) back (12.0)"


def _morale_questions(ctx: Ctx) -> list[Question]:
    if matching_pending(ctx, "morale") is not None:
        # The test a result called for: that result had no loss beyond the test's, or it
        # would have removed the unit outright (option morale_surplus_loss=removes) or
        # wasted it (9.1.2): nothing to ask (15.0).
        return []
    return [
        Question("surplus_losses", "further losses in the same result", "int", 0, "15.0",
            maximum=4),
    ]  # fmt: skip


def _morale_situation(ctx: Ctx) -> rally_mod.MoraleSituation:
    unit = ctx_unit(ctx)
    if unit.markers.get("eliminated"):
        raise PlayError(f"{unit.name} has been removed already")
    return rally_mod.MoraleSituation(
        unit.type,
        bool(unit.markers.get("passed_morale")),
        int(ctx.answers.get("surplus_losses", 0)),
    )


def _morale_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    assert outcome is not None
    unit = ctx_unit(ctx)
    puts: list[Put] = []
    if outcome.result == "holds":
        puts.append(Put("unit", unit.id, "passed_morale", True))
    else:
        lost_unit(ctx.state, unit, puts)
    item = matching_pending(ctx, "morale")
    if item is not None:
        add: list[dict[str, Any]] = []
        pursuer = item.get("pursuer")
        if outcome.result != "holds" and pursuer is not None:
            cavalry = ctx.state.unit(int(pursuer))
            if on_map(ctx.state, cavalry):
                add.append(_pursuit_item(cavalry, "destroyed"))
        puts.append(pending_put(ctx.state, item, add))
    return puts


def _morale_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    unit = ctx_unit(ctx)
    words = {"holds": "holds on its last element", "rout": "routs and is removed",
             "removed": "is removed"}[outcome.result]  # fmt: skip
    return f"{unit.name} {words} (15.0)"


# ----------------------------------------------------------------------------- pursuit (9.1.3)
def _pursuit_situation(ctx: Ctx) -> rally_mod.PursuitSituation:
    unit = ctx_unit(ctx)
    if unit.arm != "cavalry":
        raise PlayError("only cavalry pursues (9.1.3)")
    item = matching_pending(ctx, "pursuit")  # what emptied the hex: destroyed or retreated
    result = item.get("target_result") if item is not None else None
    return rally_mod.PursuitSituation(
        unit.type, target_result=result if result in ("destroyed", "retreated") else None
    )


def _pursuit_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    item = matching_pending(ctx, "pursuit")
    return [pending_put(ctx.state, item, [])] if item is not None else []


def _pursuit_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    what = {"must_advance": "must advance into the hex left", "holds": "need not advance",
            "free": "advances or not, as the player chooses"}[outcome.result]  # fmt: skip
    return f"{ctx_unit(ctx).name} {what} (9.1.3)"


def checks() -> list[CheckSpec]:
    """The checks of combat, Generals, rally and morale."""
    return [
        spec("fire", "Fire", "9.0", "fire", "unit",
             lambda c: _combat_questions(c, False), lambda c: _combat_situation(c, False),
             _combat_changes, _combat_summary, _combat_dice, veiled=combat_veiled),
        spec("shock", "Shock", "9.2", "shock", "unit",
             lambda c: _combat_questions(c, True), lambda c: _combat_situation(c, True),
             _combat_changes, _combat_summary, _combat_dice, veiled=combat_veiled),
        *charge_mod.checks(),
        spec("general_hit", "General hit", "9.4", "general_hit", "leader",
             _general_hit_questions, _general_hit_situation, _general_hit_changes,
             _general_hit_summary),
        spec("general_capture", "General captured", "9.4.2", "general_capture", "leader",
             _capture_questions, _capture_situation, _capture_changes, _capture_summary),
        spec("pursuit", "Pursuit", "9.1.3", "pursuit", "unit",
             lambda c: [], _pursuit_situation, _pursuit_changes, _pursuit_summary),
        # Each ordered unit's rally is its own roll, with its own General (12.0, 12.1), so
        # the rallies of several units of a side ordered in a round may be rolled in one
        # step, a batch: none changes another's dice or result.
        replace(spec("rally", "Rally", "12.0", "rally", "unit",
                     _rally_questions, _rally_situation, _rally_changes, _rally_summary,
                     veiled=rally_veiled),
                batch=True),
        spec("morale", "Morale test", "15.0", "morale", "unit",
             _morale_questions, _morale_situation, _morale_changes, _morale_summary,
             veiled=morale_veiled),
    ]  # fmt: skip
