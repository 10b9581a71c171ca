"""Units brought on by the dice: Prussians at Waterloo (AVlE 13.1), hypothetical battles (14.0).

A hypothetical battle's deployment and reinforcements; each case worked by hand in comments.
"""

from __future__ import annotations

import pathlib
import tempfile
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eote_ref.packs.registry import get_pack
from eote_ref.referee.pack_play import (
    NewPackGame,
    PackCheck,
    PackGameService,
    PackPlayError,
    new_pack_game,
)
from eote_ref.store import Database
from eote_ref.store.changes import SetField
from tests.avle_games import ALLIED, FRENCH, hands, no_battle
from tests.budget import budget
from tests.games import game_state

#: A small Prussian corps of our own (not 13.1's): a General, 2 infantry, cavalry, a battery.
PRUSSIANS = """\
format: 1
ruleset: avle-1.2
name: Test Prussian corps
nation: prussian
year: 1815
flag: prussian
generals:
  - {name: Bülow, sector: left}
units:
  - {name: Prussian brigade A, type: regular_infantry, sector: left}
  - {name: Prussian brigade B, type: regular_infantry, sector: left}
  - {name: Prussian hussars, type: light_cavalry, sector: left}
  - {name: Prussian foot battery, type: medium_artillery, sector: left}
"""


#: Where the copies drawn for no battle go when a test gives no folder of its own.
_COPIES = tempfile.TemporaryDirectory()


def _game(
    db: Database, scenario: str, tmp: pathlib.Path | None = None, **opts: Any
) -> PackGameService:
    folder = tmp or pathlib.Path(_COPIES.name)
    allies: list[pathlib.Path] = [no_battle(ALLIED, folder)]
    if tmp is not None:
        prussians = tmp / "prussians.yaml"
        prussians.write_text(PRUSSIANS, encoding="utf-8")
        allies.append(prussians)
    sides = {"French": [no_battle(FRENCH, folder)], "Allies": allies}
    spec = NewPackGame("Test", "avle", sides, opts, scenario)
    return PackGameService(db, new_pack_game(db, spec))


def _to_turn(game: PackGameService, turn: int) -> None:
    game.record("mark", "set up the test", [SetField("game", game.game_id, "turn", turn)])


def _unit(game: PackGameService, name: str) -> Any:
    return next(u for u in game.state().units if u.name == name)


def _declared_markers_only(game: PackGameService) -> None:
    """Every marker the arrivals wrote is a declared one, with a value it may take."""
    pack = get_pack("avle")
    units = {m.name: m for m in pack.unit_markers}
    leaders = {m.name: m for m in pack.leader_markers}
    state = game.state()
    for u in state.units:
        assert all(units[k].check(v, u.type) is None for k, v in u.markers.items()), u.markers
    for g in state.leaders:
        assert all(leaders[k].check(v) is None for k, v in g.markers.items()), g.markers


# ----------------------------------------------------------------------------- Waterloo (13.1)
def test_a_prussian_arrives_on_the_flag_die_from_turn_4_and_is_undone(
    db: Database, tmp_path: pathlib.Path
) -> None:
    game = _game(db, "waterloo", tmp_path)
    state = game.state()
    allies = state.sides[1]
    # Set-up: every Prussian unit and the Prussian General held back, off the map (13.1);
    # Waterloo's counts (13.1): the French win at 15 units, the Allies at 14.
    brigade = _unit(game, "Prussian brigade A")
    assert brigade.markers["held"] == "prussian"
    assert next(g for g in state.leaders if g.name == "Bülow").markers["held"] == "prussian"
    assert [s.pack_state["wins_at"] for s in state.sides] == [15, 14]
    # Before turn 4 nothing is rolled: the turn starts with the hands, as any game.
    assert [d.check for d in game.due()] == ["hand", "hand"]
    with pytest.raises(PackPlayError, match="the Prussians roll from turn 4"):
        game.open_check("prussian_arrival", side_id=allies.id).apply({"flag_die": "prussian"})
    _to_turn(game, 4)
    assert [(d.check, d.target) for d in game.due()] == [
        ("prussian_arrival", {"side_id": allies.id})
    ]
    # The hand waits for the roll (13.1: before a card).
    with pytest.raises(PackPlayError, match="roll the arrivals first"):
        game.open_check("hand", side_id=allies.id).apply()
    before = game_state(game)
    check = game.open_check("prussian_arrival", side_id=allies.id)
    # By hand: the white die shows the Prussian flag on 2 faces of 6 (1/3); then the black
    # die picks the arm: infantry 2 faces of 6, trooper, cannon, General and flag (choice) 1
    # each. Infantry 1/3 x 2/6 = 1/9; each other 1/3 x 1/6 = 1/18; nothing 2/3.
    preview = check.preview()
    assert preview is not None
    assert preview.probabilities == {
        "none": Fraction(2, 3),
        "infantry": Fraction(1, 9),
        "cavalry": Fraction(1, 18),
        "artillery": Fraction(1, 18),
        "general": Fraction(1, 18),
        "choice": Fraction(1, 18),
    }
    # A Prussian flag, an infantry die, and the entry d6 5: the hex V11 (13.1's table, 5).
    outcome = check.apply({"flag_die": "prussian", "type_die": "infantry", "entry_roll": 5})
    assert outcome is not None
    assert outcome.result == "infantry"
    brigade = _unit(game, "Prussian brigade A")  # the first held infantry, as pre-filled
    assert "held" not in brigade.markers
    assert brigade.markers["arrives"] == 4
    assert brigade.markers["entered"] == "V11"
    assert "held" in _unit(game, "Prussian brigade B").markers  # still to come
    assert game.state().sides[1].pack_state["arrival_roll"] == [4, 1]
    assert "Prussian brigade A arrives at V11" in check.last_summary
    _declared_markers_only(game)
    # Rolled once a round: now the hands are due, and a second roll is refused in words.
    assert [d.check for d in game.due()] == ["hand", "hand"]
    with pytest.raises(PackPlayError, match="has rolled for arrivals this round"):
        game.open_check("prussian_arrival", side_id=allies.id).apply({"flag_die": "french"})
    game.undo()
    assert game_state(game) == before


