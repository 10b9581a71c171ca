"""Waterloo's victory by nation in a game (AVlE 13.1 with 4.2): the calculator's count, played.

The French win on 12 English units eliminated, or on 15 English and Prussian together; the
game's victory check counts the Allied losses by their units' flags and hands them to the
victory procedure (no second copy of the rule). The other battles keep one count a side.
"""

from __future__ import annotations

from typing import Any

import pytest

from eote_ref.cli import main
from eote_ref.referee.pack_lists import pack_battle
from eote_ref.referee.pack_play import (
    NewPackGame,
    PackGameService,
    PackPlayError,
    new_pack_game,
)
from eote_ref.referee.pack_view import side_words
from eote_ref.store import Database
from tests.avle_games import mark
from tests.backends import DbTarget


def _start(db: Database, key: str) -> PackGameService:
    battle = pack_battle("avle", key)
    sides = {name: list(paths) for name, paths in battle.sides}
    return PackGameService(
        db, new_pack_game(db, NewPackGame(key, "avle", sides, {}, battle.scenario))
    )


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
