"""The shipped EotE 6.2 ruleset data and the validating loader for edited copies."""

from __future__ import annotations

import pathlib
import re

import pytest

from eote_ref.packs.eote.rules.core import Source
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.rulesets import (
    DEFAULT_RULESET,
    load_default,
    load_ruleset,
    validate_ruleset,
)
from eote_ref.yamlio.problems import Problem, YamlError, path_text

SHIPPED = DEFAULT_RULESET.read_text(encoding="utf-8")
TEXT, PROVISIONAL, HOUSE = Source.TEXT, Source.PROVISIONAL, Source.HOUSE


@pytest.fixture(scope="module")
def rs() -> Ruleset:
    return load_default()


def edit(text: str, old: str, new: str) -> str:
    """Replace the one occurrence of ``old`` (the edit must be unambiguous)."""
    assert text.count(old) == 1, old
    return text.replace(old, new)


def position(text: str, needle: str, occurrence: int = 1) -> tuple[int, int]:
    """1-based line and column of the ``occurrence``-th ``needle`` in ``text``."""
    at = -1
    for _ in range(occurrence):
        at = text.index(needle, at + 1)
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    return line, column


def write(tmp_path: pathlib.Path, text: str, name: str = "club.yaml") -> pathlib.Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def where(p: Problem) -> tuple[int, int, str]:
    assert p.mark is not None
    return p.mark.line, p.mark.column, path_text(p.path)


def only_problem(path: pathlib.Path) -> Problem:
    problems = validate_ruleset(path)
    assert len(problems) == 1, [str(p) for p in problems]
    (p,) = problems
    assert p.severity == "error"
    assert p.mark is not None
    assert p.mark.file == str(path)
    with pytest.raises(YamlError) as exc:
        load_ruleset(path)
    assert str(p) in str(exc.value)
    return p


# ---------------------------------------------------------------- the shipped data


def test_shipped_ruleset_loads(rs: Ruleset) -> None:
    assert (rs.name, rs.version) == ("eote", "6.2")
    assert load_ruleset(DEFAULT_RULESET) == rs
    assert load_ruleset() is rs
    assert validate_ruleset(DEFAULT_RULESET) == []


def test_a_copy_of_the_shipped_file_loads(tmp_path: pathlib.Path, rs: Ruleset) -> None:
    assert load_ruleset(write(tmp_path, SHIPPED)) == rs


def test_every_value_has_a_rule_and_a_source(rs: Ruleset) -> None:
    entries = rs.all_values()
    assert len(entries) > 150
    for entry in entries:
        assert isinstance(entry.rule, str)
        assert entry.rule.strip(), entry
        assert entry.source in {TEXT, PROVISIONAL, HOUSE}, entry
    for name, spec in rs.options.items():
        assert spec.rule.strip(), name


def test_every_value_in_the_file_has_a_rule_and_a_source() -> None:
    """Counted in the YAML text itself, so no table escapes ``all_values``."""
    data = re.sub(r"(?m)^\s*#.*$", "", SHIPPED)  # the header comment mentions `source: house`
    sourced = len(re.findall(r"\bsource: (text|provisional|house)\b", data))
    assert sourced == len(re.findall(r"\bsource:", data))
    assert sourced == len(load_default().all_values())


def test_uses_provisional(rs: Ruleset) -> None:
    assert rs.uses_provisional


# ---------------------------------------------------------------- RULES-NOTES §2: the text


def values(group: dict[str, object]) -> dict[str, float]:
    return {k: v.value for k, v in group.items()}  # type: ignore[attr-defined]


def assert_text(group: dict[str, object], rule: str | None = None) -> None:
    for key, v in group.items():
        assert v.source is TEXT, key  # type: ignore[attr-defined]
        if rule is not None:
            assert v.rule == rule, key  # type: ignore[attr-defined]


