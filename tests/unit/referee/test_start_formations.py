"""Starting formations applied when a game is set up: no changed-formation flag, no journal."""

from __future__ import annotations

import pytest
from sqlmodel import select

from eote_ref.armylists.loader import load_army_list
from eote_ref.packs.eote.checks.situations import rules_unit
from eote_ref.referee.game import GameService
from eote_ref.referee.roster_service import RosterService
from eote_ref.referee.setup import NewGame, SetupError, create_new_game
from eote_ref.referee.views import UnitView
from eote_ref.store import Database, create_game_from_rosters
from eote_ref.store.models import GameUnit
from tests.shipped import LISTS

FRENCH = "waterloo-1815-french.yaml"
ALLIED = "waterloo-1815-anglo-allied.yaml"


def _formations(game: GameService, side: int) -> dict[str, set[str | None]]:
    out: dict[str, set[str | None]] = {}
    for u in game.view().sides[side].units:
        out.setdefault(u.arm, set()).add(u.formation)
    return out


def _rows(game: GameService) -> list[tuple[UnitView, GameUnit]]:
    units = [u for s in game.view().sides for u in s.units]
    with game.db.session() as s:
        rows = {r.id: r for r in s.exec(select(GameUnit).where(GameUnit.game_id == game.game_id))}
        for r in rows.values():
            s.expunge(r)
    return [(u, rows[u.id]) for u in units]


def test_shipped_waterloo_lists_start_every_unit_in_its_arms_formation(
    waterloo: GameService,
) -> None:
    # Side 0 is the Anglo-Allied list, side 1 the French (tests/conftest.py); both lists
    # give the army deployed for battle, what the rules engine assumes for no formation.
    deployed = {"infantry": {"line"}, "cavalry": {"line"}, "artillery": {"unlimbered"}}
    assert _formations(waterloo, 0) == deployed
    assert _formations(waterloo, 1) == deployed
    assert {
        u.arm: rules_unit(row, commander_id=None).formation.value
        for u, row in _rows(waterloo)
        if u.arm in ("infantry", "cavalry", "artillery")
    } == {arm: next(iter(v)) for arm, v in deployed.items()}
    guns = [u for s in waterloo.view().sides for u in s.units if u.arm == "artillery"]
    assert guns
    assert not any(u.limbered for u in guns)


def test_a_limbered_start_sets_the_limbered_marker(db: Database) -> None:
    game_id = create_new_game(
        db,
        NewGame(
            "Limbered",
            {"Allies": [LISTS[ALLIED]], "French": [LISTS[FRENCH]]},
            formations={"French": {"artillery": "limbered"}},
        ),
    )
    game = GameService(db, game_id)
    french_guns = [u for u in game.view().sides[1].units if u.arm == "artillery"]
    assert french_guns
    assert all(u.limbered and u.formation == "limbered" for u in french_guns)
    allied_guns = [u for u in game.view().sides[0].units if u.arm == "artillery"]
    assert not any(u.limbered for u in allied_guns)


def test_setting_up_is_not_a_change_of_formation(waterloo: GameService) -> None:
    units = [u for side in waterloo.view().sides for u in side.units]
    assert units
    assert not any(u.changed_formation for u in units)
    assert waterloo.journal() == []


def test_the_wizards_choice_replaces_a_sides_defaults(db: Database) -> None:
    game_id = create_new_game(
        db,
        NewGame(
            "Chosen",
            {"Allies": [LISTS[ALLIED]], "French": [LISTS[FRENCH]]},
            formations={"French": {"infantry": "french_assault_column", "artillery": ""}},
        ),
    )
    game = GameService(db, game_id)
    assert _formations(game, 1) == {
        "infantry": {"french_assault_column"},
        "cavalry": {"line"},
        "artillery": {None},
    }
    assert _formations(game, 0)["infantry"] == {"line"}
    assert game.journal() == []


def test_a_formation_an_arm_cannot_take_is_refused(db: Database) -> None:
    with pytest.raises(SetupError, match="cavalry cannot start in 'square'"):
        create_new_game(
            db,
            NewGame(
                "Bad",
                {"Allies": [LISTS[ALLIED]], "French": [LISTS[FRENCH]]},
                formations={"French": {"cavalry": "square"}},
            ),
        )


def test_a_list_stored_in_the_database_keeps_its_formations(db: Database) -> None:
    service = RosterService(db)
    for name in (FRENCH, ALLIED):
        service.import_list(load_army_list(LISTS[name]).army_list)
    with db.session() as s:
        game = create_game_from_rosters(
            s, "From the database", {"Allies": ["Anglo-allied Army"], "French": ["Armée du Nord"]}
        )
        assert game.id is not None
        game_id = game.id
    g = GameService(db, game_id)
    assert _formations(g, 1)["infantry"] == {"line"}
    assert _formations(g, 0)["artillery"] == {"unlimbered"}
