"""Waterloo's victory by nation in a game (AVlE 13.1 with 4.2): the calculator's count, played.

The French win on 12 English units eliminated, or on 15 English and Prussian together; the
game's victory check counts the Allied losses by their units' flags and hands them to the
victory procedure (no second copy of the rule). The other battles keep one count a side.
"""

from __future__ import annotations

from typing import Any

import pytest

from eote_ref.cli import main
from eote_ref.referee.pack_play import (
    PackGameService,
    PackPlayError,
)
from eote_ref.referee.pack_view import side_words
from eote_ref.store import Database
from tests.avle_games import avle_battle, mark
from tests.backends import DbTarget


def _start(db: Database, key: str) -> PackGameService:
    return avle_battle(db, key)


def _lose(game: PackGameService, side_name: str, english: int, prussian: int = 0) -> None:
    """Units of the English and the Prussian flag eliminated, as one step; cards played.

    The Prussians are brought on the map first; a unit is left in each sector.
    """
    state = game.state()
    side = next(s for s in state.sides if s.name == side_name)
    units = state.units_of(side.id)
    changes: list[tuple[str, int, str, Any]] = []
    for flag, count in (("english", english), ("prussian", prussian)):
        mine = [u for u in units if u.markers.get("flag") == flag]
        # Taken a sector at a time in turn, the last of each kept: no sector is emptied (no
        # decisive defeat, 4.2).
        by_sector: dict[int, list[Any]] = {}
        for u in mine:
            by_sector.setdefault(u.command_id, []).append(u)
        order = [us[i] for i in range(len(mine)) for us in by_sector.values() if i < len(us) - 1]
        assert len(order) >= count
        for u in order[:count]:
            changes.append(("game_unit", u.id, "markers.eliminated", True))
            if u.markers.get("held"):
                changes.append(("game_unit", u.id, "markers.held", None))
    changes.append(("game_side", side.id, "pack_state.units_lost", english + prussian))
    changes += [("game_side", s.id, "pack_state.card", "centre") for s in state.sides]
    mark(game, *changes)


@pytest.mark.parametrize(
    ("english", "prussian", "result"),
    [
        (12, 0, "substantial"),  # 12 English alone (13.1)
        (11, 3, "none"),  # 14 in all, 11 English: not yet
        (11, 4, "substantial"),  # 15 together
        (10, 4, "none"),
    ],
)
def test_waterloo_s_french_win_by_nation_at_the_round_s_check(
    db: Database, english: int, prussian: int, result: str
) -> None:
    game = _start(db, "waterloo")
    _lose(game, "Allies", english, prussian)
    outcome = game.open_check("victory").apply()
    assert outcome is not None
    assert outcome.result == result
    assert outcome.details["winner"] == ("French" if result == "substantial" else None)
    allies = outcome.details["sides"]["Allies"]
    assert allies["lost_by_nation"] == {"english": english}
    assert allies["enemy_needs_by_nation"] == {"english": 12}
    if result == "substantial":
        assert game.state().pack_state["victory"]["winner"] == "French"
    else:
        assert game.state().pack_state["round"] == 2


def test_the_check_reads_the_count_of_one_nation(db: Database) -> None:
    game = _start(db, "waterloo")
    _lose(game, "Allies", 11, 3)
    check = game.open_check("victory")
    lines = check.reading(check.preview())
    assert (
        "Allies has lost 11 English unit(s) of the 12 French must eliminate of that nation alone "
        "(13.1): not reached" in lines
    )
    assert any(line.startswith("Allies has lost 14 unit(s)") for line in lines)


def test_the_count_to_win_is_shown_by_nation(
    db_target: DbTarget, capsys: pytest.CaptureFixture[str]
) -> None:
    db = db_target.cli_args
    new = ["game", "new", "--pack", "avle", "--name", "w", "--scenario", "waterloo"]
    assert main([*db, *new]) == 0
    capsys.readouterr()
    assert main([*db, "game", "show", "1"]) == 0
    out = capsys.readouterr().out
    french = next(line for line in out.splitlines() if line.startswith("French"))
    count = "enemy units to eliminate: 15; or enemy units of one nation alone: 12 English (13.1)"
    assert count in french
    assert "one nation" not in next(line for line in out.splitlines() if line.startswith("Allies"))


def test_the_screens_word_the_count_of_one_nation(db: Database) -> None:
    game = _start(db, "waterloo")
    french = game.state().sides[0]
    assert french.pack_state["wins_at_by_nation"] == {"english": 12}
    assert side_words(game, "wins_at_by_nation", {"english": 12}) == (
        "or enemy units of one nation alone: 12 English (13.1)"
    )


def test_a_loss_counted_with_no_unit_marked_is_refused_in_words(db: Database) -> None:
    game = _start(db, "waterloo")
    state = game.state()
    allies = next(s for s in state.sides if s.name == "Allies")
    mark(
        game,
        ("game_side", allies.id, "pack_state.units_lost", 3),
        *[("game_side", s.id, "pack_state.card", "centre") for s in state.sides],
    )
    with pytest.raises(PackPlayError, match="3 unit\\(s\\) lost but 0 marked eliminated"):
        game.open_check("victory").apply()


