"""AVlE checks driven through the referee's service, against situations worked by hand.

Each case was found by working random situations on the Quatre Bras lists by hand from the
text and comparing with what the game's check gave: a fact of the table the check never
asked (a road, an orchard on the line, a building just entered), an option the game did not
pass on, a result the changes did not follow.
"""

from __future__ import annotations

import pytest

from eote_ref.referee.pack_play import PackCheck, PackGameService, PackPlayError
from eote_ref.store import Database
from tests.avle_games import avle_battle, dealt, mark, quatre_bras, unit_id
from tests.games import game_state

JAMIN = "Foy's division (Jamin)"
LANCERS = "Piré's lancers (Hubert)"
HORSE_BATTERY = "Piré's horse battery"
MILITIA = "Bijlandt's brigade (militia)"
LINE = "Bijlandt's brigade (line)"
BATTERY = "Perponcher's batteries"


def _ordered(game: PackGameService, *names: str) -> None:
    mark(game, *[("game_unit", unit_id(game, n), "markers.ordered", True) for n in names])


def _charged(game: PackGameService, charger: int, target: int, *, empty_hexes: int) -> PackCheck:
    """``charger`` charges ``target`` (9.3): the target's reaction check, its empty hexes set."""
    charge = game.open_check("charge", unit_id=charger)
    charge.set("target_unit", target)
    charge.apply()
    reaction = game.open_check("reaction", unit_id=target)
    reaction.set("empty_hexes", empty_hexes)
    return reaction


def test_infantry_that_moved_two_hexes_by_road_still_fires_6_0(db: Database) -> None:
    """6.0 Roads: infantry moving only along a road goes 2 hexes and may still fire.

    French infantry (close 9) adjacent to militia in the open, from the front: 9, plus the
    cavalry-free, flank-free nothing; a d10 of 9 hits once, the d6 of 3 is 1 lost (9.1).
    """
    game = quatre_bras(db)
    _ordered(game, JAMIN)
    fire = game.open_check("fire", unit_id=unit_id(game, JAMIN))
    fire.set("target_unit", unit_id(game, MILITIA))
    fire.set("moved", 2)
    assert "on_road" in {q.key for q in fire.facts()}
    fire.set("on_road", True)
    trial = fire.trial({"roll": 9, "effect_roll": 3})
    assert trial.outcome is not None
    assert (trial.outcome.modified, trial.outcome.result) == (9, "L1R0")
    # Off the road the same 2 hexes leave no fire (6.0).
    fire.set("on_road", False)
    refused = fire.trial({"roll": 9, "effect_roll": 3})
    assert refused.outcome is None
    assert "may not fire after moving 2 hexes" in str(refused.error)


def test_cavalry_charging_four_hexes_by_road_shocks_6_0(db: Database) -> None:
    """6.0 Roads: cavalry moving only along a road goes 4 hexes and shocks.

    Lancers (12) on militia in the open out of square: +8 (9.2), 20: one automatic hit and
    a d10 of 10 still at most 10 adds one, 2 hits; the d6 of 1 is 1 lost and 1 hex back.
    """
    game = quatre_bras(db)
    _ordered(game, LANCERS)
    shock = game.open_check("shock", unit_id=unit_id(game, LANCERS))
    shock.set("target_unit", unit_id(game, MILITIA))
    shock.set("moved", 4)
    shock.set("on_road", True)
    trial = shock.trial({"roll": 10, "effect_roll": 1})
    assert trial.outcome is not None
    assert (trial.outcome.modified, trial.outcome.result) == (20, "L1R1")


def test_fire_through_an_orchard_takes_minus_one_8_2(db: Database) -> None:
    """8.2: a target in the open behind an orchard hex on the line of fire: -1.

    A horse battery that has not moved fires 2 hexes (8) on militia in the open through one
    orchard: 7. A d10 of 8 misses, of 7 hits.
    """
    game = quatre_bras(db)
    _ordered(game, HORSE_BATTERY)
    fire = game.open_check("fire", unit_id=unit_id(game, HORSE_BATTERY))
    fire.set("target_unit", unit_id(game, MILITIA))
    fire.set("hexes", 2)
    fire.set("orchards_crossed", 1)
    outcome = fire.preview()
    assert outcome is not None
    assert outcome.modified == 7
    assert [(m.value, m.rule) for m in outcome.modifiers] == [(-1, "8.2")]


