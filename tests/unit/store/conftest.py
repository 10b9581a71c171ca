"""Fixtures for the store tests: a real database per test (on each backend) and a small game."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator

import pytest
from sqlmodel import Session

from eote_ref.store import Database, Game, create_game
from tests.backends import DbTarget
from tests.conftest import DatabaseTemplates, empty_setup, open_from_template

from .helpers import sides


@pytest.fixture
def db_path(tmp_path: pathlib.Path) -> pathlib.Path:
    """A SQLite file path of this test's own (not ``db``'s file)."""
    return tmp_path / "battle.sqlite"


@pytest.fixture
def db(db_target: DbTarget, db_templates: DatabaseTemplates) -> Iterator[Database]:
    """A migrated database: on SQLite a copy of the template migrated once per process."""
    database, _ = open_from_template(db_target, db_templates, "empty", empty_setup)
    yield database
    database.close()


@pytest.fixture
def session(db: Database) -> Iterator[Session]:
    with db.session() as s:
        yield s


@pytest.fixture
def game(session: Session) -> Game:
    return create_game(session, "Waterloo", sides(), phase="initiative")
