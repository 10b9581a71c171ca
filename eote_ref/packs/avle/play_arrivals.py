"""Units that come onto the table by the dice: 14.0's deployment and reinforcements, 13.1.

The hypothetical battle's deployment and held-back reinforcements (14.0) and the Prussians
at Waterloo (13.1). A unit (or a Prussian General) held back carries the marker ``held``
(``reinforcement`` for a hypothetical battle, 14.0; ``prussian`` at Waterloo): it is off
the map (:func:`~eote_ref.packs.avle.play_state.on_map`) until an arrival brings it on. An
arrival is one journal step that takes ``held`` away, sets ``arrives`` to this turn and
``entered`` to where it came in (a sector, 14.0, or an entry hex, 13.1); a hypothetical
battle's reinforcement also moves into the sector its d6 gave (the shared column
``command_id``: a sector is a command). A side's ``arrival_roll`` is the ``[turn, round]``
of its last arrival roll, so each roll falls due once a round.

The rolls come first in a round: the hand and the cards wait for them (14.0: before the new
hand; 13.1: before a card is played). Standard library only.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from eote_ref.packs.avle import orders as orders_mod
from eote_ref.packs.avle import scenarios as scenarios_mod
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.avle.play_state import (
    SECTORS,
    ctx_side,
    french_side,
    refuse_if_over,
    round_of,
    side_key,
    spec,
)
from eote_ref.packs.outcome import Outcome
from eote_ref.packs.play import (
    CheckSpec,
    Ctx,
    Due,
    Entity,
    LeaderState,
    PlayError,
    PlayState,
    Put,
    SideState,
    UnitState,
)
from eote_ref.packs.questions import Choice, Question

#: The ``held`` marker's values, by the scenario that holds units back.
REINFORCEMENT = "reinforcement"
PRUSSIAN = "prussian"
#: The scenarios (the game's ``pack_state.scenario``) whose units arrive by the dice.
HYPOTHETICAL = "hypothetical"
WATERLOO = "waterloo"
#: Turn of the first arrival roll (14.0: from the 3rd turn; 13.1: from the 4th), source: text.
FIRST_TURN = {HYPOTHETICAL: 3, WATERLOO: 4}
#: Turn from which 13.1 brings 2 Prussian units of the player's choice each round (text).
CHOSEN_FROM_TURN = 5
CHOSEN_EACH_ROUND = 2


# ----------------------------------------------------------------------------- reading
def held(state: PlayState, side: SideState, why: str) -> list[UnitState]:
    """The side's units held back for ``why``'s arrivals, in the list's order."""
    return [u for u in state.units_of(side.id) if u.markers.get("held") == why]


def held_generals(state: PlayState, side: SideState, why: str) -> list[LeaderState]:
    """The side's Generals held back for ``why``'s arrivals."""
    return [g for g in state.leaders_of(side.id) if g.markers.get("held") == why]


def _arrived(state: PlayState, side: SideState) -> tuple[int, int]:
    """Reinforcements that arrived before this turn and in it (14.0's schedule)."""
    turns = [
        int(u.markers.get("arrives", 1))
        for u in state.units_of(side.id)
        if u.markers.get("entered") is not None
    ]
    return sum(1 for t in turns if t < state.turn), sum(1 for t in turns if t == state.turn)


def _rolled_this_round(state: PlayState, side: SideState) -> bool:
    return side.pack_state.get("arrival_roll") == [state.turn, round_of(state)]


def deployment_due(state: PlayState) -> bool:
    """A hypothetical battle not yet deployed (14.0): nothing else is played before it."""
    return state.pack_state.get("scenario") == HYPOTHETICAL and not state.pack_state.get(
        "deployment"
    )


def arrivals_due(state: PlayState, rules: AvleRules) -> list[Due]:
    """The arrival rolls this round still calls for, a side each (14.0, 13.1)."""
    scenario = state.pack_state.get("scenario")
    if scenario not in FIRST_TURN or state.turn < FIRST_TURN[scenario]:
        return []
    if deployment_due(state) or any(s.pack_state.get("card") is not None for s in state.sides):
        return []
    out: list[Due] = []
    for s in state.sides:
        if _rolled_this_round(state, s):
            continue
        if scenario == HYPOTHETICAL:
            if rules.opt("reinforcement_timing") == "turn_start" and round_of(state) != 1:
                continue
            pool = held(state, s, REINFORCEMENT)
            before, now = _arrived(state, s)
            if pool and scenarios_mod.due(rules, state.turn, before, now):
                out.append(Due("reinforcement", f"{s.name}: roll for reinforcements", "14.0",
                               {"side_id": s.id}))  # fmt: skip
        elif held(state, s, PRUSSIAN) or held_generals(state, s, PRUSSIAN):
            out.append(Due("prussian_arrival", f"{s.name}: roll for the Prussians", "13.1",
                           {"side_id": s.id}))  # fmt: skip
    return out


