"""``eote-ref game new|show|check|undo|redo``: an EotE game played from the command line.

The same sub-commands as an AVlE game's (``test_game_cli.py``), one path each: the game's
pack picks its service (``referee/headless.py``). Units are named by their codes.
"""

from __future__ import annotations

import json
import pathlib

import pytest

from eote_ref.referee.game import GameService
from eote_ref.referee.setup import shipped_army_lists_dir
from eote_ref.store.admin import row_counts
from tests.backends import DbTarget
from tests.cli_runner import run_in_process

_SHIPPED = shipped_army_lists_dir()
assert _SHIPPED is not None
LISTS: pathlib.Path = _SHIPPED
FRENCH = LISTS / "waterloo-1815-french.yaml"
ALLIED = LISTS / "waterloo-1815-anglo-allied.yaml"
SIDES = ["--side", f"French={FRENCH}", "--side", f"Allies={ALLIED}"]


def _new(db: list[str], *more: str) -> list[str]:
    return [*db, "game", "new", "--pack", "eote", "--name", "Waterloo", *more]


def test_an_eote_game_made_from_two_lists_is_played_headless(db_target: DbTarget) -> None:
    db = db_target.cli_args
    made = run_in_process(*_new(db, *SIDES))
    assert (made.returncode, made.stderr) == (0, "")
    assert (
        made.stdout == "Created game 1: Waterloo (eote), Turn 1, Command control phase (EotE 3.0)\n"
    )
    shown = run_in_process(*db, "game", "show", "1").stdout
    assert shown.startswith("Waterloo: Turn 1, Command control phase (EotE 3.0)\n")
    assert "Initiative: not yet decided" in shown
    assert "    F12 3/13e Léger (light infantry, CE 6, line)\n" in shown
    assert "    A1 2/1st Foot Guards (guard infantry, CE 8, line)\n" in shown
    # A morale check on the unit typed by its code: the d10 given (EotE 7.5).
    morale = run_in_process(
        *db, "game", "check", "1", "morale", "--unit", "f12", "--roll", "roll=7"
    )
    assert morale.returncode == 0, morale.stderr
    lines = morale.stdout.splitlines()
    assert lines[0] == "3/13e Léger: morale rout (rolled 7 against 6)"
    assert json.loads(lines[1]) == {"result": "rout", "modified": 6}
    assert "  then: 3/13e Léger: routed" in lines
    # A battery fires at a unit named by its code, with the modifiers and their sections.
    fire = ["game", "check", "1", "artillery_fire", "--unit", "F9", "--target", "A1"]
    fired = run_in_process(*db, *fire, "--roll", "roll=9")
    assert fired.returncode == 0, fired.stderr
    out = fired.stdout.splitlines()
    assert (
        out[0]
        == 'Fire: 20/6 Foot Battery → 2/1st Foot Guards at 12": no effect (rolled 9 against 5)'
    )
    assert json.loads(out[1]) == {"result": "none", "modified": 5}
    assert "  -1 light battery (6.3, provisional)" in out
    # The turn guide's items, worded: the routed unit leaves the table next command phase.
    shown = run_in_process(*db, "game", "show", "1").stdout
    assert "    F12 3/13e Léger (light infantry, CE 6, line)  routed; 1 hit\n" in shown
    assert "  remove_routed (7.5): F12 3/13e Léger: routed, leaves the table  [unit F12]" in shown
    # The same journal as the app's: two steps undone, one redone.
    undone = run_in_process(*db, "game", "undo", "1", "--steps", "2").stdout.splitlines()
    assert undone[0].startswith("Undid: Fire: 20/6 Foot Battery")
    assert undone[1] == "Undid: 3/13e Léger: morale rout (rolled 7 against 6)"
    redone = run_in_process(*db, "game", "redo", "1").stdout
    assert redone == "Redid: 3/13e Léger: morale rout (rolled 7 against 6)\n"
    with db_target.open() as database:
        f12 = next(u for u in GameService(database, 1).view().sides[0].units if u.code == "F12")
        assert (f12.routed, f12.hits) == (True, 1)
    # The next phase (EotE 2.0) is a step of its own.
    phase = run_in_process(*db, "game", "check", "1", "next-phase")
    assert phase.stdout.splitlines() == ["Initiative phase", "Turn 1, Initiative phase (EotE 4.0)"]


