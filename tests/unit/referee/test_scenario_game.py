"""A game made from a scenario: its units only, its commander, reinforcements, victory level."""

from __future__ import annotations

import pytest

from eote_ref.packs.eote.checks.initiative import side_factors
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.scenario_play import DECISIVE, DRAW, MARGINAL, ScenarioService
from eote_ref.referee.scenario_setup import create_scenario_game, load, shipped_scenarios
from eote_ref.scenarios.loader import load_scenario_text
from eote_ref.store import Database, SetField

SCENARIOS = {p.stem: p for p in shipped_scenarios()}


def _game(db: Database, stem: str) -> GameService:
    return GameService(db, create_scenario_game(db, load(SCENARIOS[stem])))


def _to_turn(game: GameService, turn: int) -> None:
    while game.view().turn < turn:
        game.advance_phase()


def test_a_hougoumont_game_holds_only_the_units_in_play(db: Database) -> None:
    game = _game(db, "waterloo-hougoumont")
    view = game.view()
    french, allied = view.sides
    assert [d.name for d in french.divisions] == [
        "6th Infantry Division",
        "9th Infantry Division",
        "II Corps Artillery Reserve",
    ]
    assert len(french.units) == 12 + 12 + 1
    assert [c.name for c in french.commanders] == ["II Corps"]  # Reille, above them
    assert [d.name for d in allied.divisions] == ["1st British Division"]
    # Wellington, the scenario's commander, and the Prince of Orange between him and Cooke
    assert [c.name for c in allied.commanders] == ["Anglo-allied Army", "I Corps"]
    names = {u.name for s in view.sides for u in s.units}
    assert "1/54e Ligne" not in names  # I Corps is not on the table
    # the scenario's column for the French infantry, the lists' default for the rest
    assert {u.formation for u in french.units if u.arm == "infantry"} == {"column"}


def test_initiative_reads_only_the_units_and_commanders_on_the_table(db: Database) -> None:
    game = _game(db, "waterloo-hougoumont")
    french, allied = game.view().sides
    f, a = side_factors(french, None), side_factors(allied, None)
    assert f.cavalry_regiments == 0  # no cavalry of the Armée du Nord is in play
    assert a.cavalry_regiments == 0
    reille = french.commanders[0].leader
    assert reille is not None
    assert reille.name == "Reille"
    assert f.highest_commander_rating == reille.rating == 2  # not Napoléon's 4
    wellington = allied.commanders[0].leader
    assert wellington is not None
    assert a.highest_commander_rating == wellington.rating == 4  # the scenario's commander


def test_without_a_commander_the_highest_leader_present_counts(db: Database) -> None:
    """Scenario format: no ``commander`` and no corps in play: the highest leader present."""
    text = SCENARIOS["waterloo-hougoumont"].read_text(encoding="utf-8")
    text = text.replace("    commander: Anglo-allied Army\n", "")
    loaded = load_scenario_text(text, search=[SCENARIOS["waterloo-hougoumont"].parent.parent])
    game = GameService(db, create_scenario_game(db, loaded))
    allied = game.view().sides[1]
    assert allied.commanders == ()
    cooke = next(d for d in allied.divisions).leader
    assert cooke is not None
    assert side_factors(allied, None).highest_commander_rating == cooke.rating


def test_command_checks_see_the_commander_above_the_divisions(db: Database) -> None:
    from eote_ref.packs.eote.checks import open_check
    from eote_ref.packs.eote.checks.command import superiors

    game = _game(db, "waterloo-hougoumont")
    div = game.view().sides[0].divisions[0]
    check = open_check(game, "command_radius", division_id=div.id, unit_id=div.units[0].id)
    assert [lead.name for lead in superiors(check, div.id)] == ["Reille"]


def test_reinforcements_arrive_on_their_turn_as_one_undoable_step(db: Database) -> None:
    game = _game(db, "waterloo-derlon")
    scenario = ScenarioService(game)
    cavalry = scenario.view().reinforcements[0]
    assert cavalry.when() == "turn 3"
    assert scenario.view().due() == []
    with pytest.raises(RefereeError, match="turn 3"):
        scenario.bring_on(cavalry.key)
    _to_turn(game, 3)
    assert [r.key for r in scenario.view().due()] == [cavalry.key]
    before = len(game.view().sides[1].units)
    scenario.bring_on(cavalry.key)
    allied = game.view().sides[1]
    assert len(allied.units) == before + 7  # the Household (4) and Union (3) brigades
    assert "1st (Household) Brigade" in [d.name for d in allied.divisions]
    assert scenario.view().due() == []
    game.undo(1)
    assert len(game.view().sides[1].units) == before
    assert [r.key for r in scenario.view().due()] == [cavalry.key]


