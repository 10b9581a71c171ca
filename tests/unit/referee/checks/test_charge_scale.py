"""A charge at 6mm records the distances the game plays (introduction: 2" less at 6mm).

Found in an umpire's trial (Telnitz at 6mm): the charge check asked of interception within
6" (8" less 2) but its outcome, written to the journal, gave the 15mm figures: charge 6",
interception 8" (EotE 5.8, 5.9).
"""

from __future__ import annotations

from eote_ref.packs.eote.checks import open_check
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.scenario_setup import create_scenario_game, load, shipped_scenarios
from eote_ref.store import Database


def test_a_charge_at_6mm_records_the_scaled_distances(db: Database) -> None:
    path = next(p for p in shipped_scenarios() if p.stem == "austerlitz-telnitz")
    game = GameService(db, create_scenario_game(db, load(path)))
    assert game.view().figure_scale == "6mm"
    while game.view().phase is not Phase.MOVEMENT:
        game.advance_phase()
    french, allied = game.view().sides
    hussars = next(u for u in allied.units if u.arm == "cavalry")
    target = next(u for u in french.units if u.arm == "infantry")
    check = open_check(game, "charge", unit_id=hussars.id, target_id=target.id)
    outcome = check.apply({})
    assert outcome.details["charge_in"] == 4.0
    assert outcome.details["interception_in"] == 6.0


def test_a_british_breakthrough_forced_at_6mm_reads_its_scaled_reach(db: Database) -> None:
    """EotE 5.151, 5.15: the forced breakthrough's 10" is 8" at 6mm, as the game plays it."""
    from eote_ref.referee.setup import NewGame, create_new_game, shipped_army_lists

    lists = {p.name: p for p in shipped_army_lists()}
    spec = NewGame(
        "Waterloo at 6mm",
        {
            "Anglo-Allied": [lists["waterloo-1815-anglo-allied.yaml"]],
            "French": [lists["waterloo-1815-french.yaml"]],
        },
        figure_scale="6mm",
    )
    game = GameService(db, create_new_game(db, spec))
    while game.view().phase is not Phase.ASSAULT:
        game.advance_phase()
    british, french = game.view().sides
    game.set_initiative(british.position)
    guards = next(u for u in british.units if u.name.startswith("1st Life Guards"))
    ligne = next(u for u in french.units if u.name == "1/54e Ligne")
    check = open_check(game, "assault", attackers=(guards.id,), defenders=(ligne.id,))
    check.set("takes_breakthrough", False)  # declined: the even die forces it (5.151)
    forced = check.trial({"roll": 10, "breakthrough_roll": 4}).outcome
    assert forced is not None
    assert forced.details["breakthrough_taken"]
    assert any('breakthrough: 8"' in n for n in forced.notes), forced.notes


def test_a_counter_charge_is_offered_only_by_enemy_cavalry_on_the_table(db: Database) -> None:
    """The Pratzen trial: no counter-charge by French cavalry there is none of (5.8)."""
    path = next(p for p in shipped_scenarios() if p.stem == "austerlitz-pratzen")
    game = GameService(db, create_scenario_game(db, load(path)))
    while game.view().phase is not Phase.MOVEMENT:
        game.advance_phase()
    french, allied = game.view().sides
    assert not any(u.arm == "cavalry" for u in french.units)
    dragoons = next(u for u in allied.units if u.arm == "cavalry")
    target = next(u for u in french.units if u.arm == "infantry")
    check = open_check(game, "charge", unit_id=dragoons.id, target_id=target.id)
    notes = check.trial({}).notes
    assert "the combat is fought in the assault phase (7.0)" in notes
    assert not any("counter-charge" in n for n in notes)


def test_enemy_cavalry_on_the_table_may_counter_charge(waterloo: GameService) -> None:
    while waterloo.view().phase is not Phase.MOVEMENT:
        waterloo.advance_phase()
    first, second = waterloo.view().sides
    cav = next(u for u in first.units if u.arm == "cavalry")
    target = next(u for u in second.units if u.arm == "infantry")
    notes = open_check(waterloo, "charge", unit_id=cav.id, target_id=target.id).trial({}).notes
    assert any(n.startswith("enemy cavalry may counter-charge") for n in notes)
