"""The text's own battles (AVlE 13.1-13.3, 14.0) ready to start, and the historical Quatre Bras.

Each ready battle's lists are checked against the text's scenario tables: the units of each
type with their set-up hexes, the Generals' hexes, the garrisons, the arrivals and their turns,
the Prussian pool. Each battle starts (from its key alone), plays a round through the referee's
services, undoes it back to the set-up, and prints its record sheets with the hexes.
"""

from __future__ import annotations

import pathlib
from collections import Counter

import pytest

from eote_ref.armylists.loader import load_any_army_list
from eote_ref.cli import main
from eote_ref.packs.avle.armylist import AvleArmyList
from eote_ref.referee.pack_lists import pack_battle, pack_battles, pack_scenarios_for
from eote_ref.referee.pack_play import NewPackGame, PackGameService, new_pack_game
from eote_ref.store import Database
from tests.avle_games import play_a_round
from tests.backends import DbTarget
from tests.games import game_state

# The text's set-ups, typed from its scenario tables: type -> hexes (13.1, 13.2, 13.3).
WATERLOO_FRENCH = {
    "french_infantry": "D5 E4 F5 G4 K4 K5 L4 L5 N5 O6 Q7 R7",
    "elite_infantry": "L1 N1",
    "old_guard": "M2",
    "light_cavalry": "O4 S7",
    "dragoons_lancers": "B5 O3 R5",
    "heavy_cavalry": "G2 G3 H3",
    "medium_artillery": "C4 I4",
    "heavy_artillery": "K2 P6",
    "horse_artillery": "Q5",
}
WATERLOO_ALLIED = {
    "militia_infantry": "B10 K10 N10",
    "regular_infantry": "G10",
    "english_infantry": "C10 D7 I10 O11",
    "elite_infantry": "E9 H10 M11",
    "light_cavalry": "D10 Q12 R12",
    "dragoons_lancers": "H12",
    "heavy_cavalry": "I11 L11",
    "medium_artillery": "C9 F10 N11",
    "heavy_artillery": "K11",
    "horse_artillery": "P11",
    "garrison": "D8 M9",
}
#: 13.1's Prussian pool: no hexes (they enter by a d6), from turn 4 by the dice.
WATERLOO_PRUSSIAN = {
    "regular_infantry": 8,
    "heavy_cavalry": 1,
    "light_cavalry": 1,
    "medium_artillery": 2,
}
QB_FRENCH = {
    "french_infantry": "B6 C5 G4 H4 L4 N4 Q4 R4",
    "light_cavalry": "G2",
    "dragoons_lancers": "L2",
    "heavy_cavalry": "N2",
    "medium_artillery": "H5 K4 M4",
    "horse_artillery": "M2",
}
QB_ALLIED = {
    "militia_infantry": "E9 N9",
    "regular_infantry": "E7 F7 H8",
    "english_infantry": "N8 Q7",
    "elite_infantry": "K10 L9",
    "light_cavalry": "G8 K12",
    "medium_artillery": "K9 P7",
}
#: 13.2's reinforcements: type, hex, turn.
QB_ARRIVALS = {
    ("militia_infantry", "A12", 4),
    ("elite_infantry", "I13", 4),
    ("elite_infantry", "K13", 4),
}
LIGNY_FRENCH = {
    "french_infantry": "B7 D6 D5 E3 K5 M6 O6",
    "elite_infantry": "E2 G2",
    "old_guard": "F2",
    "light_cavalry": "A7 P5",
    "dragoons_lancers": "S4 U4",
    "heavy_cavalry": "E1 I1 Q4",
    "medium_artillery": "C6 N6",
    "heavy_artillery": "I5 L5",
    "horse_artillery": "P4",
}
LIGNY_PRUSSIAN = {
    "regular_infantry": "G11 H12 I11 L10 F8 H9 K9 L8 R11 R9 T8 U8",
    "light_cavalry": "K11 V9",
    "dragoons_lancers": "C10",
    "medium_artillery": "G8 I9 S8",
    "horse_artillery": "L11",
    "garrison": "E7 F5 K7 L7 Q8 R5 T5",
}
#: 14.0: each player's force.
HYPOTHETICAL = {
    "regular_infantry": 8,
    "elite_infantry": 2,
    "light_cavalry": 3,
    "heavy_cavalry": 2,
    "medium_artillery": 1,
    "heavy_artillery": 1,
    "horse_artillery": 1,
}
#: Each list's Generals' hexes (None: no hex, he enters with the pool or is deployed).
GENERALS = {
    "waterloo-text-french.yaml": {"F5", "K4", "R6"},
    "waterloo-text-allied.yaml": {"B12", "H11", "P12"},
    "waterloo-text-prussian.yaml": {None},
    "quatre-bras-text-french.yaml": {"C3", "K3", "N2"},
    "quatre-bras-text-allied.yaml": {"E10", "G8", "I8"},
    "ligny-text-french.yaml": {"A5", "M4", "Q3"},
    "ligny-text-prussian.yaml": {"D11", "I12", "S8"},
    "hypothetical-french.yaml": {None},
    "hypothetical-allied.yaml": {None},
}
SET_UPS = {
    "waterloo-text-french.yaml": WATERLOO_FRENCH,
    "waterloo-text-allied.yaml": WATERLOO_ALLIED,
    "quatre-bras-text-french.yaml": QB_FRENCH,
    "quatre-bras-text-allied.yaml": QB_ALLIED,
    "ligny-text-french.yaml": LIGNY_FRENCH,
    "ligny-text-prussian.yaml": LIGNY_PRUSSIAN,
}
POOLS = {
    "waterloo-text-prussian.yaml": WATERLOO_PRUSSIAN,
    "hypothetical-french.yaml": HYPOTHETICAL,
    "hypothetical-allied.yaml": HYPOTHETICAL,
}
TEXT_BATTLES = ("waterloo", "quatre_bras", "ligny", "hypothetical")
ALL_BATTLES = (*TEXT_BATTLES, "quatre_bras_historical")


