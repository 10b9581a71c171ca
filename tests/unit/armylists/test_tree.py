"""The order of battle as an editable tree: taken apart and put together, problems located."""

from __future__ import annotations

import dataclasses
import pathlib

import pytest

from eote_ref.armylists.loader import load_army_list
from eote_ref.armylists.model import Unit
from eote_ref.armylists.tree import (
    Kind,
    Node,
    allowed_levels,
    build_tree,
    can_hold,
    locate,
    to_army_list,
    unique_name,
)
from eote_ref.packs.eote.rules.command import Level
from eote_ref.packs.eote.rules.units import Arm
from eote_ref.yamlio.problems import Problem

REPO = pathlib.Path(__file__).resolve().parents[3]
WATERLOO = REPO / "army_lists" / "waterloo-1815-french.yaml"


@pytest.fixture(scope="module")
def root() -> Node:
    return build_tree(load_army_list(WATERLOO).army_list)


def test_a_shipped_list_comes_back_unchanged_from_its_tree(root: Node) -> None:
    original = load_army_list(WATERLOO).army_list
    assert to_army_list(root) == original
    assert len(root.units()) == len(original.units())


def test_nodes_hold_values_without_children(root: Node) -> None:
    commands = [n for n in root.walk() if n.kind is Kind.COMMAND]
    assert commands
    assert all(n.value.commands == () and n.value.units == () for n in commands)
    assert root.value.army.commands == ()


def test_a_unit_belongs_only_in_a_division_or_brigade(root: Node) -> None:
    division = next(n for n in root.walk() if n.holds_units)
    corps = division.parent
    assert corps is not None
    assert not corps.holds_units
    unit = division.children[0]
    assert unit.kind is Kind.UNIT
    assert can_hold(division, unit)
    assert not can_hold(corps, unit)
    assert not can_hold(division, corps)  # a command never goes under its own division
    assert allowed_levels(division) == [Level.DIVISION, Level.BRIGADE]


def test_unique_name_skips_names_in_use_ignoring_case() -> None:
    unit = Unit(name="New unit", arm=Arm.INFANTRY, type="line", ce=5, stands=4)
    siblings = [
        Node(Kind.UNIT, unit),
        Node(Kind.UNIT, dataclasses.replace(unit, name="NEW UNIT 2")),
    ]
    assert unique_name("New unit", siblings) == "New unit 3"
    assert unique_name("Other", siblings) == "Other"


def test_a_problem_lands_on_the_unit_it_names(root: Node) -> None:
    path = ("army", "commands", 0, "commands", 0, "commands", 0, "units", 1, "ce")
    node, located = locate(root, Problem(None, path, "too high"))
    first_division = root.children[0].children[0].children[0]  # army > wing > corps > division
    assert node is first_division.children[1]
    assert located.field == ("ce",)
    assert located.text == "ce: too high"


def test_a_problem_below_a_command_without_such_children_stays_on_the_command(root: Node) -> None:
    corps = root.children[0].children[0]
    node, located = locate(
        root, Problem(None, ("army", "commands", 0, "commands", 0, "units", 1), "x")
    )
    assert node is corps
    assert located.field == ("units", 1)


def test_a_top_level_problem_lands_on_the_army() -> None:
    root = build_tree(load_army_list(WATERLOO).army_list)
    node, located = locate(root, Problem(None, ("sources", 2), "must not be empty"))
    assert node is root
    assert located.field == ("list", "sources")
