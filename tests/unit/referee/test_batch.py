"""Batch command-phase checks: one die each, shown together, applied as one undoable step."""

from __future__ import annotations

import pytest

from eote_ref.packs.eote.checks.batch import Batch
from eote_ref.packs.eote.rules.dice import RandomDice
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.markers import unit_change
from eote_ref.referee.phases import Phase
from eote_ref.referee.todo import checks_due
from eote_ref.store import Database
from tests.games import game_state
from tests.unit.referee.test_game_service import small_game


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


# ------------------------------------------------------------------ issue 15, second round
def _mark(game: GameService, uid: int, **fields: object) -> None:
    game.record("marker", "test set-up", [unit_change(uid, k, v) for k, v in fields.items()])


def _due(game: GameService, procedure: str) -> list[object]:
    return [c for c in checks_due(game.view(), game) if c.procedure == procedure]


def _to_phase(game: GameService, phase: Phase) -> None:
    while game.view().phase is not phase:
        game.advance_phase()


def test_command_radius_for_every_division_reads_the_marks_and_is_one_step(
    waterloo: GameService,
) -> None:
    division = waterloo.view().sides[0].divisions[0]
    straggler = division.units[1].id
    waterloo.set_unit(straggler, "out_of_command", True)
    before = game_state(waterloo)
    batch = Batch(waterloo, "command_radius_all")
    divisions = [d for s in waterloo.view().sides for d in s.divisions]
    sides = [s.name for s in waterloo.view().sides for _d in s.divisions]
    assert [i.label for i in batch.items] == [
        f"{d.title} ({side})" for d, side in zip(divisions, sides, strict=True)
    ]
    assert batch.ready()  # measured on the table: no die
    first = batch.items[0]
    assert first.result.startswith("radius ")
    assert f"1 of {len(division.units)} units out of command" in first.result
    steps = len(waterloo.journal())
    batch.apply()
    assert len(waterloo.journal()) == steps + 1
    # The divisions count as measured this turn: the batch offers none of them again.
    assert Batch(waterloo, "command_radius_all").items == []
    waterloo.undo()
    assert game_state(waterloo) == before
    assert len(Batch(waterloo, "command_radius_all").items) == len(divisions)


def test_command_radius_from_one_divisions_row(waterloo: GameService) -> None:
    division = waterloo.view().sides[1].divisions[2]
    batch = Batch(waterloo, "command_radius_all", only={"division_id": division.id})
    assert [i.label for i in batch.items] == [f"{division.title} (French)"]


def test_cavalry_end_of_turn_for_every_unit_that_fought(waterloo: GameService) -> None:
    cav = [u.id for u in waterloo.view().sides[0].units if u.arm == "cavalry"][:3]
    _mark(waterloo, cav[0], fought_this_turn=True)
    _mark(waterloo, cav[1], fought_this_turn=True, fought_while_blown=True, blown=1)
    _to_phase(waterloo, Phase.INTEGRITY)
    before = game_state(waterloo)
    batch = Batch(waterloo, "cavalry_end_of_turn_batch")
    assert [i.unit.id for i in batch.items if i.unit] == cav[:2]
    assert batch.ready()
    assert [i.outcome.result for i in batch.items if i.outcome] == ["blown", "disintegrated"]
    batch.apply()
    units = {u.id: u for s in waterloo.view().sides for u in s.units}
    assert units[cav[0]].blown == 1
    assert units[cav[1]].off_table
    assert _due(waterloo, "cavalry_end_of_turn") == []
    assert Batch(waterloo, "cavalry_end_of_turn_batch").items == []
    waterloo.undo()
    assert game_state(waterloo) == before


def test_leader_casualties_one_die_each_applied_together(waterloo: GameService) -> None:
    divisions = waterloo.view().sides[0].divisions[:2]
    for d in divisions:
        _mark(waterloo, d.units[0].id, fought_this_turn=True)
    _to_phase(waterloo, Phase.LEADER_CASUALTY)
    due = [c for c in checks_due(waterloo.view(), waterloo) if c.procedure == "leader_casualty"]
    assert len(due) >= 2
    before = game_state(waterloo)
    batch = Batch(waterloo, "leader_casualty_all")
    assert len(batch.items) == len(due)
    assert all(
        d.leader is not None and d.leader.name in batch.items[n].label
        for n, d in enumerate(divisions)
    )
    assert not batch.ready()  # a d10 each first
    with pytest.raises(RefereeError):
        batch.apply()
    for n in range(len(batch.items)):
        batch.set_rolls(n, {"roll": 7})
    assert batch.ready()
    assert all(i.result for i in batch.items)
    steps = len(waterloo.journal())
    batch.apply()
    assert len(waterloo.journal()) == steps + 1
    assert _due(waterloo, "leader_casualty") == []
    waterloo.undo()
    assert game_state(waterloo) == before
    assert len(_due(waterloo, "leader_casualty")) == len(due)


