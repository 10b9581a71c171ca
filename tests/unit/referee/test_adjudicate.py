"""The state-to-rules translation and single checks on a live game: preview, apply, undo."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator

import pytest

from eote_ref.packs.eote.checks import open_check
from eote_ref.packs.eote.checks.situations import effect_changes, rules_unit
from eote_ref.packs.eote.rules.core import Effect
from eote_ref.packs.eote.rules.dice import EnteredDice
from eote_ref.packs.eote.rules.units import CombatArm, Formation, Weight
from eote_ref.referee.game import GameService
from eote_ref.referee.setup import NewGame, create_new_game, shipped_army_lists
from eote_ref.store import Database, GameUnit, SetField
from tests.conftest import DatabaseTemplates
from tests.games import game_state

LISTS = {p.name: p for p in shipped_army_lists()}


def setup_6mm(db: Database) -> int:
    spec = NewGame(
        "test",
        {
            "British": [LISTS["waterloo-1815-anglo-allied.yaml"]],
            "French": [LISTS["waterloo-1815-french.yaml"]],
        },
        figure_scale="6mm",
    )
    return create_new_game(db, spec)


@pytest.fixture
def game(tmp_path: pathlib.Path, db_templates: DatabaseTemplates) -> Iterator[GameService]:
    """A 6mm Waterloo game in a copy of a template set up once per process."""
    db = db_templates.open("adjudicate-6mm", tmp_path / "a.sqlite", setup_6mm)
    game_id = db_templates.build("adjudicate-6mm", setup_6mm)
    assert isinstance(game_id, int)
    yield GameService(db, game_id)
    db.close()


def first(game: GameService, side: int, arm: str) -> int:
    return next(u.id for u in game.view().sides[side].units if u.arm == arm)


def row(game: GameService, uid: int) -> GameUnit:
    with game.db.session() as s:
        found = s.get(GameUnit, uid)
        assert found is not None
        s.expunge(found)
        return found


def test_rules_unit_defaults(game: GameService) -> None:
    inf = rules_unit(row(game, first(game, 0, "infantry")), commander_id=None)
    assert (inf.arm, inf.formation, inf.in_command) == (CombatArm.INFANTRY, Formation.LINE, True)
    gun = rules_unit(row(game, first(game, 0, "artillery")), commander_id=None)
    assert gun.formation is Formation.UNLIMBERED
    assert gun.weight in set(Weight)
    cav_row = row(game, first(game, 1, "cavalry"))
    assert rules_unit(cav_row, commander_id=None).weight is Weight(cav_row.type)
    # A gun with no formation set (the lists may leave it open) reads its limbered flag.
    bare = row(game, first(game, 0, "artillery"))
    bare.formation = None
    assert rules_unit(bare, commander_id=None).formation is Formation.UNLIMBERED
    bare.limbered = True
    assert rules_unit(bare, commander_id=None).formation is Formation.LIMBERED


def test_square_preview_then_apply_is_one_undoable_step(game: GameService) -> None:
    uid = first(game, 0, "infantry")
    game.adjust_unit(uid, "hits", 1)
    ce = row(game, uid).ce
    check = open_check(game, "square", unit_id=uid)
    check.set("pinned_at_start", True)
    preview = check.preview()
    # British in line +2, one hit -1, pinned at the start of movement -4 (EotE 5.6)
    assert sorted(m.value for m in preview.modifiers) == [-4, -1, 2]
    assert preview.modified == ce - 3
    assert sum(p for _label, p in check.odds(preview)) == pytest.approx(1)
    before = game_state(game)
    out = check.apply({"roll": 1})
    assert out.result == "formed"
    after = row(game, uid)
    assert (after.formation, after.pinned) == ("square", True)
    entry = game.journal()[0]
    # One journal format for every roll: the die's name and its value.
    assert (entry.kind, entry.rolls, entry.result) == (
        "square",
        [{"name": "roll", "value": 1}],
        "formed",
    )
    game.undo()
    assert game_state(game) == before


def test_failed_square_leaves_the_unit_pinned(game: GameService) -> None:
    uid = first(game, 0, "infantry")
    before = row(game, uid).formation
    assert before == "line"  # the list's starting formation
    out = open_check(game, "square", unit_id=uid).apply({"roll": 0})
    assert out.result == "failed"
    after = row(game, uid)
    assert (after.formation, after.pinned) == (before, True)


def test_morale_rout_marks_the_unit(game: GameService) -> None:
    uid = first(game, 1, "infantry")
    game.adjust_unit(uid, "hits", 3)
    check = open_check(game, "morale", unit_id=uid)
    check.set("leader_killed", True)
    out = check.apply({"roll": 10})
    assert out.result == "rout"
    after = row(game, uid)
    assert (after.hits, after.routed, after.routed_this_turn, after.routed_by_morale) == (
        4,
        True,
        True,
        True,
    )


def test_morale_fall_back_uses_the_game_scale(game: GameService) -> None:
    uid = first(game, 1, "infantry")
    ce = row(game, uid).ce
    game.adjust_unit(uid, "hits", 3)
    out = open_check(game, "morale", unit_id=uid).apply({"roll": ce - 3})
    assert out.result == "fall_back"
    assert out.effects["unit"].fall_back_in == 6  # 8" less 2" at 6mm
    after = row(game, uid)
    assert (after.hits, after.disordered, after.routed) == (4, True, False)


def test_effect_changes_only_what_changes(game: GameService) -> None:
    cav = row(game, first(game, 1, "cavalry"))
    changes = effect_changes(
        cav, Effect(hits=2, disorder=True, blown_markers=1, guns_abandoned=False)
    )
    assert changes == [
        SetField("game_unit", cav.id, "markers.hits", 2),  # type: ignore[arg-type]
        SetField("game_unit", cav.id, "markers.disordered", True),  # type: ignore[arg-type]
        SetField("game_unit", cav.id, "markers.blown", 1),  # type: ignore[arg-type]
    ]
    assert effect_changes(cav, Effect()) == []


def test_integrity_fall_back_reads_the_game_scale(game: GameService) -> None:
    """EotE 9.0 and the introduction: a division falls back until 18" less 2" at 6mm clear."""
    uid = first(game, 1, "infantry")
    check = open_check(game, "integrity", unit_id=uid)
    assert check.situation().figure_scale == "6mm"
    out = check.run(EnteredDice({"roll": 10, "second_roll": 10}))
    assert any('16"' in note for note in out.effects["division"].notes), out.effects
    assert not any('18"' in note for note in out.effects["division"].notes)


def test_cavalry_end_of_turn_checks_read_the_game_scale(game: GameService) -> None:
    """EotE 5.10, 5.11: disintegrated cavalry comes back 18" less 2" at 6mm from the enemy."""
    cav = first(game, 1, "cavalry")
    game.adjust_unit(cav, "blown", 1)
    for key in ("cavalry_end_of_turn", "cavalry_rest"):
        check = open_check(game, key, unit_id=cav)
        assert check.situation().figure_scale == "6mm", key
