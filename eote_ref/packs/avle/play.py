"""AVlE 1.2 played in the referee: set-up, the turn of six rounds, its checks, what falls due.

The shared referee (:mod:`eote_ref.referee.pack_play`) runs these; this module names the
pack's state keys and reads nothing but the standard library and the pack's procedures.

State kept (every key is written and undone by the journal one at a time):

* the game's ``phase`` column: ``card``, ``orders`` or ``victory``, the phases of the pack's
  declared turn (``pack.TURN``), whose heading, ``new_round`` and ``new_turn`` the referee
  and :func:`eote_ref.packs.play.turn_puts` read.
* ``game.pack_state``: ``round`` (1..6 of the turn, 5.0; the turn is the game's ``turn``
  column), ``first_order`` and ``to_order`` (the side ids giving the first and the next
  order, 5.1), ``pending`` (checks a result called for: a General hit, a morale test),
  ``victory`` once a side has won (4.2); ``scenario`` when one was chosen, a hypothetical
  battle's ``deployment`` (14.0, once made) and ``initiative`` (the side id of the
  exploration's winner, who gives the first order each round, 14.0); ``charges``, the
  round's charges declared as ``[charger id, charged id]`` pairs (9.3: the shock that
  follows falls on the unit charged), and ``counter_shocks``, the ids of the units that
  have made their shock of a counter-charge (9.3, 7.0.1: one each), both cleared with the
  round.
* ``game_side.pack_state``: ``flag`` (9.3), ``hand`` (the six cards of this turn, 4.1; None
  until chosen), ``last_hand``, ``played`` (this turn's cards in order), ``card`` (this
  round's), ``last_card`` (the round before's, 5.1), ``rolled`` (this round's command dice
  as rolled, by face), ``command_dice`` (the orders
  still to give this round, by face; ``automatic`` for an automatic card), ``units_lost`` and
  ``generals_lost`` (counted against this side, 4.2, 9.4.3), ``garrisons_lost`` (its set-up
  garrisons eliminated, counted for victory only by option ``setup_garrisons``, 6.0),
  ``wins_at`` (the enemy units this side must eliminate for a substantial victory, 4.2: a
  scenario's count set by hand, absent for 14.0's 9), ``wins_at_by_nation`` (13.1:
  Waterloo's French count of English units alone, ``{"english": 12}``; the Allied losses
  are then counted by their units' flags), ``arrival_roll`` (the ``[turn, round]`` of its
  last arrival roll, 13.1, 14.0).
* ``game_unit.markers``: ``elements``, ``start`` (the elements it started with, 12.0),
  ``arrives`` (the turn it comes on, 4.1), ``flag``, ``eliminated``, ``passed_morale``
  (15.0), ``withdrawn`` (off the map after its passed test, 15.0), ``formation``
  (``square`` after a reaction, 9.3) and the round's ``ordered``, ``fired``, ``reacted``,
  ``fired_on``, ``retreated`` (10.1 D: it fires but does not move), ``stopped`` (cavalry
  halted by a battery's reaction, 9.3), cleared at the end of the round; ``held``
  (``prussian`` or ``reinforcement``: off the map until an arrival roll brings it, 13.1, 14.0) and
  ``entered`` (the sector or the hex it came in at). A reinforcement enters the sector its d6 gave:
  the shared column ``game_unit.command_id``.
* ``game_leader.markers``: ``arrives``, ``held`` and ``entered`` (a Prussian General,
  13.1), ``flag`` (his list's, the nation he counts for when lost, 9.4.3, 13.1),
  ``killed`` (9.4), ``captured`` (9.4.2), the round's
  ``ordered`` (a General given an order on his own, 5.1); the unit a
  General is attached to is the shared column ``game_unit.attached_leader_id`` (6.3.1).

The sectors are the commands (``Left``, ``Centre``, ``Right``, level ``sector``; 3.1), the
Generals their leaders (level ``general``). Standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eote_ref.packs.avle import campaign as campaign_mod
from eote_ref.packs.avle import play_arrivals as arrivals
from eote_ref.packs.avle import play_combat as combat
from eote_ref.packs.avle import play_turn as turn
from eote_ref.packs.avle import play_withdraw as withdraw
from eote_ref.packs.avle import scenario_file
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.avle.play_state import (
    CARD_PHASE,
    GENERAL_LEVEL,
    RULESET,
    SECTOR_LEVEL,
    SECTORS,
    WINS_AT_BY_NATION,
    edit_refusal,
    option_words,
    orders_left,
    round_of,
    state_words,
    turn_label,
    type_words,
    words,
)
from eote_ref.packs.avle.scenario_names import LIGNY, SCENARIOS, scenario_refusal
from eote_ref.packs.play import (
    CheckSpec,
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
)

# ----------------------------------------------------------------------------- set-up
#: Waterloo's counts of enemy units to eliminate (13.1; source: text): the French win at 15
#: English and Prussian units together, the Allies at 14 French units.
WATERLOO_WINS_AT = {"french": 15, "allied": 14}
#: 13.1's other French count (source: text): 12 English units alone. Kept as the French
#: side's ``wins_at_by_nation``: the victory check then counts the Allied losses by nation.
WATERLOO_FRENCH_WINS_AT_ENGLISH = 12
#: Ligny's counts (13.3; source: text): 9 Prussian units for the French, 11 French for the
#: Prussians.
LIGNY_WINS_AT = {"french": 9, "allied": 11}


def setup(
    sides: Sequence[tuple[str, Sequence[tuple[str, Any]]]],
    rules: AvleRules,
    scenario: str | None = None,
) -> Plan:
    """The game of two sides of AVlE lists: a sector a command, Generals as its leaders.

    With ``scenario`` ``quatre_bras`` each side's count of enemy units to eliminate is 13.2's
    and substantial victory is checked after each complete turn (option
    ``substantial_check=turn``, unless chosen otherwise); ``waterloo`` and ``ligny`` take
    13.1's and 13.3's counts; without, 14.0's count. A unit or General with a set-up hex
    (13.1-13.3) carries it as its ``hex`` marker.
    """
    if scenario is not None and scenario not in SCENARIOS:
        raise PlayError(f"unknown scenario '{scenario}' (known: {', '.join(SCENARIOS)})")
    if scenario is not None:
        refusal = scenario_refusal(scenario, [[a for _f, a in lists] for _n, lists in sides])
        if refusal:
            raise PlayError(f"not offered: {refusal}")
    plan_sides: list[PlanSide] = []
    for name, lists in sides:
        if not lists:
            raise PlayError(f"{name} has no army list")
        flag = lists[0][1].flag
        units: dict[str, list[PlanUnit]] = {s: [] for s in SECTORS}
        leaders: dict[str, list[PlanLeader]] = {s: [] for s in SECTORS}
        seen: set[str] = set()
        for _file, army in lists:
            for u in army.units:
                if u.name in seen:
                    raise PlayError(f"{name}: two units called {u.name!r}")
                seen.add(u.name)
                kind = rules.data.units[u.type]
                start = u.elements or kind.elements
                markers: dict[str, Any] = {
                    "elements": start,
                    "start": start,
                    "arrives": u.arrives,
                    "flag": u.flag or army.flag,
                }
                if u.hex:
                    markers["hex"] = u.hex
                if scenario == arrivals.WATERLOO and markers["flag"] == "prussian":
                    markers["held"] = arrivals.PRUSSIAN  # 13.1: they come by the dice
                units[u.sector].append(
                    PlanUnit(u.name, kind.arm, u.type, u.nation or army.nation, markers)
                )
            for g in army.generals:
                # His nation, for victory by nation (9.4.3, 13.1): his list's flag.
                g_markers: dict[str, Any] = {"arrives": g.arrives, "flag": army.flag}
                if g.hex:
                    g_markers["hex"] = g.hex
                if scenario == arrivals.WATERLOO and army.flag == "prussian":
                    g_markers["held"] = arrivals.PRUSSIAN
                leaders[g.sector].append(PlanLeader(g.name, GENERAL_LEVEL, g_markers, g.attached))
        side_state: dict[str, Any] = {"flag": flag, "last_hand": [], "played": [],
                                      "units_lost": 0, "generals_lost": 0}  # fmt: skip
        if scenario == "quatre_bras":
            qb = rules.data.quatre_bras
            side_state["wins_at"] = (
                qb.french_wins_at if flag == "french" else qb.allied_wins_at
            ).value
        elif scenario == arrivals.WATERLOO:
            side_state["wins_at"] = WATERLOO_WINS_AT["french" if flag == "french" else "allied"]
            if flag == "french":
                side_state[WINS_AT_BY_NATION] = {"english": WATERLOO_FRENCH_WINS_AT_ENGLISH}
        elif scenario == LIGNY:
            side_state["wins_at"] = LIGNY_WINS_AT["french" if flag == "french" else "allied"]
        plan_sides.append(
            PlanSide(
                name,
                tuple(f for f, _ in lists),
                tuple(
                    PlanCommand(s.title(), SECTOR_LEVEL, tuple(units[s]), tuple(leaders[s]))
                    for s in SECTORS
                ),
                # An absent key reads as None: the journal removes a key set to None.
                side_state,
            )
        )
    return Plan(
        ruleset=RULESET,
        ruleset_version=rules.data.version,
        phase=CARD_PHASE,
        sides=tuple(plan_sides),
        pack_state={"round": 1, "pending": []} | ({"scenario": scenario} if scenario else {}),
        options=(
            {"substantial_check": "turn"}
            if scenario == "quatre_bras" and "substantial_check" not in rules.chosen
            else {}
        ),
    )


# ----------------------------------------------------------------------------- what falls due
def due(state: PlayState, rules: AvleRules) -> list[Due]:
    """The turn guide now, in the order the table takes it.

    A hypothetical battle's deployment before anything (14.0); then the checks a result
    called for (a General hit, a morale test), the round's arrival rolls (14.0, 13.1), 4.1's
    hands, 5.1's cards and orders, and 4.2's check after the round.
    """
    if state.pack_state.get("victory"):
        return []
    if arrivals.deployment_due(state):
        return [Due("deployment", "deploy the armies: exploration and reinforcements held back",
                    "14.0")]  # fmt: skip
    r = round_of(state)
    out = [
        Due(p["check"], p["label"], p["rule"], dict(p["target"]))
        for p in state.pack_state.get("pending") or []
    ]
    rolls = arrivals.arrivals_due(state, rules)
    if rolls:  # before the hand (14.0) and the cards (13.1)
        return out + rolls
    hands = [
        Due("hand", f"{s.name}: choose the hand of 6 cards for turn {state.turn}", "4.1",
            {"side_id": s.id})
        for s in state.sides
        if s.pack_state.get("hand") is None
    ]  # fmt: skip
    if hands:
        return out + hands
    if any(s.pack_state.get("card") is None for s in state.sides):
        return [*out, Due("round", f"round {r}: both play a card and roll the command dice", "5.1")]
    to_order = state.pack_state.get("to_order")
    for s in state.sides:
        left = orders_left(s)
        if left and s.id == to_order:
            out.append(
                Due("order", f"{s.name}: give an order ({left} left this round)", "5.1",
                    {"side_id": s.id})
            )  # fmt: skip
            out += [
                Due("general_order", f"{s.name}: order {g.name} on his own (General die)",
                    "5.1", {"leader_id": g.id})
                for g in turn.lone_generals(state, s)
            ]  # fmt: skip
            out.append(Due("pass", f"{s.name}: no more orders this round", "5.1",
                           {"side_id": s.id}))  # fmt: skip
    out.append(Due("victory", f"end of round {r}: check victory, then the next round", "4.2"))
    return out


# ----------------------------------------------------------------------------- the checks
def checks() -> dict[str, CheckSpec]:
    """Every AVlE check of the referee, by key: the turn's, combat's, withdraw, arrivals, pass."""
    return {
        s.key: s
        for s in (
            *turn.checks(),
            *combat.checks(),
            *withdraw.checks(),
            *arrivals.checks(),
            turn.pass_check(),
        )
    }


#: What the game's fog of war (View → Fog of war) hides of the other side's units. House
#: choices: the text hides nothing on the table, where the chips show each unit's elements
#: (1.1); a club playing with fog counts them, and a passed morale test (15.0), only for the
#: unit's own side. The hands are hidden with or without fog (``hidden``: 5.1, both sides
#: play a card at the same time).
FOG = (
    FogKey("unit", "elements", "1.1", "house", "the elements a unit has left"),
    FogKey("unit", "passed_morale", "15.0", "house", "a unit's passed morale test (15.0)"),
)


def declare_play() -> Play:
    """AVlE's play for the referee."""
    return Play(
        pack="avle",
        ruleset=RULESET,
        setup=setup,
        checks=checks(),
        due=due,
        turn_label=turn_label,
        words=words,
        state_words=state_words,
        option_words=option_words,
        unit_type_words=type_words,
        # The players see the cards played (``played``, ``card``), never a hand (4.1).
        hidden={"side": frozenset({"hand", "last_hand"})},
        fog=FOG,
        fog_words="elements and morale",
        scenarios=SCENARIOS,
        scenario_refusal=scenario_refusal,
        edit_refusal=edit_refusal,
        campaign=campaign_mod.declare(),
        scenario_section=scenario_file.declare(),
        scenario_of=lambda state: state.pack_state.get("scenario"),
    )
