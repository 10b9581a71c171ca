"""The strict YAML helper: positions, duplicate keys, typed parsing, all problems at once."""

from __future__ import annotations

import enum
import pathlib
from dataclasses import dataclass, field
from typing import Literal

import pytest

from eote_ref import yamlio
from eote_ref.yamlio import Mark, Problem, YamlError, load_file, load_text, meta, parse

FILE = "test.yaml"


def where(p: Problem) -> tuple[int, int, str]:
    assert p.mark is not None
    assert p.mark.file == FILE
    return p.mark.line, p.mark.column, yamlio.path_text(p.path)


def problems_of(cls: type, text: str) -> list[Problem]:
    with pytest.raises(YamlError) as exc:
        parse(cls, load_text(text, FILE))
    return exc.value.problems


def one_problem(cls: type, text: str) -> Problem:
    problems = problems_of(cls, text)
    assert len(problems) == 1, [str(p) for p in problems]
    return problems[0]


# ---------------------------------------------------------------- positions


POSITIONS = """\
name: Ney
ranks:
  - first
  - {grade: 2, note: x}
deep:
  inner:
    value: 7
"""


def test_value_positions_are_one_based() -> None:
    doc = load_text(POSITIONS, FILE)
    assert doc.marks[()] == Mark(FILE, 1, 1)  # a read-only view of the stored positions
    assert doc.mark(("name",)) == Mark(FILE, 1, 7)
    assert doc.mark(("ranks", 0)) == Mark(FILE, 3, 5)
    assert doc.mark(("ranks", 1)) == Mark(FILE, 4, 5)
    assert doc.mark(("ranks", 1, "grade")) == Mark(FILE, 4, 13)
    assert doc.mark(("ranks", 1, "note")) == Mark(FILE, 4, 22)
    assert doc.mark(("deep", "inner", "value")) == Mark(FILE, 7, 12)


def test_key_positions() -> None:
    doc = load_text(POSITIONS, FILE)
    assert doc.key_mark(("name",)) == Mark(FILE, 1, 1)
    assert doc.key_mark(("ranks",)) == Mark(FILE, 2, 1)
    assert doc.key_mark(("ranks", 1, "note")) == Mark(FILE, 4, 16)
    assert doc.key_mark(("deep", "inner", "value")) == Mark(FILE, 7, 5)


def test_position_falls_back_to_the_nearest_parent() -> None:
    doc = load_text(POSITIONS, FILE)
    assert doc.mark(("ranks", 1, "missing")) == Mark(FILE, 4, 5)
    assert doc.key_mark(("ranks", 0)) == Mark(FILE, 3, 5)  # no key: the value's position


def test_data_is_plain() -> None:
    doc = load_text(POSITIONS, FILE)
    assert doc.data == {
        "name": "Ney",
        "ranks": ["first", {"grade": 2, "note": "x"}],
        "deep": {"inner": {"value": 7}},
    }


def test_empty_document() -> None:
    doc = load_text("", FILE)
    assert doc.data is None
    assert doc.mark(()) == Mark(FILE, 1, 1)


def test_problem_text() -> None:
    p = Problem(Mark(FILE, 3, 5), ("ranks", 1, "grade"), "bad")
    assert str(p) == "test.yaml:3:5: error: ranks[1].grade: bad"
    assert str(Problem(None, (), "bad", "warning")) == "?: warning: (document): bad"


# ---------------------------------------------------------------- loading errors


def test_duplicate_keys_all_reported() -> None:
    text = "a: 1\nb:\n  c: 1\n  c: 2\na: 3\n"
    with pytest.raises(YamlError) as exc:
        load_text(text, FILE)
    found = sorted(where(p) for p in exc.value.problems)
    assert found == [(4, 3, "b.c"), (5, 1, "a")]
    assert all("duplicate key" in p.message for p in exc.value.problems)


def test_invalid_yaml() -> None:
    with pytest.raises(YamlError) as exc:
        load_text("a: 1\nb: c: d\n", FILE)
    (p,) = exc.value.problems
    assert where(p) == (2, 5, "(document)")
    assert "not valid YAML" in p.message


def test_unknown_tag_is_a_problem_not_a_crash() -> None:
    with pytest.raises(YamlError) as exc:
        load_text("a: !!python/object:os.system ls\n", FILE)
    (p,) = exc.value.problems
    assert where(p)[:2] == (1, 4)


def test_load_file(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    doc = load_file(path)
    assert doc.data == {"a": 1}
    assert doc.mark(("a",)) == Mark(str(path), 1, 4)


def test_load_missing_file(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "missing.yaml"
    with pytest.raises(YamlError) as exc:
        load_file(path)
    (p,) = exc.value.problems
    assert p.mark == Mark(str(path), 1, 1)
    assert "cannot read" in p.message


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
    assert yamlio.path_text(p.path) == path
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
    found = {yamlio.path_text(p.path) for p in problems_of(Unit, text)}
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
    assert yamlio.path_text(p.path) == "band.high"
    assert "whole number" in p.message


# ---------------------------------------------------------------- raise_if


def test_raise_if_only_warnings_does_not_raise() -> None:
    yamlio.raise_if([])
    yamlio.raise_if([Problem(None, ("a",), "odd", "warning")])


def test_raise_if_an_error_raises_with_every_problem() -> None:
    warning = Problem(Mark(FILE, 1, 1), ("a",), "odd", "warning")
    error = Problem(Mark(FILE, 2, 1), ("b",), "wrong")
    with pytest.raises(YamlError) as exc:
        yamlio.raise_if(iter([warning, error]))
    assert exc.value.problems == [warning, error]
    assert str(exc.value) == f"{warning}\n{error}"