@pytest.mark.parametrize(
    ("orchards_on_line", "crossed", "modified"), [("once", 1, 5), ("once", 2, 5), ("each", 2, 4)]
)
def test_an_orchard_on_the_line_keeps_the_targets_own_terrain_8_2_9_2(
    db: Database, orchards_on_line: str, crossed: int, modified: int
) -> None:
    """8.2 and 9.2 are two modifiers: the orchard crossed and the target's own hex.

    A horse battery that has not moved fires 2 hexes (8) on militia in a wood (-2, 8.1)
    through one orchard (-1, 8.2): 5, not 7. Two orchards crossed take -1 once under
    orchards_on_line=once (5), -1 each under each (4).
    """
    game = quatre_bras(db, orchards_on_line=orchards_on_line)
    _ordered(game, HORSE_BATTERY)
    fire = game.open_check("fire", unit_id=unit_id(game, HORSE_BATTERY))
    fire.set("target_unit", unit_id(game, MILITIA))
    fire.set("hexes", 2)
    fire.set("target_terrain", "wood")
    fire.set("orchards_crossed", 0)
    alone = fire.preview()
    assert alone is not None
    assert alone.modified == 6
    fire.set("orchards_crossed", crossed)
    outcome = fire.preview()
    assert outcome is not None
    assert outcome.modified == modified
    assert sorted((m.value, m.rule) for m in outcome.modifiers) == sorted(
        [(-2, "8.1"), (modified - 6, "8.2")]
    )


def test_a_target_in_an_orchard_keeps_its_minus_one_8_2(db: Database) -> None:
    """8.2: the target's orchard is -1 by itself; the horse battery fires at 8 - 1 = 7."""
    game = quatre_bras(db)
    _ordered(game, HORSE_BATTERY)
    fire = game.open_check("fire", unit_id=unit_id(game, HORSE_BATTERY))
    fire.set("target_unit", unit_id(game, MILITIA))
    fire.set("hexes", 2)
    fire.set("target_terrain", "orchard")
    outcome = fire.preview()
    assert outcome is not None
    assert outcome.modified == 7
    assert [(m.value, m.rule) for m in outcome.modifiers] == [(-1, "8.2")]


def test_a_unit_does_not_fire_in_the_round_it_enters_a_building_8_4(db: Database) -> None:
    """8.4: a unit that moved and ends in a farm, town or fortified hex entered it this round.

    French infantry moving 1 hex into a farm may not fire; the same unit in the farm
    without a move fires at 9 - 1 (firing from a farm, 8.4) = 8.
    """
    game = quatre_bras(db)
    _ordered(game, JAMIN)
    fire = game.open_check("fire", unit_id=unit_id(game, JAMIN))
    fire.set("target_unit", unit_id(game, MILITIA))
    fire.set("firer_terrain", "farm")
    fire.set("moved", 1)
    refused = fire.trial({"roll": 1, "effect_roll": 1})
    assert refused.outcome is None
    assert "enters a building" in str(refused.error)
    with pytest.raises(PackPlayError, match="enters a building"):
        fire.apply({"roll": 1, "effect_roll": 1})
    fire.set("moved", 0)
    outcome = fire.preview()
    assert outcome is not None
    assert outcome.modified == 8


def test_any_allied_flag_counts_the_sides_other_flags_9_3(db: Database) -> None:
    """9.3 with option allied_flags=any_allied_flag (notes 17, B): either Allied flag succeeds.

    A unit of the Allied side under the Prussian flag, beside units under the English one,
    reacts with one white die: 4 faces of 6 are an Allied flag, so the square forms on 2/3.
    """
    game = quatre_bras(db, allied_flags="any_allied_flag")
    line = unit_id(game, LINE)
    mark(game, ("game_unit", line, "markers.flag", "prussian"))
    reaction = game.open_check("reaction", unit_id=line)
    reaction.set("charger", unit_id(game, LANCERS))
    reaction.set("empty_hexes", 1)
    outcome = reaction.preview()
    assert outcome is not None
    assert outcome.details["flags"] == ["english", "prussian"]
    assert str(outcome.probabilities["square"]) == "2/3"
    trial = reaction.trial({"reaction_dice": ["english"]})
    assert trial.outcome is not None
    assert trial.outcome.result == "square"


