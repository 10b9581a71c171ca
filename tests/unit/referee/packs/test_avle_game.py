"""AVlE games in the referee (issue 26): set up from the Quatre Bras lists, beside EotE games."""

from __future__ import annotations

import pathlib

import pytest

from eote_ref.referee.game import GameService
from eote_ref.referee.game_rules import OtherPackGame
from eote_ref.referee.pack_play import (
    NewPackGame,
    PackGameService,
    PackPlayError,
    new_pack_game,
    runs_with_play,
    shipped_pack_lists,
)
from eote_ref.store import Database
from tests.avle_games import ALLIED, FRENCH, LISTS, quatre_bras
from tests.games import game_state


def test_a_game_is_set_up_from_the_two_lists_beside_an_eote_game(
    db: Database, demo: GameService
) -> None:
    game = quatre_bras(db)
    state = game.state()
    assert state.ruleset == "avle-1.2"
    assert [s.name for s in state.sides] == ["French", "Allies"]
    assert state.sides[0].pack_state["flag"] == "french"
    assert state.sides[1].pack_state["flag"] == "english"
    french = [c for c in state.commands if c.side_id == state.sides[0].id]
    assert [c.name for c in french] == ["Left", "Centre", "Right"]
    # 13 French units: every one with its type's elements (AVlE 1.1: infantry 4).
    assert len(state.units_of(state.sides[0].id)) == 13
    foy = next(u for u in state.units if u.name == "Foy's division (Gauthier)")
    assert foy.markers == {"elements": 4, "start": 4, "arrives": 1, "flag": "french"}
    reille = next(g for g in state.leaders if g.name == "Reille")
    assert foy.attached_leader_id == reille.id
    assert reille.attached_unit_id == foy.id
    kellermann = next(g for g in state.leaders if g.name == "Kellermann")
    assert kellermann.markers == {"arrives": 3, "flag": "french"}
    assert game.turn_label() == "Turn 1, round 1 of 6 · Card played"
    assert [d.check for d in game.due()] == ["hand", "hand"]
    # EotE's own service refuses it in words: its rules are AVlE's, run by its play.
    with pytest.raises(OtherPackGame, match="Advanced Vive l'Empereur"):
        GameService(db, game.game_id)
    # The EotE game beside it is untouched and still opens as before; the pack service
    # refuses it in words (EotE's checks are the referee's own).
    assert GameService(db, demo.game_id).view().sides
    with pytest.raises(PackPlayError, match="pack eote has no play declared"):
        PackGameService(db, demo.game_id)


def test_a_hand_is_applied_and_undone_as_one_step(db: Database) -> None:
    game = quatre_bras(db)
    before = game_state(game)
    french = game.state().sides[0]
    check = game.open_check("hand", side_id=french.id)
    check.set("hand", ["left", "centre", "centre", "right", "right", "bombardment"])
    outcome = check.apply()
    assert outcome is not None
    assert outcome.result == "valid"
    assert game.state().sides[0].pack_state["hand"][-1] == "bombardment"
    game.undo()
    assert game_state(game) == before


def test_an_unlawful_hand_is_refused_and_nothing_written(db: Database) -> None:
    game = quatre_bras(db)
    before = game_state(game)
    check = game.open_check("hand", side_id=game.state().sides[0].id)
    check.set("hand", ["left", "left", "left", "centre", "right", "bombardment"])
    with pytest.raises(PackPlayError, match="more left than the deck"):
        check.apply()
    assert game_state(game) == before


# ----------------------------------------------------------------------------- a whole turn
def _ids(game: PackGameService) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    state = game.state()
    return (
        {s.name: s.id for s in state.sides},
        {u.name: u.id for u in state.units},
        {g.name: g.id for g in state.leaders},
    )


def _markers(game: PackGameService, unit_id: int) -> dict[str, object]:
    return dict(game.state().unit(unit_id).markers)


def _round(game: PackGameService, french: str, allied: str, **dice: list[str]) -> None:
    """Both sides play a card (5.1 step 1) and roll their command dice (step 2)."""
    sides, _, _ = _ids(game)
    check = game.open_check("round")
    check.set(f"card_{sides['French']}", french)
    check.set(f"card_{sides['Allies']}", allied)
    check.apply({f"{k}_dice": v for k, v in dice.items()})


def _order(game: PackGameService, unit_id: int, face: str) -> None:
    check = game.open_check("order", unit_id=unit_id)
    check.set("face", face)
    check.apply()


def _end_round(game: PackGameService) -> str:
    outcome = game.open_check("victory").apply()
    assert outcome is not None
    return outcome.result


FIVE_FLAGS = ["flag"] * 5


