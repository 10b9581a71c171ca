"""The parsed copy of a data file both packs keep beside the bytecode (yamlio/cache.py)."""

from __future__ import annotations

import os
import pathlib
import pickle
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import pytest

from eote_ref.yamlio import cache

T = TypeVar("T")


@dataclass(frozen=True)
class Parsed:
    text: str


class Loader:
    """Parses the data file (reads its text), counting the calls."""

    def __init__(self, file: pathlib.Path) -> None:
        self.file = file
        self.calls = 0

    def __call__(self) -> Parsed:
        self.calls += 1
        return Parsed(self.file.read_text())


@pytest.fixture
def setup(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> tuple[pathlib.Path, Loader]:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "reader.py").write_text("# the code the parsed result depends on\n")
    monkeypatch.setattr(cache, "PACKAGE", package)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    data = tmp_path / "data" / "pack.yaml"
    data.parent.mkdir()
    data.write_text("a: 1\n")
    return data, Loader(data)


def get(data: pathlib.Path, load: Loader) -> Parsed:
    return cache.cached(data, load, Parsed, ("*.py",))


def copies(data: pathlib.Path) -> list[pathlib.Path]:
    return sorted((data.parent / "__pycache__").glob("pack.yaml.*.pickle"))


def test_the_second_call_reads_the_copy(setup: tuple[pathlib.Path, Loader]) -> None:
    data, load = setup
    assert get(data, load) == Parsed("a: 1\n")
    assert get(data, load) == Parsed("a: 1\n")
    assert load.calls == 1
    assert len(copies(data)) == 1


def test_new_content_is_parsed_again_and_the_old_copy_removed(
    setup: tuple[pathlib.Path, Loader],
) -> None:
    data, load = setup
    get(data, load)
    stat = data.stat()
    data.write_text("a: 2\n")  # same size; the mtime is put back: only the content differs
    os.utime(data, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert get(data, load) == Parsed("a: 2\n")
    assert load.calls == 2
    assert len(copies(data)) == 1


def test_a_changed_source_is_parsed_again(setup: tuple[pathlib.Path, Loader]) -> None:
    data, load = setup
    get(data, load)
    (cache.PACKAGE / "reader.py").write_text("# the code changed, and so may its result\n")
    get(data, load)
    assert load.calls == 2


@pytest.mark.parametrize(
    "damage",
    [
        lambda b: b[: len(b) // 2],  # truncated
        lambda b: b[:-1] + bytes([b[-1] ^ 1]),  # one bit of the pickle flipped
        lambda b: b.replace(b"a: 1", b"a: 9"),  # still a pickle of the right kind, but wrong
        lambda b: b"",
        lambda b: b"\0" * len(b),
    ],
)
def test_a_damaged_copy_is_parsed_again_and_rewritten(
    setup: tuple[pathlib.Path, Loader], damage: object
) -> None:
    data, load = setup
    get(data, load)
    (copy,) = copies(data)
    good = copy.read_bytes()
    copy.write_bytes(damage(good))  # type: ignore[operator]
    assert get(data, load) == Parsed("a: 1\n")
    assert load.calls == 2
    assert copy.read_bytes() == good


def test_a_copy_of_another_kind_is_ignored(setup: tuple[pathlib.Path, Loader]) -> None:
    data, load = setup
    get(data, load)
    (copy,) = copies(data)
    other = pickle.dumps({"not": "parsed"})
    copy.write_bytes(cache._checksum(other) + other)  # a sound copy, of the wrong thing
    assert get(data, load) == Parsed("a: 1\n")
    assert load.calls == 2


def test_no_copy_without_bytecode_or_sources_or_a_writable_folder(
    setup: tuple[pathlib.Path, Loader], monkeypatch: pytest.MonkeyPatch
) -> None:
    data, load = setup
    assert cache.cached(data, load, Parsed, ("nothing/*.py",)) == Parsed("a: 1\n")
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    get(data, load)
    assert copies(data) == []
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    (data.parent / "__pycache__").write_text("a file where the folder would be")
    assert get(data, load) == Parsed("a: 1\n")
    assert load.calls == 3


def test_a_missing_data_file_is_the_loader_s_error(setup: tuple[pathlib.Path, Loader]) -> None:
    data, load = setup
    data.unlink()
    with pytest.raises(FileNotFoundError):
        get(data, load)


def reads_back(
    file: pathlib.Path, sources: tuple[str, ...], kind: type[T], parse: Callable[[], T]
) -> None:
    """A second call returns what the file parses to, without parsing it."""
    fresh = parse()
    cache.cached(file, parse, kind, sources)  # writes the copy if it is not there
    calls: list[int] = []

    def counted() -> T:
        calls.append(1)
        return parse()

    assert cache.cached(file, counted, kind, sources) == fresh
    assert calls == []


def test_both_packs_read_their_shipped_data_back_unchanged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from eote_ref.packs.avle import data as avle
    from eote_ref.packs.avle.model import AvleRules
    from eote_ref.packs.eote.rules.ruleset import Ruleset
    from eote_ref.packs.eote.rulesets import loader as eote
    from eote_ref.yamlio.loader import load_file

    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    reads_back(avle.DEFAULT_DATA, avle.SOURCES, AvleRules, lambda: avle.load(avle.DEFAULT_DATA))
    reads_back(
        eote.DEFAULT_RULESET,
        eote.SOURCES,
        Ruleset,
        lambda: eote._load(load_file(eote.DEFAULT_RULESET)),
    )
