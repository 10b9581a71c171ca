"""Fog of war over a pack game's results: a check's line keeps its fogged figures to its side.

Found in a trial of the players' phones: under fog a VlE fire's line (*fire on 17e Léger at
5: loss 2*) and a morale check's total (*checks morale at 9*) reached the other side's page
and the whole table's, though VlE fogs a unit's steps and losses (house, XX); AVlE's fire
named the value and the elements lost (house, 1.1). A check's pack now declares its line
under fog (``CheckSpec.veiled``): what the table sees anyway (a unit removed, routed,
disorganized, falling back, a check that follows) stays, the figures go; the umpire's
journal and the side whose unit it is read it whole. The phones' pages and the Qt players'
display both read ``players_results``.
"""

from __future__ import annotations

import json
from typing import Any

from eote_ref.packs.play import SideState
from eote_ref.referee.fog import Fog, choose_fog, fog_in
from eote_ref.referee.pack_batch import open_batch
from eote_ref.referee.pack_fog import check_veil
from eote_ref.referee.pack_play import NewPackGame, PackGameService, new_pack_game
from eote_ref.store import Database
from eote_ref.web.snapshot import pack_snapshot
from tests.avle_games import SAALFELD, mark, quatre_bras, saalfeld, unit_id
from tests.unit.referee.packs.test_pack_batch import _three_to_rally


def _sides(game: PackGameService) -> dict[str, SideState]:
    return {s.name: s for s in game.state().sides}


def _last(game: PackGameService, viewer: int | None, fog: Fog) -> str:
    return game.players_results(1, viewer, fog)[0][1]


def _words(line: str) -> set[str]:
    """Which of the figures' words a line holds (a value, a column, steps or elements lost)."""
    return {w for w in (" at ", "loss", "value", "lost", "hit") if w in line}


def _results(page: dict[str, Any]) -> str:
    return json.dumps(page["results"], ensure_ascii=False)


def _vle_fire(game: PackGameService, name: str) -> str:
    """A fire on ``name`` that takes steps and leaves it standing; the umpire's line."""
    uid = unit_id(game, name)
    check = game.open_check("fire", unit_id=uid)
    check.set("fire_value", 7)
    steps = int(game.state().unit(uid).markers["steps"])
    for roll in range(6, 0, -1):
        trial = check.trial({"roll": roll})
        assert trial.outcome is not None
        if 0 < int(trial.outcome.details["steps_lost"]) < steps:
            check.apply({"roll": roll})
            return game.journal()[0].summary
    raise AssertionError("no roll takes a step")


def test_a_vle_fire_s_value_and_steps_lost_are_hidden_from_both_sides(db: Database) -> None:
    """Each side's fog covers the line: the steps lost are the target's, the value the firers'.

    VII.1 halves artillery at one step, a fogged key of the firing side.
    """
    game = saalfeld(db)
    sides = _sides(game)
    french, prussians = sides["French"].position, sides["Prussians"].position
    unit = next(u for u in game.state().units_of(sides["Prussians"].id))
    whole = _vle_fire(game, unit.name)
    assert {" at ", "loss"} <= _words(whole)  # the umpire's journal keeps it whole
    for fog, viewer in (
        (Fog.OPPONENT, french),
        (Fog.OPPONENT, prussians),
        (Fog.OPPONENT, None),
        (Fog.BOTH, prussians),
    ):
        shown = _last(game, viewer, fog)
        assert shown.startswith(f"fire on {unit.name}"), (fog, viewer)
        assert not {" at ", "loss"} & _words(shown), (fog, viewer, shown)
        assert "a morale check follows" in shown  # the table sees the check rolled (VII.9)
    assert _last(game, french, Fog.OFF) == whole  # fog off: everything shown

    choose_fog(game, fog_in(game.state().options), Fog.OPPONENT)
    snap = pack_snapshot(game)  # the phones' pages read the same
    for page in (snap.sides[french], snap.sides[prussians], snap.spectators):
        assert "loss" not in _results(page)