def test_command_radius_table(rs: Ruleset) -> None:
    rows = {r.rating: (r.division, r.corps, r.army) for r in rs.command_radius}
    assert rows == {
        -1: (6, 14, 18),
        0: (8, 16, 24),
        1: (10, 20, 28),
        2: (12, 24, 32),
        3: (14, 28, 36),
        4: (16, 32, 40),
    }
    assert all(r.source is TEXT and r.rule == "3.6" for r in rs.command_radius)
    minus_one = next(r for r in rs.command_radius if r.rating == -1)
    assert "-1" in minus_one.note  # printed as 1 in the transcript


def test_square_modifiers(rs: Ruleset) -> None:
    square = rs.modifiers["square"]
    assert values(square) == {
        "per_hit": -1,
        "disordered": -2,
        "pinned_at_start": -4,
        "breakthrough": -5,
        "out_of_command": -3,
        "leader_attached": 4,
        "british_line": 2,
        "column": 2,
        "british_column": 3,
    }
    assert_text(square, "5.6")


def test_morale_modifiers(rs: Ruleset) -> None:
    morale = rs.modifiers["morale"]
    assert values(morale) == {
        "per_hit": -1,
        "per_blown": -1,
        "leader_killed": -2,
        "pinned_by_cavalry": -3,
        "out_of_command": -2,
        "column": 1,
        "square": 2,
        "in_town": 2,
        "unsupported_artillery": -2,
        "leader_attached": 3,
    }
    assert_text(morale)
    assert morale["in_town"].rule == "7.12"
    assert all(v.rule == "7.5" for k, v in morale.items() if k != "in_town")


def test_initiative_modifiers(rs: Ruleset) -> None:
    initiative = rs.modifiers["initiative"]
    assert values(initiative) == {
        "division_without_leader": -1,
        "more_cavalry": 1,
        "commander_rating": 1,
        "initiative_last_turn": 1,
        "division_attacking": 1,
    }
    assert_text(initiative, "4.0")


def test_order_activation_modifiers(rs: Ruleset) -> None:
    oac = rs.modifiers["oac"]
    assert values(oac) == {
        "within_half_radius": 0,
        "beyond_half_radius": 1,
        "per_1500_yards": 1,
        "dominating_terrain": -1,
    }
    # the distance steps rest on an assumed ground scale and rounding (issue 14, item 7)
    assert oac["per_1500_yards"].source is Source.PROVISIONAL
    assert_text({k: v for k, v in oac.items() if k != "per_1500_yards"}, "3.6")
    assert rs.options["inches_per_1500_yards"].default == 15
    assert rs.options["order_distance_rounding"].default == "up"


def test_divisional_integrity_tables(rs: Ruleset) -> None:
    assert [(r.ce, r.base) for r in rs.di_base] == [
        ([None, 6], 7),
        ([7, 8], 9),
        ([9, 10], 11),
        ([11, 12], 13),
        ([13, 14], 15),
        ([15, 16], 17),
        ([17, 20], 20),
        ([21, None], 20),
    ]
    # 9.0 stops at 20: the base for a higher average is provisional, with its note.
    assert all(r.rule == "9.0" for r in rs.di_base)
    assert all(r.source is TEXT for r in rs.di_base[:-1])
    assert rs.di_base[-1].source is Source.PROVISIONAL
    assert rs.di_base[-1].note
    assert rs.di_fail.bands == {"rout": [1, 3], "fall_back": [4, 10]}
    assert (rs.di_fail.source, rs.di_fail.rule) == (TEXT, "9.0")
    integrity = rs.modifiers["integrity"]
    assert values(integrity) == {
        "per_routed_unit": -3,
        "per_routed_this_turn": -3,
        "without_leader": -3,
        "objective_lost": -2,
        "per_two_battered": -1,
    }
    assert_text(integrity, "9.0")