def _lists() -> dict[str, AvleArmyList]:
    out = {}
    for battle in pack_battles("avle"):
        for _side, paths in battle.sides:
            for path in paths:
                army = load_any_army_list(path).army_list
                assert isinstance(army, AvleArmyList)
                out[path.name] = army
    return out


def test_every_ready_battle_is_listed_with_whose_set_up_it_is() -> None:
    battles = {b.key: b for b in pack_battles("avle")}
    assert tuple(battles) == ("waterloo", "quatre_bras", "quatre_bras_historical", "ligny",
                              "hypothetical")  # fmt: skip
    assert {k: b.kind for k, b in battles.items() if b.kind != "text"} == {
        "quatre_bras_historical": "historical"
    }
    assert all("the text's" in battles[k].title for k in TEXT_BATTLES)
    assert "historical lists" in battles["quatre_bras_historical"].title
    assert battles["quatre_bras_historical"].scenario == "quatre_bras"
    # Waterloo's Allies are Wellington's army and the Prussian pool (13.1).
    assert [p.name for p in dict(battles["waterloo"].sides)["Allies"]] == [
        "waterloo-text-allied.yaml", "waterloo-text-prussian.yaml",
    ]  # fmt: skip


@pytest.mark.parametrize("name", sorted(SET_UPS))
def test_each_set_up_is_the_text_s_units_by_type_and_hex(name: str) -> None:
    army = _lists()[name]
    arrivals = {(u.type, u.hex, u.arrives) for u in army.units if u.arrives != 1}
    placed: dict[str, list[str]] = {}
    for u in army.units:
        if u.arrives == 1:
            assert u.hex is not None, u.name
            placed.setdefault(u.type, []).append(u.hex)
    expected = {t: sorted(h.split()) for t, h in SET_UPS[name].items()}
    assert {t: sorted(h) for t, h in placed.items()} == expected
    assert arrivals == (QB_ARRIVALS if name == "quatre-bras-text-allied.yaml" else set())
    assert {g.hex for g in army.generals} == GENERALS[name]
    # A General set up in a unit's hex is attached to it (6.3.1), and to no other.
    by_hex = {u.hex: u.name for u in army.units}
    for g in army.generals:
        assert g.attached == by_hex.get(g.hex), g.name


@pytest.mark.parametrize("name", sorted(POOLS))
def test_the_pools_are_the_text_s_counts(name: str) -> None:
    army = _lists()[name]
    assert Counter(u.type for u in army.units) == Counter(POOLS[name])
    assert all(u.hex is None for u in army.units)
    assert len(army.generals) == (1 if "prussian" in name else 3)


def test_the_totals_of_the_text_s_tables() -> None:
    lists = _lists()

    def units(name: str, garrisons: bool = False) -> int:
        return sum(1 for u in lists[name].units if (u.type == "garrison") == garrisons)

    # Waterloo: 28 French units; 22 Allied and 2 garrisons; 12 Prussians and a General.
    assert units("waterloo-text-french.yaml") == 28
    assert (units("waterloo-text-allied.yaml"), units("waterloo-text-allied.yaml", True)) == (22, 2)
    assert units("waterloo-text-prussian.yaml") == 12
    # Quatre Bras: 15 French; 13 Allied at the start and 3 on turn 4.
    assert units("quatre-bras-text-french.yaml") == 15
    assert units("quatre-bras-text-allied.yaml") == 16
    # Ligny: 22 French; 19 Prussian and 7 garrisons.
    assert units("ligny-text-french.yaml") == 22
    assert (units("ligny-text-prussian.yaml"), units("ligny-text-prussian.yaml", True)) == (19, 7)
    assert units("hypothetical-french.yaml") == units("hypothetical-allied.yaml") == 18