def test_a_battery_reaction_on_cavalry_at_its_last_loss_calls_its_morale_test_15_0(
    db: Database,
) -> None:
    """9.3 with 15.0: the battery's automatic hit, d6 of 3, 1 loss on lancers with 1 element.

    That is the lancers' third loss, cavalry's count for a morale test (15.0): they stand on
    their last element with the test due, not removed at once. A test of 3 or less holds
    (dragoons and lancers: 3).
    """
    game = quatre_bras(db, morale_rule=True)
    lancers, battery = unit_id(game, LANCERS), unit_id(game, BATTERY)
    mark(
        game,
        ("game_unit", lancers, "markers.ordered", True),
        ("game_unit", lancers, "markers.elements", 1),
    )
    before = game_state(game)
    reaction = _charged(game, lancers, battery, empty_hexes=2)
    outcome = reaction.apply({"reaction_dice": ["english", "french"], "effect_roll": 3})
    assert outcome is not None
    assert outcome.result == "charger_morale_test"
    state = game.state()
    assert state.unit(lancers).markers["elements"] == 1
    assert not state.unit(lancers).markers.get("eliminated")
    assert [d.target for d in game.due() if d.check == "morale"] == [{"unit_id": lancers}]
    morale = game.open_check("morale", unit_id=lancers)
    held = morale.apply({"roll": 3})
    assert held is not None
    assert held.result == "holds"
    assert game.state().unit(lancers).markers["passed_morale"] is True
    game.undo(3)
    assert game_state(game) == before


@pytest.mark.parametrize(
    ("firer", "hexes", "target", "target_terrain", "dice", "value", "result"),
    [
        # French infantry adjacent on infantry in a town: 9 - 3 = 6; a d10 of 6 hits, the d6
        # of 1 is no loss and 1 hex back (9.1). Infantry in buildings may ignore the
        # retreat (10.1 E): with the hex behind it taken, it stays, and loses nothing.
        (JAMIN, 1, MILITIA, "town", {"roll": 6, "effect_roll": 1}, 6, "L0R0"),
        # A battery 2 hexes from the line, the Prince of Orange with it: 9; a d6 of 6 is
        # 1 lost and 2 back. With its General it may ignore the retreat (7.3.17), so its
        # blocked hexes cost it no second element.
        ("Reille's divisional batteries (centre)", 2, LINE, "open",
         {"roll": 5, "effect_roll": 6}, 9, "L1R0"),
    ],
)  # fmt: skip
def test_a_unit_that_may_ignore_its_retreat_loses_nothing_for_a_blocked_one_10_1(
    db: Database,
    firer: str,
    hexes: int,
    target: str,
    target_terrain: str,
    dice: dict[str, int],
    value: int,
    result: str,
) -> None:
    """A blocked retreat costs nothing to a unit that may ignore it (10.1 B, E; 7.3.17).

    10.1 B takes an element for a retreat the unit cannot make; 10.1 E and 7.3.17 let a
    square, infantry in buildings or a unit with its General ignore the retreat instead.
    """
    game = quatre_bras(db)
    _ordered(game, firer)
    fire = game.open_check("fire", unit_id=unit_id(game, firer))
    fire.set("target_unit", unit_id(game, target))
    fire.set("hexes", hexes)
    fire.set("target_terrain", target_terrain)
    fire.set("retreat_blocked", 2)
    trial = fire.trial(dice)
    assert trial.outcome is not None
    assert (trial.outcome.modified, trial.outcome.result) == (value, result)


def test_a_counter_charge_is_a_shock_of_both_at_once_9_3(db: Database) -> None:
    """9.3: charged cavalry that reacts successfully counter-charges; the combat is simultaneous.

    Lancers (12) charge Van Merlen's light cavalry (9), unordered, 1 element left; two white
    dice show an English flag, so it counter-charges. The lancers shock first: 12 is one
    automatic hit and a d10 of 2 at most 2 adds one, 2 hits; the d6 of 3 is 2 lost, and the
    light cavalry is eliminated. Simultaneous, it still shocks the lancers: 9 against
    cavalry in front, a d10 of 9 hits once, the d6 of 4 is 1 lost.
    """
    game = quatre_bras(db)
    lancers, light = unit_id(game, LANCERS), unit_id(game, "Van Merlen's brigade")
    mark(
        game,
        ("game_unit", light, "markers.arrives", 1),
        ("game_unit", light, "markers.elements", 1),
        ("game_unit", lancers, "markers.ordered", True),
    )
    reaction = _charged(game, lancers, light, empty_hexes=2)
    counter = reaction.apply({"reaction_dice": ["english", "french"]})
    assert counter is not None
    assert counter.result == "counter_charge"
    first = game.open_check("shock", unit_id=lancers)
    first.set("target_unit", light)
    hit = first.apply({"roll": 2, "effect_roll": 3})
    assert hit is not None
    assert (hit.modified, hit.result) == (12, "eliminated")
    back = game.open_check("shock", unit_id=light)
    assert back.facts()[0].default == lancers  # its charger, read from the game
    reply = back.apply({"roll": 9, "effect_roll": 4})
    assert reply is not None
    assert (reply.modified, reply.result) == (9, "L1R0")
    assert game.state().unit(lancers).markers["elements"] == 2
    # Its one combat of the round is done (7.0.1).
    again = game.open_check("shock", unit_id=light)
    again.set("target_unit", lancers)
    assert "fired this round" in str(again.trial({"roll": 1, "effect_roll": 1}).error)


