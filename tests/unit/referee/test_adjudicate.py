"""Adjudications on a live game: preview, resolve, one journal step, undo."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from eote_ref.referee.adjudicate import Adjudicator, dice_for, effect_changes, rules_unit
from eote_ref.referee.game import GameService, RefereeError
from eote_ref.referee.setup import NewGame, create_new_game, shipped_army_lists
from eote_ref.rules.core import Effect
from eote_ref.rules.units import Arm, Formation, Weight
from eote_ref.store import SetField, snapshot
from tests.backends import DbTarget

LISTS = {p.name: p for p in shipped_army_lists()}


@pytest.fixture
def game(db_target: DbTarget) -> Iterator[GameService]:
    db = db_target.open()
    spec = NewGame(
        "test",
        {
            "British": [LISTS["waterloo-1815-anglo-allied.yaml"]],
            "French": [LISTS["waterloo-1815-french.yaml"]],
        },
        figure_scale="6mm",
    )
    yield GameService(db, create_new_game(db, spec))
    db.close()


def state(game: GameService) -> object:
    with game.db.session() as s:
        return snapshot(s, game.game_id)


def first(game: GameService, side: int, arm: str) -> int:
    return next(u.id for u in game.view().sides[side].units if u.arm == arm)


def test_rules_unit_defaults(game: GameService) -> None:
    adj = Adjudicator(game)
    inf = rules_unit(adj.unit_row(first(game, 0, "infantry")))
    assert (inf.arm, inf.formation, inf.in_command) == (Arm.INFANTRY, Formation.LINE, True)
    gun = rules_unit(adj.unit_row(first(game, 0, "artillery")))
    assert gun.formation is Formation.UNLIMBERED
    assert gun.weight in set(Weight)
    cav_row = adj.unit_row(first(game, 1, "cavalry"))
    assert rules_unit(cav_row).weight is Weight(cav_row.type)
    game.set_unit(gun_id := first(game, 0, "artillery"), "limbered", True)
    assert rules_unit(adj.unit_row(gun_id)).formation is Formation.LIMBERED
    with pytest.raises(RefereeError):
        adj.unit_row(10**7)


def test_square_preview_then_resolve_is_one_undoable_step(game: GameService) -> None:
    adj = Adjudicator(game)
    uid = first(game, 0, "infantry")
    game.adjust_unit(uid, "hits", 1)
    ce = adj.unit_row(uid).ce
    situation = adj.square_situation(uid, pinned_at_start=True)
    preview = adj.preview("square", situation)
    # British in line +2, one hit -1, pinned at the start of movement -4 (EotE 5.6)
    assert [m.value for m in preview.outcome.modifiers] == [-1, -4, 2]
    assert preview.outcome.modified == ce - 3
    assert sum(preview.probabilities.values()) == pytest.approx(1)
    before = state(game)
    out = adj.square(uid, situation, dice_for({"roll": 1}))
    assert out.result == "formed"
    row = adj.unit_row(uid)
    assert (row.formation, row.pinned) == ("square", True)
    entry = game.journal()[0]
    assert (entry.kind, entry.rolls, entry.result) == ("square", [1], "formed")
    assert entry.summary.endswith(f"square formed (rolled 1 against {ce - 3})")
    game.undo()
    assert state(game) == before


def test_failed_square_leaves_the_unit_pinned(game: GameService) -> None:
    adj = Adjudicator(game)
    uid = first(game, 0, "infantry")
    out = adj.square(uid, adj.square_situation(uid), dice_for({"roll": 0}))
    assert out.result == "failed"
    row = adj.unit_row(uid)
    assert (row.formation, row.pinned) == (None, True)


def test_morale_rout_marks_the_unit(game: GameService) -> None:
    adj = Adjudicator(game)
    uid = first(game, 1, "infantry")
    game.adjust_unit(uid, "hits", 3)
    situation = adj.morale_situation(uid, leader_killed=True)
    out = adj.morale(uid, situation, dice_for({"roll": 10}))
    assert out.result == "rout"
    row = adj.unit_row(uid)
    assert (row.hits, row.routed, row.routed_this_turn, row.routed_by_morale) == (
        4,
        True,
        True,
        True,
    )


def test_morale_fall_back_uses_the_game_scale(game: GameService) -> None:
    adj = Adjudicator(game)
    uid = first(game, 1, "infantry")
    row = adj.unit_row(uid)
    game.adjust_unit(uid, "hits", 3)
    situation = adj.morale_situation(uid)
    out = adj.morale(uid, situation, dice_for({"roll": row.ce - 3}))
    assert out.result == "fall_back"
    assert out.effects["unit"].fall_back_in == 6  # 8" less 2" at 6mm
    after = adj.unit_row(uid)
    assert (after.hits, after.disordered, after.routed) == (4, True, False)


def test_effect_changes_only_what_changes(game: GameService) -> None:
    adj = Adjudicator(game)
    row = adj.unit_row(first(game, 1, "cavalry"))
    changes = effect_changes(
        row, Effect(hits=2, disorder=True, blown_markers=1, guns_abandoned=False)
    )
    assert changes == [
        SetField("game_unit", row.id, "hits", 2),  # type: ignore[arg-type]
        SetField("game_unit", row.id, "disordered", True),  # type: ignore[arg-type]
        SetField("game_unit", row.id, "blown", 1),  # type: ignore[arg-type]
    ]
    assert effect_changes(row, Effect()) == []


def test_app_roll_when_none_entered(game: GameService) -> None:
    adj = Adjudicator(game)
    uid = first(game, 0, "infantry")
    out = adj.square(uid, adj.square_situation(uid), dice_for(None, seed=3))
    assert out.roll is not None
    assert 1 <= out.roll <= 10
