"""The app's edits while the club's server is stopped: each says so on the status line.

A server of the test's own (``postgres`` marker) is stopped under an open game: every edit the
dashboard, the phase bar and the journal make through :meth:`GameHub.attempt` is refused with a
sentence saying the server stopped answering and that the step was not saved (no exception
reaches Qt); when the test starts the server again the same window goes on editing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from eote_ref.referee.game import GameService
from eote_ref.referee.setup import NewGame, create_new_game
from eote_ref.store import open_database
from eote_ref.ui.game_hub import GameHub
from tests.pg_server import OwnServer, own_server
from tests.shipped import LISTS

pytestmark = pytest.mark.postgres


@pytest.fixture
def server() -> Iterator[OwnServer]:
    with own_server() as s:
        yield s


def test_edits_on_a_stopped_server_say_so_and_go_on_when_it_is_back(
    server: OwnServer, qtbot: Any
) -> None:
    engine = create_engine(server.url, isolation_level="AUTOCOMMIT")
    with engine.connect() as c:
        c.execute(text("CREATE DATABASE club"))
    engine.dispose()
    url = make_url(server.url).set(database="club").render_as_string(hide_password=False)
    db = open_database(url=url)
    try:
        spec = NewGame(
            "Ligny",
            {
                "Prussians": [LISTS["waterloo-1815-prussian.yaml"]],
                "French": [LISTS["waterloo-1815-french.yaml"]],
            },
        )
        service = GameService(db, create_new_game(db, spec))
        hub = GameHub(service)
        messages: list[str] = []
        hub.message.connect(messages.append)
        unit = next(u for u in hub.view.sides[0].units if u.arm == "infantry")
        hub.attempt(lambda: service.adjust_unit(unit.id, "hits", 1))
        assert messages == []

        server.stop()
        edits: dict[str, Callable[[], object]] = {
            "hits": lambda: service.adjust_unit(unit.id, "hits", 1),
            "disorder": lambda: service.toggle_unit(unit.id, "disordered"),
            "formation": lambda: service.set_unit(unit.id, "formation", "column"),
            "initiative": lambda: service.set_initiative(0),
            "next phase": service.advance_phase,
            "undo": service.undo,
        }
        for name, edit in edits.items():
            messages.clear()
            assert hub.attempt(edit) is None, name
            assert len(messages) == 1, name
            assert messages[0].startswith("The database server stopped answering"), messages
            assert "nothing of this step was saved" in messages[0]
        hub.follow()  # the follow timer's look: quiet while the server is away

        server.start()
        messages.clear()
        assert hub.attempt(lambda: service.adjust_unit(unit.id, "hits", 1)) is not None
        assert messages == []
        assert next(u for u in hub.view.sides[0].units if u.id == unit.id).hits == 2
        hub.deleteLater()
    finally:
        db.close()