def test_cavalry_that_fought_this_round_still_counter_charges_7_0_1_9_3(db: Database) -> None:
    """7.0.1, 9.3: one combat a round, special actions apart: a counter-charge is one.

    Van Merlen's light cavalry has shocked already this round (ordered, fired). The lancers
    charge it; two white dice show an English flag: it counter-charges, and shocks back
    first: 9 against cavalry in front, a d10 of 9 hits once, the d6 of 4 is 1 lost (9.1).
    The lancers shock it in turn (12; a d10 of 10 and the automatic hit, the d6 of 3 is 1
    lost). Neither shocks twice.
    """
    game = quatre_bras(db)
    dealt(game, "centre", "centre", French=["flag"] * 5, Allies=["flag"] * 5)
    lancers, light = unit_id(game, LANCERS), unit_id(game, "Van Merlen's brigade")
    mark(
        game,
        ("game_unit", light, "markers.arrives", 1),
        ("game_unit", light, "markers.ordered", True),
        ("game_unit", light, "markers.fired", True),
        ("game_unit", lancers, "markers.ordered", True),
    )
    reaction = _charged(game, lancers, light, empty_hexes=2)
    counter = reaction.apply({"reaction_dice": ["english", "french"]})
    assert counter is not None
    assert counter.result == "counter_charge"
    back = game.open_check("shock", unit_id=light)
    assert back.facts()[0].default == lancers
    reply = back.apply({"roll": 9, "effect_roll": 4})
    assert reply is not None
    assert (reply.modified, reply.result) == (9, "L1R0")
    assert game.state().unit(lancers).markers["elements"] == 2
    first = game.open_check("shock", unit_id=lancers)
    first.set("target_unit", light)
    hit = first.apply({"roll": 10, "effect_roll": 3})
    assert hit is not None
    assert (hit.modified, hit.result) == (12, "L1R0")
    assert game.state().unit(light).markers["elements"] == 2
    for unit, other in ((light, lancers), (lancers, light)):
        again = game.open_check("shock", unit_id=unit)
        again.set("target_unit", other)
        assert "fired this round" in str(again.trial({"roll": 1, "effect_roll": 1}).error)
    assert game.state().pack_state["counter_shocks"] == [light, lancers]
    while due := [d for d in game.due() if d.check == "pass"]:
        game.open_check("pass", **due[0].target).apply()
    game.open_check("victory").apply()  # the round ends, and its record with it
    assert "counter_shocks" not in game.state().pack_state


def test_a_general_whose_unit_is_eliminated_stands_alone_9_4_4(db: Database) -> None:
    """9.4, 9.4.4: the General of a unit eliminated rolls to survive, then stands alone.

    A battery adjacent to the line (16) with 1 element left: a d10 of 1 is 2 hits (one
    automatic above 10, the roll at most 6 another); the d6 of 3 is 2 lost: eliminated.
    The Prince of Orange with it rolls for his life (2 lost, 1 lost in fact: killed on a 1
    by the default reading); a 9 leaves him unhurt, a General on his own again, whom a
    General die may order (5.1) and an enemy may capture (9.4.2).
    """
    game = quatre_bras(db)
    battery, line = unit_id(game, "Reille's divisional batteries (centre)"), unit_id(game, LINE)
    orange = next(g.id for g in game.state().leaders if g.name == "Prince of Orange")
    mark(
        game,
        ("game_unit", battery, "markers.ordered", True),
        ("game_unit", line, "markers.elements", 1),
    )
    before = game_state(game)
    fire = game.open_check("fire", unit_id=battery)
    fire.set("target_unit", line)
    outcome = fire.apply({"roll": 1, "effect_roll": 3})
    assert outcome is not None
    assert (outcome.modified, outcome.result) == (16, "eliminated")
    assert [d.target for d in game.due() if d.check == "general_hit"] == [{"leader_id": orange}]
    hit = game.open_check("general_hit", leader_id=orange)
    assert hit.facts()[0].default == 1
    unhurt = hit.apply({"roll": 9})
    assert unhurt is not None
    assert unhurt.result == "unhurt"
    state = game.state()
    assert state.leader(orange).attached_unit_id is None
    assert state.unit(line).markers["eliminated"] is True
    game.undo(2)
    assert game_state(game) == before