def test_a_reinforcement_on_a_die_is_rolled_for_once_a_turn(db: Database) -> None:
    game = _game(db, "waterloo-hougoumont")
    scenario = ScenarioService(game)
    clinton = scenario.view().reinforcements[0]
    _to_turn(game, 3)
    with pytest.raises(RefereeError, match="roll a d10"):
        scenario.bring_on(clinton.key)
    scenario.bring_on(clinton.key, roll=5)  # 6+ needed
    assert scenario.view().due() == []
    with pytest.raises(RefereeError, match="already"):
        scenario.bring_on(clinton.key, roll=9)
    _to_turn(game, 4)
    before = len(game.view().sides[1].units)
    scenario.bring_on(clinton.key, roll=6)
    assert len(game.view().sides[1].units) == before + 14


def test_end_of_battle_gives_the_victory_level_from_the_state(db: Database) -> None:
    game = _game(db, "waterloo-hougoumont")
    scenario = ScenarioService(game)
    v = scenario.view()
    assert (v.victory.level, v.victory.winner, v.victory.points) == (DECISIVE, 1, (0, 6))
    scenario.set_held("Hougoumont château and farm", 0)
    v = scenario.view()
    assert (v.victory.level, v.victory.winner, v.victory.points) == (MARGINAL, 0, (4, 2))
    scenario.set_held("The orchard", 0)
    scenario.set_held("The wood", None)
    assert scenario.view().victory.points == (5, 0)
    # the Guards routed: the Anglo-Allied side is at its breakpoint (half its units lost)
    allied = game.view().sides[1].units
    game.record(
        "marker", "rout", [SetField("game_unit", u.id, "markers.routed", True) for u in allied[:3]]
    )
    v = scenario.view()
    assert v.breakpoints[1].broken
    assert (v.victory.level, v.victory.winner) == (DECISIVE, 0)
    game.undo(4)
    assert scenario.view().victory.level == DECISIVE
    assert scenario.view().victory.winner == 1


def test_a_draw_when_the_points_are_level(db: Database) -> None:
    game = _game(db, "austerlitz-pratzen")
    scenario = ScenarioService(game)
    scenario.set_held("The Pratzen heights", None)
    scenario.set_held("Pratze village", None)
    assert scenario.view().victory.level == DRAW


def test_end_battle_summary_and_campaign_result_come_from_the_scenario(db: Database) -> None:
    from eote_ref.referee.campaign import CampaignService
    from eote_ref.referee.summary import battle_summary

    game = _game(db, "salamanca-arapiles")
    ScenarioService(game).set_held("The allied centre", 0)
    summary = battle_summary(game)
    assert summary.victory == "Marginal victory for French (5 points to 3)"
    assert "French holds The Greater Arapile (+3)" in summary.victory_reasons
    assert summary.to_json()["victory"] == summary.victory
    campaigns = CampaignService(db)
    cid = campaigns.create_campaign("Peninsula")
    battle = campaigns.battle_for_game(cid, game.game_id)
    assert (battle.victory, battle.winner) == (MARGINAL, 0)
    assert battle.notes is not None
    assert battle.notes.startswith("Marginal victory for French")


def test_the_turn_guide_lists_reinforcements_and_the_turn_limit(db: Database) -> None:
    from eote_ref.referee.todo import checks_due, owed

    game = _game(db, "salamanca-arapiles")  # Clausel on turn 3, Clinton from turn 4 on 5+
    _to_turn(game, 3)
    due = [c for c in checks_due(game.view(), game) if c.procedure == "reinforcement"]
    assert [c.title for c in due] == [
        "Reinforcements: 2nd Division (arrive, entering the French edge south of the "
        "Greater Arapile)"
    ]
    assert due[0].side == 0
    assert due[0] in owed(checks_due(game.view(), game))
    ScenarioService(game).bring_on(str(due[0].key))
    _to_turn(game, 4)
    due = [c for c in checks_due(game.view(), game) if c.procedure == "reinforcement"]
    assert [c.title for c in due] == [
        "Reinforcements: 6th Division (roll a d10, 5+ arrives, entering the allied edge "
        "behind the Lesser Arapile)"
    ]
    _to_turn(game, 10)  # the scenario has 9 turns
    notes = [c for c in checks_due(game.view(), game) if c.procedure == "scenario_end"]
    assert len(notes) == 1
    assert not notes[0].due
    assert "9 turns are over" in notes[0].title