def test_leader_casualty_bands(rs: Ruleset) -> None:
    assert rs.leader_casualty.bands == {
        "killed": [None, 1],
        "no_rally": [2, 4],
        "no_effect": [5, None],
    }
    assert (rs.leader_casualty.source, rs.leader_casualty.rule) == (TEXT, "8.0")
    attached = rs.mod("leader_casualty", "attached_to_assault")
    assert (attached.value, attached.source, attached.rule) == (-2, TEXT, "8.0")


def test_rally_modifiers(rs: Ruleset) -> None:
    rally = rs.modifiers["rally"]
    assert values(rally) == {"commander_rating": 1, "per_hit": -1, "routed_by_morale": -1}
    assert_text(rally, "9.1")


def test_skirmish_ratings(rs: Ruleset) -> None:
    noted = {
        "french": 2,
        "british": 2,
        "others_from_1812": 1,
        "others_before_1812": 0.5,
        "cutoff_year": 1812,
        "detach_hits": 1,
        "ineffective_hits": 2,
    }
    assert {k: v for k, v in values(rs.skirmish).items() if k in noted} == noted
    assert_text({k: rs.skirmish[k] for k in noted})
    assert rs.options["skirmish_1812_rating"].default == "after"


def test_burning_percentages(rs: Ruleset) -> None:
    assert values(rs.burning) == {"wood": 10, "masonry": 8, "stone": 5}
    assert_text(rs.burning, "7.12")


def test_engineering_numbers(rs: Ruleset) -> None:
    assert values(rs.engineering) == {
        "pontoon_turns": 4,
        "pontoon_progress_below": 6,
        "demolition_max": 5,
    }
    assert_text(rs.engineering, "10.0")


def test_movement_rows(rs: Ruleset) -> None:
    # 5.1 gives the rout rate for infantry only: the cavalry and artillery one is provisional.
    provisional = {"leader", "cavalry_skirmish", "rout_cavalry_artillery"}
    assert {k for k, v in rs.movement.items() if v.source is Source.PROVISIONAL} == provisional
    text_rows = {k: v for k, v in rs.movement.items() if k not in provisional}
    assert values(text_rows) == {
        "infantry_line": 6,
        "infantry_column": 8,
        "infantry_skirmish": 12,
        "infantry_square": 2,
        "rout": 20,
        "cavalry_line": 10,
        "cavalry_column": 10,
        "artillery_light": 10,
        "artillery_medium": 8,
        "artillery_heavy": 6,
        "artillery_prolong": 2,
        "horse_artillery": 3,
        "non_initiative_fraction": 0.5,
        "infantry_formation_change_fraction": 0.5,
        "cavalry_formation_change": 0,
        "artillery_limber": 3,
        "wheel_infantry_artillery": 3,
        "wheel_cavalry": 0,
        "about_face_fraction": 0.25,
    }
    assert_text(text_rows)
    for key in ("cavalry_line", "cavalry_column"):
        assert "possibly damaged" in rs.movement[key].reason
    leader = rs.movement["leader"]
    assert (leader.value, leader.source) == (18, PROVISIONAL)


def test_support_values(rs: Ruleset) -> None:
    text = {k: v for k, v in rs.support.items() if k != "artillery"}
    assert values(text) == {
        "infantry_column": 1,
        "infantry_square": 1,
        "infantry_line": 2,
        "flank_factor": 2,
        "enfilade": 1,
    }
    assert_text(text, "7.2")
    assert rs.support["artillery"].source is PROVISIONAL


def test_figure_scales_and_text_distances(rs: Ruleset) -> None:
    assert values(rs.scales) == {"6mm": -2, "15mm": 0, "25mm": 2}
    assert_text(rs.scales)
    assert_text(rs.distances)
    assert rs.distances["artillery_max"].value == 28
    assert rs.distances["bombardment_min"].value == 12
    assert rs.distances["infantry_fire"].value == 5


# ---------------------------------------------------------------- RULES-NOTES §3: provisional


