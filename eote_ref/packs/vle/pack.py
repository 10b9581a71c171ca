"""The VlE 3rd edition pack's declaration: dice, tables, options, turn, markers, procedures."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from eote_ref.packs.declaration import (
    ArmyListSchema,
    HouseTablesSpec,
    MarkerSpec,
    Pack,
    PhaseSpec,
    ProcedureSpec,
    ResultSpec,
    TurnChange,
    TurnSpec,
)
from eote_ref.packs.dice import Die, Pool, Sum
from eote_ref.packs.tables import Table
from eote_ref.packs.vle import armylist, combat, command, leaders, morale, movement
from eote_ref.packs.vle.data import (
    FIRE_RESULTS,
    MELEE_CELLS,
    fire_table,
    fire_warnings,
    loss_grid,
    melee_table,
)
from eote_ref.packs.vle.model import D6, VleRules

ID = "vle"
TITLE = "Vive l'Empereur! 3rd edition"

#: Each player turn: charges, movement, the enemy's defensive fire, offensive fire, melee,
#: rally (II); two player turns make a game turn, the second player's the same.
TURN = TurnSpec(
    rule="II",
    rounds=2,
    round_label="player turn",
    phases=(
        PhaseSpec(
            "charges",
            "Cavalry charges",
            "IX.1",
            (
                "the phasing player's cavalry charges; the enemy may form square or "
                "countercharge (IX.2, IX.6, IX.7)",
                "no cavalry charges two turns running, with the cavalry rules (XVI.4)",
            ),
            short="Charges",
        ),
        PhaseSpec(
            "movement",
            "Movement",
            "VI.1",
            (
                "units move, change formation and facing, paying MP (VI.2-VI.4)",
                "the enemy may fire at units leaving its front hexes (VII.5)",
            ),
            short="Move",
        ),
        PhaseSpec(
            "defensive_fire",
            "Defensive fire",
            "VII.4",
            ("the other player fires, each unit once (VII.4)",),
            short="Def. fire",
        ),
        PhaseSpec(
            "offensive_fire",
            "Offensive fire",
            "VII.4",
            ("the phasing player fires, each unit once (VII.4)",),
            short="Off. fire",
        ),
        PhaseSpec(
            "melee",
            "Melee",
            "VIII.1",
            (
                "adjacent units attack through their front hexes, charges included (VIII.5, IX.3)",
                "strengths, the ratio for the defender, a d6 on the Melee Table (VIII.8)",
            ),
            short="Melee",
        ),
        PhaseSpec(
            "rally",
            "Rally",
            "XI.2",
            ("disorganized units two turns old may check to rally (XI.1, XI.2)",),
            short="Rally",
        ),
    ),
    new_turn=(
        TurnChange(
            "game_fact",
            "clear",
            "VII.4",
            "the facts of the turn that ended (fire, charges) are cleared: each unit fires "
            "twice a game turn",
        ),
    ),
)

FORMATIONS = (
    "line",
    "column",
    "general_order",
    "square",
    "tirailleur",
    "limbered",
    "unlimbered",
)

UNIT_MARKERS = (
    MarkerSpec("steps", "counter", 0, "III.1", "steps", dashboard="", display="{n} step{s}",
               sheet="boxes"),
    MarkerSpec("steps_lost", "counter", 0, "VII.8", "steps lost", dashboard="L",
               display="{n} lost", editable=True),
    MarkerSpec("formation", "choice", None, "IV.0", choices=FORMATIONS,
               display="square=square,general_order=general order,column=column,"
                       "limbered=limbered",
               editable=True),
    MarkerSpec("disorganized", "counter", 0, "IX.2, XI.1", "disorganized on turn",
               dashboard="D", display="disorganized (turn {n})", editable=True),
    MarkerSpec("routed", "flag", False, "XVI.5", dashboard="R", display="routed",
               sheet="tick"),
    MarkerSpec("straggler", "flag", False, "XII.2", dashboard="S", display="straggler",
               sheet="tick"),
    MarkerSpec("half_loss", "flag", False, "XVI.2", "half a step lost", arms=("artillery",),
               display="half loss", sheet="tick"),
    MarkerSpec("charged", "flag", False, "XVI.4", arms=("cavalry",), lasts="turn",
               carried_to="charged_last_turn", display="charged"),
    MarkerSpec("charged_last_turn", "flag", False, "XVI.4", arms=("cavalry",),
               display="charged last turn"),
    MarkerSpec("fired", "counter", 0, "VII.4", limit=2, lasts="turn", dashboard="F"),
    MarkerSpec("eliminated", "flag", False, "VII.9", dashboard="X", display="eliminated",
               sheet="tick", off_map="while_set"),
    MarkerSpec("arrives", "counter", 0, "XIII", off_map="until_turn"),
    # The counter's printed values and its start strength: set-up facts, not shown.
    MarkerSpec("start", "counter", 0, "III.1"),
    MarkerSpec("fire", "counter", 0, "VII.1"),
    MarkerSpec("melee", "counter", 0, "VIII.3"),
    MarkerSpec("morale", "counter", 0, "X"),
    MarkerSpec("movement", "counter", 0, "VI.1"),
    MarkerSpec("range", "counter", 0, "VII.2"),
)  # fmt: skip

SIGNED = tuple(str(n) for n in range(-3, 7))

LEADER_MARKERS = (
    MarkerSpec("killed", "flag", False, "XIV.5", display="killed", sheet="tick"),
    MarkerSpec("wounded_until", "counter", 0, "XVII.1", "back on turn",
               display="wounded until turn {n}"),
    MarkerSpec("substitute", "flag", False, "XIV.6", display="substitute"),
    MarkerSpec("army_commander", "flag", False, "XIV"),
    # A leader's bonuses may be negative (the King of Prussia's combat -1, XIV.3): kept as
    # the signed numbers' text, read back as numbers.
    MarkerSpec("combat", "choice", None, "XIV.2", choices=SIGNED),
    MarkerSpec("morale", "choice", None, "XIV.2", choices=SIGNED),
    MarkerSpec("initiative", "counter", 0, "XVII.7"),
    # His initiative (XVII.7): the turn his command's units take the malus, and its size.
    MarkerSpec("initiative_turn", "counter", 0, "XVII.7", "his units' malus on turn"),
    MarkerSpec("initiative_malus", "counter", 0, "XVII.7", "his units' morale malus"),
    MarkerSpec("obedience", "counter", 0, "XVII.6"),
)  # fmt: skip


def quick_reference_html(state: Any, rules: VleRules, where: str) -> str:
    """The game's reference sheet: its tables as it reads them, a club's cells marked ‡."""
    import dataclasses

    from eote_ref.packs.printed import reference_sheet_html

    pack = declare()
    house = state.pack_state.get("house_tables") or {}
    named = f"; house tables: {house.get('name')}" if house else ""
    notes = (f"{state.name}, {where}{named}.", *pack.reference_notes)
    shown = dataclasses.replace(
        pack, tables={**pack.tables, **rules.tables()}, reference_notes=notes
    )
    return reference_sheet_html(shown)


def record_sheets_html(state: Any, rules: VleRules, where: str) -> str:
    """The loss sheets as the game stands (VII.8): a box a step, those lost ticked."""
    from eote_ref.packs.printed import boxes, esc, page, rows_table

    parts = [f'<p class="title">{esc(state.name)} — loss sheets</p><p class="sub">{esc(where)}</p>']
    for side in state.sides:
        lost = int(side.pack_state.get("losses", 0))
        level = side.pack_state.get("demoralize_at")
        head = f"{side.name}: {lost} steps lost" + (f" of {level} (XII)" if level else "")
        if side.pack_state.get("demoralized"):
            head += ", demoralized"
        parts.append(f'<p class="h">{esc(head)}</p>')
        for corps in (c for c in state.commands if c.side_id == side.id):
            rows = [["unit", "fire", "melee", "morale", "MP", "steps", "state"]]
            for u in (u for u in state.units if u.command_id == corps.id):
                m = u.markers
                start, now = int(m.get("start", 1)), int(m.get("steps", 1))
                said = [w for w, on in (("disorganized", m.get("disorganized")),
                                        ("routed", m.get("routed")),
                                        ("straggler", m.get("straggler")),
                                        ("eliminated", m.get("eliminated"))) if on]  # fmt: skip
                rows.append([esc(u.name), str(m.get("fire", 0)), str(m.get("melee", 0)),
                             str(m.get("morale", 0)), str(m.get("movement", 0)),
                             boxes(start, ticked=start - now), esc(", ".join(said))])  # fmt: skip
            parts.append(f"<p>{esc(corps.name)}</p>" + rows_table(rows))
    return page(f"{state.name} loss sheets", "".join(parts))


def rules(options: Mapping[str, Any]) -> VleRules:
    """The VlE rules with ``options`` chosen (PackError on a bad one)."""
    return VleRules().with_options(options)


def _codes(*codes: str) -> tuple[ResultSpec, ...]:
    # Each tone is for the unit the check is made on: a fire's or a battery's result for the
    # unit fired on (nothing happens to it: good news, VII.3, XVI.2), a charge's for the
    # infantry charged (IX.6), as EotE's tones are for the party tested.
    good = {"passed", "obeyed", "changed", "next_turn", "allowed", "playable", "unhurt"}
    good |= {"no_effect", "battery_0", "0"}
    neutral = {"bonus", "none"}
    return tuple(
        ResultSpec(c, "good" if c in good else "neutral" if c in neutral else "bad") for c in codes
    )


#: A battery's losses to artillery fire (XVI.2) in words: its codes read "battery 1".
_BATTERY_SAID = {f"battery_{n}": f"the battery loses {n} step{'s' if n > 1 else ''}"
                 for n in (1, 2, 3)} | {"battery_0": "the battery loses no step"}  # fmt: skip

MORALE_CODES = _codes(*morale.RESULTS)

PROCEDURES = (
    ProcedureSpec("morale", "X.2", "a unit's morale check with every modifier (X.1-X.4)",
                  morale.MoraleSituation, morale.morale, {"dice": "d6 list (two dice)"},
                  MORALE_CODES),
    ProcedureSpec("loss_malus", "X.4", "the loss grid's morale malus", morale.LossMalusSituation,
                  morale.loss_malus_procedure, {}, _codes("none", "minus_1", "minus_2")),
    ProcedureSpec("rally", "XI.2", "a disorganized unit tries to rally", morale.RallySituation,
                  morale.rally, {"dice": "d6 list (two dice)"}, MORALE_CODES),
    ProcedureSpec("square", "IX.6", "infantry tries to form square against a charge",
                  morale.SquareSituation, morale.square, {"dice": "d6 list (two dice)"},
                  MORALE_CODES),
    ProcedureSpec("countercharge", "IX.7", "cavalry tries to countercharge",
                  morale.CounterchargeSituation, morale.countercharge,
                  {"dice": "d6 list (two dice)"}, MORALE_CODES),
    ProcedureSpec("withdrawal", "VI.8", "cavalry withdraws before an enemy",
                  morale.WithdrawalSituation, morale.withdrawal, {"dice": "d6 list (two dice)"},
                  MORALE_CODES),
    ProcedureSpec("fire", "VII.3", "a fire attack through the Fire Table (cells provisional)",
                  combat.FireSituation, combat.fire, {"roll": "d6"},
                  _codes("no_effect", "morale_check", "loss_1", "loss_2", "loss_3")),
    ProcedureSpec("melee", "VIII.8", "a melee through the Melee Table (cells provisional)",
                  combat.MeleeSituation, combat.melee, {"roll": "d6"},
                  (ResultSpec("A/D", "neutral", "attacker's result / defender's result: 0 1 * "
                              "1* D D1 D2 E"),)),
    ProcedureSpec("charge_addon", "IX.6", "a charged infantry's result one step worse",
                  combat.ChargeAddonSituation, combat.charge_addon, {},
                  _codes("0", "1", "2", "*", "1*", "2*", "D", "D1", "D2", "E")),
    ProcedureSpec("artillery_losses", "XVI.2", "a battery's losses to artillery fire (A or B)",
                  combat.ArtilleryLossSituation, combat.artillery_losses,
                  {"rolls": "d6 list (one per step)"},
                  tuple(replace(r, label=_BATTERY_SAID[r.code]) for r in
                        _codes("battery_0", "battery_1", "battery_2", "battery_3"))),
    ProcedureSpec("leader_bonus", "XIV.4", "the bonus one of the hex's leaders gives",
                  leaders.LeaderBonusSituation, leaders.leader_bonus, {}, _codes("bonus", "none")),
    ProcedureSpec("leader_casualty", "XIV.5", "is a leader hit, wounded or killed",
                  leaders.CasualtySituation, leaders.leader_casualty,
                  {"roll": "d6", "roll_2": "d6", "wound_roll": "d6"},
                  _codes("unhurt", "wounded", "killed")),
    ProcedureSpec("army_morale", "XII", "is the army or corps demoralized (XII, XVI.8)",
                  command.ArmyMoraleSituation, command.army_morale,
                  {"level_roll": "d6", "level_roll_2": "d6"}, _codes("holding", "demoralized")),
    ProcedureSpec("obedience", "XVII.6", "does a leader obey a new order",
                  command.ObedienceSituation, command.obedience, {"roll": "d6"},
                  _codes("obeyed", "delayed")),
    ProcedureSpec("order_delay", "XVII.6", "the delay check after a failed obedience",
                  command.DelaySituation, command.order_delay, {"roll": "d6"},
                  _codes("next_turn", "one_turn_late", "never")),
    ProcedureSpec("initiative", "XVII.7", "a corps commander changes his tactic on his own",
                  command.InitiativeSituation, command.initiative, {"roll": "d6"},
                  _codes("changed", "refused")),
    ProcedureSpec("orders", "XVII.3", "what an order asks of a corps, orders a turn",
                  command.OrderScopeSituation, command.orders, {},
                  _codes("attack", "march", "defense", "withdrawal", "retreat", "reserve")),
    ProcedureSpec("time_limit", "XIX.2", "the morale malus for time over the limit",
                  command.TimeLimitSituation, command.time_limit, {},
                  tuple(ResultSpec(f"malus_{k}", "bad" if k else "good") for k in range(6))),
    ProcedureSpec("random_event", "XXII.3", "may an event be played now, and what it does",
                  command.EventSituation, command.random_event, {},
                  _codes("playable", "not_allowed")),
    ProcedureSpec("stacking", "V.1", "may these units share a hex", movement.StackingSituation,
                  movement.stacking, {}, _codes("allowed", "not_allowed")),
    ProcedureSpec("movement", "VI.1", "the MP a move or charge costs, and is it allowed",
                  movement.MovementSituation, movement.movement, {},
                  _codes("allowed", "not_allowed")),
)  # fmt: skip


@functools.cache
def declare() -> Pack:
    """The VlE pack (built once per process)."""
    dice: dict[str, Die | Sum | Pool] = {"d6": D6, "2d6": Sum(D6, 2), "morale_dice": Pool(D6, 2)}
    tables: dict[str, Table] = {
        "loss_malus": loss_grid(),
        "fire": fire_table(),
        "melee": melee_table(),
    }
    base = VleRules()
    return Pack(
        id=ID,
        title=TITLE,
        dice=dice,
        tables=tables,
        options=base.option_specs(),
        procedures={p.name: p for p in PROCEDURES},
        configure=base.with_options,
        unit_types=("infantry", "cavalry", "artillery"),
        army_list=ArmyListSchema(
            check=armylist.check_document,
            summary=armylist.summary,
            record_sheets_html=armylist.record_sheets_html,
            dump=armylist.dump_list,
            form=armylist.FORM,
        ),
        turn=TURN,
        unit_markers=UNIT_MARKERS,
        leader_markers=LEADER_MARKERS,
        house_tables=HouseTablesSpec(
            values={"fire": FIRE_RESULTS, "melee": MELEE_CELLS},
            apply=lambda rules, cells: rules.with_house(cells),
            warn=fire_warnings,
        ),
        game_sheets={"record sheets": record_sheets_html, "quick reference": quick_reference_html},
        reference_notes=(
            "Fire: rows the modified d6, columns the combined fire value; * a morale check, a "
            "number the steps lost, each with a check (VII.3). Melee: rows the modified d6, "
            "columns the ratio rounded for the defender; each cell attacker/defender (VIII.8). "
            "A value marked † is provisional (the text's table cannot be read): a club types "
            "its play aid's in a house table file; ‡ marks a club's (house) value.",
            "Loss grid: rows the original steps, columns the current; - no effect (X.4).",
        ),
    )
