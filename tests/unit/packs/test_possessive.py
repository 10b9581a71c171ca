"""A side's possessive in the packs' words: a plural name's s takes the apostrophe alone.

Found on the pack pages: *Prussians's player turn* (VlE, II), *Allies's hand* (AVlE, 4.1).
One helper makes every side's possessive (``packs.play.possessive``).
"""

from __future__ import annotations

from dataclasses import replace

from eote_ref.packs.vle.play import turn_label
from eote_ref.store import Database
from tests.avle_games import quatre_bras, saalfeld


def test_a_name_ending_in_s_takes_the_apostrophe_alone() -> None:
    from eote_ref.packs.play import possessive

    assert possessive("Prussians") == "Prussians'"
    assert possessive("ALLIES") == "ALLIES'"
    assert possessive("French") == "French's"
    assert possessive("Anglo-Allied") == "Anglo-Allied's"


def test_vle_s_player_turn_and_army_line_name_the_prussians_so(db: Database) -> None:
    game = saalfeld(db, "saalfeld")
    state = game.state()
    second = replace(state, pack_state={**state.pack_state, "round": 2})
    assert turn_label(second) == "Prussians' player turn"
    assert turn_label(state) == "French's player turn"
    prussians = next(s for s in state.sides if s.name == "Prussians")
    game.open_check("army_morale", side_id=prussians.id).apply()
    assert game.journal()[0].summary.startswith("Prussians' army: ")


def test_avle_s_hand_names_the_allies_so(db: Database) -> None:
    game = quatre_bras(db)
    allies = next(s for s in game.state().sides if s.name == "Allies")
    labels = [q.label for q in game.open_check("hand", side_id=allies.id).facts()]
    assert any(label.startswith("Allies' hand for turn 1") for label in labels), labels