def test_fire_table_rows(rs: Ruleset) -> None:
    rows = [(r.ce, r.disorder, r.one_hit, r.two_hits) for r in rs.fire_table]
    assert rows == [
        ([None, 0], None, None, None),
        ([1, 2], [1, 1], None, None),
        ([3, 4], [1, 1], [2, 2], None),
        ([5, 7], [1, 2], [3, 4], None),
        ([8, 10], [1, 2], [3, 4], [5, 5]),
        ([11, 13], [1, 1], [2, 4], [5, 6]),
        ([14, 17], [1, 1], [2, 3], [4, 7]),
        ([18, None], None, [1, 2], [3, 8]),
    ]
    assert all(r.rule == "6.6" for r in rs.fire_table)
    sources = {tuple(r.ce): r.source for r in rs.fire_table}
    assert sources.pop((5, 7)) is TEXT  # the one row the text gives
    assert set(sources.values()) == {PROVISIONAL}


def test_assault_table_columns(rs: Ruleset) -> None:
    columns = {tuple(c.attack_value): c.cells for c in rs.assault_table}
    dot = "."
    assert columns == {
        (0, 0): ["1/.", "F/.", "D/.", "D/D", "./.", "./.", "D/D", "./D", "./F", "./1"],
        (1, 3): ["F/.", "D/.", "D/D", "./.", "./.", "D/D", "./D", "./F", "./1", "./2"],
        (4, 6): ["D/.", "D/D", "./.", "./D", "./D", "./F", "./F", "./1", "./2", "./R"],
        (7, None): ["D/D", "./D", "./F", "./F", "./1", "./1", "./2", "./2", "./R", "./R"],
    }
    assert all(c.source is PROVISIONAL and c.rule == "7.6" for c in rs.assault_table)
    assert dot in columns[(0, 0)][4]


def test_order_activation_chart(rs: Ruleset) -> None:
    assert {r.rating: r.thresholds for r in rs.oac} == {
        -1: [2, 5, 8],
        0: [3, 6, 9],
        1: [4, 7, 10],
        2: [5, 8, 11],
        3: [6, 9, 12],
        4: [7, 10, 13],
    }
    assert all(r.source is PROVISIONAL for r in rs.oac)


def test_tactical_combat_modifiers(rs: Ruleset) -> None:
    combat = rs.modifiers["combat"]
    both = {k: v for k, v in combat.items() if k != "floor_zero"}
    assert values(both) == {
        "per_hit": -1,
        "disordered": -2,
        "changed_formation": -2,
        "per_blown": -2,
    }
    assert {v.source for v in both.values()} == {PROVISIONAL}

    fire = rs.modifiers["fire"]
    assert values(fire) == {
        "french_assault_column": -4,
        "target_column": 1,
        "target_square": 2,
        "target_skirmish": -2,
        "target_cover": -2,
        "bombardment": 1,
        "light_battery": -1,
        "heavy_battery": 1,
    }
    assert (fire["french_assault_column"].source, fire["french_assault_column"].rule) == (
        TEXT,
        "5.3.6",
    )
    assert {v.source for k, v in fire.items() if k != "french_assault_column"} == {PROVISIONAL}

    bands = [(b.max_in, b.value) for b in rs.artillery_range]
    assert bands == [(6, 2), (12, 1), (20, 0), (28, -1)]
    assert {b.source for b in rs.artillery_range} == {PROVISIONAL}

    assault = rs.modifiers["assault"]
    assert values(assault) == {
        "leader_attached": 2,
        "attack_column": 1,
        "flank": 3,
        "rear": 4,
        "enfilade": 1,
        "defender_town": 3,
        "defender_woods": 2,
        "defender_wall": 1,
        "uphill": -1,
        "square_vs_cavalry": 4,
        "unsupported_artillery": -2,
        "sabre_bonus": 2,
        "sappers": 2,
    }
    assert (assault["sappers"].source, assault["sappers"].rule) == (TEXT, "7.12")
    assert {v.source for k, v in assault.items() if k != "sappers"} == {PROVISIONAL}


