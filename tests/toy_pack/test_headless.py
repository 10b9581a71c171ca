"""The toy pack played through ``eote-ref game``, step by step.

In this process (the registration is the test's): new with its lists, show, a shot with its
die, undo, redo, a rally, a turn.
"""

from __future__ import annotations

import json

import pytest

from eote_ref.packs import registry
from eote_ref.referee.pack_play import PackGameService
from tests.backends import DbTarget
from tests.cli_runner import run_in_process
from tests.toy_pack.conftest import BLUE, RED


def game(db: DbTarget, *argv: str) -> str:
    result = run_in_process(*db.cli_args, "game", *argv)
    assert result.returncode == 0, result.stderr
    return result.stdout


def unit_line(text: str, name: str) -> str:
    return next(line.strip() for line in text.splitlines() if line.strip().startswith(name))


def markers(db: DbTarget, name: str) -> dict[str, object]:
    with db.open() as database:
        state = PackGameService(database, 1).state()
    return dict(next(u for u in state.units if u.name == name).markers)


@pytest.mark.usefixtures("toy_pack")
def test_a_toy_game_played_headless(db_target: DbTarget) -> None:
    out = game(db_target, "new", "--pack", "toy", "--name", "Toy", "--side", f"Red={RED}",
               "--side", f"Blue={BLUE}")  # fmt: skip
    assert out.startswith("Created game 1: Toy (toy), Turn 1 · Shooting")
    shown = game(db_target, "show", "1")
    assert unit_line(shown, "Blue foot") == "Blue foot (id 3, skirmisher)  strength 3"
    assert "  Skirmishers" in shown.splitlines()  # a list's group is a command
    assert shown.splitlines()[-1] == "  next_phase (2): end this phase"

    # A shot into cover: the d6's 6 less one reads "hit" on the hits table (Toy 3).
    out = game(db_target, "check", "1", "shoot", "--unit", "Blue foot", "--answer", "cover=true",
               "--roll", "roll=6")  # fmt: skip
    line, result = out.splitlines()
    assert line == "shot at Blue foot: hit (Toy 3)"
    assert json.loads(result) == {"result": "hit", "modified": -1}
    assert markers(db_target, "Blue foot") == {"strength": 2, "shaken": True}
    assert unit_line(game(db_target, "show", "1"), "Blue foot").endswith("strength 2, shaken")

    assert game(db_target, "undo", "1").strip() == "Undid: shot at Blue foot: hit (Toy 3)"
    assert markers(db_target, "Blue foot") == {"strength": 3}
    assert game(db_target, "redo", "1").strip() == "Redid: shot at Blue foot: hit (Toy 3)"
    assert markers(db_target, "Blue foot") == {"strength": 2, "shaken": True}

    # The turn: shooting, rally (a shaken unit falls due), then turn 2.
    assert game(db_target, "check", "1", "next_phase").strip() == "on to Turn 1 · Rally (Toy 2)"
    shown = game(db_target, "show", "1")
    assert "  rally (4): Blue foot may rally  [unit_id=3]" in shown.splitlines()
    out = game(db_target, "check", "1", "rally", "--unit", "Blue foot", "--roll", "roll=3")
    assert out.splitlines()[0] == "Blue foot rallies: failed (Toy 4)"  # 3 at strength 2
    out = game(db_target, "check", "1", "rally", "--unit", "Blue foot", "--roll", "roll=4")
    assert out.splitlines()[0] == "Blue foot rallies: rallied (Toy 4)"
    assert markers(db_target, "Blue foot") == {"strength": 2}
    assert game(db_target, "check", "1", "next_phase").strip() == "on to Turn 2 · Shooting (Toy 2)"
    assert game(db_target, "show", "1").splitlines()[0] == "Toy: Turn 2 · Shooting"


@pytest.mark.usefixtures("toy_pack")
def test_bad_input_is_refused_and_writes_nothing(db_target: DbTarget) -> None:
    game(db_target, "new", "--pack", "toy", "--name", "Toy", "--side", f"Red={RED}",
         "--side", f"Blue={BLUE}")  # fmt: skip
    refused = run_in_process(*db_target.cli_args, "game", "check", "1", "rally",
                             "--unit", "Red foot", "--roll", "roll=6")  # fmt: skip
    assert refused.returncode == 1
    assert "Red foot is not shaken" in refused.stderr
    with db_target.open() as database:
        assert PackGameService(database, 1).journal() == []


def test_unregistered_the_toy_is_unknown(db_target: DbTarget) -> None:
    """Outside the fixture the registry has only the shipped packs: nothing leaked."""
    assert "toy" not in registry.PACKS
    assert registry.pack_of_ruleset("toy-1") is None
    result = run_in_process(*db_target.cli_args, "game", "new", "--pack", "toy", "--name",
                            "T", "--side", f"Red={RED}", "--side", f"Blue={BLUE}")  # fmt: skip
    assert result.returncode == 2
    assert "toy" in result.stderr
