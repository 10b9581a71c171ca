"""The AVlE data file: loaded through the safe YAML loader and checked; a broken copy refused."""

from __future__ import annotations

import pathlib
from fractions import Fraction

import pytest

from eote_ref.packs.avle.data import DEFAULT_DATA, load, load_default
from eote_ref.packs.dice import Die, Pool
from eote_ref.packs.outcome import PackError, Source
from eote_ref.packs.registry import get_pack, pack_ids
from eote_ref.yamlio.problems import YamlError


def test_every_value_has_a_section_and_a_source() -> None:
    data = load_default().data
    values = [
        *data.modifiers.values(),
        *data.target_terrain.values(),
        *data.firing_terrain.values(),
        *data.morale_losses.values(),
        *data.rally.values(),
        *data.victory.values(),
    ]
    assert values
    assert all(v.rule and isinstance(v.source, Source) for v in values)
    assert all(u.rule and u.source is Source.TEXT for u in data.units.values())
    assert all(o.default in o.choices for o in data.options.values())


def test_the_sheet_values() -> None:
    rules = load_default()
    grid = rules.fire_values()
    assert [grid.lookup("heavy_artillery", r) for r in "12345"] == [18, 10, 7, 4, 2]
    assert grid.lookup("old_guard", "2") == 6
    assert rules.fire_values(moving=True).lookup("horse_artillery", "3") == 3
    assert rules.bands("reinforcement_sector").lookup(4) == "centre"


def broken(tmp_path: pathlib.Path, old: str, new: str) -> pathlib.Path:
    text = DEFAULT_DATA.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "avle.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "where", "words"),
    [
        (
            "    - [[0, 1], [0, 1], [1, 0], [1, 0], [1, 1], [1, 2]]",
            "    - [[0, 1], [0, 1], [1, 0], [1, 0], [1, 1]]",
            "combat_effect.columns[0]",
            "one per face",
        ),
        (
            "    - [[0, 1], [0, 1], [1, 0], [1, 0], [1, 1], [1, 2]]",
            "    - [[0, 1], [0], [1, 0], [1, 0], [1, 1], [1, 2]]",
            "combat_effect.columns[0][1]",
            "[losses, retreat]",
        ),
        (
            "  cavalry_on_square:",
            "  cavalry_on_squares:",
            "modifiers",
            "missing entry 'cavalry_on_square'",
        ),
        (
            "    default: remainder",
            "    default: rounding",
            "options.fire_value_over_ten.default",
            "not a choice",
        ),
        (
            "{lo: 4, hi: 4, result: V9}",
            "{lo: 5, hi: 5, result: V9}",
            "bands.prussian_entry.bands[1].lo",
            "starts at 5",
        ),
        ("source: text}", "source: texte}", "dice.d10.source", "expected one of"),
    ],
)
def test_a_broken_copy_is_refused_at_its_line(
    tmp_path: pathlib.Path, old: str, new: str, where: str, words: str
) -> None:
    with pytest.raises(YamlError) as err:
        load(broken(tmp_path, old, new))
    texts = [str(p) for p in err.value.problems]
    assert any(where in t and words in t and "avle.yaml:" in t for t in texts), texts


def test_registry_names_both_packs() -> None:
    assert pack_ids()[:2] == ("eote", "avle")
    avle = get_pack("avle")
    assert avle.title == "Advanced Vive l'Empereur 1.2"
    assert set(avle.tables) >= {"fire_values", "combat_effect", "general_kill", "prussian_entry"}
    pool = avle.dice["command_pool"]
    assert isinstance(pool, Pool)
    assert pool.p_any({"flag"}) == 1 - Fraction(5, 6) ** 5
    eote = get_pack("eote")
    assert "square" in eote.procedures
    assert eote.procedures["fire"].rule == "6.6"
    d10 = eote.dice["d10"]
    assert isinstance(d10, Die)
    assert d10.read(0, "roll") == 10
    assert "morale_hit_threshold" in eote.options
    with pytest.raises(KeyError):
        get_pack("dba")
    with pytest.raises(PackError):
        load_default().with_options({"morale_rule": "yes"})
