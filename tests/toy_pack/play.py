"""The toy pack played in the referee: set-up, its checks and what falls due.

State kept: the game's ``phase`` column (``shooting``, ``rally``) and ``turn``; each unit's
markers ``strength`` and ``shaken``. A group of a list is a command (level ``group``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eote_ref.packs.outcome import Outcome
from eote_ref.packs.play import (
    CheckSpec,
    Ctx,
    Due,
    Plan,
    PlanCommand,
    PlanSide,
    PlanUnit,
    Play,
    PlayError,
    PlayState,
    Put,
    UnitState,
)
from eote_ref.packs.questions import Question
from tests.toy_pack.armylist import RULESET
from tests.toy_pack.pack import HIT_COUNT, TURN, ToyRules

PACK = "toy"


def setup(sides: Sequence[tuple[str, Sequence[tuple[str, Any]]]], rules: ToyRules,
          scenario: str | None = None) -> Plan:  # fmt: skip
    """Two sides of toy lists: a command a group, each unit at its list's strength."""
    if scenario is not None:
        raise PlayError("the toy has no scenarios")
    plan_sides = []
    for name, lists in sides:
        groups: dict[str, list[PlanUnit]] = {}
        for _file, army in lists:
            for u in army.units:
                groups.setdefault(u.group, []).append(
                    PlanUnit(
                        u.name, "infantry", "skirmisher", army.nation, {"strength": u.strength}
                    )  # fmt: skip
                )
        commands = tuple(PlanCommand(g, "group", tuple(us)) for g, us in groups.items())
        plan_sides.append(PlanSide(name, tuple(f for f, _ in lists), commands))
    return Plan(RULESET, "1", TURN.phases[0].key, tuple(plan_sides))


def _unit(ctx: Ctx) -> UnitState:
    uid = ctx.target.get("unit_id")
    if uid is None:
        raise PlayError("choose a unit")
    return ctx.state.unit(int(uid))


def _strength(u: UnitState) -> int:
    return int(u.markers.get("strength", 0))


# --------------------------------------------------------------------------- shoot (Toy 3)
def _shoot_questions(ctx: Ctx) -> list[Question]:
    return [
        Question("long_range", "At long range (-1)", "bool", False, "3"),
        Question("cover", "Target in cover (-1)", "bool", False, "3"),
    ]


def _shoot_situation(ctx: Ctx) -> Any:
    from tests.toy_pack.pack import ShootSituation

    u = _unit(ctx)
    if ctx.state.phase != "shooting":
        raise PlayError("units shoot in the shooting phase (Toy 2)")
    if _strength(u) <= 0:
        raise PlayError(f"{u.name} is gone")
    return ShootSituation(bool(ctx.answers["long_range"]), bool(ctx.answers["cover"]))


def _shoot_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    u = _unit(ctx)
    hits = HIT_COUNT[out.result] if out is not None else 0
    if not hits:
        return []
    return [Put("unit", u.id, "strength", max(0, _strength(u) - hits)),
            Put("unit", u.id, "shaken", True)]  # fmt: skip


def _shoot_summary(ctx: Ctx, out: Outcome | None) -> str:
    u = _unit(ctx)
    result = out.result.replace("_", " ") if out is not None else "?"
    return f"shot at {u.name}: {result} (Toy 3)"


# --------------------------------------------------------------------------- rally (Toy 4)
def _rally_questions(ctx: Ctx) -> list[Question]:
    u = _unit(ctx)
    return [Question("strength", "Strength now", "int", _strength(u), "4", maximum=4, derived=True)]


def _rally_situation(ctx: Ctx) -> Any:
    from tests.toy_pack.pack import RallySituation

    u = _unit(ctx)
    if not u.markers.get("shaken"):
        raise PlayError(f"{u.name} is not shaken")
    return RallySituation(int(ctx.answers["strength"]))


def _rally_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    u = _unit(ctx)
    return [Put("unit", u.id, "shaken", None)] if out and out.result == "rallied" else []


def _rally_summary(ctx: Ctx, out: Outcome | None) -> str:
    return f"{_unit(ctx).name} rallies: {out.result if out else '?'} (Toy 4)"


# --------------------------------------------------------------------------- the turn (Toy 2)
def _next_changes(ctx: Ctx, out: Outcome | None) -> list[Put]:
    state = ctx.state
    nxt, _round, new_turn = TURN.after(state.phase)
    puts = [Put("game", state.game_id, "phase", nxt, column=True)]
    if new_turn:
        puts.append(Put("game", state.game_id, "turn", state.turn + 1, column=True))
    return puts


def _next_summary(ctx: Ctx, out: Outcome | None) -> str:
    nxt, _round, new_turn = TURN.after(ctx.state.phase)
    return f"on to {TURN.heading(ctx.state.turn + int(new_turn), nxt)} (Toy 2)"


def checks() -> dict[str, CheckSpec]:
    """The toy's checks, by key."""
    specs = (
        CheckSpec("shoot", "Shoot at a unit", "3", "shoot", "unit", _shoot_questions,
                  _shoot_situation, _shoot_changes, _shoot_summary,
                  dice_labels=lambda ctx: {"roll": "shooting d6"}),
        CheckSpec("rally", "Rally", "4", "rally", "unit", _rally_questions, _rally_situation,
                  _rally_changes, _rally_summary,
                  dice_labels=lambda ctx: {"roll": "rally d6"}),
        CheckSpec("next_phase", "Next phase", "2", None, "game", lambda ctx: [],
                  lambda ctx: None, _next_changes, _next_summary),
    )  # fmt: skip
    return {s.key: s for s in specs}


def due(state: PlayState, rules: ToyRules) -> list[Due]:
    """In the rally phase each shaken unit may rally; then the next phase."""
    out = []
    if state.phase == "rally":
        out = [Due("rally", f"{u.name} may rally", "4", {"unit_id": u.id})
               for u in state.units if u.markers.get("shaken")]  # fmt: skip
    return [*out, Due("next_phase", "end this phase", "2")]


def edit_refusal(state: PlayState, put: Put, rules: ToyRules) -> str | None:
    """Only ``shaken`` is set by hand."""
    return None if put.entity == "unit" and put.key == "shaken" else f"{put.key} is the checks'"


def declare_play() -> Play:
    """The toy's play."""
    return Play(
        pack=PACK,
        ruleset=RULESET,
        setup=setup,
        checks=checks(),
        due=due,
        turn_label=lambda state: "",
        edit_refusal=edit_refusal,
    )
