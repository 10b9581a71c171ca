"""VlE's checks in the referee: their questions, situations, changes and journal lines.

Each is a :class:`~eote_ref.packs.play.CheckSpec` over one of the pack's procedures (morale,
fire, melee, square, countercharge, withdrawal, rally here; a battery's losses to artillery
fire in :mod:`.play_artillery`; obedience, initiative, a leader's casualty, army morale and
the next phase, with no procedure, in :mod:`.play_command`); :func:`checks` lists them all.
The state keys they read and write are named in :mod:`.play`'s docstring. Standard library
only.
"""

from __future__ import annotations

from typing import Any

from eote_ref.packs.outcome import Outcome
from eote_ref.packs.play import CheckSpec, Ctx, PlayError, Put, UnitState, Veil
from eote_ref.packs.questions import Choice, Question
from eote_ref.packs.vle import combat, morale
from eote_ref.packs.vle.play_artillery import (
    _artillery_changes,
    _artillery_questions,
    _artillery_situation,
    _artillery_summary,
    _artillery_veiled,
)
from eote_ref.packs.vle.play_command import (
    FIRST_PHASE,
    _army_changes,
    _army_questions,
    _army_situation,
    _army_summary,
    _casualty_changes,
    _casualty_questions,
    _casualty_situation,
    _casualty_summary,
    _given,
    _initiative_changes,
    _initiative_questions,
    _initiative_situation,
    _initiative_summary,
    _leaders_of,
    _m,
    _next_changes,
    _next_questions,
    _next_situation,
    _next_summary,
    _no_changes,
    _obedience_questions,
    _obedience_situation,
    _obedience_summary,
    _unit,
    at_risk,
)
from eote_ref.packs.vle.play_countercharge import CC_FORMATION, cc_ended, cc_restored
from eote_ref.packs.vle.play_veils import seen, veiled

__all__ = ["FIRST_PHASE", "checks"]


# --------------------------------------------------------------------------- helpers
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


def _initiative(ctx: Ctx, u: UnitState) -> str:
    """``success``/``failure`` if his corps leader took the initiative last turn (XVII.7)."""
    for ld in ctx.state.leaders:
        if ld.command_id == u.command_id and ld.markers.get("initiative_turn") == ctx.state.turn:
            return "success" if int(ld.markers.get("initiative_malus", 2)) == 1 else "failure"
    return "none"


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
    """The due morale checks of ``u`` done (its other due checks stay)."""
    pending = list(ctx.state.pack_state.get("pending") or [])
    mine = [
        p
        for p in pending
        if p.get("target", {}).get("unit_id") == u.id and p.get("check") == "morale"
    ]
    left = [p for p in pending if p not in mine]
    return [Put("game", ctx.state.game_id, "pending", left)] if left != pending else []


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
SQUARE_ATTACKERS = (Choice("none", "not attacked in melee"),
                    Choice("cavalry_only", "cavalry alone (+2)"),
                    Choice("mixed", "cavalry and infantry"))  # fmt: skip
FORTIFIED = (Choice("open", "neither"), Choice("town", "a town (+2)"),
             Choice("castle", "a castle (+3)"))  # fmt: skip
#: Formations whose six neighbours are all front hexes: no flank, no rear (IV.3, IV.4, IV.9).
ALL_ROUND = ("square", "general_order")


def _morale_questions(ctx: Ctx) -> list[Question]:
    u = _unit(ctx)
    asks = [
        Question("reason", "Why the check", "choice", _given(ctx, "reason", "fire"), "X.1",
            choices=REASONS),
        Question("morale", "Morale (the counter's)", "int", _m(u, "morale", 8), "X.2",
            minimum=2, maximum=12, derived=True),
        Question("steps", "Steps now", "int", _m(u, "steps", 1), "X.4", minimum=1, maximum=20,
            derived=True),
        _leader_bonus_ask(ctx, u),
        Question("direction", "Attacked or fired on through", "choice",
            _given(ctx, "direction", "front"), "X.4", choices=DIRECTIONS),
        Question("below_failed_unit", "The unit above has just failed", "bool", False, "V.5"),
        Question("event_bonus", "Events played (+ helps)", "int", 0, "XXII.3", minimum=-6,
            maximum=6),
    ]  # fmt: skip
    if _m(u, "formation", "") == "square":
        by = _given(ctx, "square_attacked_by", "none")
        asks.append(Question("square_attacked_by", "The square attacked in melee by", "choice",
            by, "X.4", choices=SQUARE_ATTACKERS))  # fmt: skip
    if ctx.rules.opt("town_castle_morale"):
        asks.append(Question("terrain", "In a town or castle", "choice",
            _given(ctx, "terrain", "open"), "XVI.6", choices=FORTIFIED))  # fmt: skip
    return asks


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
        square_attacked_by=a.get("square_attacked_by", "none"), terrain=a.get("terrain", "open"),
        six_front_hexes=_m(u, "formation", "") in ALL_ROUND,
        initiative_last_turn=_initiative(ctx, u),  # type: ignore[arg-type]
    )  # fmt: skip


