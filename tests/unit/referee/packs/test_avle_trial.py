"""What a player's trial of an AVlE game in the app found (issue 26): each a check's gap.

Each test starts from the Quatre Bras lists, sets the state as one journal step and runs the
check as the app's wizard does (its questions, then the dice).
"""

from __future__ import annotations

from eote_ref.store import Database
from tests.avle_games import dealt, mark, quatre_bras, unit_id


def test_the_fire_wizard_asks_the_firers_hex_and_applies_its_modifier(db: Database) -> None:
    game = quatre_bras(db)
    foy, line = unit_id(game, "Foy's division (Jamin)"), unit_id(game, "Bijlandt's brigade (line)")
    mark(game, ("game_unit", foy, "markers.ordered", True))
    fire = game.open_check("fire", unit_id=foy)
    asked = {a.key: a for a in fire.facts()}
    assert "firer_terrain" in asked  # 9.2 FIRING FROM: the firer's own hex
    fire.set("target_unit", line)
    fire.set("target_general_attached", False)
    fire.set("hexes", 2)
    # French infantry at 2 hexes: 5 (Reference Sheet); firing from a wood -1 (9.2, 8.0): 4.
    fire.set("firer_terrain", "wood")
    outcome = fire.preview()
    assert outcome is not None
    assert outcome.modified == 4
    assert any(m.value == -1 for m in outcome.modifiers)
    # From a town -2 (9.2): 3.
    fire.set("firer_terrain", "town")
    outcome = fire.preview()
    assert outcome is not None
    assert outcome.modified == 3


def test_heavy_artillery_on_a_hill_may_be_given_its_sixth_hex(db: Database) -> None:
    game = quatre_bras(db)
    battery = unit_id(game, "II Corps reserve battery")
    mark(game, ("game_unit", battery, "markers.ordered", True))
    fire = game.open_check("fire", unit_id=battery)
    hexes = next(a for a in fire.facts() if a.key == "hexes")
    # 7.3: heavy artillery reaches 5 hexes, 6 on a hill; the question must allow the sixth.
    assert hexes.maximum >= 6
    fire.set("firer_terrain", "hill")
    fire.set("hexes", 6)
    outcome = fire.preview()
    assert outcome is not None
    assert outcome.base == 2  # the sheet's 5-hex value, read at 6 from a hill (7.3)


def test_a_charge_whose_target_routs_at_its_morale_test_calls_the_pursuit(db: Database) -> None:
    game = quatre_bras(db, morale_rule=True)
    lancers = unit_id(game, "Piré's lancers (Hubert)")
    militia = unit_id(game, "Bijlandt's brigade (militia)")
    mark(
        game,
        ("game_unit", lancers, "markers.ordered", True),
        ("game_unit", militia, "markers.elements", 2),
    )
    # Lancers 12, +8 on infantry out of square in the open: 20, 2 hits (9.0); the d6 of 3 on
    # the 2-hit column: 2 lost, no retreat (9.1). The militia's fourth loss: a morale test
    # (15.0), not a removal, so no pursuit yet.
    shock = game.open_check("shock", unit_id=lancers)
    shock.set("target_unit", militia)
    outcome = shock.apply({"roll": 5, "effect_roll": 3})
    assert outcome is not None
    assert outcome.result == "morale_test"
    assert [d.check for d in game.due()][:1] == ["morale"]
    # Militia morale: 7 - 4 = 3; a d10 of 8 routs it and it is removed (15.0). Its hex is
    # empty: the cavalry that charged it tests for pursuit (9.1.3).
    outcome = game.open_check("morale", unit_id=militia).apply({"roll": 8})
    assert outcome is not None
    assert outcome.result == "rout"
    due = [(d.check, d.target) for d in game.due()]
    assert ("pursuit", {"unit_id": lancers}) in due
    game.undo()
    assert "pursuit" not in [d.check for d in game.due()]
    # Had it held, it stands in its hex (no retreat in the result): no pursuit.
    outcome = game.open_check("morale", unit_id=militia).apply({"roll": 3})
    assert outcome is not None
    assert outcome.result == "holds"
    assert "pursuit" not in [d.check for d in game.due()]


