"""AVlE's unit and General markers as data (issue 26): declared, and what the play writes.

Every key the AVlE play writes in a unit's or a General's ``markers`` is a declared marker
with a value the declaration takes; the round's markers are those the victory check clears;
the elements are counted up to the unit type's (AVlE 1.1). EotE declares no leader markers.
"""

from __future__ import annotations

import dataclasses
import pathlib
import random
import re

import pytest

from eote_ref.packs.avle import markers as avle_markers
from eote_ref.packs.avle import play_state
from eote_ref.packs.avle.printed import GameMarks
from eote_ref.packs.declaration import MarkerSpec, cleared_markers
from eote_ref.packs.play import SHARED_COLUMNS, PlayState
from eote_ref.packs.registry import get_pack
from eote_ref.referee.pack_play import PackGameService
from eote_ref.store import Database
from tests.avle_games import quatre_bras
from tests.unit.referee.packs.test_avle_generative import _step

PLAY = pathlib.Path(avle_markers.__file__).parent


def _declared(pack_id: str = "avle") -> tuple[dict[str, MarkerSpec], dict[str, MarkerSpec]]:
    pack = get_pack(pack_id)
    return {m.name: m for m in pack.unit_markers}, {m.name: m for m in pack.leader_markers}


def test_the_avle_pack_declares_its_markers_with_sections_and_labels() -> None:
    units, leaders = _declared()
    assert all(m.rule.startswith("AVlE ") for m in (*units.values(), *leaders.values()))
    assert all(m.label for m in (*units.values(), *leaders.values()))
    assert {"elements", "start", "arrives", "flag", "eliminated", "passed_morale", "withdrawn",
            "formation",
            "ordered", "fired", "fired_on", "reacted", "stopped", "retreated", "reformed", "held",
            "entered", "hex"} == set(units)  # fmt: skip
    assert {"arrives", "killed", "captured", "ordered", "held", "entered", "hex", "flag"} == set(
        leaders
    )
    # The round's markers (5.1, 7.0.1, 9.3) are the play's, read from the declaration.
    assert play_state.ROUND_MARKERS == (
        "ordered", "fired", "fired_on", "reacted", "stopped", "retreated", "reformed",
    )  # fmt: skip
    assert cleared_markers(tuple(leaders.values()), new_turn=True) == ("ordered",)
    # The record sheet keeps the elements in boxes, the losses ticked.
    assert units["elements"].sheet == "boxes"
    assert {n for n, m in units.items() if m.sheet == "tick"} == {"eliminated", "passed_morale"}
    assert {n for n, m in leaders.items() if m.sheet == "tick"} == {"killed", "captured"}
    # ... as the printed record sheet keeps them (its marks of a game in progress).
    printed = {f.name for f in dataclasses.fields(GameMarks)}
    sheet = {n for n, m in (*units.items(), *leaders.items()) if m.sheet}
    assert sheet <= printed


def test_elements_are_counted_up_to_the_unit_type_s() -> None:
    units, _ = _declared()
    elements = units["elements"]
    # 1.1 and the Reference Sheet: infantry 4, cavalry and artillery 3, a garrison 1.
    assert elements.limit_for("old_guard") == 4
    assert elements.limit_for("heavy_cavalry") == 3
    assert elements.limit_for("horse_artillery") == 3
    assert elements.limit_for("garrison") == 1
    assert elements.check(4, "french_infantry") is None
    assert elements.check(4, "light_cavalry") == "elements: at most 3"
    assert elements.check(2, "garrison") == "elements: at most 1"


def test_off_the_map_until_arrived_and_once_eliminated() -> None:
    units, leaders = _declared()
    assert units["arrives"].keeps_off_map(3, turn=2)
    assert not units["arrives"].keeps_off_map(3, turn=3)
    assert units["eliminated"].keeps_off_map(True, turn=1)
    assert leaders["captured"].keeps_off_map(True, turn=1)
    assert not units["elements"].keeps_off_map(0, turn=1)


def test_eote_declares_no_leader_markers_and_no_marker_lasting_a_round() -> None:
    pack = get_pack("eote")
    assert pack.leader_markers == ()
    assert cleared_markers(pack.unit_markers, new_turn=False) == ()
    with pytest.raises(ValueError, match="lasts 'phase'"):
        MarkerSpec("x", "flag", False, lasts="phase")
    with pytest.raises(ValueError, match="only a counter"):
        MarkerSpec("x", "flag", False, limits=(("a", 1),))


#: ``Put("unit", <row>, "KEY"`` and ``Put("leader", ...)`` as the play's modules write them.
_PUT = re.compile(r'Put\(\s*"(unit|leader)",\s*[^,]+,\s*"([a-z_]+)"')


def test_every_marker_key_the_play_s_source_writes_is_declared() -> None:
    units, leaders = _declared()
    written: set[tuple[str, str]] = set()
    for module in sorted(PLAY.glob("play*.py")):
        text = module.read_text(encoding="utf-8")
        written |= {(m.group(1), m.group(2)) for m in _PUT.finditer(text)}
    # A shared column (the General attached to a unit) is not a marker.
    written -= {(e, k) for e, keys in SHARED_COLUMNS.items() for k in keys}
    assert ("unit", "elements") in written
    assert ("leader", "ordered") in written
    for entity, key in written:
        assert key in (units if entity == "unit" else leaders), f"{entity} marker {key!r}"
    # The General killed or captured is written through one helper, by name.
    assert '_general_out(ctx, "killed")' in (PLAY / "play_combat.py").read_text(encoding="utf-8")


def _check_state(
    state: PlayState, units: dict[str, MarkerSpec], leaders: dict[str, MarkerSpec]
) -> None:
    for u in state.units:
        for key, value in u.markers.items():
            assert key in units, f"{u.name}: undeclared marker {key!r}"
            assert units[key].check(value, u.type) is None, f"{u.name}: {key}={value!r}"
    for g in state.leaders:
        for key, value in g.markers.items():
            assert key in leaders, f"{g.name}: undeclared marker {key!r}"
            assert leaders[key].check(value) is None, f"{g.name}: {key}={value!r}"


@pytest.mark.parametrize("seed", [3, 11])
def test_what_a_played_game_writes_is_declared_and_the_round_clears_its_markers(
    db: Database, seed: int
) -> None:
    units, leaders = _declared()
    game: PackGameService = quatre_bras(db)
    rng = random.Random(seed)
    round_keys = {n for n, m in units.items() if m.lasts == "round"}
    seen: set[str] = set()
    rounds = 0
    _check_state(game.state(), units, leaders)
    for _ in range(60):
        before = game.state()
        if not _step(game, rng):
            continue
        state = game.state()
        _check_state(state, units, leaders)
        seen |= {k for u in state.units for k in u.markers}
        moved_on = (state.turn, state.pack_state.get("round")) != (
            before.turn,
            before.pack_state.get("round"),
        )
        if moved_on:  # a new round: nothing of the round before is left on a unit or General
            rounds += 1
            assert not any(round_keys & set(u.markers) for u in state.units)
            assert not any(g.markers.get("ordered") for g in state.leaders)
    assert {"elements", "arrives", "ordered"} <= seen
    assert rounds >= 1