def _morale_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    u = _unit(ctx)
    puts = _without_pending(ctx, u)
    if out is not None and out.result != "passed":
        puts += _failure_puts(ctx, u, out.result)
    return cc_ended(ctx.state, puts)  # failed: no countercharge's melee to come (IX.7)


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
    asks = [
        Question("fire_value", "Combined fire value of the firers", "int", 3, "VII.3",
            help="as the Formation and Terrain tables leave it", minimum=0, maximum=20),
        Question("target_square", "Target in square (+1 die)", "bool",
            _m(u, "formation", "") == "square", "VII.10", derived=True),
        Question("target_tirailleur", "Target in tirailleurs (-1 die)", "bool",
            _m(u, "formation", "") == "tirailleur", "IV.6", derived=True),
        Question("target_terrain", "Target in a town or castle (no morale check)", "choice",
            "open", "VII.3", choices=FORTIFIED),
        Question("die_bonus", "Events on the die", "int", 0, "XXII.3", minimum=-4, maximum=6),
        Question("leader_with_target", "A leader with the target", "choice", 0, "XIV.5",
            help="he rolls for his life if 2 or 3 steps are lost (XIV.5)",
            choices=(Choice(0, "none"), *_leaders_of(ctx, u.side_id))),
        Question("unit_below", "The unit below the target", "choice", 0, "VII.9",
            help="it checks morale if the target's last step goes (VII.9); the leader rolls "
            "for his stack eliminated only with none (XIV.5)", choices=(Choice(0, "none"),
            *(Choice(x.id, x.name) for x in ctx.state.units
              if x.side_id == u.side_id and x.id != u.id and _on_map(x)))),
    ]  # fmt: skip
    if u.arm == "artillery" and ctx.rules.opt("artillery_losses") != "none":
        asks.append(Question("by_artillery", "Artillery gives half the fire value or more",
            "bool", True, "XVI.2", help="then the losses go through the artillery losses "
            "option (XVI.2)"))  # fmt: skip
    if _m(u, "disorganized", 0):  # fired on during the retreat it has just begun: no check (X.1)
        asks.append(Question("target_retreating", "Fired on during the retreat of its "
            "disorganization", "bool", False, "X.1, VII.5", help="no morale check then "
            "(X.1); once the retreat is over, it checks (the game cannot tell when)"))  # fmt: skip
    return asks


def _fire_situation(ctx: Ctx) -> combat.FireSituation:
    u, a = _unit(ctx), ctx.answers
    if _m(u, "eliminated", False):
        raise PlayError(f"{u.name} is eliminated")
    return combat.FireSituation(
        firers=[combat.Firer(int(a["fire_value"]))], target_arm=u.arm,  # type: ignore[arg-type]
        target_square=bool(a["target_square"]), die_bonus=int(a["die_bonus"]),
        leader_with_target=bool(a["leader_with_target"]),
        target_tirailleur=bool(a["target_tirailleur"]), target_terrain=a["target_terrain"],
        target_retreating=bool(a.get("target_retreating", False)),
    )  # fmt: skip