def test_a_whole_turn_of_six_rounds_with_undo_and_redo(db: Database, demo: GameService) -> None:
    eote_before = game_state(demo)
    game = quatre_bras(db)
    start = game_state(game)
    sides, units, generals = _ids(game)
    fr, al = sides["French"], sides["Allies"]

    # 4.1: each player picks 6 of his 10 cards (any 6 in turn 1).
    for side, hand in (
        (fr, ["left", "centre", "centre", "right", "right", "bombardment"]),
        (al, ["left", "centre", "centre", "right", "right", "coordinated_attack"]),
    ):
        check = game.open_check("hand", side_id=side)
        check.set("hand", hand)
        check.apply()
    assert [d.check for d in game.due()] == ["round"]
    # The players' display never shows a hand, only how many cards are in it (4.1).
    shown = game.players_state().side(fr).pack_state
    assert "hand" not in shown
    assert shown["hand_count"] == 6

    # Round 1 (5.1). French right, Allies centre: five command dice each (3.1). The side with
    # more units able to carry out its card gives the first order: 5 French units on the map
    # in the right sector (Husson, Campi, Hubert's lancers, the right batteries, the horse
    # battery) against 3 Allied in the centre (Bijlandt's line, two batteries): French.
    check = game.open_check("round")
    assert check.values[f"able_{fr}"] == 1  # the first card in hand is "left": Wathiez only
    check.set(f"card_{fr}", "right")
    check.set(f"card_{al}", "centre")
    assert check.values[f"able_{fr}"] == 5
    assert check.values[f"able_{al}"] == 3
    outcome = check.apply(
        {
            "French_dice": ["infantry", "infantry", "trooper", "cannon", "flag"],
            "Allies_dice": ["infantry", "general", "cannon", "flag", "flag"],
        }
    )
    assert outcome is not None
    assert outcome.details["first_order"] == "French"
    state = game.state()
    assert state.side(fr).pack_state["command_dice"] == {"infantry": 2, "trooper": 1, "cannon": 1,
                                                  "flag": 1}  # fmt: skip
    assert state.pack_state["to_order"] == fr
    assert state.side(al).pack_state["rolled"] == {"infantry": 1, "general": 1, "cannon": 1,
                                                   "flag": 2}  # fmt: skip
    assert game.turn_label() == "Turn 1, round 1 of 6 · Orders in alternation"
    assert [d.check for d in game.due()] == ["order", "pass", "victory"]

    # Orders alternate, one unit at a time (5.1 step 3).
    _order(game, units["Reille's divisional batteries (right)"], "cannon")
    with pytest.raises(PackPlayError, match="orders alternate: Allies give the next one"):
        _order(game, units["Bachelu's division (Husson)"], "infantry")
    _order(game, units["Perponcher's batteries"], "cannon")

    # Fire (9.0): medium artillery at 2 hexes has 9 on the Reference Sheet; no 9.2 modifier
    # applies to infantry out of square in the open, so 9. A d10 of 4 is at most 9: one hit.
    # The d6 of 5 on the 1-hit column (9.1) is 1 element lost and 1 hex of retreat.
    militia = units["Bijlandt's brigade (militia)"]
    fire = game.open_check("fire", unit_id=units["Reille's divisional batteries (right)"])
    fire.set("target_unit", militia)
    fire.set("hexes", 2)
    assert fire.trial({"roll": 4}).needed is not None  # the effect d6 is asked for next
    # What Apply will do, in words (the round's bookkeeping left out).
    assert fire.trial({"roll": 4, "effect_roll": 5}).changes == [
        "Bijlandt's brigade (militia): 4 → 3 element(s)",
        "Bijlandt's brigade (militia): retreated, may fire but not move this round (10.1 D)",
    ]
    outcome = fire.apply({"roll": 4, "effect_roll": 5})
    assert outcome is not None
    assert (outcome.modified, outcome.result) == (9, "L1R1")
    assert _markers(game, militia)["elements"] == 3

    # Fire with a General on the target: medium artillery at 3 hexes has 6. A d10 of 2: one
    # hit; a d6 of 3 is 1 lost, no retreat (9.1). Reille is with Foy's brigade: his unit lost
    # an element, so he rolls to be hit (9.4), which falls due.
    gauthier = units["Foy's division (Gauthier)"]
    fire = game.open_check("fire", unit_id=units["Perponcher's batteries"])
    fire.set("target_unit", gauthier)
    fire.set("hexes", 3)
    assert fire.values["target_general_attached"] is True
    outcome = fire.apply({"roll": 2, "effect_roll": 3})
    assert outcome is not None
    assert (outcome.modified, outcome.result) == (6, "L1R0")
    due = [d for d in game.due() if d.check == "general_hit"]
    assert [d.target for d in due] == [{"leader_id": generals["Reille"]}]
    with pytest.raises(PackPlayError, match="still due this round"):
        game.open_check("victory").apply()
    # 9.4: one loss kills on a d10 of 1. A 1: Reille is killed, a unit lost for victory
    # (9.4.3); his brigade no longer has him attached.
    hit = game.open_check("general_hit", leader_id=generals["Reille"])
    assert hit.values["losses"] == 1
    outcome = hit.apply({"roll": 1})
    assert outcome is not None
    assert outcome.result == "killed"
    state = game.state()
    assert state.leader(generals["Reille"]).markers["killed"] is True
    assert state.unit(gauthier).attached_leader_id is None
    assert state.side(fr).pack_state["generals_lost"] == 1

    # A shock with a reaction (9.3). Hubert's lancers are ordered (the trooper die) and
    # charge the militia from 3 hexes: 2 empty hexes, 2 white dice; an English flag among
    # them forms square. Then the shock (9.2): dragoons/lancers 12, cavalry on a square -10,
    # so 2; a d10 of 5 misses.
    lancers = units["Piré's lancers (Hubert)"]
    _order(game, lancers, "trooper")
    reaction = game.open_check("reaction", unit_id=militia)
    reaction.set("charger", lancers)
    reaction.set("empty_hexes", 2)
    outcome = reaction.apply({"reaction_dice": ["english", "french"]})
    assert outcome is not None
    assert outcome.result == "square"
    assert _markers(game, militia)["formation"] == "square"
    shock = game.open_check("shock", unit_id=lancers)
    shock.set("target_unit", militia)
    assert shock.values["target_formation"] == "square"
    outcome = shock.apply({"roll": 5})
    assert outcome is not None
    assert (outcome.modified, outcome.result) == (2, "miss")

    # 4.2 after the round: no side without units in a sector, nobody has lost 9 (14.0).
    assert _end_round(game) == "none"
    state = game.state()
    assert (state.turn, state.pack_state["round"]) == (1, 2)
    assert "ordered" not in state.unit(lancers).markers  # the round's markers are cleared
    assert state.side(fr).pack_state["last_card"] == "right"
    assert game.players_state().side(fr).pack_state["played"] == ["right"]  # cards played shown
    assert game.turn_label() == "Turn 1, round 2 of 6 · Card played"

    # Round 2: French centre (4 able: Foy's two brigades, two batteries), Allies left (the
    # militia alone): French first. Foy's Gauthier brigade, ordered with an infantry die,
    # rallies (12.0): 5 hexes from the enemy, 3 command dice for French infantry; one
    # infantry face is one element back (its General is dead: the General face counts not).
    _round(
        game, "centre", "left",
        French=["infantry", "flag", "general", "cannon", "trooper"],
        Allies=["infantry", "infantry", "flag", "cannon", "trooper"],
    )  # fmt: skip
    _order(game, gauthier, "infantry")
    rally = game.open_check("rally", unit_id=gauthier)
    rally.set("hexes_from_enemy", 5)
    assert rally.values["general_attached"] is False
    outcome = rally.apply({"command_dice": ["infantry", "general", "flag"]})
    assert outcome is not None
    assert outcome.result == "recovered_1"
    assert _markers(game, gauthier)["elements"] == 4
    _order(game, militia, "infantry")
    assert _end_round(game) == "none"

    # Round 3: French bombardment, an automatic card (3.2): no dice, and it gives the first
    # order (5.1). The Allies' coordinated attack rolls 6 dice (option default). The reserve
    # battery (heavy artillery, 10 at 2 hexes) doubled by the bombardment: 20. One automatic
    # hit above 10 and a d10 of 3 at most 10 adds one (9.0): 2 hits; a d6 of 6 on the 2-hit
    # column is 2 lost and 2 hexes back. The Prince of Orange's brigade lost 2: he is killed
    # on 1-2 (9.4); a 5 leaves him unhurt.
    _round(
        game, "bombardment", "coordinated_attack",
        Allies=["flag", "flag", "infantry", "infantry", "general", "cannon"],
    )  # fmt: skip
    assert game.state().pack_state["first_order"] == fr
    battery = units["II Corps reserve battery"]
    line = units["Bijlandt's brigade (line)"]
    _order(game, battery, "automatic")
    fire = game.open_check("fire", unit_id=battery)
    fire.set("target_unit", line)
    fire.set("hexes", 2)
    assert fire.values["bombardment"] is True
    outcome = fire.apply({"roll": 3, "effect_roll": 6})
    assert outcome is not None
    assert (outcome.modified, outcome.result) == (20, "L2R2")
    assert _markers(game, line)["elements"] == 2
    hit = game.open_check("general_hit", leader_id=generals["Prince of Orange"])
    assert hit.values["losses"] == 2
    outcome = hit.apply({"roll": 5})
    assert outcome is not None
    assert outcome.result == "unhurt"
    assert _end_round(game) == "none"

    # Rounds 4 to 6: the cards left in each hand, and no fighting.
    for french, allied in (("left", "right"), ("centre", "centre"), ("right", "right")):
        _round(game, french, allied, French=FIVE_FLAGS, Allies=FIVE_FLAGS)
        assert _end_round(game) == "none"

    # After the sixth round, turn 2 begins: new hands are due (4.1).
    state = game.state()
    assert (state.turn, state.pack_state["round"]) == (2, 1)
    assert "played" not in state.side(fr).pack_state
    assert [d.check for d in game.due()] == ["hand", "hand"]
    assert game.turn_label() == "Turn 2, round 1 of 6 · Card played"
    # 4.1: the 4 cards not played (the deck less the hand) and 2 of those played.
    check = game.open_check("hand", side_id=fr)
    assert sorted(check.values["hand"][:4]) == [
        "cavalry_grand_charge", "coordinated_attack", "infantry_manoeuvre", "left",
    ]  # fmt: skip
    check.set("hand", ["left", "coordinated_attack", "infantry_manoeuvre",
                       "cavalry_grand_charge", "bombardment", "centre"])  # fmt: skip
    check.apply()

    # Undo the whole turn, step by step, back to the set-up; redo it all.
    end = game_state(game)
    steps = game.undo_counts()[0]
    assert steps == 29  # 3 hands, 6 rounds, 6 victory checks, 6 orders, 8 checks
    game.undo(steps)
    assert game_state(game) == start
    game.redo(steps)
    assert game_state(game) == end
    # The EotE game in the same file was never touched.
    assert game_state(demo) == eote_before


