"""Shared test set-up: offscreen Qt, user data redirected, markers, Hypothesis profiles.

Also the database templates: built once per test process and copied for each test.
"""

from __future__ import annotations

import os
import pathlib
import shutil
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, settings

if TYPE_CHECKING:
    from eote_ref.referee.game import GameService
    from eote_ref.store import Database

# The backend fixtures and the hook that runs tests on each backend (tests/backends.py).
from tests.backends import (
    DbTarget,
    backend,
    db_target,
    drop_postgres_only,
    empty_db_target,
    pytest_generate_tests,
)

__all__ = ["backend", "db_target", "empty_db_target", "pytest_generate_tests"]

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# ``make test`` runs Hypothesis's default number of examples; ``make test-slow`` sets
# HYPOTHESIS_PROFILE=slow for a search three times as wide (tests that set their own
# ``max_examples`` keep it). Neither times single examples: on a loaded 2-core machine
# running one worker per core, the per-example deadline and the "input generation is
# slow" health check fail on the machine's load, not on the code (speed is make bench's).
#
# Both are derandomized (the same examples on every run), so a red CI is a defect anyone can
# reproduce from a clean clone, never a draw of the day's seed; ``make explore`` (or
# EOTE_REF_EXPLORE=1) searches fresh random examples, as a developer should before a merge.
_UNTIMED = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow],
    "derandomize": not os.environ.get("EOTE_REF_EXPLORE"),
}
settings.register_profile("quick", **_UNTIMED)
settings.register_profile("slow", max_examples=300, **_UNTIMED)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep every test away from the real user's data, settings and recent-files list."""
    home = tmp_path / "home"
    monkeypatch.setenv("EOTE_REF_HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tiers kept in folders; leave out server-only tests without a server.

    Every test under tests/ui is ``gui``; every test under tests/scenarios (a whole turn or
    battle played through) is ``slow``, and ``gui`` too when it drives widgets (``qtbot``).
    """
    drop_postgres_only(config, items)
    for item in items:
        parts = item.path.parts
        if "tests" not in parts:
            continue
        tier = parts[parts.index("tests") + 1 :]
        if tier[:1] == ("ui",):
            item.add_marker(pytest.mark.gui)
        elif tier[:1] == ("scenarios",):
            item.add_marker(pytest.mark.slow)
            if "qtbot" in getattr(item, "fixturenames", ()):
                item.add_marker(pytest.mark.gui)


# ----------------------------------------------------------------------------- databases


class DatabaseTemplates:
    """Database files built once per test process (per xdist worker), copied for each test.

    Migrating a new SQLite file and setting up the 300-unit demo battle cost far more than
    copying the finished file, and most tests only need *a* database in that state. Each
    template is built by the real code (``open_database``, ``demo_game``...) the first time a
    test asks for it; tests then get their own copy, so writes never leak between tests.
    """

    def __init__(self, folder: pathlib.Path) -> None:
        self.folder = folder
        self._built: dict[str, tuple[pathlib.Path, object]] = {}

    def build(self, name: str, setup: Callable[[Database], object]) -> object:
        """Build template ``name`` with ``setup(db)`` once; returns what ``setup`` returned."""
        if name not in self._built:
            from eote_ref.store import open_database

            file = self.folder / f"{name}.sqlite"
            with open_database(file) as db:
                result = setup(db)
            assert not file.with_name(file.name + "-wal").exists()  # one whole file to copy
            self._built[name] = (file, result)
        return self._built[name][1]

    def copy(self, name: str, dest: pathlib.Path) -> pathlib.Path:
        """A fresh copy of template ``name`` (built already) at ``dest``."""
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(self._built[name][0], dest)
        return dest

    def open(self, name: str, dest: pathlib.Path, setup: Callable[[Database], object]) -> Database:
        """Open a fresh copy of template ``name`` (building it first if needed) at ``dest``."""
        from eote_ref.store import open_database

        self.build(name, setup)
        return open_database(self.copy(name, dest))


@pytest.fixture(scope="session")
def db_templates(tmp_path_factory: pytest.TempPathFactory) -> DatabaseTemplates:
    """The database templates of this test process (see :class:`DatabaseTemplates`)."""
    return DatabaseTemplates(tmp_path_factory.mktemp("db-templates"))


def empty_setup(db: Database) -> None:
    """A migrated database with no game."""


def demo_setup(db: Database) -> int:
    """The demo battle (Waterloo, 300 units); returns its game id."""
    from eote_ref.referee.setup import demo_game

    return demo_game(db)


def sample_setup(db: Database) -> int:
    """The scripted two-turn sample battle (the printed report's); returns its game id."""
    from eote_ref.packs.eote.sample_game import play_sample_game

    return play_sample_game(db).game_id


def waterloo_setup(db: Database) -> int:
    """Waterloo, Anglo-Allied (side 0) against French (side 1), 15mm; returns its game id."""
    from eote_ref.referee.setup import NewGame, create_new_game, shipped_army_lists

    lists = {p.name: p for p in shipped_army_lists()}
    spec = NewGame(
        "Waterloo",
        {
            "Anglo-Allied": [lists["waterloo-1815-anglo-allied.yaml"]],
            "French": [lists["waterloo-1815-french.yaml"]],
        },
    )
    return create_new_game(db, spec)


#: What a template's set-up returned, for databases set up in place on a server.
_SET_UP: dict[int, object] = {}


def open_from_template(
    target: DbTarget,
    templates: DatabaseTemplates,
    name: str,
    setup: Callable[[Database], object],
) -> tuple[Database, object]:
    """Open ``target`` holding template ``name``; also what ``setup`` returned.

    On SQLite the file is a copy of the template built once per process; on a server the
    set-up runs in the test's own fresh database.
    """
    if target.path is not None:
        database = templates.open(name, target.path, setup)
        return database, templates.build(name, setup)
    database = target.open()
    result = setup(database)
    _SET_UP[id(database)] = result
    return database, result


@pytest.fixture
def db(
    db_target: DbTarget, request: pytest.FixtureRequest, db_templates: DatabaseTemplates
) -> Iterator[Database]:
    """A migrated database of this test's own, on this run's backend.

    It already holds the demo battle if the test also uses ``demo``, the scripted sample
    battle if it uses ``sample_game``: on SQLite a copy of a template built once per process.
    """
    if "sample_game" in request.fixturenames:
        name, setup = "sample", sample_setup
    elif "demo" in request.fixturenames:
        name, setup = "demo", demo_setup
    else:
        name, setup = "empty", empty_setup
    database, _ = open_from_template(db_target, db_templates, name, setup)
    yield database
    _SET_UP.pop(id(database), None)
    database.close()


@pytest.fixture
def demo(db: Database) -> GameService:
    """The demo battle in ``db`` (found by name in the copied template)."""
    from eote_ref.referee.game import GameService
    from eote_ref.referee.setup import demo_game

    return GameService(db, demo_game(db))


@pytest.fixture
def sample_game(db: Database, db_templates: DatabaseTemplates) -> GameService:
    """The scripted sample battle of the printed report, in ``db`` (a copied template)."""
    from eote_ref.referee.game import GameService

    game_id = _SET_UP.get(id(db)) or db_templates.build("sample", sample_setup)
    assert isinstance(game_id, int)
    return GameService(db, game_id)