def _fire_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    """Steps, the leader's casualty roll before any check (XIV.5), the morale check (VII.9).

    A battery fired on by artillery takes its losses through the artillery losses check
    (XVI.2), which is told what the fire knew: its steps, its check, the leader.
    """
    if out is None:
        return []
    u, a = _unit(ctx), ctx.answers
    lost, check = int(out.details.get("steps_lost", 0)), bool(out.details.get("morale_check"))
    pending = list(ctx.state.pack_state.get("pending") or [])
    before = list(pending)
    leader = int(a.get("leader_with_target") or 0)
    below = ctx.state.unit(int(a["unit_below"])) if int(a.get("unit_below") or 0) else None
    given: dict[str, Any] = {}
    if a.get("target_terrain", "open") != "open":
        given = {"reason": "fire", "terrain": a["target_terrain"]}
    if lost and a.get("by_artillery"):  # half or random losses first (XVI.2)
        told: dict[str, Any] = {"steps": lost, "morale_check": check, "leader_id": leader}
        if given:
            told["morale_given"] = given
        if below is not None and below.arm == "infantry":  # it takes steps after the first
            told["infantry_below"] = below.id
        pending.append({"check": "artillery_losses", "label": f"{u.name}: {lost} step(s) to "
                        "artillery fire", "rule": "XVI.2",
                        "target": {"unit_id": u.id, "given": told}})  # fmt: skip
        return [Put("game", ctx.state.game_id, "pending", pending)]
    steps = int(_m(u, "steps", 1))
    left = max(0, steps - lost)
    causes = ["fire_2_or_3"] if lost >= 2 else []
    causes += ["stack_eliminated"] if lost and left == 0 and below is None else []
    if leader and causes:  # his casualty roll comes before the unit's check (XIV.5)
        pending.append(at_risk(ctx, leader, causes, steps - left))
    puts: list[Put] = []
    if lost:
        side = ctx.state.side(u.side_id)
        puts.append(Put("unit", u.id, "steps", left))
        losses = int(side.pack_state.get("losses", 0)) + steps - left
        puts.append(Put("side", side.id, "losses", losses))
        if left == 0:
            puts.append(Put("unit", u.id, "eliminated", True))
    checker = u if left else below  # the top unit gone, the one below checks (VII.9)
    if check and checker is not None:
        target: dict[str, Any] = {"unit_id": checker.id}
        if given:
            target["given"] = given
        said = "" if left else f", {u.name} above eliminated"
        pending.append({"check": "morale", "label": f"{checker.name}: morale check after fire"
                        f"{said}", "rule": "VII.9", "target": target})  # fmt: skip
    if pending != before:
        puts.append(Put("game", ctx.state.game_id, "pending", pending))
    return cc_ended(ctx.state, puts)  # eliminated: no countercharge's melee to come (IX.7)


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
    shown = seen(ctx, _fire_changes(ctx, out))
    return veiled(f"fire on {_unit(ctx).name}", shown, "VII.3", sides)


# --------------------------------------------------------------------------- melee
TERRAINS = tuple(Choice(t, t) for t in ("open", "town", "castle", "wood", "brush", "other"))


def _on_map(u: UnitState) -> bool:
    return not u.markers.get("eliminated") and not u.markers.get("straggler")


def _melee_questions(ctx: Ctx) -> list[Question]:
    u = _unit(ctx)
    enemies = tuple(
        Choice(e.id, e.name) for e in ctx.state.units if e.side_id != u.side_id and _on_map(e)
    )
    picked = [ctx.state.unit(int(i)) for i in ctx.answers.get("attackers") or []
              if int(i) in {e.id for e in ctx.state.units}]  # fmt: skip
    # Cavalry attacks only by charging (IX.1): a charge when the attackers include cavalry.
    charging = any(a.arm == "cavalry" for a in picked)
    countered = any(CC_FORMATION in a.markers for a in picked)  # its melee comes at once (IX.7)
    enemy = next((s.id for s in ctx.state.sides if s.id != u.side_id), u.side_id)
    cover = [Question("attacker_in_cover", "The cavalry charges from a town, wood or brush",
                      "bool", False, "IV.7"),
             Question("countercharge", "A countercharge", "bool", countered, "IX.7",
                      help="allowed after a charge last turn (XVI.4); ticked when an "
                      "attacker has just passed its countercharge", derived=countered)]  # fmt: skip
    cover = cover if charging else []
    return cover + [
        Question("attackers", "Attacking units", "choices", [], "VIII.1", choices=enemies),
        Question("attacked_from", "Attacked through", "choice", "front", "VIII.6",
            choices=DIRECTIONS[:3]),
        Question("defender_terrain", "Defender's terrain", "choice", "open", "VIII.3",
            choices=TERRAINS),
        Question("attackers_terrain_change", "Attackers' melee value change for that terrain",
            "int", 0, "VIII.3", minimum=-3, maximum=3, help=CHART_HELP),
        Question("defender_terrain_change", "Defender's melee value change for its terrain",
            "int", 0, "VIII.3", minimum=-3, maximum=3, help=CHART_HELP),
        Question("charge", "A cavalry charge", "bool", charging, "IX.1", derived=True),
        Question("attacker_leader", "A leader with the attackers", "choice", 0, "XIV.3",
            choices=(Choice(0, "none"), *_leaders_of(ctx, enemy))),
        Question("attacker_leader_combat", "Attacking leader's combat value", "int",
            _combat(ctx, "attacker_leader", picked[0] if picked else None), "XIV.3",
            minimum=-2, maximum=3, derived=True, help=COMBAT_HELP),
        Question("defender_leader", "A leader with the defender", "choice", 0, "XIV.3",
            choices=(Choice(0, "none"), *_leaders_of(ctx, u.side_id))),
        Question("defender_leader_combat", "Defending leader's combat value", "int",
            _combat(ctx, "defender_leader", u), "XIV.3", minimum=-2, maximum=3, derived=True,
            help=COMBAT_HELP),
        Question("die_bonus", "Events on the die (net)", "int", 0, "XXII.3", minimum=-4, maximum=4),
    ]  # fmt: skip