# ---------------------------------------------------------------- RULES-NOTES §4: options


CONTRADICTIONS = {
    "morale_hit_threshold": (3, ["7.5", "6.8"]),
    "morale_result_reading": ("prose", ["7.5"]),
    "di_average_rounding": ("down", ["9.0"]),
    "di_battered_counts_routed": (False, ["9.0"]),
    "di_routed_this_turn_stacks": (True, ["9.0"]),
    "multi_unit_half_rounding": ("down", ["7.9"]),
    "multi_unit_three_or_more": ("strongest_plus_half_each", ["7.9"]),
    "support_rear_factor": (2, ["7.2"]),
    "routed_units_leave_table": ("next_command_phase_rally_eligible", ["7.5", "9.1"]),
    "rout_hits": ("assault_2_morale_1", ["7.3", "7.4", "7.5"]),
    "skirmish_1812_rating": ("after", ["5.5.1"]),
    "scale_adjusts": ("all_distances", ["introduction"]),
}


@pytest.mark.parametrize("name", sorted(CONTRADICTIONS))
def test_contradiction_is_an_option(rs: Ruleset, name: str) -> None:
    default, sections = CONTRADICTIONS[name]
    spec = rs.options[name]
    assert spec.default == default
    assert type(spec.default) is type(default)
    assert spec.default in spec.choices
    assert len(spec.choices) >= 2
    assert rs.option(name) == default
    for section in sections:
        assert section in spec.explanation.lower(), (name, section)


def test_option_overrides(rs: Ruleset) -> None:
    four = rs.with_options({"morale_hit_threshold": 4})
    assert four.option("morale_hit_threshold") == 4
    assert rs.option("morale_hit_threshold") == 3


# ---------------------------------------------------------------- broken copies


PER_HIT = 'per_hit:            {value: -1, rule: "5.6", source: text, reason: per hit marker}'
DISORDERED = '    disordered:         {value: -2, rule: "5.6", source: text, reason: disordered}\n'
FIRE_3_4 = '{ce: [3, 4], disorder: [1, 1], one_hit: [2, 2], rule: "6.6", source: provisional}'
FIRE_5_7 = '{ce: [5, 7], disorder: [1, 2], one_hit: [3, 4], rule: "6.6", source: text}'
ASSAULT_4_6 = '["D/.", "D/D", "./.", "./D", "./D", "./F", "./F", "./1", "./2", "./R"]'
OAC_1 = '{rating: 1, thresholds: [4, 7, 10], rule: "3.1", source: provisional}'
RADIUS_4 = '  - {rating: 4, division: 16, corps: 32, army: 40, rule: "3.6", source: text}\n'
DI_FAIL = "bands: {rout: [1, 3], fall_back: [4, 10]}"
THRESHOLD = "    default: 3\n    choices: [3, 4]\n"
ROUT_SAFE = '  rout_safe:             {value: 18, rule: "7.4"'


def test_unknown_key(tmp_path: pathlib.Path) -> None:
    text = edit(SHIPPED, PER_HIT, PER_HIT.replace("}", ", colour: red}"))
    p = only_problem(write(tmp_path, text))
    line, column = position(text, "colour")
    assert where(p) == (line, column, "modifiers.square.per_hit.colour")
    assert "unknown key" in p.message


def test_unknown_top_level_key(tmp_path: pathlib.Path) -> None:
    text = SHIPPED + "extras: {}\n"
    p = only_problem(write(tmp_path, text))
    assert where(p) == (*position(text, "extras:"), "extras")


def test_wrong_type(tmp_path: pathlib.Path) -> None:
    text = edit(SHIPPED, PER_HIT, PER_HIT.replace("-1", "minus one"))
    p = only_problem(write(tmp_path, text))
    assert where(p) == (*position(text, "minus one"), "modifiers.square.per_hit.value")
    assert "number" in p.message


