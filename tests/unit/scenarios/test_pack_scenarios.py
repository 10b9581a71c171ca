"""Scenarios of every pack in one format (issue 33).

The lists say which pack, a pack adds its ``pack:`` section; AVlE's battles (13.1-13.3,
14.0) and VlE's Saalfeld ship as files.
"""

from __future__ import annotations

import pathlib

import pytest

from eote_ref.packs.registry import DEFAULT_PACK
from eote_ref.referee.headless import HeadlessNew, new_game
from eote_ref.referee.pack_lists import pack_battles
from eote_ref.referee.pack_play import PackGameService
from eote_ref.referee.scenario_setup import search_folders, shipped_scenarios
from eote_ref.scenarios.loader import ScenarioError
from eote_ref.scenarios.pack_scenario import (
    LoadedPackScenario,
    load_any_scenario,
    load_any_scenario_text,
    pack_of_scenario,
    validate_any_file,
)
from eote_ref.store import Database, game_rows
from tests.backends import DbTarget
from tests.cli_runner import run_in_process

ALL = shipped_scenarios(None)
SEARCH = search_folders()


def test_a_scenario_s_pack_follows_its_list_file_rewritten(tmp_path: pathlib.Path) -> None:
    """A list's ``ruleset:`` is kept by the file's version (for the wizard's many asks).

    Not by its path: the list rewritten for another pack gives the scenario that pack.
    """
    folder = pathlib.Path(SEARCH[0])
    scenario = tmp_path / "ligny.yaml"
    scenario.write_text((folder / "scenarios" / "avle-ligny.yaml").read_text("utf-8"), "utf-8")
    (tmp_path / "avle").mkdir()
    lists = [
        tmp_path / "avle" / "ligny-text-french.yaml",
        tmp_path / "avle" / "ligny-text-prussian.yaml",
    ]
    for path in lists:
        path.write_text((folder / "avle" / path.name).read_text("utf-8"), "utf-8")
    assert pack_of_scenario(scenario) == "avle"
    assert pack_of_scenario(scenario) == "avle"  # read again: the same
    for path in lists:  # both lists now VlE's (the same path, another content)
        path.write_text((folder / "vle" / "saalfeld-1806-french.yaml").read_text("utf-8"), "utf-8")
    assert pack_of_scenario(scenario) == "vle"


def test_the_battles_kept_are_the_battles_read_while_no_shipped_file_changes() -> None:
    from eote_ref.referee import pack_lists

    fresh = pack_lists._read_battles("avle")
    assert [b.key for b in fresh][:2] == ["waterloo", "quatre_bras"]
    first = pack_battles("avle")
    assert first == fresh
    first.clear()  # a caller's list is its own
    assert pack_battles("avle") == fresh
    version = pack_lists._shipped_version("avle")
    folder = pathlib.Path(SEARCH[0])
    shipped = {str(p) for p in folder.rglob("*.yaml")}
    assert {v[0] for v in version[2:]} == shipped  # type: ignore[index]


def test_every_pack_ships_its_scenarios_as_files() -> None:
    packs = {p.name: pack_of_scenario(p, SEARCH) for p in ALL}
    assert sorted(n for n, k in packs.items() if k == "avle") == [
        "avle-hypothetical.yaml",
        "avle-ligny.yaml",
        "avle-quatre-bras-historical.yaml",
        "avle-quatre-bras.yaml",
        "avle-waterloo.yaml",
    ]
    assert [n for n, k in packs.items() if k == "vle"] == ["vle-saalfeld.yaml"]
    # EotE's own list is unchanged: the default pack's files only.
    assert shipped_scenarios() == [p for p in ALL if packs[p.name] == DEFAULT_PACK]


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.stem)
def test_each_shipped_scenario_validates(path: pathlib.Path) -> None:
    assert validate_any_file(path, SEARCH) == []


@pytest.mark.parametrize(
    "path", [p for p in ALL if pack_of_scenario(p, SEARCH) != DEFAULT_PACK], ids=lambda p: p.stem
)
def test_each_shipped_scenario_of_another_pack_starts_headless(
    path: pathlib.Path, db: Database
) -> None:
    loaded = load_any_scenario(path, SEARCH)
    assert isinstance(loaded, LoadedPackScenario)
    game_id = new_game(db, HeadlessNew(loaded.pack, "From the file", scenario=str(path)))
    state = PackGameService(db, game_id).state()
    assert [s.name for s in state.sides] == [s.name for s in loaded.scenario.sides]
    assert state.pack_state.get("scenario") == loaded.key()
    with db.session() as s:
        assert game_rows.scenario(s, game_id) == ({}, {})  # not EotE's scenario machinery's
        data = game_rows.pack_scenario(s, game_id)
    assert data["file"] == path.name  # kept for `scenario export --game`
    assert data["source"] == path.read_text("utf-8")


