"""A command comes onto the table once (issue 36): a reinforcement listed twice is refused.

Listed twice, a scenario's reinforcement validated and brought its division on twice, under
the same names. The loader refuses the file at the second copy's line and column; the game's
set-up and the arrival refuse it too, for a scenario built another way or a game made before.
"""

from __future__ import annotations

import dataclasses
import pathlib

import pytest

from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.scenario_play import ScenarioService
from eote_ref.referee.scenario_setup import (
    create_scenario_game,
    load,
    search_folders,
    shipped_scenarios,
)
from eote_ref.referee.setup import SetupError
from eote_ref.scenarios.loader import ScenarioError, load_scenario_text
from eote_ref.store import Database, SetField, game_rows
from eote_ref.store.games import list_games
from tests.games import game_state

PRATZEN = next(p for p in shipped_scenarios() if p.stem == "austerlitz-pratzen")
FIRST = """  - side: Allied
    commands: [2nd Column / Kamensky's Brigade]
    turn: 3
    enters: "the southern edge of the plateau"
"""


def _with_copies(copies: int) -> str:
    text = PRATZEN.read_text(encoding="utf-8")
    assert FIRST in text
    return text.replace(FIRST, FIRST * copies)


def test_the_loader_refuses_a_reinforcement_listed_twice_at_its_line() -> None:
    with pytest.raises(ScenarioError) as refused:
        load_scenario_text(_with_copies(2), "twice.yaml", search_folders())
    line = _with_copies(2).splitlines().index("    commands: [2nd Column / Kamensky's Brigade]")
    second = line + 1 + 4  # the second copy's commands, 1-based
    assert [str(p) for p in refused.value.problems] == [
        f"twice.yaml:{second}:16: error: reinforcements[1].commands[0]: 'Austro-Russian Army "
        "/ Left Wing / 2nd Column / Kamensky's Brigade' arrives with reinforcement 1 already: "
        "a command comes onto the table once"
    ]


def test_a_thousand_copies_are_refused_too() -> None:
    with pytest.raises(ScenarioError) as refused:
        load_scenario_text(_with_copies(1000), "many.yaml", search_folders())
    assert all("arrives with reinforcement 1 already" in str(p) for p in refused.value.problems)
    assert refused.value.problems


def test_a_brigade_of_a_division_that_arrives_is_refused() -> None:
    text = _with_copies(1).replace(
        FIRST,
        FIRST
        + FIRST.replace("2nd Column / Kamensky's Brigade", "2nd Column").replace(
            "turn: 3", "turn: 4"
        ),
    )
    with pytest.raises(ScenarioError) as refused:
        load_scenario_text(text, "overlap.yaml", search_folders())
    assert [p.message for p in refused.value.problems] == [
        "'Austro-Russian Army / Left Wing / 2nd Column' arrives with reinforcement 1 already "
        "(it overlaps 'Austro-Russian Army / Left Wing / 2nd Column / Kamensky's Brigade'): "
        "a command comes onto the table once"
    ]


def test_set_up_refuses_a_scenario_that_brings_a_command_twice(db: Database) -> None:
    loaded = load(PRATZEN)
    sc = loaded.scenario
    twice = dataclasses.replace(
        loaded,
        scenario=dataclasses.replace(sc, reinforcements=(*sc.reinforcements, sc.reinforcements[0])),
        reinforcements=(*loaded.reinforcements, loaded.reinforcements[0]),
    )
    with pytest.raises(SetupError, match="Kamensky's Brigade would come onto the table twice"):
        create_scenario_game(db, twice)
    with db.session() as s:
        assert list_games(s) == []  # no game was made


def test_an_arrival_already_on_the_table_is_refused_and_writes_nothing(db: Database) -> None:
    """A game made before the check, its scenario holding the reinforcement twice."""
    game = GameService(db, create_scenario_game(db, load(PRATZEN)))
    data, _state = game.read(game_rows.scenario)
    copy = {**data["reinforcements"][0], "key": "r3"}
    data = {**data, "reinforcements": [*data["reinforcements"], copy]}
    game.record("edit", "an older game", [SetField("game", game.game_id, "scenario", data)])
    while game.view().turn < 3:
        game.advance_phase()
    scenario = ScenarioService(game)
    scenario.bring_on("r1")
    units = len(game.view().sides[1].units)
    before = game_state(game)
    with pytest.raises(RefereeError, match="on the table already: a command comes onto"):
        scenario.bring_on("r3")
    assert game_state(game) == before
    assert len(game.view().sides[1].units) == units


def test_scenario_validate_names_the_second_copy(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from eote_ref.cli import main

    file = tmp_path / "twice.yaml"
    file.write_text(_with_copies(2), encoding="utf-8")
    assert main(["scenario", "validate", str(file)]) == 1
    out = capsys.readouterr().out
    line = _with_copies(2).splitlines().index("    commands: [2nd Column / Kamensky's Brigade]")
    assert f"twice.yaml:{line + 1 + 4}:16: error: reinforcements[1].commands[0]:" in out
    assert "OK:" not in out