def refuse_while_arrivals_due(state: PlayState, rules: AvleRules) -> None:
    """The hand and the round's cards wait for the deployment and the arrival rolls."""
    if deployment_due(state):
        raise PlayError("deploy first: the hypothetical battle's deployment (14.0)")
    due = arrivals_due(state, rules)
    if due:
        raise PlayError("roll the arrivals first: " + "; ".join(d.label for d in due))


def _arrival_puts(state: PlayState, unit: UnitState | LeaderState, where: str) -> list[Put]:
    """``unit`` on the table this turn, entered at ``where`` (a sector or a hex)."""
    entity: Entity = "unit" if isinstance(unit, UnitState) else "leader"
    return [
        Put(entity, unit.id, "held", None),
        Put(entity, unit.id, "arrives", state.turn),
        Put(entity, unit.id, "entered", where),
    ]


def _roll_put(state: PlayState, side: SideState) -> Put:
    return Put("side", side.id, "arrival_roll", [state.turn, round_of(state)])


def _unit_question(key: str, label: str, rule: str, units: list[UnitState]) -> Question:
    return Question(key, label, "choice", units[0].id, rule,
                    choices=tuple(Choice(u.id, u.name) for u in units))  # fmt: skip


def _chosen_unit(ctx: Ctx, key: str, pool: list[UnitState], taken: set[int]) -> UnitState:
    """The unit the umpire chose for ``key`` or, once it is taken, the next of the pool."""
    wanted = ctx.answers.get(key)
    ordered = sorted(pool, key=lambda u: u.id != wanted)
    for u in ordered:
        if u.id not in taken:
            return u
    raise PlayError("no unit of that arm is left to arrive")


def _refuse_rolled(ctx: Ctx, side: SideState, rule: str) -> None:
    refuse_if_over(ctx.state)
    if side.pack_state.get("card") is not None:
        raise PlayError(f"arrivals are rolled before the round's cards ({rule})")
    if _rolled_this_round(ctx.state, side):
        raise PlayError(f"{side.name} has rolled for arrivals this round ({rule})")


# ----------------------------------------------------------------------------- deployment (14.0)
def _deployment_questions(ctx: Ctx) -> list[Question]:
    most = ctx.rules.data.hypothetical["reinforcements"].value
    out: list[Question] = []
    for s in ctx.state.sides:
        units = ctx.state.units_of(s.id)
        out.append(
            Question(f"held_{s.id}", f"{s.name}: the units held back as reinforcements", "choices",
                [], "14.0", f"at most {most}", tuple(Choice(u.id, u.name) for u in units),
                minimum=0, maximum=most)
        )  # fmt: skip
    return out


def _deployment_situation(ctx: Ctx) -> scenarios_mod.DeploymentSituation:
    state = ctx.state
    if state.pack_state.get("scenario") != HYPOTHETICAL:
        raise PlayError("this game is not a hypothetical battle (14.0)")
    if not deployment_due(state):
        raise PlayError("the armies are deployed already (14.0)")
    most = ctx.rules.data.hypothetical["reinforcements"].value
    sides: dict[str, scenarios_mod.DeploySide] = {}
    for s in state.sides:
        chosen = {int(i) for i in ctx.answers.get(f"held_{s.id}") or []}
        units = state.units_of(s.id)
        if chosen - {u.id for u in units}:
            raise PlayError(f"{s.name} holds back only its own units")
        if len(chosen) > most:
            raise PlayError(f"{s.name} holds back {len(chosen)} units: {most} at most (14.0)")
        deployed = Counter(
            state.command(u.command_id).name.lower() for u in units if u.id not in chosen
        )
        sides[side_key(state, s)] = scenarios_mod.DeploySide(
            None,
            {sector: deployed.get(sector, 0) for sector in SECTORS},
            len(chosen),
            len(state.leaders_of(s.id)),
        )
    return scenarios_mod.DeploymentSituation(sides, french_side(state))