@pytest.mark.parametrize(
    ("option", "asked", "answer", "value"),
    [("hexes_moved", "hexes_moved", 3, 3), ("general_retreat", "general_retreat_hexes", 2, 2)],
)
def test_a_capture_asks_only_what_its_value_counts_9_4_2(
    db: Database, option: str, asked: str, answer: int, value: int
) -> None:
    """9.4.2: one question of the two, the one the game's reading of the capture value counts.

    The value is the hexes moved or the hexes he retreats (notes 14).
    """
    game = quatre_bras(db, capture_value=option)
    ney = next(g.id for g in game.state().leaders if g.name == "Marshal Ney")
    capture = game.open_check("general_capture", leader_id=ney)
    assert [q.key for q in capture.facts()] == [asked]
    capture.set(asked, answer)
    outcome = capture.preview()
    assert outcome is not None
    assert outcome.modified == value


def test_a_morale_test_a_result_called_for_asks_nothing_15_0(db: Database) -> None:
    """15.0: a test a result called for asks nothing.

    That result had no loss beyond the test's: 9.1.2 wastes one, and the option
    morale_surplus_loss=removes removes the unit at once.

    Lancers shock the battery, on its last element: 20, a d10 of 7 is 2 hits, the d6 of 3
    is 2 lost; the battery's third loss, its test (15.0). Opened by hand on a unit with no
    test due, the question stays.
    """
    game = quatre_bras(db, morale_rule=True)
    lancers, battery = unit_id(game, LANCERS), unit_id(game, BATTERY)
    mark(
        game,
        ("game_unit", lancers, "markers.ordered", True),
        ("game_unit", battery, "markers.elements", 1),
    )
    shock = game.open_check("shock", unit_id=lancers)
    shock.set("target_unit", battery)
    outcome = shock.apply({"roll": 7, "effect_roll": 3})
    assert outcome is not None
    assert outcome.result == "morale_test"
    assert game.open_check("morale", unit_id=battery).facts() == []
    other = game.open_check("morale", unit_id=unit_id(game, JAMIN))
    assert [q.key for q in other.facts()] == ["surplus_losses"]


@pytest.mark.parametrize(("option", "counted"), [("not_counted", 0), ("counted", 1)])
def test_a_set_up_garrison_eliminated_counts_for_victory_only_by_option_6_0(
    db: Database, option: str, counted: int
) -> None:
    """6.0, 4.2: a set-up garrison eliminated counts for victory only by option (notes 25).

    Ligny's set-up garrisons count among the units lost only with option setup_garrisons
    (default: not counted).

    French infantry fires on a Prussian garrison in a farm: 9 - 2 = 7, a d10 of 7 hits, the
    d6 of 3 is 1 lost, and the garrison is gone.
    """
    game = avle_battle(db, "ligny", setup_garrisons=option)
    state = game.state()
    garrison = next(u for u in state.units if u.arm == "garrison")
    french = next(u for u in state.units if u.type == "french_infantry")
    mark(game, ("game_unit", french.id, "markers.ordered", True))
    fire = game.open_check("fire", unit_id=french.id)
    fire.set("target_unit", garrison.id)
    fire.set("target_terrain", "farm")
    outcome = fire.apply({"roll": 7, "effect_roll": 3})
    assert outcome is not None
    assert (outcome.modified, outcome.result) == (7, "eliminated")
    prussians = game.state().side(garrison.side_id)
    assert prussians.pack_state["units_lost"] == 0
    for side in game.state().sides:  # both play a card: the round can be checked
        mark(game, ("game_side", side.id, "pack_state.card", "left"))
    victory = game.open_check("victory")
    checked = victory.preview()
    assert checked is not None
    assert checked.details["sides"][prussians.name]["units_lost"] == counted


