"""A charge declared falls due a reaction before its shock (AVlE 9.3), found in a trial.

A unit charged from a non-adjacent hex of its frontal arc may react before the shock is
resolved; the turn guide lists that reaction once the charge is declared, and the shock
waits for it.
"""

from __future__ import annotations

import pytest

from eote_ref.referee.pack_play import PackGameService, PackPlayError
from eote_ref.store import Database
from tests.avle_games import dealt, quatre_bras
from tests.games import game_state

LANCERS, NASSAU = "Piré's lancers (Hubert)", "Saxe-Weimar's brigade (2nd Nassau)"


def _lancers_ordered(db: Database) -> tuple[PackGameService, dict[str, int]]:
    game = quatre_bras(db)
    _, units = dealt(
        game,
        "right",
        "left",
        French=["trooper", "trooper", "infantry", "infantry", "infantry"],
        Allies=["cannon", "cannon", "cannon", "cannon", "cannon"],
    )
    order = game.open_check("order", unit_id=units[LANCERS])
    order.set("face", "trooper")
    order.apply()
    return game, units


def test_a_declared_charge_makes_the_reaction_due_and_the_shock_waits(db: Database) -> None:
    game, units = _lancers_ordered(db)
    before = game_state(game)
    charge = game.open_check("charge", unit_id=units[LANCERS])
    charge.set("target_unit", units[NASSAU])
    charge.apply()
    assert game.journal()[0].summary == (
        f"{LANCERS} charges {NASSAU}: {NASSAU} may react first (9.3)"
    )
    due = [(d.check, d.target) for d in game.due()]
    assert ("reaction", {"unit_id": units[NASSAU]}) in due
    # The shock waits for the reaction (9.3: it is resolved before the cavalry attacks).
    shock = game.open_check("shock", unit_id=units[LANCERS])
    shock.set("target_unit", units[NASSAU])
    with pytest.raises(PackPlayError, match="may react before the shock"):
        shock.preview()
    # The reaction: its charger is the one declared; a failure (the French flag) resolves it.
    reaction = game.open_check("reaction", unit_id=units[NASSAU])
    assert reaction.values.get("charger", units[LANCERS]) == units[LANCERS]
    assert next(a for a in reaction.facts() if a.key == "charger").default == units[LANCERS]
    reaction.apply({"reaction_dice": ["french"]})
    assert ("reaction", {"unit_id": units[NASSAU]}) not in [(d.check, d.target) for d in game.due()]
    shock = game.open_check("shock", unit_id=units[LANCERS])
    shock.set("target_unit", units[NASSAU])
    assert shock.preview() is not None
    game.undo(2)
    assert game_state(game) == before


def test_a_charge_from_an_adjacent_hex_allows_no_reaction(db: Database) -> None:
    game, units = _lancers_ordered(db)
    charge = game.open_check("charge", unit_id=units[LANCERS])
    charge.set("target_unit", units[NASSAU])
    charge.set("may_react", False)
    charge.apply()
    assert "no reaction possible (9.3)" in game.journal()[0].summary
    assert all(d.check != "reaction" for d in game.due())
    shock = game.open_check("shock", unit_id=units[LANCERS])
    shock.set("target_unit", units[NASSAU])
    assert shock.preview() is not None