def _deployment_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    assert outcome is not None
    state = ctx.state
    by_name = {s.name: s for s in state.sides}
    d = outcome.details
    initiative = by_name[d["initiative"]].id if d.get("initiative") in by_name else None
    puts = [
        Put("unit", int(uid), "held", REINFORCEMENT)
        for s in state.sides
        for uid in ctx.answers.get(f"held_{s.id}") or []
    ]
    puts.append(
        Put("game", state.game_id, "deployment", {
            "result": outcome.result, "winner": d.get("winner"),
            "first_to_place": d.get("first_to_place"),
            "units_at_a_time": d.get("units_at_a_time"), "hidden": d.get("hidden"),
            "rule": "14.0"})
    )  # fmt: skip
    if initiative is not None:  # 14.0: the exploration's winner moves first each round
        puts.append(Put("game", state.game_id, "initiative", initiative))
    return puts


def _deployment_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    d = outcome.details
    held_n = {s.name: len(ctx.answers.get(f"held_{s.id}") or []) for s in ctx.state.sides}
    parts = [f"{n} holds back {k}" for n, k in held_n.items()]
    if d.get("winner"):
        parts.append(f"{d['winner']} wins the exploration")
    if d.get("first_to_place"):
        parts.append(f"{d['first_to_place']} places first")
    elif d.get("hidden"):
        parts.append("both deploy at once behind a screen")
    problems = [f"{n}: {p}" for n, ps in (d.get("problems") or {}).items() for p in ps]
    tail = f" (not as 14.0 asks: {'; '.join(problems)})" if problems else ""
    return "Deployment (14.0): " + "; ".join(parts) + tail


def _deployment_dice(ctx: Ctx) -> dict[str, str]:
    return {f"{s.name}_exploration": f"exploration d6 of {s.name}" for s in ctx.state.sides}


# ----------------------------------------------------------------------------- reinforcement (14.0)
def _by_arm(units: list[UnitState]) -> dict[str, list[UnitState]]:
    out: dict[str, list[UnitState]] = {}
    for u in units:
        out.setdefault(u.arm, []).append(u)
    return out


def _reinforcement_questions(ctx: Ctx) -> list[Question]:
    side = ctx_side(ctx)
    return [
        _unit_question(f"unit_{arm}", f"the {arm} unit that comes if a {arm} die is rolled",
                       "14.0", units)
        for arm, units in _by_arm(held(ctx.state, side, REINFORCEMENT)).items()
    ]  # fmt: skip


def _reinforcement_situation(ctx: Ctx) -> scenarios_mod.ReinforcementSituation:
    state, side = ctx.state, ctx_side(ctx)
    if state.pack_state.get("scenario") != HYPOTHETICAL:
        raise PlayError("reinforcements arrive by the dice in a hypothetical battle (14.0)")
    if deployment_due(state):
        raise PlayError("deploy first: the hypothetical battle's deployment (14.0)")
    if state.turn < FIRST_TURN[HYPOTHETICAL]:
        raise PlayError(f"reinforcements arrive from turn {FIRST_TURN[HYPOTHETICAL]} (14.0)")
    _refuse_rolled(ctx, side, "14.0")
    pool = Counter(u.arm for u in held(state, side, REINFORCEMENT))
    before, now = _arrived(state, side)
    return scenarios_mod.ReinforcementSituation(
        state.turn, round_of(state), {a: pool.get(a, 0) for a in scenarios_mod.ARMS}, now, before
    )


def _reinforcement_arrivals(ctx: Ctx, outcome: Outcome) -> list[tuple[UnitState, dict[str, Any]]]:
    """Who comes: for each arrival the dice gave, the unit of its arm chosen (or the next)."""
    pool = _by_arm(held(ctx.state, ctx_side(ctx), REINFORCEMENT))
    out: list[tuple[UnitState, dict[str, Any]]] = []
    taken: set[int] = set()
    for arrival in outcome.details["arrivals"]:
        unit = _chosen_unit(ctx, f"unit_{arrival['arm']}", pool[arrival["arm"]], taken)
        taken.add(unit.id)
        out.append((unit, arrival))
    return out