def test_every_morale_check_due_in_one_step(waterloo: GameService) -> None:
    ids = [u.id for u in waterloo.view().sides[0].units if u.arm == "infantry"][:3]
    _to_phase(waterloo, Phase.FIRE)
    threshold = waterloo.morale_threshold
    for uid in ids[:2]:
        _mark(waterloo, uid, hits=threshold)
    due = _due(waterloo, "morale")
    assert len(due) == 2
    before = game_state(waterloo)
    batch = Batch(waterloo, "morale_all")
    assert [i.unit.id for i in batch.items if i.unit] == ids[:2]
    # Each item shows its modifiers as the single check's wizard does (issue 23).
    for item in batch.items:
        assert item.unit is not None
        assert item.check is not None
        o = item.check.preview()
        assert item.modifiers.startswith(f"{o.base:g} ")
        assert item.modifiers.endswith(f"= {o.modified:g}")
        assert "(7.5)" in item.modifiers  # the per-hit modifier with its section
    for n in range(len(batch.items)):
        batch.set_rolls(n, {"roll": 1})
    assert batch.ready()
    batch.apply()
    assert _due(waterloo, "morale") == []
    waterloo.undo()
    assert game_state(waterloo) == before
    assert len(_due(waterloo, "morale")) == 2


def test_an_engaged_combat_fought_this_turn_is_not_due_again(waterloo: GameService) -> None:
    from eote_ref.packs.eote.checks import open_check

    attacker = waterloo.view().sides[1].units[0].id
    defender = waterloo.view().sides[0].units[0].id
    _to_phase(waterloo, Phase.ASSAULT)
    assert _due(waterloo, "assault") == []
    # A die that leaves both in the fight: engaged into next turn (7.0).
    for roll in range(10):
        check = open_check(waterloo, "assault", attackers=(attacker,), defenders=(defender,))
        trial = check.trial({"roll": roll})
        if trial.outcome is not None and "engaged" in check.summary(trial.outcome):
            check.apply({"roll": roll})
            break
    else:
        pytest.fail("no die leaves the combat engaged")
    assert _due(waterloo, "assault") == []  # fought this turn: next turn's
    while waterloo.view().phase is not Phase.ASSAULT or waterloo.view().turn == 1:
        waterloo.advance_phase()
    assert len(_due(waterloo, "assault")) == 1


def test_a_rout_in_the_morale_batch_chains_through_the_units_it_passes(
    waterloo: GameService,
) -> None:
    """EotE 7.5: the formed units a routing unit passes through test in turn, in the batch."""
    router, first, second = _ids(waterloo, 3)
    _to_phase(waterloo, Phase.FIRE)
    _mark(waterloo, router, hits=waterloo.morale_threshold + 2)
    before = game_state(waterloo)
    batch = Batch(waterloo, "morale_all")
    assert [i.unit.id for i in batch.items if i.unit] == [router]
    assert {first, second} <= {uid for uid, _ in batch.passes_through(0)}
    batch.pass_through(0, (first, second))
    batch.set_rolls(0, {"roll": 1})  # passes: nobody owes a test
    assert batch.items[0].outcome is not None
    assert batch.items[0].outcome.result != "rout"
    assert len(batch.items) == 1
    batch.set_rolls(0, {"roll": 0})  # a 10 routs it
    assert batch.items[0].outcome is not None
    assert batch.items[0].outcome.result == "rout"
    assert [i.unit.id for i in batch.items if i.unit] == [router, first, second]
    assert all(i.origin is batch.items[0] for i in batch.items[1:])
    assert not batch.ready()  # the chained rows need their dice
    batch.set_rolls(1, {"roll": 1})
    batch.set_rolls(2, {"roll": 1})
    steps = len(waterloo.journal())
    batch.apply()
    assert len(waterloo.journal()) == steps + 1
    assert _due(waterloo, "morale") == []  # tested in the same step: no test left owing
    tested = {ln.unit_id for ln in waterloo.view().links if ln.kind == "morale_tested"}
    assert {router, first, second} <= tested
    waterloo.undo()
    assert game_state(waterloo) == before


