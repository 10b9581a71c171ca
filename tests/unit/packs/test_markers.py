"""A pack's unit markers as data (issue 26): EotE's declared, worded and cleared from it."""

from __future__ import annotations

import dataclasses

import pytest

from eote_ref.packs.declaration import MarkerSpec
from eote_ref.packs.eote.markers import UNIT_MARKER_BY_NAME, UNIT_MARKERS
from eote_ref.packs.eote.rules.units import Formation
from eote_ref.packs.registry import get_pack
from eote_ref.referee.markers import (
    COUNTER_LIMITS,
    EDITABLE_FLAGS,
    TURN_MARKERS,
    marker_values,
    marker_words,
    unit_change,
    unit_state,
    with_markers,
)
from eote_ref.referee.turn import TURN_FLAGS
from eote_ref.referee.views import UnitView


def test_the_eote_pack_declares_its_unit_markers() -> None:
    pack = get_pack("eote")
    assert pack.unit_markers == UNIT_MARKERS
    assert pack.unit_marker("hits").limit == 20
    with pytest.raises(KeyError, match="unknown marker 'elements'"):
        pack.unit_marker("elements")


def test_every_marker_cites_its_rule_and_the_formation_is_the_rules_vocabulary() -> None:
    assert all(m.rule.startswith("EotE ") for m in UNIT_MARKERS)
    assert set(UNIT_MARKER_BY_NAME["formation"].choices) == {f.value for f in Formation}
    # Every marker the view shows is one the pack declares, and the view shows them all but
    # the umpire's bookkeeping the checks read off the row.
    view = {f.name for f in dataclasses.fields(UnitView)}
    shown = {m.name for m in UNIT_MARKERS} & view
    assert {m.name for m in UNIT_MARKERS} - shown == {
        "rallied_once",
        "routed_by_morale",
        "disintegrated",
        "fought_while_blown",
    }


def test_the_turn_clears_and_carries_what_the_declaration_says() -> None:
    assert TURN_FLAGS == (
        "pinned",
        "out_of_command",
        "changed_formation",
        "fought_this_turn",
        "routed_this_turn",
        "fought_while_blown",
    )
    assert [m.name for m in TURN_MARKERS] == list(TURN_FLAGS)
    assert UNIT_MARKER_BY_NAME["fought_this_turn"].carried_to == "fought_last_turn"
    assert COUNTER_LIMITS == {"hits": 20, "skirmish_hits": 5, "blown": 5}
    assert set(EDITABLE_FLAGS) == {
        "disordered",
        "routed",
        "off_table",
        "pinned",
        "out_of_command",
        "limbered",
        "guns_abandoned",
        "skirmishers_out",
        "changed_formation",
    }


def test_a_marker_checks_and_stores_its_values() -> None:
    hits = UNIT_MARKER_BY_NAME["hits"]
    assert hits.check(3) is None
    assert hits.check(21) == "hits: at most 20"
    assert hits.check(True) == "hits is a count of 0 or more"
    assert UNIT_MARKER_BY_NAME["pinned"].check(1) == "pinned is on or off"
    assert UNIT_MARKER_BY_NAME["formation"].check("wedge") is not None
    # The default is stored as no key (None): False and 0 are not confused with each other.
    assert [hits.stored(0), hits.stored(2), hits.stored(False)] == [None, 2, False]
    assert UNIT_MARKER_BY_NAME["routed"].stored(False) is None
    with pytest.raises(ValueError, match="kind 'tally'"):
        MarkerSpec("x", "tally", 0)


def test_the_referee_writes_a_marker_as_one_key_and_a_column_as_itself() -> None:
    assert unit_change(7, "hits", 2).field == "markers.hits"
    assert unit_change(7, "hits", 0).value is None
    assert unit_change(7, "disordered", False).value is None
    assert unit_change(7, "formation", "square").value == "square"
    assert unit_change(7, "attached_leader_id", 3).field == "attached_leader_id"
    assert marker_values("markers.hits", None, 2) == ("hits", 0, 2)
    assert marker_values("name", "a", "b") == ("name", "a", "b")
    row = with_markers({"name": "x", "formation": "limbered", "limbered": True, "hits": 0})
    assert row == {"name": "x", "markers": {"formation": "limbered", "limbered": True}}
    assert unit_state({"hits": 2})["hits"] == 2
    assert unit_state(None)["formation"] is None


class _Unit:
    def __init__(self, **markers: object) -> None:
        self.__dict__.update(unit_state(dict(markers)))


def test_the_players_words_follow_the_declarations_order() -> None:
    unit = _Unit(
        hits=1,
        disordered=True,
        skirmishers_out=True,
        skirmish_hits=2,
        formation="square",
        routed=True,
        blown=2,
    )
    assert marker_words(unit) == [  # type: ignore[arg-type]
        "routed",
        "1 hit",
        "skirmishers out (2 hits)",
        "disordered",
        "blown 2",
        "square",
    ]
    assert marker_words(_Unit(formation="line")) == []  # type: ignore[arg-type]