def test_from_turn_5_two_prussians_of_the_players_choice_come_as_well(
    db: Database, tmp_path: pathlib.Path
) -> None:
    game = _game(db, "waterloo", tmp_path)
    _to_turn(game, 5)
    state = game.state()
    allies = state.sides[1]
    battery = _unit(game, "Prussian foot battery")
    bulow = next(g for g in state.leaders if g.name == "Bülow")
    check = game.open_check("prussian_arrival", side_id=allies.id)
    # 13.1: from turn 5 two units of the player's choice each round; the flag die is still
    # rolled (option prussian_flag_roll_after_turn_4 = continues). The General counts as a
    # unit. With the battery and Bülow chosen, the die (a French flag) brings no one more;
    # each chosen one's entry d6: 3 gives V5, 6 gives T13 (13.1's table).
    check.set("chosen", [f"unit:{battery.id}", f"leader:{bulow.id}"])
    trial = check.trial({})
    assert trial.needed is not None
    assert (trial.needed.name, trial.needed.count) == ("chosen_entry_rolls", 2)
    outcome = check.apply({"chosen_entry_rolls": [3, 6], "flag_die": "french"})
    assert outcome is not None
    assert outcome.result == "none"
    assert _unit(game, "Prussian foot battery").markers["entered"] == "V5"
    assert "Bülow arrives by choice at T13" in check.last_summary
    _declared_markers_only(game)
    after = game.state()
    bulow_now = next(g for g in after.leaders if g.name == "Bülow")
    assert "held" not in bulow_now.markers
    assert bulow_now.markers["arrives"] == 5
    assert "held" in _unit(game, "Prussian hussars").markers
    # Two of the wrong count are refused in words, nothing written.
    game.undo()
    again = game.open_check("prussian_arrival", side_id=allies.id)
    again.set("chosen", [f"unit:{battery.id}"])
    with pytest.raises(PackPlayError, match="choose 2 Prussian unit"):
        again.apply({"chosen_entry_rolls": [1], "flag_die": "french"})


def test_no_prussian_roll_outside_the_waterloo_scenario(db: Database) -> None:
    game = _game(db, "quatre_bras")
    _to_turn(game, 4)
    assert "prussian_arrival" not in [d.check for d in game.due()]
    with pytest.raises(PackPlayError, match="Waterloo scenario"):
        game.open_check("prussian_arrival", side_id=game.state().sides[1].id).apply(
            {"flag_die": "prussian"}
        )


# ----------------------------------------------------------------------------- 14.0
def _deployed(game: PackGameService, held: list[str]) -> PackCheck:
    state = game.state()
    french, allies = state.sides
    check = game.open_check("deployment")
    check.set(f"held_{french.id}", [_unit(game, n).id for n in held])
    check.set(f"held_{allies.id}", [])
    # Exploration d6: French 5, Allies 2. Difference 3: the loser places 4 units at a time,
    # the winner 2 (14.0); the higher roll wins (option exploration_winner = higher), so the
    # French win and the Allies place first (option deployment_first = loser); the winner
    # gives the first order each round (option hypothetical_first_order).
    check.apply({"French_exploration": 5, "Allies_exploration": 2})
    return check


