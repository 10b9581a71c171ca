"""The typed parse: dataclasses from YAML, wrong types, ranges, unknown and missing keys."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Literal

import pytest

from eote_ref.yamlio.loader import load_text
from eote_ref.yamlio.problems import Mark, Problem, YamlError, path_text, raise_if
from eote_ref.yamlio.typed import meta, parse
from tests.unit.yamlio.helpers import FILE, one_problem, problems_of, where

# ---------------------------------------------------------------- typed parse


class Arm(enum.Enum):
    INFANTRY = "infantry"
    CAVALRY = "cavalry"


@dataclass(frozen=True)
class Leader:
    name: str
    rating: int = field(default=0, metadata=meta(min=-1, max=4))


@dataclass(frozen=True)
class Unit:
    arm: Arm
    formation: Literal["line", "column"]
    ce: int = field(metadata=meta(min=0, max=20))
    scale: float = 1.0
    tags: list[str] = field(default_factory=list)
    hits: dict[str, int] = field(default_factory=dict)
    leader: Leader | None = None
    strength: int | None = None


GOOD = """\
arm: cavalry
formation: column
ce: 6
scale: 2
tags: [guard, heavy]
hits: {first: 1, second: 0}
leader: {name: Murat, rating: 3}
strength: null
"""


def test_typed_parse() -> None:
    unit = parse(Unit, load_text(GOOD, FILE))
    assert unit == Unit(
        arm=Arm.CAVALRY,
        formation="column",
        ce=6,
        scale=2.0,
        tags=["guard", "heavy"],
        hits={"first": 1, "second": 0},
        leader=Leader("Murat", 3),
        strength=None,
    )
    assert isinstance(unit.scale, float)  # float accepts an int and makes it a float


def test_defaults() -> None:
    unit = parse(Unit, load_text("arm: infantry\nformation: line\nce: 0\n", FILE))
    assert unit == Unit(Arm.INFANTRY, "line", 0)


@pytest.mark.parametrize(
    ("old", "new", "at", "words"),
    [
        ("arm: cavalry", "arm: dragoons", (1, 6, "arm"), "'infantry' | 'cavalry'"),
        ("formation: column", "formation: square", (2, 12, "formation"), "'line' | 'column'"),
        ("formation: column", "formation: 1", (2, 12, "formation"), "one of"),
        ("ce: 6", "ce: six", (3, 5, "ce"), "a whole number"),
        ("ce: 6", "ce: true", (3, 5, "ce"), "a whole number"),  # a bool is not an int
        ("ce: 6", "ce: 6.5", (3, 5, "ce"), "a whole number"),
        ("scale: 2", "scale: big", (4, 8, "scale"), "a number"),
        ("scale: 2", "scale: false", (4, 8, "scale"), "a number"),
        ("tags: [guard, heavy]", "tags: [guard, 3]", (5, 15, "tags[1]"), "text"),
        ("tags: [guard, heavy]", "tags: guard", (5, 7, "tags"), "a list"),
        ("second: 0}", "second: x}", (6, 26, "hits.second"), "a whole number"),
        ("hits: {first: 1, second: 0}", "hits: [1]", (6, 7, "hits"), "a mapping"),
        ("rating: 3}", "rating: many}", (7, 31, "leader.rating"), "a whole number"),
        ("leader: {name: Murat, rating: 3}", "leader: Murat", (7, 9, "leader"), "a mapping"),
        ("strength: null", "strength: lots", (8, 11, "strength"), "a whole number"),
    ],
)
def test_wrong_type_reported_at_the_value(
    old: str, new: str, at: tuple[int, int, str], words: str
) -> None:
    text = GOOD.replace(old, new)
    assert text != GOOD
    p = one_problem(Unit, text)
    assert where(p) == at
    assert words in p.message


@pytest.mark.parametrize(
    ("old", "new", "path"),
    [
        ("ce: 6", "ce: 21", "ce"),
        ("ce: 6", "ce: -1", "ce"),
        ("rating: 3}", "rating: 5}", "leader.rating"),
        ("rating: 3}", "rating: -2}", "leader.rating"),
    ],
)
def test_range_from_meta(old: str, new: str, path: str) -> None:
    p = one_problem(Unit, GOOD.replace(old, new))
    assert path_text(p.path) == path
    assert "out of range" in p.message


def test_range_bounds_are_inclusive() -> None:
    unit = parse(Unit, load_text(GOOD.replace("ce: 6", "ce: 20").replace("g: 3", "g: -1"), FILE))
    assert unit.ce == 20
    assert unit.leader == Leader("Murat", -1)


def test_unknown_key_reported_at_the_key() -> None:
    p = one_problem(Unit, GOOD.replace("ce: 6", "ce: 6\ncolour: red"))
    assert where(p) == (4, 1, "colour")
    assert "unknown key" in p.message
    assert "arm, ce, formation" in p.message


def test_unknown_nested_key() -> None:
    p = one_problem(Unit, GOOD.replace("rating: 3}", "rating: 3, age: 40}"))
    assert where(p) == (7, 34, "leader.age")


def test_missing_key_reported_at_the_mapping() -> None:
    p = one_problem(Unit, GOOD.replace("ce: 6\n", ""))
    assert where(p) == (1, 1, "(document)")
    assert p.message == "missing key 'ce'"
    nested = one_problem(Unit, GOOD.replace("name: Murat, ", ""))
    assert where(nested) == (7, 9, "leader")
    assert nested.message == "missing key 'name'"


def test_not_a_mapping() -> None:
    p = one_problem(Unit, "- a\n- b\n")
    assert where(p) == (1, 1, "(document)")


def test_every_problem_at_once() -> None:
    text = GOOD.replace("arm: cavalry", "arm: dragoons").replace("ce: 6", "ce: 99\nx: 1")
    text = text.replace("rating: 3}", "rating: 9}")
    found = {path_text(p.path) for p in problems_of(Unit, text)}
    assert found == {"arm", "ce", "x", "leader.rating"}


def test_renamed_key() -> None:
    @dataclass(frozen=True)
    class Renamed:
        klass: str = field(metadata=meta(key="class"))

    assert parse(Renamed, load_text("class: light\n", FILE)) == Renamed("light")
    messages = [p.message for p in problems_of(Renamed, "klass: light\n")]
    assert messages == ["unknown key (known keys: class)", "missing key 'class'"]


# ---------------------------------------------------------------- the dataclass's own checks


class FieldError(ValueError):
    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Checked:
    low: int
    high: int

    def __post_init__(self) -> None:
        if self.high < self.low:
            raise FieldError("high is below low", "high")
        if self.high == self.low:
            raise ValueError("an empty range")


@dataclass(frozen=True)
class Holder:
    band: Checked


def test_post_init_error_reported_at_its_field() -> None:
    p = one_problem(Holder, "band:\n  low: 5\n  high: 3\n")
    assert where(p) == (3, 9, "band.high")
    assert p.message == "high is below low"


def test_post_init_error_without_a_field_reported_at_the_object() -> None:
    p = one_problem(Holder, "band:\n  low: 5\n  high: 5\n")
    assert where(p) == (2, 3, "band")
    assert p.message == "an empty range"


def test_post_init_not_run_when_fields_are_wrong() -> None:
    p = one_problem(Holder, "band:\n  low: 5\n  high: x\n")
    assert path_text(p.path) == "band.high"
    assert "whole number" in p.message


# ---------------------------------------------------------------- raise_if


def test_raise_if_only_warnings_does_not_raise() -> None:
    raise_if([])
    raise_if([Problem(None, ("a",), "odd", "warning")])


def test_raise_if_an_error_raises_with_every_problem() -> None:
    warning = Problem(Mark(FILE, 1, 1), ("a",), "odd", "warning")
    error = Problem(Mark(FILE, 2, 1), ("b",), "wrong")
    with pytest.raises(YamlError) as exc:
        raise_if(iter([warning, error]))
    assert exc.value.problems == [warning, error]
    assert str(exc.value) == f"{warning}\n{error}"
