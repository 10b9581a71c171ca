"""A pack's state in the store (issue 26): one key of a JSON column at a time, journaled.

``game_unit.markers``, ``game_leader.markers``, ``game.pack_state`` and
``game_side.pack_state`` hold what a ruleset pack declares; the journal writes and undoes one
key (``markers.elements``) as it does a column, and migration 0010 gives every older row
``{}``.
"""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import text
from sqlmodel import Session, select

from eote_ref.store import (
    Game,
    GameSide,
    GameUnit,
    InvalidChangeError,
    SetField,
    apply,
    load_game,
    redo,
    snapshot,
    undo,
)
from eote_ref.store.migrate import alembic_config
from tests.backends import DbTarget

from .helpers import insert_ligny


def _unit(session: Session, game: Game) -> GameUnit:
    unit = session.exec(select(GameUnit).where(GameUnit.game_id == game.id)).first()
    assert unit is not None
    return unit


def _markers(session: Session, game_id: int, unit_id: int) -> dict[str, object]:
    session.expire_all()
    unit = next(u for u in load_game(session, game_id).units if u.id == unit_id)
    return dict(unit.markers)


def test_one_key_is_written_undone_and_redone(session: Session, game: Game) -> None:
    assert game.id is not None
    uid = _unit(session, game).id
    assert uid is not None
    start = snapshot(session, game.id)
    assert _markers(session, game.id, uid) == {}
    apply(session, game.id, "elements", changes=[SetField(GameUnit, uid, "markers.elements", 3)])
    apply(session, game.id, "tested", changes=[SetField(GameUnit, uid, "markers.tested", True)])
    assert _markers(session, game.id, uid) == {"elements": 3, "tested": True}
    apply(session, game.id, "lost", changes=[SetField(GameUnit, uid, "markers.elements", 2)])
    assert _markers(session, game.id, uid) == {"elements": 2, "tested": True}
    # None removes the key: an absent marker and a cleared one read the same.
    apply(session, game.id, "clear", changes=[SetField(GameUnit, uid, "markers.tested", None)])
    assert _markers(session, game.id, uid) == {"elements": 2}
    undo(session, game.id, 2)
    assert _markers(session, game.id, uid) == {"elements": 3, "tested": True}
    undo(session, game.id, 2)
    assert snapshot(session, game.id) == start
    redo(session, game.id, 4)
    assert _markers(session, game.id, uid) == {"elements": 2}


def test_the_game_and_side_state_take_keys_too(session: Session, game: Game) -> None:
    assert game.id is not None
    side = session.exec(select(GameSide).where(GameSide.game_id == game.id)).first()
    assert side is not None
    apply(
        session,
        game.id,
        "round",
        changes=[
            SetField(Game, game.id, "pack_state.round", 2),
            SetField(GameSide, side.id, "pack_state.hand", ["1", "7"]),
        ],
    )
    session.expire_all()
    state = load_game(session, game.id)
    assert state.game.pack_state == {"round": 2}
    assert next(s for s in state.sides if s.id == side.id).pack_state == {"hand": ["1", "7"]}


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("name.x", "no JSON field"),
        ("nothing.x", "no JSON field"),
        ("markers.", "a key of 1 to 64"),
        ("id.x", "cannot be changed"),
    ],
)
def test_bad_keys_are_refused_and_nothing_is_written(
    session: Session, game: Game, field: str, message: str
) -> None:
    assert game.id is not None
    uid = _unit(session, game).id
    before = snapshot(session, game.id)
    with pytest.raises(InvalidChangeError, match=message):
        apply(session, game.id, "bad", changes=[SetField(GameUnit, uid, field, 1)])
    assert snapshot(session, game.id) == before


def test_a_change_behind_the_journals_back_stops_undo_of_a_key(
    session: Session, game: Game
) -> None:
    assert game.id is not None
    uid = _unit(session, game).id
    apply(session, game.id, "elements", changes=[SetField(GameUnit, uid, "markers.elements", 3)])
    session.execute(
        text("UPDATE game_unit SET markers = '{\"elements\": 1}' WHERE id = :u"), {"u": uid}
    )
    session.commit()
    with pytest.raises(Exception, match="changed outside the journal"):
        undo(session, game.id)


def test_migration_0010_gives_older_rows_empty_state(empty_db_target: DbTarget) -> None:
    engine = empty_db_target.engine()
    try:
        with engine.begin() as c:
            command.upgrade(alembic_config(connection=c), "0009")
            insert_ligny(c, "(1, 1, 0, 'Prussians', '[]')")
    finally:
        engine.dispose()
    with empty_db_target.open() as db, db.session() as s:
        assert db.upgraded_from == "0009"
        state = load_game(s, 1)
        assert state.game.pack_state == {}
        assert [side.pack_state for side in state.sides] == [{}]
