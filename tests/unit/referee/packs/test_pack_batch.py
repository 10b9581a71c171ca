"""Batches of a pack's check (issue 32): one check over several units of a side, one step.

AVlE declares its rally batchable (12.0: each ordered unit's rally is its own roll), VlE its
rally phase's checks (XI.2). Three French units of Quatre Bras, ordered and short of
elements, rally in one journal step; one undo takes all three back.
"""

from __future__ import annotations

import pytest

from eote_ref.packs.avle.play_state import on_map
from eote_ref.referee.pack_batch import batch_targets, batchable, open_batch
from eote_ref.referee.pack_play import PackGameService, PackPlayError
from eote_ref.store import Database
from tests.avle_games import mark, quatre_bras


def _three_to_rally(game: PackGameService) -> list[int]:
    """Three French infantry units put on the map, ordered this round, two elements down."""
    state = game.state()
    french = next(s for s in state.sides if s.name == "French")
    units = [
        u
        for u in state.units_of(french.id)
        if u.arm == "infantry" and not u.markers.get("held") and int(u.markers["elements"]) >= 3
    ][:3]
    assert len(units) == 3
    changes = []
    for u in units:
        changes += [
            ("game_unit", u.id, "markers.arrives", 1),  # on the map (4.1)
            ("game_unit", u.id, "markers.ordered", True),
            ("game_unit", u.id, "markers.elements", int(u.markers["elements"]) - 2),
        ]
    mark(game, *changes)
    assert all(on_map(game.state(), game.state().unit(u.id)) for u in units)
    return [u.id for u in units]


def test_avle_rallies_three_units_in_one_journal_step(db: Database) -> None:
    game = quatre_bras(db)
    ids = _three_to_rally(game)
    before = {u.id: dict(u.markers) for u in game.state().units if u.id in ids}
    steps = len(game.journal())

    batch = open_batch(game, "rally", [{"unit_id": i} for i in ids])
    assert [i.refused for i in batch.items] == [None, None, None]
    # 12.0: an infantry face is an element back (two at most); a flag or a cannon is none.
    batch.set_rolls(0, {"command_dice": ["infantry", "flag", "cannon"]})
    batch.set_rolls(1, {"command_dice": ["infantry", "infantry", "infantry"]})
    batch.set_rolls(2, {"command_dice": ["flag", "cannon", "flag"]})
    assert batch.ready()
    outcomes = batch.apply()
    assert [o.result if o else None for o in outcomes] == [
        "recovered_1",
        "recovered_2",
        "recovered_0",
    ]

    journal = game.journal()
    assert len(journal) == steps + 1  # one step for the three
    line = journal[0].summary
    state = game.state()
    for uid in ids:
        unit = state.unit(uid)
        assert unit.code, "a game gives its units codes"
        assert f"{unit.code} {unit.name}" in line  # every unit named with its code
    assert line.startswith("Rally of 3 units (AVlE 12.0): ")
    got = [int(state.unit(i).markers["elements"]) - int(before[i]["elements"]) for i in ids]
    assert got == [1, 2, 0]

    game.undo()  # one undo takes all three back
    assert {u.id: dict(u.markers) for u in game.state().units if u.id in ids} == before
    assert len([e for e in game.journal() if e.status == "done"]) == steps


def test_a_batch_rolls_each_units_dice_and_lists_the_refused(db: Database) -> None:
    game = quatre_bras(db)
    ids = _three_to_rally(game)
    french = game.state().unit(ids[0]).side_id
    targets = batch_targets(game, "rally", french)
    assert {"unit_id": ids[0]} in targets
    batch = open_batch(game, "rally", targets)
    due = [i.check.target["unit_id"] for i in batch.due]
    assert set(ids) <= set(due)
    refused = [i for i in batch.items if i.refused]
    assert refused  # units not ordered this round are listed, with the reason
    assert "only an ordered unit rallies (12.0)" in refused[0].refused
    batch.roll_all(seed=3)
    assert batch.ready()
    assert all(len(i.rolls["command_dice"]) == 3 for i in batch.due)
    steps = len(game.journal())
    batch.apply()
    assert len(game.journal()) == steps + 1


def test_a_check_not_declared_batchable_or_two_sides_are_refused(db: Database) -> None:
    game = quatre_bras(db)
    assert [s.key for s in batchable(game)] == ["rally"]
    state = game.state()
    one, other = state.sides
    with pytest.raises(PackPlayError, match="one unit at a time"):
        open_batch(game, "fire", [{"unit_id": state.units_of(one.id)[0].id}])
    mixed = [{"unit_id": state.units_of(s.id)[0].id} for s in (one, other)]
    with pytest.raises(PackPlayError, match="one side's units"):
        open_batch(game, "rally", mixed)


def test_vle_declares_its_rally_phase_batchable() -> None:
    """XI.2: in the rally phase each eligible unit the player chooses checks, one by one."""
    from eote_ref.packs.registry import get_play

    play = get_play("vle")
    assert play is not None
    assert [k for k, s in play.checks.items() if s.batch] == ["rally"]


def test_the_state_a_batch_reads_takes_each_change_in_turn(db: Database) -> None:
    """Each target's check reads the state its earlier targets left (PlayState.with_puts)."""
    from eote_ref.packs.play import Put

    game = quatre_bras(db)
    state = game.state()
    unit, leader = state.units[0], state.leaders[0]
    after = state.with_puts(
        [
            Put("unit", unit.id, "elements", 1),
            Put("unit", unit.id, "flag", None),  # None takes the key out
            Put("game", state.game_id, "pending", [{"check": "morale"}]),
            Put("side", state.sides[1].id, "hand", ["left"]),
            Put("unit", unit.id, "attached_leader_id", leader.id, column=True),
            Put("game", state.game_id, "turn", 2, column=True),
        ]
    )
    assert after.unit(unit.id).markers["elements"] == 1
    assert "flag" not in after.unit(unit.id).markers
    assert after.pack_state["pending"] == [{"check": "morale"}]
    assert after.sides[1].pack_state["hand"] == ["left"]
    assert after.unit(unit.id).attached_leader_id == leader.id
    assert after.leader(leader.id).attached_unit_id == unit.id
    assert after.turn == 2
    assert state.unit(unit.id).markers == unit.markers  # the state read is not changed
