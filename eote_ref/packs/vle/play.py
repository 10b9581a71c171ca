"""VlE played in the referee: set-up, the player turns, its checks and what falls due.

The shared referee (:mod:`eote_ref.referee.pack_play`) runs these; this module names the
pack's state keys and reads nothing but the standard library and the pack's procedures.

State kept (every key written and undone by the journal one at a time):

* the game's ``phase`` column: the phases of ``pack.TURN``; ``game.pack_state``: ``round``
  (1 or 2: whose player turn, II), ``scenario``, ``pending`` (morale checks a fire result
  called for, VII.9);
* ``game_side.pack_state``: ``nation``, ``position``, ``losses`` (steps lost, XII),
  ``demoralize_at`` (the battle's level), ``demoralized`` (XII);
* ``game_unit.markers``: ``steps``, ``start``, the counter's values ``fire``, ``melee``,
  ``morale``, ``movement``, ``range``, and ``disorganized`` (the turn of its marker),
  ``routed``, ``straggler``, ``eliminated``, ``formation``, the turn's ``fired``,
  ``formation_before_countercharge`` (from a passed countercharge to its melee,
  the cavalry put out of the fight or the phase's end, IX.7);
* ``game_leader.markers``: ``combat``, ``morale``, ``initiative``, ``obedience``,
  ``army_commander``, ``killed``, ``wounded_until``.

The corps are the commands (level ``corps``), their leaders level ``leader``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from eote_ref.packs.play import (
    Due,
    FogKey,
    Plan,
    PlanCommand,
    PlanLeader,
    PlanSide,
    PlanUnit,
    Play,
    PlayError,
    PlayState,
    Put,
    possessive,
)
from eote_ref.packs.vle import scenario_file
from eote_ref.packs.vle.model import VleRules
from eote_ref.packs.vle.play_checks import FIRST_PHASE, checks
from eote_ref.packs.vle.play_words import words
from eote_ref.packs.vle.scenarios import BATTLES

RULESET = "vle-3"
PACK = "vle"

#: The markers a check sets that the umpire may also set by hand.
EDITABLE = frozenset({"formation", "disorganized", "steps_lost", "routed", "straggler"})


def setup(
    sides: Sequence[tuple[str, Sequence[tuple[str, Any]]]],
    rules: VleRules,
    scenario: str | None = None,
) -> Plan:
    """The game of two sides of VlE lists: a corps a command, its leader with it."""
    battle = None
    if scenario is not None:
        if scenario not in BATTLES:
            raise PlayError(f"unknown scenario '{scenario}' (known: {', '.join(BATTLES)})")
        battle = BATTLES[scenario]
    plan_sides: list[PlanSide] = []
    for position, (name, lists) in enumerate(sides, start=1):
        if not lists:
            raise PlayError(f"{name} has no army list")
        commands: dict[str, tuple[list[PlanUnit], list[PlanLeader]]] = {}
        nation = lists[0][1].nation
        for _file, army in lists:
            for u in army.units:
                markers = {
                    "steps": u.steps, "start": u.steps, "fire": u.fire, "melee": u.melee,
                    "morale": u.morale, "movement": u.movement, "range": u.range,
                    "formation": "column" if u.arm != "artillery" else "limbered",
                    "arrives": u.arrives,
                }  # fmt: skip
                commands.setdefault(u.corps, ([], []))[0].append(
                    PlanUnit(u.name, u.arm, u.arm, army.nation, markers)
                )
            for ld in army.leaders:
                corps = ld.corps or army.corps()[0]
                lm = {
                    "combat": str(ld.combat), "morale": str(ld.morale), "initiative": ld.initiative,
                    "obedience": ld.obedience, "army_commander": ld.army_commander,
                }  # fmt: skip
                commands.setdefault(corps, ([], []))[1].append(PlanLeader(ld.name, "leader", lm))
        side_state: dict[str, Any] = {"nation": nation, "position": position, "losses": 0}
        if battle is not None and battle.threshold(nation) is not None:
            side_state["demoralize_at"] = battle.threshold(nation)
        plan_sides.append(
            PlanSide(
                name,
                tuple(f for f, _ in lists),
                tuple(
                    PlanCommand(c, "corps", tuple(us), tuple(ls))
                    for c, (us, ls) in commands.items()
                ),
                side_state,
            )
        )
    state: dict[str, Any] = {"round": 1, "pending": []}
    if battle is not None:
        state |= {"scenario": battle.key, "turns": battle.turns,
                  "time_limit": battle.time_limit_seconds}  # fmt: skip
    return Plan(
        ruleset=RULESET,
        ruleset_version="3",
        phase=FIRST_PHASE,
        sides=tuple(plan_sides),
        pack_state=state,
    )


def due(state: PlayState, rules: VleRules) -> list[Due]:
    """The pending morale checks, the rally phase's candidates, army morale, the next phase."""
    out = [
        Due(p["check"], p["label"], p["rule"], dict(p["target"]))
        for p in state.pack_state.get("pending") or []
    ]
    if state.phase == "rally":
        player = acting_side(state)  # the phasing player's units rally (II, XI.2)
        for u in state.units:
            if player is not None and u.side_id != player:
                continue
            since = int(u.markers.get("disorganized", 0) or 0)
            out_of_it = u.markers.get("eliminated") or u.markers.get("straggler")  # XII.2
            if since and state.turn - since >= 2 and not out_of_it:
                out.append(Due("rally", f"{u.name} may try to rally", "XI.1", {"unit_id": u.id}))
    for s in state.sides:
        level = s.pack_state.get("demoralize_at")
        losses = int(s.pack_state.get("losses", 0))
        if level and losses >= int(level) and not s.pack_state.get("demoralized"):
            out.append(Due("army_morale", f"{s.name}: losses reach the level", "XII",
                           {"side_id": s.id}))  # fmt: skip
    if not state.pack_state.get("pending"):
        out.append(Due("next_phase", "end this phase", "II"))
    return out