def test_wrong_source(tmp_path: pathlib.Path) -> None:
    text = edit(SHIPPED, PER_HIT, PER_HIT.replace("source: text", "source: rumour"))
    p = only_problem(write(tmp_path, text))
    assert where(p) == (*position(text, "rumour"), "modifiers.square.per_hit.source")


def test_missing_value_key(tmp_path: pathlib.Path) -> None:
    text = edit(SHIPPED, PER_HIT, PER_HIT.replace(' rule: "5.6",', ""))
    p = only_problem(write(tmp_path, text))
    line, _ = position(text, PER_HIT.replace(' rule: "5.6",', ""))
    assert where(p) == (line, position(text, "{value: -1, source")[1], "modifiers.square.per_hit")
    assert "missing key 'rule'" in p.message


def test_missing_modifier_entry(tmp_path: pathlib.Path) -> None:
    text = edit(SHIPPED, DISORDERED, "")
    p = only_problem(write(tmp_path, text))
    # reported at the square group, which starts at its first entry
    assert where(p) == (*position(text, "per_hit:"), "modifiers.square")
    assert "missing entry 'disordered'" in p.message


def test_unknown_modifier_entry(tmp_path: pathlib.Path) -> None:
    rain = '    rain: {value: -1, rule: "5.6", source: house, reason: rain}\n'
    text = edit(SHIPPED, DISORDERED, DISORDERED + rain)
    p = only_problem(write(tmp_path, text))
    assert where(p) == (*position(text, "rain:"), "modifiers.square.rain")
    assert "unknown entry" in p.message


def test_gappy_fire_row(tmp_path: pathlib.Path) -> None:
    text = edit(SHIPPED, FIRE_3_4, FIRE_3_4.replace("ce: [3, 4]", "ce: [3, 3]"))
    p = only_problem(write(tmp_path, text))
    # the row after the gap does not follow on from 3
    assert where(p) == (*position(text, FIRE_5_7), "fire_table[3]")
    assert "expected 4" in p.message


def test_overlapping_fire_bands(tmp_path: pathlib.Path) -> None:
    text = edit(SHIPPED, FIRE_5_7, FIRE_5_7.replace("one_hit: [3, 4]", "one_hit: [2, 4]"))
    p = only_problem(write(tmp_path, text))
    assert where(p) == (*position(text, "[2, 4], rule"), "fire_table[3].one_hit")
    assert "roll 2" in p.message


def test_fire_band_beyond_a_d10(tmp_path: pathlib.Path) -> None:
    text = edit(SHIPPED, FIRE_5_7, FIRE_5_7.replace("one_hit: [3, 4]", "one_hit: [3, 11]"))
    p = only_problem(write(tmp_path, text))
    assert where(p) == (*position(text, "[3, 11]"), "fire_table[3].one_hit")


def test_assault_column_with_nine_cells(tmp_path: pathlib.Path) -> None:
    text = edit(SHIPPED, ASSAULT_4_6, ASSAULT_4_6.replace(', "./R"]', "]"))
    p = only_problem(write(tmp_path, text))
    assert where(p) == (*position(text, '["D/.", "D/D", "./."'), "assault_table[2].cells")
    assert "has 9" in p.message


def test_bad_assault_cell(tmp_path: pathlib.Path) -> None:
    text = edit(SHIPPED, ASSAULT_4_6, ASSAULT_4_6.replace('"./F", "./1"', '"./X", "./1"'))
    p = only_problem(write(tmp_path, text))
    assert where(p) == (*position(text, '"./X"'), "assault_table[2].cells[6]")
    assert "'./X'" in p.message