COMBAT_HELP = "his, for a unit he commands (XIV.3); 0 to leave it unused unless negative"


def _combat(ctx: Ctx, key: str, u: UnitState | None) -> int:
    """The named leader's combat value for ``u`` if he commands it, else 0 (XIV.3)."""
    lid = int(ctx.answers.get(key) or 0)
    if not lid or u is None:
        return 0
    ld = ctx.state.leader(lid)
    commands = ld.command_id == u.command_id or ld.markers.get("army_commander")
    return int(ld.markers.get("combat", 0)) if commands else 0


CHART_HELP = "the battle's Terrain Effects Chart, on each unit's printed value (VIII.3)"


def _melee_unit(u: UnitState, change: int = 0) -> combat.MeleeUnit:
    """``u`` in the melee, its printed value changed by ``change`` for terrain (VIII.3)."""
    formation = str(_m(u, "formation", "") or "")
    movement = int(_m(u, "movement", 0))
    klass = ""
    if u.arm == "cavalry":
        klass = "light" if movement >= 10 else "line" if movement == 9 else "heavy"
    return combat.MeleeUnit(
        value=0 if _m(u, "routed", False) else max(0, int(_m(u, "melee", 1)) + change),
        steps=int(_m(u, "steps", 1)), arm=u.arm,  # type: ignore[arg-type]
        column=formation == "column", disorganized=bool(_m(u, "disorganized")),
        tirailleur=formation == "tirailleur", square=formation == "square",
        general_order=formation == "general_order", cavalry_class=klass,  # type: ignore[arg-type]
        limbered=formation == "limbered",
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
        if _m(a, "formation", "") == "square":
            raise PlayError(f"{a.name} is in square: it cannot attack (IV.4, VIII.7)")
        again = a.arm == "cavalry" and _m(a, "charged_last_turn", False)
        if again and ctx.rules.opt("cavalry_classes") and not ctx.answers.get("countercharge"):
            raise PlayError(f"{a.name} charged last turn: no charge two turns running (XVI.4)")
    return out


def _melee_situation(ctx: Ctx) -> combat.MeleeSituation:
    u, a = _unit(ctx), ctx.answers
    if not _on_map(u):
        raise PlayError(f"{u.name} is not on the map")
    return combat.MeleeSituation(
        attackers=[_melee_unit(x, int(a["attackers_terrain_change"])) for x in _attackers(ctx)],
        defenders=[_melee_unit(u, int(a["defender_terrain_change"]))],
        attacked_from=a["attacked_from"], defender_terrain=a["defender_terrain"],
        charge=bool(a["charge"]), attacker_leader_combat=int(a["attacker_leader_combat"]),
        attacker_in_cover=bool(a.get("attacker_in_cover", False)),
        countercharge=bool(a.get("countercharge", False)),
        defender_leader_combat=int(a["defender_leader_combat"]), die_bonus=int(a["die_bonus"]),
    )  # fmt: skip


def _result_puts(
    ctx: Ctx, u: UnitState, code: str, pending: list[Any], given: dict[str, Any]
) -> list[Put]:
    """One side's melee result on its first unit (VIII.8): steps, *, D, D1, D2, E.

    ``given`` is what the melee tells its morale check (why, the direction, the terrain).
    """
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
    fortified = given.get("terrain", "open") != "open"
    if code.endswith("*") and (not fortified or ctx.rules.opt("town_castle_morale")):
        pending.append({"check": "morale", "label": f"{u.name}: morale check after melee",
                        "rule": "VIII.8", "target": {"unit_id": u.id, "given": given}})  # fmt: skip
    return puts


def _melee_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    if out is None:
        return []
    u, a = _unit(ctx), ctx.answers
    pending = list(ctx.state.pack_state.get("pending") or [])
    before = len(pending)
    attackers = _attackers(ctx)
    # A town or castle spares a * its check (VIII.8), or gives +2/+3 with XVI.6.
    terrain = a["defender_terrain"] if a["defender_terrain"] in ("town", "castle") else "open"
    given: dict[str, Any] = {"reason": "melee", "direction": a["attacked_from"]}
    if terrain != "open":
        given["terrain"] = terrain
    if _m(u, "formation", "") == "square":
        cavalry_only = all(x.arm == "cavalry" for x in attackers)
        given["square_attacked_by"] = "cavalry_only" if cavalry_only else "mixed"
    puts = _result_puts(ctx, u, str(out.details["defender_result"]), pending, given)
    first = attackers[0]
    puts += _result_puts(ctx, first, str(out.details["attacker_result"]), pending,
                         {"reason": "melee"})  # fmt: skip
    if a["charge"] and not a.get("countercharge"):  # no charge the next turn (XVI.4)
        puts += [Put("unit", x.id, "charged", True) for x in attackers
                 if x.arm == "cavalry" and CC_FORMATION not in x.markers]  # fmt: skip
    # Its melee over, a countercharging cavalry is back in its formation (IX.7), ticked or not.
    puts += cc_restored([*attackers, u])
    # A leader whose stack is eliminated rolls for his life, before any check (XIV.5).
    for key, unit in (("attacker_leader", first), ("defender_leader", u)):
        gone = any(p.key == "eliminated" and p.row_id == unit.id for p in puts)
        if gone and int(a.get(key) or 0):
            ld = ctx.state.leader(int(a[key]))
            at_risk = {"leader_id": ld.id, "given": {"cause": "stack_eliminated"}}
            said = f"{ld.name}: casualty roll, his stack eliminated"
            pending.insert(before, {"check": "leader_casualty", "rule": "XIV.5", "label": said,
                                    "target": at_risk})  # fmt: skip
    if len(pending) != before:
        puts.append(Put("game", ctx.state.game_id, "pending", pending))
    return puts


def _melee_summary(ctx: Ctx, out: Outcome | None) -> str:
    u = _unit(ctx)
    if out is None:
        return f"melee on {u.name}"
    col = out.details.get("column")
    if col is None:  # no table read: a disorganized battery (IV.13)
        return f"melee on {u.name}: {out.result} ({out.rule})"
    return f"melee on {u.name} at {col}: {out.result} (VIII.8)"


def _melee_veiled(ctx: Ctx, out: Outcome | None) -> Veil | None:
    """The melee without its column (both sides' steps) and the steps each side lost."""
    if out is None:
        return None
    u = _unit(ctx)
    sides = (u.side_id, _attackers(ctx)[0].side_id)
    return veiled(f"melee on {u.name}", seen(ctx, _melee_changes(ctx, out)), "VIII.8", sides)


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
        general_order=_m(u, "formation", "") == "general_order", arm=u.arm,  # type: ignore[arg-type]
        initiative_last_turn=_initiative(ctx, u),  # type: ignore[arg-type]
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
        initiative_last_turn=_initiative(ctx, u),  # type: ignore[arg-type]
    )  # fmt: skip