def test_an_eote_game_made_from_a_shipped_scenario(db_target: DbTarget) -> None:
    db = db_target.cli_args
    by_name = run_in_process(*_new(db, "--scenario", "waterloo-derlon"))
    assert by_name.returncode == 0, by_name.stderr
    shown = run_in_process(*db, "game", "show", "1").stdout
    # The scenario's sides, initiative and starting formations; only its commands in play.
    assert "Initiative: French" in shown
    assert "    F12 3/13e Léger (light infantry, CE 6, column)\n" in shown
    assert "I Corps" in shown
    assert "II Corps" not in shown  # only I Corps of the French list is in play
    assert "  Commanders: Drouet d'Erlon (I Corps)\n" in shown
    # A division's check takes the division of the unit given, as the Adjudicate menu does.
    radius = run_in_process(*db, "game", "check", "1", "command_radius", "--unit", "F12")
    assert radius.stdout.startswith('2nd Infantry Division: radius 10": ')
    listed = run_in_process(*db, "game", "battles", "--pack", "eote").stdout
    assert "waterloo-derlon.yaml: D'Erlon's attack — Waterloo, 18 June 1815" in listed
    scenario = LISTS / "scenarios" / "salamanca-arapiles.yaml"
    by_file = run_in_process(*_new(db, "--scenario", str(scenario), "--scale", "6mm"))
    assert by_file.stdout.startswith("Created game 2: Waterloo (eote), Turn 1")
    with db_target.open() as database:
        view = GameService(database, 2).view()
        assert view.figure_scale == "6mm"
        assert [s.name for s in view.sides] == ["French", "Anglo-Portuguese"]


def test_game_battles_of_eote_lists_only_eotes_scenario_files() -> None:
    """``game battles --pack eote`` lists that pack's battles, not every pack's scenarios."""
    listed = run_in_process("game", "battles", "--pack", "eote")
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert "[eote] waterloo-derlon.yaml: D'Erlon's attack — Waterloo, 18 June 1815" in (
        listed.stdout
    )
    assert lines
    assert [line for line in lines if not line.startswith("[eote] ")] == []


@pytest.mark.parametrize(
    ("more", "words"),
    [
        (["--side", f"French={FRENCH}"], "--side: a game has two sides"),
        ([*SIDES[:3], "Allies=no-such.yaml"], "--side: Allies's army list 'no-such.yaml' is not"),
        ([*SIDES, "--scenario", "waterloo-derlon"], "--side: a scenario file brings its own"),
        (["--scenario", "no-such-battle"], "--scenario: no scenario file 'no-such-battle'"),
        ([*SIDES, "--option", "no_such=1"], "--option: unknown option 'no_such'"),
        (["--side", f"Fr\x07ench={FRENCH}", SIDES[2], SIDES[3]], "holds a control character"),
    ],
)
def test_a_new_game_given_bad_input_is_refused_naming_it(
    db_target: DbTarget, more: list[str], words: str
) -> None:
    refused = run_in_process(*_new(db_target.cli_args, *more))
    assert refused.returncode == 2
    assert words in refused.stderr
    assert refused.stderr.rstrip().endswith("nothing was written")
    with db_target.open() as database:
        assert not any(row_counts(database).values())


@pytest.mark.parametrize(
    ("check", "code", "words"),
    [
        (["morale", "--unit", "F999"], 2, "--unit: no unit 'F999' in this game"),
        (["morale", "--unit", "F12", "--answer", "x=1"], 2, "--answer: Morale check has no "),
        (["no_such", "--unit", "F12"], 2, "CHECK: 'no_such' is not a check (the checks: "),
        (["morale"], 2, "--unit: morale is on a unit: give its code or name"),
        (["morale", "--unit", "F12"], 1, "enter the d10 first (--roll roll=N)"),
        (["morale", "--unit", "F12", "--roll", "roll=x"], 2, "--roll: roll='x' is not a whole"),
        # An answer of the wrong kind: a word for yes or no was read as yes (a leader killed).
        (
            ["morale", "--unit", "F12", "--answer", "leader_killed=bogus", "--roll", "roll=5"],
            2,
            "--answer: leader_killed takes true or false, not 'bogus'",
        ),
        # A leader attached to the division is with it: never beyond his radius (EotE 3.5.2),
        # save on the first turn, when the distance plays no part (3.1).
        (
            [
                "order",
                "--unit",
                "F12",
                *("--answer", "distance_in=50", "--answer", "attached=true"),
                *("--answer", "first_turn=false"),
            ],
            2,
            "--answer: distance_in=50 cannot stand: ",
        ),
    ],
)
def test_a_check_refused_writes_nothing(
    db_target: DbTarget, check: list[str], code: int, words: str
) -> None:
    db = db_target.cli_args
    assert run_in_process(*_new(db, *SIDES)).returncode == 0
    refused = run_in_process(*db, "game", "check", "1", *check)
    assert (refused.returncode, refused.stdout) == (code, "")
    assert words in refused.stderr
    assert "nothing was written" in refused.stderr
    with db_target.open() as database:
        assert GameService(database, 1).undo_counts() == (0, 0)


