"""``eote-ref game new|show|check|undo|redo``: an AVlE game played from the command line."""

from __future__ import annotations

import json
import pathlib

import pytest

from eote_ref.cli import main
from eote_ref.referee.pack_play import PackGameService
from tests.avle_games import ALLIED, FRENCH, no_battle
from tests.backends import DbTarget


def test_a_game_is_started_and_played_headless(
    db_target: DbTarget, capsys: pytest.CaptureFixture[str]
) -> None:
    db = db_target.cli_args
    new = [*db, "game", "new", "--pack", "avle", "--name", "Quatre Bras"]
    assert main([*new, "--side", f"French={FRENCH}", "--side", f"Allies={ALLIED}"]) == 0
    out = capsys.readouterr().out
    assert out == "Created game 1: Quatre Bras (avle), Turn 1, round 1 of 6 · Card played\n"
    for side in ("French", "Allies"):
        assert main([*db, "game", "check", "1", "hand", "--side", side]) == 0
    dice = ["--roll", 'French_dice=["flag","flag","flag","flag","flag"]']
    dice += ["--roll", 'Allies_dice=["cannon","flag","flag","flag","flag"]']
    assert main([*db, "game", "check", "1", "round", "--answer", "card_French=right", *dice]) == 0
    battery = "Reille's divisional batteries (right)"
    assert main([*db, "game", "check", "1", "order", "--unit", battery]) == 0
    capsys.readouterr()
    fire = [*db, "game", "check", "1", "fire", "--unit", battery, "--roll", "roll=4"]
    fire += ["--answer", "target_unit=Bijlandt's brigade (militia)", "--answer", "hexes=2"]
    # 9.0: medium artillery at 2 hexes, 9; a 4 hits; the d6 of 5 is 1 lost, 1 back (9.1).
    assert main([*fire, "--roll", "effect_roll=5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("(value 9): 1 hit(s): 1 lost, 1 hex(es) back")
    assert json.loads(lines[1]) == {"result": "L1R1", "modified": 9}
    assert main([*db, "game", "show", "1"]) == 0
    shown = capsys.readouterr().out
    # Worded from the pack's declarations, no raw JSON nor keys (AVlE 1.1, 3.0).
    assert "Bijlandt's brigade (militia) (id 14, militia infantry)  3/4 elements" in shown
    assert "card this round: Right sector" in shown
    assert "{" not in shown
    assert "_" not in shown.split("Due:")[0]
    assert "  victory (4.2): end of round 1" in shown
    # A refusal is a sentence and writes nothing.
    assert main([*fire, "--roll", "effect_roll=5"]) == 1
    assert "has fired this round already (7.0.1)" in capsys.readouterr().err
    assert main([*db, "game", "undo", "1", "--steps", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("Undid: French orders")
    with db_target.open() as database:
        militia = PackGameService(database, 1).state().unit(14)
        assert militia.markers["elements"] == 4


def test_a_side_given_twice_is_refused_and_a_scenario_game_started(
    db_target: DbTarget, capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    db = db_target.cli_args
    french, allied = FRENCH, ALLIED
    new = [*db, "game", "new", "--pack", "avle", "--name", "H", "--side", f"French={french}"]
    # A second --side of the same name would have replaced the first list: refused.
    assert main([*new, "--side", f"Allies={allied}", "--side", f"Allies={allied}"]) == 2
    assert "--side Allies is given twice" in capsys.readouterr().err
    # The Quatre Bras lists are a historical battle's: no hypothetical battle (14.0) of them.
    assert main([*new, "--side", f"Allies={allied}", "--scenario", "hypothetical"]) == 1
    assert "not offered: Hypothetical battle: the lists are drawn for Quatre Bras" in (
        capsys.readouterr().err
    )
    new[-1] = f"French={no_battle(french, tmp_path)}"
    allied = no_battle(allied, tmp_path)
    assert main([*new, "--side", f"Allies={allied}", "--scenario", "hypothetical"]) == 0
    capsys.readouterr()
    assert main([*db, "game", "show", "1"]) == 0
    assert "deployment (14.0): deploy the armies" in capsys.readouterr().out
    # Equal exploration d6s: both deploy at once behind a screen (14.0); unit 5 held back.
    dice = ["--roll", "French_exploration=4", "--roll", "Allies_exploration=4"]
    held = ["--answer", "held_1=[5]"]
    assert main([*db, "game", "check", "1", "deployment", *held, *dice]) == 0
    assert "French holds back 1; Allies holds back 0; both deploy at once" in (
        capsys.readouterr().out
    )


def test_print_sheets_of_an_avle_game_as_it_stands(
    db_target: DbTarget, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``print sheets GAME`` prints a pack game's own sheets (the app's Game menu's)."""
    from eote_ref.ui.printing import pdf_text

    db = db_target.cli_args
    new = [*db, "game", "new", "--pack", "avle", "--name", "Quatre Bras"]
    assert main([*new, "--side", f"French={FRENCH}", "--side", f"Allies={ALLIED}"]) == 0
    assert main([*db, "game", "check", "1", "hand", "--side", "French"]) == 0
    capsys.readouterr()
    sheets = tmp_path / "sheets.pdf"
    assert main([*db, "print", "sheets", "1", "-o", str(sheets)]) == 0
    assert capsys.readouterr().out.startswith("Wrote 3 pages of record sheets to ")
    text = " ".join(pdf_text(sheets))
    assert "French — record sheet" in text
    assert "as it stands, Turn 1, round 1 of 6" in text
    cards = tmp_path / "cards.pdf"
    assert main([*db, "print", "sheets", "1", "--sheet", "card trackers", "-o", str(cards)]) == 0
    assert "of card trackers" in capsys.readouterr().out
    assert main([*db, "print", "sheets", "1", "--sheet", "orders", "-o", str(cards)]) == 1
    err = capsys.readouterr().err
    assert "no sheet 'orders' for this game (its sheets: record sheets, card trackers)" in err
    # Base labels are the engine's (issue 32): a label per unit, its code large.
    labels = tmp_path / "labels.pdf"
    assert main([*db, "print", "labels", "1", "-o", str(labels)]) == 0
    assert "of base labels to" in capsys.readouterr().out
    assert "F1 Jérôme" in " ".join(" ".join(pdf_text(labels)).split())


def test_an_avle_answer_to_no_question_is_refused_naming_it(
    db_target: DbTarget, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same refusal as an EotE game's (``referee/headless.py``): exit 2, the argument."""
    db = db_target.cli_args
    new = [*db, "game", "new", "--pack", "avle", "--name", "Quatre Bras"]
    assert main([*new, "--side", f"French={FRENCH}", "--side", f"Allies={ALLIED}"]) == 0
    capsys.readouterr()
    hand = [*db, "game", "check", "1", "hand", "--side", "French", "--answer", "x=1"]
    assert main(hand) == 2
    err = capsys.readouterr().err
    assert "--answer: Hand of cards has no question 'x' (its questions: hand)" in err, err
    # EotE's next phase is not AVlE's: its turn moves on by its own checks.
    assert main([*db, "game", "check", "1", "next-phase"]) == 2
    assert "pack avle moves its turn on by its own checks" in capsys.readouterr().err
    assert main([*db, "game", "undo", "1"]) == 1  # nothing was written: nothing to undo


def test_show_names_a_general_named_after_his_rank_once(
    db_target: DbTarget, capsys: pytest.CaptureFixture[str]
) -> None:
    """The text's Waterloo names its Generals by hex ("General F5"): shown once, not twice."""
    db = db_target.cli_args
    assert (
        main([*db, "game", "new", "--pack", "avle", "--name", "W", "--scenario", "waterloo"]) == 0
    )
    assert main([*db, "game", "show", "1"]) == 0
    shown = capsys.readouterr().out
    assert "    General F5 (id " in shown
    assert "General General" not in shown


def test_an_avle_answer_of_the_wrong_kind_is_refused_naming_the_field(
    db_target: DbTarget, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every kind of answer is read against its question: exit 2, the field named.

    Found in the trial of Ligny: ``--answer target_unit=bogus`` printed Python's ``invalid
    literal for int()``. Now the values the field takes are named, and nothing is written.
    """
    db = db_target.cli_args
    new = [*db, "game", "new", "--pack", "avle", "--name", "Quatre Bras"]
    assert main([*new, "--side", f"French={FRENCH}", "--side", f"Allies={ALLIED}"]) == 0
    hand = [*db, "game", "check", "1", "hand", "--side", "French", "--answer"]
    # A list of choices (the hand, 4.1): not a list, and a card the hand has not.
    assert main([*hand, "hand=right"]) == 2
    err = capsys.readouterr().err
    assert "--answer: hand takes a list of one of: " in err, err
    assert "not 'right'; nothing was written" in err, err
    assert main([*hand, 'hand=["bogus"]']) == 2
    assert "not ['bogus']; nothing was written" in capsys.readouterr().err
    for side in ("French", "Allies"):
        assert main([*db, "game", "check", "1", "hand", "--side", side]) == 0
    dice = ["--roll", 'French_dice=["flag","flag","flag","flag","flag"]']
    dice += ["--roll", 'Allies_dice=["cannon","flag","flag","flag","flag"]']
    assert main([*db, "game", "check", "1", "round", "--answer", "card_French=right", *dice]) == 0
    battery = "Reille's divisional batteries (right)"
    assert main([*db, "game", "check", "1", "order", "--unit", battery]) == 0
    capsys.readouterr()
    with db_target.open() as database:
        steps = len(PackGameService(database, 1).journal())
    fire = [*db, "game", "check", "1", "fire", "--unit", battery, "--roll", "roll=4"]
    fire += ["--roll", "effect_roll=5"]
    # One choice (the target, 7.1): a word that names no unit it may fire on.
    assert main([*fire, "--answer", "target_unit=bogus", "--answer", "hexes=2"]) == 2
    err = capsys.readouterr().err
    assert "invalid literal" not in err
    assert "--answer: target_unit takes one of: " in err, err
    assert "Bijlandt's brigade (militia)" in err
    assert err.rstrip().endswith("not 'bogus'; nothing was written"), err
    # A number (the range, 7.3): a word, and a number out of its bounds.
    target = "--answer", "target_unit=Bijlandt's brigade (militia)"
    assert main([*fire, *target, "--answer", "hexes=far"]) == 2
    assert "--answer: hexes takes a whole number from 1 to 6, not 'far'" in (
        capsys.readouterr().err
    )
    assert main([*fire, *target, "--answer", "hexes=9"]) == 2
    assert "hexes takes a whole number from 1 to 6, not 9" in capsys.readouterr().err
    # A choice by its label or value still reads; a unit by its code too.
    with db_target.open() as database:
        game = PackGameService(database, 1)
        assert len(game.journal()) == steps  # nothing was written
        code = next(u.code for u in game.state().units if u.name.startswith("Bijlandt"))
    assert main([*fire, "--answer", f"target_unit={code}", "--answer", "hexes=2"]) == 0


def test_a_yes_or_no_answer_takes_true_or_false() -> None:
    """A yes-or-no question (``bool``) takes true, false, yes or no; anything else is refused."""
    from eote_ref.packs.questions import Question
    from eote_ref.referee.errors import HeadlessInputError
    from eote_ref.referee.pack_answers import answer_value

    ask = Question("through_front", "the charge crossed the frontal arc", "bool", True, "9.3")
    assert answer_value(ask, False) is False
    assert answer_value(ask, "yes") is True
    with pytest.raises(HeadlessInputError, match=r"through_front takes true or false, not 3"):
        answer_value(ask, 3)
