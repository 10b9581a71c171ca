"""The store reads a pack's unit model from its declaration (issue 32: it names no pack).

A pack of this module, registered for the test, declares its own unit model: only its
``brigade`` commands carry division state, and every unit starts in ``skirmish``. The
store's new game and its divisions follow it, not EotE's.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlmodel import Session

from eote_ref.packs import registry
from eote_ref.packs.declaration import Pack, UnitModelSpec
from eote_ref.store import create_game, divisions, load_game
from tests.registered import bare_pack, registered

from .helpers import sides

LINE = registry.Shipped("units", __name__, "Units (a test pack)", "units-1", None, "Units")


def declare() -> Pack:
    return bare_pack(
        LINE,
        unit_model=UnitModelSpec(
            arms=("infantry", "artillery"),
            levels=("army", "corps", "division", "brigade"),
            manoeuvre_levels=frozenset({"brigade"}),
            starting_formation=lambda own, default, nation, list_nation: "skirmish",
        ),
    )


@pytest.fixture
def units_pack() -> Iterator[None]:
    with registered(LINE):
        yield


@pytest.mark.usefixtures("units_pack")
def test_the_store_follows_the_declared_unit_model(session: Session) -> None:
    game = create_game(session, "Declared", sides(2, 2), ruleset=LINE.ruleset)
    assert game.id is not None
    assert divisions(session, game.id) == []  # its divisions are no manoeuvre level here
    state = load_game(session, game.id)
    assert {u.markers.get("formation") for u in state.units} == {"skirmish"}


def test_an_eote_game_keeps_eote_s_unit_model(session: Session) -> None:
    game = create_game(session, "EotE", sides(2, 2))
    assert game.id is not None
    assert len(divisions(session, game.id)) == 4  # two divisions a side (EotE 1.0.1)
    assert all(not u.markers for u in load_game(session, game.id).units)
