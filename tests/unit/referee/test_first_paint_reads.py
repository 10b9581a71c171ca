"""The app's first window reads an SQLite file with ``sqlite3`` alone: the same views as the ORM.

:class:`GameService` reads views and the journal of an SQLite file through the plain-row
reader (:mod:`eote_ref.store.rows`) and writes through the ORM; a server database reads
through the ORM. Both must give the same game, so each test reads one real file both ways.
"""

from __future__ import annotations

import pytest

from eote_ref.packs.eote.checks import REGISTRY, load_checks
from eote_ref.referee.game import GameService
from eote_ref.referee.session import game_exists
from eote_ref.referee.setup import DEMO_NAME, demo_game
from eote_ref.referee.todo import RESOLVABLE
from eote_ref.store import Database, GameFact, GameLink, InsertRow, list_games, open_database
from tests.unit.referee.conftest import first_unit


def _orm_only(db: Database) -> Database:
    """The same database without the plain-row reader: every read goes through the ORM."""
    orm = Database(engine=db.engine, path=None)
    assert orm.rows() is None
    return orm


def test_the_view_and_journal_read_with_sqlite3_equal_those_read_through_the_orm(
    waterloo: GameService,
) -> None:
    if waterloo.db.rows() is None:
        pytest.skip("a server database has no plain-row reader")
    game = waterloo
    unit = first_unit(game, 0, "infantry")
    cavalry = first_unit(game, 1, "cavalry")
    game.adjust_unit(unit, "hits", 3)
    game.toggle_unit(unit, "disordered")
    game.set_unit(unit, "formation", "column")
    game.adjust_unit(cavalry, "blown", 2)
    game.record(
        "note",
        "a link and a fact",
        [
            InsertRow(
                GameLink,
                {
                    "kind": "melee",
                    "turn": 1,
                    "unit_id": unit,
                    "other_id": cavalry,
                    "data": {"a": 1},
                },
            ),
            InsertRow(GameFact, {"kind": "charge", "turn": 1, "unit_id": cavalry, "data": {}}),
        ],
    )
    game.advance_phase()
    game.undo()  # so there is something to redo as well as to undo

    plain = GameService(game.db, game.game_id)
    through_orm = GameService(_orm_only(game.db), game.game_id)
    view = plain.view()
    assert view == through_orm.view()
    assert view.can_undo
    assert view.can_redo
    assert view.links
    assert view.facts
    marked = next(u for s in view.sides for d in s.divisions for u in d.units if u.id == unit)
    assert (marked.hits, marked.disordered, marked.formation) == (3, True, "column")
    assert marked.disordered is True  # a bool, as the model gives it, not SQLite's 1
    journal = plain.journal()
    assert journal == through_orm.journal()
    assert [e.status for e in journal][:2] == ["undone", "done"]
    assert plain.journal(limit=2, newest_first=False) == through_orm.journal(
        limit=2, newest_first=False
    )
    assert (plain.turn, plain.figure_scale) == (through_orm.turn, through_orm.figure_scale)


def test_a_game_is_found_and_read_on_sqlite_without_an_engine(waterloo: GameService) -> None:
    db = waterloo.db
    if db.path is None:
        pytest.skip("a server database has no plain-row reader")
    name = waterloo.view().name
    db.close()
    reopened = open_database(db.path)
    try:
        assert not reopened.engine_ready  # an up-to-date file: no engine until one is needed
        assert game_exists(reopened, waterloo.game_id)
        assert not game_exists(reopened, waterloo.game_id + 1000)
        assert GameService(reopened, waterloo.game_id).view().name == name
        assert not reopened.engine_ready  # reading the game made none either
        demo = demo_game(reopened)  # not there yet: made through the ORM
        assert demo != waterloo.game_id
        assert reopened.engine_ready
        assert demo_game(reopened) == demo  # then found again
        with reopened.session() as s:
            assert [g.name for g in list_games(s)].count(DEMO_NAME) == 1
    finally:
        reopened.close()


def test_the_turn_guide_knows_without_the_checks_which_procedures_have_a_wizard() -> None:
    load_checks()
    assert set(REGISTRY) == RESOLVABLE
