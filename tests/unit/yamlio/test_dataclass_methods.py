"""Dataclasses' methods compiled once and read back from a copy (issue 36, start-up)."""

from __future__ import annotations

import dataclasses
import pathlib
import sys
from collections.abc import Iterator

import pytest

from eote_ref.yamlio import dataclass_methods


@pytest.fixture(autouse=True)
def _no_cache_left(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(sys, "dont_write_bytecode", False)  # as a start that writes .pyc
    yield
    dataclass_methods.finish()
    assert "exec" not in vars(dataclasses)


def _make_classes() -> tuple[type, type]:
    """Two dataclasses made afresh (frozen with defaults, and plain with slots and kw_only)."""

    @dataclasses.dataclass(frozen=True)
    class Point:
        x: int
        y: int = 2
        tags: tuple[str, ...] = dataclasses.field(default_factory=tuple)

    @dataclasses.dataclass(slots=True, kw_only=True, order=True)
    class Row:
        name: str
        rows: list[int] = dataclasses.field(default_factory=list)

    return Point, Row


def _exercise(point: type, row: type) -> list[object]:
    """What the classes' generated methods do, as plain values to compare."""
    p = point(1)
    seen: list[object] = [repr(p), p == point(1, 2), p == point(1, 3), hash(p) == hash(point(1))]
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 5
    r = row(name="a")
    r.rows.append(1)
    seen += [repr(r), r < row(name="b"), row(name="a") != r, dataclasses.astuple(r)]
    with pytest.raises(TypeError):
        row("a")  # keyword only
    return seen


def test_a_second_run_compiles_nothing_and_the_classes_behave_the_same(
    tmp_path: pathlib.Path,
) -> None:
    plain = _exercise(*_make_classes())

    dataclass_methods.install("t", tmp_path)
    first = _exercise(*_make_classes())
    assert dataclass_methods.finish() > 5  # __init__, __repr__, __eq__, __hash__, ...
    assert dataclass_methods.copy_path("t", tmp_path).is_file()

    dataclass_methods.install("t", tmp_path)
    second = _exercise(*_make_classes())
    assert dataclass_methods.finish() == 0  # every method came from the copy
    assert first == plain
    assert second == plain


def test_only_while_installed(tmp_path: pathlib.Path) -> None:
    assert dataclass_methods.finish() == 0  # nothing installed: nothing to do
    dataclass_methods.install("t", tmp_path)
    assert "exec" in vars(dataclasses)
    dataclass_methods.finish()
    assert "exec" not in vars(dataclasses)


def test_a_damaged_copy_is_compiled_again_and_rewritten(tmp_path: pathlib.Path) -> None:
    dataclass_methods.install("t", tmp_path)
    _make_classes()
    dataclass_methods.finish()
    copy = dataclass_methods.copy_path("t", tmp_path)
    raw = copy.read_bytes()
    copy.write_bytes(raw[:-40] + bytes(40))  # damaged: its digest no longer matches

    dataclass_methods.install("t", tmp_path)
    assert str(_exercise(*_make_classes())[0]).endswith("Point(x=1, y=2, tags=())")
    assert dataclass_methods.finish() > 5
    assert copy.read_bytes() == raw  # written again whole

    copy.write_bytes(b"x" * 10)  # truncated
    dataclass_methods.install("t", tmp_path)
    _make_classes()
    assert dataclass_methods.finish() > 5


def test_nothing_is_written_without_bytecode(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    dataclass_methods.install("t", tmp_path)
    _make_classes()
    assert dataclass_methods.finish() > 5
    assert list(tmp_path.iterdir()) == []
