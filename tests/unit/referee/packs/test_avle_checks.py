"""AVlE checks on a real game file, one at a time: morale (15.0), capture (9.4.2), victory (4.2).

The state each starts from is set as one journal step (``_mark``), as the dashboard's edits
do; every check is then one more step, undone as one.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eote_ref.referee.pack_play import (
    NewPackGame,
    PackGameService,
    PackPlayError,
    new_pack_game,
)
from eote_ref.store import Database
from tests.avle_games import ALLIED, FRENCH, mark, quatre_bras, unit_id
from tests.budget import budget
from tests.games import game_state


def test_a_shock_to_the_last_losses_calls_a_morale_test_with_the_optional_rule(
    db: Database,
) -> None:
    game = quatre_bras(db, morale_rule=True)
    lancers, battery = (
        unit_id(game, "Piré's lancers (Hubert)"),
        unit_id(game, "Perponcher's batteries"),
    )
    mark(
        game,
        ("game_unit", lancers, "markers.ordered", True),
        ("game_unit", battery, "markers.elements", 1),
    )
    before = game_state(game)
    # 9.2: dragoons/lancers 12, cavalry charging artillery +8: 20. One automatic hit above 10,
    # and a d10 of 7 at most 10 adds one: 2 hits (9.0); the d6 of 3 on the 2-hit column is
    # 2 lost (9.1). The battery has 1 element: its third loss in all, the artillery's count
    # for a morale test under 15.0 instead of removal.
    shock = game.open_check("shock", unit_id=lancers)
    shock.set("target_unit", battery)
    outcome = shock.apply({"roll": 7, "effect_roll": 3})
    assert outcome is not None
    assert (outcome.modified, outcome.result) == (20, "morale_test")
    state = game.state()
    assert state.unit(battery).markers["elements"] == 1  # it stands on its last element
    due = [d for d in game.due() if d.check == "morale"]
    assert [d.target for d in due] == [{"unit_id": battery}]
    # 15.0: artillery's morale value is 3; a d10 above it routs. A 3 holds, a 4 routs.
    morale = game.open_check("morale", unit_id=battery)
    trial = morale.trial({"roll": 3})
    assert trial.outcome is not None
    assert trial.outcome.result == "holds"
    outcome = morale.apply({"roll": 4})
    assert outcome is not None
    assert outcome.result == "rout"
    state = game.state()
    assert state.unit(battery).markers["eliminated"] is True
    assert state.side(state.unit(battery).side_id).pack_state["units_lost"] == 1
    # The battery's hex is empty: the lancers test for pursuit (9.1.3).
    assert [p["check"] for p in state.pack_state["pending"]] == ["pursuit"]
    game.undo(2)
    assert game_state(game) == before


def test_a_unit_that_held_its_morale_does_not_fire_until_rallied(db: Database) -> None:
    game = quatre_bras(db, morale_rule=True)
    battery, target = (
        unit_id(game, "Perponcher's batteries"),
        unit_id(game, "Foy's division (Jamin)"),
    )
    mark(
        game,
        ("game_unit", battery, "markers.ordered", True),
        ("game_unit", battery, "markers.elements", 1),
        ("game_unit", battery, "markers.passed_morale", True),
    )
    fire = game.open_check("fire", unit_id=battery)
    fire.set("target_unit", target)
    # 15.0: its combat factor is 0 until rallied (option passed_morale_fire=no_fire).
    with pytest.raises(PackPlayError, match="combat factor of 0 until rallied"):
        fire.apply({"roll": 1, "effect_roll": 1})


def test_a_lone_general_is_captured_on_the_hexes_the_enemy_moved(db: Database) -> None:
    game = quatre_bras(db)
    ney = next(g.id for g in game.state().leaders if g.name == "Marshal Ney")
    before = game_state(game)
    # 9.4.2's example: cavalry moving 3 hexes into a lone General's hex captures him on a
    # d10 of 1-3 (option capture_value=hexes_moved).
    capture = game.open_check("general_capture", leader_id=ney)
    capture.set("hexes_moved", 3)
    assert capture.preview() is not None
    trial = capture.trial({"roll": 4})
    assert trial.outcome is not None
    assert trial.outcome.result == "escaped"
    outcome = capture.apply({"roll": 3})
    assert outcome is not None
    assert outcome.result == "captured"
    state = game.state()
    assert state.leader(ney).markers["captured"] is True
    assert state.sides[0].pack_state["generals_lost"] == 1  # a unit lost for 4.2 (9.4.3)
    with pytest.raises(PackPlayError, match="out of the battle already"):
        game.open_check("general_capture", leader_id=ney).apply({"roll": 1})
    game.undo()
    assert game_state(game) == before


def test_a_side_with_an_empty_sector_has_lost_at_once(db: Database) -> None:
    game = quatre_bras(db)
    state = game.state()
    french, allies = (s.id for s in state.sides)
    # Saxe-Weimar's two Nassau regiments are the Allied right in turn 1: both lost.
    nassau = [
        unit_id(game, f"Saxe-Weimar's brigade ({r})") for r in ("2nd Nassau", "Orange-Nassau")
    ]
    mark(
        game,
        ("game_side", french, "pack_state.card", "left"),
        ("game_side", allies, "pack_state.card", "right"),
        *[("game_unit", u, "markers.eliminated", True) for u in nassau],
    )
    # 4.2: no unit in one of its three sectors is a decisive defeat.
    outcome = game.open_check("victory").apply()
    assert outcome is not None
    assert (outcome.result, outcome.details["winner"]) == ("decisive", "French")
    assert game.due() == []
    assert game.turn_label() == "Turn 1, round 1 of 6 · Victory check: decisive victory, French"
    with pytest.raises(PackPlayError, match="the battle is over"):
        game.open_check("victory").apply()


@pytest.mark.parametrize(
    ("check", "target", "message"),
    [
        ("fire", "Perponcher's batteries", "has no order this round"),
        ("shock", "Saxe-Weimar's brigade (2nd Nassau)", "has no order this round"),
        ("rally", "Kempt's brigade", "is not on the map"),
        ("order", "Kempt's brigade", "play this round's cards first"),
    ],
)
def test_checks_the_rules_forbid_are_refused_in_words(
    db: Database, check: str, target: str, message: str
) -> None:
    game = quatre_bras(db)
    before = game_state(game)
    with pytest.raises(PackPlayError, match=message):
        game.open_check(check, unit_id=unit_id(game, target)).apply({"roll": 1, "effect_roll": 1})
    assert game_state(game) == before


fires = st.lists(
    st.tuples(
        st.integers(0, 3),  # the firing battery
        st.integers(0, 4),  # the Allied unit fired on
        st.integers(1, 5),  # range in hexes
        st.integers(1, 10),  # the d10 to hit
        st.integers(1, 6),  # the d6 of effect
    ),
    min_size=1,
    max_size=5,
)


@settings(
    max_examples=budget(6, 25),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(seq=fires)
def test_any_fires_take_what_the_outcome_says_and_undo_to_the_start(
    db: Database, seq: list[tuple[int, int, int, int, int]]
) -> None:
    """Fires at any range with any dice, each as the outcome says, and undone to the start.

    The target loses the outcome's elements (or is eliminated, a unit lost for its side), a
    refusal writes nothing, and undoing every step gives back the state it started from.
    """
    game = _game_for(db)
    state = game.state()
    french, allies = state.sides[0].id, state.sides[1].id
    batteries = [u.id for u in state.units if u.arm == "artillery" and u.side_id == french
                 and u.markers["arrives"] == 1]  # fmt: skip
    targets = [u.id for u in state.units if u.side_id == allies
               and u.markers["arrives"] == 1]  # fmt: skip
    start = game_state(game)
    steps = 0
    for b, t, hexes, roll, effect in seq:
        before = game.state()
        fire = game.open_check("fire", unit_id=batteries[b % len(batteries)])
        try:
            fire.set("target_unit", targets[t % len(targets)])
            fire.set("hexes", hexes)
            outcome = fire.apply({"roll": roll, "effect_roll": effect})
        except PackPlayError:
            assert game.state() == before  # nothing written
            continue
        steps += 1
        assert outcome is not None
        after = game.state()
        target = after.unit(targets[t % len(targets)])
        was = before.unit(target.id).markers["elements"]
        lost = after.side(target.side_id).pack_state["units_lost"]
        if outcome.details["eliminated"]:
            assert target.markers["eliminated"] is True
            assert lost == before.side(target.side_id).pack_state["units_lost"] + 1
        else:
            assert target.markers["elements"] == was - outcome.details["losses"] >= 1
    if steps:
        game.undo(steps)
    assert game_state(game) == start


def _game_for(db: Database) -> PackGameService:
    """A new game for each example (in the test's one file), its batteries ordered."""
    game = quatre_bras(db)
    state = game.state()
    mark(game, *(("game_unit", u.id, "markers.ordered", True) for u in state.units
                  if u.arm == "artillery"))  # fmt: skip
    return game


def test_the_umpire_sets_a_marker_by_hand_as_one_step(db: Database) -> None:
    game = quatre_bras(db)
    militia = unit_id(game, "Bijlandt's brigade (militia)")
    before = game_state(game)
    game.edit("unit", militia, "elements", 2)
    assert game.state().unit(militia).markers["elements"] == 2
    assert (
        game.journal(limit=1)[0].summary
        == "By hand: Bijlandt's brigade (militia): 4 → 2 element(s)"
    )
    game.undo()
    assert game_state(game) == before
    # 1.1: infantry has 4 elements; the round's card is the round check's, not a hand edit.
    with pytest.raises(PackPlayError, match=r"elements are 1\.\.4"):
        game.edit("unit", militia, "elements", 5)
    with pytest.raises(PackPlayError, match="card is not set by hand on a side"):
        game.edit("side", game.state().sides[0].id, "card", "left")
    assert game_state(game) == before


def test_cavalry_whose_target_retreats_tests_for_pursuit(db: Database) -> None:
    game = quatre_bras(db)
    lancers, line = (
        unit_id(game, "Piré's lancers (Hubert)"),
        unit_id(game, "Bijlandt's brigade (line)"),
    )
    mark(game, ("game_unit", lancers, "markers.ordered", True))
    # 9.2: lancers 12, +8 on infantry out of square in the open: 20, 2 hits on any d10 (9.0);
    # the d6 of 1 on the 2-hit column: 1 lost, 1 hex back (9.1). The target left its hex:
    # the cavalry tests its morale (9.1.3, 15.0: dragoons/lancers 3) and on a fail advances.
    shock = game.open_check("shock", unit_id=lancers)
    shock.set("target_unit", line)
    shock.set("target_general_attached", False)  # the Prince of Orange stays out of it
    outcome = shock.apply({"roll": 9, "effect_roll": 1})
    assert outcome is not None
    assert (outcome.modified, outcome.result) == (20, "L1R1")
    assert [d.check for d in game.due()][0] == "pursuit"
    pursuit = game.open_check("pursuit", unit_id=lancers)
    trial = pursuit.trial({"roll": 3})
    assert trial.outcome is not None
    assert trial.outcome.result == "holds"
    # the procedure is told what emptied the hex (9.1.3): the line retreated
    assert trial.outcome.details["target_result"] == "retreated"
    outcome = pursuit.apply({"roll": 4})
    assert outcome is not None
    assert outcome.result == "must_advance"
    assert game.state().pack_state["pending"] == []


def test_a_scenario_count_set_by_hand_gives_a_substantial_victory(db: Database) -> None:
    game = quatre_bras(db)
    french, allies = (s.id for s in game.state().sides)
    # 4.2: a side that eliminates the scenario's count of enemy units wins at the end of a
    # round (a substantial victory). The count is set by hand: 1 for the French here.
    game.edit("side", french, "wins_at", 1)
    game.edit("unit", unit_id(game, "Perponcher's batteries"), "eliminated", True)
    game.edit("side", allies, "units_lost", 1)
    mark(
        game,
        ("game_side", french, "pack_state.card", "centre"),
        ("game_side", allies, "pack_state.card", "centre"),
    )
    outcome = game.open_check("victory").apply()
    assert outcome is not None
    assert (outcome.result, outcome.details["winner"]) == ("substantial", "French")
    with pytest.raises(PackPlayError, match="the units to eliminate are 1 or more"):
        game.edit("side", french, "wins_at", 0)


def test_the_quatre_bras_scenario_takes_its_victory_conditions(db: Database) -> None:
    spec = NewPackGame(
        "Quatre Bras", "avle", {"French": [FRENCH], "Allies": [ALLIED]}, scenario="quatre_bras"
    )
    game = PackGameService(db, new_pack_game(db, spec))
    state = game.state()
    # 13.2: 8 enemy units for a substantial victory on either side, checked each turn.
    assert [s.pack_state["wins_at"] for s in state.sides] == [8, 8]
    assert state.options == {"substantial_check": "turn"}
    assert game.rules.opt("substantial_check") == "turn"
    # 13.2: the French win at once when they control the three crossroads hexes.
    check = game.open_check("quatre_bras")
    for h in ("H11", "I10", "I11"):
        check.set(f"{h}_occupant", "french")
    check.set("I11_occupant", "allied")
    outcome = check.apply()
    assert outcome is not None
    assert outcome.result == "not_controlled"
    check = game.open_check("quatre_bras")
    for h in ("H11", "I10", "I11"):
        check.set(f"{h}_occupant", "french")
    outcome = check.apply()
    assert outcome is not None
    assert outcome.result == "decisive"
    assert game.turn_label().endswith("Victory check: decisive victory, French")
    # A game of the lists alone has no such check.
    other = quatre_bras(db)
    with pytest.raises(PackPlayError, match="not set up as the Quatre Bras scenario"):
        other.open_check("quatre_bras")


def test_a_coordinated_attack_orders_two_units_a_sector(db: Database) -> None:
    game = quatre_bras(db)
    french, allies = (s.id for s in game.state().sides)
    dice = {"flag": 6}
    mark(
        game,
        ("game_side", french, "pack_state.card", "coordinated_attack"),
        ("game_side", french, "pack_state.command_dice", dice),
        ("game_side", allies, "pack_state.card", "left"),
    )
    # 3.1: a coordinated attack orders at most 2 units in each sector (here all on the right).
    for name in ("Bachelu's division (Husson)", "Bachelu's division (Campi)"):
        order = game.open_check("order", unit_id=unit_id(game, name))
        order.apply()
    order = game.open_check("order", unit_id=unit_id(game, "Piré's lancers (Hubert)"))
    with pytest.raises(PackPlayError, match="at most 2 units in the right sector"):
        order.apply()
    # Another sector's unit may still be ordered.
    game.open_check("order", unit_id=unit_id(game, "Foy's division (Jamin)")).apply()
    assert game.state().side(french).pack_state["command_dice"] == {"flag": 3}


def test_a_check_opened_before_another_applies_to_the_state_as_it_stands(db: Database) -> None:
    game = quatre_bras(db)
    allies = game.state().sides[1].id
    batteries = [unit_id(game, f"Reille's divisional batteries ({w})") for w in ("right", "centre")]
    targets = [unit_id(game, n) for n in ("Perponcher's batteries", "Bijleveld's horse battery")]
    mark(
        game,
        *(("game_unit", b, "markers.ordered", True) for b in batteries),
        *(("game_unit", t, "markers.elements", 1) for t in targets),
    )
    fires = []
    for b, t in zip(batteries, targets, strict=True):  # both opened before either applies
        fire = game.open_check("fire", unit_id=b)
        fire.set("target_unit", t)
        fire.set("hexes", 2)
        fires.append(fire)
    # 9.0, 9.2: medium artillery at 2 hexes 9, on artillery -2: 7; a 1 hits; the d6 of 3 is
    # 1 lost (9.1): each battery of 1 element is eliminated, a unit lost each (4.2).
    for fire in fires:
        fire.apply({"roll": 1, "effect_roll": 3})
    assert game.state().side(allies).pack_state["units_lost"] == 2


def test_a_battery_that_reacts_stops_the_charge_and_fires_no_more(db: Database) -> None:
    game = quatre_bras(db)
    lancers, battery = (
        unit_id(game, "Piré's lancers (Hubert)"),
        unit_id(game, "Perponcher's batteries"),
    )
    mark(
        game,
        ("game_unit", lancers, "markers.ordered", True),
        ("game_unit", battery, "markers.ordered", True),
    )
    # 9.3: the battery's flag on a white die: an automatic hit on the charging cavalry, a d6
    # on the 1-hit column (9.1); a 1 is a retreat without loss: the cavalry halts adjacent
    # and does not shock.
    reaction = game.open_check("reaction", unit_id=battery)
    reaction.set("charger", lancers)
    reaction.set("empty_hexes", 1)
    outcome = reaction.apply({"reaction_dice": ["english"], "effect_roll": 1})
    assert outcome is not None
    assert outcome.result == "stopped"
    shock = game.open_check("shock", unit_id=lancers)
    shock.set("target_unit", battery)
    with pytest.raises(PackPlayError, match="stopped by the battery's reaction"):
        shock.apply({"roll": 1, "effect_roll": 1})
    fire = game.open_check("fire", unit_id=battery)
    fire.set("target_unit", lancers)
    with pytest.raises(PackPlayError, match="reacted to a charge: nothing more this round"):
        fire.apply({"roll": 1, "effect_roll": 1})


def test_a_general_is_ordered_on_his_own_with_a_general_die(db: Database) -> None:
    game = quatre_bras(db)
    french, allies = (s.id for s in game.state().sides)
    ney = next(g.id for g in game.state().leaders if g.name == "Marshal Ney")
    mark(
        game,
        ("game_side", french, "pack_state.card", "left"),
        ("game_side", french, "pack_state.command_dice", {"general": 1, "flag": 4}),
        ("game_side", allies, "pack_state.card", "left"),
    )
    # 5.1: a General face orders any General anywhere, whatever the card's sector.
    game.open_check("general_order", leader_id=ney).apply()
    state = game.state()
    assert state.leader(ney).markers["ordered"] is True
    assert state.side(french).pack_state["command_dice"] == {"general": 0, "flag": 4}
    with pytest.raises(PackPlayError, match="has had his order this round"):
        game.open_check("general_order", leader_id=ney).apply()


def test_infantry_in_square_fires_at_its_square_value(db: Database) -> None:
    game = quatre_bras(db)
    militia, lancers = (
        unit_id(game, "Bijlandt's brigade (militia)"),
        unit_id(game, "Piré's lancers (Hubert)"),
    )
    mark(
        game,
        ("game_unit", militia, "markers.ordered", True),
        ("game_unit", militia, "markers.formation", "square"),
    )
    # 9.2: militia 7 adjacent, firing from a square -6, on cavalry -2: 7 - 6 - 2 = -1, so no
    # roll hits (9.0).
    fire = game.open_check("fire", unit_id=militia)
    fire.set("target_unit", lancers)
    outcome = fire.preview()
    assert outcome is not None
    assert outcome.modified == -1
    assert outcome.probabilities == {"miss": 1}
