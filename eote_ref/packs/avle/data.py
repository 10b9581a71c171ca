"""Load and check ``avle-1.2.yaml`` through the project's one safe YAML loader.

The typed parse refuses unknown keys and wrong types; the checks here refuse what would make
a procedure fail: a missing modifier or die, a table of the wrong shape (each built as its
shared kind and checked by that kind's own check), an option default outside its choices.
Every problem names its file, line, column and key path.
"""

from __future__ import annotations

import functools
import pathlib
from collections.abc import Iterator

from eote_ref.packs.avle.model import REQUIRED, AvleData, AvleRules
from eote_ref.packs.tables import TableProblem
from eote_ref.yamlio.document import Document
from eote_ref.yamlio.loader import load_file
from eote_ref.yamlio.problems import Path, Problem, raise_if
from eote_ref.yamlio.typed import parse

DEFAULT_DATA = pathlib.Path(__file__).with_name("avle-1.2.yaml")
#: The sources the loaded data depends on besides its file (its parsed copy's key).
SOURCES = ("packs/*.py", "packs/avle/*.py", "yamlio/*.py")


@functools.cache
def load_default() -> AvleRules:
    """The shipped AVlE 1.2 data (loaded and checked once per process).

    The checked result is kept beside the bytecode (:mod:`eote_ref.yamlio.cache`), so a new
    process reads it back instead of parsing the YAML file again.
    """
    from eote_ref.yamlio.cache import cached

    return cached(DEFAULT_DATA, lambda: load(DEFAULT_DATA), AvleRules, SOURCES)


def load(path: str | pathlib.Path) -> AvleRules:
    """Load and check an AVlE data file; YamlError lists every problem."""
    doc = load_file(path)
    data = parse(AvleData, doc)
    rules = AvleRules(data)
    raise_if(_check(rules, doc))
    return rules


def _at(doc: Document, base: Path, problems: list[TableProblem]) -> Iterator[Problem]:
    for sub, message in problems:
        path = (*base, *sub)
        yield Problem(doc.mark(path), path, message)


def _check(rules: AvleRules, doc: Document) -> Iterator[Problem]:
    data = rules.data
    for section, keys in REQUIRED.items():
        have = set(getattr(data, section))
        for key in sorted(keys - have):
            yield Problem(doc.mark((section,)), (section,), f"missing entry '{key}'")
    for name, d in data.dice.items():
        if (d.sides is None) == (d.faces is None):
            yield Problem(doc.mark(("dice", name)), ("dice", name), "give sides or faces, not both")
    for name, u in data.units.items():
        for key, row in (("fire", u.fire), ("moving_fire", u.moving_fire)):
            if row is not None and not 1 <= len(row) <= 5:
                where: Path = ("units", name, key)
                yield Problem(doc.mark(where), where, "give a value for 1 to 5 ranges")
    bad_cells = [
        ("combat_effect", "columns", i, j)
        for i, col in enumerate(data.combat_effect.columns)
        for j, cell in enumerate(col)
        if len(cell) != 2 or min(cell) < 0
    ]
    for cell_path in bad_cells:
        yield Problem(doc.mark(cell_path), cell_path, "a cell is [losses, retreat], both 0 or more")
    if not bad_cells:
        yield from _at(doc, ("combat_effect", "columns"), rules.combat_effect().check())
    yield from _at(doc, ("general_kill", "rows"), rules.general_kill().check())
    yield from _at(doc, ("units",), rules.fire_values().check())
    for name in data.bands:
        yield from _at(doc, ("bands", name, "bands"), rules.bands(name).check())
    for card in sorted(set(data.cards.names) - set(data.cards.deck)):
        names_path: Path = ("cards", "names", card)
        yield Problem(doc.mark(names_path), names_path, f"'{card}' is not a card of the deck")
    for name, o in data.options.items():
        if not any(o.default == c and type(o.default) is type(c) for c in o.choices):
            opt_path: Path = ("options", name, "default")
            yield Problem(doc.mark(opt_path), opt_path, f"default {o.default!r} is not a choice")
