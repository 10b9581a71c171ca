"""Three complete turns of a small Waterloo action through all seven phases (EotE 2.0).

Every step goes through a registered check (``open_check(...).apply(rolls)``) or the phase
step, as the umpire would. The action, side 0 Anglo-Allied against side 1 French:

* turn 1: the French win the initiative; a French foot battery hits 2/1st Foot Guards (G0);
  a French line battalion assaults 3/1st Foot Guards (G1), who are disordered; Cooke rolls 3
  (-> cannot rally next turn), the French brigadier is unhurt; no integrity check is due;
* turn 2: two batteries put G0 on 3 hits; its morale check (CE 8 - 3 = 5, rolled 7) routs it
  (4 hits); the 7e Hussards charge 2/Coldstream (indecisive); Cooke rolls 1 and is killed;
  the division owes two integrity checks (an infantry rout, and the commander's death, 8.0):
  base 9 (average CE 8) -3 routed -3 routed this turn -3 no leader = 0: both fail and fall
  back (second rolls 8 and 9); the Hussards are blown;
* turn 3: G0 leaves the table; the division stops falling back (18" clear); the blown
  Hussards charge 2/3rd Foot Guards and so disintegrate at the end of the turn; G0 rallies
  (CE 8 - 4 hits - 1 routed by morale = 3: no commander, no rating, until Cooke's replacement
  arrives, 8.0; rolled 1) and gets half of its 4 hits back; the turn change brings Cooke's
  replacement in, rated -1 (turn 4).
"""

from __future__ import annotations

from collections.abc import Mapping

from eote_ref.packs.eote.checks import open_check
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.summary import battle_summary
from eote_ref.referee.todo import checks_due
from eote_ref.store import GameUnit
from tests.games import unit


def resolve(game: GameService, key: str, rolls: Mapping[str, int], **target: object) -> str:
    """Apply check ``key`` with ``rolls``; the result code."""
    check = open_check(game, key, **target)
    trial = check.trial(rolls)
    assert trial.outcome is not None, (key, trial.needed, trial.error)
    return check.apply(rolls).result


def step(game: GameService, phase: Phase) -> None:
    """Next phase, and check it is ``phase``."""
    game.advance_phase()
    assert game.view().phase is phase


def due(game: GameService) -> list[tuple[str, int | None, int | None]]:
    return [(c.procedure, c.unit_id, c.division_id) for c in checks_due(game.view(), game)]


def initiative(game: GameService) -> None:
    # Anglo-Allied 1 + 4 (Wellington) against French 10 + 4 (Napoleon) - 1 (fewer cavalry)
    assert resolve(game, "initiative", {"Anglo-Allied.roll": 1, "French.roll": 10}) == "French"
    assert game.view().initiative == 1