def test_a_veiled_line_whose_side_is_not_found_is_veiled_for_every_side(db: Database) -> None:
    """A line its pack veils is never read whole for want of a side: it fails closed.

    Its subject names no side (a row gone): the line is veiled for every side of the game.
    """
    game = saalfeld(db)
    sides = _sides(game)
    unit = game.state().units_of(sides["Prussians"].id)[0]
    check = game.open_check("morale", unit_id=unit.id)
    trial = check.trial(check.rolled({}, seed=4))
    assert trial.outcome is not None
    ctx = check.ctx()
    found = check_veil(game.play, ctx, trial.outcome, check.spec, ("unit", -1), game.rules)
    assert found is not None
    assert found[0] == {s.id for s in sides.values()}
    assert found[1].startswith(f"{unit.name} checks morale: ")


def test_a_vle_morale_check_s_total_is_left_out_its_result_kept(db: Database) -> None:
    game = saalfeld(db)
    sides = _sides(game)
    unit = game.state().units_of(sides["Prussians"].id)[0]
    check = game.open_check("morale", unit_id=unit.id)
    check.apply(check.rolled({}, seed=4))
    whole = game.journal()[0].summary
    assert f"{unit.name} checks morale at " in whole
    result = whole.rsplit(": ", 1)[1]  # passed, disorganized...: each seen on the table
    shown = _last(game, sides["French"].position, Fog.OPPONENT)
    assert shown == f"{unit.name} checks morale: {result}"
    assert _last(game, sides["Prussians"].position, Fog.OPPONENT) == whole


def test_a_vle_melee_s_column_is_hidden_from_both_sides(db: Database) -> None:
    """Its column is worked out from both sides' steps (VIII.8): each side's fog covers it."""
    game = saalfeld(db)
    sides = _sides(game)
    defender = game.state().units_of(sides["Prussians"].id)[0]
    attacker = next(u for u in game.state().units_of(sides["French"].id) if u.arm != "artillery")
    check = game.open_check("melee", unit_id=defender.id)
    check.set("attackers", [attacker.id])
    check.apply({"roll": 6})
    whole = game.journal()[0].summary
    assert f"melee on {defender.name} at " in whole
    for side in sides.values():
        shown = _last(game, side.position, Fog.OPPONENT)
        assert shown.startswith(f"melee on {defender.name}"), shown
        assert " at " not in shown, shown
    assert _last(game, None, Fog.OFF) == whole


def test_an_avle_shock_s_value_and_losses_are_veiled_and_its_morale_test_held(
    db: Database,
) -> None:
    game = quatre_bras(db, morale_rule=True)
    lancers = unit_id(game, "Piré's lancers (Hubert)")
    battery = unit_id(game, "Perponcher's batteries")
    mark(
        game,
        ("game_unit", lancers, "markers.ordered", True),
        ("game_unit", battery, "markers.elements", 1),
    )
    shock = game.open_check("shock", unit_id=lancers)
    shock.set("target_unit", battery)
    shock.apply({"roll": 7, "effect_roll": 3})
    whole = game.journal()[0].summary
    assert {"value", "lost", "hit"} <= _words(whole)
    sides = {s.id: s.position for s in game.state().sides}
    allies = sides[game.state().unit(battery).side_id]
    french = sides[game.state().unit(lancers).side_id]
    for viewer in (allies, french, None):  # the value is both units' elements
        shown = _last(game, viewer, Fog.OPPONENT)
        assert shown.startswith("Piré's lancers (Hubert) shocks Perponcher's batteries"), shown
        assert not {"value", "lost", "hit"} & _words(shown), shown
        assert "morale test" in shown  # the table sees the test taken (15.0)
    assert _last(game, allies, Fog.OFF) == whole

    game.open_check("morale", unit_id=battery).apply({"roll": 3})
    whole = game.journal()[0].summary
    assert "holds on its last element" in whole
    shown = _last(game, french, Fog.OPPONENT)
    assert shown == "Perponcher's batteries takes its morale test (15.0)"
    assert _last(game, allies, Fog.OPPONENT) == whole  # its own side sees it held


