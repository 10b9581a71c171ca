"""The toy pack is one folder: nothing outside ``tests/toy_pack/`` names it.

It reaches the shared code only through the pack boundary (docs/PACKS.md, "A new pack in one
folder").
"""

from __future__ import annotations

import ast
import pathlib
import re
import tomllib

import grimp
import pytest

from eote_ref.packs import registry
from eote_ref.referee.campaign import pack_battles
from eote_ref.referee.pack_lists import shipped_lists_of
from eote_ref.referee.pack_play import shipped_pack_lists
from tests.cli_runner import run_in_process
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
    "eote_ref.packs.questions",
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


# A shipped pack is its folder and its registry line: no import contract of its own is needed
# (docs/PACKS.md, "A new pack in one folder"); these tests hold every line of SHIPPED to it.

#: A shipped pack not yet held to "it imports only the boundary": EotE's folder still
#: imports the referee, the store and the UI (docs/PACKS.md, "Not yet done").
NOT_YET_BOUNDARY = {"eote"}


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    """The imports of the package, every ``import`` statement (in functions too)."""
    return grimp.build_graph("eote_ref", cache_dir=None)


def package_of(line: registry.Shipped) -> str:
    """A pack's folder as a package: its declaration module's parent."""
    return line.module.rpartition(".")[0]


def folder_of(graph: grimp.ImportGraph, package: str) -> set[str]:
    return {package} | graph.find_descendants(package)


def ratchet_importers(package: str) -> set[str]:
    """The shared modules a contract still lets import ``package`` (EotE's ratchet)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    out: set[str] = set()
    for contract in config["tool"]["importlinter"]["contracts"]:
        if package in contract.get("forbidden_modules", ()):
            out |= {i.split(" -> ")[0] for i in contract.get("ignore_imports", ())}
    return out


@pytest.mark.parametrize("line", registry.SHIPPED, ids=lambda line: line.id)
def test_no_module_outside_a_shipped_packs_folder_imports_it(
    graph: grimp.ImportGraph, line: registry.Shipped
) -> None:
    """Only the registry reaches a pack, by module path (no import).

    The lines a contract still lets through aside: EotE's ratchet, which only shrinks.
    """
    inside = folder_of(graph, package_of(line))
    importers = {
        (importer, module)
        for module in inside
        for importer in graph.find_modules_that_directly_import(module)
        if importer not in inside
    }
    allowed = {"eote_ref.packs.registry"} | ratchet_importers(package_of(line))
    assert sorted(i for i in importers if i[0] not in allowed) == []


@pytest.mark.parametrize(
    "line", [p for p in registry.SHIPPED if p.id not in NOT_YET_BOUNDARY], ids=lambda p: p.id
)
def test_a_shipped_pack_imports_only_the_pack_boundary_and_the_yaml_layer(
    graph: grimp.ImportGraph, line: registry.Shipped
) -> None:
    """As the toy's modules: the boundary, the YAML layer and the standard library."""
    inside = folder_of(graph, package_of(line))
    shared = {
        (module, imported)
        for module in inside
        for imported in graph.find_modules_directly_imported_by(module)
        if imported.startswith("eote_ref.") and imported not in inside
    }
    assert shared
    assert (
        sorted(
            (m, i) for m, i in shared if i not in BOUNDARY and not i.startswith("eote_ref.yamlio.")
        )
        == []
    )


def help_text(*argv: str) -> str:
    result = run_in_process(*argv, "--help")
    assert result.returncode == 0, result.stderr
    return " ".join(result.stdout.split())


@pytest.mark.usefixtures("toy_pack")
def test_the_commands_help_names_the_packs_the_registry_knows() -> None:
    """``game``, ``game new``, ``game battles`` and ``rule`` name the toy once registered."""
    assert "(eote, avle, vle, toy)" in help_text("game")
    assert "the pack (eote, avle, vle, toy)" in help_text("game", "new")
    battles = help_text("game", "battles")
    assert "the pack (eote, avle, vle, toy; default avle)" in battles
    assert "eote or avle or vle or toy (default eote;" in help_text("rule")