def _start(db: Database, key: str) -> PackGameService:
    battle = pack_battle("avle", key)
    sides = {name: list(paths) for name, paths in battle.sides}
    return PackGameService(
        db, new_pack_game(db, NewPackGame(key, "avle", sides, {}, battle.scenario))
    )


#: The victory counts each battle sets (4.2's substantial victory, side by side).
WINS_AT = {
    "waterloo": {"French": 15, "Allies": 14},  # 13.1 (and 12 English alone: wins_at_by_nation)
    "quatre_bras": {"French": 8, "Allies": 8},
    "quatre_bras_historical": {"French": 8, "Allies": 8},
    "ligny": {"French": 9, "Prussians": 11},
    "hypothetical": {"French": None, "Allies": None},  # 14.0's 9, the rules' own
}


@pytest.mark.parametrize("key", ALL_BATTLES)
def test_each_battle_starts_and_plays_a_round_undone_to_its_set_up(db: Database, key: str) -> None:
    game = _start(db, key)
    state = game.state()
    assert state.pack_state.get("scenario") == pack_battle("avle", key).scenario
    assert {s.name: s.pack_state.get("wins_at") for s in state.sides} == WINS_AT[key]
    # Every unit and General of the text's set-ups carries its hex.
    if key in ("waterloo", "quatre_bras", "ligny"):
        hexes = {u.name: u.markers.get("hex") for u in state.units}
        assert all(h for n, h in hexes.items() if not n.startswith("Prussian")), hexes
    if key == "waterloo":  # 13.1: the Prussians wait for the dice, from turn 4
        held = [u for u in state.units if u.markers.get("held") == "prussian"]
        assert len(held) == 12
        assert [g.name for g in state.leaders if g.markers.get("held")] == ["Prussian General"]
    start = game_state(game)
    steps = play_a_round(game)
    assert game.undo_counts()[0] == steps
    game.undo(steps)
    assert game_state(game) == start


@pytest.mark.parametrize("key", ALL_BATTLES)
def test_each_battle_starts_headless_and_prints_its_record_sheets(
    db_target: DbTarget, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str], key: str
) -> None:
    pytest.importorskip("PySide6.QtPdf")
    from eote_ref.ui.printing import pdf_text

    db = db_target.cli_args
    assert main([*db, "game", "new", "--pack", "avle", "--name", key, "--scenario", key]) == 0
    assert capsys.readouterr().out.startswith(f"Created game 1: {key} (avle), Turn 1, round 1")
    sheets = tmp_path / "sheets.pdf"
    assert main([*db, "print", "sheets", "1", "-o", str(sheets)]) == 0
    text = " ".join(" ".join(pdf_text(sheets)).split())
    sides = [name for name, _ in pack_battle("avle", key).sides]
    for side in sides:
        assert f"{side} — record sheet" in text
    if key == "quatre_bras":  # the set-up hexes and the turn-4 arrivals' hexes (13.2)
        assert "Militia infantry A12" in text
        assert "turn 4, A12" in text
        assert "start, E9" in text
    if key == "quatre_bras_historical":
        assert "Bachelu's division (Husson)" in text


def test_game_battles_lists_each_one_as_text_or_historical(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["game", "battles"]) == 0
    out = capsys.readouterr().out
    assert "quatre_bras_historical: Quatre Bras — historical lists" in out
    assert "    historical lists; victory of scenario quatre_bras" in out
    assert out.count("the text's scenario; victory of scenario") == 4
    assert "    Prussians: ligny-text-prussian.yaml" in out


def test_the_scenario_choice_says_whose_lists_they_are() -> None:
    """The options page's scenario combo: the text's set-up or the historical lists."""
    text = pack_battle("avle", "quatre_bras")
    hist = pack_battle("avle", "quatre_bras_historical")
    for battle, words in ((text, "the text's scenario"), (hist, "historical lists")):
        lists = [list(paths) for _n, paths in battle.sides]
        offered = {k: (t, r) for k, t, r in pack_scenarios_for("avle", lists)}
        title, refusal = offered["quatre_bras"]
        assert refusal is None
        assert words in title
    # Lists of no ready battle: the scenario's victory with the lists chosen, said so.
    mixed = [list(dict(text.sides)["French"]), list(dict(hist.sides)["Allies"])]
    title, _ = {k: (t, r) for k, t, r in pack_scenarios_for("avle", mixed)}["quatre_bras"]
    assert title.endswith("with the lists chosen (not the text's set-up)")
