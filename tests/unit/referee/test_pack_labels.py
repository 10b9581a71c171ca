"""Base labels of any pack's game (issue 32): the engine's, as EotE's games have them.

An AVlE and a VlE game print a label per unit, its code large (the code the dashboard, the
wizards and the journal show), its name, its command and its side; a unit not on the table
yet says when or why it comes, in the pack's declared words.
"""

from __future__ import annotations

import pathlib

import pytest

from eote_ref.cli import main
from eote_ref.referee.pack_lists import pack_battle
from eote_ref.referee.pack_play import NewPackGame, PackGameService, new_pack_game
from eote_ref.referee.pack_view import game_labels, game_labels_html
from eote_ref.store import Database
from tests.avle_games import quatre_bras
from tests.backends import DbTarget

VLE = pathlib.Path(__file__).resolve().parents[3] / "army_lists" / "vle"


def test_an_avle_game_has_a_label_per_unit_with_its_code(db: Database) -> None:
    game = quatre_bras(db)
    state = game.state()
    labels = game_labels(game)
    assert len(labels) == len(state.units)
    codes = {u.code: u for u in state.units}
    assert all(lab.code for lab in labels)
    assert [lab.code for lab in labels] == [u.code for u in state.units]
    for lab in labels:
        unit = codes[lab.code]
        assert lab.name == unit.name
        assert lab.command == state.command(unit.command_id).name
        assert lab.side == state.side(unit.side_id).name
    # Each side's labels come together, the French first, codes ascending.
    assert [lab.side for lab in labels] == sorted(
        (lab.side for lab in labels), key=["French", "Allies"].index
    )
    html = game_labels_html(game)
    assert html.count('class="code"') == len(labels)
    assert "French</b> — Quatre Bras — base labels" in html


def test_an_avle_game_s_units_held_back_say_so_on_their_labels(db: Database) -> None:
    """Waterloo's Prussians wait for the dice (AVlE 13.1): their labels say they are held."""
    battle = pack_battle("avle", "waterloo")
    sides = {name: list(paths) for name, paths in battle.sides}
    game = PackGameService(
        db, new_pack_game(db, NewPackGame("W", "avle", sides, {}, battle.scenario))
    )
    held = {u.code for u in game.state().units if u.markers.get("held") == "prussian"}
    assert len(held) == 12
    labels = {lab.code: lab for lab in game_labels(game)}
    assert {c for c, lab in labels.items() if lab.arrives} == held
    assert {labels[c].arrives for c in held} == {"held back (Prussian)"}


def test_a_vle_game_has_its_labels(db: Database) -> None:
    sides = {
        "French": [VLE / "saalfeld-1806-french.yaml"],
        "Prussians": [VLE / "saalfeld-1806-prussian.yaml"],
    }
    game = PackGameService(db, new_pack_game(db, NewPackGame("Saalfeld", "vle", sides)))
    labels = game_labels(game)
    assert [lab.code for lab in labels] == [u.code for u in game.state().units]
    assert all(lab.code for lab in labels)
    assert {lab.side for lab in labels} == {"French", "Prussians"}


def test_print_labels_writes_an_avle_game_s_labels(
    db_target: DbTarget, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``eote-ref print labels`` of a pack game: refused before, its labels now."""
    pytest.importorskip("PySide6.QtPdf")
    from eote_ref.ui.printing import pdf_text

    db = db_target.cli_args
    assert main([*db, "game", "new", "--pack", "avle", "--name", "QB", "--scenario",
                 "quatre_bras"]) == 0  # fmt: skip
    capsys.readouterr()
    out = tmp_path / "labels.pdf"
    assert main([*db, "print", "labels", "QB", "-o", str(out)]) == 0
    assert "of base labels to" in capsys.readouterr().out
    text = " ".join(" ".join(pdf_text(out)).split())
    assert "French — QB — base labels" in text
    assert "F1 " in text
    assert "A1 " in text
    assert "arrives turn 4" in text  # the text's turn-4 arrivals (AVlE 13.2)
