"""Batch command-phase checks: one die each, shown together, applied as one undoable step."""

from __future__ import annotations

from eote_ref.referee.batch import Batch
from eote_ref.referee.game import GameService
from eote_ref.rules.dice import RandomDice
from tests.unit.referee.conftest import game_state


def _ids(game: GameService, n: int, arm: str = "infantry") -> list[int]:
    return [u.id for u in game.view().sides[0].units if u.arm == arm][:n]


def test_every_routed_unit_leaves_in_one_step(waterloo: GameService) -> None:
    routed = _ids(waterloo, 3)
    for uid in routed:
        waterloo.set_unit(uid, "routed", True)
    before = game_state(waterloo)
    steps = len(waterloo.journal())
    batch = Batch(waterloo, "remove_routed_all")
    assert [i.unit.id for i in batch.items] == routed
    assert batch.ready()  # nothing to roll
    batch.apply()
    assert len(waterloo.journal()) == steps + 1
    gone = {u.id: u.off_table for s in waterloo.view().sides for u in s.units}
    assert all(gone[uid] for uid in routed)
    waterloo.undo()
    assert game_state(waterloo) == before


def test_disordered_units_rally_with_a_die_each_and_the_pinned_one_is_information(
    waterloo: GameService,
) -> None:
    ids = _ids(waterloo, 3)
    for uid in ids:
        waterloo.set_unit(uid, "disordered", True)
    waterloo.set_unit(ids[2], "pinned", True)
    before = game_state(waterloo)
    batch = Batch(waterloo, "disorder_rally_all")
    assert [i.unit.id for i in batch.items] == ids
    batch.roll_all(RandomDice(seed=3))
    results = {i.unit.id: i.result for i in batch.items}
    assert all(results[uid] for uid in ids), results
    assert "cannot" in results[ids[2]]  # pinned: no rally (3.6), information only
    steps = len(waterloo.journal())
    assert batch.ready()
    batch.apply()
    assert len(waterloo.journal()) == steps + 1
    entry = waterloo.journal(limit=1)[0]
    assert entry.summary.startswith("Rally every disordered unit")
    waterloo.undo()
    assert game_state(waterloo) == before