def test_the_journal_words_a_reinforcement_by_what_arrived(db: Database) -> None:
    # "2nd Division arrive" read wrong for a single command: the verb comes first.
    arapiles = _game(db, "salamanca-arapiles")
    _to_turn(arapiles, 3)
    event = ScenarioService(arapiles).bring_on("r1")
    assert event.summary == (
        "Reinforcements arrive: 2nd Division, entering the French edge south of the Greater Arapile"
    )
    game = _game(db, "waterloo-derlon")
    _to_turn(game, 3)
    event = ScenarioService(game).bring_on("r1")
    assert event.summary == (
        "Reinforcements arrive: 1st (Household) Brigade, 2nd (Union) Brigade, entering behind "
        "the ridge, either side of the main road"
    )
    state = SetField("game", game.game_id, "scenario_state", {})
    assert game.describe_change(state) == ""


def test_an_objective_lost_this_turn_is_put_to_the_integrity_check(db: Database) -> None:
    """Umpire's trial: the integrity wizard's "lost its objective" ignored the scenario (9.0).

    A scenario's objectives belong to a side, not a division: the check names the objective
    the division's side lost this turn and leaves the answer to the umpire.
    """
    from eote_ref.packs.eote.checks import open_check

    game = _game(db, "waterloo-hougoumont")
    allied, french = game.view().sides[1].divisions[0], game.view().sides[0].divisions[0]

    def asked(division_id: int) -> tuple[bool, str]:
        check = open_check(game, "integrity", division_id=division_id)
        fact = next(f for f in check.facts() if f.key == "objective_lost")
        return bool(check.values["objective_lost"]), fact.help

    assert "Hougoumont" not in asked(allied.id)[1]
    ScenarioService(game).set_held("Hougoumont château and farm", 0)
    ticked, help_text = asked(allied.id)
    assert "Hougoumont château and farm" in help_text
    assert "which division" in help_text
    assert not ticked  # which division held it is the umpire's to say
    assert "Hougoumont" not in asked(french.id)[1]  # the French took it: none lost
    _to_turn(game, game.view().turn + 1)
    assert "Hougoumont" not in asked(allied.id)[1]  # lost last turn, not this one


@pytest.mark.parametrize("stem", sorted(SCENARIOS))
def test_every_shipped_scenario_has_a_leader_to_issue_orders_on_each_side(
    db: Database, stem: str
) -> None:
    """EotE 3.1, 3.3, 9.0: orders and reserves need an army, wing or corps leader above.

    Every division on the table at the start has one to issue it an order, so *Issue an
    order* and *Activate a reserve* work and a division that failed integrity can be ordered
    again; the file validates without a warning.
    """
    from eote_ref.packs.eote.checks import open_check

    assert load(SCENARIOS[stem]).warnings == ()
    game = _game(db, stem)
    for side in game.view().sides:
        for div in side.divisions:
            check = open_check(game, "order", division_id=div.id)
            issuers = next(q for q in check.facts() if q.key == "issuer")
            assert issuers.choices, f"{side.name}: nobody can order {div.name}"
            assert check.values["issuer"] is not None


def test_davout_arrives_at_telnitz_with_his_corps_and_orders_it(db: Database) -> None:
    """Telnitz: Soult's IV Corps stands above Legrand; III Corps comes on in turn 2 with Davout.

    Friant's division and Bourcier's dragoons arrive under their own corps commander, so they
    can be ordered (EotE 3.1); Davout counts among the commanders present (4.0).
    """
    from eote_ref.packs.eote.checks import open_check
    from eote_ref.packs.eote.checks.command import superiors

    game = _game(db, "austerlitz-telnitz")
    french = game.view().sides[0]
    assert [c.leader.name for c in french.commanders if c.leader] == ["Soult"]
    scenario = ScenarioService(game)
    davout = next(r for r in scenario.view().reinforcements if r.side == 0)
    _to_turn(game, 2)
    scenario.bring_on(davout.key)
    french = game.view().sides[0]
    assert {c.leader.name for c in french.commanders if c.leader} == {"Soult", "Davout"}
    friant = next(d for d in french.divisions if d.leader and d.leader.name == "Friant")
    check = open_check(game, "order", division_id=friant.id)
    assert [lead.name for lead in superiors(check, friant.id)] == ["Davout"]