def _cc_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    """Passed: in line to melee at once (IV.7, IX.7), its formation kept for after the melee.

    A formation already kept (a countercharge not yet over) stays the one to return to.
    """
    u = _unit(ctx)
    if out is not None and out.result == "passed":
        before = str(_m(u, CC_FORMATION, _m(u, "formation", "")) or "")  # "": none marked
        return [Put("unit", u.id, CC_FORMATION, before), Put("unit", u.id, "formation", "line")]
    return []


def _cc_summary(ctx: Ctx, out: Outcome | None) -> str:
    u = _unit(ctx)
    ok = out is not None and out.result == "passed"
    return f"{u.name} {'countercharges' if ok else 'does not countercharge'} (IX.7)"


def _withdrawal_questions(ctx: Ctx) -> list[Question]:
    u = _unit(ctx)
    return [
        Question("morale", "Morale (the counter's)", "int", _m(u, "morale", 8), "VI.8",
            minimum=2, maximum=12, derived=True),
        Question("charged_by_cavalry", "Charged by enemy cavalry", "bool",
            ctx.state.phase == "charges", "VI.8", help="no withdrawal from a cavalry charge "
            "(VI.8, XVI.4); cavalry moving in the movement phase is not charging (IX.1)"),
        Question("again_same_enemy", "Again before the same unit this movement phase", "bool",
            False, "VI.8", help="no check the second time (VI.8)"),
    ]  # fmt: skip