def test_three_turns_of_a_small_battle(waterloo: GameService) -> None:
    game = waterloo
    view = game.view()
    guards = view.sides[0].divisions[0]
    assert guards.leader is not None
    assert guards.leader.name == "Cooke"
    g = [u.id for u in guards.units]  # four Guards battalions (CE 8) and two batteries
    french = view.sides[1]
    batteries = [u.id for u in french.units if u.arm == "artillery"][:2]
    line = next(u for u in french.units if u.arm == "infantry")
    hussars = next(u for u in french.units if u.arm == "cavalry")
    line_div = next(d for d in french.divisions if any(u.id == line.id for u in d.units))
    hussar_div = next(d for d in french.divisions if any(u.id == hussars.id for u in d.units))

    # ------------------------------------------------------------------ turn 1
    assert (view.turn, view.phase) == (1, Phase.COMMAND)
    step(game, Phase.INITIATIVE)
    initiative(game)
    step(game, Phase.MOVEMENT)
    step(game, Phase.FIRE)
    assert resolve(game, "artillery_fire", {"roll": 3}, firers=[batteries[0]], target_id=g[0])
    assert unit(game, g[0]).hits == 1
    step(game, Phase.ASSAULT)
    resolve(game, "assault", {"roll": 9}, attackers=[line.id], defenders=[g[1]])
    assert unit(game, g[1]).disordered
    step(game, Phase.LEADER_CASUALTY)
    assert due(game) == [
        ("leader_casualty", None, guards.id),
        ("leader_casualty", None, line_div.id),
    ]
    assert resolve(game, "leader_casualty", {"roll": 3}, division_id=guards.id) == "no_rally"
    assert resolve(game, "leader_casualty", {"roll": 9}, division_id=line_div.id) == "no_effect"
    assert due(game) == []
    step(game, Phase.INTEGRITY)
    assert due(game) == []

    # ------------------------------------------------------------------ turn 2
    step(game, Phase.COMMAND)
    assert game.view().turn == 2
    step(game, Phase.INITIATIVE)
    initiative(game)
    step(game, Phase.MOVEMENT)
    step(game, Phase.FIRE)
    resolve(game, "artillery_fire", {"roll": 3}, firers=[batteries[0]], target_id=g[0])
    resolve(game, "artillery_fire", {"roll": 4}, firers=[batteries[1]], target_id=g[0])
    assert unit(game, g[0]).hits == 3
    assert ("morale", g[0], None) in due(game)
    assert resolve(game, "morale", {"roll": 7}, unit_id=g[0]) == "rout"
    step(game, Phase.ASSAULT)
    resolve(game, "assault", {"roll": 6}, attackers=[hussars.id], defenders=[g[2]])
    assert unit(game, hussars.id).fought_this_turn
    step(game, Phase.LEADER_CASUALTY)
    # The Guards (fired on, assaulted), both firing batteries' divisions (EotE 8.0: units in
    # tactical combat, firers included) and the hussars'.
    battery_divs = [
        next(d.id for d in french.divisions if any(u.id == b for u in d.units)) for b in batteries
    ]
    assert sorted(d for _p, _u, d in due(game)) == sorted({guards.id, *battery_divs, hussar_div.id})
    assert resolve(game, "leader_casualty", {"roll": 1}, division_id=guards.id) == "killed"
    assert resolve(game, "leader_casualty", {"roll": 10}, division_id=hussar_div.id) == "no_effect"
    step(game, Phase.INTEGRITY)
    assert due(game) == [
        ("integrity", None, guards.id),
        ("integrity", None, guards.id),
        ("rally", None, guards.id),
        ("cavalry_end_of_turn", hussars.id, None),
    ]
    integrity = open_check(game, "integrity", division_id=guards.id)
    assert integrity.preview().modified == 0
    assert integrity.apply({"roll": 2, "second_roll": 8}).result == "fall_back"
    assert resolve(game, "integrity", {"roll": 1, "second_roll": 9}, division_id=guards.id) == (
        "fall_back"
    )
    assert resolve(game, "cavalry_end_of_turn_all", {}) == "1 blown, 0 disintegrated"
    assert due(game) == [
        ("falling_back_ended", None, guards.id),
        ("rally", None, guards.id),
    ]

    # ------------------------------------------------------------------ turn 3
    step(game, Phase.COMMAND)
    assert game.view().turn == 3
    assert ("remove_routed", g[0], None) in due(game)
    resolve(game, "remove_routed", {}, unit_id=g[0])
    assert unit(game, g[0]).off_table
    step(game, Phase.INITIATIVE)
    initiative(game)
    step(game, Phase.MOVEMENT)
    assert resolve(game, "falling_back_ended", {}, division_id=guards.id) == "falling_back_ended"
    step(game, Phase.FIRE)
    step(game, Phase.ASSAULT)
    resolve(game, "assault", {"roll": 6}, attackers=[hussars.id], defenders=[g[3]])
    step(game, Phase.LEADER_CASUALTY)
    assert due(game) == [("leader_casualty", None, hussar_div.id)]
    assert resolve(game, "leader_casualty", {"roll": 5}, division_id=hussar_div.id) == "no_effect"
    step(game, Phase.INTEGRITY)
    assert due(game) == [("rally", None, guards.id), ("cavalry_end_of_turn", hussars.id, None)]
    rally = open_check(game, "rally", division_id=guards.id)
    rally.set("out_of_tcr", True)
    assert rally.values["leader_rating"] == 0  # the replacement's -1 counts from turn 4 (8.0)
    assert rally.preview().modified == 3
    assert rally.apply({"roll": 1}).result == "rallied"
    assert resolve(game, "cavalry_end_of_turn_all", {}) == "0 blown, 1 disintegrated"
    assert due(game) == []

    # ------------------------------------------------------------------ turn 4 begins
    step(game, Phase.COMMAND)
    end = game.view()
    assert end.turn == 4
    d = end.sides[0].divisions[0]
    assert d.leader is not None
    assert (d.leader.replacement, d.leader.rating, d.leader.killed) == (True, -1, False)
    assert (d.falling_back, d.routed, d.current_order) == (False, False, "DEFEND")
    g0 = unit(game, g[0])
    assert (g0.routed, g0.off_table, g0.hits) == (False, False, 2)
    assert all(unit(game, uid).disordered for uid in g[1:])
    h = unit(game, hussars.id)
    assert (h.blown, h.off_table) == (2, True)
    with game.db.session() as s:
        row = s.get(GameUnit, hussars.id)
        assert row is not None
        assert row.disintegrated
        assert not row.fought_this_turn
        g0_row = s.get(GameUnit, g[0])
        assert g0_row is not None
        assert g0_row.rallied_once
    kinds = [e.kind for e in game.journal(newest_first=False) if e.status == "done"]
    assert kinds.count("leader_casualty") == 5
    assert kinds.count("integrity") == 3  # two checks and the end of the fall back
    summary = battle_summary(game)
    allies, frenchmen = summary.sides
    # G0 routed, took 4 hits and rallied 2 of them off: what happened counts (issue 30)
    assert (allies.leaders_killed, allies.hits_taken, allies.units_routed) == (1, 4, 1)
    assert allies.hits_rallied == 2
    assert (frenchmen.units_disintegrated, frenchmen.units_removed) == (1, 1)
    assert summary.turns_played == 4