def _reinforcement_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    assert outcome is not None
    state, side = ctx.state, ctx_side(ctx)
    sector_ids = {c.name.lower(): c.id for c in state.commands if c.side_id == side.id}
    puts: list[Put] = [_roll_put(state, side)]
    for unit, arrival in _reinforcement_arrivals(ctx, outcome):
        sector = arrival["sector"]
        puts += _arrival_puts(state, unit, sector)
        if sector_ids[sector] != unit.command_id:  # a sector is a command (3.1)
            puts.append(Put("unit", unit.id, "command_id", sector_ids[sector], column=True))
    return puts


def _reinforcement_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    head = f"{ctx_side(ctx).name}, turn {ctx.state.turn} round {round_of(ctx.state)}"
    names = [
        f"{unit.name} enters in the {arrival['sector']} sector"
        for unit, arrival in _reinforcement_arrivals(ctx, outcome)
    ]
    return f"{head}: " + ("; ".join(names) or "no reinforcement arrives") + " (14.0)"


def _reinforcement_dice(ctx: Ctx) -> dict[str, str]:
    return {"type_dice": "black dice for the arm", "sector_rolls": "d6 for the sector"}


# ----------------------------------------------------------------------------- Prussians (13.1)
def _prussian_pool(ctx: Ctx) -> tuple[list[UnitState], list[LeaderState]]:
    side = ctx_side(ctx)
    return held(ctx.state, side, PRUSSIAN), held_generals(ctx.state, side, PRUSSIAN)


def _chosen_count(ctx: Ctx) -> int:
    """How many Prussian units of the player's choice come this round (13.1: 2 from turn 5)."""
    units, generals = _prussian_pool(ctx)
    if ctx.state.turn < CHOSEN_FROM_TURN:
        return 0
    return min(CHOSEN_EACH_ROUND, len(units) + len(generals))


def _held_choices(ctx: Ctx) -> tuple[Choice, ...]:
    units, generals = _prussian_pool(ctx)
    return (*(Choice(f"unit:{u.id}", u.name) for u in units),
            *(Choice(f"leader:{g.id}", f"General {g.name}") for g in generals))  # fmt: skip


def _prussian_questions(ctx: Ctx) -> list[Question]:
    units, _generals = _prussian_pool(ctx)
    out = [
        _unit_question(f"unit_{arm}", f"the {arm} unit that comes if the die shows it", "13.1", us)
        for arm, us in _by_arm(units).items()
    ]
    choices = _held_choices(ctx)
    n = _chosen_count(ctx)
    chosen_default = [c for c, _ in choices[-n:]] if n else []
    if n:
        out.append(Question("chosen",
                            f"the {n} unit(s) of the player's choice that come this round",
                            "choices", chosen_default, "13.1", "from turn 5", choices,
                            minimum=n, maximum=n))  # fmt: skip
    if choices:
        # On a flag the player picks one more: by default the first not chosen already.
        chosen = set(ctx.answers.get("chosen", chosen_default) or [])
        free = [c for c, _ in choices if c not in chosen] or [choices[0][0]]
        out.append(Question("unit_flag", "the unit chosen on a flag", "choice", free[0], "13.1",
                            choices=choices))  # fmt: skip
    return out


def _prussian_situation(ctx: Ctx) -> orders_mod.ArrivalSituation:
    state, side = ctx.state, ctx_side(ctx)
    if state.pack_state.get("scenario") != WATERLOO:
        raise PlayError("the Prussians arrive in the Waterloo scenario (13.1)")
    if state.turn < FIRST_TURN[WATERLOO]:
        raise PlayError(f"the Prussians roll from turn {FIRST_TURN[WATERLOO]} (13.1)")
    _refuse_rolled(ctx, side, "13.1")
    units, generals = _prussian_pool(ctx)
    if not units and not generals:
        raise PlayError(f"{side.name} has no Prussian unit still to arrive (13.1)")
    available = Counter(u.arm for u in units)
    available["general"] = len(generals)
    chosen = list(ctx.answers.get("chosen") or [])
    if len(set(chosen)) != _chosen_count(ctx) or not set(chosen) <= {
        c for c, _ in _held_choices(ctx)
    }:
        raise PlayError(f"choose {_chosen_count(ctx)} Prussian unit(s) still to arrive (13.1)")
    # The units chosen come first: the die brings one of those left.
    for ref in chosen:
        kind, _, rid = str(ref).partition(":")
        arm = "general" if kind == "leader" else state.unit(int(rid)).arm
        available[arm] -= 1
    return orders_mod.ArrivalSituation(state.turn, dict(available), len(chosen))