@pytest.mark.parametrize("option", ["not_counted", "counted"])
def test_set_up_garrisons_are_read_by_nation_only_when_their_option_counts_them(
    db: Database, option: str
) -> None:
    """A garrisons' count unlike their markers matters only when counted (6.0, 13.1)."""
    game = avle_battle(db, "waterloo", setup_garrisons=option)
    state = game.state()
    allies = next(s for s in state.sides if s.name == "Allies")
    mark(
        game,
        ("game_side", allies.id, "pack_state.garrisons_lost", 1),
        *[("game_side", s.id, "pack_state.card", "centre") for s in state.sides],
    )
    check = game.open_check("victory")
    if option == "counted":
        with pytest.raises(PackPlayError, match="1 set-up garrison\\(s\\) lost but 0 marked"):
            check.apply()
        return
    outcome = check.apply()
    assert outcome is not None
    assert outcome.result == "none"


@pytest.mark.parametrize("key", ["quatre_bras", "ligny", "hypothetical"])
def test_the_other_battles_keep_one_count_a_side(db: Database, key: str) -> None:
    game = _start(db, key)
    state = game.state()
    assert all("wins_at_by_nation" not in s.pack_state for s in state.sides)
    if key == "hypothetical":
        game.open_check("deployment").apply(
            {f"{s.name}_exploration": 3 + i for i, s in enumerate(state.sides)}
        )
        state = game.state()
    # A hand-counted loss with no unit marked is still taken as the side's count (4.2).
    mark(
        game,
        ("game_side", state.sides[1].id, "pack_state.units_lost", 3),
        *[("game_side", s.id, "pack_state.card", "centre") for s in state.sides],
    )
    outcome = game.open_check("victory").apply()
    assert outcome is not None
    assert outcome.result == "none"
    assert "lost_by_nation" not in outcome.details["sides"][state.sides[1].name]


@pytest.mark.parametrize(
    ("general", "english", "result"),
    [
        ("General B12", 12, "substantial"),  # an English General taken: the 12th English loss
        ("Prussian General", 11, "none"),  # a Prussian one: 12 in all of the 15, 11 English
    ],
)
def test_a_general_captured_counts_with_his_own_nation_at_waterloo(
    db: Database, general: str, english: int, result: str
) -> None:
    """9.4.3, 13.1: a General killed or captured is a unit lost for victory, of his nation.

    Eleven English units are eliminated; then a General alone in his hex is captured (9.4.2:
    an enemy unit moved 1 hex into it, a d10 of 1). An English General is the French's 12th
    English unit, a substantial victory (4.2); a Prussian one counts only in the 15 together.
    """
    game = _start(db, "waterloo")
    _lose(game, "Allies", 11)
    g = next(g for g in game.state().leaders if g.name == general)
    if g.markers.get("held"):  # the Prussian General brought on (13.1)
        mark(game, ("game_leader", g.id, "markers.held", None))
    capture = game.open_check("general_capture", leader_id=g.id)
    capture.set("hexes_moved", 1)
    taken = capture.apply({"roll": 1})
    assert taken is not None
    assert taken.result == "captured"
    check = game.open_check("victory")
    outcome = check.preview()
    assert outcome is not None
    allies = outcome.details["sides"]["Allies"]
    assert allies["lost_by_nation"] == {"english": english}
    assert allies["units_lost"] == 12
    assert outcome.result == result
    assert outcome.details["winner"] == ("French" if result == "substantial" else None)
    line = next(ln for ln in check.reading(outcome) if "of that nation alone" in ln)
    if general == "General B12":
        assert line.startswith("Allies has lost 12 English unit(s) and General(s) of the 12")
    else:
        assert line.startswith("Allies has lost 11 English unit(s) of the 12")


def test_a_general_lost_by_hand_with_none_marked_is_refused_in_words(db: Database) -> None:
    """13.1: the Generals lost are counted by nation, so a count with none marked has none."""
    game = _start(db, "waterloo")
    state = game.state()
    allies = next(s for s in state.sides if s.name == "Allies")
    mark(
        game,
        ("game_side", allies.id, "pack_state.generals_lost", 1),
        *[("game_side", s.id, "pack_state.card", "centre") for s in state.sides],
    )
    with pytest.raises(PackPlayError, match="1 General\\(s\\) lost but 0 killed or captured"):
        game.open_check("victory").apply()


def test_a_general_with_no_flag_counts_as_his_side_s_or_as_a_prussian_who_came_on(
    db: Database,
) -> None:
    """A General with no flag (a game made before they carried one) counts as his side's.

    But at Waterloo one who came on by the dice is Prussian (13.1: only the Prussians do).
    """
    from eote_ref.packs.avle.play_state import general_flag, generals_lost_by_nation

    game = _start(db, "waterloo")
    state = game.state()
    flags = {g.name: g.markers.get("flag") for g in state.leaders}
    assert flags["General B12"] == "english"
    assert flags["Prussian General"] == "prussian"
    prussian = next(g for g in state.leaders if g.name == "Prussian General")
    english = next(g for g in state.leaders if g.name == "General B12")
    allies = next(s for s in state.sides if s.name == "Allies")
    mark(
        game,
        *[("game_leader", g.id, "markers.flag", None) for g in state.leaders],
        ("game_leader", prussian.id, "markers.held", None),
        ("game_leader", prussian.id, "markers.entered", "V5"),
        ("game_leader", prussian.id, "markers.captured", True),
        ("game_leader", english.id, "markers.killed", True),
        ("game_side", allies.id, "pack_state.generals_lost", 2),
    )
    state = game.state()
    assert general_flag(state, state.leader(prussian.id)) == "prussian"
    assert general_flag(state, state.leader(english.id)) == "english"
    assert generals_lost_by_nation(state, state.side(allies.id)) == {"english": 1, "prussian": 1}
