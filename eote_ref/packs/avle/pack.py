"""The AVlE 1.2 pack's declaration: dice, tables, options, procedures and their results."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from eote_ref.packs.avle import (
    armylist,
    cards,
    fire,
    garrisons,
    generals,
    markers,
    movement,
    orders,
    play_sheets,
    printed,
    rally,
    reaction,
    scenarios,
    targets,
    victory,
)
from eote_ref.packs.avle.data import load_default
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.declaration import (
    ArmyListSchema,
    Pack,
    PhaseSpec,
    ProcedureSpec,
    ResultSpec,
    TurnChange,
    TurnSpec,
)
from eote_ref.packs.dice import Die, Pool, Sum
from eote_ref.packs.tables import Table

ID = "avle"
TITLE = "Advanced Vive l'Empereur 1.2"

#: The turn of AVlE: a hand of six command cards played one a round, so six rounds a turn
#: (4.1, 5.0), each round the four steps of 5.1 (the text numbers six: its steps 3 to 5, the
#: alternating orders and their moves and combats, are one step here), and the victory check
#: the end of every round calls for (4.2). A battle is at most six turns (4.1). The round
#: and the cards are the game's and the sides' ``pack_state``.
TURN = TurnSpec(
    rule="5.0",
    rounds=6,
    turns=6,
    time="one to two hours a turn, 10 to 20 minutes a round",
    phases=(
        PhaseSpec(
            "card",
            "Card played",
            "5.1",
            (
                "each player chooses a command card from the hand and both show them together "
                "(5.1)",
                "an order card names a sector (3.1); an automatic order card an arm (3.2)",
                "the automatic card played last round, even last turn's sixth, may not be "
                "played again now (5.1)",
            ),
            short="Card",
        ),
        PhaseSpec(
            "command_dice",
            "Command dice",
            "5.1",
            (
                "a side with an order card rolls its command dice: five, or as the option for "
                "a coordinated attack says (3.1, 5.1)",
                "each face is one order: an arm's unit in the card's sector, any unit there for "
                "a flag, a General or a unit with one attached anywhere for a General (5.1)",
                "a side with an automatic order card rolls nothing (3.2, 5.1)",
            ),
            short="Command dice",
        ),
        PhaseSpec(
            "orders",
            "Orders in alternation",
            "5.1",
            (
                "first to order: an automatic card, else more units able to act on the card, "
                "else the French (5.1)",
                "the players order one unit each in turn; it moves, fires or shocks at once, "
                "losses and retreats taken before the next order (5.1, 6.0-10.0)",
                "one order a unit a round, though a unit charged may still react (5.1, 9.3)",
                "a unit with losses, ordered and out of the enemy's reach, may rally (12.0)",
            ),
            short="Orders",
        ),
        PhaseSpec(
            "victory",
            "Victory check",
            "4.2",
            (
                "a side left with no unit in one of its three sectors has lost outright: a "
                "decisive victory (4.2)",
                "a side that has eliminated the scenario's number of enemy units wins: a "
                "substantial victory; a General killed or captured counts as a unit (4.2, 9.4.3)",
                "after the sixth turn: fewer units lost wins (marginal), then more elements on "
                "the map (moral) (4.1, 4.2)",
            ),
            short="Victory",
        ),
    ),
    new_round=(
        TurnChange(
            "side.pack_state.card",
            "keep",
            "5.1",
            "the card each side played is kept as its last, to refuse the same automatic card "
            "next round",
            into="side.pack_state.last_card",
        ),
        TurnChange(
            "side.pack_state.command_dice",
            "clear",
            "5.1",
            "the command dice of the round that ended are cleared",
        ),
        TurnChange(
            "game_fact",
            "clear",
            "5.1",
            "the facts of the round that ended (orders given, fire, shocks) are cleared: a "
            "unit takes one order and fires once a round (5.1, 7.0.1)",
        ),
    ),
    new_turn=(
        TurnChange("pack_state.round", "reset", "5.0", "the turn starts at round 1", to=1),
        TurnChange(
            "side.pack_state.hand",
            "deal",
            "4.1",
            "each side forms a new hand of six: the four cards not played and two of the six "
            "played (or as the next_hand option says)",
        ),
        TurnChange(
            "side.pack_state.played", "clear", "4.1", "the cards played last turn are cleared"
        ),
    ),
)


def rules(options: Mapping[str, Any]) -> AvleRules:
    """The shipped AVlE 1.2 rules with ``options`` chosen (PackError on a bad one)."""
    return load_default().with_options(options)


def _combat_results() -> tuple[ResultSpec, ...]:
    codes = [ResultSpec("miss", "good")]
    for loss in range(4):
        for retreat in range(3):
            tone = "good" if (loss, retreat) == (0, 0) else "bad"
            label = f"{loss} lost, {retreat} hex(es) back"
            codes.append(ResultSpec(f"L{loss}R{retreat}", tone, label))
    codes += [ResultSpec("eliminated", "bad"), ResultSpec("morale_test", "bad", "morale test")]
    return tuple(codes)


PROCEDURES = (
    ProcedureSpec(
        "fire",
        "9.0",
        "infantry, artillery or a garrison fires (to hit, then effect)",
        fire.FireSituation,
        fire.fire,
        {"roll": "d10", "effect_roll": "d6"},
        _combat_results(),
    ),
    ProcedureSpec(
        "shock",
        "9.2",
        "cavalry shocks an adjacent enemy (to hit, then effect)",
        fire.ShockSituation,
        fire.shock,
        {"roll": "d10", "effect_roll": "d6"},
        _combat_results(),
    ),
    ProcedureSpec(
        "reaction",
        "9.3",
        "a unit reacts to a cavalry charge (white dice)",
        reaction.ReactionSituation,
        reaction.reaction,
        {"reaction_dice": "action pool", "effect_roll": "d6"},
        (
            ResultSpec("no_reaction", "neutral", "no reaction allowed"),
            ResultSpec("failed", "bad"),
            ResultSpec("square", "good", "forms square"),
            ResultSpec("counter_charge", "good", "counter-charges"),
            ResultSpec("stopped", "good", "charge stopped"),
            ResultSpec("stopped_with_loss", "good", "charge stopped with a loss"),
            ResultSpec("loss_then_shock", "neutral", "charger loses 1, may shock"),
            ResultSpec("charger_eliminated", "good", "charger eliminated"),
            ResultSpec("charger_morale_test", "good", "charger tests its morale (15.0)"),
        ),
    ),
    ProcedureSpec(
        "general_hit",
        "9.4",
        "is a General with a unit that lost elements killed",
        generals.GeneralHitSituation,
        generals.general_hit,
        {"roll": "d10"},
        (ResultSpec("killed", "bad"), ResultSpec("unhurt", "good")),
    ),
    ProcedureSpec(
        "general_capture",
        "9.4.2",
        "is a lone General captured as he retreats",
        generals.GeneralCaptureSituation,
        generals.general_capture,
        {"roll": "d10"},
        (ResultSpec("captured", "bad"), ResultSpec("escaped", "good")),
    ),
    ProcedureSpec(
        "rally",
        "12.0",
        "a unit recovers elements with command dice",
        rally.RallySituation,
        rally.rally,
        {"command_dice": "command pool"},
        (
            ResultSpec("not_allowed", "bad", "may not rally"),
            ResultSpec("recovered_0", "bad", "nothing recovered"),
            ResultSpec("recovered_1", "good", "1 element recovered"),
            ResultSpec("recovered_2", "good", "2 elements recovered"),
        ),
    ),
    ProcedureSpec(
        "morale",
        "15.0",
        "the optional morale test of a unit at its last losses",
        rally.MoraleSituation,
        rally.morale,
        {"roll": "d10"},
        (ResultSpec("holds", "good"), ResultSpec("rout", "bad"), ResultSpec("removed", "bad")),
    ),
    ProcedureSpec(
        "pursuit",
        "9.1.3",
        "must cavalry advance after its target left the hex",
        rally.PursuitSituation,
        rally.pursuit,
        {"roll": "d10"},
        (
            ResultSpec("holds", "neutral"),
            ResultSpec("must_advance", "neutral", "must advance"),
            ResultSpec("free", "neutral", "player's choice"),
            ResultSpec("not_due", "neutral", "no pursuit: the target stayed"),
        ),
    ),
    ProcedureSpec(
        "victory",
        "4.2",
        "who has won at the end of a round",
        victory.VictorySituation,
        victory.victory,
        {},
        tuple(
            ResultSpec(c, "neutral")
            for c in ("none", "decisive", "substantial", "marginal", "moral", "drawn")
        ),
    ),
    ProcedureSpec(
        "orders",
        "5.1",
        "each side's command dice and who gives the first order",
        orders.OrdersSituation,
        orders.orders,
        {},
        (ResultSpec("rolled", "neutral"),),
    ),
    ProcedureSpec(
        "prussian_arrival",
        "13.1",
        "a Prussian unit arriving at Waterloo",
        orders.ArrivalSituation,
        orders.prussian_arrival,
        {
            "flag_die": "action",
            "type_die": "command",
            "entry_roll": "d6",
            "chosen_entry_rolls": "d6 list (one per unit chosen)",
        },  # fmt: skip
        tuple(
            ResultSpec(c, "neutral")
            for c in ("none", "infantry", "cavalry", "artillery", "general", "choice")
        ),
    ),
    ProcedureSpec(
        "hand",
        "4.1",
        "is a hand of command cards lawful",
        victory.HandSituation,
        victory.hand,
        {},
        (ResultSpec("valid", "good"), ResultSpec("invalid", "bad")),
    ),
    ProcedureSpec(
        "deployment",
        "14.0",
        "how the players of a hypothetical battle deploy (exploration d6)",
        scenarios.DeploymentSituation,
        scenarios.deployment,
        {},
        (
            ResultSpec("screen", "neutral", "both deploy at once, hidden"),
            ResultSpec("three_and_two", "neutral", "loser 3 units at a time, winner 2"),
            ResultSpec("four_and_two", "neutral", "loser 4 units at a time, winner 2"),
            ResultSpec("loser_all_first", "neutral", "loser places all units first"),
            ResultSpec("alternate_three_two", "neutral", "Allies 3 at a time, French 2 (4.0)"),
        ),
    ),
    ProcedureSpec(
        "reinforcement",
        "14.0",
        "does a hypothetical battle's held-back unit arrive this round, and where",
        scenarios.ReinforcementSituation,
        scenarios.reinforcement,
        {"type_dice": "command pool (1 or 2)", "sector_rolls": "d6 list (one per arrival)"},
        tuple(
            ResultSpec(c, "neutral" if c == "none" else "good")
            for c in (
                "none",
                "infantry",
                "cavalry",
                "artillery",
                "infantry+infantry",
                "infantry+cavalry",
                "infantry+artillery",
                "cavalry+cavalry",
                "cavalry+artillery",
                "artillery+artillery",
            )
        ),  # fmt: skip
    ),
    ProcedureSpec(
        "quatre_bras",
        "13.2",
        "do the French control Quatre Bras (decisive victory)",
        scenarios.QuatreBrasSituation,
        scenarios.quatre_bras,
        {},
        (
            ResultSpec("decisive", "neutral", "French decisive victory"),
            ResultSpec("not_controlled", "neutral", "not controlled"),
        ),
    ),
    ProcedureSpec(
        "cards",
        "3.0",
        "the command cards, the hand and the battle's length",
        cards.CardsSituation,
        cards.cards,
        {},
        (ResultSpec("deck", "neutral", "the deck and the battle's length"),),
    ),
    ProcedureSpec(
        "command_dice",
        "5.1",
        "the orders a whole pool of command dice gives, with exact odds",
        cards.CommandDiceSituation,
        cards.command_dice,
        {"command_dice": "command pool"},
        tuple(ResultSpec(f"orders_{k}", "good" if k else "bad", f"{k} order(s)") for k in range(7)),
    ),
    ProcedureSpec(
        "movement",
        "6.0",
        "how far a unit or General moves under its order, and may it take this path",
        movement.MovementSituation,
        movement.movement,
        {},
        (ResultSpec("allowed", "good"), ResultSpec("not_allowed", "bad", "not allowed")),
    ),
    ProcedureSpec(
        "target",
        "7.3",
        "which enemies a unit may fire on or shock, and must it take the closest",
        targets.TargetSituation,
        targets.target,
        {},
        (
            ResultSpec("none", "bad", "no target"),
            ResultSpec("one", "neutral", "one target"),
            ResultSpec("choice", "good", "the player chooses"),
            ResultSpec("allowed", "good"),
            ResultSpec("not_allowed", "bad", "not allowed"),
        ),
    ),
    ProcedureSpec(
        "retreat_hex",
        "10.1",
        "which of the three hexes behind it a unit retreats into",
        targets.RetreatSituation,
        targets.retreat_hex,
        {},
        (
            ResultSpec("A", "neutral", "straight back"),
            ResultSpec("B", "neutral", "flank hex B"),
            ResultSpec("C", "neutral", "flank hex C"),
            ResultSpec("either", "neutral", "B or C, the player's choice"),
            ResultSpec("cannot_retreat", "bad", "cannot retreat: one more loss"),
        ),
    ),
    ProcedureSpec(
        "garrison",
        "6.0",
        "may a unit leave a garrison in buildings, or take one back",
        garrisons.GarrisonSituation,
        garrisons.garrison,
        {},
        (
            ResultSpec("dropped", "neutral", "garrison left"),
            ResultSpec("reabsorbed", "good", "garrison taken back"),
            ResultSpec("not_allowed", "bad", "not allowed"),
        ),
    ),
    ProcedureSpec(
        "general",
        "6.3",
        "is a General attached, and what may he do and suffer",
        garrisons.GeneralSituation,
        garrisons.general,
        {},
        (
            ResultSpec("attached", "good"),
            ResultSpec("alone", "neutral"),
            ResultSpec("not_allowed", "bad", "may not attach"),
        ),
    ),
)


@functools.cache
def declare() -> Pack:
    """The AVlE pack (built once per process)."""
    rules = load_default()
    dice: dict[str, Die | Sum | Pool] = {name: rules.die(name) for name in rules.data.dice}
    dice["command_pool"] = Pool(rules.die("command"), 5)
    dice["action_pool"] = Pool(rules.die("action"), 3)
    tables: dict[str, Table] = {
        "fire_values": rules.fire_values(),
        "fire_values_moved": rules.fire_values(moving=True),
        "combat_effect": rules.combat_effect(),
        "general_kill": rules.general_kill(),
        "modifiers": rules.modifier_table(),
        "terrain": rules.terrain_table(),
    }
    tables |= {name: rules.bands(name) for name in rules.data.bands}
    return Pack(
        id=ID,
        title=TITLE,
        dice=dice,
        tables=tables,
        options=rules.option_specs(),
        procedures={p.name: p for p in PROCEDURES},
        configure=rules.with_options,
        unit_types=tuple(rules.data.units),
        army_list=ArmyListSchema(
            check=armylist.check_document,
            summary=armylist.summary,
            record_sheets_html=printed.record_sheets_html,
            card_tracker_html=printed.card_tracker_html,
            dump=armylist.dump_list,
            form=armylist.FORM,
        ),
        turn=TURN,
        # Elements up to each unit type's (1.1); the round's markers cleared each round (5.1).
        unit_markers=markers.with_type_limits(
            markers.UNIT_MARKERS, {name: u.elements for name, u in rules.data.units.items()}
        ),
        leader_markers=markers.LEADER_MARKERS,
        reference_notes=(
            "Fire values: one row a unit type, columns by range in hexes; a dash is out of "
            "range (Reference Sheet, 9.0). Combat effect: columns by hits (the last is 3 or "
            "more), one row a d6 face, each cell elements lost / hexes of retreat (9.1). "
            "General killed: a d10 at most the value, by the losses of one result (9.4).",
        ),
        game_sheets={
            "record sheets": play_sheets.game_record_sheets_html,
            "card trackers": play_sheets.game_card_trackers_html,
        },
    )
