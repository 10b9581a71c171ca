"""Schema life cycle on every backend: from empty, from each older revision, refusals, rollback.

The same checks as the SQLite-only ones in ``test_database.py`` where they make sense on a
server too; ``make test-postgres`` runs them on PostgreSQL.
"""

from __future__ import annotations

import datetime
import pathlib

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text

from eote_ref.store import DatabaseError, NewerVersionError, create_game, load_game
from eote_ref.store import campaign_models as campaign_models  # the campaign tables too
from eote_ref.store.migrate import alembic_config, head_revision
from eote_ref.store.models import metadata
from tests.backends import DbTarget

from .helpers import sides
from .test_database import migrations_with

OLDER = [
    r.revision
    for r in ScriptDirectory.from_config(alembic_config()).walk_revisions()
    if r.revision != head_revision()
]


def revision_in(target: DbTarget) -> str:
    engine = target.engine()
    try:
        with engine.connect() as connection:
            return str(connection.execute(text("SELECT version_num FROM alembic_version")).scalar())
    finally:
        engine.dispose()


def schema_differences(target: DbTarget) -> list[object]:
    engine = target.engine()
    try:
        with engine.connect() as connection:
            return list(compare_metadata(MigrationContext.configure(connection), metadata))
    finally:
        engine.dispose()


def test_an_empty_database_gets_the_head_schema(empty_db_target: DbTarget) -> None:
    with empty_db_target.open() as db:
        assert db.upgraded_from is None
    assert revision_in(empty_db_target) == head_revision()
    assert schema_differences(empty_db_target) == []


@pytest.mark.parametrize("revision", OLDER)
def test_each_older_revision_is_upgraded_with_its_data(
    empty_db_target: DbTarget, revision: str
) -> None:
    engine = empty_db_target.engine()
    try:
        with engine.begin() as connection:
            command.upgrade(alembic_config(connection=connection), revision)
            connection.execute(
                text(
                    "INSERT INTO game (name, created_at, ruleset, ruleset_version, options, turn,"
                    " phase, figure_scale) VALUES ('Ligny', :at, 'eote-6.2', '', '{}', 3,"
                    " 'movement', '15mm')"
                ),
                {"at": datetime.datetime(1815, 6, 16, tzinfo=datetime.UTC)},
            )
    finally:
        engine.dispose()
    with empty_db_target.open() as db, db.session() as s:
        assert db.upgraded_from == revision
        state = load_game(s, 1)
        assert (state.game.name, state.game.turn, state.game.phase) == ("Ligny", 3, "movement")
        create_game(s, "Wavre", sides(1, 2))  # the upgraded schema takes new games
    assert revision_in(empty_db_target) == head_revision()
    assert schema_differences(empty_db_target) == []


def test_a_newer_schema_is_refused_and_left_alone(db_target: DbTarget) -> None:
    with db_target.open() as db, db.session() as s:
        create_game(s, "Waterloo", sides(1, 2))
    engine = db_target.engine()
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '9999_from_the_future'"))
    engine.dispose()
    with pytest.raises(NewerVersionError, match="newer version of eote-ref"):
        db_target.open()
    assert revision_in(db_target) == "9999_from_the_future"


def test_a_failed_upgrade_is_rolled_back(db_target: DbTarget, tmp_path: pathlib.Path) -> None:
    with db_target.open() as db, db.session() as s:
        create_game(s, "Waterloo", sides(1, 2))
    broken = migrations_with(
        tmp_path,
        """
        op.create_table("test_extra", sa.Column("id", sa.Integer, primary_key=True))
        op.execute("INSERT INTO no_such_table VALUES (1)")
        """,
    )
    with pytest.raises(DatabaseError, match="rolled back"):
        db_target.open(migrations_dir=broken)
    assert revision_in(db_target) == head_revision()
    assert schema_differences(db_target) == []  # no test_extra table was left behind
    with db_target.open() as db, db.session() as s:
        assert load_game(s, 1).game.name == "Waterloo"


def test_fact_ids_are_never_reused_after_the_division_facts_upgrade(
    empty_db_target: DbTarget,
) -> None:
    """0007 rebuilds ``game_fact`` on SQLite; ids must still never be reused (undo names rows)."""
    engine = empty_db_target.engine()
    try:
        with engine.begin() as connection:
            command.upgrade(alembic_config(connection=connection), "0006")
    finally:
        engine.dispose()
    with empty_db_target.open() as db:
        assert db.upgraded_from == "0006"
    if empty_db_target.backend != "sqlite":
        return  # a PostgreSQL sequence never hands an id out twice
    engine = empty_db_target.engine()
    try:
        with engine.connect() as connection:
            sql = connection.execute(
                text("SELECT sql FROM sqlite_master WHERE name = 'game_fact'")
            ).scalar()
    finally:
        engine.dispose()
    assert "AUTOINCREMENT" in str(sql).upper()
    assert "command_id" in str(sql)


def test_games_from_before_scenarios_read_as_games_of_whole_lists(
    empty_db_target: DbTarget,
) -> None:
    """0008 adds the game's scenario and its state; an older game gets both empty."""
    engine = empty_db_target.engine()
    try:
        with engine.begin() as connection:
            command.upgrade(alembic_config(connection=connection), "0007")
            connection.execute(
                text(
                    "INSERT INTO game (name, created_at, ruleset, ruleset_version, options, turn,"
                    " phase, figure_scale) VALUES ('Quatre Bras', :at, 'eote-6.2', '', '{}', 2,"
                    " 'command', '15mm')"
                ),
                {"at": datetime.datetime(1815, 6, 16, tzinfo=datetime.UTC)},
            )
    finally:
        engine.dispose()
    with empty_db_target.open() as db, db.session() as s:
        assert db.upgraded_from == "0007"
        game = load_game(s, 1).game
        assert (game.scenario, game.scenario_state) == ({}, {})
        made = create_game(s, "Ligny", sides(1, 1), scenario={"name": "Ligny"})
        assert made.scenario == {"name": "Ligny"}


def test_rosters_from_before_pack_lists_stay_eote_command_trees(
    empty_db_target: DbTarget,
) -> None:
    """0014 adds ``roster.list_yaml`` for lists of another pack.

    An older roster keeps its tree (null there); the upgraded schema stores an AVlE list too.
    """
    from eote_ref.store.rosters import read_pack_roster, store_pack_roster
    from eote_ref.store.specs import PackRosterSpec

    engine = empty_db_target.engine()
    try:
        with engine.begin() as connection:
            command.upgrade(alembic_config(connection=connection), "0013")
            connection.execute(
                text(
                    "INSERT INTO roster (name, nation, year, format_version, ruleset, sources,"
                    " formations, imported_at) VALUES ('Old list', 'french', 1815, 1,"
                    " 'eote-6.2', '[]', '{}', :at)"
                ),
                {"at": datetime.datetime(2020, 1, 1, tzinfo=datetime.UTC)},
            )
    finally:
        engine.dispose()
    with empty_db_target.open() as db:
        assert db.upgraded_from == "0013"
        assert read_pack_roster(db, "Old list") is None  # an EotE list, its tree kept
        spec = PackRosterSpec("New list", "prussian", 1815, "avle-1.2", "format: 1\n")
        store_pack_roster(db, spec)
        assert read_pack_roster(db, "New list") == spec
    assert schema_differences(empty_db_target) == []
