"""VlE countercharge on a real game (Saalfeld): the cavalry's formation around its melee."""

from __future__ import annotations

from eote_ref.packs.play import Put
from eote_ref.referee.pack_play import PackGameService
from eote_ref.store import Database
from tests.avle_games import saalfeld


def _id(game: PackGameService, name: str) -> int:
    return next(u.id for u in game.state().units if u.name == name)


def test_ix_7_the_countercharging_cavalry_goes_back_to_its_formation(db: Database) -> None:
    """IV.7, IX.7: in line for the countercharge, back in its formation once the melee is over.

    The Saxon Hussars in general order pass their countercharge check (a double 1 always
    passes, X.3) and go into line; the melee on the 64e Ligne they countercharge puts them
    back in general order. Each check is one journal step, and undoing the melee leaves them
    in line.
    """
    game = saalfeld(db)
    ligne, hussars = _id(game, "64e Ligne"), _id(game, "Saxon Hussars")
    change = game.store_change(Put("unit", hussars, "formation", "general_order"))
    game.record("mark", "set up the test", [change])
    steps = len(game.journal())
    cc = game.open_check("countercharge", unit_id=hussars)
    assert cc.apply({"dice": [1, 1]}) is not None
    assert game.state().unit(hussars).markers["formation"] == "line"
    melee = game.open_check("melee", unit_id=ligne)
    melee.set("attackers", [hussars])
    melee.set("countercharge", True)
    trial = melee.trial({"roll": 4})
    assert "Saxon Hussars: in general_order" in trial.changes
    assert not any("countercharge" in c for c in trial.changes)  # bookkeeping, not news
    melee.apply({"roll": 4})
    markers = game.state().unit(hussars).markers
    assert markers["formation"] == "general_order"
    assert "formation_before_countercharge" not in markers
    assert len(game.journal()) == steps + 2
    game.undo()
    assert game.state().unit(hussars).markers["formation"] == "line"


def test_ix_7_a_cavalry_with_no_formation_marked_is_left_with_none(db: Database) -> None:
    """IX.7: a formation never marked is not invented after the countercharge's melee."""
    game = saalfeld(db)
    ligne, hussars = _id(game, "64e Ligne"), _id(game, "Saxon Hussars")
    change = game.store_change(Put("unit", hussars, "formation", None))
    game.record("mark", "set up the test", [change])
    game.open_check("countercharge", unit_id=hussars).apply({"dice": [1, 1]})
    melee = game.open_check("melee", unit_id=ligne)
    melee.set("attackers", [hussars])
    melee.set("countercharge", True)
    melee.apply({"roll": 4})
    markers = game.state().unit(hussars).markers
    assert "formation" not in markers
    assert "formation_before_countercharge" not in markers


def test_xiv_5_a_leader_s_casualty_roll_for_one_step_says_one_step(db: Database) -> None:
    """The due line of a leader's roll counts its steps in words: "1 step", never "1 steps"."""
    from eote_ref.packs.play import Ctx
    from eote_ref.packs.vle.play_command import at_risk

    game = saalfeld(db)
    state = game.state()
    leader = state.leaders[0]
    ctx = Ctx(state, {}, {}, None)
    assert at_risk(ctx, leader.id, ["fire_2_or_3"], 1)["label"].endswith(", 1 step lost to fire")
    assert at_risk(ctx, leader.id, ["fire_2_or_3"], 2)["label"].endswith(", 2 steps lost to fire")


def _countercharged(db: Database) -> tuple[PackGameService, int, int]:
    """Saalfeld with the Saxon Hussars in general order, their countercharge passed (IX.7)."""
    game = saalfeld(db)
    ligne, hussars = _id(game, "64e Ligne"), _id(game, "Saxon Hussars")
    change = game.store_change(Put("unit", hussars, "formation", "general_order"))
    game.record("mark", "set up the test", [change])
    game.open_check("countercharge", unit_id=hussars).apply({"dice": [1, 1]})
    return game, ligne, hussars


def test_ix_7_the_countercharge_s_melee_is_one_though_not_ticked(db: Database) -> None:
    """IX.7, XVI.4: the melee a countercharged cavalry attacks in is its countercharge.

    The melee's countercharge question starts ticked (read from the marker); played as it
    comes, the hussars go back to general order and are not marked as having charged, which
    would bar their charge next turn (XVI.4).
    """
    game, ligne, hussars = _countercharged(db)
    melee = game.open_check("melee", unit_id=ligne)
    melee.set("attackers", [hussars])
    asked = {q.key: q for q in melee.facts()}
    assert asked["countercharge"].default is True
    assert asked["countercharge"].derived
    melee.apply({"roll": 4})
    markers = game.state().unit(hussars).markers
    assert markers["formation"] == "general_order"
    assert "formation_before_countercharge" not in markers
    assert not markers.get("charged")


def test_ix_7_unticked_by_the_umpire_the_melee_still_ends_the_countercharge(
    db: Database,
) -> None:
    """IX.7: whatever the box says, the cavalry's melee over, it goes back to its formation."""
    game, ligne, hussars = _countercharged(db)
    melee = game.open_check("melee", unit_id=ligne)
    melee.set("attackers", [hussars])
    melee.set("countercharge", False)
    melee.apply({"roll": 4})
    markers = game.state().unit(hussars).markers
    assert markers["formation"] == "general_order"
    assert "formation_before_countercharge" not in markers


def test_ix_7_no_melee_by_the_phase_s_end_the_countercharge_is_over(db: Database) -> None:
    """IX.7: a countercharge's melee comes at once; the phase over, the cavalry is back.

    A second countercharge later then keeps general order as the formation to return to,
    not the line of the first.
    """
    game, _ligne, hussars = _countercharged(db)
    game.open_check("next_phase").apply({})
    markers = game.state().unit(hussars).markers
    assert markers["formation"] == "general_order"
    assert "formation_before_countercharge" not in markers
    game.open_check("countercharge", unit_id=hussars).apply({"dice": [1, 1]})
    markers = game.state().unit(hussars).markers
    assert markers["formation_before_countercharge"] == "general_order"


def test_ix_7_a_countercharging_cavalry_disorganized_by_fire_is_back(db: Database) -> None:
    """IX.7, VIII.7: disorganized by the fire before the melee, it will not attack: over."""
    game, _ligne, hussars = _countercharged(db)
    check = game.open_check("morale", unit_id=hussars)
    check.apply({"dice": [6, 6]})  # a double 6 always fails (X.3)
    markers = game.state().unit(hussars).markers
    assert markers.get("disorganized")
    assert markers["formation"] == "general_order"
    assert "formation_before_countercharge" not in markers


def test_ix_7_a_countercharging_cavalry_eliminated_by_fire_loses_its_marker(
    db: Database,
) -> None:
    """IX.7: a cavalry destroyed by the countercharged unit's fire keeps no countercharge."""
    game, _ligne, hussars = _countercharged(db)
    game.record("mark", "one step left", [game.store_change(Put("unit", hussars, "steps", 1))])
    fire = game.open_check("fire", unit_id=hussars)
    fire.set("fire_value", 20)
    fire.apply({"roll": 6})
    markers = game.state().unit(hussars).markers
    assert markers.get("eliminated")
    assert "formation_before_countercharge" not in markers