def test_the_old_battle_keys_name_the_shipped_files(db: Database) -> None:
    battles = {b.key: b for b in pack_battles("avle")}
    assert tuple(battles) == ("waterloo", "quatre_bras", "quatre_bras_historical", "ligny",
                              "hypothetical")  # fmt: skip
    assert battles["waterloo"].file is not None
    assert battles["waterloo"].file.name == "avle-waterloo.yaml"
    game_id = new_game(db, HeadlessNew("avle", "By key", scenario="waterloo"))
    state = PackGameService(db, game_id).state()
    held = [u for u in state.units if u.markers.get("held") == "prussian"]
    assert held  # 13.1: the Prussian pool held back, arriving by the dice
    assert {s.pack_state.get("wins_at") for s in state.sides} == {15, 14}


# ------------------------------------------------------------------------ hostile files
AVLE_HEAD = """format: 1
name: Hostile
sides:
  - name: French
    lists: [avle/ligny-text-french.yaml]
  - name: Prussians
    lists: [{other}]
pack:
  victory: ligny
"""


def _problems(text: str) -> list[str]:
    with pytest.raises(ScenarioError) as caught:
        load_any_scenario_text(text, "hostile.yaml", SEARCH)
    return [str(p) for p in caught.value.problems]


def test_an_unknown_key_of_the_pack_section_is_refused_at_its_place() -> None:
    text = AVLE_HEAD.format(other="avle/ligny-text-prussian.yaml") + "  cards: 6\n"
    problems = _problems(text)
    assert len(problems) == 1
    assert problems[0].startswith("hostile.yaml:10:3: error: pack.cards")


def test_an_unknown_shared_key_is_refused_at_its_place() -> None:
    text = AVLE_HEAD.format(other="avle/ligny-text-prussian.yaml") + "reinforcemnts: []\n"
    problems = _problems(text)
    assert [p.split(": ")[0] for p in problems] == ["hostile.yaml:10:1"]


def test_a_list_of_another_pack_is_refused_at_its_place() -> None:
    problems = _problems(AVLE_HEAD.format(other="waterloo-1815-prussian.yaml"))
    assert len(problems) == 1
    assert problems[0].startswith("hostile.yaml:7:13: error: sides[1].lists[0]")
    assert "pack eote" in problems[0]
    assert "pack avle" in problems[0]


def test_a_hex_twice_is_refused_at_its_place() -> None:
    text = (
        AVLE_HEAD.format(other="avle/ligny-text-prussian.yaml")
        + "  hexes:\n    Elite infantry G2: C10\n"
    )
    problems = _problems(text)
    assert len(problems) == 1
    assert problems[0].startswith(
        "hostile.yaml:11:24: error: pack.hexes.Elite infantry G2: hex C10"
    )
    assert "one unit a hex" in problems[0]


def test_waterloo_without_its_prussian_pool_and_a_bad_option_are_refused() -> None:
    text = """format: 1
name: Waterloo without Blücher
sides:
  - {name: French, lists: [avle/waterloo-text-french.yaml]}
  - {name: Allies, lists: [avle/waterloo-text-allied.yaml]}
pack:
  victory: waterloo
  prussian_pool: [avle/waterloo-text-allied.yaml]
  options: {no_such_option: 1}
"""
    problems = _problems(text)
    assert any("8:19: error: pack.prussian_pool[0]" in p and "english" in p for p in problems)
    assert any(":9:12: error: pack.options" in p for p in problems)
    assert any("not offered" in p and "Prussian" in p for p in problems)


def test_a_turn_limit_the_pack_cannot_keep_is_refused() -> None:
    """AVlE's battle lasts 6 turns (4.1): a scenario of 8 is refused, one of 6 is fine."""
    head = AVLE_HEAD.format(other="avle/ligny-text-prussian.yaml")
    problems = _problems(head + "end: {turns: 8}\n")
    assert len(problems) == 1
    assert problems[0].startswith("hostile.yaml:10:14: error: end.turns: this battle lasts 6")
    loaded = load_any_scenario_text(head + "end: {turns: 6}\n", "ok.yaml", SEARCH)
    assert isinstance(loaded, LoadedPackScenario)
    assert loaded.scenario.end.turns == 6


def test_a_scenario_s_hexes_set_the_units_up(db: Database, tmp_path: pathlib.Path) -> None:
    text = (
        AVLE_HEAD.format(other="avle/ligny-text-prussian.yaml")
        + "  hexes:\n    Elite infantry G2: A1\n"
    )
    path = tmp_path / "moved.yaml"
    path.write_text(text, encoding="utf-8")
    game_id = new_game(db, HeadlessNew("avle", "Moved", scenario=str(path)))
    units = {u.name: u for u in PackGameService(db, game_id).state().units}
    assert units["Elite infantry G2"].markers["hex"] == "A1"


# ------------------------------------------------------------------------ the commands
def test_scenario_export_of_an_avle_game_writes_a_file_that_validates(
    db_target: DbTarget, tmp_path: pathlib.Path
) -> None:
    with db_target.open() as db:
        game_id = new_game(db, HeadlessNew("avle", "Ligny", scenario="ligny"))
    out = tmp_path / "ligny.yaml"
    result = run_in_process(
        *db_target.cli_args, "scenario", "export", "--game", str(game_id), "-o", str(out)
    )
    assert result.returncode == 0, result.stderr
    checked = run_in_process("scenario", "validate", str(out))
    assert checked.returncode == 0, checked.stdout
    assert "(avle; Ligny" in checked.stdout