def test_the_commands_help_names_no_pack_unregistered() -> None:
    assert "toy" not in help_text("game", "new")
    assert "toy" not in help_text("rule")


def test_the_campaign_reading_follows_the_registry() -> None:
    """A pack taken out and registered again with another play is read anew, not cached."""
    registry.register(LINE)
    try:
        assert pack_battles.campaign_play(LINE.id) is None  # the toy's play has none
        assert not pack_battles.takes_campaigns(LINE.id)
    finally:
        registry.unregister(LINE.id)
    registry.register(LINE._replace(play="eote_ref.packs.avle.play"))  # one that has
    try:
        assert pack_battles.campaign_play(LINE.id) is not None
        assert pack_battles.takes_campaigns(LINE.id)
    finally:
        registry.unregister(LINE.id)
    registry.register(LINE._replace(play=None))  # run by a service of its own
    try:
        assert pack_battles.campaign_play(LINE.id) is None
        assert pack_battles.takes_campaigns(LINE.id)
    finally:
        registry.unregister(LINE.id)


def _pyproject() -> dict[str, object]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _matches(pattern: str, path: str) -> bool:
    """A package-data glob (``*``, ``**/``) matches ``path`` (both relative, with ``/``)."""
    regex = re.escape(pattern).replace(r"\*\*/", "(?:.*/)?").replace(r"\*", "[^/]*")
    return re.fullmatch(regex, path) is not None


@pytest.mark.parametrize("line", registry.SHIPPED, ids=lambda line: line.id)
def test_a_shipped_packs_data_and_lists_in_its_folder_are_package_data(
    line: registry.Shipped,
) -> None:
    """Its files that are not code, and any ``lists/*.yaml`` it may ship, with no line a pack."""
    config = _pyproject()["tool"]["setuptools"]["package-data"]["eote_ref"]  # type: ignore[index]
    folder = ROOT / pathlib.Path(*package_of(line).split("."))
    data = [
        p.relative_to(ROOT / "eote_ref").as_posix()
        for p in folder.rglob("*")
        if p.is_file() and p.suffix != ".py" and "__pycache__" not in p.parts
    ]
    assert data or line.id == "vle"  # VlE's tables are code
    below = folder.relative_to(ROOT / "eote_ref").as_posix()
    for path in [*data, f"{below}/lists/a-list.yaml", f"{below}/a-table.yaml"]:
        assert any(_matches(pattern, path) for pattern in config), path


def test_every_folder_of_the_shipped_lists_is_installed() -> None:
    """``army_lists/`` and each folder in it (scenarios, AVlE's, VlE's) have a data-files line."""
    installed = _pyproject()["tool"]["setuptools"]["data-files"]  # type: ignore[index]
    sources = {pattern for patterns in installed.values() for pattern in patterns}
    lists = ROOT / "army_lists"
    for folder in [lists, *(p for p in lists.iterdir() if p.is_dir())]:
        assert f"{folder.relative_to(ROOT).as_posix()}/*.yaml" in sources, folder


@pytest.mark.usefixtures("toy_pack")
def test_the_lists_in_a_packs_folder_are_its_shipped_lists() -> None:
    """The toy's ``lists/``, found through the registry: the new-game wizard offers them."""
    assert registry.lists_folder("toy") == FOLDER / "lists"
    assert [p.path.name for p in shipped_pack_lists("toy")] == ["blue.yaml", "red.yaml"]
    assert [s.path.name for s in shipped_lists_of("toy")] == ["blue.yaml", "red.yaml"]
    assert registry.lists_folder("avle") is None  # AVlE's are in army_lists/avle/
    assert len(shipped_pack_lists("avle")) == len(list((ROOT / "army_lists/avle").glob("*.yaml")))