def test_oac_row_with_falling_thresholds(tmp_path: pathlib.Path) -> None:
    text = edit(SHIPPED, OAC_1, OAC_1.replace("[4, 7, 10]", "[4, 3, 10]"))
    p = only_problem(write(tmp_path, text))
    assert where(p) == (*position(text, "[4, 3, 10]"), "oac[2].thresholds")
    assert "rising" in p.message


def test_command_radius_missing_rating_four(tmp_path: pathlib.Path) -> None:
    text = edit(SHIPPED, RADIUS_4, "")
    p = only_problem(write(tmp_path, text))
    assert where(p) == (*position(text, "- {rating: -1, division"), "command_radius")
    assert "-1..4" in p.message


def test_di_fail_chart_missing_a_roll(tmp_path: pathlib.Path) -> None:
    text = edit(SHIPPED, DI_FAIL, DI_FAIL.replace("[4, 10]", "[5, 10]"))
    p = only_problem(write(tmp_path, text))
    assert where(p) == (*position(text, DI_FAIL.replace("[4, 10]", "[5, 10]")), "di_fail")
    assert "[4]" in p.message


def test_option_default_not_a_choice(tmp_path: pathlib.Path) -> None:
    text = edit(SHIPPED, THRESHOLD, THRESHOLD.replace("default: 3", "default: 5"))
    p = only_problem(write(tmp_path, text))
    line, _ = position(text, "default: 5")
    assert where(p) == (line, 14, "options.morale_hit_threshold.default")
    assert "5" in p.message


def test_duplicate_key(tmp_path: pathlib.Path) -> None:
    text = edit(SHIPPED, ROUT_SAFE, ROUT_SAFE + ", source: text}\n" + ROUT_SAFE)
    p = only_problem(write(tmp_path, text))
    assert where(p) == (*position(text, "rout_safe:", occurrence=2), "distances.rout_safe")
    assert "duplicate key" in p.message


def test_invalid_yaml(tmp_path: pathlib.Path) -> None:
    text = edit(SHIPPED, "title: Eagles Over", "title: a: Eagles Over")
    p = only_problem(write(tmp_path, text))
    line, column = position(text, "title: a:")
    assert where(p) == (line, column + len("title: a"), "(document)")
    assert "not valid YAML" in p.message