def test_a_side_may_give_no_more_orders_and_the_other_goes_on(db: Database) -> None:
    game = quatre_bras(db)
    # The Allies' left holds two infantry units at turn 1: their cannon die orders nothing there.
    sides, units = dealt(
        game,
        "centre",
        "left",
        French=["infantry", "infantry", "cannon", "flag", "trooper"],
        Allies=["cannon", "cannon", "cannon", "trooper", "trooper"],
    )
    state = game.state()
    assert state.pack_state["to_order"] == sides["French"]
    order = game.open_check("order", unit_id=units["Foy's division (Gauthier)"])
    order.set("face", "infantry")
    order.apply()
    # 5.1 steps 3 and 5: orders alternate until both have given all they will. The Allies
    # have five dice and no unit a cannon or trooper die can order in the left: they pass,
    # and the French give their remaining orders one after another.
    due = [(d.check, d.target) for d in game.due()]
    assert ("pass", {"side_id": sides["Allies"]}) in due
    passed = game.open_check("pass", side_id=sides["Allies"])
    trial = passed.trial({})
    assert "Allies: no orders left this round" in trial.changes
    passed.apply()
    state = game.state()
    assert state.pack_state["to_order"] == sides["French"]
    assert sum(state.side(sides["Allies"]).pack_state["command_dice"].values()) == 0
    for name in ("Foy's division (Jamin)", "Reille's divisional batteries (centre)"):
        order = game.open_check("order", unit_id=units[name])
        order.set("face", "infantry" if "Foy" in name else "cannon")
        order.apply()
    assert game.journal()[0].summary.startswith("French orders Reille's")
    assert any(e.summary.startswith("Allies give no more orders") for e in game.journal())
    game.undo(3)
    assert game.state().pack_state["to_order"] == sides["Allies"]


def test_a_bombardment_gives_an_order_to_each_battery_on_the_map(db: Database) -> None:
    game = quatre_bras(db)
    sides = {s.name: s.id for s in game.state().sides}
    for side in game.state().sides:
        hand = game.open_check("hand", side_id=side.id)
        if side.name == "French":
            hand.set("hand", ["left", "centre", "centre", "right", "right", "bombardment"])
        hand.apply()
    check = game.open_check("round")
    check.set(f"card_{sides['French']}", "bombardment")
    check.set(f"card_{sides['Allies']}", "centre")
    check.apply({"Allies_dice": ["flag"] * 5})
    # 3.2: every artillery unit anywhere: the French have four batteries on the map at turn 1
    # (Reille's two, the II Corps reserve, Piré's horse battery), so four orders, not "98".
    state = game.state()
    batteries = [
        u
        for u in state.units_of(sides["French"])
        if u.arm == "artillery" and u.markers["arrives"] == 1
    ]
    assert len(batteries) == 4
    assert state.side(sides["French"]).pack_state["command_dice"] == {"automatic": 4}
    assert any("(4 left this round)" in d.label for d in game.due())


def test_an_order_from_the_guide_offers_the_units_a_die_left_can_order(db: Database) -> None:
    game = quatre_bras(db)
    sides, units = dealt(
        game,
        "right",
        "centre",
        French=["cannon", "cannon", "flag", "trooper", "trooper"],
        Allies=["flag"] * 5,
    )
    # 5.1: a flag orders any unit of the card's sector (the right), a cannon die artillery,
    # a trooper die cavalry; units of the other sectors cannot take any of these orders.
    order = game.open_check("order", side_id=sides["French"])
    unit = next(a for a in order.facts() if a.key == "unit")
    offered = {name for _id, name in unit.choices}
    assert "Piré's lancers (Hubert)" in offered
    assert "Piré's horse battery" in offered
    assert "Foy's division (Gauthier)" not in offered  # the centre's: no die orders it
    assert all(units[name] in {u.id for u in game.state().units} for name in offered)


