"""Print as Markdown each module's pack, whether it names a pack, and each pack's lines.

The output is kept in docs/PACKS.md (issue 26).

Run with ``.venv/bin/python scripts/pack_lines.py`` (``--summary``: the totals and packages
only; ``--root DIR``: another package directory, for the tests). Standard library only.

**Which pack a module is** goes by its path, as the import contracts in ``pyproject.toml``
do: EotE's modules are ``packs/eote/`` (its procedures, ruleset data, checks, sheets, widgets,
calculator, declaration, markers and turn); AVlE's are ``packs/avle/``, VlE's ``packs/vle/``;
every other module is shared.

**A module names a pack** when its code (docstrings and comments aside) does one of these:

- ``imports EotE`` / ``imports AVlE``: an ``import`` or ``from ... import`` anywhere in the
  module (inside a function or under ``TYPE_CHECKING`` too; relative imports resolved) of one
  of that pack's modules, or a string that is such a module's dotted path (an import by
  module path, as the registry's);
- ``by id``: a string holding the word ``eote`` or ``avle`` (a pack id such as ``"avle"``, a
  ruleset name such as ``"eote-6.2"``, a data file ``eote-6.2.yaml``; the app's name
  ``eote-ref`` and its package ``eote_ref`` are not such words), or an identifier with
  ``eote`` or ``avle`` as one of its ``_``-separated parts (``AVLE_PACK``, ``load_eote``).

A pack's own modules name their pack by definition. What this does not catch: a shared
module using a pack's vocabulary without importing it (a column called ``ce``), or reaching a
pack only through another shared module (indirect imports are the contracts' business).

**Lines of code** are the lines holding code: blank lines, comment-only lines and the lines
of docstrings (module, class and function) are not counted; a line inside a string of
several lines is code. The data files' lines (``*.yaml`` in the packs, without blank and
comment lines) are given apart.
"""

from __future__ import annotations

import argparse
import ast
import pathlib
import re
import sys
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

ROOT = pathlib.Path(__file__).resolve().parents[1] / "eote_ref"

#: Each pack's modules, as dotted names under the package (a module or a whole subpackage).
PACKS: dict[str, tuple[str, ...]] = {
    "EotE": ("packs.eote",),
    "AVlE": ("packs.avle",),
    "VlE": ("packs.vle",),
}
SHARED = "shared"
#: A pack's word in a string: not the app's name ``eote-ref`` (nor the package ``eote_ref``).
WORD = re.compile(r"\b(eote|avle|vle)\b(?![-_]ref\b)", re.IGNORECASE)
PACK_OF_WORD = {"eote": "EotE", "avle": "AVlE", "vle": "VlE"}


@dataclass(frozen=True)
class Module:
    """One module: its dotted name (without the package's), its pack, what it names, lines."""

    name: str
    pack: str
    names: tuple[str, ...]
    lines: int
    is_package: bool = False


def under(name: str, prefixes: tuple[str, ...]) -> bool:
    """Whether ``name`` is one of ``prefixes`` or inside one of them."""
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def pack_of(name: str) -> str:
    """The pack a module (dotted, without the package's name) belongs to."""
    for pack, prefixes in PACKS.items():
        if under(name, prefixes):
            return pack
    return SHARED


