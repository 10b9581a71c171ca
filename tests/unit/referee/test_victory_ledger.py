"""The victory ledger: objectives, commands broken or demoralised, losses, automatic victory."""

from __future__ import annotations

import pytest

from eote_ref.referee.game import GameService
from eote_ref.referee.scenario_play import DECISIVE, MARGINAL, ScenarioService, victory_in
from eote_ref.referee.scenario_setup import (
    create_scenario_game,
    load,
    search_folders,
    shipped_scenarios,
)
from eote_ref.referee.summary import battle_summary
from eote_ref.scenarios.loader import ScenarioError, load_scenario_text
from eote_ref.store import Database, SetField

DERLON = next(p for p in shipped_scenarios() if p.stem == "waterloo-derlon")


def _game(db: Database, text: str | None = None) -> GameService:
    if text is None:
        return GameService(db, create_scenario_game(db, load(DERLON)))
    loaded = load_scenario_text(text, "l.yaml", [DERLON.parent.parent])
    return GameService(db, create_scenario_game(db, loaded))


def _rout(game: GameService, side: int, count: int) -> None:
    units = [u for u in game.view().sides[side].units if not u.routed][:count]
    game.record(
        "marker", "rout", [SetField("game_unit", u.id, "markers.routed", True) for u in units]
    )


def test_an_enemy_army_demoralised_is_an_automatic_victory(db: Database) -> None:
    game = _game(db)
    _rout(game, 0, 12)  # French army morale 20 - 12 = 8: demoralised
    result = victory_in(db, game.game_id)
    assert result is not None
    victory, names = result
    assert (victory.level, victory.winner) == (DECISIVE, 1)
    assert victory.reasons[0] == "automatic victory for Anglo-Allied: French demoralised"
    game.undo(1)
    victory, _names = victory_in(db, game.game_id) or (None, None)
    assert victory is not None
    assert not victory.reasons[0].startswith("automatic")


def test_an_objective_held_from_its_turn_wins_for_the_side_holding_it(db: Database) -> None:
    game = _game(db)
    scenario = ScenarioService(game)
    scenario.set_held("The ridge and the sunken lane", 0)
    view = scenario.view()
    assert view is not None
    assert not view.victory.reasons[0].startswith("automatic")  # turn 1, not yet 6
    while game.view().turn < 6:
        game.advance_phase()
    view = scenario.view()
    assert view is not None
    assert (view.victory.level, view.victory.winner) == (DECISIVE, 0)
    assert view.victory.reasons[0] == (
        "automatic victory for French: holds The ridge and the sunken lane on turn 6"
    )


def test_the_loss_term_and_a_leader_killed_in_the_ledger_and_the_campaign_result(
    db: Database,
) -> None:
    text = DERLON.read_text("utf-8").replace(
        "  automatic:\n",
        "  loss_points: 1\n  automatic:\n    - {side: Anglo-Allied, leader_lost: Drouet d'Erlon}\n",
    )
    game = _game(db, text)
    _rout(game, 1, 2)  # two allied units lost: +2 to the French
    view = ScenarioService(game).view()
    assert view is not None
    # the allies hold 7 points of objectives; the French have 2 for the losses
    assert "2 Anglo-Allied unit(s) lost (+2 to French)" in view.victory.reasons
    assert view.victory.points == (2, 7)
    assert view.victory.level == DECISIVE  # 5 ahead, the margin is 4
    derlon = next(
        c.leader for c in game.view().sides[0].commanders if c.leader and "Erlon" in c.leader.name
    )
    game.record("leader", "killed", [SetField("game_leader", derlon.id, "killed", True)])
    summary = battle_summary(game)
    assert summary.victory is not None
    assert summary.victory.startswith("Decisive victory for Anglo-Allied")
    assert summary.victory_reasons[0] == (
        "automatic victory for Anglo-Allied: Drouet d'Erlon killed or captured"
    )
    # the campaign's battle is filled from the ledger
    from eote_ref.referee.campaign import CampaignService

    campaigns = CampaignService(db)
    battle = campaigns.battle_for_game(campaigns.create_campaign("1815"), game.game_id)
    assert (battle.victory, battle.winner) == (DECISIVE, 1)
    assert battle.notes is not None
    assert "Drouet d'Erlon killed or captured" in battle.notes


def test_a_decisive_ratio_reads_the_points_by_ratio(db: Database) -> None:
    text = DERLON.read_text("utf-8").replace(
        "  automatic:\n", "  decisive_ratio: 10\n  automatic:\n"
    )
    view = ScenarioService(_game(db, text)).view()
    assert view is not None
    assert view.victory.points == (0, 7)
    assert view.victory.level == DECISIVE  # 7 is at least 10 times 0
    text = text.replace("decisive_ratio: 10", "loss_points: 1\n  decisive_ratio: 10")
    game = _game(db, text)
    _rout(game, 1, 1)
    view = ScenarioService(game).view()
    assert view is not None
    assert (view.victory.points, view.victory.level) == ((1, 7), MARGINAL)


def test_an_automatic_victory_naming_nothing_is_refused_with_its_line() -> None:
    text = (
        DERLON.read_text("utf-8")
        .replace(
            "- {side: Anglo-Allied, demoralised: French}",
            "- {side: Anglo-Allied, leader_lost: Blücher}",
        )
        .replace("turn: 6}", "turn: 6, demoralised: Anglo-Allied}")
    )
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(text, "a.yaml", search_folders())
    found = [str(p).split(" error: ")[1] for p in caught.value.problems]
    assert found == [
        "end.automatic[0].leader_lost: no leader 'Blücher' in the enemy's lists",
        "end.automatic[1]: name one condition: 'leader_lost' (a leader), 'objective' (held "
        "from 'turn'), or 'demoralised' (an enemy side or command)",
    ]


def test_levels_by_the_ratio_of_losses(db: Database) -> None:
    text = DERLON.read_text("utf-8").replace(
        "  automatic:\n", "  loss_ratio: {marginal: 1.5, decisive: 3}\n  automatic:\n"
    )
    game = _game(db, text)
    _rout(game, 0, 2)
    _rout(game, 1, 3)  # the allies lost 3 to the French 2: 1.5 times, a marginal French win
    view = ScenarioService(game).view()
    assert view is not None
    assert (view.victory.level, view.victory.winner) == (MARGINAL, 0)
    assert view.victory.reasons[0] == (
        "Anglo-Allied lost 3 unit(s) to French's 2: a marginal victory by the ratio of losses"
    )
    _rout(game, 1, 3)  # 6 to 2: three times
    view = ScenarioService(game).view()
    assert view is not None
    assert (view.victory.level, view.victory.winner) == (DECISIVE, 0)
    bad = text.replace("decisive: 3}", "decisive: 1.2}")
    with pytest.raises(ScenarioError, match="can never be reached first"):
        load_scenario_text(bad, "r.yaml", search_folders())