def test_an_infantry_manoeuvre_orders_the_infantry_of_one_sector(db: Database) -> None:
    game = quatre_bras(db)
    sides = {s.name: s.id for s in game.state().sides}
    for side in game.state().sides:
        hand = game.open_check("hand", side_id=side.id)
        if side.name == "French":
            hand.set("hand", ["left", "centre", "centre", "right", "right", "infantry_manoeuvre"])
        hand.apply()
    check = game.open_check("round")
    check.set(f"card_{sides['French']}", "infantry_manoeuvre")
    # 3.2: up to 5 infantry units of one sector. At turn 1 the French have Foy's two
    # brigades in the centre and Bachelu's two on the right (Jérôme comes at turn 2): at most
    # 2 in one sector, so 2 units able (5.1) and 2 orders, not the 4 of both sectors.
    able = next(a for a in check.facts() if a.key == f"able_{sides['French']}")
    assert able.default == 2
    check.apply({"Allies_dice": ["flag"] * 5})
    assert game.state().side(sides["French"]).pack_state["command_dice"] == {"automatic": 2}


def test_an_order_offers_the_die_that_orders_the_unit_not_its_arm_s_refused(
    db: Database,
) -> None:
    """Found in a club-night trial (Ligny): the order's die refused the unit it offered.

    A battery of the left sector with its General attached, the centre card played: its
    cannon die is refused there (3.1) but the General die orders it anywhere (5.1). The
    wizard offered the cannon and its own refusal; it offers the General die now.
    """
    from eote_ref.referee.pack_lists import pack_battle
    from eote_ref.referee.pack_play import NewPackGame, PackGameService, new_pack_game

    battle = pack_battle("avle", "ligny")
    sides = {name: list(paths) for name, paths in battle.sides}
    game = PackGameService(db, new_pack_game(db, NewPackGame("L", "avle", sides, {}, "ligny")))
    state = game.state()
    side = {s.name: s.id for s in state.sides}
    for s in state.sides:
        game.open_check("hand", side_id=s.id).apply()
    check = game.open_check("round")
    check.set(f"card_{side['French']}", "centre")
    check.set(f"card_{side['Prussians']}", "centre")
    check.apply(
        {
            "French_dice": ["flag", "infantry", "infantry", "cannon", "trooper"],
            "Prussians_dice": ["general", "infantry", "flag", "infantry", "cannon"],
        }
    )
    battery = next(u for u in game.state().units if u.name == "Medium artillery S8")
    order = game.open_check("order", unit_id=battery.id)
    face = next(a for a in order.facts() if a.key == "face")
    assert face.default == "general"
    assert order.trial({}).error is None
    # From the turn guide, on the side: the same unit offered first, with the same die.
    order = game.open_check("order", side_id=side["Prussians"])
    asked = {a.key: a for a in order.facts()}
    if asked["unit"].default == battery.id:
        assert asked["face"].default == "general"
    assert order.trial({}).error is None


def test_a_reaction_reads_its_dice_and_flag_not_a_base_and_modified(db: Database) -> None:
    """Found in a club-night trial (Ligny): the reaction's wizard showed *base 1, modified 1*.

    The figure is the number of white dice (one an empty hex in sight, 9.3), and the odds
    the chance of the unit's own flag on any of them (2 faces of 6, 1.2): it says so now.
    """
    game = quatre_bras(db)
    lancers, line = (
        unit_id(game, "Piré's lancers (Hubert)"),
        unit_id(game, "Bijlandt's brigade (line)"),
    )
    check = game.open_check("reaction", unit_id=line)
    check.set("charger", lancers)
    check.set("empty_hexes", 2)
    outcome = check.preview()
    assert outcome is not None
    lines = check.reading(outcome)
    assert lines[0] == "2 white dice, one an empty hex in sight at the charge's start (9.3)"
    assert lines[1] == "it succeeds on any English flag among them (2 faces of 6 on each die, 1.2)"