def module_name(path: pathlib.Path, root: pathlib.Path) -> str:
    """A file's dotted module name under ``root`` (``__init__`` for the package itself)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts) or "__init__"


def _docstrings(nodes: list[ast.AST]) -> list[ast.Expr]:
    """The docstring statements (module, class, function) among ``nodes``."""
    out = []
    for node in nodes:
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                out.append(body[0])
    return out


def lines_of_code(source: str, nodes: list[ast.AST]) -> int:
    """Lines with code: neither blank, nor a comment alone, nor in a docstring.

    A line inside a string of several lines (not a docstring) is code even when it starts
    with ``#``; the ranges come from the syntax tree (the pure-Python tokenizer of 3.11 would
    take seconds over the package).
    """
    docs: set[int] = set()
    for doc in _docstrings(nodes):
        docs.update(range(doc.lineno, (doc.end_lineno or doc.lineno) + 1))
    in_strings: set[int] = set()
    for node in nodes:
        if isinstance(node, ast.Constant | ast.JoinedStr) and node.end_lineno != node.lineno:
            in_strings.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    count = 0
    for number, line in enumerate(source.splitlines(), start=1):
        if number in docs:
            continue
        text = line.strip()
        if number in in_strings or (text and not text.startswith("#")):
            count += 1
    return count


def _imported(nodes: list[ast.AST], package: str, own: str, is_package: bool) -> Iterator[str]:
    """Every module name an import statement names (dotted, without the package's name)."""
    here = own.split(".") if own != "__init__" else []
    base = here if is_package else here[:-1]
    for node in nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parent = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                prefix = ".".join([package, *parent])
                mod = f"{prefix}.{node.module}" if node.module else prefix
            else:
                mod = node.module or ""
            yield mod
            for alias in node.names:
                yield f"{mod}.{alias.name}"


def _strings_and_identifiers(nodes: list[ast.AST]) -> Iterator[tuple[str, str]]:
    docstrings = {id(doc.value) for doc in _docstrings(nodes)}
    for node in nodes:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                yield "string", node.value
        elif isinstance(node, ast.Name):
            yield "identifier", node.id
        elif isinstance(node, ast.Attribute):
            yield "identifier", node.attr
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield "identifier", node.name
        elif isinstance(node, ast.arg):
            yield "identifier", node.arg
        elif isinstance(node, ast.alias):
            yield "identifier", (node.asname or node.name).rsplit(".", 1)[-1]


def names_of(nodes: list[ast.AST], package: str, own: str, is_package: bool) -> tuple[str, ...]:
    """How a module's code names a pack: ``imports EotE``, ``imports AVlE``, ``by id``."""
    found: set[str] = set()
    prefix = package + "."
    for mod in _imported(nodes, package, own, is_package):
        if mod.startswith(prefix):
            pack = pack_of(mod[len(prefix) :])
            if pack != SHARED:
                found.add(f"imports {pack}")
    for kind, text in _strings_and_identifiers(nodes):
        if kind == "string" and text.startswith(prefix) and re.fullmatch(r"[\w.]+", text):
            pack = pack_of(text[len(prefix) :])
            if pack != SHARED:
                found.add(f"imports {pack}")
                continue
        if kind == "string":
            words = WORD.findall(text)
        else:
            parts = text.lower().replace("eote_ref", "").split("_")
            words = [part for part in parts if part in PACK_OF_WORD]
        if words:
            found.add("by id")
    order = ("imports EotE", "imports AVlE", "by id")
    return tuple(n for n in order if n in found)


def scan(root: pathlib.Path) -> list[Module]:
    """Every module under ``root`` (a package directory), sorted by name."""
    package = root.name
    out = []
    for path in sorted(root.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        source = path.read_text(encoding="utf-8")
        nodes = list(ast.walk(ast.parse(source, str(path))))
        name = module_name(path, root)
        pack = pack_of(name)
        names = names_of(nodes, package, name, path.name == "__init__.py")
        lines = lines_of_code(source, nodes)
        out.append(Module(name, pack, names, lines, path.name == "__init__.py"))
    return out


def data_lines(root: pathlib.Path) -> dict[str, int]:
    """Lines of each YAML data file in the package (blank and comment lines aside)."""
    out = {}
    for path in sorted(root.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8").splitlines()
        out[path.relative_to(root).as_posix()] = sum(
            1 for line in text if line.strip() and not line.lstrip().startswith("#")
        )
    return out


def verdict(m: Module) -> str:
    """The "names a pack" cell of a module."""
    if m.pack != SHARED:
        return f"its own ({m.pack})"
    return ", ".join(m.names) if m.names else "no"


def render(modules: list[Module], data: dict[str, int], package: str, full: bool) -> str:
    """The Markdown: totals by pack, data files, packages, then (``full``) every module."""
    out = ["| pack | modules | lines of code |", "|---|---:|---:|"]
    groups: dict[str, list[Module]] = defaultdict(list)
    for m in modules:
        if m.pack == SHARED:
            key = "shared, naming a pack" if m.names else "shared, naming none"
        else:
            key = m.pack
        groups[key].append(m)
    for key in ("EotE", "AVlE", "shared, naming a pack", "shared, naming none"):
        ms = groups.get(key, [])
        out.append(f"| {key} | {len(ms)} | {sum(m.lines for m in ms)} |")
    out.append(f"| all | {len(modules)} | {sum(m.lines for m in modules)} |")
    if data:
        out += ["", "| data file | lines |", "|---|---:|"]
        out += [f"| `{package}/{name}` | {n} |" for name, n in data.items()]
    out += [
        "",
        "| package | pack | modules | naming a pack | lines of code |",
        "|---|---|---:|---:|---:|",
    ]
    packages: dict[tuple[str, str], list[Module]] = defaultdict(list)
    for m in modules:
        if m.name == "__init__":
            pkg = ""
        elif m.is_package:
            pkg = m.name
        else:
            pkg = m.name.rpartition(".")[0]
        packages[(pkg, m.pack)].append(m)
    for (pkg, pack), ms in sorted(packages.items()):
        naming = sum(1 for m in ms if m.names) if pack == SHARED else len(ms)
        label = f"`{package}.{pkg}`" if pkg else f"`{package}`"
        out.append(f"| {label} | {pack} | {len(ms)} | {naming} | {sum(m.lines for m in ms)} |")
    if full:
        out += ["", "| module | pack | names a pack | lines of code |", "|---|---|---|---:|"]
        for m in modules:
            label = package if m.name == "__init__" else f"{package}.{m.name}"
            out.append(f"| `{label}` | {m.pack} | {verdict(m)} | {m.lines} |")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Print the tables for ``--root`` (eote_ref by default); 2 on a bad directory."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--root", type=pathlib.Path, default=ROOT, help="the package directory")
    parser.add_argument("--summary", action="store_true", help="totals and packages only")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    if not (root / "__init__.py").is_file():
        parser.error(f"{root} is not a package directory (no __init__.py)")
    text = render(scan(root), data_lines(root), root.name, full=not args.summary)
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
