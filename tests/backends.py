"""Database backends for the tests: an SQLite file always, PostgreSQL when a server is given.

A test (or fixture) that asks for ``backend`` runs once per backend: ``sqlite`` always and
``postgres`` when ``EOTE_REF_TEST_DATABASE_URL`` names a server (``scripts/pg_cluster.sh`` starts
a throw-away one; ``make test-postgres`` runs the suites through it). With
``EOTE_REF_REQUIRE_POSTGRES=1`` a missing server fails the ``postgres`` runs instead of leaving
them out. ``postgres`` runs carry the ``postgres`` marker, so ``pytest -m postgres`` selects them.

Each test gets a fresh database: a new file in its ``tmp_path`` on SQLite, a new database on
the server (cloned from one migrated once per run, dropped at the end) on PostgreSQL.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import pathlib
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine, make_url

from eote_ref.store import Database, open_database
from eote_ref.store.sqlite_engines import sqlite_engine

URL_VARIABLE = "EOTE_REF_TEST_DATABASE_URL"
REQUIRE_VARIABLE = "EOTE_REF_REQUIRE_POSTGRES"


def server_url() -> str | None:
    """The test server's URL, if one was given."""
    return os.environ.get(URL_VARIABLE) or None


def postgres_required() -> bool:
    return os.environ.get(REQUIRE_VARIABLE, "") not in ("", "0")


def backend_params() -> list[Any]:
    """``sqlite``, and ``postgres`` when a server is given or required."""
    params: list[Any] = ["sqlite"]
    if server_url() or postgres_required():
        params.append(pytest.param("postgres", marks=pytest.mark.postgres))
    return params


def require_server() -> str:
    """The server URL, or fail (when required) / skip the test."""
    url = server_url()
    if url is None:
        message = f"no PostgreSQL server: set {URL_VARIABLE} (scripts/pg_cluster.sh does)"
        if postgres_required():
            pytest.fail(message)
        pytest.skip(message)
    return url


_admin_engines: dict[str, Engine] = {}


def admin_engine() -> Engine:
    """An engine on the test server's database, in autocommit mode, for set-up and clean-up."""
    url = require_server()
    engine = _admin_engines.get(url)
    if engine is None:
        engine = create_engine(url, isolation_level="AUTOCOMMIT", pool_size=1)
        _admin_engines[url] = engine
    return engine


@dataclass
class DbTarget:
    """Where a test's database lives: an SQLite file or a PostgreSQL schema.

    :meth:`open` opens it (again, for restart tests); :attr:`target` is what the CLI takes
    (``--db FILE`` or ``--database-url URL``).
    """

    backend: str
    path: pathlib.Path | None = None
    url: str | None = None
    _opened: list[Database] = field(default_factory=list)

    def open(self, **kwargs: Any) -> Database:
        if self.path is not None:
            database = open_database(self.path, **kwargs)
        else:
            database = open_database(url=self.url, **kwargs)
        self._opened.append(database)
        return database

    @property
    def cli_args(self) -> list[str]:
        """The CLI's options that name this database."""
        if self.path is not None:
            return ["--db", str(self.path)]
        assert self.url is not None
        return ["--database-url", self.url]

    def engine(self) -> Engine:
        """A bare engine on this database, for set-up and inspection behind the store's back."""
        if self.path is not None:
            return sqlite_engine(f"sqlite:///{self.path}", memory=False)
        assert self.url is not None
        return create_engine(self.url)

    def close_all(self) -> None:
        for database in self._opened:
            database.close()


def database_url(name: str) -> str:
    """The test server's URL with another database name."""
    parsed = make_url(require_server()).set(database=name)
    return parsed.render_as_string(hide_password=False)


_templates: dict[str, str] = {}


def _template_database() -> str:
    """A database migrated to the head schema once per test run, cloned for each test.

    Cloning (``CREATE DATABASE ... TEMPLATE``) takes a tenth of the time of running every
    migration; the migrations themselves are tested from empty and from each older revision.
    """
    server = require_server()
    name = _templates.get(server)
    if name is None:
        name = f"eote_template_{uuid.uuid4().hex[:12]}"
        with admin_engine().connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        open_database(url=database_url(name)).close()
        _templates[server] = name
        atexit.register(drop_database, name)
    return name


def new_database(*, migrated: bool = True) -> str:
    """A new database on the test server (at the head schema, or empty); its name."""
    name = f"eote_t_{uuid.uuid4().hex[:12]}"
    template = f' TEMPLATE "{_template_database()}"' if migrated else ""
    with admin_engine().connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"{template}'))
    return name


def drop_database(name: str) -> None:
    """Drop a test database, closing any connection a killed or leaky client left behind."""
    with contextlib.suppress(Exception), admin_engine().connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The backend of this run (``sqlite`` or ``postgres``); see :func:`backend_params`."""
    name: str = getattr(request, "param", "sqlite")
    if name == "postgres":
        require_server()
    return name


def _target(backend: str, tmp_path: pathlib.Path, *, migrated: bool) -> Iterator[DbTarget]:
    if backend == "sqlite":
        store = DbTarget("sqlite", path=tmp_path / "test.sqlite")
        yield store
        store.close_all()
        return
    name = new_database(migrated=migrated)
    store = DbTarget("postgres", url=database_url(name))
    try:
        yield store
    finally:
        store.close_all()
        drop_database(name)


@pytest.fixture
def db_target(backend: str, tmp_path: pathlib.Path) -> Iterator[DbTarget]:
    """A fresh database on this run's backend (nothing is opened yet).

    A new SQLite file, or a new database on the server already at the head schema.
    """
    yield from _target(backend, tmp_path, migrated=True)


@pytest.fixture
def empty_db_target(backend: str, tmp_path: pathlib.Path) -> Iterator[DbTarget]:
    """Like :func:`db_target`, but an empty database on the server too (for migrations)."""
    yield from _target(backend, tmp_path, migrated=False)


def drop_postgres_only(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out tests marked ``postgres`` when no server is given (nor required)."""
    if server_url() or postgres_required():
        return
    keep = [i for i in items if i.get_closest_marker("postgres") is None]
    dropped = [i for i in items if i.get_closest_marker("postgres") is not None]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run every test that uses ``backend`` (directly or through a fixture) on each backend."""
    if "backend" in metafunc.fixturenames:
        metafunc.parametrize("backend", backend_params(), indirect=True)