def test_a_unit_with_its_leader_attached_cannot_be_answered_out_of_command(
    db_target: DbTarget,
) -> None:
    """EotE 3.5.1: the leader attached to a unit stands with it, within his radius.

    Attached by ``game check attach_leader``, the unit's rally from disorder refuses
    ``in_command=false`` with exit 2 naming the answer, and the command radius does not take
    the unit among those out of it; nothing is written.
    """
    db = db_target.cli_args
    assert run_in_process(*_new(db, *SIDES)).returncode == 0
    attached = run_in_process(*db, "game", "check", "1", "attach_leader", "--unit", "F12")
    assert attached.returncode == 0, attached.stderr
    rally = ["disorder_rally", "--unit", "F12", "--answer", "in_command=false"]
    refused = run_in_process(*db, "game", "check", "1", *rally)
    assert refused.returncode == 2, refused.stderr
    assert "--answer: in_command=False cannot stand" in refused.stderr
    radius = ["command_radius", "--unit", "F12", "--answer", 'out_of_radius=["F12"]']
    out = run_in_process(*db, "game", "check", "1", *radius)
    assert out.returncode == 2, out.stderr
    assert "--answer: out_of_radius takes" in out.stderr
    with db_target.open() as database:
        assert GameService(database, 1).undo_counts() == (1, 0)


@pytest.mark.parametrize(
    ("distance", "first_turn"), [("0", "false"), ("3", "false"), ("-1", "false"), ("50", "true")]
)
def test_an_attached_commander_s_order_takes_a_distance_within_his_radius(
    db_target: DbTarget, distance: str, first_turn: str
) -> None:
    """EotE 3.5.2, 3.1: attached to the division, the leader's distance is moot within his radius.

    0" or 3" stand, as the rules take them (the order acts next turn, no roll); on the first
    turn any distance does (the order acts at once).
    """
    db = db_target.cli_args
    assert run_in_process(*_new(db, *SIDES)).returncode == 0
    order = [
        *("order", "--unit", "F12", "--answer", f"distance_in={distance}"),
        *("--answer", "attached=true", "--answer", f"first_turn={first_turn}"),
    ]
    done = run_in_process(*db, "game", "check", "1", *order)
    assert done.returncode == 0, done.stderr
    turns = 0 if first_turn == "true" else 1
    assert json.loads(done.stdout.splitlines()[1])["result"] == str(turns)


def test_a_corps_leader_attached_to_a_unit_leaves_it_out_of_command(db_target: DbTarget) -> None:
    """EotE 3.5.1, 3.6: only the commander measured from puts a unit within his radius.

    The Prince of Orange attached to Cooke's division and then to A1 2/1st Foot Guards:
    Cooke is measured from, so the Guards may be ticked out of his radius, and their rally
    answered out of command is not refused but fails (3.6).
    """
    db = db_target.cli_args
    assert run_in_process(*_new(db, *SIDES)).returncode == 0
    prince = "Prince of Orange (corps"
    steps = [
        ["attach_commander", "--unit", "A1", "--answer", f"leader={prince}, rating +0)"],
        ["attach_leader", "--unit", "A1", "--answer", f"leader={prince})"],
        ["command_radius", "--unit", "A1", "--answer", 'out_of_radius=["A1"]'],
    ]
    for step in steps:
        done = run_in_process(*db, "game", "check", "1", *step)
        assert done.returncode == 0, done.stderr
    with db_target.open() as database:
        guards = next(u for u in GameService(database, 1).view().sides[1].units if u.code == "A1")
        assert (guards.attached_leader, guards.out_of_command) == ("Prince of Orange", True)
    rally = ["disorder_rally", "--unit", "A1", "--answer", "in_command=false"]
    done = run_in_process(*db, "game", "check", "1", *rally)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[1])["result"] != "rallied"
