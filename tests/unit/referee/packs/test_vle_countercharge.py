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