def _withdrawal_situation(ctx: Ctx) -> morale.WithdrawalSituation:
    u, a = _unit(ctx), ctx.answers
    if u.arm != "cavalry":
        raise PlayError(f"{u.name} is not cavalry: only cavalry withdraws (VI.8)")
    movement = int(_m(u, "movement", 9))
    return morale.WithdrawalSituation(
        morale=int(a["morale"]), enemy_is_cavalry=bool(a["charged_by_cavalry"]),
        cavalry_class="light" if movement >= 10 else "line" if movement == 9 else "heavy",
        disorganized=bool(_m(u, "disorganized")),
        again_same_enemy=bool(a["again_same_enemy"]), original_steps=int(_m(u, "start", 1)),
        steps=int(_m(u, "steps", 1)),
    )  # fmt: skip


def _withdrawal_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    u = _unit(ctx)
    if out is not None and out.result == "disorganized":  # and 2 hexes back (VI.8, VIII.9)
        return cc_ended(ctx.state, [Put("unit", u.id, "disorganized", ctx.state.turn)])
    return []


def _withdrawal_summary(ctx: Ctx, out: Outcome | None) -> str:
    u = _unit(ctx)
    said = {"passed": "withdraws 1 or 2 hexes", "not_allowed": "may not withdraw"}
    word = said.get(out.result, "fails to withdraw") if out is not None else "withdrawal"
    return f"{u.name} {word} (VI.8)"


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
    if _m(u, "straggler", False):
        raise PlayError(f"{u.name} is a straggler: out of the fight, it does not rally (XII.2)")
    return morale.RallySituation(
        morale=int(a["morale"]), turns_disorganized=ctx.state.turn - since,
        original_steps=int(_m(u, "start", 1)), steps=int(_m(u, "steps", 1)),
        routed=bool(_m(u, "routed", False)), adjacent_enemy=bool(a["adjacent_enemy"]),
        leader_morale=int(a["leader_morale"]), demoralized_army=_demoralized(ctx, u.side_id),
        arm=u.arm, initiative_last_turn=_initiative(ctx, u),  # type: ignore[arg-type]
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
        CheckSpec("artillery_losses", "Artillery losses to artillery fire", "XVI.2",
                  "artillery_losses", "unit", _artillery_questions, _artillery_situation,
                  _artillery_changes, _artillery_summary,
                  dice_labels=lambda ctx: {"rolls": "a d6 a step (system B)"},
                  veiled=_artillery_veiled),
        CheckSpec("withdrawal", "Cavalry withdrawal", "VI.8", "withdrawal", "unit",
                  _withdrawal_questions, _withdrawal_situation, _withdrawal_changes,
                  _withdrawal_summary, dice_labels=lambda ctx: {"dice": "two d6 (morale)"}),
        CheckSpec("obedience", "Obedience to a new order", "XVII.6", "obedience", "leader",
                  _obedience_questions, _obedience_situation, _no_changes, _obedience_summary,
                  dice_labels=lambda ctx: {"roll": "obedience d6"}),
        CheckSpec("initiative", "Initiative", "XVII.7", "initiative", "leader",
                  _initiative_questions, _initiative_situation, _initiative_changes,
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
