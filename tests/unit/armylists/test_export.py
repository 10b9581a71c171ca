"""Army-list export: the written YAML reads back as the same army list."""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eote_ref.armylists.export import dump_army_list
from eote_ref.armylists.loader import load_army_list_text, validate_text
from eote_ref.armylists.model import ArmyList, Unit
from eote_ref.packs.eote.rules.command import Level
from eote_ref.yamlio.dumper import dump
from eote_ref.yamlio.loader import load_text
from eote_ref.yamlio.typed import yaml_key
from tests.budget import budget

from .samples import VALID
from .strategies import any_text, army_lists


def test_dump_of_the_sample_reads_back_equal() -> None:
    army_list = load_army_list_text(VALID).army_list
    text = dump_army_list(army_list)
    assert load_army_list_text(text).army_list == army_list
    assert dump_army_list(load_army_list_text(text).army_list) == text


def test_dump_leaves_out_defaults_and_keeps_the_documented_key_order() -> None:
    army_list = load_army_list_text(VALID).army_list
    text = dump_army_list(army_list)
    top_keys = [line.split(":")[0] for line in text.splitlines() if line[:1].isalpha()]
    assert top_keys == ["format", "name", "nation", "year", "battle", "sources", "army"]
    assert "ruleset" not in text  # at its default
    assert "howitzers" not in text  # 0 everywhere
    assert "skirmish: none" not in text
    assert "  leader: {name: Napoléon, rating: 4}\n" in text
    assert (
        "            - {name: 20/6 Foot Bty, arm: artillery, type: foot, ce: 5, stands: 2, "
        "weight: medium}\n" in text
    )


def test_dump_writes_keys_that_differ_from_their_defaults() -> None:
    army_list = load_army_list_text(VALID).army_list
    division = army_list.army.commands[0].commands[0]
    battery = dataclasses.replace(division.units[2], howitzers=2, notes="two howitzers")
    changed = dataclasses.replace(
        army_list,
        ruleset="club-house",
        army=dataclasses.replace(
            army_list.army,
            commands=(
                dataclasses.replace(
                    army_list.army.commands[0],
                    commands=(
                        dataclasses.replace(division, units=(*division.units[:2], battery)),
                        army_list.army.commands[0].commands[1],
                    ),
                ),
            ),
        ),
    )
    text = dump_army_list(changed)
    assert "ruleset: club-house\n" in text
    assert "weight: medium, howitzers: 2, notes: two howitzers}" in text
    assert load_army_list_text(text).army_list == changed


@settings(max_examples=budget(20, 150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(army_lists)
def test_round_trip(army_list: ArmyList) -> None:
    text = dump_army_list(army_list)
    problems = validate_text(text)
    assert [p for p in problems if p.severity == "error"] == []
    assert load_army_list_text(text).army_list == army_list


# ------------------------------------------------------------------ robustness

_garbage: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | any_text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(any_text, inner, max_size=3),
    max_leaves=6,
)


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(data, dict):
        for k, v in data.items():
            found += _paths(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            found += _paths(v, (*path, i))
    return found


def _replace(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    head, *rest = path
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[head] = _replace(data[head], tuple(rest), value)
    return copy


@settings(max_examples=budget(40, 200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(army_lists, st.data())
def test_any_damage_gives_problems_never_a_crash(army_list: ArmyList, data: st.DataObject) -> None:
    plain = load_text(dump_army_list(army_list)).data
    path = data.draw(st.sampled_from(_paths(plain)))
    damaged = _replace(plain, path, data.draw(_garbage))
    problems = validate_text(dump(damaged), "damaged.yaml")
    for p in problems:
        assert p.mark is not None
        assert p.mark.file == "damaged.yaml"
        assert p.severity in ("error", "warning")
        assert p.message


def test_level_ranks() -> None:
    assert [lv.rank for lv in Level] == [4, 3, 2, 1, 1]
    assert [lv for lv in Level if lv.is_manoeuvre] == [Level.DIVISION, Level.BRIGADE]


def test_unit_fields_follow_the_format_document() -> None:
    assert [yaml_key(f) for f in dataclasses.fields(Unit)] == [
        "name",
        "arm",
        "type",
        "ce",
        "stands",
        "skirmish",
        "weight",
        "howitzers",
        "formation",
        "brigade",
        "nation",
        "notes",
    ]
