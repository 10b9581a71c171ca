"""The toy pack is one folder: nothing outside ``tests/toy_pack/`` names it.

It reaches the shared code only through the pack boundary (docs/PACKS.md, "A new pack in one
folder").
"""

from __future__ import annotations

import ast
import pathlib

import pytest

from eote_ref.packs import registry
from tests.toy_pack import LINE

FOLDER = pathlib.Path(__file__).resolve().parent
ROOT = FOLDER.parents[1]
#: What names the toy pack: its id's module path, its ruleset, its title.
NAMES = ("toy_pack", "toy-1", "Toy Skirmish")
#: The shared modules a pack may import: the boundary, the printed sheets' pieces, the
#: YAML layer its army-list schema is checked by.
BOUNDARY = {
    "eote_ref.packs.declaration",
    "eote_ref.packs.play",
    "eote_ref.packs.tables",
    "eote_ref.packs.outcome",
    "eote_ref.packs.dice",
    "eote_ref.packs.registry",
    "eote_ref.packs.printed",
}


def _sources() -> list[pathlib.Path]:
    out = []
    for top in ("eote_ref", "tests", "army_lists", "scenarios", "scripts"):
        folder = ROOT / top
        if folder.is_dir():
            out += [p for p in folder.rglob("*") if p.suffix in {".py", ".yaml", ".toml"}]
    return [*out, ROOT / "pyproject.toml"]


def test_nothing_outside_its_folder_names_the_toy_pack() -> None:
    """Not the package, not the shipped lists, not another test, not the build: its folder.

    (The docs name it as the example of the recipe.)
    """
    outside = [
        str(p.relative_to(ROOT))
        for p in _sources()
        if p.is_file()
        and FOLDER not in p.parents
        and any(n in p.read_text("utf-8", errors="replace") for n in NAMES)
    ]
    assert outside == []


def test_the_toy_pack_imports_only_the_pack_boundary_and_the_yaml_layer() -> None:
    """Its modules (not its tests, which drive the app as an umpire would) reach no other."""
    for name in ("__init__.py", "pack.py", "play.py", "armylist.py"):
        tree = ast.parse((FOLDER / name).read_text("utf-8"))
        used = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        used |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        shared = {m for m in used if m.startswith("eote_ref")}
        assert shared, name
        assert {
            m for m in shared if m not in BOUNDARY and not m.startswith("eote_ref.yamlio.")
        } == set(), name


def test_the_shipped_registry_does_not_list_it_and_one_line_adds_it() -> None:
    assert all(p.id != LINE.id for p in registry.SHIPPED)
    assert LINE.id not in registry.pack_ids()
    registry.register(LINE)
    try:
        assert LINE.id in registry.pack_ids()
        assert registry.pack_for("toy-1") == "toy"
        assert registry.get_pack("toy").title == LINE.title
        assert registry.get_play("toy") is not None
    finally:
        registry.unregister(LINE.id)
    assert registry.pack_of_ruleset("toy-1") is None


def test_a_pack_id_or_ruleset_taken_is_refused_and_a_shipped_pack_stays() -> None:
    with pytest.raises(registry.UnknownRuleset, match="already known"):
        registry.register(LINE._replace(id="vle"))
    with pytest.raises(registry.UnknownRuleset, match="already pack avle's"):
        registry.register(LINE._replace(ruleset="avle-1.2"))
    assert "toy" not in registry.PACKS  # nothing half-added
    with pytest.raises(KeyError, match="shipped"):
        registry.unregister("eote")
    with pytest.raises(KeyError, match="unknown pack"):
        registry.unregister("toy")
