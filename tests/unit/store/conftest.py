"""Fixtures for the store tests: a real SQLite file per test and a small game in it."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator

import pytest
from sqlmodel import Session

from eote_ref.store import Database, Game, create_game
from tests.conftest import DatabaseTemplates, empty_setup

from .helpers import sides


@pytest.fixture
def db_path(tmp_path: pathlib.Path) -> pathlib.Path:
    return tmp_path / "battle.sqlite"


@pytest.fixture
def db(db_path: pathlib.Path, db_templates: DatabaseTemplates) -> Iterator[Database]:
    """A migrated database at ``db_path``: a copy of the template migrated once per process."""
    database = db_templates.open("empty", db_path, empty_setup)
    yield database
    database.close()


@pytest.fixture
def session(db: Database) -> Iterator[Session]:
    with db.session() as s:
        yield s


@pytest.fixture
def game(session: Session) -> Game:
    return create_game(session, "Waterloo", sides(), phase="initiative")
