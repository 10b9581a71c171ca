"""The named options read through one typed attribute each, checked against the ruleset file."""

from __future__ import annotations

import dataclasses
import pathlib

import pytest

from eote_ref.packs.eote.rules.options import Options, option_problems
from eote_ref.packs.eote.rulesets import DEFAULT_RULESET, load_default, validate_ruleset


def test_every_option_of_the_file_is_an_attribute_and_back() -> None:
    rs = load_default()
    assert [f.name for f in dataclasses.fields(Options)] == list(rs.options)
    assert option_problems({n: s.choices for n, s in rs.options.items()}) == []


def test_the_attributes_are_the_chosen_values() -> None:
    rs = load_default()
    assert rs.opts.morale_hit_threshold == rs.option("morale_hit_threshold") == 3
    four = rs.with_options({"morale_hit_threshold": 4, "rout_hits": "always_1"})
    assert four.opts.morale_hit_threshold == 4
    assert four.opts.rout_hits == "always_1"
    assert rs.opts.rout_hits == "assault_2_morale_1"  # the shipped ruleset is untouched
    for name, spec in rs.options.items():
        assert getattr(rs.opts, name) == spec.default


def test_a_file_that_does_not_fit_the_attributes_is_named() -> None:
    choices = {n: s.choices for n, s in load_default().options.items()}
    del choices["rout_hits"]
    choices["new_reading"] = ["a", "b"]
    choices["morale_hit_threshold"] = [3, "4"]
    choices["enfilade_support"] = ["doubled_then_plus_1", "doubled"]
    assert sorted(option_problems(choices)) == [
        (
            "enfilade_support",
            "choice 'doubled' is not one the engine knows (doubled_then_plus_1, plus_1_only)",
        ),
        ("morale_hit_threshold", "choice '4' is not a int"),
        ("new_reading", "unknown option (Options has no such attribute)"),
        ("rout_hits", "missing option (Options reads it)"),
    ]
    assert option_problems(choices, names=False) == [
        ("morale_hit_threshold", "choice '4' is not a int"),
        (
            "enfilade_support",
            "choice 'doubled' is not one the engine knows (doubled_then_plus_1, plus_1_only)",
        ),
    ]


def test_a_club_copy_with_a_choice_the_engine_does_not_know_is_refused(
    tmp_path: pathlib.Path,
) -> None:
    text = DEFAULT_RULESET.read_text(encoding="utf-8")
    old = "choices: [doubled_then_plus_1, plus_1_only]"
    assert text.count(old) == 1
    path = tmp_path / "club.yaml"
    path.write_text(text.replace(old, "choices: [doubled_then_plus_1, plus_1_only, triple]"))
    (problem,) = validate_ruleset(path)
    assert "triple" in problem.message
    assert problem.path == ("options", "enfilade_support")


def test_a_misspelt_option_is_an_attribute_error_not_a_silent_default() -> None:
    with pytest.raises(AttributeError):
        getattr(load_default().opts, "morale_hit_treshold")  # noqa: B009 - mypy refuses .name