def test_the_shipped_avle_lists_are_offered_for_a_new_game() -> None:
    lists = {p.path.name: p for p in shipped_pack_lists("avle")}
    assert sorted(lists) == [
        "hypothetical-allied.yaml", "hypothetical-french.yaml",
        "ligny-text-french.yaml", "ligny-text-prussian.yaml",
        "quatre-bras-1815-allied.yaml", "quatre-bras-1815-french.yaml",
        "quatre-bras-text-allied.yaml", "quatre-bras-text-french.yaml",
        "waterloo-text-allied.yaml", "waterloo-text-french.yaml", "waterloo-text-prussian.yaml",
    ]  # fmt: skip
    assert lists["quatre-bras-1815-french.yaml"].summary == "13 units, 3 Generals"


def test_a_list_of_another_pack_is_refused(db: Database) -> None:
    eote = LISTS.parent / "waterloo-1815-french.yaml"
    spec = NewPackGame("Mixed", "avle", {"French": [eote], "Allies": [ALLIED]})
    with pytest.raises(PackPlayError, match="is a list of pack eote, not avle"):
        new_pack_game(db, spec)


@pytest.mark.parametrize(
    ("name", "sides", "options", "scenario", "message"),
    [
        ("QB", {"French": [FRENCH]}, {}, None, "a game has two sides"),
        (" ", {"French": [FRENCH], "Allies": [ALLIED]}, {}, None, "give the game a name"),
        ("QB", {"French": [FRENCH], "Allies": []}, {}, None, "Allies needs at least one"),
        ("QB", {"French": [FRENCH], "Allies": [ALLIED]}, {"nope": 1}, None, "unknown option"),
        ("QB", {"French": [FRENCH], "Allies": [ALLIED]}, {"morale_rule": "yes"}, None,
         "is not one of false, true"),
        ("QB", {"French": [FRENCH], "Allies": [ALLIED]}, {}, "borodino", "unknown scenario"),
    ],
)  # fmt: skip
def test_a_game_that_cannot_be_set_up_is_refused_in_words(
    db: Database,
    name: str,
    sides: dict[str, list[pathlib.Path]],
    options: dict[str, object],
    scenario: str | None,
    message: str,
) -> None:
    spec = NewPackGame(name, "avle", sides, options, scenario)  # type: ignore[arg-type]
    with pytest.raises(PackPlayError, match=message):
        new_pack_game(db, spec)
    assert game_count(db) == 0


def game_count(db: Database) -> int:
    from eote_ref.store.game_queries import all_games

    return len(all_games(db))


def test_the_games_a_pack_runs_are_told_by_their_ruleset() -> None:
    assert runs_with_play("avle-1.2")
    assert not runs_with_play("eote-6.2")
    assert not runs_with_play("nonsense")
