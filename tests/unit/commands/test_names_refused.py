"""Names and ids the command line refuses (issue 36), as the database and the app would.

``game new`` took a game or side name that shows nothing (U+200B) or holds a control
character; AVlE's ``armylist validate`` passed a unit name over 200 characters that
``game new`` then refused, and ``nation: ''``.
"""

from __future__ import annotations

import pathlib

import pytest

from eote_ref.cli import main
from eote_ref.store import open_database
from eote_ref.store.admin import row_counts
from tests.avle_games import ALLIED, FRENCH


@pytest.mark.parametrize(
    ("name", "side", "why"),
    [
        ("\u200b", "French", "the game's name shows nothing"),
        ("Quatre\u200b\u200b", "\u200b\u200b", "side '\\u200b\\u200b''s name shows nothing"),
        ("Quatre Bras\x1b[31m", "French", "holds a control character, U+001B (ESC)"),
        ("Quatre\nBras", "French", "holds a control character, U+000A"),
        ("Quatre Bras", "Fr\x07ench", "holds a control character, U+0007 (BEL)"),
        ("x" * 201, "French", "is 201 characters long; the most is 200"),
    ],
)
def test_game_new_refuses_a_name_that_shows_nothing_or_holds_a_control_character(
    tmp_path: pathlib.Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    side: str,
    why: str,
) -> None:
    file = tmp_path / "club.sqlite"
    argv = ["--db", str(file), "game", "new", "--pack", "avle", "--name", name]
    argv += ["--side", f"{side}={FRENCH}", "--side", f"Allies={ALLIED}"]
    assert main(argv) == 2  # bad input: exit 2, the argument named
    err = capsys.readouterr().err
    assert why in err, err
    assert err.rstrip().endswith("nothing was written")
    with open_database(file) as db:
        assert not any(row_counts(db).values())


def _list_with(tmp_path: pathlib.Path, old: str, new: str) -> pathlib.Path:
    text = FRENCH.read_text(encoding="utf-8")
    assert old in text
    file = tmp_path / "list.yaml"
    file.write_text(text.replace(old, new, 1), encoding="utf-8")
    return file


def test_avle_armylist_validate_refuses_what_game_new_would(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    long = "Reille" + "x" * 195
    file = _list_with(tmp_path, "{name: Reille,", "{name: " + long + ",")
    assert main(["armylist", "validate", str(file)]) == 1
    out = capsys.readouterr().out
    assert "list.yaml:29:12: error: generals[1].name: is 201 characters long; the most is" in out
    file = _list_with(tmp_path, "nation: french\n", "nation: ''\n")
    assert main(["armylist", "validate", str(file)]) == 1
    out = capsys.readouterr().out
    assert "list.yaml:12:9: error: nation: must not be empty" in out
    # and a list that validates is one game new takes
    db = ["--db", str(tmp_path / "club.sqlite"), "game", "new", "--pack", "avle"]
    assert main([*db, "--name", "Q", "--side", f"F={FRENCH}", "--side", f"A={ALLIED}"]) == 0