@pytest.mark.parametrize(
    ("option", "english_lost", "result"),
    [("not_counted", 11, "none"), ("counted", 12, "substantial")],
)
def test_a_set_up_garrison_counts_towards_waterloos_english_units_by_option_13_1_6_0(
    db: Database, option: str, english_lost: int, result: str
) -> None:
    """13.1, 6.0: the set-up garrisons count towards Waterloo's 12 English units by option.

    The French win on 12 English units; the garrisons D8 and M9 count among them when
    option setup_garrisons counts them (notes 25). Eleven English units are eliminated;
    French infantry fires on the D8 garrison in its farm: 9 - 2 = 7, a d10 of 7 hits, the
    d6 of 3 is 1 lost, and it is gone. Counted, that is the twelfth English unit lost, a
    substantial French victory (4.2, 13.1); not, 11.
    """
    game = avle_battle(db, "waterloo", setup_garrisons=option)
    state = game.state()
    allies = next(s for s in state.sides if s.name == "Allies")
    english = [u for u in state.units if u.side_id == allies.id and u.arm != "garrison"]
    english = [u for u in english if u.markers.get("flag") == "english"]
    # The right's seven and four of the centre's: every sector keeps a unit (no decisive, 4.2).
    lost = [u for u in english if u.markers["hex"] in {"B10", "G10", "C10", "D7", "E9", "D10",
        "C9", "K10", "N10", "I10", "O11"}]  # fmt: skip
    assert len(lost) == 11
    mark(
        game,
        *[("game_unit", u.id, "markers.eliminated", True) for u in lost],
        *[("game_unit", u.id, "markers.elements", 0) for u in lost],
        ("game_side", allies.id, "pack_state.units_lost", 11),
    )
    garrison = next(u for u in state.units if u.markers.get("hex") == "D8")
    french = next(u for u in state.units if u.markers.get("hex") == "D5")
    mark(game, ("game_unit", french.id, "markers.ordered", True))
    fire = game.open_check("fire", unit_id=french.id)
    fire.set("target_unit", garrison.id)
    fire.set("target_terrain", "farm")
    outcome = fire.apply({"roll": 7, "effect_roll": 3})
    assert outcome is not None
    assert (outcome.modified, outcome.result) == (7, "eliminated")
    for side in game.state().sides:  # both play a card: the round can be checked
        mark(game, ("game_side", side.id, "pack_state.card", "left"))
    checked = game.open_check("victory").preview()
    assert checked is not None
    assert checked.details["sides"]["Allies"]["lost_by_nation"]["english"] == english_lost
    assert checked.result == result
    if result == "substantial":
        assert checked.details["winner"] == "French"
        assert checked.details["sides"]["Allies"]["defeated_by_nation"] == "english"


def test_a_unit_that_retreated_this_round_fires_but_does_not_move_10_1_d(db: Database) -> None:
    """10.1 D: a unit that retreated this round may fire, but not move first.

    A battery adjacent to the militia (16): a d10 of 9 is 1 hit, the d6 of 6 is 1 lost and
    2 hexes back. Ordered later in the round, the militia (7 adjacent) fires on the battery
    without a move (7, a d10 of 7 hits), and may not fire after a move of 1.
    """
    game = quatre_bras(db)
    battery = unit_id(game, "Reille's divisional batteries (centre)")
    militia = unit_id(game, MILITIA)
    mark(game, ("game_unit", battery, "markers.ordered", True))
    fire = game.open_check("fire", unit_id=battery)
    fire.set("target_unit", militia)
    outcome = fire.apply({"roll": 9, "effect_roll": 6})
    assert outcome is not None
    assert (outcome.modified, outcome.result) == (16, "L1R2")
    assert game.state().unit(militia).markers["retreated"] is True
    mark(game, ("game_unit", militia, "markers.ordered", True))
    back = game.open_check("fire", unit_id=militia)
    back.set("target_unit", battery)
    still = back.trial({"roll": 7, "effect_roll": 3})
    assert still.outcome is not None
    assert still.outcome.modified == 7
    back.set("moved", 1)
    moved = back.trial({"roll": 7, "effect_roll": 3})
    assert moved.outcome is None
    assert "retreated this round" in str(moved.error)


