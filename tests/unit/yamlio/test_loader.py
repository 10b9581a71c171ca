"""The safe loader: positions of values and keys, duplicate keys, bad YAML, unreadable files."""

from __future__ import annotations

import pathlib

import pytest

from eote_ref.yamlio.loader import load_file, load_text
from eote_ref.yamlio.problems import Mark, Problem, YamlError
from tests.unit.yamlio.helpers import FILE, where

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


def test_a_line_indented_one_space_too_far_gets_a_hint_in_plain_words() -> None:
    """A scenario's ``from_turn`` one space too far in read "did not find expected key"."""
    text = "reinforcements:\n  - side: French\n    commands: [II Corps]\n     from_turn: 4\n"
    with pytest.raises(YamlError) as exc:
        load_text(text, FILE)
    (p,) = exc.value.problems
    assert p.mark is not None
    assert p.mark.line == 4
    assert p.message.startswith("not valid YAML: ")
    assert "check this line's indentation" in p.message