def test_a_rout_the_batch_does_not_chain_leaves_the_tests_owing(waterloo: GameService) -> None:
    """EotE 7.5: passed-through units the umpire has not rolled for stay due."""
    router, first = _ids(waterloo, 2)
    _to_phase(waterloo, Phase.FIRE)
    _mark(waterloo, router, hits=waterloo.morale_threshold + 2)
    batch = Batch(waterloo, "morale_all")
    batch.set_rolls(0, {"roll": 0})
    batch.pass_through(0, (first,))
    assert len(batch.items) == 2
    batch.pass_through(0, ())  # the umpire takes it back
    assert len(batch.items) == 1
    batch.pass_through(0, (first,))
    batch.items[1].check = None  # as if the rules refused it: not rolled in this step
    batch.apply()
    assert [
        c.unit_id for c in checks_due(waterloo.view(), waterloo) if c.procedure == "morale"
    ] == [first]


def test_a_fall_back_in_the_morale_batch_disorders_the_units_it_passes(
    waterloo: GameService,
) -> None:
    """EotE 7.5: falling back through formed friends disorders them; no test is owed."""
    unit_id, friend = _ids(waterloo, 2)
    _to_phase(waterloo, Phase.FIRE)
    _mark(waterloo, unit_id, hits=waterloo.morale_threshold)
    batch = Batch(waterloo, "morale_all")
    batch.pass_through(0, (friend,))
    check = batch.items[0].check
    assert check is not None
    die = next(d for d in range(10) if check.trial({"roll": d}).outcome.result == "fall_back")
    batch.set_rolls(0, {"roll": die})
    assert len(batch.items) == 1  # falling back owes nobody a test
    batch.apply()
    assert next(u for u in waterloo.view().sides[0].units if u.id == friend).disordered


def test_the_morale_batch_names_the_option_that_reads_its_dice(db: Database) -> None:
    """EotE 7.5 (option morale_result_reading=table): a 2 against 3 routs, and the row says why.

    The umpire's trial of the Arapiles: under the table reading the batch showed "rout" for a
    die under the modified CE, which the prose of 7.5 passes, with nothing naming the option;
    the single morale wizard named it. The batch row names it too.
    """
    game = small_game(db, options={"morale_result_reading": "table"})
    unit = game.view().sides[0].units[0]
    game.set_unit(unit.id, "hits", 3)
    while game.view().phase is not Phase.FIRE:
        game.advance_phase()
    batch = Batch(game, "morale_all")
    (row,) = [i for i in batch.items if i.unit is not None and i.unit.id == unit.id]
    assert "morale_result_reading=table" in row.modifiers
    n = batch.items.index(row)
    item = batch.set_rolls(n, {"roll": 1})
    assert item.outcome is not None
    assert item.outcome.result == "rout"
    prose = small_game(db)
    unit = prose.view().sides[0].units[0]
    prose.set_unit(unit.id, "hits", 3)
    while prose.view().phase is not Phase.FIRE:
        prose.advance_phase()
    (plain,) = [i for i in Batch(prose, "morale_all").items if i.unit and i.unit.id == unit.id]
    assert "option" not in plain.modifiers


def test_the_rally_batch_says_why_a_unit_cannot_rally(waterloo: GameService) -> None:
    """EotE 3.6, 8.0: a row reads "cannot rally: ..." with the reason and its section.

    The umpire's trial of the Arapiles: twelve rows read "cannot rally" and "no modifiers",
    with nothing saying that the division's leader could not rally that turn (8.0).
    """
    uid = _ids(waterloo, 1)[0]
    waterloo.set_unit(uid, "disordered", True)
    waterloo.set_unit(uid, "out_of_command", True)
    batch = Batch(waterloo, "disorder_rally_all")
    (row,) = [i for i in batch.items if i.unit is not None and i.unit.id == uid]
    assert row.result == "cannot rally: out of command radius (3.6)"
    batch.apply()
    summary = waterloo.journal(limit=1)[0].summary
    assert summary.count("out of command radius (3.6)") == 1, summary