def test_a_general_killed_sends_his_unit_back_a_hex_it_moves_no_more_9_4(db: Database) -> None:
    """9.4: his General killed, the unit goes back 1 hex more: it has retreated (10.1 D).

    A battery 2 hexes from the line with the Prince of Orange (9): a d10 of 4 hits, the d6
    of 3 is 1 lost, no retreat; his d10 of 1 kills him.
    """
    game = quatre_bras(db)
    battery, line = unit_id(game, "Reille's divisional batteries (centre)"), unit_id(game, LINE)
    orange = next(g.id for g in game.state().leaders if g.name == "Prince of Orange")
    mark(game, ("game_unit", battery, "markers.ordered", True))
    fire = game.open_check("fire", unit_id=battery)
    fire.set("target_unit", line)
    fire.set("hexes", 2)
    outcome = fire.apply({"roll": 4, "effect_roll": 3})
    assert outcome is not None
    assert (outcome.modified, outcome.result) == (9, "L1R0")
    assert not game.state().unit(line).markers.get("retreated")
    killed = game.open_check("general_hit", leader_id=orange).apply({"roll": 1})
    assert killed is not None
    assert killed.result == "killed"
    assert game.state().unit(line).markers["retreated"] is True


def test_a_battery_reaction_that_costs_the_charger_a_loss_puts_its_general_at_risk_9_4(
    db: Database,
) -> None:
    """9.3, 9.4: a battery's reaction that costs the charger a loss puts its General at risk.

    The battery's automatic hit, a d6 of 3, is 1 lost and no retreat for the cuirassiers
    with Kellermann: 1 loss, so Kellermann is killed on a d10 of 1.
    """
    game = quatre_bras(db)
    cuirassiers, battery = unit_id(game, "Guiton's cuirassiers"), unit_id(game, BATTERY)
    kellermann = next(g.id for g in game.state().leaders if g.name == "Kellermann")
    mark(
        game,
        ("game_unit", cuirassiers, "markers.arrives", 1),
        ("game_leader", kellermann, "markers.arrives", 1),
        ("game_unit", cuirassiers, "markers.ordered", True),
    )
    reaction = _charged(game, cuirassiers, battery, empty_hexes=1)
    outcome = reaction.apply({"reaction_dice": ["english"], "effect_roll": 3})
    assert outcome is not None
    assert outcome.result == "loss_then_shock"
    assert game.state().unit(cuirassiers).markers["elements"] == 2
    due = [d for d in game.due() if d.check == "general_hit"]
    assert [d.target for d in due] == [{"leader_id": kellermann}]
    hit = game.open_check("general_hit", leader_id=kellermann)
    assert hit.facts()[0].default == 1
    preview = hit.preview()
    assert preview is not None
    assert preview.modified == 1


def test_a_battery_that_passed_its_morale_test_does_not_fire_on_a_charge_15_0(
    db: Database,
) -> None:
    """15.0: a battery that passed its morale test makes no reaction's fire.

    It fights at 0 until rallied (option passed_morale_fire=no_fire).
    """
    game = quatre_bras(db, morale_rule=True)
    battery = unit_id(game, BATTERY)
    mark(
        game,
        ("game_unit", battery, "markers.elements", 1),
        ("game_unit", battery, "markers.passed_morale", True),
    )
    reaction = game.open_check("reaction", unit_id=battery)
    reaction.set("charger", unit_id(game, LANCERS))
    reaction.set("empty_hexes", 2)
    trial = reaction.trial({"reaction_dice": ["english", "english"], "effect_roll": 3})
    assert trial.outcome is not None
    assert (trial.outcome.result, trial.outcome.rule) == ("no_reaction", "15.0")
    assert "combat factor of 0" in trial.outcome.details["why"]


def _charge_on_a_passed_battery(game: PackGameService, *, passed_first: bool) -> int:
    """The lancers charge Perponcher's batteries, at 1 element after a passed test (15.0)."""
    lancers, battery = unit_id(game, LANCERS), unit_id(game, BATTERY)
    passed = [
        ("game_unit", battery, "markers.elements", 1),
        ("game_unit", battery, "markers.passed_morale", True),
    ]
    mark(game, ("game_unit", lancers, "markers.ordered", True), *(passed if passed_first else []))
    charge = game.open_check("charge", unit_id=lancers)
    charge.set("target_unit", battery)
    charge.apply()
    if not passed_first:
        mark(game, *passed)
    return battery


