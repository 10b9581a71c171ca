"""What each shipped pack's fog of war hides is declared whole: keys it has, each with a source."""

from __future__ import annotations

import pytest

from eote_ref.packs import registry
from eote_ref.packs.play import PlayState
from eote_ref.referee.fog import Fog, fogged_sides
from eote_ref.referee.pack_play import PackGameService
from eote_ref.store import Database
from tests.avle_games import quatre_bras

SHIPPED = sorted(p.id for p in registry.SHIPPED if p.play is not None)


@pytest.mark.parametrize("pack_id", SHIPPED)
def test_each_fogged_key_is_a_declared_marker_with_its_section_and_source(pack_id: str) -> None:
    play = registry.get_play(pack_id)
    assert play is not None
    pack = registry.get_pack(pack_id)
    declared = {
        "unit": {m.name for m in pack.unit_markers},
        "leader": {m.name for m in pack.leader_markers},
    }
    assert play.fog, f"{pack_id} declares nothing fogged"
    for key in play.fog:
        assert key.rule, key
        assert key.source in ("text", "provisional", "house"), key
        if key.entity in declared:
            assert key.key in declared[key.entity], f"{pack_id}: no {key.entity} marker {key.key}"
    assert play.fog_words


def test_a_fogged_side_loses_its_keys_and_the_other_keeps_them(db: Database) -> None:
    game: PackGameService = quatre_bras(db)
    state: PlayState = game.state()
    french, allies = sorted(state.sides, key=lambda s: s.position)

    def elements(shown: PlayState, side_id: int) -> list[object]:
        return [u.markers.get("elements") for u in shown.units_of(side_id)]

    to_french = game.players_state(french.position, Fog.OPPONENT)
    assert None not in elements(to_french, french.id)
    assert set(elements(to_french, allies.id)) == {None}
    assert fogged_sides(Fog.OFF, state.sides, None) == frozenset()
    whole = game.players_state(None, Fog.OFF)
    assert None not in elements(whole, allies.id)
    assert "hand" not in whole.side(french.id).pack_state  # hidden, fog or not (5.1)
