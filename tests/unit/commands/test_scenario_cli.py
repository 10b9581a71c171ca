"""``eote-ref scenario validate|list|export``: the shipped scenarios, a bad file, a game's."""

from __future__ import annotations

import pathlib

from eote_ref.referee.scenario_setup import create_scenario_game, load, shipped_scenarios
from eote_ref.scenarios.loader import load_scenario
from tests.backends import DbTarget
from tests.cli_runner import run_in_process

SHIPPED = shipped_scenarios()
ALL_SHIPPED = shipped_scenarios(None)


def test_list_shows_every_shipped_scenario() -> None:
    result = run_in_process("scenario", "list")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == len(ALL_SHIPPED) >= 11
    # Each line names its pack (issue 33): EotE's and AVlE's scenarios side by side.
    assert any(line.startswith("[eote] waterloo-hougoumont.yaml: Hougoumont") for line in lines)
    assert any(line.startswith("[avle] avle-waterloo.yaml: Waterloo") for line in lines)
    assert sum(line.startswith("[avle] ") for line in lines) == 5
    assert not any("INVALID" in line for line in lines)


def test_validate_checks_the_shipped_ones_by_default() -> None:
    result = run_in_process("scenario", "validate")
    assert result.returncode == 0, result.stdout
    assert result.stdout.count("OK: ") == len(ALL_SHIPPED)
    assert "warning" not in result.stdout  # each side has a leader to issue orders (3.1)


def test_validate_warns_of_a_side_nobody_can_order(tmp_path: pathlib.Path) -> None:
    """EotE 3.1: divisions with no army, wing or corps leader above them get no orders.

    A warning, not an error: the file is still good (exit 0).
    """
    file = tmp_path / "picton-alone.yaml"
    file.write_text(
        "format: 1\nname: Picton alone\nsides:\n"
        "  - {name: French, lists: [waterloo-1815-french.yaml], commands: [I Corps]}\n"
        "  - {name: Allied, lists: [waterloo-1815-anglo-allied.yaml],"
        " commands: [5th British Division]}\n"
        "end: {turns: 6}\n",
        encoding="utf-8",
    )
    result = run_in_process("scenario", "validate", str(file))
    assert result.returncode == 0, result.stdout
    warned = [line for line in result.stdout.splitlines() if "warning" in line]
    assert len(warned) == 1  # the French have d'Erlon above their divisions
    assert warned[0].startswith(f"{file}:5:")
    assert "Allied has no army, wing or corps commander" in warned[0]
    assert "EotE 3.1" in warned[0]
    assert f"OK: {file}" in result.stdout
    # Named as the commander, Wellington issues the orders: no warning.
    file.write_text(
        file.read_text(encoding="utf-8").replace(
            "commands: [5th British Division]}",
            "commands: [5th British Division], commander: Anglo-allied Army}",
        ),
        encoding="utf-8",
    )
    result = run_in_process("scenario", "validate", str(file))
    assert (result.returncode, "warning" in result.stdout) == (0, False), result.stdout


def test_validate_prints_every_problem_and_fails(tmp_path: pathlib.Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "format: 1\nname: Bad\nsides:\n"
        "  - {name: A, lists: [waterloo-1815-french.yaml], commands: [Nobody]}\n"
        "  - {name: B, lists: [missing.yaml]}\n"
        "end: {turns: 6}\n",
        encoding="utf-8",
    )
    result = run_in_process("scenario", "validate", str(bad))
    assert result.returncode == 1
    out = result.stdout.splitlines()
    assert out[0].startswith(f"{bad}:4:")
    assert "no command or unit 'Nobody'" in out[0]
    assert out[1].startswith(f"{bad}:5:")
    assert "no army list 'missing.yaml'" in out[1]


def test_export_from_chosen_commands_writes_a_valid_scenario(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "corps.yaml"
    result = run_in_process(
        "scenario",
        "export",
        "--name",
        "Corps action",
        "--turns",
        "8",
        "--side",
        "French:waterloo-1815-french.yaml:I Corps",
        "--side",
        "Allied:waterloo-1815-anglo-allied.yaml:5th British Division;Reserve Artillery",
        "-o",
        str(out),
    )
    assert result.returncode == 0, result.stderr
    loaded = load_scenario(out, [SHIPPED[0].parent.parent])
    assert loaded.scenario.end.turns == 8
    assert len(loaded.sides[1].in_play) == 2
    refused = run_in_process(
        "scenario",
        "export",
        "--side",
        "A:waterloo-1815-french.yaml:Nobody",
        "--side",
        "B:waterloo-1815-anglo-allied.yaml",
        "-o",
        str(tmp_path / "x.yaml"),
    )
    assert refused.returncode == 1
    assert not (tmp_path / "x.yaml").exists()
    # The problem is named by the --side typed, not by a line of the file never written.
    assert refused.stderr.splitlines()[0] == (
        "error: --side 'A:waterloo-1815-french.yaml:Nobody': commands[0]: "
        "no command or unit 'Nobody' in 'Armée du Nord'"
    )


def test_export_writes_the_scenario_a_game_was_made_from(
    db_target: DbTarget, tmp_path: pathlib.Path
) -> None:
    path = next(p for p in SHIPPED if p.stem == "waterloo-derlon")
    with db_target.open() as db:
        game_id = create_scenario_game(db, load(path))
    out = tmp_path / "derlon-copy.yaml"
    result = run_in_process(
        *db_target.cli_args, "scenario", "export", "--game", str(game_id), "-o", str(out)
    )
    assert result.returncode == 0, result.stderr
    assert load_scenario(out, [path.parent.parent]).scenario == load(path).scenario