def test_missing_file(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "nowhere.yaml"
    p = only_problem(path)
    assert where(p) == (1, 1, "(document)")
    assert "cannot read" in p.message


def test_unreadable_file(tmp_path: pathlib.Path) -> None:
    folder = tmp_path / "a-folder.yaml"
    folder.mkdir()
    assert "cannot read" in only_problem(folder).message
    latin = tmp_path / "latin1.yaml"
    latin.write_bytes(SHIPPED.replace("—", "-").encode("utf-8") + b"# caf\xe9\n")
    assert "cannot read" in only_problem(latin).message


def test_not_a_mapping(tmp_path: pathlib.Path) -> None:
    p = only_problem(write(tmp_path, "- just\n- a list\n"))
    assert where(p) == (1, 1, "(document)")


def test_several_errors_reported_at_once(tmp_path: pathlib.Path) -> None:
    text = edit(SHIPPED, FIRE_3_4, FIRE_3_4.replace("ce: [3, 4]", "ce: [3, 3]"))
    text = edit(text, OAC_1, OAC_1.replace("[4, 7, 10]", "[4, 3, 10]"))
    text = edit(text, THRESHOLD, THRESHOLD.replace("default: 3", "default: 5"))
    text = edit(text, RADIUS_4, "")
    text = edit(text, DISORDERED, "")
    problems = validate_ruleset(write(tmp_path, text))
    assert {path_text(p.path) for p in problems} == {
        "fire_table[3]",
        "oac[2].thresholds",
        "options.morale_hit_threshold.default",
        "command_radius",
        "modifiers.square",
    }
    assert all(p.mark is not None and p.mark.line > 1 for p in problems)


def test_several_parse_errors_reported_at_once(tmp_path: pathlib.Path) -> None:
    text = edit(SHIPPED, PER_HIT, PER_HIT.replace("-1", "minus one"))
    text = edit(text, OAC_1, OAC_1.replace("rating: 1", "rating: one"))
    text = edit(text, DI_FAIL, "colour: red\n  " + DI_FAIL)
    problems = validate_ruleset(write(tmp_path, text))
    assert [where(p) for p in problems] == sorted(
        [
            (*position(text, "minus one"), "modifiers.square.per_hit.value"),
            (*position(text, "one, thresholds"), "oac[2].rating"),
            (*position(text, "colour: red"), "di_fail.colour"),
        ],
        key=lambda w: (w[0], w[1]),
    )


# ---------------------------------------------------------------- a valid house edit


def test_house_edit_loads(tmp_path: pathlib.Path, rs: Ruleset) -> None:
    text = edit(
        SHIPPED, PER_HIT, PER_HIT.replace("-1", "-2").replace("source: text", "source: house")
    )
    house = load_ruleset(write(tmp_path, text))
    per_hit = house.mod("square", "per_hit")
    assert (per_hit.value, per_hit.source, per_hit.rule) == (-2, HOUSE, "5.6")
    assert rs.mod("square", "per_hit").value == -1
    assert house.uses_provisional


def test_house_chart_replacing_every_provisional_value(tmp_path: pathlib.Path) -> None:
    text = SHIPPED.replace("source: provisional", "source: house")
    house = load_ruleset(write(tmp_path, text))
    assert not house.uses_provisional
    assert house.mod("assault", "flank").source is HOUSE


def test_uses_provisional_sees_every_table(tmp_path: pathlib.Path) -> None:
    text = SHIPPED.replace("source: provisional", "source: house")
    text = edit(text, '  rule: "9.0"\n  source: text\n', '  rule: "9.0"\n  source: provisional\n')
    assert load_ruleset(write(tmp_path, text)).uses_provisional


# ---------------------------------------------------------------- numbers (issue 19, item 1)

LINE_6 = "  infantry_line:     {value: 6,"


@pytest.mark.parametrize(
    ("old", "new", "path", "words"),
    [
        (LINE_6, "  infantry_line:     {value: .nan,", "movement.infantry_line.value", "nan"),
        (LINE_6, "  infantry_line:     {value: .inf,", "movement.infantry_line.value", "inf"),
        (LINE_6, "  infantry_line:     {value: -6,", "movement.infantry_line.value", "negative"),
        (
            ROUT_SAFE,
            ROUT_SAFE.replace("value: 18", "value: -18"),
            "distances.rout_safe.value",
            "negative",
        ),
        (
            RADIUS_4,
            RADIUS_4.replace("division: 16", "division: 1.0e+24"),
            "command_radius[5].division",
            "beyond 10000",
        ),
        (
            RADIUS_4,
            RADIUS_4.replace("army: 40", "army: 4000"),
            "command_radius[5].army",
            "beyond 1000",
        ),
        (
            '    per_hit:            {value: -1, rule: "5.6"',
            '    per_hit:            {value: -.nan, rule: "5.6"',
            "modifiers.square.per_hit.value",
            "nan",
        ),
    ],
)
def test_bad_numbers_are_refused_with_their_position(
    tmp_path: pathlib.Path, old: str, new: str, path: str, words: str
) -> None:
    """NaN, infinities, negative inches and absurd magnitudes: file, line, column and key."""
    text = edit(SHIPPED, old, new)
    p = only_problem(write(tmp_path, text))
    assert p.mark is not None
    assert p.mark.line == position(text, new)[0]
    assert path_text(p.path) == path
    assert words in p.message


def test_negative_modifiers_and_ratings_stay_allowed(rs: Ruleset) -> None:
    """Modifiers and the replacement rating are signed by nature; only inches may not be."""
    assert rs.mod("square", "per_hit").value < 0
    assert rs.quantity("replacement_rating").value < 0
