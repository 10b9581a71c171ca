"""What reaches the players of an AVlE game is worded from the pack's declarations (issue 26).

A player's trial found raw keys on the screens and in the journal: ``option
next_hand=four_unplayed_plus_two`` in a note, a hand read as ``left, left, centre``. Cards
are named as the pack names them (AVlE 3.0, 3.1, 3.2) and options by their declared words.
"""

from __future__ import annotations

import re

from eote_ref.referee.pack_view import players_lines, side_words
from eote_ref.store import Database
from eote_ref.store.changes import SetField
from tests.avle_games import dealt, hands, quatre_bras

RAW_OPTION = re.compile(r"option [a-z_]+=")
HAND = ["left", "left", "centre", "right", "coordinated_attack", "bombardment"]


def test_the_hand_is_offered_and_shown_by_the_cards_names(db: Database) -> None:
    game = quatre_bras(db)
    french = game.state().sides[0]
    check = game.open_check("hand", side_id=french.id)
    ask = next(a for a in check.facts() if a.key == "hand")
    labels = dict(ask.choices)
    assert labels["left"] == "Left sector"
    assert labels["cavalry_grand_charge"] == "Cavalry Grand Charge"
    assert not RAW_OPTION.search(ask.help)
    assert "the 4 cards not played and 2 of those played" in ask.help
    check.set("hand", HAND)
    trial = check.trial({})
    assert trial.done
    for note in trial.notes:
        assert not RAW_OPTION.search(note), note
    assert any("the next turn's hand" in n for n in trial.notes)
    check.apply()
    side = game.state().sides[0]
    assert side_words(game, "hand", side.pack_state["hand"]) == (
        "hand: Left sector ×2, Centre sector, Right sector, Coordinated Attack, Bombardment"
    )


def test_the_cards_played_read_by_name_in_the_journal_and_on_the_display(db: Database) -> None:
    game = quatre_bras(db)
    sides = {s.name: s.id for s in game.state().sides}
    hands(game, HAND)
    check = game.open_check("round")
    check.set(f"card_{sides['French']}", "coordinated_attack")
    check.set(f"card_{sides['Allies']}", "bombardment")
    assert (
        dict(next(a for a in check.facts() if a.key == f"card_{sides['French']}").choices)[
            "coordinated_attack"
        ]
        == "Coordinated Attack"
    )
    check.apply({"French_dice": ["infantry", "infantry", "cannon", "flag", "trooper", "flag"]})
    summary = game.journal()[0].summary
    assert "French plays Coordinated Attack" in summary
    assert "Allies plays Bombardment" in summary
    shown = game.players_state()
    lines = players_lines(shown.sides[0], game)
    assert "card this round: Coordinated Attack" in lines
    assert "played this turn: Coordinated Attack" in lines
    assert "hand: 6, kept hidden" in lines
    assert not any("coordinated_attack" in line or "_" in line for line in lines), lines


def test_the_victory_check_reads_each_sides_losses_against_its_count(db: Database) -> None:
    """Found in a trial: the preview summed "base 0 + Generals lost" over both sides (4.2)."""
    game = quatre_bras(db, morale_rule=True)
    french, allies = (s.id for s in game.state().sides)
    game.edit("side", french, "wins_at", 8)
    game.edit("side", allies, "units_lost", 3)
    game.edit("side", allies, "generals_lost", 1)
    game.edit("side", french, "units_lost", 1)
    for side in (french, allies):
        game.record("mark", "cards", [_card(side)])
    check = game.open_check("victory")
    outcome = check.preview()
    assert outcome is not None
    # 14.0 with 15.0: 8 less 20% is 6.4, rounded down (option victory_reduction_rounding).
    assert outcome.details["sides"]["Allies"]["counted"] == {"units": 3, "generals": 1}
    assert outcome.details["sides"]["Allies"]["enemy_count"] == 8
    assert outcome.details["sides"]["Allies"]["enemy_needs"] == 6
    lines = check.reading(outcome)
    # The French count is 14.0's 9 (none set), 7 with 15.0; no General lost is left out.
    assert lines[0] == (
        "French has lost 1 unit(s) (4.2) = 1 of the 7 (9 less 20% with the morale rule, "
        "15.0, 14.0) Allies must eliminate: not reached"
    )
    assert lines[1] == (
        "Allies has lost 3 unit(s) (4.2) + 1 General(s) killed or captured (9.4.3) = 4 of the "
        "6 (8 less 20% with the morale rule, 15.0, 14.0) French must eliminate: not reached"
    )
    assert not any(RAW_OPTION.search(line) for line in lines)


def _card(side_id: int) -> SetField:
    return SetField("game_side", side_id, "pack_state.card", "centre")


def test_the_card_tracker_fills_the_rounds_played_from_the_game(db: Database) -> None:
    """Found in a trial: the tracker's round grid stayed blank for a game in progress (5.1)."""
    from eote_ref.packs.avle.play_sheets import game_card_trackers_html, side_cards

    game = quatre_bras(db)
    sides, units = dealt(
        game,
        "centre",
        "bombardment",
        HAND,
        French=["infantry", "infantry", "cannon", "flag", "trooper"],
    )
    # An automatic card gives the first order (5.1): an Allied battery, then the French.
    battery = game.open_check("order", unit_id=units["Perponcher's batteries"])
    battery.set("face", "automatic")
    battery.apply()
    order = game.open_check("order", unit_id=units["Foy's division (Gauthier)"])
    order.set("face", "infantry")
    order.apply()
    state = game.state()
    french = state.side(sides["French"])
    marks = side_cards(state, french)
    assert marks.rounds[(1, 1)] == {
        "turn": 1, "round": 1, "card": "centre",
        "rolled": {"infantry": 2, "cannon": 1, "flag": 1, "trooper": 1}, "ordered": 1,
    }  # fmt: skip
    # The Allies' bombardment: an order for each battery on the map (3.2), one given.
    allies = side_cards(state, state.side(sides["Allies"])).rounds[(1, 1)]
    assert allies["rolled"] == {"automatic": 2}
    assert allies["ordered"] == 1
    html = game_card_trackers_html(state, game.rules, "turn 1")
    assert "card Centre sector<br/>dice: 1 flag, 1 trooper, 1 cannon, 2 infantry" in html
    assert "ordered 1 &nbsp; ☐ victory checked" in html
    # The victory check (4.2) is recorded for the round: ticked on the tracker.
    while any(d.check == "order" for d in game.due()):
        due = next(d for d in game.due() if d.check == "pass")
        game.open_check("pass", **due.target).apply()
    game.open_check("victory").apply()
    state = game.state()
    html = game_card_trackers_html(state, game.rules, "turn 1")
    assert html.count("☑ victory checked: none") == 2
    game.undo()
    assert "☑ victory checked" not in game_card_trackers_html(game.state(), game.rules, "")