def test_a_hypothetical_battle_deploys_first_and_holds_units_back(db: Database) -> None:
    game = _game(db, "hypothetical")
    assert [d.check for d in game.due()] == ["deployment"]
    french = game.state().sides[0]
    with pytest.raises(PackPlayError, match="deploy first"):
        game.open_check("hand", side_id=french.id).apply()
    before = game_state(game)
    check = _deployed(game, ["Foy's division (Jamin)", "Piré's chasseurs (Wathiez)"])
    assert "French wins the exploration; Allies places first" in check.last_summary
    # The lists are not 14.0's 18 units: said in the journal line, not refused.
    assert "not as 14.0 asks" in check.last_summary
    state = game.state()
    assert state.pack_state["deployment"]["first_to_place"] == "Allies"
    assert state.pack_state["deployment"]["units_at_a_time"] == {"Allies": 4, "French": 2}
    assert state.pack_state["initiative"] == french.id
    assert _unit(game, "Foy's division (Jamin)").markers["held"] == "reinforcement"
    assert [d.check for d in game.due()] == ["hand", "hand"]
    game.undo()
    assert game_state(game) == before


def test_a_reinforcement_enters_the_sector_its_d6_gives_and_is_undone(db: Database) -> None:
    game = _game(db, "hypothetical")
    _deployed(game, ["Foy's division (Jamin)", "Piré's chasseurs (Wathiez)"])
    french = game.state().sides[0]
    assert [d.check for d in game.due()] == ["hand", "hand"]  # nothing before turn 3
    with pytest.raises(PackPlayError, match="from turn 3"):
        game.open_check("reinforcement", side_id=french.id).apply({"type_dice": ["infantry"]})
    _to_turn(game, 3)
    assert [(d.check, d.target) for d in game.due()] == [("reinforcement", {"side_id": french.id})]
    before = game_state(game)
    check = game.open_check("reinforcement", side_id=french.id)
    # Turn 3: 2 reinforcements due (14.0), so 2 black dice (option reinforcement_dice =
    # units_due). Infantry and trooper bring the held infantry and the held cavalry; the d6
    # gives the sector: 1-2 left, 3-4 centre, 5-6 right (14.0's table). Jamin's brigade
    # (listed centre) rolls 1: left; Wathiez's chasseurs (listed left) roll 6: right.
    outcome = check.apply({"type_dice": ["infantry", "trooper"], "sector_rolls": [1, 6]})
    assert outcome is not None
    assert outcome.result == "infantry+cavalry"
    state = game.state()
    sectors = {c.id: c.name for c in state.commands if c.side_id == french.id}
    jamin = _unit(game, "Foy's division (Jamin)")
    wathiez = _unit(game, "Piré's chasseurs (Wathiez)")
    assert "held" not in jamin.markers
    assert jamin.markers["arrives"] == 3
    assert sectors[jamin.command_id] == "Left"
    assert sectors[wathiez.command_id] == "Right"
    assert wathiez.markers["entered"] == "right"
    assert "enters in the left sector" in check.last_summary
    _declared_markers_only(game)
    # Both due this turn have come: no roll in round 2 (option reinforcement_carry = lost).
    assert [d.check for d in game.due()] == ["hand", "hand"]
    game.undo()
    assert game_state(game) == before


def test_a_held_unit_is_off_the_map_until_it_arrives(db: Database) -> None:
    game = _game(db, "hypothetical")
    _deployed(game, ["Foy's division (Jamin)"])
    jamin = _unit(game, "Foy's division (Jamin)")
    # Not on the map: it cannot be ordered (5.1) nor fired at, and holds no sector (4.2).
    with pytest.raises(PackPlayError, match="not on the map"):
        game.open_check("fire", unit_id=jamin.id).apply({"roll": 1, "effect_roll": 1})


def test_the_exploration_winner_gives_the_first_order_each_round(db: Database) -> None:
    game = _game(db, "hypothetical")
    _deployed(game, ["Piré's chasseurs (Wathiez)"])
    state = game.state()
    french, allies = state.sides
    hands(game)
    # Both play their first card, left. By 5.1 the side with more units able in its left
    # sector would give the first order: the French have none there on turn 1 (Jérôme's
    # two brigades come on turn 2, Wathiez's chasseurs are held back), the Allies have some.
    # 14.0 (option hypothetical_first_order = exploration_winner) gives it to the French.
    check = game.open_check("round")
    assert check.values[f"able_{french.id}"] == 0
    assert check.values[f"able_{allies.id}"] > 0
    rolls: dict[str, Any] = {}
    while (trial := check.trial(rolls)).needed is not None:
        rolls[trial.needed.name] = ["infantry"] * trial.needed.count
    check.apply(rolls)
    assert game.state().pack_state["first_order"] == french.id
    assert "French gives the first order (14.0)" in check.last_summary


FACES = ("flag", "general", "trooper", "cannon", "infantry")