def _by_ref(state: PlayState, ref: Any) -> UnitState | LeaderState:
    kind, _, rid = str(ref).partition(":")
    if kind == "leader":
        return state.leader(int(rid))
    return state.unit(int(rid))


Arrival = tuple[UnitState | LeaderState, str, str | None]


def _prussian_arrivals(ctx: Ctx, outcome: Outcome) -> list[Arrival]:
    """Who comes, how (``choice``, ``die``) and at which hex: the chosen, then the die's."""
    state = ctx.state
    units, generals = _prussian_pool(ctx)
    hexes = outcome.details.get("chosen_entries") or []
    out: list[Arrival] = [
        (_by_ref(state, ref), "choice", hex_)
        for ref, hex_ in zip(ctx.answers.get("chosen") or [], hexes, strict=True)
    ]
    taken = {x.id for x, _, _ in out if isinstance(x, UnitState)}
    gone = {x.id for x, _, _ in out if isinstance(x, LeaderState)}
    result, hex_ = outcome.result, outcome.details.get("entry_hex")
    if result == "general":
        out.append((next(g for g in generals if g.id not in gone), "die", hex_))
    elif result == "choice":
        pick = _by_ref(state, ctx.answers.get("unit_flag"))
        if (isinstance(pick, UnitState) and pick.id in taken) or (
            isinstance(pick, LeaderState) and pick.id in gone
        ):
            raise PlayError(f"{pick.name} comes by the player's choice already: choose another")
        out.append((pick, "die", hex_))
    elif result != "none":
        pool = [u for u in units if u.arm == result]
        out.append((_chosen_unit(ctx, f"unit_{result}", pool, taken), "die", hex_))
    return out


def _prussian_changes(ctx: Ctx, outcome: Outcome | None) -> list[Put]:
    assert outcome is not None
    state, side = ctx.state, ctx_side(ctx)
    puts = [_roll_put(state, side)]
    for who, _how, hex_ in _prussian_arrivals(ctx, outcome):
        assert hex_ is not None  # every arrival's hex is rolled (or V6-V12 by option)
        puts += _arrival_puts(state, who, hex_)
    return puts


def _prussian_summary(ctx: Ctx, outcome: Outcome | None) -> str:
    assert outcome is not None
    side = ctx_side(ctx)
    head = f"{side.name}, turn {ctx.state.turn} round {round_of(ctx.state)}"
    parts = []
    for who, how, hex_ in _prussian_arrivals(ctx, outcome):
        parts.append(f"{who.name} arrives" + (" by choice" if how == "choice" else "")
                     + (f" at {hex_}" if hex_ else ""))  # fmt: skip
    return f"{head}: " + ("; ".join(parts) or "no Prussian arrives") + " (13.1)"


def _prussian_dice(ctx: Ctx) -> dict[str, str]:
    return {"flag_die": "white flag die", "type_die": "black die for the unit",
            "entry_roll": "d6 for the entry hex",
            "chosen_entry_rolls": "d6 for each chosen unit's entry hex"}  # fmt: skip


def checks() -> list[CheckSpec]:
    """The checks of the units that arrive by the dice."""
    # A hypothetical battle's deployment and reinforcements (14.0), Waterloo's Prussians
    # (13.1): each scenario's own checks.
    return [
        replace(spec("deployment", "Deployment", "14.0", "deployment", "game",
                     _deployment_questions, _deployment_situation, _deployment_changes,
                     _deployment_summary, _deployment_dice),
                scenarios=(HYPOTHETICAL,)),
        replace(spec("reinforcement", "Reinforcements", "14.0", "reinforcement", "side",
                     _reinforcement_questions, _reinforcement_situation, _reinforcement_changes,
                     _reinforcement_summary, _reinforcement_dice),
                scenarios=(HYPOTHETICAL,)),
        replace(spec("prussian_arrival", "Prussian arrivals", "13.1", "prussian_arrival", "side",
                     _prussian_questions, _prussian_situation, _prussian_changes,
                     _prussian_summary, _prussian_dice),
                scenarios=(WATERLOO,)),
    ]  # fmt: skip
