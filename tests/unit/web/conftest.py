"""Fixtures for the phones' server: a real game file of each pack and a served game."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from eote_ref.referee.game import GameService
from eote_ref.referee.pack_play import PackGameService
from eote_ref.web.publisher import Publisher
from eote_ref.web.server import PhoneServer
from tests.avle_games import quatre_bras
from tests.backends import DbTarget
from tests.conftest import DatabaseTemplates, open_from_template, waterloo_setup


@pytest.fixture
def waterloo(db_target: DbTarget, db_templates: DatabaseTemplates) -> Iterator[GameService]:
    """Waterloo, Anglo-Allied (side 0) against French (side 1), in a database of its own."""
    db, game_id = open_from_template(db_target, db_templates, "waterloo", waterloo_setup)
    assert isinstance(game_id, int)
    yield GameService(db, game_id)
    db.close()


@pytest.fixture
def avle(db: Any) -> PackGameService:
    """A new AVlE Quatre Bras game."""
    return quatre_bras(db)


def serve(game: GameService, **kw: Any) -> tuple[PhoneServer, Publisher]:
    """``game`` served on 127.0.0.1, a free port, following every change."""
    server = PhoneServer("127.0.0.1", 0, **kw)
    publisher = Publisher(game, server)
    publisher.follow()
    publisher.refresh()
    server.start()
    return server, publisher


@pytest.fixture
def served(waterloo: GameService) -> Iterator[tuple[PhoneServer, Publisher]]:
    server, publisher = serve(waterloo)
    yield server, publisher
    server.stop()


def get(url: str) -> tuple[int, bytes, Any]:
    """A GET with the standard library's client: status, body, headers (errors included)."""
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.read(), r.headers
    except urllib.error.HTTPError as e:
        return e.code, e.read(), e.headers


def get_json(url: str) -> Any:
    status, body, _ = get(url)
    assert status == 200, body
    return json.loads(body)


def post(url: str, data: Any, *, raw: bytes | None = None) -> tuple[int, Any]:
    body = raw if raw is not None else json.dumps(data).encode()
    req = urllib.request.Request(
        url, data=body, method="POST", headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        text = e.read()
        try:
            return e.code, json.loads(text)
        except ValueError:
            return e.code, text


def side_url(server: PhoneServer, side: int, rest: str = "") -> str:
    link = next(x for x in server.links() if x.side == side)
    return server.url(link.path + rest)