@settings(
    max_examples=budget(6, 25),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    faces=st.lists(st.sampled_from(FACES), min_size=2, max_size=2),
    sectors=st.lists(st.integers(1, 6), min_size=2, max_size=2),
)
def test_any_reinforcement_dice_bring_what_the_outcome_says_and_undo(
    db: Database, faces: list[str], sectors: list[int]
) -> None:
    """Any two black dice and d6s: the outcome's arms come, each in its d6's sector.

    Each comes off the held list, the others stay held; one undo gives the state back.
    """
    game = _game(db, "hypothetical")
    _deployed(game, ["Foy's division (Jamin)", "Piré's chasseurs (Wathiez)",
                     "II Corps reserve battery"])  # fmt: skip
    _to_turn(game, 3)
    french = game.state().sides[0]
    before = game_state(game)
    check = game.open_check("reinforcement", side_id=french.id)
    trial = check.trial({"type_dice": faces})
    n = 0 if trial.needed is None else trial.needed.count
    outcome = check.apply({"type_dice": faces, "sector_rolls": sectors[:n]})
    assert outcome is not None
    arrivals = outcome.details["arrivals"]
    # A die brings its arm (infantry, trooper: cavalry, cannon: artillery); a flag or a
    # General brings none (14.0); one of each arm is held back here.
    arms = {"infantry": "infantry", "trooper": "cavalry", "cannon": "artillery"}
    assert sorted(a["arm"] for a in arrivals) == sorted({arms[f] for f in faces if f in arms})
    state = game.state()
    sectors_of = {c.id: c.name.lower() for c in state.commands}
    came = [u for u in state.units_of(french.id) if u.markers.get("entered")]
    assert sorted(u.arm for u in came) == sorted(a["arm"] for a in arrivals)
    for u in came:
        assert sectors_of[u.command_id] == u.markers["entered"]
        assert "held" not in u.markers
    left = [u for u in state.units_of(french.id) if u.markers.get("held")]
    assert len(left) == 3 - len(arrivals)
    game.undo()
    assert game_state(game) == before


def test_on_a_flag_the_player_picks_one_more_than_those_chosen(
    db: Database, tmp_path: pathlib.Path
) -> None:
    game = _game(db, "waterloo", tmp_path)
    _to_turn(game, 5)
    allies = game.state().sides[1]
    check = game.open_check("prussian_arrival", side_id=allies.id)
    # Pre-filled: the last two still held come by choice (the battery and Bülow), and a flag
    # on the black die (13.1: the player chooses) picks the first not chosen, brigade A.
    assert check.values["unit_flag"] == f"unit:{_unit(game, 'Prussian brigade A').id}"
    rolls = {"chosen_entry_rolls": [1, 2], "flag_die": "prussian", "type_die": "flag"}
    rolls["entry_roll"] = 6  # T13
    outcome = check.apply(rolls)
    assert outcome is not None
    assert outcome.result == "choice"
    assert _unit(game, "Prussian brigade A").markers["entered"] == "T13"
    assert _unit(game, "Prussian foot battery").markers["entered"] == "V5"
    # Two held remain: brigade B and the hussars.
    held = [u.name for u in game.state().units if u.markers.get("held")]
    assert held == ["Prussian brigade B", "Prussian hussars"]


def test_a_scenario_is_offered_only_for_lists_it_fits(db: Database, tmp_path: pathlib.Path) -> None:
    """Found in a trial: Waterloo and a hypothetical battle offered with the Quatre Bras lists."""
    from eote_ref.referee.pack_lists import pack_scenarios_for

    prussians = tmp_path / "prussians.yaml"
    prussians.write_text(PRUSSIANS, encoding="utf-8")
    french, allied = no_battle(FRENCH, tmp_path), no_battle(ALLIED, tmp_path)

    def refusals(*sides: list[pathlib.Path]) -> dict[str, str | None]:
        return {k: r for k, _title, r in pack_scenarios_for("avle", list(sides))}

    qb = refusals([FRENCH], [ALLIED])
    assert qb["quatre_bras"] is None
    assert qb["waterloo"] == (
        "Waterloo: needs a Prussian army list, whose units arrive by the dice (13.1)"
    )
    assert str(qb["hypothetical"]).startswith(
        "Hypothetical battle: the lists are drawn for Quatre Bras, 16 June 1815"
    )
    # The same units drawn for no battle, with a Prussian corps: every scenario fits.
    assert set(refusals([french], [allied, prussians]).values()) == {None}
    # Waterloo is refused at the set-up too, not only in the wizard.
    with pytest.raises(PackPlayError, match="not offered: Waterloo: needs a Prussian"):
        new_pack_game(
            db,
            NewPackGame("W", "avle", {"French": [french], "Allies": [allied]}, {}, "waterloo"),
        )
