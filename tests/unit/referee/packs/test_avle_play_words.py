"""AVlE's play in the umpire's words (issue 30's friction): options, cards, results, dice.

An option nobody chose is cited as the default, never "as chosen"; a refusal names a card
as the pack does (3.1, 3.2), never by its key.
"""

from __future__ import annotations

import pytest

from eote_ref.referee.pack_play import PackPlayError
from eote_ref.store import Database
from tests.avle_games import dealt, quatre_bras, unit_id

LANCERS = "Piré's lancers (Hubert)"


def _pursuit_note(db: Database, **options: object) -> str:
    game = quatre_bras(db, **options)
    trial = game.open_check("pursuit", unit_id=unit_id(game, LANCERS)).trial({"roll": 3})
    return trial.notes[0]


def test_an_option_nobody_chose_is_cited_as_the_default(db: Database) -> None:
    note = _pursuit_note(db)
    assert "(by default: pursuit without morale" in note
    assert "as chosen" not in note


def test_an_option_chosen_is_cited_as_chosen(db: Database) -> None:
    note = _pursuit_note(db, pursuit_without_morale="test")
    assert "(as chosen: pursuit without morale" in note


def test_refusals_name_cards_as_the_pack_does(db: Database) -> None:
    game = quatre_bras(db)
    sides, units = dealt(game, "left", "left", French=["flag"] * 5, Allies=["flag"] * 5)
    if game.state().pack_state["to_order"] == sides["Allies"]:
        game.open_check("pass", side_id=sides["Allies"]).apply()
    order = game.open_check("order", unit_id=units["Foy's division (Gauthier)"])
    order.set("face", "flag")
    with pytest.raises(PackPlayError) as refused:
        order.apply()
    assert "the Left sector card orders the left sector's units (3.1)" in str(refused.value)
    assert "_" not in str(refused.value)


def test_a_card_not_in_hand_is_refused_by_its_name(db: Database) -> None:
    game = quatre_bras(db)
    sides = {s.name: s.id for s in game.state().sides}
    for side in sides.values():  # the default hand: the first six cards of the deck (4.1)
        game.open_check("hand", side_id=side).apply()
    played = game.open_check("round")
    hand = game.state().side(sides["French"]).pack_state["hand"]
    missing = next(c for c in ("cavalry_grand_charge", "bombardment", "infantry_manoeuvre")
                   if c not in hand)  # fmt: skip
    played.set(f"card_{sides['French']}", missing)
    with pytest.raises(PackPlayError) as refused:
        played.apply({"French_dice": ["flag"] * 5, "Allies_dice": ["flag"] * 5})
    assert "_" not in str(refused.value).split(" has no ")[1], refused.value