def test_an_avle_rally_batch_s_elements_back_reach_only_its_side(db: Database) -> None:
    game = quatre_bras(db)
    ids = _three_to_rally(game)
    batch = open_batch(game, "rally", [{"unit_id": i} for i in ids])
    batch.set_rolls(0, {"command_dice": ["infantry", "flag", "cannon"]})
    batch.set_rolls(1, {"command_dice": ["infantry", "infantry", "infantry"]})
    batch.set_rolls(2, {"command_dice": ["flag", "cannon", "flag"]})
    batch.apply()
    whole = game.journal()[0].summary
    assert "element(s) back" in whole
    sides = _sides(game)
    shown = _last(game, sides["Allies"].position, Fog.OPPONENT)
    assert shown.startswith("Rally of 3 units (AVlE 12.0): ")
    assert "element" not in shown, shown
    for uid in ids:
        assert game.state().unit(uid).name in shown
    assert _last(game, sides["French"].position, Fog.OPPONENT) == whole


def test_a_check_with_no_fogged_figure_reads_whole_under_fog(db: Database) -> None:
    """The next phase names nothing fogged: every page reads the umpire's line."""
    game = saalfeld(db)
    game.open_check("next_phase").apply()
    whole = game.journal()[0].summary
    assert _last(game, None, Fog.BOTH) == whole


def test_vle_s_army_threshold_is_shown_with_fog_off_and_kept_to_its_side_with_fog_on(
    db: Database,
) -> None:
    """The battle's demoralization level (XII) and the steps lost, on the pages (XVI.8).

    Fog off shows every side's level to all: the referee plays the battle's printed level
    (the modulated secret one, XVI.8, is never drawn into the game's state). With fog on it
    is kept to its side, on the pages and in the army morale check's line.
    """
    game = saalfeld(db, "saalfeld")
    sides = _sides(game)
    prussians = sides["Prussians"]
    level = prussians.pack_state["demoralize_at"]
    words = f"demoralized at {level} steps lost"

    def lines(page: dict[str, Any]) -> str:
        return json.dumps([s["lines"] for s in page["sides"] if s["name"] == "Prussians"])

    snap = pack_snapshot(game, Fog.OFF)
    for page in (snap.spectators, *snap.sides.values()):
        assert words in lines(page)
    game.open_check("army_morale", side_id=prussians.id).apply()
    choose_fog(game, fog_in(game.state().options), Fog.OPPONENT)
    snap = pack_snapshot(game)
    assert words in lines(snap.sides[prussians.position])
    for page in (snap.spectators, snap.sides[sides["French"].position]):
        assert "demoralized at" not in lines(page)
        assert "steps lost" not in lines(page)
        assert str(level) not in _results(page)


def test_a_hand_edit_veiled_by_an_older_eote_ref_still_reads_veiled(db: Database) -> None:
    """A step kept its one side as ``side_id`` before a line could name several."""
    game = quatre_bras(db)
    sides = _sides(game)
    allies = sides["Allies"]
    veil = {"fogged": {"side_id": allies.id, "veiled": "By hand: hidden"}}
    game.record("avle.edit", "By hand: Bijlandt: 4 → 3 element(s)", [], inputs=veil)
    assert _last(game, sides["French"].position, Fog.OPPONENT) == "By hand: hidden"
    assert _last(game, allies.position, Fog.OPPONENT).endswith("4 → 3 element(s)")


def test_a_vle_battery_s_losses_to_artillery_fire_reach_only_its_side(db: Database) -> None:
    """XVI.2's losses of a battery (a check of their own) say its steps lost to its side only."""
    spec = NewPackGame("Saalfeld", "vle", SAALFELD, {"artillery_losses": "system_a"})
    game = PackGameService(db, new_pack_game(db, spec))
    sides = _sides(game)
    french, prussians = sides["French"].position, sides["Prussians"].position
    battery = unit_id(game, "Saxon foot batteries")
    fire = game.open_check("fire", unit_id=battery)
    fire.set("fire_value", 7)
    fire.apply({"roll": 4})
    due = next(d for d in game.due() if d.check == "artillery_losses")
    game.open_check(due.check, **due.target).apply({})
    whole = game.journal()[0].summary
    assert "step" in whole  # the umpire's journal: 1 step(s) lost
    shown = _last(game, french, Fog.OPPONENT)
    assert shown.startswith("Saxon foot batteries: losses to artillery fire"), shown
    assert "step" not in shown
    assert "a morale check follows" in shown
    assert _last(game, prussians, Fog.OPPONENT) == whole
