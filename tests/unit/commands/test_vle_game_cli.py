"""A VlE game headless: ``eote-ref game new --pack vle``, a fire and its morale check, undo."""

from __future__ import annotations

import io
import json
import pathlib

import pytest

from eote_ref.cli import main
from eote_ref.referee.pack_play import PackGameService
from eote_ref.referee.setup import shipped_army_lists_dir
from tests.backends import DbTarget

FOLDER = shipped_army_lists_dir()
assert FOLDER is not None
FRENCH = FOLDER / "vle" / "saalfeld-1806-french.yaml"
PRUSSIAN = FOLDER / "vle" / "saalfeld-1806-prussian.yaml"


def test_a_vle_game_is_started_played_and_undone_headless(
    db_target: DbTarget, capsys: pytest.CaptureFixture[str]
) -> None:
    db = db_target.cli_args
    new = [*db, "game", "new", "--pack", "vle", "--name", "Saalfeld", "--scenario", "saalfeld"]
    assert main([*new, "--side", f"French={FRENCH}", "--side", f"Prussians={PRUSSIAN}"]) == 0
    assert capsys.readouterr().out == (
        "Created game 1: Saalfeld (vle), Turn 1, player turn 1 of 2 · Cavalry charges: "
        "French's player turn\n"
    )
    target = "IR 49 Müffling"
    # Fire at 5 with a d6 of 6: the provisional table's 2 steps and a morale check (VII.3).
    fire = [*db, "game", "check", "1", "fire", "--unit", target, "--answer", "fire_value=5"]
    assert main([*fire, "--roll", "roll=6"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert json.loads(lines[-1]) == {"result": "loss_2", "modified": 5}
    assert main([*db, "game", "show", "1"]) == 0
    shown = capsys.readouterr().out
    assert f"{target} (id 10, infantry)  2 steps" in shown
    assert "    Leader Prince Louis Ferdinand (id 4)" in shown  # the pack's word, not AVlE's
    assert "2 steps lost" in shown
    assert "  morale (VII.9): IR 49 Müffling: morale check after fire" in shown
    # The check falls due; 8 + the prince's 2 (stacked with it: the umpire says so, XIV.4)
    # - 1 for 2 of 4 steps = 9; 11 fails (X.2, X.4).
    morale = [*db, "game", "check", "1", "morale", "--unit", target, "--roll", "dice=[5,6]",
              "--answer", "leader_morale=2"]  # fmt: skip
    assert main(morale) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1]) == {
        "result": "disorganized",
        "modified": 9,
    }
    # The phase may not end while a check is due; after it, it does.
    with db_target.open() as database:
        unit = PackGameService(database, 1).state().unit(10)
        assert unit.markers["disorganized"] == 1
    assert main([*db, "game", "undo", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("Undid: IR 49 Müffling checks")
    with db_target.open() as database:
        state = PackGameService(database, 1).state()
        assert "disorganized" not in state.unit(10).markers
        assert state.pack_state["pending"]
    assert main([*db, "game", "check", "1", "next_phase"]) == 1
    assert "resolve the morale checks due first" in capsys.readouterr().err
    assert main([*db, "game", "undo", "1"]) == 0
    with db_target.open() as database:
        state = PackGameService(database, 1).state()
        assert state.unit(10).markers["steps"] == 4
        assert not state.pack_state["pending"]


def test_a_vle_turn_is_two_player_turns(
    db_target: DbTarget, capsys: pytest.CaptureFixture[str]
) -> None:
    db = db_target.cli_args
    new = [*db, "game", "new", "--pack", "vle", "--name", "S"]
    assert main([*new, "--side", f"French={FRENCH}", "--side", f"Prussians={PRUSSIAN}"]) == 0
    for _ in range(12):  # six phases a player turn (II)
        assert main([*db, "game", "check", "1", "next_phase"]) == 0
    capsys.readouterr()
    assert main([*db, "game", "show", "1"]) == 0
    assert capsys.readouterr().out.startswith(
        "S: Turn 2, player turn 1 of 2 · Cavalry charges: French's player turn"
    )
    assert main([*db, "game", "undo", "1"]) == 0
    capsys.readouterr()
    assert main([*db, "game", "show", "1"]) == 0
    assert capsys.readouterr().out.startswith("S: Turn 1, player turn 2 of 2 · Rally")


HOUSE = """\
format: 1
pack: vle
name: Our club's play aid
source: house
tables:
  fire:
    "6": {"5": "3"}
"""


def test_a_house_table_file_changes_fire_in_the_calculator_and_a_game(
    db_target: DbTarget, capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    house = tmp_path / "club.yaml"
    house.write_text(HOUSE, encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO('{"firers": [{"value": 5}], "roll": 6}'))
    assert main(["rule", "--pack", "vle", "fire", "--house", str(house)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["result"], out["cell_source"]) == ("loss_3", "house")
    assert "the Fire Table's cells read are the club's (house)" in out["notes"]
    bad = tmp_path / "bad.yaml"
    bad.write_text(HOUSE.replace('"3"', '"4"'), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO('{"firers": [{"value": 5}], "roll": 6}'))
    assert main(["rule", "--pack", "vle", "fire", "--house", str(bad)]) == 2
    error = json.loads(capsys.readouterr().out)
    assert error["field"] == "house"
    assert error["error"].startswith(f"{bad}:7:16: error: tables.fire.6.5: '4' is not a result")
    # In a game: one journal step, undone as one.
    db = db_target.cli_args
    new = [*db, "game", "new", "--pack", "vle", "--name", "S"]
    assert main([*new, "--side", f"French={FRENCH}", "--side", f"Prussians={PRUSSIAN}"]) == 0
    assert main([*db, "game", "house", "1", str(house)]) == 0
    assert "house tables 'Our club's play aid' in (1 cells, house)" in capsys.readouterr().out
    fire = [*db, "game", "check", "1", "fire", "--unit", "IR Kurfürst"]
    fire += ["--answer", "fire_value=5", "--roll", "roll=6"]
    assert main(fire) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["result"] == "loss_3"
    # The game's quick reference prints the club's cell marked ‡ and names the file.
    from eote_ref.ui.printing import pdf_text

    sheet = tmp_path / "qr.pdf"
    assert main([*db, "print", "sheets", "1", "-o", str(sheet), "--sheet", "quick reference"]) == 0
    text = " ".join(pdf_text(sheet))
    assert "6 *† *† 1† 1† 3‡ 2† 3†" in text
    assert "house tables: Our club's play aid" in text
    assert main([*db, "game", "undo", "1", "--steps", "2"]) == 0
    capsys.readouterr()
    assert main(fire) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["result"] == "loss_2"
    assert main([*db, "game", "house", "1", str(bad)]) == 1
    assert "'4' is not a result of this table" in capsys.readouterr().err
    assert main([*db, "game", "house", "1", "--remove"]) == 1  # none in the game: nothing to do
    assert "the game has no house tables to take out" in capsys.readouterr().err


def test_a_melee_in_a_game_disorganizes_and_calls_for_checks(
    db_target: DbTarget, capsys: pytest.CaptureFixture[str]
) -> None:
    db = db_target.cli_args
    new = [*db, "game", "new", "--pack", "vle", "--name", "S"]
    assert main([*new, "--side", f"French={FRENCH}", "--side", f"Prussians={PRUSSIAN}"]) == 0
    # 34e Ligne in column attacks: 7 x (2 + 1) = 21 against IR Kurfürst's 5 x 2 = 10, the 2/1
    # column (VIII.4, VIII.8, IV.2); the provisional cell of a 5 there is 0/D.
    melee = [*db, "game", "check", "1", "melee", "--unit", "IR Kurfürst"]
    assert main([*melee, "--answer", "attackers=[2]", "--roll", "roll=5"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["result"] == "0/D"
    with db_target.open() as database:
        state = PackGameService(database, 1).state()
        assert state.unit(15).markers["disorganized"] == 1
    # Disorganized, it defends at 1: 21 against 5 is the 4/1 column, where a die of 1 is the
    # text's own cell (VIII.6's example), 1/1*: a step each, the defender checks morale.
    assert main([*melee, "--answer", "attackers=[2]", "--roll", "roll=1"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["result"] == "1/1*"
    with db_target.open() as database:
        state = PackGameService(database, 1).state()
        assert state.unit(2).markers["steps"] == 6
        assert state.unit(15).markers["steps"] == 4
        assert [p["target"]["unit_id"] for p in state.pack_state["pending"]] == [15]
    # A unit of the defender's side is none of the attackers the question offers: the
    # answer is refused before the check, naming the field (exit 2, nothing written).
    assert main([*melee, "--answer", "attackers=[15]", "--roll", "roll=1"]) == 2
    err = capsys.readouterr().err
    assert "--answer: attackers takes one of: 1 (17e Léger), " in err, err
    assert err.rstrip().endswith("not [15]; nothing was written"), err


def test_square_countercharge_obedience_and_initiative_in_a_game(
    db_target: DbTarget, capsys: pytest.CaptureFixture[str]
) -> None:
    db = db_target.cli_args
    new = [*db, "game", "new", "--pack", "vle", "--name", "S"]
    assert main([*new, "--side", f"French={FRENCH}", "--side", f"Prussians={PRUSSIAN}"]) == 0
    check = [*db, "game", "check", "1"]

    def result(*words: str) -> dict[str, object]:
        assert main([*check, *words]) == 0
        out: dict[str, object] = json.loads(capsys.readouterr().out.splitlines()[-1])
        return out

    # IX.6: morale 7, Bevilaqua +1 (stacked with it, XIV.4), +1 at 3 hexes: 9; an 8 forms square.
    square = ["square", "--unit", "IR Prinz Xaver", "--answer", "cavalry_distance=3",
              "--answer", "leader_morale=1"]  # fmt: skip
    assert result(*square, "--roll", "dice=[4,4]") == {"result": "passed", "modified": 9}
    # IX.7: a double 6 always fails, and a failed countercharge changes nothing.
    cc = ["countercharge", "--unit", "Saxon Hussars", "--answer", "leader_morale=1"]
    assert result(*cc, "--roll", "dice=[6,6]") == {
        "result": "failed_no_effect",
        "modified": 9,
    }
    # XVII.6: Bevilaqua's obedience 3, a 4: delayed; XVII.7: Suchet's initiative 4, a 2.
    assert result("obedience", "--leader", "Bevilaqua", "--roll", "roll=4")["result"] == "delayed"
    assert result("initiative", "--leader", "Suchet", "--roll", "roll=2")["result"] == "changed"
    with db_target.open() as database:
        state = PackGameService(database, 1).state()
        xaver = next(u for u in state.units if u.name == "IR Prinz Xaver")
        assert xaver.markers["formation"] == "square"
    assert main([*check, "countercharge", "--unit", "IR Kurfürst", "--roll", "dice=[1,1]"]) == 1
    assert "only cavalry countercharges (IX.7)" in capsys.readouterr().err
