"""Army lists to and from the roster tables: every shipped list round-trips exactly."""

from __future__ import annotations

import pathlib

import pytest

from eote_ref.armylists.loader import load_army_list
from eote_ref.referee.rosters import export_army_list, import_army_list
from eote_ref.store import (
    DuplicateNameError,
    NotFoundError,
    create_game_from_rosters,
    load_game,
    open_database,
)

SHIPPED = sorted((pathlib.Path(__file__).parents[3] / "army_lists").glob("*.yaml"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_lists_round_trip_through_the_database(
    tmp_path: pathlib.Path, path: pathlib.Path
) -> None:
    army_list = load_army_list(path).army_list
    with open_database(tmp_path / "db.sqlite") as db:
        import_army_list(db, army_list)
    with open_database(tmp_path / "db.sqlite") as db:
        assert export_army_list(db, army_list.name) == army_list


def test_there_are_shipped_lists() -> None:
    assert len(SHIPPED) >= 2


def test_import_refuses_a_duplicate_unless_replacing(tmp_path: pathlib.Path) -> None:
    army_list = load_army_list(SHIPPED[0]).army_list
    with open_database(tmp_path / "db.sqlite") as db:
        import_army_list(db, army_list)
        with pytest.raises(DuplicateNameError):
            import_army_list(db, army_list)
        import_army_list(db, army_list, replace=True)
        assert export_army_list(db, army_list.name) == army_list
        with pytest.raises(NotFoundError):
            export_army_list(db, "No Such Army")


def test_game_from_imported_lists(tmp_path: pathlib.Path) -> None:
    lists = [load_army_list(p).army_list for p in SHIPPED[:2]]
    with open_database(tmp_path / "db.sqlite") as db, db.session() as s:
        for army_list in lists:
            import_army_list(db, army_list)
        game = create_game_from_rosters(
            s, "battle", {"One": [lists[0].name], "Two": [lists[1].name]}
        )
        state = load_game(s, game.id)
    assert len(state.units) == sum(len(a.units()) for a in lists)
    assert len(state.leaders) == sum(len(list(a.commands())) for a in lists)