def _shock_of_the_lancers(game: PackGameService, battery: int) -> None:
    """Lancers (12) charging artillery +8 (9.2): 20, one hit sure and a d10 of 1 another.

    The battery, past its test, takes a further loss and leaves the map (15.0).
    """
    shock = game.open_check("shock", unit_id=unit_id(game, LANCERS))
    shock.set("target_unit", battery)
    outcome = shock.apply({"roll": 1, "effect_roll": 3})
    assert outcome is not None
    assert (outcome.modified, outcome.result) == (20, "eliminated")
    assert game.state().unit(battery).markers.get("eliminated")


def test_a_charge_on_a_battery_that_passed_its_test_goes_to_its_shock_15_0_9_3(
    db: Database,
) -> None:
    """15.0, 9.3: a battery fighting at 0 makes no reaction, so none is due: the shock follows.

    The charge used to make a reaction due that the reaction check then refused, and the
    shock waited on it for good.
    """
    game = quatre_bras(db, morale_rule=True)
    battery = _charge_on_a_passed_battery(game, passed_first=True)
    assert [d for d in game.due() if d.check == "reaction"] == []
    _shock_of_the_lancers(game, battery)


def test_a_reaction_due_of_a_unit_that_has_since_passed_its_test_is_none_15_0_9_3(
    db: Database,
) -> None:
    """15.0, 9.3: a reaction due of a battery now at 0 is settled as no reaction (15.0)."""
    game = quatre_bras(db, morale_rule=True)
    battery = _charge_on_a_passed_battery(game, passed_first=False)
    assert [d.target for d in game.due() if d.check == "reaction"] == [{"unit_id": battery}]
    reaction = game.open_check("reaction", unit_id=battery)
    reaction.set("empty_hexes", 2)
    outcome = reaction.apply({"reaction_dice": ["english", "english"], "effect_roll": 3})
    assert outcome is not None
    assert (outcome.result, outcome.rule) == ("no_reaction", "15.0")
    assert [d for d in game.due() if d.check == "reaction"] == []
    _shock_of_the_lancers(game, battery)


def test_an_order_changes_an_infantry_formation_and_it_does_not_fire_then_6_0(
    db: Database,
) -> None:
    """6.0: an order changes an infantry formation, and the unit does not fire that round.

    An order may put infantry into square, or back into combat formation, where a square
    may stand; a unit that changed formation neither moves nor fires that round (option
    formation_change_fire=no_fire). A square in a wood is refused.
    """
    game = quatre_bras(db)
    _sides, units = dealt(game, "centre", "centre", French=["infantry"] * 5, Allies=["flag"] * 5)
    jamin = units[JAMIN]
    order = game.open_check("order", unit_id=jamin)
    assert {"formation"} <= {q.key for q in order.facts()}
    order.set("face", "infantry")
    order.set("formation", "square")
    order.set("terrain", "wood")
    assert "may not stand in square in wood" in str(order.trial({}).error)
    order.set("terrain", "hill")
    order.apply()
    state = game.state()
    assert state.unit(jamin).markers["formation"] == "square"
    assert state.unit(jamin).markers["reformed"] is True
    fire = game.open_check("fire", unit_id=jamin)
    fire.set("target_unit", units[MILITIA])
    refused = fire.trial({"roll": 1, "effect_roll": 3})
    assert "changes formation may not move and fire" in str(refused.error)


def test_cavalry_in_a_building_fires_as_a_garrison_8_4(db: Database) -> None:
    """8.4 (option cavalry_in_building=fires_as_garrison): cavalry in a farm fires at 4.

    The lancers in a farm fire on the adjacent militia: 4, no modifiers (7.3, option
    garrison_modifiers=none); a d10 of 4 hits, the d6 of 3 is 1 lost. In the open they
    shock instead (7.3).
    """
    game = quatre_bras(db)
    _ordered(game, LANCERS)
    fire = game.open_check("fire", unit_id=unit_id(game, LANCERS))
    fire.set("target_unit", unit_id(game, MILITIA))
    fire.set("firer_terrain", "farm")
    trial = fire.trial({"roll": 4, "effect_roll": 3})
    assert trial.outcome is not None
    assert (trial.outcome.modified, trial.outcome.result) == (4, "L1R0")
    fire.set("firer_terrain", "open")
    assert "it shocks" in str(fire.trial({"roll": 4, "effect_roll": 3}).error)