def _player(state: PlayState) -> Any:
    """The side whose player turn it is (II), or None."""
    player = int(state.pack_state.get("round", 1))
    return next((s for s in state.sides if s.pack_state.get("position") == player), None)


def turn_label(state: PlayState) -> str:
    """Whose player turn it is (II)."""
    side = _player(state)
    return f"{possessive(side.name)} player turn" if side else ""


def acting_side(state: PlayState) -> int | None:
    """The id of the side whose player turn it is: every phase of it is that player's (II)."""
    side = _player(state)
    return int(side.id) if side is not None else None


def edit_refusal(state: PlayState, put: Put, rules: VleRules) -> str | None:
    """Only a unit's state markers are set by hand; the counters' values are the list's."""
    if put.entity == "unit" and put.key in EDITABLE:
        return None
    return f"{put.key} is set by the checks, not by hand"


def state_words(key: str, value: Any, rules: VleRules) -> str | None:
    """A side's state in words."""
    words: Mapping[str, str] = {"nation": "", "position": "", "demoralize_at": "demoralized at"}
    if key in words and not words[key]:
        return ""
    if key == "demoralized":
        return "demoralized" if value else ""
    if key == "losses":
        return f"{value} steps lost"
    if key == "demoralize_at":
        return f"demoralized at {value} steps lost"
    return None


#: What the game's fog of war hides of the other side. House choices: XX says the counters
#: show each unit's strength to both players; a club playing with fog keeps a unit's steps
#: and losses to its own side, and the army's demoralization threshold, which the text keeps
#: from the players only when modulated (XVI.8).
FOG = (
    FogKey("unit", "steps", "XX", "house", "a unit's steps"),
    FogKey("unit", "steps_lost", "XX", "house", "a unit's steps lost"),
    FogKey("side", "losses", "XX", "house", "the army's steps lost"),
    FogKey("side", "demoralize_at", "XVI.8", "house", "the army's demoralization threshold"),
)


def declare_play() -> Play:
    """The VlE play."""
    return Play(
        pack=PACK,
        ruleset=RULESET,
        setup=setup,
        checks=checks(),
        due=due,
        turn_label=turn_label,
        acting_side=acting_side,
        words=words,
        state_words=state_words,
        fog=FOG,
        fog_words="steps and losses",
        scenarios={k: b.title for k, b in BATTLES.items()},
        edit_refusal=edit_refusal,
        scenario_section=scenario_file.declare(),
    )
